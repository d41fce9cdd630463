"""The camera's evidence behind a recorded event (SPEC, Records and review: a camera's event keeps its evidence).

The pictures are kept first (:mod:`.camera_evidence` makes and stores them, on the thread that records); then the
event names its frame, then one ``reading`` record per card names its crop (and one per other frame the cards were
read on). Pictures that cannot be kept never hold up the deal: the event is recorded without them, with a warning.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from dealer_console.engine.events import Event
from dealer_console.live.card_requests import CameraCards, CardPicture
from dealer_console.live.notices import Notice, NoticeLevel
from dealer_console.live.recording import HandRecorder, TableRecorder
from dealer_console.store.errors import StoreError
from dealer_console.store.kinds import Source
from dealer_console.store.records import ReadingTaken

__all__ = ["play_camera_event"]

log = logging.getLogger(__name__)


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
                               applied=picture.applied, threshold=picture.threshold, confirmed_by=picture.confirmed_by,
                               confirmed_at=picture.confirmed_at)
        table.store.append(table.table_id, reading, hand_id=hand_id, source=Source.CAMERA, actor=actor,
                           frame_at=picture.frame_at, evidence_sha256=picture.crop_sha256)
        if picture.frame_sha256 not in frames:
            frames.add(picture.frame_sha256)
            table.store.append(table.table_id, ReadingTaken(subject="camera frame", value=str(picture.frame_seq)),
                               hand_id=hand_id, source=Source.CAMERA, actor=actor, frame_at=picture.frame_at,
                               evidence_sha256=picture.frame_sha256)
