"""Reading ranks on real photos: the shared ``rank_photos`` set (phone and webcam pictures of 9 to ace).

The photos are labelled with boxes around whole cards and the rank only (``K?``), split into
``train`` and ``test``.  Nothing here uses the boxes to find cards: indices are searched for on the
whole picture (no felt, no calibration: carpets, wood, cloth), and the boxes only say what was
right.

Teaching from ``train`` (a deck taught from labelled pictures instead of a laid-out deck):

1. every index candidate inside a box is read with the general (font) glyphs; those read as the
   box's rank are the first samples of that rank;
   the "10", which the font glyphs do not seed (this deck's "10" is narrow and tight), is seeded
   from rank glyphs that recur in "10" boxes on several photos and look like nothing in boxes of
   other ranks, away from the boxes or like any pip (``_recurring``; a glyph recurring on many photos
   outvotes one photo whose box holds it under another rank: a label error; pairs not shaped like
   an index, a suit smaller than its rank, are left out);
2. twice more, candidates inside boxes that the samples so far read as the box's rank, clearly,
   are added;
3. candidates well away from every box are kept as "not a rank" (carpet, wood grain, logos).

The phone pictures (378x504) are read, and taught, enlarged twice: their index glyphs are only 10-15
pixels high (``SMALL``, ``ENLARGE``).

Reading: indices are searched on the picture's grey and again on its blue channel, where a court
card's blue frame line touching its rank letter fades (``reading_candidates``), and both again on the
picture enlarged half as much again (``photo_candidates``, ``READ_ALSO``). A rank is confident
when its score, its lead over every other rank and "not a rank", and the candidate's corner
evidence pass (a much stronger score and lead stand without corner evidence; a weaker score stands
with a wider lead), and at least two taught samples of that rank agree at that score.

Measuring on ``test``: a confident reading counts as right when its rank glyph lies inside a box
of that rank; inside boxes of other ranks only, or outside every box, it is a confident misread.
Recall is the share of boxes with at least one right reading.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from .cli import DEFAULT_THRESHOLD
from .corner_model import CornerModel
from .glyphs import JUNK, FinderConfig, GlyphBook, IndexCandidate, find_indices, nudged
from .learned import DOUBT
from .photo_reading import PhotoReading, read_photo
from .recognize import general_deck

__all__ = [
    "Box",
    "ENLARGE",
    "evaluate_ranks",
    "finder_for",
    "load_split",
    "Photo",
    "photo_candidates",
    "PhotoScore",
    "RankReader",
    "RANKS_IN_SET",
    "READ_ALSO",
    "read_picture",
    "reading_candidates",
    "RECURRING",
    "Recurring",
    "score_photo",
    "score_points",
    "SMALL",
    "taught_on_model",
    "teach_ranks",
]

RANKS_IN_SET = "9TJQKA"


@dataclass
class Box:
    rank: str
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, p: np.ndarray, grow: float = 0.0) -> bool:
        gx, gy = (self.x1 - self.x0) * grow, (self.y1 - self.y0) * grow
        return bool(self.x0 - gx <= p[0] <= self.x1 + gx and self.y0 - gy <= p[1] <= self.y1 + gy)


# Pictures whose short side is under SMALL pixels (the phone pictures, 378x504: index glyphs 10-15 pixels high) are read
# enlarged ENLARGE times, so that the index finder's filters and its 2-pixel rim erosion leave their strokes whole
# (chosen on held-out fifths of ``train``: 59.7 % -> 70.9 % of the boxes, no misread; docs/vision.md).
SMALL = 600
ENLARGE = 2.0


@dataclass
class Photo:
    path: Path
    boxes: list[Box]  # in the pixels of the picture as read (enlarged by ``scale``)
    scale: float = 1.0


def load_split(folder: Path, split: str) -> list[Photo]:
    """Photos of one split with their boxes, from ``labels_normalized.csv`` (boxes scaled as the picture is read)."""
    by: dict[str, list[Box]] = {}
    scale: dict[str, float] = {}
    with open(folder / "labels_normalized.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            if row["split"] != split:
                continue
            name = row["image_file"]
            s = scale.setdefault(name, ENLARGE if min(float(row["width"]), float(row["height"])) < SMALL else 1.0)
            rank = row["card"].strip()[0]
            by.setdefault(name, []).append(Box(rank, float(row["xmin"]) * s, float(row["ymin"]) * s, float(row["xmax"]) * s, float(row["ymax"]) * s))
    return [Photo(folder / split / name, boxes, scale[name]) for name, boxes in sorted(by.items())]


# Pictures are also read enlarged READ_ALSO times more than that, from the file, and the two readings pooled: the index
# finder works in fixed pixels, and a small or thin index that breaks up at one size can come out whole at the other
# (chosen on held-out fifths of ``train``: 438 -> 446 of 527 boxes on two fold splits, no misread; docs/vision.md).
READ_ALSO = 1.5


def _enlarged(img: np.ndarray, scale: float) -> np.ndarray:
    return img if scale == 1.0 else cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)


def read_picture(photo: Photo) -> np.ndarray | None:
    """The photo as read: enlarged by its ``scale``; ``None`` when the file cannot be decoded."""
    img = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
    return None if img is None else _enlarged(img, photo.scale)


def finder_for(img: np.ndarray) -> FinderConfig:
    """No calibration on these photos: rank glyphs from 2 % to 9 % of the picture's short side."""
    short = min(img.shape[:2])
    return FinderConfig(glyph_h=(0.02 * short, 0.09 * short), max_candidates=300)


