"""``dealer-console vision-eval``: measure card reading on a folder of labelled pictures.

Teaching pictures (``--teach DIR``): the cards laid out apart, face up, listed in reading order (rows top
to bottom, left to right) in ``DIR/cards.csv`` with columns ``image`` and ``cards`` (space-separated,
e.g. ``As Kd 7c``).  Without teaching pictures, ``--general`` reads in the general mode (standard corner
indices of decks not taught); a picture whose card width is not given (no calibration, ``--card-width-px``,
``card_width_px`` column or ``--scale-from-boxes``) is then read whole by the learned corner reader (index
proposals anywhere on it, their crops read by the model, its own confidence kept).  Pictures are read as the
console reads them, the learned corner reader confirming the deck (``--no-model``: without it).

Test pictures (``--test DIR``) with a CSV of the cards expected on each (``--expected``, default
``DIR/expected.csv``): one row per card (column ``card``) or per picture (column ``cards``,
space-separated); the picture in column ``image`` (or ``image_file`` / ``filename``); optionally the
card's box on the picture (``xmin, ymin, xmax, ymax``: a reading then counts only inside the box of the
card it names), a ``split`` column (``--split``), and ``card_width_px`` (the card width on that picture;
it overrides ``--card-width-px``, which overrides the calibration's scale).  With ``--calibration`` every
picture must have the calibration's size, and the floor round the table is masked off.  A card
written with ``?`` as its suit (``K?``) is checked on its rank only; rank names (``king``,
``ten``...) in a ``class`` column are read the same way.  This is the format of
``shared/data/rank_photos/labels_normalized.csv``.

Scores, at the console's confidence threshold (``--threshold``, default 0.90: a reading at or above it
is applied without asking, one below it asks the dealer): recall (expected cards read confidently and
right), precision (confident readings that are right), confident misreads (confident readings that are
wrong: another card, or no card there), asked (readings below the threshold: the dealer confirms),
asked right (of those, how many had an expected card there as their best guess) and milliseconds per
picture of reading.  The last line printed is JSON with the keys ``recall``, ``precision``,
``confident_misreads``, ``asked``, ``asked_right`` and ``ms_per_frame``.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import VisionError

__all__ = [
    "add_vision_eval_parser",
    "BOX",
    "cmd_vision_eval",
    "DEFAULT_THRESHOLD",
    "EvalInputError",
    "Expected",
    "IMAGE_COLUMNS",
    "parse_card_label",
    "Picture",
    "RANK_NAMES",
    "read_expected",
    "run_eval",
    "score_picture",
    "Tally",
]

RANK_NAMES = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8", "seven": "7", "six": "6",
              "five": "5", "four": "4", "three": "3", "two": "2"}
IMAGE_COLUMNS = ("image", "image_file", "filename")
BOX = ("xmin", "ymin", "xmax", "ymax")


DEFAULT_THRESHOLD = 0.9
"""The console's default ``confidence_threshold``: a card read below it waits for the dealer's confirmation."""


def _threshold(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a confidence between 0 (excluded) and 1")
    return value


class EvalInputError(VisionError):
    """The folders or CSV files given cannot be used; the message says which and why."""


@dataclass
class Expected:
    card: str  # 'As', or 'A?' for rank only
    box: tuple[float, float, float, float] | None = None

    def matches(self, card: str) -> bool:
        return card == self.card or (self.card[1] == "?" and card[0] == self.card[0])


@dataclass
class Picture:
    path: Path
    expected: list[Expected] = field(default_factory=list)
    card_width_px: float | None = None


@dataclass
class Tally:
    pictures: int = 0
    unreadable: list[str] = field(default_factory=list)
    expected: int = 0
    correct: int = 0
    confident: int = 0
    misreads: int = 0
    unknown: int = 0
    asked: int = 0
    asked_right: int = 0
    again: int = 0  # confident readings of a card already read there (its other corner index)
    # Confident readings of a card the picture holds, where no expected card is boxed: most likely the card's other corner
    # index, which the labels leave out (a half-hidden corner, a corner at the picture's edge). Neither right nor a misread.
    unboxed: int = 0
    ms: list[float] = field(default_factory=list)
    misread_examples: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "recall": round(self.correct / self.expected, 4) if self.expected else 0.0,
            "precision": round(self.correct / self.confident, 5) if self.confident else 0.0,
            "confident_misreads": self.misreads, "asked": self.asked, "asked_right": self.asked_right,
            "ms_per_frame": round(statistics.fmean(self.ms), 2) if self.ms else None,
            "median_ms": round(statistics.median(self.ms), 2) if self.ms else None,
            "pictures": self.pictures, "unreadable": len(self.unreadable), "expected": self.expected, "correct": self.correct,
            "confident_readings": self.confident, "unknown_readings": self.unknown, "read_again": self.again,
            "read_unboxed": self.unboxed,
        }


def parse_card_label(text: str, where: str) -> str:
    """``As``, ``10h``, ``K?`` or a rank name (``king``) as a card or a rank-only card."""
    from .synthetic import ALL_CARDS

    t = text.strip()
    if t.lower() in RANK_NAMES:
        return RANK_NAMES[t.lower()] + "?"
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in ALL_CARDS or (card[1] == "?" and card[0] in "23456789TJQKA"):
            return card
    raise EvalInputError(f"{where}: {text!r} is not a card (write it like As, Td, 7c, or K? for a rank alone)")


def _rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    try:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            reader = csv.DictReader(fh)
            rows = list(reader)
            return list(reader.fieldnames or []), rows
    except FileNotFoundError as error:
        raise EvalInputError(f"the CSV file {path} does not exist") from error
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise EvalInputError(f"the CSV file {path} cannot be read: {error}") from error


def _find_image(folder: Path, name: str, split: str | None) -> Path:
    for candidate in ((folder / split / name) if split else None, folder / name):
        if candidate is not None and candidate.is_file():
            return candidate
    return folder / name


def read_expected(csv_path: Path, folder: Path, *, split: str | None = None) -> list[Picture]:
    """Pictures and their expected cards from a CSV (see the module's description for the columns)."""
    columns, rows = _rows(csv_path)
    image_col = next((c for c in IMAGE_COLUMNS if c in columns), None)
    card_col = next((c for c in ("card", "cards", "class") if c in columns), None)
    if image_col is None or card_col is None:
        raise EvalInputError(f"{csv_path}: needs a picture column ({' or '.join(IMAGE_COLUMNS)}) and a card column (card, cards or class);"
                             f" it has {', '.join(columns) or 'no columns'}")
    has_box = all(c in columns for c in BOX)
    if split is not None and "split" not in columns:
        raise EvalInputError(f"{csv_path}: --split {split} given but the file has no split column")
    pictures: dict[str, Picture] = {}
    for n, row in enumerate(rows, 2):
        if split is not None and row.get("split") != split:
            continue
        name = (row.get(image_col) or "").strip()
        if not name:
            raise EvalInputError(f"{csv_path} line {n}: no picture named")
        pic = pictures.setdefault(name, Picture(_find_image(folder, name, split)))
        labels = (row.get(card_col) or "").split() if card_col == "cards" else [row.get(card_col) or ""]
        box = None
        if has_box:
            try:
                x0, y0, x1, y1 = (float(row[c]) for c in BOX)
                box = (x0, y0, x1, y1)
            except (TypeError, ValueError) as error:
                raise EvalInputError(f"{csv_path} line {n}: the box {[row.get(c) for c in BOX]} is not four numbers") from error
        for label in labels:
            if label.strip():
                pic.expected.append(Expected(parse_card_label(label, f"{csv_path} line {n}"), box if len(labels) == 1 else None))
        if row.get("card_width_px"):
            try:
                pic.card_width_px = float(row["card_width_px"])
            except ValueError as error:
                raise EvalInputError(f"{csv_path} line {n}: card_width_px {row['card_width_px']!r} is not a number") from error
    if not pictures:
        raise EvalInputError(f"{csv_path}: no pictures listed" + (f" in split {split!r}" if split else ""))
    return list(pictures.values())


def _config(pic: Picture, args: argparse.Namespace, calibration: Any, frame: Any) -> Any:
    """How a picture is read (a :class:`vision.detect.DetectorConfig`): at its card width (:func:`_scale`) and, with a
    calibration, each card at the size it has where it lies when the picture is the calibrated camera's
    (:meth:`vision.calibration.Calibration.picture_config`)."""
    from .detect import DetectorConfig

    if calibration is not None:
        return calibration.picture_config(frame, _scale(pic, args, calibration))
    return DetectorConfig(card_width_px=_scale(pic, args, None))


def _scale(pic: Picture, args: argparse.Namespace, calibration: Any) -> float:
    """Card width on this picture: its own ``card_width_px``, else ``--card-width-px``, else the calibration's, else its boxes'."""
    if pic.card_width_px is not None:
        return pic.card_width_px
    if args.card_width_px is not None:
        return float(args.card_width_px)
    if calibration is not None:
        return float(calibration.detector_config().card_width_px)
    boxes = [e.box for e in pic.expected if e.box is not None]
    if args.scale_from_boxes and boxes:
        return float(statistics.median(min(b[2] - b[0], b[3] - b[1]) for b in boxes))
    raise EvalInputError(f"{pic.path.name}: how wide is a card on this picture? Give --calibration, --card-width-px, a card_width_px column"
                         + (", or --scale-from-boxes" if boxes else ""))


def score_picture(pic: Picture, readings: list[Any], tally: Tally, threshold: float = DEFAULT_THRESHOLD) -> None:
    """Count one picture's readings against its expected cards, as the console takes them: a card read at or above
    ``threshold`` is applied without asking (right, or a confident misread); anything else asks the dealer (``asked``),
    and counts in ``asked_right`` when its best guess is a card expected there."""
    tally.expected += len(pic.expected)
    open_ = list(range(len(pic.expected)))
    confident = [r for r in readings if r.card is not None and float(r.confidence) >= threshold]
    tally.unknown += sum(r.card is None for r in readings)
    for r in readings:
        if r.card is None or float(r.confidence) < threshold:
            tally.asked += 1
            tally.asked_right += bool(_fitting(pic, r.card or r.best, _centre(r), list(range(len(pic.expected)))))
    # Exact cards first, then rank-only ones, so a rank-only label does not take a card another label names exactly.
    confident.sort(key=lambda r: -float(r.confidence))
    for r in confident:
        centre = _centre(r)
        fits = _fitting(pic, r.card, centre, open_)
        if not fits and _fitting(pic, r.card, centre, list(range(len(pic.expected)))):
            tally.again += 1  # the card's other corner index, read alike where the card was read already: not a misread
            continue
        if not fits and _unboxed(pic, r.card, centre):
            tally.unboxed += 1
            continue
        tally.confident += 1
        if fits:
            i = min(fits, key=lambda k: pic.expected[k].card.endswith("?"))
            open_.remove(i)
            tally.correct += 1
        else:
            tally.misreads += 1
            if len(tally.misread_examples) < 10:
                tally.misread_examples.append(f"{pic.path.name}: read {r.card} at ({centre[0]:.0f}, {centre[1]:.0f}), confidence {r.confidence:.2f}")


def _centre(reading: Any) -> Any:
    return reading.quad.reshape(-1, 2).mean(axis=0)


def _fitting(pic: Picture, card: str | None, centre: Any, candidates: list[int]) -> list[int]:
    """The expected cards among ``candidates`` that ``card`` read at ``centre`` matches (inside its box, where it has one)."""
    if not card:
        return []
    return [i for i in candidates if pic.expected[i].matches(card) and (
        (box := pic.expected[i].box) is None or (box[0] <= centre[0] <= box[2] and box[1] <= centre[1] <= box[3]))]


def _unboxed(pic: Picture, card: str, centre: Any) -> bool:
    """Whether ``card`` read at ``centre`` is a card the picture holds, read where no expected card is boxed (every
    expected card of the picture boxed): its other corner index, which the labels leave out, or so it must be taken."""
    boxes = [e.box for e in pic.expected]
    if not boxes or any(box is None for box in boxes) or not any(e.matches(card) for e in pic.expected):
        return False
    return not any(b[0] <= centre[0] <= b[2] and b[1] <= centre[1] <= b[3] for b in boxes if b is not None)


def _reader(deck: Callable[[], Any], general: bool, args: argparse.Namespace, calibration: Any) -> Callable[[Picture, Any], list[Any]]:
    """How each picture is read: as the console reads (the deck, with the learned corner reader unless ``--no-model``);
    in the general mode, a picture whose card width nobody gave is read whole (:func:`vision.photo_reading.read_photo`:
    index proposals anywhere, read by the learned reader, its own confidence kept). ``deck`` makes the deck when a
    picture first needs it: the general mode's glyphs take seconds to learn, and photos read whole never use them."""
    from .learned import shared_model, with_learned_reader
    from .photo_reading import read_photo
    from .recognize import read_frame

    model = None if args.no_model else shared_model()

    @functools.cache
    def reading_deck() -> Any:
        return deck() if model is None else with_learned_reader(deck())

    def read(pic: Picture, frame: Any) -> list[Any]:
        try:
            cfg = _config(pic, args, calibration, frame)
        except EvalInputError:  # no card width given for this picture
            if general and model is not None:
                return list(read_photo(frame, model))
            raise
        return read_frame(frame, reading_deck(), cfg)

    return read


def _general_deck() -> Any:
    """The general mode's deck (:func:`vision.recognize.general_deck`), its failure as the command's input error."""
    from .recognize import TeachError, general_deck

    try:
        return general_deck()
    except TeachError as error:
        raise EvalInputError(f"the general mode could not be prepared: {error}") from error


def run_eval(args: argparse.Namespace, out: Any = None) -> dict[str, Any]:
    """Teach (or take the general mode), read every test picture, and print the scores; returns the JSON summary."""
    import cv2

    out = out if out is not None else sys.stdout

    from .calibration import Calibration
    from .recognize import TeachError, teach

    calibration = Calibration.load(args.calibration) if args.calibration else None
    test_dir = Path(args.test)
    if not test_dir.is_dir():
        raise EvalInputError(f"the test folder {test_dir} does not exist")
    pictures = read_expected(Path(args.expected) if args.expected else test_dir / "expected.csv", test_dir, split=args.split)
    if args.limit:
        pictures = pictures[: args.limit]
    if args.teach is None and not args.general:
        raise EvalInputError("give teaching pictures (--teach DIR) or read in the general mode (--general)")
    if args.teach is not None:
        teach_dir = Path(args.teach)
        if not teach_dir.is_dir():
            raise EvalInputError(f"the teaching folder {teach_dir} does not exist")
        teach_pics = read_expected(Path(args.teach_cards) if args.teach_cards else teach_dir / "cards.csv", teach_dir)
        deck = None
        taught = 0
        for pic in teach_pics:
            frame = cv2.imread(str(pic.path), cv2.IMREAD_COLOR)
            if frame is None:
                raise EvalInputError(f"the teaching picture {pic.path} cannot be read")
            cards = [e.card for e in pic.expected]
            if any(c.endswith("?") for c in cards):
                raise EvalInputError(f"{pic.path.name}: a deck is taught with full cards (rank and suit), not {' '.join(cards)}")
            try:
                deck = teach([(frame, cards)], _scale(pic, args, calibration), deck, _config(pic, args, calibration, frame))
            except TeachError as error:
                raise EvalInputError(f"{pic.path.name}: {error}") from error
            taught += len(cards)
        print(f"taught {taught} cards from {len(teach_pics)} picture(s)", file=out)
        if deck is None:
            raise EvalInputError("no deck to read with: the teaching CSV lists no pictures")
        taught_deck = deck
        read = _reader(lambda: taught_deck, False, args, calibration)
    else:
        print("general mode (no deck taught)", file=out)
        read = _reader(_general_deck, True, args, calibration)
    tally = Tally()
    for pic in pictures:
        tally.pictures += 1
        frame = cv2.imread(str(pic.path), cv2.IMREAD_COLOR)
        if frame is None:
            tally.unreadable.append(pic.path.name)
            tally.expected += len(pic.expected)
            continue
        if calibration is not None:
            calibration.check_frame(frame)
            frame = calibration.mask_off_table(frame)
        t0 = time.perf_counter()
        readings = read(pic, frame)
        tally.ms.append((time.perf_counter() - t0) * 1000)
        score_picture(pic, readings, tally, args.threshold)
    s = tally.summary()
    rank_only = any(e.card.endswith("?") for p in pictures for e in p.expected)
    print(f"tested {tally.pictures} picture(s), {tally.expected} expected card(s)" + (" (some checked on rank only)" if rank_only else ""), file=out)
    if tally.unreadable:
        print(f"unreadable pictures (their cards count as missed): {', '.join(tally.unreadable)}", file=out)
    print(f"recall {100 * s['recall']:.2f} % ({tally.correct} of {tally.expected})", file=out)
    print(f"precision {100 * s['precision']:.3f} % ({tally.correct} of {tally.confident} confident readings)", file=out)
    print(f"confident misreads {tally.misreads}", file=out)
    for example in tally.misread_examples:
        print(f"  {example}", file=out)
    print(f"asked the dealer {tally.asked} time(s) (below {args.threshold:.2f}); the best guess was right in {tally.asked_right}", file=out)
    print(f"unknown readings {tally.unknown}", file=out)
    if tally.ms:
        print(f"ms per frame {s['ms_per_frame']:.1f} (median {s['median_ms']:.1f})", file=out)
    print(json.dumps(s), file=out)
    return s


def cmd_vision_eval(args: argparse.Namespace) -> int:
    """Entry of ``dealer-console vision-eval``."""
    from .allocator import keep_freed_blocks
    from .calibration import CalibrationError

    keep_freed_blocks()  # many large pictures, one after another
    try:
        run_eval(args)
    except (EvalInputError, CalibrationError) as error:
        print(f"dealer-console vision-eval: {error}", file=sys.stderr)
        return 2
    return 0


def add_vision_eval_parser(commands: Any) -> None:
    """Add ``vision-eval`` to the ``dealer-console`` sub-commands."""
    p = commands.add_parser("vision-eval", help="measure card reading on labelled pictures (recall, precision, confident misreads, ms per frame)",
                            description=__doc__.split("\n\n", 1)[1] if __doc__ else None, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--teach", metavar="DIR", help="folder of teaching pictures with cards.csv (image, cards in reading order)")
    p.add_argument("--teach-cards", metavar="CSV", help="the teaching CSV, if not DIR/cards.csv")
    p.add_argument("--general", action="store_true", help="read in the general mode (decks not taught) instead of teaching")
    p.add_argument("--test", metavar="DIR", required=True, help="folder of test pictures")
    p.add_argument("--expected", metavar="CSV", help="expected cards per picture (default: DIR/expected.csv)")
    p.add_argument("--split", help="only the rows of this split (a 'split' column, e.g. test)")
    p.add_argument("--calibration", metavar="TOML", help="the table's calibration (size limits and table mask)")
    p.add_argument("--card-width-px", type=float, help="card width on the pictures, in pixels")
    p.add_argument("--scale-from-boxes", action="store_true", help="take each picture's card width from its labelled boxes (no calibration)")
    p.add_argument("--limit", type=int, default=None, help="only the first N test pictures")
    p.add_argument("--no-model", action="store_true", help="read without the learned corner reader (the taught deck, or the glyphs, alone)")
    p.add_argument("--threshold", type=_threshold, default=DEFAULT_THRESHOLD,
                   help=f"confidence at or above which a reading is applied without asking, as the console's"
                        f" [devices] confidence_threshold (default {DEFAULT_THRESHOLD})")
    p.set_defaults(run=cmd_vision_eval)
