"""The floor's review window (issue 8, done-when 2 and 3), offscreen with pytest-qt, on a real SQLite store.

Sources: SPEC.md, Records and review (find any hand; step through it; every input with its source,
the camera's with its frame; why each pot went where; corrections and rulings are new events; the
ruling's rule, decision, pot held and reportable flag; dispute windows; HTML or PDF report; any edit
is detected). The hand is the one of tests/floor/hands.py, worked out in its docstring: seat 1
(AsAhKsKh) wins the 4-chip pot from seat 2 (QdQcJdJc) on 2c 7d 9s 3h 4c with a pair of aces.
The correction: the camera misread the flop's first card, which was the Qs: with Qs 7d 9s 3h 4c,
seat 2 has three queens (Qd Qc + Qs 9s 7d) and seat 1 still one pair of aces, so the pot goes to
seat 2: final stacks 98 / 102 instead of 102 / 98.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QDialogButtonBox
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from dealer_console.cli import main
from dealer_console.config import StoreSettings
from dealer_console.floor.source import StoreSource
from dealer_console.store import Store
from dealer_console.ui.review_window import ReviewWindow
from dealer_console.ui.sign_in_dialog import SignInDialog
from tests.floor.hands import Disputed, record_disputed_hand


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Store, Disputed]]:
    url = f"sqlite:///{tmp_path / 'floor.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=tmp_path / "data")) as store:
        disputed = record_disputed_hand(store)
        store.flag_hand(disputed.table_id, 1, reason="seat 2 says the flop was misread", by="Dana")
        other = record_disputed_hand_elsewhere(store)
        assert other != disputed.table_id
        yield url, store, disputed


def record_disputed_hand_elsewhere(store: Store) -> int:
    """A second table with one unflagged hand, so the search has something to leave out."""
    from dealer_console.store import open_hand
    from tests.support.hands import make_hand

    table_id = store.create_table("Table 2")
    recorded = open_hand(store, table_id, make_hand({3: 50, 4: 50}, button=3).setup, players={3: "Carol", 4: "Dave"}, post_blinds=True)
    return recorded.table_id


def pdftoppm_or_skip() -> str:
    found = shutil.which("pdftoppm")
    if found is None or shutil.which("pdftotext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true requires poppler-utils (pdftoppm, pdftotext) to check the PDF report", pytrace=False)
        pytest.skip("pdftoppm / pdftotext not installed (apt-get install poppler-utils): the PDF cannot be rendered to check it")
    return found


def red_pixels(image: QImage) -> int:
    """Pixels of the evidence image's red (the rest of the report is black, grey and white)."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            count += colour.red() > 180 and colour.green() < 80 and colour.blue() < 80
    return count


def test_sign_in_refuses_a_wrong_pin_and_a_dealer_and_lets_a_floor_manager_in(qtbot: QtBot, database: tuple[str, Store, Disputed]) -> None:
    """SPEC Records: dealers and floor managers sign in; only a floor manager reviews and rules (issue 8)."""
    _, store, _ = database
    dialog = SignInDialog(store.sign_in, floor=True, purpose="Floor review")
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    for name, pin, expected in (("Flo", "0000", "unknown name or wrong PIN"), ("Dana", "1111", "a floor manager must sign in"),
                                ("", "", "Type the name")):
        dialog.name_edit.setText(name)
        dialog.secret_edit.setText(pin)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.buttons.isEnabled() and dialog.message.text() != "Checking…")
        assert expected in dialog.message.text() and dialog.member is None
        assert dialog.secret_edit.text() == "" or not name, "the PIN field is cleared after each try"
    dialog.name_edit.setText("Flo")
    dialog.secret_edit.setText("floor-1")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result() == QDialog.DialogCode.Accepted)
    assert dialog.member is not None and dialog.member.name == "Flo"