@dataclass
class RankReader:
    """Rank-only reader: taught rank glyphs plus "not a rank" samples, with its thresholds."""

    book: GlyphBook = field(default_factory=GlyphBook)
    min_score: float = 0.80
    min_margin: float = 0.35
    min_corner: float = 0.6  # the face must end just beside and above the index (glyphs.IndexCandidate.corner)
    # Taught samples of the read rank at least min_score alike: one odd sample (a glyph taught by mistake) is not
    # enough to read a rank on its own.
    min_agree: int = 2
    # A reading at least this strong (score and lead) needs no corner evidence: cards on white cloth or paper, and
    # indices whose face edge is lost in blur or glare, show no edge beside the index (docs/vision.md, "Real photos").
    strong_score: float = 0.90
    strong_margin: float = 0.60
    # A weaker score stands when its lead is wider (and its taught samples agree at that score): small and blurred
    # indices correlate less with every template, the right one still well ahead (docs/vision.md, "Real photos").
    wide_score: float = 0.70
    wide_margin: float = 0.45
    _mat: tuple[object, int, dict[str, np.ndarray]] | None = field(default=None, repr=False)  # taught samples per rank

    def read(self, cand: IndexCandidate) -> tuple[str, float, float]:
        """Best rank, its score and its margin (rank only; the suit is not labelled in this set)."""
        g = self.book.score(cand)
        return g.rank, g.rank_score, g.rank_margin

    def agreeing(self, rank: str, cand: IndexCandidate, at: float | None = None) -> int:
        """How many taught samples of ``rank`` are at least ``at`` (default ``min_score``) alike to the candidate's rank glyph."""
        if self._mat is None or self._mat[0] is not self.book or self._mat[1] != len(self.book.rank_vecs):
            R, labels = np.stack(self.book.rank_vecs), np.asarray(self.book.rank_labels)
            self._mat = (self.book, len(self.book.rank_vecs), {r: R[labels == r] for r in set(self.book.rank_labels)})
        own = self._mat[2].get(rank)
        if own is None:
            return 0
        return int(np.count_nonzero(own @ cand.rank_vec >= (self.min_score if at is None else at)))

    def confident(self, cand: IndexCandidate) -> str | None:
        """The rank, when the reading passes one of the two score and lead levels, the corner rule and the agreement."""
        rank, score, margin = self.read(cand)
        if rank == JUNK:
            return None
        if cand.corner < self.min_corner and (score < self.strong_score or margin < self.strong_margin):
            return None
        for floor, lead in ((self.min_score, self.min_margin), (self.wide_score, self.wide_margin)):
            if score >= floor and margin >= lead and (self.min_agree <= 1 or self.agreeing(rank, cand, floor) >= self.min_agree):
                return rank
        return None


def _candidates(photo: Photo) -> list[IndexCandidate]:
    img = read_picture(photo)
    if img is None:
        return []
    return find_indices(img, finder_for(img))


def reading_candidates(img: np.ndarray) -> list[IndexCandidate]:
    """The index candidates a picture is read from: found on its grey, then again on its blue channel alone.

    At these sizes a court card's blue picture frame touches the rank letter beside it, and the two are one blob of
    ink: no candidate.  In the blue channel the blue frame is as light as the paper while black and red print stay
    dark, so the letter stands alone.  Teaching stays on grey (taught on both, held-out recall did not move)."""
    cfg = finder_for(img)
    return find_indices(img, cfg) + find_indices(np.ascontiguousarray(img[:, :, 0]), cfg)


