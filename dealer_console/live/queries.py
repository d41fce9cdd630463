"""Who may do what now in a hand, beyond the betting: discards owed, the board due, runs, showdown, straddles.

Pure functions of the engine's :class:`~dealer_console.engine.hand.Hand` (``None``: no hand), for the session's
queries and the offers it makes.
"""

from __future__ import annotations

from dealer_console.engine.events import BlindKind, BlindPosted, RestraddleConsent, RunsChosen
from dealer_console.engine.hand import Hand, Phase
from dealer_console.live.card_requests import BoardTarget

__all__ = [
    "discarding_seat", "mississippi_seat", "next_board", "restraddle_answers", "restraddle_seat", "runs_choosers",
    "showdown_seats", "straddle_seat", "straddler_facing_big_blind",
]


def discarding_seat(hand: Hand | None) -> int | None:
    """The seat whose Oklahoma discard is asked for now: the player to act, else the first who still owes one."""
    if hand is None or hand.is_complete:
        return None
    legal = hand.legal_actions()
    if legal is not None:
        return legal.seat if legal.must_discard else None
    owed = hand.discards_owed()
    return owed[0] if owed and hand.phase is Phase.BOARD else None


def next_board(hand: Hand | None) -> BoardTarget | None:
    """The board cards the engine waits for now (none while a discard or an action is owed)."""
    if hand is None or hand.phase is not Phase.BOARD or hand.actor is not None or hand.discards_owed():
        return None
    for run in range(hand.planned_runs()):
        for board, cards in enumerate(hand.boards(run)):
            street = {0: 0, 3: 1, 4: 2}.get(len(cards))
            if street is None or (run == 0 and street != hand.street):
                continue
            return BoardTarget(run, board, street)
    return None


def runs_choosers(hand: Hand | None) -> tuple[int, ...]:
    """Contenders who may still choose how many runs to deal (while the window is open)."""
    if hand is None or not hand.runs_window_open():
        return ()
    answered = {event.seat for event in hand.events_in_force if isinstance(event, RunsChosen)}
    return tuple(seat for seat in hand.seats if seat not in answered and not hand.is_folded(seat) and hand.can_choose_runs(seat, 1))


def showdown_seats(hand: Hand | None) -> tuple[int, ...]:
    """Seats still to show or muck, in showdown order."""
    if hand is None or hand.phase is not Phase.SHOWDOWN:
        return ()
    return tuple(seat for seat in hand.showdown_order() if hand.needs_showdown_decision(seat))


def straddler_facing_big_blind(hand: Hand) -> int:
    """The seat after the big blind (the first seat when there is no big blind): who posts a straddle."""
    order = hand.seats
    return order[(order.index(hand.big_blind_seat) + 1) % len(order)] if hand.big_blind_seat in order else order[0]


def straddle_seat(hand: Hand | None) -> int | None:
    """The seat that may post a straddle now, or ``None``."""
    if hand is None or hand.phase is not Phase.POSTING or hand.big_blind_seat is None:
        return None
    seat = straddler_facing_big_blind(hand)
    amount = 2 * hand.game.stakes.big_blind
    return seat if hand.can(BlindPosted(seat=seat, amount=amount, blind=BlindKind.STRADDLE)) else None


def mississippi_seat(hand: Hand | None) -> int | None:
    """The button's seat if it may post a Mississippi straddle now, or ``None``."""
    if hand is None or hand.phase is not Phase.POSTING:
        return None
    seat = hand.seats[-1]
    amount = 2 * hand.game.stakes.big_blind
    return seat if hand.can(BlindPosted(seat=seat, amount=amount, blind=BlindKind.MISSISSIPPI)) else None


def restraddle_seat(hand: Hand | None) -> int | None:
    """The seat facing the straddle, who may ask for a re-straddle now, or ``None``."""
    if hand is None or hand.phase is not Phase.POSTING or not hand.setup.straddles_allowed:
        return None
    straddle = next((e for e in hand.events_in_force if isinstance(e, BlindPosted) and e.blind is BlindKind.STRADDLE), None)
    if straddle is None or any(isinstance(e, BlindPosted) and e.blind is BlindKind.RESTRADDLE for e in hand.events_in_force):
        return None
    order = hand.seats
    seat = order[(order.index(straddle.seat) + 1) % len(order)]
    if seat in (hand.small_blind_seat, hand.big_blind_seat) or hand.stacks[seat] < 4 * hand.game.stakes.big_blind:
        return None
    return seat


def restraddle_answers(hand: Hand | None) -> dict[int, bool | None]:
    """Every other player dealt in and their recorded answer to the re-straddle (``None``: not asked yet)."""
    asker = restraddle_seat(hand)
    if hand is None or asker is None:
        return {}
    answers: dict[int, bool | None] = {seat: None for seat in hand.seats if seat != asker}
    for event in hand.events_in_force:
        if isinstance(event, RestraddleConsent) and event.seat in answers:
            answers[event.seat] = event.agrees
    return answers
