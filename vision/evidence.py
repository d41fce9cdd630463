"""Evidence for a card reading: the card's crop and the frame it came from, encoded and hashed for the event store.

The crop is the card seen from straight above (the reading's quadrilateral warped upright), encoded as
PNG so that what the floor manager sees is exactly what was read; the frame is the whole camera
picture as it came, encoded as JPEG (a 1920x1080 frame is a few hundred kilobytes).  Each carries its
SHA-256, the same hash the event store computes in ``Store.put_evidence``; :func:`store_evidence`
hands both to a store and checks that the store kept the same bytes.

How the console records a reading (the store keeps one image hash per event): the card's reading
event (``ReadingTaken``, source camera, ``frame_at`` = the frame's time) carries the crop's hash; the
frame is kept once per frame used, in its own ``ReadingTaken(subject="camera frame", value=<seq>)``
event with the same ``frame_at``, so retention keeps both for a flagged or ruled hand.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

import cv2
import numpy as np

from .errors import VisionError

__all__ = [
    "card_crop",
    "CROP_HEIGHT",
    "CROP_WIDTH",
    "EvidenceError",
    "EvidenceStore",
    "Image",
    "make_evidence",
    "ReadingEvidence",
    "store_evidence",
    "StoredEvidence",
]

CROP_WIDTH = 252  # 4 px per mm of a 63 mm card
CROP_HEIGHT = 352


class EvidenceError(VisionError):
    """Evidence cannot be made or was not kept as made."""


class EvidenceStore(Protocol):
    """The part of the event store that keeps images (``dealer_console.store.Store`` has it)."""

    def put_evidence(self, data: bytes, *, media_type: str = ..., table_id: int | None = ..., captured_at: datetime | None = ...) -> str: ...


@dataclass(frozen=True)
class Image:
    """Encoded image bytes with their media type and SHA-256."""

    data: bytes
    media_type: str
    sha256: str

    @staticmethod
    def encode(picture: np.ndarray, fmt: str, *, jpeg_quality: int = 90) -> Image:
        """Encode a BGR picture as ``png`` or ``jpeg``."""
        if picture is None or picture.size == 0:
            raise EvidenceError("there is no picture to keep")
        if fmt == "png":
            ok, buf = cv2.imencode(".png", picture, [cv2.IMWRITE_PNG_COMPRESSION, 6])
            media = "image/png"
        elif fmt == "jpeg":
            ok, buf = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
            media = "image/jpeg"
        else:
            raise EvidenceError(f"evidence is kept as png or jpeg, not {fmt!r}")
        if not ok:
            raise EvidenceError(f"the picture could not be encoded as {fmt}")
        data = buf.tobytes()
        return Image(data, media, hashlib.sha256(data).hexdigest())

    def decode(self) -> np.ndarray:
        """The picture back (BGR)."""
        picture = cv2.imdecode(np.frombuffer(self.data, np.uint8), cv2.IMREAD_COLOR)
        if picture is None:
            raise EvidenceError(f"evidence {self.sha256[:12]} is not a readable image")
        return picture


@dataclass(frozen=True)
class ReadingEvidence:
    """What one card reading came from: the card's crop, the frame, where on the frame, and when."""

    crop: Image
    frame: Image
    quad: tuple[tuple[float, float], ...]  # the card's corners on the frame (pixels)
    card: str | None
    confidence: float
    frame_seq: int
    captured_at: datetime  # the frame's own time (UTC)


def card_crop(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card under ``quad`` seen from straight above, upright, CROP_WIDTH x CROP_HEIGHT pixels."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    if not np.isfinite(q).all() or abs(cv2.contourArea(q)) < 4.0:
        raise EvidenceError("the card's outline on the frame is empty")
    dst = np.array([[0, 0], [CROP_WIDTH - 1, 0], [CROP_WIDTH - 1, CROP_HEIGHT - 1], [0, CROP_HEIGHT - 1]], np.float32)
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(frame, M, (CROP_WIDTH, CROP_HEIGHT), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)


def make_evidence(frame: np.ndarray, reading: Any, *, frame_seq: int, wall_time: float | datetime, jpeg_quality: int = 90,
                  frame_image: Image | None = None) -> ReadingEvidence:
    """Evidence for one reading (anything with ``quad``, ``card`` and ``confidence``) taken from ``frame``.

    Pass ``frame_image`` to share one encoded frame among the readings of that frame.
    """
    if frame is None or frame.ndim != 3:
        raise EvidenceError("evidence needs the colour frame the reading came from")
    quad = np.asarray(reading.quad, np.float64).reshape(4, 2)
    crop = Image.encode(card_crop(frame, quad), "png")
    whole = frame_image if frame_image is not None else Image.encode(frame, "jpeg", jpeg_quality=jpeg_quality)
    when = wall_time if isinstance(wall_time, datetime) else datetime.fromtimestamp(float(wall_time), UTC)
    if when.tzinfo is None:
        raise EvidenceError("the frame's time must say its time zone (UTC)")
    return ReadingEvidence(crop, whole, tuple((float(x), float(y)) for x, y in quad), reading.card, float(reading.confidence), int(frame_seq),
                           when.astimezone(UTC))


@dataclass(frozen=True)
class StoredEvidence:
    """The hashes the store gave back, for the events that use them."""

    crop_sha256: str
    frame_sha256: str


def store_evidence(store: EvidenceStore, evidence: ReadingEvidence, *, table_id: int | None = None) -> StoredEvidence:
    """Keep the crop and the frame in the event store; check that it kept the very bytes that were hashed here."""
    got = []
    for image in (evidence.crop, evidence.frame):
        sha = store.put_evidence(image.data, media_type=image.media_type, table_id=table_id, captured_at=evidence.captured_at)
        if sha != image.sha256:
            raise EvidenceError(f"the store kept evidence {sha[:12]} for an image hashed {image.sha256[:12]}: not stored as made")
        got.append(sha)
    return StoredEvidence(got[0], got[1])