def photo_candidates(photo: Photo) -> list[IndexCandidate] | None:
    """Every index candidate a photo is read from: those of its picture as read (``read_picture``), and those of the
    file enlarged ``READ_ALSO`` times more, moved back to the coordinates of the first; ``None`` when the file cannot
    be decoded (it is decoded once for both)."""
    original = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
    if original is None:
        return None
    back = 1.0 / READ_ALSO
    return reading_candidates(_enlarged(original, photo.scale)) + [
        replace(k, anchor=k.anchor * back, rank_at=None if k.rank_at is None else k.rank_at * back, rank_h=k.rank_h * back,
                geometry=(k.geometry[0] * back, k.geometry[1] * back, k.geometry[2] * back))
        for k in reading_candidates(_enlarged(original, photo.scale * READ_ALSO))]


@dataclass
class Recurring:
    """Rule for taking a rank's glyph from its own boxes when the font glyphs do not seed it (see ``_recurring``)."""

    sim: float = 0.90  # rank glyphs this alike (correlation) are the same glyph
    photos: int = 4  # seen alike in boxes of the rank on at least this many other photos
    other: float = 0.75  # and never this alike to a glyph in a box of another rank, away from every box, or a pip
    corner: float = 0.8  # candidate's own corner evidence
    nudged: bool = True  # the likeness to other boxes' glyphs also a pixel off (as the "10" is read)
    # A glyph seen alike in its own boxes on at least this many photos is kept when the only glyphs like it elsewhere
    # lie on one photo: a box labelled with the wrong rank (a "10" boxed as a 9) must not undo forty right ones.
    outvotes: int | None = 10
    # An index prints its suit below the rank and smaller. Pairs whose "suit" is as large as their "rank" (two pips) or
    # much shorter (the index's small pip beside a large pip) recur in every box of a ten, but are not the "10", and a
    # nine shows the same pips; they are not taught.
    suit_ratio: float = 0.63  # suit glyph height over rank glyph height at least this
    suit_blob: float = 0.9  # suit blob size over rank blob size at most this


RECURRING = Recurring()  # chosen on held-out fifths of ``train`` (docs/vision.md, "Real photos")


def _recurring(cands: list[tuple[Photo, list[IndexCandidate]]], rank: str, rule: Recurring) -> list[IndexCandidate]:
    """Rank glyphs found again and again in boxes of ``rank`` (on different photos) and nowhere else.

    A printed index is the same glyph on every card of its rank in a deck; pips and pictures recur
    too, but also in boxes of other ranks (a 9 and a 10 share their pips) or on the cloth."""
    own: list[IndexCandidate] = []
    own_photo: list[int] = []
    other: list[IndexCandidate] = []
    other_photo: list[int] = []
    for pi, (photo, cs) in enumerate(cands):
        for k in cs:
            assert k.rank_at is not None
            inside = {b.rank for b in photo.boxes if b.contains(k.rank_at)}
            if inside == {rank}:
                if k.corner >= rule.corner:
                    own.append(k)
                    own_photo.append(pi)
            elif inside or not any(b.contains(k.rank_at, grow=0.15) for b in photo.boxes):
                other.append(k)
                other_photo.append(pi)
    if not own:
        return []
    A = np.stack([k.rank_vec for k in own])
    la = np.log(np.array([k.rank_aspect for k in own], np.float32))
    same = (A @ A.T >= rule.sim) & (np.abs(la[:, None] - la[None, :]) <= 0.25)
    ph = np.asarray(own_photo)
    same &= ph[:, None] != ph[None, :]
    support = np.array([len(set(ph[row].tolist())) for row in same])
    worst = np.full(len(own), -1.0, np.float32)
    keep = np.nonzero(support >= rule.photos)[0]
    oph = np.asarray(other_photo + other_photo)
    if other and len(keep):
        # Their rank glyphs, and their suit glyphs as ranks: a pip is never a rank, whichever box it lies in.
        B = np.stack([k.rank_vec for k in other] + [_suit_as_rank(k) for k in other])
        lb = np.log(np.array([k.rank_aspect for k in other] + [k.suit_aspect for k in other], np.float32))
        for i in keep.tolist():
            s = B @ A[i]
            s[np.abs(la[i] - lb) > 0.25] = -1.0
            near = np.nonzero(s >= rule.other - 0.25)[0]
            if rule.nudged and len(near):
                # Compared a pixel off, as a "10" is read (GlyphBook.score): alike there is alike.
                s[near] = np.maximum(s[near], (nudged(A[i]) @ B[near].T).max(axis=0))
            if rule.outvotes is not None and support[i] >= rule.outvotes and len(set(oph[s >= rule.other].tolist())) <= 1:
                s[s >= rule.other] = -1.0  # alike on one photo only: that photo's label is the likelier error
            worst[i] = s.max()
    return [k for k, n, w in zip(own, support, worst, strict=True)
            if n >= rule.photos and w < rule.other and k.suit_ratio >= rule.suit_ratio and k.geometry[1] <= rule.suit_blob * k.geometry[0]]


