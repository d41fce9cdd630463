"""A table: seats and buy-ins, the button and the blinds owed, the game schedule and the standing
agreements, hand after hand.

A :class:`Table` keeps an append-only list of frozen records (:mod:`.table_events`) and derives
its state from them, as a :class:`~.hand.Hand` does. Each verb checks and appends one record
(``verify(event)`` raises :class:`~.errors.IllegalActionError` with a sentence a dealer can read,
``can(event)`` answers yes or no). Between hands, :meth:`Table.next_hand` says what the next hand
is: the game and stakes, the button, who posts what, who is dealt in and who waits, and why;
:meth:`Table.start_hand` deals it (a :class:`~.hand.Hand` with the posts made) and
:meth:`Table.finish_hand` takes its result and moves the button. The configuration is in
:mod:`.table_config`, the planning of the next hand (and the seat and audit values) in :mod:`.table_plan`;
the rules are written out, with their sources, in ``docs/table.md``.

Seats are numbered 1 to ``seat_count`` clockwise, so the seat left of seat ``n`` is ``n + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from dealer_console.engine.errors import EngineError, IllegalActionError
from dealer_console.engine.events import BlindKind, BlindPosted, MisdealDeclared
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.table_config import ButtonMode, TableConfig
from dealer_console.engine.table_events import (
    ActionClockCalled,
    ActionClockExpired,
    AgreementsChanged,
    ButtonPlaced,
    ChipsAdded,
    ChipsCashedOut,
    ChoicesChanged,
    DealerPushed,
    HandFinished,
    HandMisdealt,
    HandPlan,
    HandStarted,
    MississippiAuthorization,
    PlayerCameBack,
    PlayerChoices,
    PlayerLeft,
    PlayerSatOut,
    PlayerSeated,
    SeatChanged,
    TableAgreements,
    TableClosed,
    TableEvent,
)
from dealer_console.engine.table_plan import SeatRecord, SeatView, TableChipAudit, apply_standing_choices, plan_next_hand

__all__ = ["Table", "TableChipAudit", "apply_standing_choices"]


class Table:
    """A table's records and the state derived from them."""

    def __init__(self, config: TableConfig | None = None, events: Iterable[TableEvent] = ()) -> None:
        self.config = config if config is not None else TableConfig()
        self._events: list[TableEvent] = []
        self._seats: dict[int, SeatRecord] = {}
        self._agreements = self.config.agreements
        self._placed_button: int | None = None
        self._last: HandPlan | None = None
        self._in_progress: HandPlan | None = None
        self._hands_started = 0
        self._hands_finished = 0
        self._seatings = 0
        self._buy_ins = 0
        self._cash_outs = 0
        self._rake = 0
        self._jackpot = 0
        self._add_ons = 0
        self._session_hands = 0
        self._pending: dict[int, int] = {}
        self._plan_cache: tuple[int, HandPlan] | None = None
        self._dealer = ""
        self._down_started = 0
        self._time_bank_used: dict[str, int] = {}
        for event in events:
            self.apply(event)

    # ------------------------------------------------------------------ queries

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """Every record, in order."""
        return tuple(self._events)

    @property
    def seats(self) -> dict[int, SeatView]:
        """Seated players by seat number."""
        return {seat: self._seats[seat].view() for seat in sorted(self._seats)}

    def seat(self, seat: int) -> SeatView | None:
        """The player in ``seat``, or ``None`` if it is empty."""
        found = self._seats.get(seat)
        return None if found is None else found.view()

    @property
    def agreements(self) -> TableAgreements:
        """The standing agreements that the next hand will record."""
        return self._agreements

    @property
    def seated_count(self) -> int:
        """Players holding a seat (sitting out included)."""
        return len(self._seats)

    @property
    def player_limit(self) -> int:
        """The most players seated at once: every scheduled game's limit (omaha-club-rules.txt: two to
        eight at Omaha, a ninth with the manager's authorization; double board seven), deck permitting."""
        authorized = self._agreements.extra_player_authorized_by is not None
        return min(min(entry.player_limit(extra_player_authorized=authorized) for entry in self.config.schedule.games), self.config.seat_count)

    @property
    def hand_in_progress(self) -> HandPlan | None:
        """The plan of the hand being played, if any."""
        return self._in_progress

    @property
    def last_hand(self) -> HandPlan | None:
        """The plan of the last finished hand."""
        return self._last

    @property
    def hands_finished(self) -> int:
        """Hands played to the end (misdeals not counted)."""
        return self._hands_finished

    @property
    def dealer_on_duty(self) -> str:
        """The dealer of the last push (``""``: no push recorded yet)."""
        return self._dealer

    @property
    def down_hands(self) -> int:
        """Hands finished since the last push (the dealer on duty's down so far)."""
        return self._hands_finished - self._down_started

    def time_bank_used(self, player: str) -> int:
        """Seconds of ``player``'s time bank used tonight (SPEC: action clock)."""
        return self._time_bank_used.get(player, 0)

    def chip_audit(self) -> TableChipAudit:
        """Buy-ins and add-ons against stacks, chips bought for the next hand, cash-outs, rake and jackpot drop, since the
        table opened or last closed (during a hand the stacks are those the hand started with)."""
        return TableChipAudit(self._buy_ins, self._cash_outs, sum(s.stack for s in self._seats.values()), self._rake, self._jackpot,
                              add_ons=self._add_ons, pending=sum(self._pending.values()), hands=self._session_hands)

    def pending_chips(self, seat: int) -> int:
        """Chips ``seat`` bought during the hand in progress: they play from the next hand."""
        return self._pending.get(seat, 0)

    # ------------------------------------------------------------------ verify / can / apply

    def can(self, event: TableEvent) -> bool:
        """True if :meth:`apply` would accept ``event`` now."""
        try:
            self.verify(event)
        except EngineError:
            return False
        return True

    def verify(self, event: TableEvent) -> None:
        """Raise if ``event`` is not allowed now; change nothing."""
        handler = _VERIFIERS.get(type(event))
        if handler is None:
            raise IllegalActionError(f"unknown table record {type(event).__name__}")
        handler(self, event)

    def apply(self, event: TableEvent) -> TableEvent:
        """Check ``event``, append it and update the state; return it."""
        self.verify(event)
        self._events.append(event)
        _APPLIERS[type(event)](self, event)
        return event

    # ------------------------------------------------------------------ verbs

    def sit_down(
        self, *, seat: int, player: str, buy_in: int, wait_for_big_blind: bool = True, always_run_once: bool = False
    ) -> TableEvent:
        """Seat a player with a buy-in; they wait for the big blind or post one to play at once."""
        choices = PlayerChoices(wait_for_big_blind=wait_for_big_blind, always_run_once=always_run_once)
        return self.apply(PlayerSeated(seat=seat, player=player, buy_in=buy_in, choices=choices))

    def add_on(self, *, seat: int, amount: int) -> TableEvent:
        """Add chips (a rebuy when the stack is empty); bought during a hand by a player in it, they play from the next."""
        return self.apply(ChipsAdded(seat=seat, amount=amount))

    def change_seat(self, *, seat: int, to_seat: int) -> TableEvent:
        """Move the player in ``seat`` to the empty ``to_seat`` between hands (docs/table.md, Seat changes)."""
        return self.apply(SeatChanged(seat=seat, to_seat=to_seat))

    def close(self, *, by: str) -> TableEvent:
        """Close the session once everyone has left: the session's chip audit goes on record and starts again."""
        audit = self.chip_audit()
        return self.apply(TableClosed(by=by, buy_ins=audit.buy_ins, add_ons=audit.add_ons, cash_outs=audit.cash_outs,
                                      rake=audit.rake, jackpot=audit.jackpot, hands=audit.hands))

    def cash_out(self, *, seat: int, amount: int) -> TableEvent:
        """Take chips off the table and stay (only where the house allows it)."""
        return self.apply(ChipsCashedOut(seat=seat, amount=amount))

    def sit_out(self, *, seat: int) -> TableEvent:
        """Sit out from the next hand on."""
        return self.apply(PlayerSatOut(seat=seat))

    def come_back(self, *, seat: int) -> TableEvent:
        """Come back from sitting out (blinds missed are posted or waited for)."""
        return self.apply(PlayerCameBack(seat=seat))

    def leave(self, *, seat: int) -> TableEvent:
        """Leave the table with the whole stack."""
        found = self._seats.get(seat)
        return self.apply(PlayerLeft(seat=seat, cashed_out=found.stack if found is not None else 0))

    def set_choices(self, *, seat: int, wait_for_big_blind: bool | None = None, always_run_once: bool | None = None) -> TableEvent:
        """Change a player's standing choices from the next hand on."""
        found = self._seats.get(seat)
        current = found.choices if found is not None else PlayerChoices()
        choices = PlayerChoices(
            wait_for_big_blind=current.wait_for_big_blind if wait_for_big_blind is None else wait_for_big_blind,
            always_run_once=current.always_run_once if always_run_once is None else always_run_once,
        )
        return self.apply(ChoicesChanged(seat=seat, choices=choices))

    def change_agreements(self, *, agreements: TableAgreements, by: str = "") -> TableEvent:
        """Record new standing agreements (straddles, Mississippi authorization, extra boards)."""
        return self.apply(AgreementsChanged(agreements=agreements, by=by))

    def authorize_mississippi(self, *, manager: str, at: datetime) -> TableEvent:
        """Record a manager's authorization of Mississippi straddles at this table, and when it was given."""
        authorization = MississippiAuthorization(manager=manager, at=at)
        return self.change_agreements(agreements=replace(self._agreements, mississippi=authorization), by=manager)

    def place_button(self, *, seat: int) -> TableEvent:
        """Put the button on ``seat`` before the first hand (the draw for the button)."""
        return self.apply(ButtonPlaced(seat=seat))

    def next_hand(self) -> HandPlan:
        """The plan of the next hand: game, button, blinds and posts, who is dealt in and who waits."""
        if self._in_progress is not None:
            raise IllegalActionError(f"Hand {self._in_progress.number} is in progress; the next hand is planned when it is over")
        # the state only changes by appending records, so a plan stands until the next record
        if self._plan_cache is None or self._plan_cache[0] != len(self._events):
            plan = plan_next_hand(
                self.config,
                self.seats,
                last=self._last,
                placed_button=self._placed_button,
                agreements=self._agreements,
                number=self._hands_started + 1,
            )
            self._plan_cache = (len(self._events), plan)
        return self._plan_cache[1]

    def start_hand(self) -> Hand:
        """Deal the next hand to plan: a :class:`Hand` with every blind and post already made."""
        plan = self.next_hand()
        self.apply(HandStarted(plan=plan))
        hand = Hand(plan.setup)
        for post in plan.posts:
            hand.post_blind(post.seat, post.amount, post.blind)
        return hand

    def finish_hand(self, hand: Hand) -> TableEvent:
        """Take the result of the hand in progress (or its misdeal) and move the button."""
        plan = self._in_progress
        if plan is None:
            raise IllegalActionError("No hand is in progress")
        if hand.setup != plan.setup:
            raise IllegalActionError(f"This is not hand {plan.number}, the hand in progress")
        if hand.phase is Phase.MISDEALT:
            reason = next((e.reason for e in hand.events_in_force if isinstance(e, MisdealDeclared)), "")
            return self.apply(HandMisdealt(plan=plan, reason=reason))
        result = hand.result
        if result is None:
            raise IllegalActionError(f"Hand {plan.number} is not over: it is at the {hand.phase.value} stage")
        posted = [(e.seat, e.blind, e.amount) for e in hand.events_in_force if isinstance(e, BlindPosted)]
        for post in plan.posts:
            if (post.seat, post.blind, post.amount) not in posted:
                raise IllegalActionError(f"Hand {plan.number}: seat {post.seat}'s {post.blind.value} of {post.amount} is missing")
        return self.apply(
            HandFinished(plan=plan, final_stacks=tuple(sorted(result.final_stacks.items())), rake=result.rake, jackpot=result.jackpot)
        )

    # ------------------------------------------------------------------ verifiers

    def _refuse(self, seat: int | None, verb: str, why: str) -> IllegalActionError:
        who = f"Seat {seat}" if seat is not None else "The table"
        return IllegalActionError(f"{who} cannot {verb}: {why}", seat=seat, action=verb)

    def _seated(self, seat: int, verb: str) -> SeatRecord:
        found = self._seats.get(seat)
        if found is None:
            raise self._refuse(seat, verb, "nobody sits there")
        return found

    def _between_hands(self, seat: int, verb: str) -> None:
        if self._in_progress is not None:
            raise self._refuse(seat, verb, "a hand is in progress")

    def _verify_seated(self, event: PlayerSeated) -> None:
        verb = "take a seat"
        if not 1 <= event.seat <= self.config.seat_count:
            raise self._refuse(event.seat, verb, f"the table has seats 1 to {self.config.seat_count}")
        if event.seat in self._seats:
            raise self._refuse(event.seat, verb, f"{self._seats[event.seat].player} sits there")
        if not event.player.strip():
            raise self._refuse(event.seat, verb, "the player needs a name")
        for other in self._seats.values():
            if other.player == event.player:
                raise self._refuse(event.seat, verb, f"{event.player} is already in seat {other.seat}")
        limit = self.player_limit
        if len(self._seats) >= limit:
            extra = "" if self._agreements.extra_player_authorized_by else "; one more only with the manager's authorization"
            raise self._refuse(event.seat, verb, f"the table is full at {limit} players (omaha-club-rules.txt{extra})")
        config = self.config
        if event.buy_in < config.min_buy_in or (config.max_buy_in is not None and event.buy_in > config.max_buy_in):
            raise self._refuse(event.seat, f"buy in for {event.buy_in}", f"the buy-in is {config.buy_in_range()}")

    def _verify_add_on(self, event: ChipsAdded) -> None:
        player = self._seated(event.seat, "add on")
        if event.amount <= 0:
            raise self._refuse(event.seat, f"add on {event.amount}", "the amount must be positive")
        total = player.stack + self._pending.get(event.seat, 0) + event.amount
        maximum = self.config.max_buy_in
        if maximum is not None and total > maximum:
            raise self._refuse(event.seat, f"add on {event.amount}", f"the stack would be {total}, over the maximum buy-in {maximum}")
        if total == event.amount and total < self.config.min_buy_in:
            raise self._refuse(event.seat, f"rebuy for {event.amount}", f"a rebuy is at least the minimum buy-in {self.config.min_buy_in}")

    def _verify_cash_out(self, event: ChipsCashedOut) -> None:
        player = self._seated(event.seat, "cash out")
        self._between_hands(event.seat, "cash out")
        if not self.config.partial_cash_out:
            raise self._refuse(event.seat, "cash out and stay", "chips stay on the table until the player leaves (no going south)")
        if not 0 < event.amount < player.stack:
            raise self._refuse(event.seat, f"cash out {event.amount}", f"they have {player.stack}; to take everything, leave the table")
        if player.stack - event.amount < self.config.min_buy_in:
            raise self._refuse(
                event.seat, f"cash out {event.amount}", f"a player who stays keeps at least the minimum buy-in {self.config.min_buy_in}"
            )

    def _verify_seat_change(self, event: SeatChanged) -> None:
        verb = f"move to seat {event.to_seat}"
        self._seated(event.seat, verb)
        self._between_hands(event.seat, verb)
        if not 1 <= event.to_seat <= self.config.seat_count:
            raise self._refuse(event.seat, verb, f"the table has seats 1 to {self.config.seat_count}")
        if event.to_seat in self._seats:
            reason = "they sit there already" if event.to_seat == event.seat else f"{self._seats[event.to_seat].player} sits there"
            raise self._refuse(event.seat, verb, reason)

    def _verify_closed(self, event: TableClosed) -> None:
        if self._in_progress is not None:
            raise self._refuse(None, "close", f"hand {self._in_progress.number} is in progress")
        if self._seats:
            raise self._refuse(None, "close", f"{len(self._seats)} players are still seated; each leaves with their chips first")
        audit = self.chip_audit()
        recorded = (event.buy_ins, event.add_ons, event.cash_outs, event.rake, event.jackpot, event.hands)
        if recorded != (audit.buy_ins, audit.add_ons, audit.cash_outs, audit.rake, audit.jackpot, audit.hands):
            raise self._refuse(None, "close", "the chip audit given is not the table's")
        if not event.by.strip():
            raise self._refuse(None, "close", "it needs the name of the floor manager who closes it")

    def _verify_sat_out(self, event: PlayerSatOut) -> None:
        if self._seated(event.seat, "sit out").sitting_out:
            raise self._refuse(event.seat, "sit out", "they are already sitting out")

    def _verify_came_back(self, event: PlayerCameBack) -> None:
        if not self._seated(event.seat, "come back").sitting_out:
            raise self._refuse(event.seat, "come back", "they are not sitting out")

    def _verify_left(self, event: PlayerLeft) -> None:
        player = self._seated(event.seat, "leave")
        if self._in_progress is not None and event.seat in self._in_progress.dealt_in:
            raise self._refuse(event.seat, "leave", f"they are in hand {self._in_progress.number}, which is in progress")
        if event.cashed_out != player.stack:
            raise self._refuse(event.seat, "leave", f"they leave with their whole stack, {player.stack}, not {event.cashed_out}")

    def _verify_choices(self, event: ChoicesChanged) -> None:
        self._seated(event.seat, "change their choices")

    def _verify_agreements(self, event: AgreementsChanged) -> None:
        mississippi = event.agreements.mississippi
        if mississippi is not None and not mississippi.manager.strip():
            raise self._refuse(None, "record a Mississippi authorization", "it needs the authorizing manager's name")

    def _verify_button(self, event: ButtonPlaced) -> None:
        if self._hands_started:
            raise self._refuse(None, "place the button", "the button is placed before the first hand; after that it moves by the rules")
        if not 1 <= event.seat <= self.config.seat_count:
            raise self._refuse(None, f"place the button on seat {event.seat}", f"the table has seats 1 to {self.config.seat_count}")

    def _verify_started(self, event: HandStarted) -> None:
        plan = self.next_hand()
        if event.plan != plan:
            raise self._refuse(None, f"start hand {event.plan.number}", "it does not match the table's plan for the next hand")

    def _verify_finished(self, event: HandFinished | HandMisdealt) -> None:
        plan = self._in_progress
        if plan is None or event.plan != plan:
            raise self._refuse(None, f"record hand {event.plan.number}", "it is not the hand in progress")
        if isinstance(event, HandMisdealt):
            return
        final = dict(event.final_stacks)
        if set(final) != set(plan.setup.stacks):
            raise self._refuse(None, f"record hand {plan.number}", "its final stacks are not those of the players dealt in")
        if any(stack < 0 for stack in final.values()) or event.rake < 0 or event.jackpot < 0:
            raise self._refuse(None, f"record hand {plan.number}", "a stack, the rake or the jackpot drop is negative")
        if sum(final.values()) + event.rake + event.jackpot != sum(plan.setup.stacks.values()):
            raise self._refuse(None, f"record hand {plan.number}", "its chips do not add up to the stacks it started with")

    # ------------------------------------------------------------------ appliers

    def _apply_seated(self, event: PlayerSeated) -> None:
        self._seatings += 1
        # Robert's Rules: in a newly started game every player is active; later arrivals are new players.
        new = self._hands_finished > 0 or self._in_progress is not None
        self._seats[event.seat] = SeatRecord(event.seat, event.player, self._seatings, event.buy_in, event.choices, new=new)
        self._buy_ins += event.buy_in

    def _apply_add_on(self, event: ChipsAdded) -> None:
        if self._in_progress is not None and event.seat in self._in_progress.dealt_in:
            # table stakes: chips bought during a hand play from the next one
            self._pending[event.seat] = self._pending.get(event.seat, 0) + event.amount
        else:
            self._seats[event.seat].stack += event.amount
        self._buy_ins += event.amount
        self._add_ons += event.amount

    def _apply_pending(self) -> None:
        for seat, amount in self._pending.items():
            self._seats[seat].stack += amount
        self._pending.clear()

    def _apply_seat_change(self, event: SeatChanged) -> None:
        player = self._seats.pop(event.seat)
        player.seat = event.to_seat
        self._seats[event.to_seat] = player
        last = self._last
        if last is not None and not player.new:
            # the big blind goes round from the seat after the last one; a move it reaches later skips a big blind
            count = self.config.seat_count

            def due(seat: int) -> int:
                return (seat - last.big_blind - 1) % count

            if due(event.to_seat) > due(event.seat):
                player.owes_big = True

    def _apply_closed(self, event: TableClosed) -> None:
        self._buy_ins = self._cash_outs = self._rake = self._jackpot = self._add_ons = self._session_hands = 0

    def _apply_cash_out(self, event: ChipsCashedOut) -> None:
        self._seats[event.seat].stack -= event.amount
        self._cash_outs += event.amount

    def _apply_sat_out(self, event: PlayerSatOut) -> None:
        self._seats[event.seat].sitting_out = True

    def _apply_came_back(self, event: PlayerCameBack) -> None:
        self._seats[event.seat].sitting_out = False

    def _apply_left(self, event: PlayerLeft) -> None:
        del self._seats[event.seat]
        self._cash_outs += event.cashed_out

    def _apply_choices(self, event: ChoicesChanged) -> None:
        self._seats[event.seat].choices = event.choices

    def _apply_agreements(self, event: AgreementsChanged) -> None:
        self._agreements = event.agreements

    def _apply_button(self, event: ButtonPlaced) -> None:
        self._placed_button = event.seat

    def _apply_started(self, event: HandStarted) -> None:
        self._in_progress = event.plan
        self._hands_started += 1

    def _apply_misdealt(self, event: HandMisdealt) -> None:
        self._in_progress = None
        self._apply_pending()

    def _apply_finished(self, event: HandFinished) -> None:
        plan = event.plan
        dead_button = self.config.button_mode is ButtonMode.DEAD
        for seat, seating in plan.passed:
            player = self._seats.get(seat)
            if player is not None and player.seating == seating:
                player.owes_big = player.owes_small = True
        if plan.fresh_start:
            for seat in plan.dealt_in:
                self._seats[seat].owes_big = self._seats[seat].owes_small = False
        for post in plan.posts:
            player = self._seats[post.seat]
            if post.blind is BlindKind.BIG:
                # taking the big blind settles every missed blind (Robert's Rules 10: "or wait for the big blind");
                # under the dead button the small blind follows it on the next hand, so that one is due now
                player.owes_big = False
                player.owes_small = dead_button
            elif post.blind is BlindKind.LIVE:
                player.owes_big = False
            else:
                player.owes_small = False
        for seat in plan.dealt_in:
            player = self._seats[seat]
            posted = sum(post.amount for post in plan.posts_of(seat))
            if posted and posted == plan.setup.stacks[seat] and seat != plan.big_blind:
                # all their chips went into what they owed: nothing more is owed
                player.owes_big = player.owes_small = False
            player.new = False
            player.stack = dict(event.final_stacks)[seat]
        self._rake += event.rake
        self._jackpot += event.jackpot
        self._last = plan
        self._in_progress = None
        self._hands_finished += 1
        self._session_hands += 1
        self._apply_pending()

    # ------------------------------------------------------------------ the dealer on duty, the action clock

    def _verify_push(self, event: DealerPushed) -> None:
        if self._in_progress is not None:
            raise self._refuse(None, "push the dealer", f"hand {self._in_progress.number} is in progress; the next dealer signs in"
                                                        " when it is over")
        if not event.dealer.strip():
            raise self._refuse(None, "push the dealer", "the incoming dealer has no name")
        if event.dealer == self._dealer:
            raise self._refuse(None, "push the dealer", f"{event.dealer} is already dealing")
        # before the first push the log names no dealer: the outgoing one is whoever opened the table
        if event.outgoing_hands != self.down_hands or (self._dealer and event.outgoing != self._dealer):
            raise self._refuse(None, "push the dealer", f"the dealer on duty is {self._dealer or 'nobody'} with {self.down_hands}"
                                                        f" hands, not {event.outgoing or 'nobody'} with {event.outgoing_hands}")

    def _verify_clock(self, event: ActionClockCalled | ActionClockExpired) -> None:
        plan = self._in_progress
        if plan is None or plan.number != event.hand_number:
            raise self._refuse(event.seat, "be put on the clock", f"hand {event.hand_number} is not the hand in progress")
        if event.seat not in plan.dealt_in:
            raise self._refuse(event.seat, "be put on the clock", "the seat is not dealt in")
        if isinstance(event, ActionClockCalled) and (event.seconds <= 0 or event.time_bank < 0):
            raise self._refuse(event.seat, "be put on the clock", "the clock needs some seconds and a time bank of 0 or more")
        if isinstance(event, ActionClockExpired) and (event.outcome not in ("fold", "check") or event.time_bank_used < 0):
            raise self._refuse(event.seat, "be timed out", "the outcome is a fold or a check, with the time bank used")

    def _apply_push(self, event: DealerPushed) -> None:
        self._dealer = event.dealer
        self._down_started = self._hands_finished

    def _apply_clock(self, event: ActionClockCalled | ActionClockExpired) -> None:
        if isinstance(event, ActionClockExpired) and event.time_bank_used:
            player = self._seats[event.seat].player
            self._time_bank_used[player] = self._time_bank_used.get(player, 0) + event.time_bank_used