def test_the_floor_finds_steps_through_corrects_rules_on_and_reports_a_disputed_hand(
    qtbot: QtBot, database: tuple[str, Store, Disputed], tmp_path: Path,
) -> None:
    """Issue 8, done-when 2 and 3: find the flagged hand by player, step to the camera's flop (its image shown), correct
    the misread card (a new event; pots and stacks recomputed, before and after shown), rule (rule, decision, pot held,
    reportable), export HTML and PDF (rendered with pdftoppm and read back), and verify-log still passes."""
    pdftoppm = pdftoppm_or_skip()
    url, store, disputed = database
    manager = store.sign_in("Flo", "floor-1")
    window = ReviewWindow(StoreSource(store), manager, reportable_threshold=store.settings.reportable_threshold, poll_ms=0)
    qtbot.addWidget(window)
    window.show()

    # find: a bad field is refused in words; then by player and flag
    panel = window.search_panel
    panel.min_pot.setText("four")
    qtbot.mouseClick(panel.search_button, Qt.MouseButton.LeftButton)
    assert "Pot at least: 'four' is not a whole number of chips" in panel.message.text()
    panel.min_pot.setText("")
    panel.player.setText("Alice")
    panel.flagged.setChecked(True)
    qtbot.mouseClick(panel.search_button, Qt.MouseButton.LeftButton)
    assert [hand.id for hand in panel.found] == [disputed.recorded.hand_id]
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    review = window.review
    assert review is not None and "hand #1" in window.title.text() and "FLAGGED" in window.title.text()
    qtbot.waitUntil(lambda: window.integrity.text().startswith("Log verified"), timeout=10000)

    # step through, event by event, with the table drawn as it was
    seen: dict[int, dict[str, str]] = {}
    while True:
        seen[review.current.seq] = window.table_view.texts()
        if review.current.seq == 12:
            assert "camera" in window.detail.text.text() and "camera 1" in window.detail.text.text()
            assert not window.detail.image.pixmap().isNull(), "the camera's frame is shown with the event"
        if review.position + 1 == len(review.steps):
            break
        qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)
    assert "94" in seen[7]["seat 1"] and "bet 6" in seen[7]["seat 1"]  # the mistaken raise, as it was on the table
    assert "99" in seen[8]["seat 1"] and "bet 1" in seen[8]["seat 1"]  # the floor's void put it back
    assert "Total in the middle 4" in seen[10]["pots"]
    assert "Pair of Aces" in seen[25]["pots"] and "102" in seen[25]["seat 1"]
    assert window.timeline.rowCount() == len(review.steps) and window.timeline.row_texts(6)[2] == "floor"

    # correct the flop the camera misread: a new event, recomputed, before and after
    window.go_to_position(next(i for i, step in enumerate(review.steps) if step.seq == 12))
    dialog = window.open_correction_dialog()
    qtbot.addWidget(dialog)
    dialog.fields["cards"].setText("Qs7d9x")
    dialog.reason.setText("camera misread the Qs as the 2c (surveillance checked)")
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert "Refused" in dialog.outcome.text() and not dialog.record_button.isEnabled()
    dialog.fields["cards"].setText("Qs7d9s")
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert "4 to seat 1 (4) with Pair of Aces" in dialog.outcome.text() and "4 to seat 2 (4) with Three Queens" in dialog.outcome.text()
    assert "seat 1: 102 → 98" in dialog.outcome.text() and "seat 2: 98 → 102" in dialog.outcome.text()
    head_before = store.verify_log(disputed.table_id)[0].last_seq
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    review = window.review
    assert review is not None and review.corrected is not None
    assert dict(review.standing_outcome().final_stacks) == {1: 98, 2: 102}
    assert dict(review.recorded_outcome().final_stacks) == {1: 102, 2: 98}
    assert review.explanation() == ["Main pot: 4 to seat 2 (4) with Three Queens"]
    correction = store.events(disputed.table_id, since_seq=head_before)
    assert [(e.kind, e.source.value, e.actor, e.voids_seq) for e in correction] == [("correction", "floor", "Flo", 12)]
    assert store.events(disputed.table_id, hand_id=disputed.recorded.hand_id)[10].payload["cards"] == "2c7d9s", \
        "the corrected event itself is never edited"
    flop_row = next(i for i, step in enumerate(review.steps) if step.seq == 12)
    assert window.timeline.is_struck(flop_row)
    assert "Before and after" in window.outcome.text() and "Three Queens" in window.outcome.text()

    # rule: rule cited, decision, pot held, disputed amount; reportable follows the configured threshold
    ruling = window.open_ruling_dialog()
    qtbot.addWidget(ruling)
    assert "Hand reading dispute: window OPEN" in ruling.status.text()
    ruling.rule.setText("TDA 15: cards speak")
    ruling.decision.setText("pot to seat 2 after the flop was corrected")
    ruling.pot_held.setChecked(True)
    ruling.amount.setText("x")
    qtbot.mouseClick(ruling.record_button, Qt.MouseButton.LeftButton)
    assert "Not recorded" in ruling.status.text() and window.review.rulings() == []
    ruling.amount.setText("4")
    qtbot.mouseClick(ruling.record_button, Qt.MouseButton.LeftButton)
    [recorded] = window.review.rulings()
    assert {key: recorded.payload[key] for key in ("rule", "decision", "pot_held", "disputed_amount", "reportable", "late")} == {
        "rule": "TDA 15: cards speak", "decision": "pot to seat 2 after the flop was corrected", "pot_held": True,
        "disputed_amount": 4, "reportable": False, "late": False}
    assert recorded.source.value == "floor" and recorded.actor == "Flo"

    # the chain still verifies (done-when 3), from the command line too
    qtbot.waitUntil(lambda: window.verified is not None, timeout=10000)
    assert window.verified is not None and window.verified.intact
    assert main(["verify-log", "--database", url]) == 0

    # reports: HTML, and PDF rendered back to text and images
    html = window.export_html(tmp_path / "report.html").read_text(encoding="utf-8")
    for expected in ("Dispute report: table 1, hand #1", "Before and after the corrections", "4 to seat 2 (4) with Three Queens",
                     "TDA 15: cards speak", "<th>pot held</th><td>yes</td>", "Dispute windows", "data:image/png;base64,",
                     'class="intact"', "chain intact"):
        assert expected in html, expected
    pdf = window.export_pdf(tmp_path / "report.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    words = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout.split())
    for expected in ("Dispute report: table 1, hand #1", "Three Queens", "TDA 15: cards speak", "chain intact", "Timeline",
                     "camera 1", "Dispute windows"):
        assert expected in words, expected
    subprocess.run([pdftoppm, "-r", "40", "-png", str(pdf), str(tmp_path / "page")], check=True, capture_output=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert pages, "pdftoppm rendered no page"
    images = [QImage(str(page)) for page in pages]
    assert all(not image.isNull() and image.width() > 100 for image in images)
    first = images[0]
    assert len({first.pixel(x, y) for y in range(0, first.height(), 4) for x in range(0, first.width(), 4)}) > 2, "a blank page"
    assert sum(red_pixels(image) for image in images) > 20, "the camera's frame (red) is not drawn in the PDF"
    window.close()


def test_an_edit_made_in_the_database_is_reported_by_the_review_window(qtbot: QtBot, database: tuple[str, Store, Disputed]) -> None:
    """Issue 8, done-when 3; SPEC Records (any edit is detected): SQL UPDATEs on the events table, made behind the
    program's back, are named when the hand is opened (its own links are re-checked at once) and by the background
    verification of the table's chain: first a changed actor (the hand still replays), then a changed payload that
    makes seat 2 call out of turn (the hand no longer replays; the window says the log was altered, not only that)."""
    _, store, disputed = database
    window = ReviewWindow(StoreSource(store), store.sign_in("Flo", "floor-1"), poll_ms=0)
    qtbot.addWidget(window)
    with store.sql_engine.begin() as connection:
        connection.execute(text("UPDATE events SET actor = 'Bob' WHERE table_id = :t AND seq = 10"), {"t": disputed.table_id})
    window.open_hand(disputed.recorded.hand_id)
    assert window.review is not None and any("seq 10 (check)" in problem for problem in window.review.link_problems)
    assert window.integrity.text().startswith("LOG ALTERED") and "seq 10 (check)" in window.integrity.text()
    qtbot.waitUntil(lambda: window.verified is not None, timeout=10000)
    assert window.verified is not None and window.verified.broken is not None and window.verified.broken.seq == 10
    assert window.integrity.text().startswith("LOG ALTERED") and 'class="broken"' in window.report_html()

    with store.sql_engine.begin() as connection:
        # seat 1's call becomes seat 2's: the row is edited, its hash left as it was
        connection.execute(text("UPDATE events SET payload = replace(payload, '1}', '2}') WHERE table_id = :t AND seq = 9"),
                           {"t": disputed.table_id})
    window.verified = None
    window.open_hand(disputed.recorded.hand_id)
    assert window.review is None and "Cannot open hand id" in window.status.text() and "seq 9" in window.status.text()
    assert window.integrity.text().startswith("LOG ALTERED") and "seq 9 (call) does not match its hash" in window.integrity.text()
    qtbot.waitUntil(lambda: window.verified is not None, timeout=10000)
    assert window.verified is not None and window.verified.broken is not None and window.verified.broken.seq == 9
    assert window.integrity.text().startswith("LOG ALTERED") and "seq 9 (call) does not match its hash" in window.integrity.text()
    window.close()


def test_the_review_command_signs_in_first_and_names_a_database_it_cannot_open(
    qtbot: QtBot, database: tuple[str, Store, Disputed], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 8: ``dealer-console review`` opens on the sign-in of a floor manager (nobody signing in: exit 1, no window);
    a database that cannot be opened is named in words (exit 2)."""
    url, _, _ = database
    assert main(["review", "--database", url, "--quit-after-ms", "200"]) == 1
    assert main(["review", "--database", "mysql://floor@nowhere/cardroom", "--quit-after-ms", "200"]) == 2
    assert "dealer-console review:" in capsys.readouterr().err
    config = tmp_path / "floor.toml"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path}"\n', encoding="utf-8")
    assert main(["review", "--room", "--quit-after-ms", "200", "--config", str(config)]) == 2
    assert "give the card room's PostgreSQL with --database URL" in capsys.readouterr().err
