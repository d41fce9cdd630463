"""Replay: a hand rebuilt from its set-up and its recorded events, the one way every part does it.

The store resumes an open hand, the live table rebuilds after a restart, and the floor steps
through a disputed hand; each replays events into a :class:`~.hand.Hand` here. A recorded event
that the rules no longer accept raises :class:`ReplayStepError`, naming the event's position and
the engine's own refusal, so the caller can say which stored row broke (its table and seq).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dealer_console.engine.errors import EngineError
from dealer_console.engine.events import Event, Voided
from dealer_console.engine.hand import Hand, HandSetup

__all__ = ["ReplayStepError", "in_force_positions", "replay", "replay_into"]


class ReplayStepError(EngineError):
    """A recorded event that the rules refuse at its place in the replay.

    ``index`` is the event's position in the sequence replayed (counting from the ``start`` given
    to :func:`replay_into`), ``event`` the record and ``cause`` the engine's refusal.
    """

    def __init__(self, index: int, event: Event, cause: Exception) -> None:
        super().__init__(f"event #{index} ({event.kind}) does not replay: {cause}")
        self.index = index
        self.event = event
        self.cause = cause


def replay_into(hand: Hand, events: Iterable[Event], *, start: int = 0) -> Hand:
    """Apply ``events`` to ``hand`` in order and return it; raise :class:`ReplayStepError` at the first refused.

    The events before the refused one stay applied: ``hand`` is the state just before it.
    """
    for index, event in enumerate(events, start):
        try:
            hand.apply(event)
        except (EngineError, ValueError, TypeError, KeyError) as cause:
            # ValueError/TypeError/KeyError: a stored record whose fields no longer fit the rules' types
            raise ReplayStepError(index, event, cause) from cause
    return hand


def replay(setup: HandSetup, events: Iterable[Event]) -> Hand:
    """The hand rebuilt from ``setup`` and every recorded event, voids included."""
    return replay_into(Hand(setup), events)


def in_force_positions(events: Sequence[Event]) -> list[int]:
    """Positions of the events still in force: each :class:`~.events.Voided` takes back the latest one.

    The positions are those of ``events``; a void with nothing left to take back takes nothing
    (the engine refuses to record one, so only a damaged log has it).
    """
    in_force: list[int] = []
    for position, event in enumerate(events):
        if isinstance(event, Voided):
            if in_force:
                in_force.pop()
        else:
            in_force.append(position)
    return in_force
