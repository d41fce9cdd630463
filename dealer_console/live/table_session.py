"""The running table without a screen: an engine :class:`~dealer_console.engine.table.Table`, the hand
being played, and the dealer's commands.

Every command is checked by the engine; a refused command changes nothing and is reported to the
error listeners as a :class:`Notice` a dealer can read (the same sentence the engine raised). After
every accepted command the listeners of :meth:`TableSession.subscribe` are called with the session,
so a screen (or a test) re-reads the state it shows. Nothing here imports Qt.

Cards come from a deck the session holds for each hand (``deck_for_hand``: a shuffled deck by
default; tests give stacked decks). Dealing stays an explicit dealer step, as on the felt: the
dealer deals the hole cards, then each street when the engine asks for it.

At a real table (``hole_cards_seen`` False) the cards are dealt face down and the session's deck is
only a model of the physical one: the board and the hands shown are what the camera reads
(``board_cards``, ``shown_cards``) or what the dealer types. When no camera gives a usable reading,
the command is refused with :class:`CardsNeeded`, whose :class:`CardRequest` goes to the
``subscribe_card_requests`` listeners (the screen opens its card entry); the dealer's cards then
come back through ``deal_board(cards)`` or ``show(seat, cards)`` and are recorded as the dealer's.

A camera's reading may come with the pictures it was read from (:class:`CameraCards`): at a recorded table each
card's crop and the frame go into the store first (``Store.put_evidence``, on the thread that records), then the
event names the frame (``evidence_sha256``, ``frame_at``, source camera), then one ``reading`` record per card names
its crop. Pictures that cannot be kept never hold up the deal: the event is recorded without them, with a warning.

With an event store (:meth:`TableSession.recorded`) every command is write-ahead (SPEC: Records and
review; docs/store.md): the engine verifies the event, the store appends it durably, and only then
is it applied and the listeners told. A :class:`~dealer_console.store.errors.StoreError` becomes a
plain error notice and the event is neither applied nor shown. On start, a table already in the
store is rebuilt from its log, with its open hand, and play resumes where it stopped.

With a :class:`BackgroundRecorder` (:meth:`TableSession.record_in_background`) the commands run on
one worker thread, in the order given, so a slow disk or a distant database never stalls the
screen: the session is :attr:`~TableSession.busy` until the worker acknowledges the command, and
the listeners (and the notices) are handed back to the screen's thread through the recorder's
``deliver`` function only then. While busy the screen keeps showing the last acknowledged state
and must not read the session (the worker is changing it); the busy listeners say when to stop
and when to read again.
"""

from __future__ import annotations

import functools
import logging
import queue
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_console.engine.cards import DECK, Card, parse_card
from dealer_console.engine.errors import CardError, EngineError, IllegalActionError
from dealer_console.engine.events import (
    BetPlaced,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    CardBurned,
    CardsShown,
    Checked,
    Discarded,
    Event,
    Folded,
    HoleCardsDealt,
    MisdealDeclared,
    Mucked,
    RaisedTo,
    RestraddleConsent,
    RunsChosen,
    Voided,
    WentAllIn,
)
from dealer_console.engine.games import STREET_CARDS
from dealer_console.engine.hand import STREET_NAMES, Hand, LegalActions, Phase
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import apply_house_changes
from dealer_console.engine.table_events import (
    AgreementsChanged,
    HandFinished,
    HandMisdealt,
    HandPlan,
    HandStarted,
    MississippiAuthorization,
    TableAgreements,
    TableEvent,
)
from dealer_console.live.card_requests import BoardTarget, CameraCards, CardPicture, CardRequest, CardsNeeded, CardsUnread
from dealer_console.live.notices import Notice, NoticeLevel

if TYPE_CHECKING:
    from dealer_console.store.recorder import RecordedTable
    from dealer_console.store.store import StaffMember, Store

log = logging.getLogger(__name__)

DeckSource = Callable[[int], Sequence[Card]]
"""Given the hand number, the cards in the order they will be dealt (first card dealt first)."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat as the dealer sees it during a hand."""

    seat: int
    player: str
    stack: int
    bet: int
    cards: tuple[Card | None, ...]
    """Cards held now (``None``: unknown); empty before the deal or once folded."""
    discarded: int
    """Oklahoma: cards discarded so far."""
    in_hand: bool
    folded: bool
    all_in: bool
    to_act: bool
    owes_discard: bool
    markers: tuple[str, ...]
    """``"button"``, ``"small blind"``, ``"big blind"``, ``"straddle"``, ``"Mississippi straddle"``..."""

    @property
    def status(self) -> str:
        """The seat's state in words (colour is never the only signal)."""
        if not self.in_hand:
            return "not in hand"
        if self.folded:
            return "FOLDED"
        if self.all_in:
            return "ALL-IN"
        if self.to_act:
            return "TO ACT"
        return ""


@dataclass(slots=True)
class CommandOutcome:
    """What one command did: accepted or not, the notices it raised, whether the state changed."""

    accepted: bool
    notices: list[Notice] = field(default_factory=list)
    changed: bool = False
    request: CardRequest | None = None
    """Cards the dealer is asked to name before the command can go on."""


