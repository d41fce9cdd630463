"""The running table's devices without a screen: the overhead camera and the sensor boards, and what they mean for the hand.

A :class:`DeviceHub` starts the sensor boards' reader threads (:class:`SensorWatch`) and one camera thread
(:class:`CameraWorker`), and reports every state change and fault as a :class:`Notice`. The worker threads only read and
store; everything that touches the hand (``camera_view``, ``proposal``, ``accept_proposal``, ``confirm_card``, the
board-card hook the session calls when the dealer deals a street or a run's street, and the shown-cards hook it calls
when a hand dealt face down is shown) runs on the thread that owns the :class:`TableSession` (the UI thread), judged in
pure code (:mod:`dealer_console.live.card_judge`, :mod:`dealer_console.live.sensor_watch`). ``subscribe`` listeners are
called from any thread: a screen hands the call over to its own thread.

Rules (SPEC, Inputs): every device is an aid, never required; a camera reading below the confidence threshold is never
applied silently, it waits for the dealer to confirm or correct it; a bet read from chips is a proposal the dealer
accepts (raises are confirmed). The demo table runs the same hub on simulated devices:
:mod:`dealer_console.live.demo_devices`.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from dealer_console.engine.cards import Card, parse_card
from dealer_console.engine.errors import IllegalActionError
from dealer_console.engine.hand import Hand
from dealer_console.live.camera_evidence import camera_cards
from dealer_console.live.camera_feed import CameraFeed, CameraWorker
from dealer_console.live.camera_reads import RED, CameraView, CardRead
from dealer_console.live.camera_setup import CameraSetup
from dealer_console.live.card_judge import Judging, judge_sightings, run_row_cards, shown_reads, street_reads
from dealer_console.live.card_requests import BoardTarget, CameraCards, CardsUnread
from dealer_console.live.errors import NoCameraError
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.sensor_watch import BoardStatus, ButtonReading, SensorWatch, TurnBefore, ZoneRow, action_against_zone, zone_rows
from dealer_console.live.sensors import BetProposal, ProposedAction, SensorWarning, TableSensors
from dealer_console.live.table_session import TableSession
from dealer_console.live.zones import Zone
from drivers.board import BoardConfig

__all__ = ["DeviceHub"]

log = logging.getLogger(__name__)


class DeviceHub:
    """The table's camera and sensor boards on worker threads, and what their readings mean for the hand."""

    def __init__(self, session: TableSession, *, boards: Sequence[BoardConfig] = (), camera: CameraFeed | None = None,
                 threshold: float = 0.6) -> None:
        self.session = session
        self.camera = camera
        self.threshold = threshold
        """Camera readings below this confidence wait for the dealer (SPEC, Inputs)."""
        self.board_from_camera = camera is not None and camera.reads_cards
        """When on, the board cards the dealer deals come from the camera's reading (off: from the session's deck)."""
        self.runs_from_camera = True
        """Extra runs too are the camera's (each run's own cards in a row of its own below the first run's); off: from the deck."""
        self._runs = 1
        self.sensors = TableSensors(on_warning=lambda text: self._notice(NoticeLevel.WARNING, text))
        self.watch = SensorWatch(boards, self.sensors, on_change=self._changed, on_notice=self._notice)
        self._listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[Notice], None]] = []
        self._worker = None if camera is None else CameraWorker(lambda: self.camera or camera, threshold=lambda: self.threshold,
                                                                 on_change=self._changed, on_notice=self._notice)
        self._confirmed: dict[tuple[Zone, int], tuple[Card | None, Card]] = {}
        self._confirmers: dict[tuple[Zone, int], tuple[str, datetime]] = {}
        """Who confirmed the card at each place and when (read only for places still in ``_confirmed``)."""
        self._warned: set[tuple[Zone, int, str]] = set()
        self._before = TurnBefore()
        self._unsubscribe: Callable[[], None] | None = None
        self.setup: CameraSetup | None = None
        """A real camera's calibration and deck (``None`` for the demo's camera): what the setup dialogs change."""
        self.seat_lights = True
        """Light the seat to act on the sensor boards ("action on seat 4"; SPEC, Inputs)."""

    # ------------------------------------------------------------------ lifetime

    def start(self) -> None:
        """Open the boards and the camera on their own threads; hook into the session's board deals."""
        self.watch.start()
        if self._worker is not None:
            self._worker.start()
            self.session.board_cards = self._board_cards
            self.session.shown_cards = self._shown_cards
        self._unsubscribe = self.session.subscribe(self._on_session_change)
        self._on_session_change(self.session)

    def stop(self) -> None:
        """Stop the threads and close the devices (waits for the threads)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.session.board_cards == self._board_cards:
            self.session.board_cards = None
        if self.session.shown_cards == self._shown_cards:
            self.session.shown_cards = None
        self.watch.stop()
        if self._worker is not None:
            self._worker.stop()

    def __enter__(self) -> DeviceHub:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ listeners (any thread)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever a reading, a device state or the hand changes; called from any thread."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def subscribe_notices(self, listener: Callable[[Notice], None]) -> Callable[[], None]:
        """Call ``listener(notice)`` for every device state change, fault and disagreement; called from any thread."""
        self._notice_listeners.append(listener)
        return lambda: self._notice_listeners.remove(listener) if listener in self._notice_listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a screen's fault must not stop the device threads that call it
                log.exception("device listener %r failed", listener)

    def _notice(self, level: NoticeLevel, text: str, seat: int | None = None) -> None:
        for listener in list(self._notice_listeners):
            try:
                listener(Notice(level, text, seat))
            except Exception:  # a screen's fault must not stop the device threads that call it
                log.exception("notice listener %r failed", listener)

    # ------------------------------------------------------------------ camera, on the session's thread

    def use_setup(self, setup: CameraSetup) -> None:
        """Read the camera from now on as ``setup`` says (a table just calibrated, a deck just taught); the reads start afresh."""
        if self.camera is None or self._worker is None:
            raise NoCameraError("use a camera setup")
        reading = setup.reading()
        was_reading = self.camera.reads_cards
        self.setup = setup
        self.camera = dataclasses.replace(self.camera, zones=reading.zones, recognizer=reading.recognizer, reads_cards=reading.reads_cards,
                                          mode=reading.mode)
        if reading.reads_cards != was_reading:
            self.board_from_camera = reading.reads_cards
        self._worker.read_afresh()
        self._confirmed.clear()
        self._changed()

    def camera_view(self, *, in_command: bool = False) -> CameraView | None:
        """The latest frame with every card read placed and judged against the hand (``None`` without a camera).

        While the session is busy with a command on its recorder's thread the hand is not read (the reads are
        judged among themselves only); ``in_command`` is for the session's own hook, which runs inside the command.
        """
        if self.camera is None or self._worker is None:
            return None
        snapshot = self._worker.snapshot()
        hand = self.session.hand if in_command or not self.session.busy else None
        if hand is not None:
            self._runs = max(1, hand.planned_runs())
        size = None if snapshot.image is None else (int(snapshot.image.shape[1]), int(snapshot.image.shape[0]))
        judging = Judging(self.threshold, self.camera.stable_frames, self._runs)
        reads = judge_sightings(snapshot.sightings, size=size, hand=hand, zones=self.camera.zones, judging=judging, confirmed=self._confirmed)
        for read in reads:
            if read.status in RED and (read.zone, read.slot, read.note) not in self._warned:
                self._warned.add((read.zone, read.slot, read.note))
                self._notice(NoticeLevel.WARNING, f"Camera, {read.zone} card {read.slot + 1}: {read.note}")
        return CameraView(snapshot.image, snapshot.seq, snapshot.status, snapshot.detail, tuple(reads), self.threshold)

    def confirm_card(self, read: CardRead, card: Card | str) -> None:
        """The dealer confirms (or corrects) the card at ``read``'s place; it counts as long as the camera's guess there stays.

        The dealer on duty (the session's signed-in dealer) and the time are kept with the card's reading when it is recorded.
        """
        chosen = parse_card(card) if isinstance(card, str) else card
        if chosen is None:
            raise IllegalActionError("Name the card, like As or Td", action="confirm a card")
        self._confirmed[read.key] = (read.sighting.best, chosen)
        self._confirmers[read.key] = (self.session.dealer, datetime.now(UTC))
        self._changed()

    def _reading_view(self, view: CameraView | None) -> CameraView:
        """``view`` if a camera that reads cards gave it; else :class:`CardsUnread` saying why (the dealer types the cards)."""
        if view is None or self.camera is None or self._worker is None:
            raise CardsUnread("no camera is configured")
        if not self.camera.reads_cards:
            raise CardsUnread(f"the camera reads no card ({self.camera.mode or 'it shows its picture only'})")
        problem = self._worker.reading_problem
        if problem is not None:
            raise CardsUnread(f"the camera cannot read the cards ({problem})")
        return view

    def _board_cards(self, target: BoardTarget, count: int) -> CameraCards | None:
        """The session's hook: the street's cards as the camera reads them, with the pictures they were read on; refuses what
        waits for the dealer (:func:`street_reads`).

        Raises :class:`CardsUnread` with the reason when the camera gives no reading (the console's deck deals if it knows the
        cards, else the dealer types them).
        """
        hand = self.session.hand
        view = self.camera_view(in_command=True)
        if hand is None:
            return None
        view = self._reading_view(view)
        if not self.board_from_camera:
            raise CardsUnread("'Board from camera' is off")
        if target.run and not self.runs_from_camera:
            raise CardsUnread("extra runs are not read from the camera")
        reads = street_reads(view, hand, target, count, can_type=not self.session.hole_cards_seen)
        return camera_cards(reads, threshold=self.threshold, confirmers=self._confirmers_now())

    def _shown_cards(self, seat: int, count: int) -> CameraCards | None:
        """The session's hook for a hand it has not seen: the cards the camera reads in the seat's showdown zone, left to right
        (:func:`shown_reads`); :class:`CardsUnread` without a camera that reads cards or without a picture (the session then
        asks the dealer to type them)."""
        view = self._reading_view(self.camera_view(in_command=True))
        return camera_cards(shown_reads(view, seat, count), threshold=self.threshold, confirmers=self._confirmers_now())

    def _confirmers_now(self) -> dict[tuple[Zone, int], tuple[str, datetime]]:
        """Who confirmed each place still confirmed, and when: recorded with the card's reading."""
        confirmed = dict(self._confirmed)
        return {key: who for key, who in dict(self._confirmers).items() if key in confirmed}

    # ------------------------------------------------------------------ sensors, on the session's thread

    def board_statuses(self) -> list[BoardStatus]:
        """Every configured sensor board and its state."""
        return self.watch.statuses()

    def button(self) -> ButtonReading:
        """The button sensor against the console's button."""
        reading, plan = self.sensors.button, self.session.plan
        console = None if plan is None or self.session.busy else plan.button
        return ButtonReading(reading is not None, None if reading is None else reading.seat, console)

    def button_reading(self) -> tuple[str, bool | None]:
        """The button sensor against the console's button, in words, and whether they agree (``None``: no reading or no hand)."""
        reading = self.button()
        return reading.text, reading.agrees

    def zone_rows(self) -> list[ZoneRow]:
        """Each seat in the hand: its zone against the chips the hand has in front (and the call, for the seat to act)."""
        hand = self.session.hand
        if hand is None or self.session.busy:
            return []
        return zone_rows(hand, self.sensors.zone, {seat: view.player for seat, view in self.session.table.seats.items()})

    def proposal(self) -> BetProposal | SensorWarning | None:
        """What the bet zone of the seat to act means now (``None``: no reading, or nothing put out yet)."""
        hand = self.session.hand
        if hand is None or hand.is_complete or self.session.busy:
            return None
        return self.sensors.propose(hand)

    def accept_proposal(self, shown: BetProposal | None = None) -> bool:
        """Apply the bet read from chips through the session (the dealer's tap; for a raise, the dealer's confirmation).

        ``shown`` is the proposal the dealer saw: if the chips say something else by now, nothing is applied.
        """
        proposal = self.proposal()
        if not isinstance(proposal, BetProposal):
            text = proposal.message if isinstance(proposal, SensorWarning) else "No bet is read from the chips of the seat to act"
            self.session.notify(Notice(NoticeLevel.ERROR, text))
            return False
        if shown is not None and shown != proposal:
            self.session.notify(Notice(NoticeLevel.ERROR, f"The chips changed: seat {proposal.seat} now reads {proposal.action.value} "
                                                          f"{proposal.amount_to}; look again and accept"))
            self._changed()
            return False
        match proposal.action:
            case ProposedAction.CHECK:
                return self.session.check()
            case ProposedAction.CALL:
                return self.session.call()
            case ProposedAction.BET:
                return self.session.bet(proposal.amount_to)
            case ProposedAction.RAISE:
                return self.session.raise_to(proposal.amount_to)
            case ProposedAction.ALL_IN:
                return self.session.all_in()

    def _on_session_change(self, session: TableSession) -> None:
        """Compare the dealer's action with the zone, note where the action is now, drop stale confirmations; wake the screen."""
        if session.busy:
            return  # the recorder's thread is changing the session; its acknowledgement calls again
        hand, plan = session.hand, session.plan
        before = self._before
        number = plan.number if plan is not None else None
        if hand is not None and number == before.hand_number and before.actor is not None and len(hand.events) > before.events:
            warning = action_against_zone(hand, before, self.sensors.zone(before.actor))
            if warning is not None:
                self._notice(NoticeLevel.WARNING, warning, before.actor)
        if number != before.hand_number:
            self._confirmed.clear()
            self._warned.clear()
        if self._worker is not None:
            self._worker.table_empty(hand is not None and _nothing_dealt(hand))
        if hand is not None:
            self._runs = max(1, hand.planned_runs())
            for run in range(hand.run_count):
                for board in range(len(hand.boards(run))):
                    for slot in range(len(run_row_cards(hand, run, board))):
                        self._confirmed.pop((Zone.of_board(board, run), slot), None)
        legal = hand.legal_actions() if hand is not None else None
        actor = legal.seat if legal is not None else None
        if self.seat_lights:
            self.watch.light(actor)
        if hand is not None and legal is not None:  # (a busy session is never read: see the guard above)
            if legal.seat != before.actor or number != before.hand_number:
                self.sensors.mark_turn(legal.seat)
            in_front = hand.bets[legal.seat]
            self._before = TurnBefore(legal.seat, in_front, in_front + legal.call_amount, in_front + hand.stacks[legal.seat],
                                      len(hand.events), number)
        else:
            self._before = TurnBefore(hand_number=number, events=len(hand.events) if hand is not None else 0)
        self._changed()


def _nothing_dealt(hand: Hand) -> bool:
    """No card of the hand is on the table yet: no hole card dealt, no board card."""
    return not any(hand.hole_cards(seat) for seat in hand.seats) and not any(any(board) for board in hand.boards(0))
