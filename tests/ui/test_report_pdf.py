"""The dispute report as PDF, rendered back with poppler (pdftoppm for the pictures, pdftotext -bbox for the words).

The hand of tests/floor/test_report_html.py: a re-straddle, an all-in run twice, a doubtful camera reading confirmed by the
dealer, a floor correction and a ruling, with eight pictures (two 1280 x 720 frames, six 96 x 128 crops, each its own
colour) that need several pages.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from dealer_console.floor import dispute_report_html
from dealer_console.ui.review_pdf import write_report_pdf
from tests.floor.test_report_html import Reported

DPI = 50
MARGIN_PT = 12 / 25.4 * 72
FOOTER_PT = 6 / 25.4 * 72


def tools_or_skip() -> None:
    if shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true requires poppler-utils (pdftoppm, pdftotext) to check the PDF report", pytrace=False)
        pytest.skip("pdftoppm / pdftotext not installed (apt-get install poppler-utils)")


@dataclass
class Word:
    page: int
    text: str
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass
class Box:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    filled: float
    """The share of the box in the picture's colour (1.0: a whole rectangle, not cut)."""


@dataclass
class Rendered:
    reported: Reported
    html: str
    pdf: Path
    pages: list[QImage]
    size_pt: tuple[float, float]
    words: list[Word]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory, reported_hand: Reported) -> Rendered:
    """The report of the hand (recorded once per test run, tests/conftest.py) as PDF, rendered back once for this module."""
    tools_or_skip()
    folder = tmp_path_factory.mktemp("pdf")
    html = dispute_report_html(reported_hand.review)
    pdf = write_report_pdf(html, folder / "report.pdf", title="Dispute report: table 1, hand #1")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(folder / "page")], check=True, capture_output=True)
    pages = [QImage(str(page)) for page in sorted(folder.glob("page*.png"))]
    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    root = ET.fromstring(re.sub(r'xmlns="[^"]+"', "", xml))
    words, size = [], (0.0, 0.0)
    for number, page in enumerate(root.iter("page")):
        size = (float(page.get("width", 0)), float(page.get("height", 0)))
        for word in page.iter("word"):
            words.append(Word(number, word.text or "", *(float(word.get(name, 0)) for name in ("xMin", "yMin", "xMax", "yMax"))))
    return Rendered(reported_hand, html, pdf, pages, size, words)


