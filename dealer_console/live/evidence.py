"""The camera's evidence behind a recorded event (SPEC, Records and review: a camera's event keeps its evidence).

Kept first: each card's crop and the frame it was read on go into the event store (:func:`keep_card_pictures`, on
the thread that records). Then the event names its frame, then one ``reading`` record per card names its crop (and
one per other frame the cards were read on) (:func:`play_camera_event`). Pictures that cannot be kept never hold up
the deal: the event is recorded without them, with a warning.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from dealer_console.engine.events import Event
from dealer_console.live.camera_reads import CardRead, Quad
from dealer_console.live.card_requests import CameraCards, CardPicture
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.recording import HandRecorder, TableRecorder
from dealer_console.store import Store
from dealer_console.store.errors import StoreError
from dealer_console.store.models import Source
from dealer_console.store.records import ReadingTaken

__all__ = ["camera_cards", "keep_card_pictures", "play_camera_event"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Reading:
    """A read as :func:`vision.evidence.make_evidence` takes it: the card's text, confidence and corners on its frame."""

    card: str | None
    confidence: float
    quad: Quad


def camera_cards(reads: Sequence[tuple[str, CardRead]]) -> CameraCards:
    """The cards of ``reads`` (each named: ``"flop card 1"``), with the means to keep the pictures they were read on."""
    cards = tuple(read.card for _, read in reads if read.card is not None)
    return CameraCards(cards, functools.partial(keep_card_pictures, list(reads)))


def keep_card_pictures(reads: Sequence[tuple[str, CardRead]], store: Store, table_id: int | None) -> list[CardPicture]:
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
        pictures.append(CardPicture(subject=subject, read=text or "", confidence=read.sighting.confidence, applied=guess == read.card,
                                    crop_sha256=kept.crop_sha256, frame_sha256=kept.frame_sha256, frame_seq=seen.seq,
                                    frame_at=evidence.captured_at))
    return pictures


def play_camera_event(table: TableRecorder, hand: HandRecorder, event: Event, *, camera: CameraCards | None, actor: str,
                      what: str) -> list[Notice]:
    """Record ``event``, whose cards the camera read, with the pictures of ``camera``; return the warnings for the dealer.

    ``what`` names the cards in a warning (``"flop"``, ``"seat 3's hand"``). Raises what the recorder raises (nothing applied).
    """
    warnings: list[Notice] = []
    pictures: Sequence[CardPicture] = ()
    if camera is not None and camera.keep_pictures is not None:
        hand.hand.verify(event)  # a refused event keeps no picture
        try:
            pictures = camera.keep_pictures(table.store, table.table_id)
        except Exception as error:  # the pictures are an aid: the deal goes on without them
            log.warning("camera pictures of the %s not kept", what, exc_info=True)
            warnings.append(Notice(NoticeLevel.WARNING, f"The camera's pictures of the {what} are not kept ({error}); "
                                                        "the cards are recorded without them"))
    # the event names the latest frame its cards were read on; each card's reading names its crop (and any other frame)
    main = max(pictures, key=lambda picture: (picture.frame_at, picture.frame_seq)) if pictures else None
    stored = hand.play(event, actor=actor, source=Source.CAMERA, frame_at=None if main is None else main.frame_at,
                       evidence_sha256=None if main is None else main.frame_sha256)
    if pictures:
        try:
            _record_readings(table, pictures, hand_id=stored.hand_id, frame_sha256=stored.evidence_sha256, actor=actor)
        except StoreError as error:
            warnings.append(Notice(NoticeLevel.WARNING, f"The {what} is recorded, but not every camera reading behind it: {error}"))
    return warnings


def _record_readings(table: TableRecorder, pictures: Sequence[CardPicture], *, hand_id: int | None, frame_sha256: str | None,
                     actor: str) -> None:
    """A ``reading`` record per card naming its crop, and one per other frame the cards were read on."""
    frames = {frame_sha256}
    for picture in pictures:
        reading = ReadingTaken(subject=picture.subject, value=picture.read, confidence=round(picture.confidence, 4),
                               applied=picture.applied)
        table.store.append(table.table_id, reading, hand_id=hand_id, source=Source.CAMERA, actor=actor,
                           frame_at=picture.frame_at, evidence_sha256=picture.crop_sha256)
        if picture.frame_sha256 not in frames:
            frames.add(picture.frame_sha256)
            table.store.append(table.table_id, ReadingTaken(subject="camera frame", value=str(picture.frame_seq)),
                               hand_id=hand_id, source=Source.CAMERA, actor=actor, frame_at=picture.frame_at,
                               evidence_sha256=picture.frame_sha256)