class BackgroundRecorder:
    """One worker thread that runs recorded commands in the order submitted (the store's appends off the screen's thread).

    ``deliver(callback)`` must run ``callback`` on the screen's thread (a queued Qt signal does it); every
    submitted command's completion goes through it, also when the command raised something unexpected.
    """

    def __init__(self, deliver: Callable[[Callable[[], None]], None], *, name: str = "table-recorder") -> None:
        self._deliver = deliver
        self._jobs: queue.Queue[tuple[Callable[[], CommandOutcome], Callable[[CommandOutcome], None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[], CommandOutcome], done: Callable[[CommandOutcome], None]) -> None:
        """Run ``work`` on the worker, then ``done(outcome)`` through ``deliver``."""
        self._jobs.put((work, done))

    def stop(self, timeout: float = 10.0) -> None:
        """Finish the commands already submitted, then end the thread."""
        self._jobs.put(None)
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the worker thread is alive."""
        return self._thread.is_alive()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            work, done = job
            try:
                outcome = work()
            except Exception as error:  # noqa: BLE001 - reported to the dealer, never lost in the thread
                outcome = CommandOutcome(False, [Notice(NoticeLevel.ERROR, f"The step failed unexpectedly and may be half done: {error!r};"
                                                                          " check the table before going on")], changed=True)
            self._deliver(functools.partial(done, outcome))


def _named_cards(cards: Sequence[Card | str], count: int, *, what: str, action: str, seat: int | None = None) -> tuple[Card, ...]:
    """The cards the dealer typed, checked: each one named, ``count`` of them, none twice (the engine checks the rest of the hand)."""
    named: list[Card] = []
    for card in cards:
        chosen = parse_card(card) if isinstance(card, str) else card
        if chosen is None:
            raise IllegalActionError(f"{what}: every card must be named, like As or Td", seat=seat, action=action)
        if chosen in named:
            raise CardError(f"{what}: {chosen.symbol} is typed twice", card=str(chosen))
        named.append(chosen)
    if len(named) != count:
        raise IllegalActionError(f"{what} is {count} card{'s' if count > 1 else ''}, not {len(named)}", seat=seat, action=action)
    return tuple(named)


def shuffled_decks(rng: random.Random) -> DeckSource:
    """A fresh shuffled deck for every hand."""

    def deck(_: int) -> list[Card]:
        cards = list(DECK)
        rng.shuffle(cards)
        return cards

    return deck


def stacked_deck(text: str) -> list[Card]:
    """Cards in dealing order from ``"AsKd Qh..."`` followed by the rest of the deck (for tests and drills)."""
    named = [parse_card(part) for part in text.split()]
    cards = [card for card in named if card is not None]
    rest = [card for card in DECK if card not in cards]
    return cards + rest


class TableSession:
    """A table in play: the engine's table, the current hand, the dealer's commands and their listeners."""

    def __init__(self, table: Table, *, deck_for_hand: DeckSource | None = None, dealer: str = "dealer") -> None:
        self.table = table
        self.dealer = dealer
        self._deck_for_hand = deck_for_hand if deck_for_hand is not None else shuffled_decks(random.Random())
        self._deck: list[Card] = []
        self.hand: Hand | None = None
        self.plan: HandPlan | None = None
        self._listeners: list[Callable[[TableSession], None]] = []
        self._notice_listeners: list[Callable[[Notice], None]] = []
        self._request_listeners: list[Callable[[CardRequest], None]] = []
        self.recorder: RecordedTable | None = None
        """The store's write-ahead table (``None``: nothing is recorded)."""
        self._store_errors: tuple[type[Exception], ...] = ()
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
        self._face_down: dict[int, tuple[Card, ...]] = {}
        self._thrown: list[tuple[int, int | None, Card | None]] = []
        self._background: BackgroundRecorder | None = None
        self._pending = 0
        self._busy_listeners: list[Callable[[bool], None]] = []
        self._step_notices: list[Notice] = []
        """Warnings raised by the command being run that do not refuse it (camera pictures that could not be kept)."""

    # ------------------------------------------------------------------ the event store

    @classmethod
    def recorded(cls, store: Store, table: Table, *, deck_for_hand: DeckSource | None = None,
                 dealer: str = "dealer", table_id: int | None = None) -> TableSession:
        """A session whose every command is stored durably before it is shown.

        The table is found in ``store`` by its configuration's name: if it is there, it is rebuilt
        from its log (``table`` is then only the template of a new table and is not used) and its
        open hand resumes; if not, it is created with ``table``'s configuration and records
        (seatings, the button); ``table_id`` is the card room's number for it, when it has one.
        Raises :class:`~dealer_console.store.errors.StoreError`.
        """
        from dealer_console.store.recorder import RecordedTable, resume_table

        if table.hand_in_progress is not None:
            raise IllegalActionError("A table is recorded between hands, not with a hand in progress")
        found = [info.id for info in store.tables() if info.name == table.config.name]
        if found:
            recorder = resume_table(store, found[0])
        else:
            new_id = store.create_table(table.config.name, table.config, actor=dealer, table_id=table_id)
            recorder = RecordedTable(store, new_id, Table(table.config))
        if not recorder.table.events and table.events:
            # a new table (or one whose set-up was cut short): its records in one transaction
            store.append_many(recorder.table_id, list(table.events), actor=dealer)
            recorder.table = Table(recorder.table.config, table.events)
        session = cls(recorder.table, deck_for_hand=deck_for_hand, dealer=dealer)
        session._attach(recorder)
        return session

    def _attach(self, recorder: RecordedTable) -> None:
        from dealer_console.store.errors import StoreError

        self.recorder = recorder
        self._store_errors = (StoreError,)
        self.table = recorder.table
        if recorder.hand is not None and self.table.hand_in_progress is not None:
            self.plan, self.hand = self.table.hand_in_progress, recorder.hand.hand
            # the physical deck: this hand's cards minus those already out (voided deals are back in it)
            out: set[Card] = set()
            for event in self.hand.events_in_force:
                if isinstance(event, HoleCardsDealt | BoardDealt):
                    out.update(card for card in event.cards if card is not None)
                elif isinstance(event, CardBurned) and event.card is not None:
                    out.add(event.card)
            self._deck = [card for card in reversed(self._deck_for_hand(self.plan.number)) if card not in out]

    def _play(self, event: Event, *, from_camera: bool = False, camera: CameraCards | None = None, what: str = "cards") -> None:
        """One hand event: checked by the engine, stored durably (with a store), then applied.

        ``from_camera``: the event's cards are the camera's reading (stored with the camera as its source; everything
        else the dealer keys or types is the dealer's). ``camera``: that reading with its pictures, kept in the store
        before the event (``what`` names the cards in a warning: ``"flop"``, ``"seat 3's hand"``).
        """
        hand = self._require_hand()
        recorder = self.recorder
        if recorder is None:
            hand.apply(event)
            return
        assert recorder.hand is not None and recorder.hand.hand is hand
        if not from_camera:
            recorder.hand.play(event, actor=self.dealer)
            return
        from dealer_console.store.models import Source

        pictures: Sequence[CardPicture] = ()
        if camera is not None and camera.keep_pictures is not None:
            hand.verify(event)  # a refused event keeps no picture
            try:
                pictures = camera.keep_pictures(recorder.store, recorder.table_id)
            except Exception as error:  # noqa: BLE001 - the pictures are an aid: the deal goes on without them
                log.warning("camera pictures of the %s not kept", what, exc_info=True)
                self._step_notices.append(Notice(NoticeLevel.WARNING, f"The camera's pictures of the {what} are not kept ({error}); "
                                                                      "the cards are recorded without them"))
        # the event names the latest frame its cards were read on; each card's reading names its crop (and any other frame)
        main = max(pictures, key=lambda picture: (picture.frame_at, picture.frame_seq)) if pictures else None
        stored = recorder.hand.play(event, actor=self.dealer, source=Source.CAMERA, frame_at=None if main is None else main.frame_at,
                                    evidence_sha256=None if main is None else main.frame_sha256)
        if pictures:
            self._record_pictures(pictures, hand_id=stored.hand_id, frame_sha256=stored.evidence_sha256, what=what)

    def _record_pictures(self, pictures: Sequence[CardPicture], *, hand_id: int | None, frame_sha256: str | None, what: str) -> None:
        """After a camera's event: a ``reading`` record per card naming its crop, and one per other frame the cards were read on."""
        from dealer_console.store.models import Source
        from dealer_console.store.records import ReadingTaken

        recorder = self.recorder
        assert recorder is not None
        frames = {frame_sha256}
        try:
            for picture in pictures:
                reading = ReadingTaken(subject=picture.subject, value=picture.read, confidence=round(picture.confidence, 4),
                                       applied=picture.applied)
                recorder.store.append(recorder.table_id, reading, hand_id=hand_id, source=Source.CAMERA, actor=self.dealer,
                                      frame_at=picture.frame_at, evidence_sha256=picture.crop_sha256)
                if picture.frame_sha256 not in frames:
                    frames.add(picture.frame_sha256)
                    recorder.store.append(recorder.table_id, ReadingTaken(subject="camera frame", value=str(picture.frame_seq)),
                                          hand_id=hand_id, source=Source.CAMERA, actor=self.dealer, frame_at=picture.frame_at,
                                          evidence_sha256=picture.frame_sha256)
        except self._store_errors as error:
            self._step_notices.append(Notice(NoticeLevel.WARNING, f"The {what} is recorded, but not every camera reading behind it: {error}"))

    def _record(self, event: TableEvent) -> None:
        """One table record: checked, stored durably (with a store), then applied."""
        if self.recorder is None:
            self.table.apply(event)
        else:
            self.recorder.apply(event, actor=self.dealer)

    # ------------------------------------------------------------------ listeners

    def subscribe(self, listener: Callable[[TableSession], None]) -> Callable[[], None]:
        """Call ``listener(session)`` after every accepted command; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def subscribe_notices(self, listener: Callable[[Notice], None]) -> Callable[[], None]:
        """Call ``listener(notice)`` for every refusal and warning; returns a function that unsubscribes."""
        self._notice_listeners.append(listener)
        return lambda: self._notice_listeners.remove(listener) if listener in self._notice_listeners else None

    def notify(self, notice: Notice) -> None:
        """Hand ``notice`` to every notice listener."""
        for listener in list(self._notice_listeners):
            listener(notice)

    def subscribe_card_requests(self, listener: Callable[[CardRequest], None]) -> Callable[[], None]:
        """Call ``listener(request)`` when a command waits for the dealer to name cards no camera reads (after its notice)."""
        self._request_listeners.append(listener)
        return lambda: self._request_listeners.remove(listener) if listener in self._request_listeners else None

    def subscribe_busy(self, listener: Callable[[bool], None]) -> Callable[[], None]:
        """Call ``listener(True)`` when a command goes to the background recorder, ``listener(False)`` once all are acknowledged."""
        self._busy_listeners.append(listener)
        return lambda: self._busy_listeners.remove(listener) if listener in self._busy_listeners else None

    @property
    def busy(self) -> bool:
        """A command is with the background recorder and not yet acknowledged (the screen shows the state before it)."""
        return self._pending > 0

    def record_in_background(self, recorder: BackgroundRecorder | None) -> None:
        """Run the commands on ``recorder``'s worker thread from now on (``None``: on the caller's thread again)."""
        self._background = recorder

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def _run(self, command: Callable[[], object]) -> bool:
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
            for listener in list(self._busy_listeners):
                listener(True)
        background.submit(lambda: self._execute(command), self._acknowledged)
        return True

    def _acknowledged(self, outcome: CommandOutcome) -> None:
        """On the screen's thread: a background command is done."""
        self._pending -= 1
        if self._pending == 0:
            for listener in list(self._busy_listeners):
                listener(False)
        self._announce(outcome)

    def _announce(self, outcome: CommandOutcome) -> None:
        for notice in outcome.notices:
            self.notify(notice)
        if outcome.changed:
            self._changed()
        if outcome.request is not None:
            for listener in list(self._request_listeners):
                listener(outcome.request)

    def _execute(self, command: Callable[[], object]) -> CommandOutcome:
        """Run ``command`` (on whichever thread records); nothing is told to the listeners here."""
        self._step_notices = []
        outcome = self._execute_command(command)
        outcome.notices.extend(self._step_notices)
        self._step_notices = []
        return outcome

    def _execute_command(self, command: Callable[[], object]) -> CommandOutcome:
        notice_before = self.hand.all_in_notice if self.hand is not None else None
        size_before = self._size()
        try:
            command()
        except CardsNeeded as needed:
            return CommandOutcome(False, [Notice(NoticeLevel.INFO, str(needed), needed.request.seat)], request=needed.request)
        except EngineError as error:
            seat = getattr(error, "seat", None)
            return CommandOutcome(False, [Notice(NoticeLevel.ERROR, str(error), seat if isinstance(seat, int) else None)])
        except self._store_errors as error:
            # not stored, so not applied; a command of several events keeps those stored before the failure
            if self._size() == size_before:
                return CommandOutcome(False, [Notice(NoticeLevel.ERROR, f"Not recorded, so nothing changed: {error}")])
            return CommandOutcome(False, [Notice(NoticeLevel.ERROR, f"Not recorded: {error}. What was recorded before it stands; repeat the step")],
                                  changed=True)
        outcome = CommandOutcome(True, changed=True)
        hand = self.hand
        if hand is not None and hand.all_in_notice is not None and hand.all_in_notice != notice_before:
            notice = hand.all_in_notice
            reopens = "reopens the betting" if notice.full_raise else "is less than a full raise and does not reopen the betting"
            outcome.notices.append(Notice(NoticeLevel.WARNING, f"Seat {notice.seat} all-in for {notice.amount}: {reopens}", notice.seat))
        return outcome

    def _size(self) -> tuple[int, int]:
        return len(self.table.events), -1 if self.hand is None else len(self.hand.events)

    # ------------------------------------------------------------------ queries

    def _require_hand(self) -> Hand:
        if self.hand is None:
            raise IllegalActionError("No hand is being played: start the next hand")
        return self.hand

    def legal_actions(self) -> LegalActions | None:
        """What the player to act may do, or ``None``."""
        return None if self.hand is None else self.hand.legal_actions()

    def discarding_seat(self) -> int | None:
        """The seat whose Oklahoma discard is asked for now: the player to act, else the first who still owes one."""
        hand = self.hand
        if hand is None or hand.is_complete:
            return None
        legal = hand.legal_actions()
        if legal is not None:
            return legal.seat if legal.must_discard else None
        owed = hand.discards_owed()
        return owed[0] if owed and hand.phase is Phase.BOARD else None

    def next_board(self) -> BoardTarget | None:
        """The board cards the engine waits for now (none while a discard or an action is owed)."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.BOARD or hand.actor is not None or hand.discards_owed():
            return None
        for run in range(hand.planned_runs()):
            for board, cards in enumerate(hand.boards(run)):
                street = {0: 0, 3: 1, 4: 2}.get(len(cards))
                if street is None or (run == 0 and street != hand.street):
                    continue
                return BoardTarget(run, board, street)
        return None

    def cards_in_play(self) -> dict[Card, str]:
        """Every card the hand knows is out, with where it is in words (``"on the board"``, ``"in seat 3's hand"``...).

        A card the dealer names must not be one of them (the engine refuses a card twice in a hand).
        """
        hand = self.hand
        if hand is None:
            return {}
        out: dict[Card, str] = {}
        boards = hand.game.variant.boards
        for run in range(hand.run_count):
            for board, cards in enumerate(hand.boards(run)):
                where = ["on the board"] if boards == 1 and run == 0 else [f"on board {board + 1}" if boards > 1 else "on the board"]
                if run:
                    where.append(f"run {run + 1}")
                for card in cards:
                    out.setdefault(card, ", ".join(where))
        for seat in hand.seats:
            for held in hand.hole_cards(seat):
                if held is not None:
                    out.setdefault(held, f"in seat {seat}'s hand")
        for event in hand.events_in_force:
            if isinstance(event, Discarded) and event.card is not None:
                out.setdefault(event.card, f"discarded by seat {event.seat}")
            elif isinstance(event, CardBurned) and event.card is not None:
                out.setdefault(event.card, "burned")
        return out

    def board_request(self) -> CardRequest | None:
        """The street due, for the dealer to type (``None``: no board card is due, or the console's deck deals the cards)."""
        target = self.next_board()
        if target is None or self.hole_cards_seen:
            return None
        return CardRequest(STREET_CARDS[target.street], target=target)

    def show_request(self) -> CardRequest | None:
        """The hand the next seat in showdown order shows, for the dealer to type (``None``: no seat to show cards the console has not seen)."""
        seats = self.showdown_seats()
        if not seats or self.hand is None or None not in self.hand.hole_cards(seats[0]):
            return None
        return CardRequest(len(self.hand.hole_cards(seats[0])), seat=seats[0])

    def card_request_open(self, request: CardRequest) -> bool:
        """Whether ``request`` still waits for its cards (the street still due, the seat still to show a hand not seen)."""
        if request.target is not None:
            return self.next_board() == request.target
        hand = self.hand
        return request.seat in self.showdown_seats() and hand is not None and None in hand.hole_cards(request.seat)

    def runs_choosers(self) -> tuple[int, ...]:
        """Contenders who may still choose how many runs to deal (while the window is open)."""
        hand = self.hand
        if hand is None or not hand.runs_window_open():
            return ()
        answered = {event.seat for event in hand.events_in_force if isinstance(event, RunsChosen)}
        return tuple(seat for seat in hand.seats if seat not in answered and not hand.is_folded(seat) and hand.can_choose_runs(seat, 1))

    def showdown_seats(self) -> tuple[int, ...]:
        """Seats still to show or muck, in showdown order."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.SHOWDOWN:
            return ()
        return tuple(seat for seat in hand.showdown_order() if hand.needs_showdown_decision(seat))

    def can_straddle(self) -> int | None:
        """The seat that may post a straddle now, or ``None``."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.POSTING or hand.big_blind_seat is None:
            return None
        order = hand.seats
        seat = order[(order.index(hand.big_blind_seat) + 1) % len(order)]
        amount = 2 * hand.game.stakes.big_blind
        return seat if hand.can(BlindPosted(seat=seat, amount=amount, blind=BlindKind.STRADDLE)) else None

    def can_mississippi(self) -> int | None:
        """The button's seat if it may post a Mississippi straddle now, or ``None``."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.POSTING:
            return None
        seat = hand.seats[-1]
        amount = 2 * hand.game.stakes.big_blind
        return seat if hand.can(BlindPosted(seat=seat, amount=amount, blind=BlindKind.MISSISSIPPI)) else None

    def seat_states(self) -> list[SeatState]:
        """Every seated player, in seat order, as the dealer sees them now."""
        hand, plan = self.hand, self.plan
        states = []
        discards: dict[int, int] = {}
        markers: dict[int, list[str]] = {}
        if hand is not None and plan is not None:
            for event in hand.events_in_force:
                if isinstance(event, Discarded):
                    discards[event.seat] = discards.get(event.seat, 0) + 1
                elif isinstance(event, BlindPosted) and event.blind is not BlindKind.DEAD:
                    markers.setdefault(event.seat, []).append(event.blind.value)
            markers.setdefault(plan.button, []).insert(0, "button")
        owed = set(hand.discards_owed()) if hand is not None and not hand.is_complete else set()
        for seat, view in self.table.seats.items():
            in_hand = hand is not None and seat in hand.seats
            if hand is not None and in_hand:
                folded = hand.is_folded(seat)
                states.append(SeatState(
                    seat=seat, player=view.player, stack=hand.stacks[seat],
                    bet=0 if hand.is_complete else hand.bets[seat],
                    cards=() if folded else hand.hole_cards(seat), discarded=discards.get(seat, 0), in_hand=True,
                    folded=folded, all_in=not hand.is_complete and hand.is_all_in(seat), to_act=hand.actor == seat,
                    owes_discard=seat in owed, markers=tuple(markers.get(seat, ())),
                ))
            else:
                states.append(SeatState(
                    seat=seat, player=view.player, stack=view.stack, bet=0, cards=(), discarded=0, in_hand=False,
                    folded=False, all_in=False, to_act=False, owes_discard=False, markers=tuple(markers.get(seat, ())),
                ))
        return states

    def result_lines(self) -> list[str]:
        """Who won what and why, in the engine's words (empty until the hand is over)."""
        hand = self.hand
        if hand is None:
            return []
        if hand.phase is Phase.MISDEALT:
            return ["Misdeal: the hand is void and every chip goes back; the button does not move"]
        return [] if hand.result is None else hand.result.describe()

    # ------------------------------------------------------------------ hands

    def start_hand(self) -> bool:
        """Finish the last hand (if over) and start the next: the plan's blinds and posts are made; cards not yet dealt."""
        return self._run(self._start_hand)

    def _start_hand(self) -> None:
        if self.hand is not None and self.plan is not None and self._posts_owed():
            self._post_plan()  # a start cut short by a store failure: post the rest
            return
        if self.hand is not None:
            if not self.hand.is_complete:
                raise IllegalActionError(f"Hand {self.plan.number if self.plan else ''} is not over yet", action="start the next hand")
            self._finish_hand(self.hand)
        plan = self.table.next_hand()
        hand = Hand(plan.setup)
        if self.recorder is None:
            self.table.apply(HandStarted(plan=plan))
        else:
            from dealer_console.store.recorder import RecordedHand

            stored = self.recorder.apply(HandStarted(plan=plan), actor=self.dealer)
            assert stored.hand_id is not None
            self.recorder.hand = RecordedHand(self.recorder.store, self.recorder.table_id, stored.hand_id, plan.number, hand)
        self.plan, self.hand = plan, hand
        self._deck = list(reversed(self._deck_for_hand(plan.number)))
        self._face_down, self._thrown = {}, []
        self._post_plan()

    def _posts_owed(self) -> bool:
        hand, plan = self.hand, self.plan
        return hand is not None and plan is not None and len(hand.events) < len(plan.posts) and all(
            isinstance(event, BlindPosted) for event in hand.events)

    def _post_plan(self) -> None:
        """The table's blinds and posts for this hand, in the plan's order (those not yet posted)."""
        assert self.hand is not None and self.plan is not None
        for post in self.plan.posts[len(self.hand.events):]:
            self._play(BlindPosted(seat=post.seat, amount=post.amount, blind=post.blind))

    def _finish_hand(self, hand: Hand) -> None:
        """Record the hand's result (or its misdeal) on the table: the button moves."""
        plan = self.table.hand_in_progress
        if plan is None:
            raise IllegalActionError("No hand is in progress")
        if hand.phase is Phase.MISDEALT:
            reason = next((e.reason for e in hand.events_in_force if isinstance(e, MisdealDeclared)), "")
            self._record(HandMisdealt(plan=plan, reason=reason))
        elif hand.result is not None:
            result = hand.result
            self._record(HandFinished(plan=plan, final_stacks=tuple(sorted(result.final_stacks.items())), rake=result.rake,
                                      jackpot=result.jackpot))
        else:
            raise IllegalActionError(f"Hand {plan.number} is not over: it is at the {hand.phase.value} stage")
        if self.recorder is not None:
            self.recorder.hand = None

    def post_straddle(self) -> bool:
        """The player facing the big blind posts a straddle of twice the big blind."""
        def command() -> None:
            hand = self._require_hand()
            seat = self.can_straddle()
            if seat is None:
                order = hand.seats
                seat = order[(order.index(hand.big_blind_seat) + 1) % len(order)] if hand.big_blind_seat in order else order[0]
            self._play(BlindPosted(seat=seat, amount=2 * hand.game.stakes.big_blind, blind=BlindKind.STRADDLE))
        return self._run(command)

    def post_mississippi(self, *, authorized_by: str | None = None) -> bool:
        """The button posts a Mississippi straddle: with the table's standing authorization, or ``authorized_by`` a manager for this hand."""
        def command() -> None:
            hand = self._require_hand()
            self._play(BlindPosted(seat=hand.seats[-1], amount=2 * hand.game.stakes.big_blind, blind=BlindKind.MISSISSIPPI,
                                   authorized_by=authorized_by))
        return self._run(command)

    def restraddle_seat(self) -> int | None:
        """The seat facing the straddle, who may ask for a re-straddle now, or ``None``."""
        hand = self.hand
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

    def restraddle_answers(self) -> dict[int, bool | None]:
        """Every other player dealt in and their recorded answer to the re-straddle (``None``: not asked yet)."""
        hand, asker = self.hand, self.restraddle_seat()
        if hand is None or asker is None:
            return {}
        answers: dict[int, bool | None] = {seat: None for seat in hand.seats if seat != asker}
        for event in hand.events_in_force:
            if isinstance(event, RestraddleConsent) and event.seat in answers:
                answers[event.seat] = event.agrees
        return answers

    def consent_to_restraddle(self, seat: int, agrees: bool) -> bool:
        """Record ``seat``'s yes or no to the re-straddle (omaha-club-rules.txt, STRADDLE/RESTRADDLE)."""
        return self._run(lambda: self._play(RestraddleConsent(seat=seat, agrees=agrees)))

    def post_restraddle(self) -> bool:
        """The player facing the straddle re-straddles, twice the straddle; refused on any no or missing answer."""
        def command() -> None:
            hand = self._require_hand()
            seat = self.restraddle_seat()
            if seat is None:
                raise IllegalActionError("No re-straddle can be posted now: it needs a straddle and the player facing it", action="re-straddle")
            self._play(BlindPosted(seat=seat, amount=4 * hand.game.stakes.big_blind, blind=BlindKind.RESTRADDLE))
        return self._run(command)

    # ------------------------------------------------------------------ the floor's records

    def change_agreements(self, agreements: TableAgreements, *, by: str) -> bool:
        """The table's standing agreements, changed by floor manager ``by`` (recorded as a floor event naming them)."""
        return self._run(lambda: self._record_floor(AgreementsChanged(agreements=agreements, by=by), by))

    def authorize_mississippi(self, *, manager: str, at: datetime) -> bool:
        """Record ``manager``'s standing authorization of Mississippi straddles at this table (from the next hand on)."""
        return self.change_agreements(replace(self.table.agreements, mississippi=MississippiAuthorization(manager=manager, at=at)), by=manager)

    def change_house_settings(self, changes: Sequence[tuple[str, str]], *, by: StaffMember, reason: str = "") -> bool:
        """New house settings (``("rake.percent", "5")``, ``("house.max_runs", "2")``...) from the next hand on.

        Recorded first, as a floor event naming the manager (the store refuses anyone else); a table
        resumed from the log applies the change at the same point.
        """
        def command() -> None:
            if self.table.hand_in_progress is None:
                raise IllegalActionError("House settings change during a hand, for the next one: start the hand first",
                                         action="change the house settings")
            config = apply_house_changes(self.table.config, changes)
            if self.recorder is not None:
                self.recorder.store.change_house_settings(self.recorder.table_id, dict(changes), by=by, reason=reason)
            self.table.config = config
        return self._run(command)

    def _record_floor(self, event: TableEvent, manager: str) -> None:
        if self.recorder is None:
            self.table.apply(event)
        else:
            from dealer_console.store.models import Source

            self.recorder.apply(event, actor=manager, source=Source.FLOOR)

    def deal_hole_cards(self) -> bool:
        """Deal every player's hole cards from the deck, in deal order (those not dealt yet)."""
        def command() -> None:
            hand = self._require_hand()
            count = hand.game.variant.hole_cards
            seats = [seat for seat in hand.deal_order() if not hand.hole_cards(seat)] or list(hand.deal_order())
            for seat in seats:
                # a card leaves the deck only once its deal is recorded and applied
                cards = tuple(reversed(self._deck[-count:]))
                if self.hole_cards_seen:
                    self._play(HoleCardsDealt(seat=seat, cards=cards))
                else:
                    # face down: the cards leave the deck unseen; the hand learns them when they are shown
                    self._play(HoleCardsDealt(seat=seat, cards=(None,) * count))
                    self._face_down[seat] = cards
                del self._deck[-count:]
        return self._run(command)

    def face_down_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards the session's deck dealt face down to ``seat`` this hand (what the demo's simulated player holds).

        The hand does not know them and nothing is decided by them: a face-down hand is named when it is shown.
        """
        return self._face_down.get(seat, ())

    # ------------------------------------------------------------------ betting (the player to act)

    def _actor(self, verb: str) -> tuple[Hand, int]:
        hand = self._require_hand()
        if hand.actor is None:
            raise IllegalActionError("Nobody is to act now", action=verb)
        return hand, hand.actor

    def fold(self) -> bool:
        """The player to act folds."""
        return self._run(lambda: self._play(Folded(seat=self._actor("fold")[1])))

    def check(self) -> bool:
        """The player to act checks."""
        return self._run(lambda: self._play(Checked(seat=self._actor("check")[1])))

    def call(self) -> bool:
        """The player to act calls."""
        return self._run(lambda: self._play(Called(seat=self._actor("call")[1])))

    def bet(self, amount: int) -> bool:
        """The player to act bets ``amount``."""
        return self._run(lambda: self._play(BetPlaced(seat=self._actor("bet")[1], amount=amount)))

    def raise_to(self, amount: int) -> bool:
        """The player to act raises to a total of ``amount`` this round."""
        return self._run(lambda: self._play(RaisedTo(seat=self._actor("raise")[1], amount=amount)))

    def wager(self, amount: int) -> bool:
        """Bet or raise to ``amount``, whichever the player to act may do (the keypad's amount)."""
        def command() -> None:
            hand, seat = self._actor("bet")
            legal = hand.legal_actions()
            self._play(RaisedTo(seat=seat, amount=amount) if legal is not None and legal.can_raise else BetPlaced(seat=seat, amount=amount))
        return self._run(command)

    def all_in(self) -> bool:
        """The player to act puts every chip in."""
        return self._run(lambda: self._play(WentAllIn(seat=self._actor("go all-in")[1])))

    def discard(self, card: Card | str | int) -> bool:
        """Oklahoma: the seat owing a discard throws ``card`` (a card, its text, or its position in the hand)."""
        def command() -> None:
            hand = self._require_hand()
            seat = self.discarding_seat()
            if seat is None:
                raise IllegalActionError("No discard is owed now", action="discard")
            chosen: Card | None
            if isinstance(card, int):
                held = hand.hole_cards(seat)
                if not 0 <= card < len(held):
                    raise IllegalActionError(f"Seat {seat} holds {len(held)} cards, not {card + 1}", seat=seat, action="discard")
                chosen = held[card]
            else:
                chosen = parse_card(card) if isinstance(card, str) else card
            self._play(Discarded(seat=seat, card=chosen))
            physical = self._face_down.get(seat)
            if physical is not None:
                # the card thrown from a face-down hand leaves what the player holds (kept in order for an undo)
                index = physical.index(chosen) if chosen in physical else card if isinstance(card, int) and card < len(physical) else None
                self._thrown.append((seat, index, None if index is None else physical[index]))
                if index is not None:
                    self._face_down[seat] = physical[:index] + physical[index + 1:]
        return self._run(command)

    # ------------------------------------------------------------------ board, runs, showdown

    def deal_board(self, cards: Sequence[Card | str] | None = None) -> bool:
        """Deal the next street the engine waits for: ``cards`` the dealer typed, else the camera's reading, else the deck.

        The deck deals only while the console knows the cards (``hole_cards_seen``, the demo). At a real table a street no
        camera reads is refused with :class:`CardsNeeded` and the dealer types it (``cards``, recorded as the dealer's).
        """
        def command() -> None:
            self._require_hand()
            target = self.next_board()
            if target is None:
                raise IllegalActionError("No board card is due now", action="deal the board")
            count = STREET_CARDS[target.street]
            street = STREET_NAMES[target.street + 1] + (f" of run {target.run + 1}" if target.run else "")
            if cards is not None:
                typed = _named_cards(cards, count, what=f"The {street}", action=f"deal the {street}")
                self._play(BoardDealt(cards=typed, board=target.board, run=target.run))
                self._deck = [card for card in self._deck if card not in typed]
                return
            reason = "no camera reads the board"
            try:
                given = self.board_cards(target, count) if self.board_cards is not None else None
            except CardsUnread as unread:
                given, reason = None, str(unread)
            if given is not None:
                # the cards on the felt (read by the camera) leave the session's deck once their deal is recorded
                camera = given if isinstance(given, CameraCards) else CameraCards(tuple(given))
                self._play(BoardDealt(cards=camera.cards, board=target.board, run=target.run), from_camera=True, camera=camera, what=street)
                self._deck = [card for card in self._deck if card not in camera.cards]
                return
            if not self.hole_cards_seen:
                # a real table: the console's deck is a model, never the cards on the felt
                raise CardsNeeded(f"Type the {street} ({count} card{'s' if count > 1 else ''}): {reason}, and at a table dealt face down "
                                  "the console does not know the deck", request=CardRequest(count, target=target, reason=reason))
            self._play(BoardDealt(cards=tuple(reversed(self._deck[-count:])), board=target.board, run=target.run))
            del self._deck[-count:]
        return self._run(command)

    def upcoming_cards(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards the session's deck would deal, first dealt first (the demo felt lays them out)."""
        return tuple(reversed(self._deck[-count:])) if count > 0 else ()

    def choose_runs(self, seat: int, runs: int) -> bool:
        """A contender's choice of how many times to run the board (1, 2 or 3)."""
        return self._run(lambda: self._play(RunsChosen(seat=seat, runs=runs)))

    def show(self, seat: int, cards: Sequence[Card | str] | None = None) -> bool:
        """``seat`` tables its hand: the cards the hand knows, or, for cards dealt face down, ``cards`` the dealer typed, else
        those ``shown_cards`` reads; with neither, :class:`CardsNeeded` asks the dealer to type them."""
        def command() -> None:
            held = self._require_hand().hole_cards(seat)
            if not held:
                raise IllegalActionError(f"Seat {seat} cannot show: they hold no cards", seat=seat, action="show")
            if cards is not None:
                typed = _named_cards(cards, len(held), what=f"Seat {seat}'s hand", action="show", seat=seat)
                self._play(CardsShown(seat=seat, cards=typed))
                return
            if any(card is None for card in held):
                reason = "no camera reads them"
                try:
                    named = self.shown_cards(seat, len(held)) if self.shown_cards is not None else None
                except CardsUnread as unread:
                    named, reason = None, str(unread)
                if named is not None:
                    camera = named if isinstance(named, CameraCards) else CameraCards(tuple(named))
                    self._play(CardsShown(seat=seat, cards=camera.cards), from_camera=True, camera=camera, what=f"seat {seat}'s hand")
                    return
                raise CardsNeeded(f"Type seat {seat}'s {len(held)} cards: they were dealt face down and {reason}",
                                  request=CardRequest(len(held), seat=seat, reason=reason))
            self._play(CardsShown(seat=seat, cards=tuple(card for card in held if card is not None)))
        return self._run(command)

    def muck(self, seat: int) -> bool:
        """``seat`` throws its hand away at showdown."""
        return self._run(lambda: self._play(Mucked(seat=seat)))

    # ------------------------------------------------------------------ corrections

    def undo(self) -> bool:
        """Void the latest event of the hand; cards it dealt go back on top of the deck."""
        def command() -> None:
            hand = self._require_hand()
            if not hand.events_in_force:
                raise IllegalActionError("Nothing to undo", action="undo")
            latest = hand.events_in_force[-1]
            if isinstance(latest, BlindPosted) and latest.blind not in (BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI):
                raise IllegalActionError("The table's blinds and posts cannot be undone; declare a misdeal instead", action="undo")
            target = hand.undo_target
            assert target is not None
            self._play(Voided(target=target, reason="dealer's undo", by=self.dealer))
            if isinstance(latest, BoardDealt | HoleCardsDealt):
                self._deck.extend(card for card in reversed(latest.cards) if card is not None)
            if isinstance(latest, HoleCardsDealt) and latest.seat in self._face_down:
                self._deck.extend(reversed(self._face_down.pop(latest.seat)))
            if isinstance(latest, Discarded) and self._thrown and self._thrown[-1][0] == latest.seat:
                seat, index, thrown = self._thrown.pop()
                if index is not None and thrown is not None:
                    held = self._face_down[seat]
                    self._face_down[seat] = held[:index] + (thrown,) + held[index:]
        return self._run(command)

    def misdeal(self, reason: str = "misdeal declared by the dealer") -> bool:
        """Declare a misdeal: the hand is void, every chip goes back, the button does not move."""
        return self._run(lambda: self._play(MisdealDeclared(reason=reason)))