def pixels(image: QImage) -> np.ndarray:
    """The page's pixels as a height x width x 3 array of RGB."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
    return raw.reshape(rgb.height(), rgb.bytesPerLine())[:, :rgb.width() * 3].reshape(rgb.height(), rgb.width(), 3).copy()  # before rgb is gone


def picture_box(page_pixels: np.ndarray, page: int, rgb: tuple[int, int, int]) -> Box | None:
    """The bounding box (in points) of the pixels of one colour on a rendered page (int16 RGB), and how full it is."""
    match = np.all(np.abs(page_pixels - np.array(rgb, dtype=np.int16)) < 12, axis=2)
    ys, xs = np.nonzero(match)
    if len(xs) == 0:
        return None
    scale = 72 / DPI
    area = (xs.max() - xs.min() + 1) * (ys.max() - ys.min() + 1)
    return Box(page, xs.min() * scale, ys.min() * scale, (xs.max() + 1) * scale, (ys.max() + 1) * scale, len(xs) / float(area))


@pytest.fixture(scope="module")
def boxes(rendered: Rendered) -> list[Box]:
    """Each picture's box, in the report's order; each colour must be on exactly one page."""
    found = []
    arrays = [pixels(image).astype(np.int16) for image in rendered.pages]
    for sha, colour in rendered.reported.pictures:
        on = [(page, box) for page, array in enumerate(arrays) if (box := picture_box(array, page, colour)) is not None]
        assert len(on) == 1, f"picture {sha[:12]} is on pages {[page for page, _ in on]}, not on one page"
        found.append(on[0][1])
    return found


def test_the_report_needs_several_pages_and_each_picture_is_whole_inside_the_margins(rendered: Rendered, boxes: list[Box]) -> None:
    """Each picture is scaled to fit inside the margins (12 mm; the page number's strip below the body) and is not cut by a
    page break: one page, one whole rectangle."""
    assert len(rendered.pages) >= 3
    width, height = rendered.size_pt
    for box in boxes:
        assert box.filled > 0.97, box
        assert box.x0 >= MARGIN_PT - 1 and box.x1 <= width - MARGIN_PT + 1, box
        assert box.y0 >= MARGIN_PT - 1 and box.y1 <= height - MARGIN_PT - FOOTER_PT + 1, box
    frame = boxes[0]
    assert frame.x1 - frame.x0 > 300, "a 1280 x 720 frame is shown large enough to read"


def test_each_caption_and_hash_is_directly_under_its_picture_on_the_same_page(rendered: Rendered, boxes: list[Box]) -> None:
    """The caption names the picture and its SHA-256 right under it (the hash is one word of the caption's last line)."""
    width, height = rendered.size_pt
    for number, ((sha, _), box) in enumerate(zip(rendered.reported.pictures, boxes, strict=True), 1):
        [label] = [w for w, after in zip(rendered.words, rendered.words[1:], strict=False)
                   if w.text == "Picture" and after.text.rstrip(",") == str(number)]
        [hash_word] = [w for w in rendered.words if w.text == sha]
        assert label.page == hash_word.page == box.page
        assert -1.5 <= label.y0 - box.y1 < 12, (number, label, box)  # the caption starts right under the picture
        assert hash_word.y0 > label.y0 and hash_word.y1 - box.y1 < 40
        assert MARGIN_PT - 1 <= hash_word.x0 and hash_word.x1 <= width - MARGIN_PT + 1 and hash_word.y1 <= height - MARGIN_PT - FOOTER_PT + 1


def test_no_word_lies_over_a_picture_and_page_numbers_are_below_the_body(rendered: Rendered, boxes: list[Box]) -> None:
    """Nothing is printed over a picture, the page numbers least of all."""
    for word in rendered.words:
        for box in boxes:
            if word.page == box.page:
                # 1.5 pt: a rendered pixel at 50 dpi is 1.44 pt
                overlaps = word.x0 < box.x1 - 1.5 and word.x1 > box.x0 + 1.5 and word.y0 < box.y1 - 1.5 and word.y1 > box.y0 + 1.5
                assert not overlaps, (word, box)
    pages = len(rendered.pages)
    for page in range(pages):
        numbers = [w for w, after in zip(rendered.words, rendered.words[1:], strict=False)
                   if w.page == page and w.text == "page" and after.text == str(page + 1)]
        assert numbers and all(w.y0 > rendered.size_pt[1] - MARGIN_PT - FOOTER_PT - 1 for w in numbers)


def test_timestamps_are_on_one_line_run_2_is_shown_and_the_confirmer_is_named(rendered: Rendered) -> None:
    """Every event's time is one word (never wrapped); run 2's board appears; the doubtful reading names who confirmed it."""
    times = {w.text for w in rendered.words}
    for step in rendered.reported.review.steps:
        moment = step.event.recorded_at
        assert f"{moment:%H:%M:%S}.{moment.microsecond // 1000:03d}" in times, step.seq
    text = " ".join(unicodedata.normalize("NFKC", subprocess.run(["pdftotext", str(rendered.pdf), "-"], check=True, capture_output=True,
                                                                   text=True).stdout).split())  # the "fi" ligature read as two letters
    assert "Flop (run 2): Td 5c 3c" in text and "run 2 board 1 Td 5c 3c 8s 2d" in text
    assert "confirmed by Dana (dealer on duty)" in text and "Dana confirms it" in text


def test_no_heading_ends_a_page(rendered: Rendered) -> None:
    """Each heading of the report has something of its section under it on its own page (kept with what follows)."""
    headings = [" ".join(unescape(re.sub(r"<[^>]+>", " ", found)).split()) for found in re.findall(r"<h\d>(.*?)</h\d>", rendered.html)]
    assert "Evidence" in headings and len(headings) >= 8
    lines: dict[tuple[int, int], list[Word]] = {}
    for word in rendered.words:
        lines.setdefault((word.page, round(word.y0)), []).append(word)
    body_bottom = rendered.size_pt[1] - MARGIN_PT - FOOTER_PT
    said = {key: unicodedata.normalize("NFKC", " ".join(w.text for w in sorted(found, key=lambda w: w.x0))) for key, found in lines.items()}
    for heading in headings:
        at = [key for key, text in said.items() if text == heading]
        assert at, f"heading {heading!r} not found on its own line"
        for page, y in at:
            below = [key for key, found in lines.items() if key[0] == page and key[1] > y and found[0].y1 < body_bottom]
            assert below, f"the heading {heading!r} ends page {page + 1}"


def pdf_lines(pdf: Path) -> list[tuple[int, str]]:
    """(page, text) of each line pdftotext reads, in order."""
    return [(page, line) for page, text in enumerate(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                                                                    text=True).stdout.split("\f")) for line in text.splitlines() if line.strip()]


def test_a_heading_at_the_foot_of_a_page_goes_over_with_its_table_and_the_tables_first_row(tmp_path: Path) -> None:
    """A heading followed by a table is kept with the table's first row under its header, not with the header alone; tried
    with the heading 1 to 4 lines above the foot of the first page."""
    tools_or_skip()
    filler = "".join(f"<p>line {n}</p>" for n in range(1, 200))
    full = pdf_lines(write_report_pdf(f"<html><body>{filler}</body></html>", tmp_path / "full.pdf", title="t"))
    capacity = max(int(text.split()[1]) for page, text in full if page == 0 and text.startswith("line"))
    table = "<h2>Pots</h2><table><thead><tr><th>pot</th><th>amount</th></tr></thead>" + "".join(
        f"<tr><td>row {n}</td><td>{n}</td></tr>" for n in range(1, 6)) + "</table>"
    for above in range(1, 5):
        lines = pdf_lines(write_report_pdf("<html><body>" + "".join(f"<p>line {n}</p>" for n in range(1, capacity - above + 1)) + table
                                           + "</body></html>", tmp_path / f"pots{above}.pdf", title="t"))
        [heading] = [page for page, text in lines if text.strip() == "Pots"]
        first_row = min(page for page, text in lines if text.split()[:2] == ["row", "1"])
        assert heading == first_row, (above, lines)