def teach_ranks(photos: list[Photo], rounds: int = 2, max_junk: int = 1500, seed: int = 0,
                recurring: Recurring | None = RECURRING, recurring_ranks: str = "T") -> RankReader:
    """Teach rank glyphs from labelled photos (see the module docstring); ``recurring=None`` seeds from the fonts only."""
    general = general_deck()
    cands = [(p, _candidates(p)) for p in photos]
    samples: list[tuple[str, IndexCandidate]] = []
    junk: list[IndexCandidate] = []
    for photo, cs in cands:
        for k in cs:
            assert k.rank_at is not None
            inside = [b for b in photo.boxes if b.contains(k.rank_at)]
            if not inside and not any(b.contains(k.rank_at, grow=0.15) for b in photo.boxes):
                junk.append(k)
                continue
            ranks = {b.rank for b in inside}
            if len(ranks) != 1 or k.corner < 0.6:
                continue
            (rank,) = ranks
            g = general.book.score(k)
            if g.rank == rank and g.rank_score >= 0.6 and g.rank_margin >= 0.1:
                samples.append((rank, k))
    if recurring is not None:
        for rank in recurring_ranks:
            samples += [(rank, k) for k in _recurring(cands, rank, recurring)]
    rng = np.random.default_rng(seed)
    if len(junk) > max_junk:
        junk = [junk[i] for i in rng.choice(len(junk), max_junk, replace=False)]
    negatives: list[IndexCandidate] = []

    def build(chosen: list[tuple[str, IndexCandidate]]) -> GlyphBook:
        book = GlyphBook()
        for rank, k in chosen:
            book.rank_labels.append(rank)
            book.rank_vecs.append(k.rank_vec)
            book.rank_aspects.append(k.rank_aspect)
            book.suit_labels.append("x")
            book.suit_vecs.append(k.suit_vec)
            # Its suit glyph is not a rank (two pips one above the other are not an index).
            book.rank_labels.append(JUNK)
            book.rank_vecs.append(_suit_as_rank(k))
            book.rank_aspects.append(k.suit_aspect)
        for k in junk + negatives:
            book.rank_labels.append(JUNK)
            book.rank_vecs.append(k.rank_vec)
            book.rank_aspects.append(k.rank_aspect)
        return book

    reader = RankReader(book=build(samples))
    for _ in range(rounds):
        grown: list[tuple[str, IndexCandidate]] = []
        negatives = []
        for photo, cs in cands:
            for k in cs:
                assert k.rank_at is not None
                ranks = {b.rank for b in photo.boxes if b.contains(k.rank_at)}
                if len(ranks) != 1:
                    continue
                rank, score, margin = reader.read(k)
                if rank in ranks and score >= 0.8 and margin >= 0.25 and k.corner >= 0.6:
                    grown.append((rank, k))
                elif rank != JUNK and rank not in ranks and score >= 0.6:
                    negatives.append(k)  # a pip or a picture inside a card of another rank, read as this rank
        if not grown:
            break
        if len(negatives) > max_junk:
            negatives = [negatives[i] for i in rng.choice(len(negatives), max_junk, replace=False)]
        reader.book = build(grown)
    return reader


def _suit_as_rank(k: IndexCandidate) -> np.ndarray:
    from .glyphs import RANK_SIZE, SUIT_SIZE, _unit

    img = k.suit_vec.reshape(SUIT_SIZE[1], SUIT_SIZE[0])
    return _unit(cv2.resize(img, RANK_SIZE, interpolation=cv2.INTER_LINEAR))


@dataclass
class PhotoScore:
    photos: int = 0
    boxes: int = 0
    boxes_found: int = 0
    readings: int = 0  # confident readings
    correct: int = 0
    misreads: int = 0  # inside boxes of other ranks only
    outside: int = 0  # confident readings outside every box (also counted as misreads)
    ms: list[float] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.correct / self.readings if self.readings else 0.0

    @property
    def recall(self) -> float:
        return self.boxes_found / self.boxes if self.boxes else 0.0

    def as_dict(self) -> dict[str, object]:
        return {"photos": self.photos, "boxes": self.boxes, "boxes_found": self.boxes_found, "recall": round(self.recall, 4),
                "readings": self.readings, "correct": self.correct, "precision": round(self.precision, 5),
                "confident_misreads": self.misreads + self.outside, "misreads_in_boxes": self.misreads, "misreads_outside_boxes": self.outside,
                "ms_per_photo": round(float(np.median(self.ms)), 2) if self.ms else None}


