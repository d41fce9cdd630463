"""The running table without a screen: an engine :class:`~dealer_console.engine.table.Table`, the hand
being played, and the dealer's commands (:mod:`dealer_console.live.commands`).

Every command is checked by the engine; a refused command changes nothing and is reported to the
notice listeners as a :class:`Notice` a dealer can read (the same sentence the engine raised). After
every accepted command the listeners of :meth:`TableSession.subscribe` are called with the session,
so a screen (or a test) re-reads the state it shows. Nothing here imports Qt.

Cards come from a deck the session holds for each hand (``deck_for_hand``: a shuffled deck by
default; tests give stacked decks). Dealing stays an explicit dealer step, as on the felt: the
dealer deals the hole cards, then each street when the engine asks for it.

At a real table (``hole_cards_seen`` False) the cards are dealt face down and the session's deck is
only a model of the physical one (:class:`~dealer_console.live.deck.PhysicalDeck`): the board and the
hands shown are what the camera reads (``board_cards``, ``shown_cards``) or what the dealer types. When
no camera gives a usable reading, the command is refused with :class:`CardsNeeded`, whose
:class:`CardRequest` goes to the ``subscribe_card_requests`` listeners (the screen opens its card entry).

With a recorder (:class:`~dealer_console.live.recording.TableRecorder`, made by the console's start-up,
:func:`dealer_console.live.console.recorded_session`) every command is write-ahead (SPEC: Records and
review; docs/store.md): the engine verifies the event, the store appends it durably, and only then
is it applied and the listeners told. A :class:`~dealer_console.store.errors.StoreError` becomes a
plain error notice and the event is neither applied nor shown. A camera's reading is recorded with its
pictures (:mod:`dealer_console.live.evidence`).

With a :class:`BackgroundRecorder` (:meth:`TableSession.record_in_background`) the commands run on
one worker thread, in the order given, so a slow disk or a distant database never stalls the
screen: the session is :attr:`~TableSession.busy` until the worker acknowledges the command, and
the listeners (and the notices) are handed back to the screen's thread through the recorder's
``deliver`` function only then. While busy the screen keeps showing the last acknowledged state
and must not read the session (the worker is changing it); the busy listeners say when to stop
and when to read again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from dealer_console.engine.cards import Card
from dealer_console.engine.errors import EngineError, IllegalActionError
from dealer_console.engine.events import (
    BetPlaced,
    BlindPosted,
    BoardDealt,
    Called,
    CardBurned,
    Checked,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    WentAllIn,
)
from dealer_console.engine.hand import Hand, LegalActions, Phase
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import apply_house_changes
from dealer_console.engine.table_events import (
    AgreementsChanged,
    HandPlan,
    HandStarted,
    MississippiAuthorization,
    TableAgreements,
    TableEvent,
)
from dealer_console.live import queries, seating
from dealer_console.live.background import BackgroundRecorder, CommandOutcome
from dealer_console.live.card_requests import BoardTarget, CameraCards, CardRequest, CardsNeeded
from dealer_console.live.commands import (
    AllIn,
    Bet,
    Call,
    CallClock,
    ChangeAgreements,
    ChangeHouseSettings,
    Check,
    ChooseRuns,
    Command,
    ConfirmClockOutcome,
    ConsentToRestraddle,
    DealBoard,
    DealHoleCards,
    DealNext,
    DeclareMisdeal,
    Discard,
    Fold,
    Muck,
    PostMississippi,
    PostRestraddle,
    PostStraddle,
    PushDealer,
    RaiseTo,
    Show,
    StartHand,
    Undo,
    Wager,
    typed_cards,
)
from dealer_console.live.dealer_duty import perform_duty
from dealer_console.live.dealing import Dealing
from dealer_console.live.deck import DeckSource, PhysicalDeck, shuffled_decks
from dealer_console.live.evidence import play_camera_event
from dealer_console.live.listeners import Listeners
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.recording import HandRecorder, TableRecorder
from dealer_console.live.views import BoardRow, SeatState, board_rows, cards_in_play, result_lines, seat_states
from dealer_console.store.errors import NotAuthorizedError, StoreError
from dealer_console.store.kinds import Source
from dealer_console.store.stored import StaffMember

__all__ = ["TableSession"]


class TableSession(Dealing):
    """A table in play: the engine's table, the current hand, the dealer's commands and their listeners."""

    def __init__(self, table: Table, *, deck_for_hand: DeckSource | None = None, dealer: str = "dealer",
                 recorder: TableRecorder | None = None) -> None:
        self.table = recorder.table if recorder is not None else table
        self.dealer = dealer
        self._deck_for_hand = deck_for_hand if deck_for_hand is not None else shuffled_decks(random.Random())
        self.deck = PhysicalDeck()
        """The model of the physical deck: what is left to deal, and the hands dealt face down."""
        self.hand: Hand | None = None
        self.plan: HandPlan | None = None
        self.recorder: TableRecorder | None = recorder
        """The store's write-ahead table (``None``: nothing is recorded)."""
        self._hand_recorder: HandRecorder | None = None
        self.board_cards: Callable[[BoardTarget, int], Sequence[Card] | CameraCards | None] | None = None
        """Where dealt board cards come from instead of the deck (the overhead camera): given the street due and its card count,
        the cards (:class:`CameraCards` with their pictures), ``None`` or :class:`CardsUnread` for no reading, or an
        :class:`IllegalActionError` to refuse (a reading waiting for the dealer). Without a reading the known deck deals (the demo);
        at a real table the dealer names the cards."""
        self.hole_cards_seen = True
        """True: the console's deck deals the hole cards and the hand knows them (the demo). False (a real table): the dealer
        deals them face down, the hand records them unseen (``None``) and learns them when they are shown (``shown_cards``)."""
        self.shown_cards: Callable[[int, int], Sequence[Card] | CameraCards | None] | None = None
        """Where a seat's cards come from when it shows a hand the console has not seen (the overhead camera): given the seat and
        its card count, the cards (:class:`CameraCards` with their pictures), ``None`` or :class:`CardsUnread` when nobody read
        them (the dealer names them), or an :class:`IllegalActionError` to refuse."""
        self._changes: Listeners[TableSession] = Listeners()
        self._notices: Listeners[Notice] = Listeners()
        self._requests: Listeners[CardRequest] = Listeners()
        self._busy: Listeners[bool] = Listeners()
        self._background: BackgroundRecorder | None = None
        self._pending = 0
        self._step_notices: list[Notice] = []
        """Warnings raised by the command being run that do not refuse it (camera pictures that could not be kept)."""
        self.after_hand: list[Callable[[], Sequence[Notice]]] = []  # run once a hand is recorded over (the demo's rebuys)
        if recorder is not None:
            self._resume(recorder)

    def _resume(self, recorder: TableRecorder) -> None:
        """The recorder's open hand goes on: the physical deck is this hand's cards minus those already out."""
        if recorder.hand is None or self.table.hand_in_progress is None:
            return
        self._hand_recorder = recorder.hand
        self.plan, self.hand = self.table.hand_in_progress, recorder.hand.hand
        out: set[Card] = set()
        for event in self.hand.events_in_force:
            if isinstance(event, HoleCardsDealt | BoardDealt):
                out.update(card for card in event.cards if card is not None)
            elif isinstance(event, CardBurned) and event.card is not None:
                out.add(event.card)
        self.deck.reset(self._deck_for_hand(self.plan.number), out=out)

    # ------------------------------------------------------------------ recording

    def _play(self, event: Event) -> None:
        """One hand event the dealer keyed or typed: checked by the engine, stored durably (with a store), then applied."""
        hand = self._require_hand()
        if self.table.hand_in_progress is None:
            raise IllegalActionError("The hand is over and recorded: start the next hand")
        if self._hand_recorder is None:
            hand.apply(event)
        else:
            self._hand_recorder.play(event, actor=self.dealer)

    def _play_read(self, event: Event, camera: CameraCards, what: str) -> None:
        """One hand event whose cards the camera read, recorded with the camera as its source and with its pictures."""
        hand = self._require_hand()
        if self.recorder is None or self._hand_recorder is None:
            hand.apply(event)
            return
        self._step_notices.extend(play_camera_event(self.recorder, self._hand_recorder, event, camera=camera, actor=self.dealer,
                                                    what=what))

    def _record(self, event: TableEvent, *, actor: str | None = None, source: Source = Source.DEALER) -> None:
        """One table record: checked, stored durably (with a store), then applied."""
        if self.recorder is None:
            self.table.apply(event)
        else:
            self.recorder.apply(event, actor=self.dealer if actor is None else actor, source=source)

    # ------------------------------------------------------------------ listeners

    def subscribe(self, listener: Callable[[TableSession], None]) -> Callable[[], None]:
        """Call ``listener(session)`` after every accepted command; returns a function that unsubscribes."""
        return self._changes.subscribe(listener)

    def subscribe_notices(self, listener: Callable[[Notice], None]) -> Callable[[], None]:
        """Call ``listener(notice)`` for every refusal and warning; returns a function that unsubscribes."""
        return self._notices.subscribe(listener)

    def notify(self, notice: Notice) -> None:
        """Hand ``notice`` to every notice listener."""
        self._notices.tell(notice)

    def subscribe_card_requests(self, listener: Callable[[CardRequest], None]) -> Callable[[], None]:
        """Call ``listener(request)`` when a command waits for the dealer to name cards no camera reads (after its notice)."""
        return self._requests.subscribe(listener)

    def subscribe_busy(self, listener: Callable[[bool], None]) -> Callable[[], None]:
        """Call ``listener(True)`` when a command goes to the background recorder, ``listener(False)`` once all are acknowledged."""
        return self._busy.subscribe(listener)

    @property
    def busy(self) -> bool:
        """A command is with the background recorder and not yet acknowledged (the screen shows the state before it)."""
        return self._pending > 0

    def record_in_background(self, recorder: BackgroundRecorder | None) -> None:
        """Run the commands on ``recorder``'s worker thread from now on (``None``: on the caller's thread again)."""
        self._background = recorder

    # ------------------------------------------------------------------ running a command

    def perform(self, command: Command) -> bool:
        """Run one command; report a refusal as a notice; tell listeners on success.

        With a background recorder the command is queued to its thread and ``True`` means "submitted":
        the notices and the listeners follow when the worker acknowledges it.
        """
        background = self._background
        if background is None:
            outcome = self._execute(command)
            self._announce(outcome)
            return outcome.accepted
        self._pending += 1
        if self._pending == 1:
            self._busy.tell(True)
        background.submit(lambda: self._execute(command), self._acknowledged)
        return True

    def _acknowledged(self, outcome: CommandOutcome) -> None:
        """On the screen's thread: a background command is done."""
        self._pending -= 1
        if self._pending == 0:
            self._busy.tell(False)
        self._announce(outcome)

    def _announce(self, outcome: CommandOutcome) -> None:
        for notice in outcome.notices:
            self.notify(notice)
        if outcome.changed:
            self._changes.tell(self)
        if outcome.request is not None:
            self._requests.tell(outcome.request)

    def _execute(self, command: Command) -> CommandOutcome:
        """Run ``command`` (on whichever thread records); nothing is told to the listeners here."""
        self._step_notices = []
        outcome = self._execute_command(command)
        outcome = replace(outcome, notices=outcome.notices + tuple(self._step_notices))
        self._step_notices = []
        return outcome

    def _execute_command(self, command: Command) -> CommandOutcome:
        notice_before = self.hand.all_in_notice if self.hand is not None else None
        size_before = self._size()
        try:
            self._dispatch(command)
        except CardsNeeded as needed:
            return CommandOutcome(False, (Notice(NoticeLevel.INFO, str(needed), needed.request.seat),), request=needed.request)
        except EngineError as error:
            seat = getattr(error, "seat", None)
            return CommandOutcome(False, (Notice(NoticeLevel.ERROR, str(error), seat if isinstance(seat, int) else None),))
        except StoreError as error:
            # not stored, so not applied; a command of several events keeps those stored before the failure
            if self._size() == size_before:
                return CommandOutcome(False, (Notice(NoticeLevel.ERROR, f"Not recorded, so nothing changed: {error}"),))
            return CommandOutcome(False, (Notice(NoticeLevel.ERROR, f"Not recorded: {error}. What was recorded before it stands; repeat the step"),),
                                  changed=True)
        hand = self.hand
        if hand is not None and hand.all_in_notice is not None and hand.all_in_notice != notice_before:
            notice = hand.all_in_notice
            reopens = "reopens the betting" if notice.full_raise else "is less than a full raise and does not reopen the betting"
            return CommandOutcome(True, (Notice(NoticeLevel.WARNING, f"Seat {notice.seat} all-in for {notice.amount}: {reopens}", notice.seat),),
                                  changed=True)
        return CommandOutcome(True, changed=True)

    def _size(self) -> tuple[int, int]:
        return len(self.table.events), -1 if self.hand is None else len(self.hand.events)

    def _dispatch(self, command: Command) -> None:  # one line per kind of command
        """The engine's events for ``command``, played in order."""
        if seating.is_seat_command(command):
            return seating.run_seat_command(self, command)
        match command:
            case StartHand():
                self._start_hand()
            case Fold():
                self._play(Folded(seat=self._actor("fold")))
            case Check():
                self._play(Checked(seat=self._actor("check")))
            case Call():
                self._play(Called(seat=self._actor("call")))
            case Bet(amount):
                self._play(BetPlaced(seat=self._actor("bet"), amount=amount))
            case RaiseTo(amount):
                self._play(RaisedTo(seat=self._actor("raise"), amount=amount))
            case Wager(amount):
                self._wager(amount)
            case AllIn():
                self._play(WentAllIn(seat=self._actor("go all-in")))
            case Discard(card):
                self._discard(card)
            case DealHoleCards():
                self._deal_hole_cards()
            case DealBoard(cards):
                self._deal_board(cards)
            case DealNext():
                self._deal_next()
            case ChooseRuns(seat, runs):
                self._play(RunsChosen(seat=seat, runs=runs))
            case Show(seat, cards):
                self._show(seat, cards)
            case Muck(seat):
                self._play(Mucked(seat=seat))
            case Undo():
                self._undo()
            case DeclareMisdeal(reason):
                self._play(MisdealDeclared(reason=reason))
            case PostMississippi(authorized_by) if authorized_by is not None:
                self._floor_recorder(authorized_by, "authorize a Mississippi straddle for this hand")
                self._post_straddle(command)
            case PostStraddle() | PostMississippi() | PostRestraddle():
                self._post_straddle(command)
            case ConsentToRestraddle(seat, agrees):
                self._play(RestraddleConsent(seat=seat, agrees=agrees))
            case ChangeAgreements(agreements, by):  # the store checks ``by`` again as it writes
                new = agreements.mississippi is not None and agreements.mississippi != self.table.agreements.mississippi
                self._floor_recorder(by, "authorize a Mississippi straddle" if new else "change the table's agreements").apply(
                    AgreementsChanged(agreements=agreements, by=by.name), actor=by.name, source=Source.FLOOR, by=by)
            case ChangeHouseSettings(changes, by, reason):
                self._change_house_settings(changes, by, reason)
            case PushDealer() | CallClock() | ConfirmClockOutcome():
                perform_duty(self, command)

    # ------------------------------------------------------------------ hands

    def _start_hand(self) -> None:
        if self.hand is not None and self.plan is not None and self._posts_owed():
            self._post_plan()  # a start cut short by a store failure: post the rest
            return
        if self.hand is not None and self.table.hand_in_progress is not None and not self.hand.is_complete:
            raise IllegalActionError(f"Hand {self.plan.number if self.plan else ''} is not over yet", action="start the next hand")
        self.finish_completed_hand()
        if self.recorder is None:
            plan = self.table.next_hand()
            self.table.apply(HandStarted(plan=plan))
            self._begin(plan, Hand(plan.setup))
            self._post_plan()
            return
        try:
            self.recorder.start_hand(actor=self.dealer)
        finally:
            # posts cut short by a store failure stay: the next start posts the rest
            recorded, started = self.recorder.hand, self.table.hand_in_progress
            if recorded is not None and started is not None and recorded is not self._hand_recorder:
                self._hand_recorder = recorded
                self._begin(started, recorded.hand)

    def _begin(self, plan: HandPlan, hand: Hand) -> None:
        self.plan, self.hand = plan, hand
        self.deck.reset(self._deck_for_hand(plan.number))

    def _posts_owed(self) -> bool:
        hand, plan = self.hand, self.plan
        return hand is not None and plan is not None and len(hand.events) < len(plan.posts) and all(
            isinstance(event, BlindPosted) for event in hand.events)

    def _post_plan(self) -> None:
        """The table's blinds and posts for this hand, in the plan's order (those not yet posted)."""
        assert self.hand is not None and self.plan is not None
        for post in self.plan.posts[len(self.hand.events):]:
            self._play(BlindPosted(seat=post.seat, amount=post.amount, blind=post.blind))

    def finish_completed_hand(self) -> bool:
        """Record the result (or misdeal) of a hand that is over, the button moves, then :attr:`after_hand` runs; False if none."""
        hand = self.hand
        if hand is None or self.table.hand_in_progress is None or not (hand.phase is Phase.MISDEALT or hand.result is not None):
            return False
        if self.recorder is not None:
            self.recorder.finish_hand(actor=self.dealer)
            self._hand_recorder = None
        else:
            self.table.finish_hand(hand)
        for step in self.after_hand:
            self._step_notices.extend(step())
        return True

    # ------------------------------------------------------------------ the floor's records

    def _floor_recorder(self, by: StaffMember, what: str) -> TableRecorder:
        """The recorder, whose store checks ``by`` is a floor manager it signed in (a table recording nothing has no sign-in)."""
        if self.recorder is None:
            raise NotAuthorizedError(f"only a floor manager signed in may {what}; this table records nothing, so nobody signs in")
        self.recorder.store.signed_in_floor_manager(by, what)
        return self.recorder

    def _change_house_settings(self, changes: tuple[tuple[str, str], ...], by: StaffMember, reason: str) -> None:
        recorder = self._floor_recorder(by, "change the house settings")
        if self.table.hand_in_progress is None:
            raise IllegalActionError("House settings change during a hand, for the next one: start the hand first",
                                     action="change the house settings")
        config = apply_house_changes(self.table.config, changes)
        recorder.store.change_house_settings(recorder.table_id, dict(changes), by=by, reason=reason)
        self.table.config = config

    # ------------------------------------------------------------------ betting (the player to act)

    def _actor(self, verb: str) -> int:
        hand = self._require_hand()
        if hand.actor is None:
            raise IllegalActionError("Nobody is to act now", action=verb)
        return hand.actor

    def _wager(self, amount: int) -> None:
        seat = self._actor("bet")
        legal = self._require_hand().legal_actions()
        self._play(RaisedTo(seat=seat, amount=amount) if legal is not None and legal.can_raise else BetPlaced(seat=seat, amount=amount))

    # ------------------------------------------------------------------ the dealer's conveniences (one command each)

    def start_hand(self) -> bool:
        """Finish the last hand (if over) and start the next: the plan's blinds and posts are made; cards not yet dealt."""
        return self.perform(StartHand())

    def fold(self) -> bool:
        """The player to act folds."""
        return self.perform(Fold())

    def check(self) -> bool:
        """The player to act checks."""
        return self.perform(Check())

    def call(self) -> bool:
        """The player to act calls."""
        return self.perform(Call())

    def bet(self, amount: int) -> bool:
        """The player to act bets ``amount``."""
        return self.perform(Bet(amount))

    def raise_to(self, amount: int) -> bool:
        """The player to act raises to a total of ``amount`` this round."""
        return self.perform(RaiseTo(amount))

    def wager(self, amount: int) -> bool:
        """Bet or raise to ``amount``, whichever the player to act may do (the keypad's amount)."""
        return self.perform(Wager(amount))

    def all_in(self) -> bool:
        """The player to act puts every chip in."""
        return self.perform(AllIn())

    def discard(self, card: Card | str | int) -> bool:
        """Oklahoma: the seat owing a discard throws ``card`` (a card, its text, or its position in the hand)."""
        return self.perform(Discard(card))

    def deal_hole_cards(self) -> bool:
        """Deal every player's hole cards from the deck, in deal order (those not dealt yet)."""
        return self.perform(DealHoleCards())

    def deal_board(self, cards: Sequence[Card | str] | None = None) -> bool:
        """Deal the next street the engine waits for: ``cards`` the dealer typed, else the camera's reading, else the deck.

        The deck deals only while the console knows the cards (``hole_cards_seen``, the demo). At a real table a street no
        camera reads is refused with :class:`CardsNeeded` and the dealer types it (``cards``, recorded as the dealer's).
        """
        return self.perform(DealBoard(typed_cards(cards)))

    def choose_runs(self, seat: int, runs: int) -> bool:
        """A contender's choice of how many times to run the board (1, 2 or 3)."""
        return self.perform(ChooseRuns(seat, runs))

    def show(self, seat: int, cards: Sequence[Card | str] | None = None) -> bool:
        """``seat`` tables its hand: the cards the hand knows, or, for cards dealt face down, ``cards`` the dealer typed, else
        those ``shown_cards`` reads; with neither, :class:`CardsNeeded` asks the dealer to type them."""
        return self.perform(Show(seat, typed_cards(cards)))

    def muck(self, seat: int) -> bool:
        """``seat`` throws its hand away at showdown."""
        return self.perform(Muck(seat))

    def undo(self) -> bool:
        """Void the latest event of the hand; cards it dealt go back on top of the deck."""
        return self.perform(Undo())

    def misdeal(self, reason: str = "misdeal declared by the dealer") -> bool:
        """Declare a misdeal: the hand is void, every chip goes back, the button does not move."""
        return self.perform(DeclareMisdeal(reason))

    def post_straddle(self) -> bool:
        """The player facing the big blind posts a straddle of twice the big blind."""
        return self.perform(PostStraddle())

    def post_mississippi(self, *, authorized_by: StaffMember | None = None) -> bool:
        """The button posts a Mississippi straddle: with the table's standing authorization, or for this hand ``authorized_by``,
        a floor manager as the store's sign-in returned them."""
        return self.perform(PostMississippi(authorized_by))

    def consent_to_restraddle(self, seat: int, agrees: bool) -> bool:
        """Record ``seat``'s yes or no to the re-straddle (omaha-club-rules.txt, STRADDLE/RESTRADDLE)."""
        return self.perform(ConsentToRestraddle(seat, agrees))

    def post_restraddle(self) -> bool:
        """The player facing the straddle re-straddles, twice the straddle; refused on any no or missing answer."""
        return self.perform(PostRestraddle())

    def change_agreements(self, agreements: TableAgreements, *, by: StaffMember) -> bool:
        """The table's standing agreements, changed by floor manager ``by`` as the store's sign-in returned them (recorded
        as a floor event under their name; anyone else is refused and nothing changes)."""
        return self.perform(ChangeAgreements(agreements, by))

    def authorize_mississippi(self, *, manager: StaffMember, at: datetime) -> bool:
        """Record ``manager``'s standing authorization of Mississippi straddles at this table (from the next hand on);
        ``manager`` as the store's sign-in returned them."""
        return self.change_agreements(replace(self.table.agreements, mississippi=MississippiAuthorization(manager=manager.name, at=at)),
                                      by=manager)

    def change_house_settings(self, changes: Sequence[tuple[str, str]], *, by: StaffMember, reason: str = "") -> bool:
        """New house settings (``("rake.percent", "5")``, ``("house.max_runs", "2")``...) from the next hand on.

        Recorded first, as a floor event naming the manager (the store refuses anyone else); a table
        resumed from the log applies the change at the same point.
        """
        return self.perform(ChangeHouseSettings(tuple(changes), by, reason))

    # ------------------------------------------------------------------ queries

    def legal_actions(self) -> LegalActions | None:
        """What the player to act may do, or ``None``."""
        return None if self.hand is None else self.hand.legal_actions()

    def discarding_seat(self) -> int | None:
        """The seat whose Oklahoma discard is asked for now: the player to act, else the first who still owes one."""
        return queries.discarding_seat(self.hand)

    def next_board(self) -> BoardTarget | None:
        """The board cards the engine waits for now (none while a discard or an action is owed)."""
        return queries.next_board(self.hand)

    def runs_choosers(self) -> tuple[int, ...]:
        """Contenders who may still choose how many runs to deal (while the window is open)."""
        return queries.runs_choosers(self.hand)

    def showdown_seats(self) -> tuple[int, ...]:
        """Seats still to show or muck, in showdown order."""
        return queries.showdown_seats(self.hand)

    def can_straddle(self) -> int | None:
        """The seat that may post a straddle now, or ``None``."""
        return queries.straddle_seat(self.hand)

    def can_mississippi(self) -> int | None:
        """The button's seat if it may post a Mississippi straddle now, or ``None``."""
        return queries.mississippi_seat(self.hand)

    def restraddle_seat(self) -> int | None:
        """The seat facing the straddle, who may ask for a re-straddle now, or ``None``."""
        return queries.restraddle_seat(self.hand)

    def restraddle_answers(self) -> dict[int, bool | None]:
        """Every other player dealt in and their recorded answer to the re-straddle (``None``: not asked yet)."""
        return queries.restraddle_answers(self.hand)

    def cards_in_play(self) -> dict[Card, str]:
        """Every card the hand knows is out, with where it is in words (a card the dealer names must not be one of them)."""
        return cards_in_play(self.hand)

    def seat_states(self) -> list[SeatState]:
        """Every seated player, in seat order, as the dealer sees them now."""
        return seat_states(self.table, self.hand, self.plan)

    def board_rows(self) -> tuple[BoardRow, ...]:
        """The boards of the hand as the felt lays them out."""
        return board_rows(self.hand)

    def result_lines(self) -> list[str]:
        """Who won what and why, in the engine's words (empty until the hand is over)."""
        return result_lines(self.hand)