_VERIFIERS: dict[type[TableEvent], Callable[[Table, Any], None]] = {
    PlayerSeated: Table._verify_seated, ChipsAdded: Table._verify_add_on, ChipsCashedOut: Table._verify_cash_out,
    PlayerSatOut: Table._verify_sat_out, PlayerCameBack: Table._verify_came_back, PlayerLeft: Table._verify_left,
    ChoicesChanged: Table._verify_choices, AgreementsChanged: Table._verify_agreements,
    ButtonPlaced: Table._verify_button, HandStarted: Table._verify_started, HandFinished: Table._verify_finished,
    HandMisdealt: Table._verify_finished, SeatChanged: Table._verify_seat_change, TableClosed: Table._verify_closed,
    DealerPushed: Table._verify_push, ActionClockCalled: Table._verify_clock, ActionClockExpired: Table._verify_clock,
}
_APPLIERS: dict[type[TableEvent], Callable[[Table, Any], None]] = {
    PlayerSeated: Table._apply_seated, ChipsAdded: Table._apply_add_on, ChipsCashedOut: Table._apply_cash_out,
    PlayerSatOut: Table._apply_sat_out, PlayerCameBack: Table._apply_came_back, PlayerLeft: Table._apply_left,
    ChoicesChanged: Table._apply_choices, AgreementsChanged: Table._apply_agreements, ButtonPlaced: Table._apply_button,
    HandStarted: Table._apply_started, HandFinished: Table._apply_finished, HandMisdealt: Table._apply_misdealt,
    SeatChanged: Table._apply_seat_change, TableClosed: Table._apply_closed, DealerPushed: Table._apply_push,
    ActionClockCalled: Table._apply_clock, ActionClockExpired: Table._apply_clock,
}