def evaluate_ranks(reader: RankReader, photos: list[Photo], model: CornerModel | None = None,
                   threshold: float = DEFAULT_THRESHOLD, alone: PhotoScore | None = None) -> PhotoScore:
    """Read every test photo whole and score against its boxes (see the module docstring). With a ``model``, as a room
    reads with a taught deck: the learned corner reader reads the photo (:func:`vision.photo_reading.read_photo`) and the
    taught ranks are read on top of it (:func:`taught_on_model`); ``alone``, when given, receives the taught ranks' own
    score of the same reading."""
    sc = PhotoScore()
    for photo in photos:
        t = time.perf_counter()
        cs = photo_candidates(photo)
        if cs is None:
            continue
        reads = [(reader.confident(k), k) for k in cs]
        points = [(rank, k.rank_at) for rank, k in reads if rank is not None and k.rank_at is not None]
        if alone is not None:
            alone.ms.append((time.perf_counter() - t) * 1000)
            score_points(photo, points, alone)
        if model is not None:
            original = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
            points = taught_on_model(points, read_photo(original, model) if original is not None else [], photo.scale, threshold)
        sc.ms.append((time.perf_counter() - t) * 1000)
        score_points(photo, points, sc)
    return sc


def taught_on_model(taught: list[tuple[str, np.ndarray]], readings: Sequence[PhotoReading], scale: float,
                    threshold: float = DEFAULT_THRESHOLD) -> list[tuple[str, np.ndarray]]:
    """The ranks read on a photo by the learned reader (``readings``, on the picture as filed) and the taught rank reader
    (``taught``: each confident rank and where its glyph lies, on the picture enlarged ``scale`` times) together, as the
    console reads a frame with a taught deck (:func:`vision.learned.confirm`): the taught reader is the room's refinement
    on top of the model, and each doubts the other.

    - A place the model reads at ``threshold`` or more: its rank, unless a taught reading inside its box names another
      rank (then neither: the dealer is asked).
    - A taught reading elsewhere: its rank, unless the model reads its place as a card of another rank at
      :data:`vision.learned.DOUBT` or more.

    Returned: each rank with where it was read (the taught glyph, or the model's box centre), in the enlarged picture's
    pixels."""
    boxes = [(r, np.array([r.box.x0, r.box.y0, r.box.x1, r.box.y1], np.float64) * scale) for r in readings if r.card is not None]

    def inside(point: np.ndarray, box: np.ndarray) -> bool:
        return bool(box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3])

    out: list[tuple[str, np.ndarray]] = []
    placed: set[int] = set()  # taught readings that lie in a place the model reads surely
    for r, box in boxes:
        if r.confidence < threshold:
            continue
        assert r.card is not None
        here = [i for i, (_, at) in enumerate(taught) if inside(at, box)]
        placed.update(here)
        if all(taught[i][0] == r.card[0] for i in here):
            out.append((r.card[0], np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])))
    for i, (rank, at) in enumerate(taught):
        if i in placed:
            continue  # in a place the model reads surely: read there once, or neither where the two differ
        if not any(inside(at, box) and r.card is not None and r.card[0] != rank and r.confidence >= DOUBT for r, box in boxes):
            out.append((rank, at))
    return out


def score_photo(photo: Photo, reads: list[tuple[str | None, IndexCandidate]], sc: PhotoScore) -> None:
    """Add one photo's readings (confident rank or None, candidate) to ``sc``."""
    score_points(photo, [(rank, k.rank_at) for rank, k in reads if rank is not None and k.rank_at is not None], sc)


def score_points(photo: Photo, reads: list[tuple[str, np.ndarray]], sc: PhotoScore) -> None:
    """Add one photo's confident readings (rank, where its glyph lies) to ``sc``."""
    sc.photos += 1
    sc.boxes += len(photo.boxes)
    found: set[int] = set()
    for rank, at in reads:
        sc.readings += 1
        hits = [i for i, b in enumerate(photo.boxes) if b.contains(at)]
        right = [i for i in hits if photo.boxes[i].rank == rank]
        if right:
            sc.correct += 1
            found.update(right)
        elif hits:
            sc.misreads += 1
        else:
            sc.outside += 1
        if not right and len(sc.examples) < 20:
            where = "outside every box" if not hits else "in a box of " + "/".join(photo.boxes[i].rank for i in hits)
            x, y = at / photo.scale
            sc.examples.append(f"{photo.path.name}: read {rank} at ({x:.0f}, {y:.0f}) {where}")
    sc.boxes_found += len(found)
