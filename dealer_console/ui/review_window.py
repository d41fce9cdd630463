"""The floor's review window (``dealer-console review``): find a hand, step through it, correct, rule, report.

Reads a store (a table's SQLite, a PostgreSQL store) or the card room's shipped log on its
PostgreSQL (:class:`~dealer_console.floor.room_source.RoomSource`: every table, refreshed live by
polling). Reading the database and verifying a table's chain run on a worker thread, never on the
UI thread; what they find comes back through queued signals.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from dealer_console.engine.events import Event
from dealer_console.floor.facade import (
    ChainReport,
    DisputeKind,
    EvidenceItem,
    HandQuery,
    HandReview,
    ReviewSource,
    StaffMember,
    StoreError,
    dispute_report_html,
)
from dealer_console.ui.review_correction_dialog import ReviewCorrectionDialog
from dealer_console.ui.review_event_detail import ReviewEventDetail
from dealer_console.ui.review_outcome import ReviewOutcome
from dealer_console.ui.review_pdf import write_report_pdf
from dealer_console.ui.review_ruling_dialog import ReviewRulingDialog
from dealer_console.ui.review_search_panel import ReviewSearchPanel
from dealer_console.ui.review_table_view import ReviewTableView
from dealer_console.ui.review_timeline import ReviewTimeline
from dealer_console.ui.sentences import game_title, translate_sentence

__all__ = ["ReviewWindow", "run_review"]


class _Relay(QObject):
    done = Signal(object, object, object)
    """(tag, result, error) from a worker thread."""


class _Job(QRunnable):
    def __init__(self, relay: _Relay, tag: str, work: Callable[[], Any]) -> None:
        super().__init__()
        self.relay, self.tag, self.work = relay, tag, work

    def run(self) -> None:
        try:
            result = self.work()
        except Exception as error:  # handed to the UI thread, which says what went wrong
            self.relay.done.emit(self.tag, None, error)
        else:
            self.relay.done.emit(self.tag, result, None)


class ReviewWindow(QMainWindow):
    """Search on the left; the table as it was, the timeline, the chosen event and the outcome on the right."""

    def __init__(self, source: ReviewSource, staff: StaffMember, *, reportable_threshold: int = 50000, poll_ms: int = 2000,
                 four_colour: bool = True) -> None:
        super().__init__()
        self.setObjectName("review_window")
        self.source, self.staff, self.reportable_threshold, self.four_colour = source, staff, reportable_threshold, four_colour
        self.setWindowTitle(self.tr("Floor review — {0} — {1}").format(source.where, staff.name))
        self.review: HandReview | None = None
        self.verified: ChainReport | None = None
        self.last_query = HandQuery(limit=200)
        self._pool = QThreadPool()
        self._pool.setMaxThreadCount(2)
        self._relay = _Relay()
        self._relay.done.connect(self._on_job_done)
        self._refreshing = False
        self._pending_table: int | None = None
        self._verifying = 0
        """The number of the latest verification asked for; an older one finishing late is ignored."""
        self.status = QLabel("")
        self.status.setObjectName("review_status")
        self.statusBar().addWidget(self.status, 1)
        self._build_layout()
        self._connect_buttons()
        QShortcut(QKeySequence("Right"), self, self.step_next)
        QShortcut(QKeySequence("Left"), self, self.step_previous)
        self._enable_hand_actions(False)
        self.search_panel.show_tables(source.tables())
        self.poll = QTimer(self)
        self.poll.setInterval(poll_ms)
        self.poll.timeout.connect(self.refresh_now)
        if poll_ms > 0:
            self.poll.start()

    def _build_layout(self) -> None:
        """The search panel on the left and the hand's column on the right."""
        self.search_panel = ReviewSearchPanel()
        self.search_panel.search_requested.connect(self.search)
        self.search_panel.hand_chosen.connect(self.open_hand)
        right = QWidget()
        column = QVBoxLayout(right)
        self._build_hand_column(column)
        splitter = QSplitter()
        splitter.addWidget(self.search_panel)
        splitter.addWidget(right)
        splitter.setSizes([380, 1300])
        self.setCentralWidget(splitter)

    def _build_hand_column(self, column: QVBoxLayout) -> None:
        """The right-hand column: title, integrity, the table as it was, the step buttons, timeline, detail, outcome."""
        self.title = QLabel(self.tr("Search for a hand, then open it"))
        self.title.setObjectName("review_title")
        self.title.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.integrity = QLabel("")
        self.integrity.setObjectName("integrity")
        self.integrity.setWordWrap(True)
        self.integrity.setMinimumWidth(240)  # it wraps to the column: as wide as 80 characters, it widened the window past 1280 px
        column.addWidget(self.title)
        column.addWidget(self.integrity)
        self.table_view = ReviewTableView()
        column.addWidget(self.table_view, 3)
        steps = QHBoxLayout()
        self.first_button = QPushButton(self.tr("|< First"))
        self.previous_button = QPushButton(self.tr("< Previous"))
        self.next_button = QPushButton(self.tr("Next >"))
        self.last_button = QPushButton(self.tr("Last >|"))
        self.step_label = QLabel("")
        self.step_label.setObjectName("step_label")
        self.correct_button = QPushButton(self.tr("Correct this event…"))
        self.correct_button.setObjectName("correct_button")
        self.ruling_button = QPushButton(self.tr("Record a ruling…"))
        self.ruling_button.setObjectName("ruling_button")
        self.html_button = QPushButton(self.tr("Report (HTML)…"))
        self.pdf_button = QPushButton(self.tr("Report (PDF)…"))
        for button in (self.first_button, self.previous_button, self.next_button, self.last_button):
            steps.addWidget(button)
        steps.addWidget(self.step_label, 1)
        column.addLayout(steps)
        acts = QHBoxLayout()  # a row of its own: beside the steps they would not fit a 1280-pixel screen
        for button in (self.correct_button, self.ruling_button, self.html_button, self.pdf_button):
            acts.addWidget(button)
        acts.addStretch(1)
        column.addLayout(acts)
        lower = QSplitter()
        self.timeline = ReviewTimeline()
        self.timeline.step_chosen.connect(self.go_to_position)
        self.detail = ReviewEventDetail()
        self.outcome = ReviewOutcome()
        lower.addWidget(self.timeline)
        lower.addWidget(self.detail)
        lower.addWidget(self.outcome)
        lower.setSizes([700, 350, 450])
        column.addWidget(lower, 2)

    def _connect_buttons(self) -> None:
        """The step, correction, ruling and report buttons wired to what they do."""
        self.first_button.clicked.connect(lambda: self.go_to_position(0))
        self.previous_button.clicked.connect(self.step_previous)
        self.next_button.clicked.connect(self.step_next)
        self.last_button.clicked.connect(lambda: self.go_to_position(len(self.review.steps) - 1 if self.review else 0))
        self.correct_button.clicked.connect(lambda: self.open_correction_dialog().open())
        self.ruling_button.clicked.connect(lambda: self.open_ruling_dialog().open())
        self.html_button.clicked.connect(lambda: self._export_chosen("html"))
        self.pdf_button.clicked.connect(lambda: self._export_chosen("pdf"))

    # ------------------------------------------------------------------ background work

    def _run(self, tag: str, work: Callable[[], Any]) -> None:
        self._pool.start(_Job(self._relay, tag, work))

    def _verify(self, table_id: int) -> None:
        """Verify the table's whole chain on a worker thread (the banner shows the result)."""
        self._verifying += 1
        source = self.source
        self._run(f"verify:{self._verifying}", lambda: source.verify_table(table_id))

    def wait_for_background(self, msecs: int = 30000) -> bool:
        """Wait for background reads to finish (their results arrive with the next events processed)."""
        return bool(self._pool.waitForDone(msecs))

    def refresh_now(self) -> None:
        """Ask the source for new events (on a worker thread); the current search is run again when some arrived."""
        if not self._refreshing:
            self._refreshing = True
            self._run("refresh", self.source.refresh)

    def _on_job_done(self, tag: str, result: Any, error: BaseException | None) -> None:
        if tag == "refresh":
            self._refreshing = False
            if error is not None:
                self.status.setText(self.tr("Cannot read {0}: {1}").format(self.source.where, translate_sentence(str(error))))
                return
            if result:
                self.status.setText(self.tr("%n new event(s) read from {0}", "", int(result)).format(self.source.where))
                self.search_panel.show_tables(self.source.tables())
                self.search(self.last_query)
            return
        if tag.startswith("verify:"):
            if tag != f"verify:{self._verifying}":
                return
            if error is not None:
                self.verified = None
                self._show_integrity(self.tr("the table's log could not be verified: {0}").format(translate_sentence(str(error))), broken=True)
                return
            assert isinstance(result, ChainReport)
            self.verified = result
            self._show_integrity("\n".join(translate_sentence(line) for line in result.describe().splitlines()), broken=not result.intact)

    def _show_integrity(self, text: str, *, broken: bool) -> None:
        problems = self.review.link_problems if self.review is not None else []
        if problems:
            broken = True
            text = "; ".join(problems) + ("; " + text if text else "")
        elif self.review is None and self._pending_table is not None and self.integrity.text().startswith(self.tr("LOG ALTERED: ")):
            broken = True
            text = self.integrity.text().removeprefix(self.tr("LOG ALTERED: ")) + "; " + text
        self.integrity.setText((self.tr("LOG ALTERED: ") if broken else self.tr("Log verified: ")) + text)
        self.integrity.setStyleSheet("background: #ffd6d6; color: #900; font-weight: bold;" if broken
                                     else "background: #e2f5e2; color: #060;")

    # ------------------------------------------------------------------ search and open

    def search(self, query: HandQuery) -> None:
        """Run a search and list what it finds."""
        self.last_query = query
        try:
            found = self.source.search_hands(query)
        except Exception as error:  # the database's refusal, shown in words
            self.search_panel.message.setText(self.tr("Not searched: {0}").format(translate_sentence(str(error))))
            return
        self.search_panel.show_results(found, {table.id: table.name for table in self.source.tables()})

    def open_hand(self, hand_id: int) -> None:
        """Read and replay a hand; check its own links at once and the table's whole chain in the background."""
        try:
            review = HandReview.load(self.source, hand_id)
        except StoreError as error:  # unreadable, or no longer replayable (ReplayError): named with the reason, links checked
            self.status.setText(self.tr("Cannot open hand id {0}: {1}").format(hand_id, translate_sentence(str(error))))
            self._explain_unreadable(hand_id, error)
            return
        self._show_review(review)
        self.verified = None
        self._show_integrity(self.tr("verifying the table's whole log…"), broken=False)
        self._verify(review.summary.table_id)

    def _explain_unreadable(self, hand_id: int, error: BaseException) -> None:
        """A hand that does not replay: say whether its events were changed in the database, and verify the table."""
        self.review = None
        self._enable_hand_actions(False)
        try:
            summary = self.source.hand(hand_id)
            problems = self.source.check_links(summary.table_id, [event.seq for event in self.source.hand_events(hand_id)])
        except Exception as second:  # the database itself cannot be read
            self._show_integrity(self.tr("hand id {0} cannot be read: {1}").format(hand_id, second), broken=True)
            return
        self.title.setText(self.tr("Hand id {0} (table {1}, #{2}) cannot be replayed").format(hand_id, summary.table_id, summary.number))
        replays = self.tr("the events' hashes hold, but the hand does not replay: {0}")
        self._show_integrity("; ".join(problems) if problems else replays.format(translate_sentence(str(error))), broken=True)
        self.verified = None
        self._verify(summary.table_id)
        self._pending_table = summary.table_id

    def _show_review(self, review: HandReview) -> None:
        self.review = review
        s = review.summary
        names = {table.id: table.name for table in self.source.tables()}
        self.title.setText(self.tr("{0}, hand #{1}: {2}, blinds {3}/{4}, {5}").format(
            names.get(s.table_id, self.tr("table {0}").format(s.table_id)), s.number, game_title(s.game, s.structure), s.small_blind, s.big_blind,
            QCoreApplication.translate("HandStatus", s.status.value)) + (self.tr(", FLAGGED") if s.flagged else ""))
        self.timeline.show_steps(review.steps)
        self._windows = review.windows()
        self.outcome.show_review(review, self._windows)
        self._enable_hand_actions(True)
        self.go_to_position(review.position)

    def _enable_hand_actions(self, on: bool) -> None:
        writable = on and self.source.writable
        for button in (self.first_button, self.previous_button, self.next_button, self.last_button, self.html_button, self.pdf_button):
            button.setEnabled(on)
        rules = on and (writable or getattr(self.source, "records_rulings", False))  # the room records rulings of its own
        for button, enabled in ((self.correct_button, writable), (self.ruling_button, rules)):
            button.setEnabled(enabled)
            button.setToolTip("" if enabled or not on else self.tr("the card room's log is written by the tables' consoles only"))

    # ------------------------------------------------------------------ stepping

    def go_to_position(self, index: int) -> None:
        """Show the step at ``index``: the table as it was after it, the event in full."""
        review = self.review
        if review is None or not 0 <= index < len(review.steps):
            return
        review.position = index
        step = review.current
        hand = review.hand_at(index)
        self.table_view.show_hand(hand, review.players, four_colour=self.four_colour)
        evidence: EvidenceItem | None = review.evidence_of(step) if step.event.evidence_sha256 else None
        self.detail.show_step(step, evidence)
        self.timeline.show_position(index)
        self.step_label.setText(self.tr("event {0} of {1} (seq {2})").format(index + 1, len(review.steps), step.seq))

    def step_next(self) -> None:
        if self.review is not None and self.review.position + 1 < len(self.review.steps):
            self.go_to_position(self.review.position + 1)

    def step_previous(self) -> None:
        if self.review is not None and self.review.position > 0:
            self.go_to_position(self.review.position - 1)

    # ------------------------------------------------------------------ the floor's acts

    def open_correction_dialog(self) -> ReviewCorrectionDialog:
        """The correction dialog for the current event (the caller shows it)."""
        assert self.review is not None
        return ReviewCorrectionDialog(self.review, self.review.current, by=self.staff.name, record=self._record_correction, parent=self)

    def _record_correction(self, target_seq: int, replacement: Event | None, reason: str) -> None:
        assert self.review is not None
        self._after_act(self.review.record_correction(target_seq, replacement, reason=reason, by=self.staff),
                        self.tr("correction of seq {0} recorded").format(target_seq))

    def open_ruling_dialog(self) -> ReviewRulingDialog:
        """The ruling dialog for the open hand (the caller shows it)."""
        assert self.review is not None
        return ReviewRulingDialog(self.review.windows(), reportable_threshold=self.reportable_threshold, record=self._record_ruling,
                                  parent=self)

    def _record_ruling(self, rule: str, decision: str, pot_held: bool, amount: int, dispute: DisputeKind) -> None:
        assert self.review is not None
        self._after_act(self.review.record_ruling(by=self.staff, rule=rule, decision=decision, pot_held=pot_held,
                                                  disputed_amount=amount, dispute=dispute), self.tr("ruling recorded"))

    def _after_act(self, review: HandReview, what: str) -> None:
        self._show_review(review)
        self.status.setText(self.tr("{0} by {1}").format(what, self.staff.name))
        self.verified = None
        self._verify(review.summary.table_id)

    # ------------------------------------------------------------------ reports

    def report_html(self) -> str:
        """The open hand's dispute report (the verification already made in the background, if finished)."""
        assert self.review is not None
        return dispute_report_html(self.review, verification=self.verified)

    def export_html(self, path: Path | str) -> Path:
        target = Path(path)
        target.write_text(self.report_html(), encoding="utf-8")
        self.status.setText(self.tr("report written to {0}").format(target))
        return target

    def export_pdf(self, path: Path | str) -> Path:
        assert self.review is not None
        s = self.review.summary
        target = write_report_pdf(self.report_html(), path, title=f"Dispute report: table {s.table_id}, hand #{s.number}")
        self.status.setText(self.tr("report written to {0}").format(target))
        return target

    def _export_chosen(self, kind: str) -> None:
        if self.review is None:
            return
        s = self.review.summary
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Dispute report ({0})").format(kind.upper()), f"dispute-table{s.table_id}-hand{s.number}.{kind}")
        if not path:
            return
        try:
            (self.export_pdf if kind == "pdf" else self.export_html)(path)
        except OSError as error:
            self.status.setText(self.tr("Report not written: {0}").format(error))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.poll.stop()
        self._pool.waitForDone(10000)
        super().closeEvent(event)


