"""The pictures behind a camera's reading: each card's crop and the frame it was read on, made and put in the event store
before the event that uses the reading is recorded (:mod:`.evidence` records it)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from dealer_console.live.camera_reads import CardRead, CardStatus, Quad
from dealer_console.live.card_requests import CameraCards, CardPicture

if TYPE_CHECKING:
    from dealer_console.live.zones import Zone
    from dealer_console.store.store import Store

Confirmers = Mapping[tuple["Zone", int], tuple[str, datetime]]
"""Who confirmed or corrected the card at each place (zone, slot), and when (UTC)."""

__all__ = ["camera_cards", "keep_card_pictures"]


@dataclass(frozen=True, slots=True)
class _Reading:
    """A read as :func:`vision.evidence.make_evidence` takes it: the card's text, confidence and corners on its frame."""

    card: str | None
    confidence: float
    quad: Quad


def camera_cards(reads: Sequence[tuple[str, CardRead]], *, threshold: float | None = None,
                 confirmers: Confirmers | None = None) -> CameraCards:
    """The cards of ``reads`` (each named: ``"flop card 1"``), with the means to keep the pictures they were read on; each
    picture names the ``threshold`` and, for a card the dealer confirmed or corrected, who did it and when (``confirmers``)."""
    cards = tuple(read.card for _, read in reads if read.card is not None)
    keep = functools.partial(keep_card_pictures, list(reads), threshold=threshold, confirmers=dict(confirmers or {}))
    return CameraCards(cards, keep)


def keep_card_pictures(reads: Sequence[tuple[str, CardRead]], store: Store, table_id: int | None, *, threshold: float | None = None,
                       confirmers: Confirmers | None = None) -> list[CardPicture]:
    """Put each read card's crop (PNG) and the frame it was read on (JPEG, once per frame) in the event store; name them.

    Runs on the thread that records (the session's background recorder), never the screen's: encoding a 1920x1080 frame
    takes tens of milliseconds. Raises :class:`vision.evidence.EvidenceError` when a read kept no picture or the store
    kept other bytes than those hashed, or the store's own errors.
    """
    from vision.evidence import EvidenceError, Image, make_evidence, store_evidence

    frames: dict[tuple[int, float], Image] = {}
    pictures = []
    for subject, read in reads:
        seen = read.sighting.seen
        if seen is None:
            raise EvidenceError(f"no picture was kept of {subject}")
        frame = frames.get((seen.seq, seen.wall_time))
        if frame is None:
            frame = frames[(seen.seq, seen.wall_time)] = Image.encode(seen.image, "jpeg")
        guess = read.sighting.card or read.sighting.best
        text = str(guess) if guess is not None else None
        evidence = make_evidence(seen.image, _Reading(text, read.sighting.confidence, seen.quad), frame_seq=seen.seq,
                                 wall_time=seen.wall_time, frame_image=frame)
        kept = store_evidence(store, evidence, table_id=table_id)
        who, when = (confirmers or {}).get(read.key, ("", None)) if read.status is CardStatus.CONFIRMED else ("", None)
        pictures.append(CardPicture(subject=subject, read=text or "", confidence=read.sighting.confidence, applied=guess == read.card,
                                    crop_sha256=kept.crop_sha256, frame_sha256=kept.frame_sha256, frame_seq=seen.seq,
                                    frame_at=evidence.captured_at, threshold=threshold, confirmed_by=who, confirmed_at=when))
    return pictures