def run_review(*, database: str | None, config: str | None, room: bool, quit_after_ms: int | None = None, poll_ms: int = 2000) -> int:
    """``dealer-console review``: open the database (or the card room's log), sign a floor manager in, run the window."""
    import sys

    from PySide6.QtWidgets import QApplication, QDialog

    from dealer_console.config import ConfigError, load_settings
    from dealer_console.floor.facade import OpenReview, StoreError, open_review
    from dealer_console.ui.sign_in_dialog import SignInDialog

    review: OpenReview | None = None
    try:
        # the database is opened (and the room's log first read) before any window exists, never on the running UI thread
        settings = load_settings(config, overrides={"store": {"database_url": database}})
        if room:
            if not settings.store.database_url:
                print("dealer-console review --room: give the card room's PostgreSQL with --database URL", file=sys.stderr)
                return 2
        review = open_review(settings.store, room=room)
        app = QApplication.instance() or QApplication(sys.argv[:1])
        assert isinstance(app, QApplication)
        sign_in = SignInDialog(review.sign_in, floor=True, purpose="Floor review: only a floor manager opens it.")
        if quit_after_ms is not None:
            QTimer.singleShot(quit_after_ms, sign_in.reject)
        if sign_in.exec() != QDialog.DialogCode.Accepted or sign_in.member is None:
            return 1
        window = ReviewWindow(review.source, sign_in.member, reportable_threshold=settings.store.reportable_threshold, poll_ms=poll_ms)
        window.resize(1700, 1000)
        window.show()
        if quit_after_ms is not None:
            QTimer.singleShot(quit_after_ms, window.close)
        return int(app.exec())
    except (StoreError, ConfigError) as error:
        print(f"dealer-console review: {error}", file=sys.stderr)
        return 2
    finally:
        if review is not None:
            review.close()
