"""Evidence for readings: the crop and the frame, encoded, hashed and kept by the event store.

Sources: issue 5 ("Evidence: each reading keeps the crop (and the frame it came from) for the event
store"); SPEC "Records and review" (camera evidence stored with a hash in the event, under a retention
policy; every event carries the camera frame's own timestamp); docs/store.md (put_evidence returns the
image's SHA-256).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_console.config import StoreSettings
from dealer_console.store import Store
from vision.detect import DetectorConfig
from vision.evaluate import teach_deck
from vision.evidence import CROP_HEIGHT, CROP_WIDTH, EvidenceError, Image, card_crop, make_evidence, store_evidence
from vision.recognize import read_frame
from vision.synthetic import SceneConfig, drawn_deck, generate_scene

CLEAN = SceneConfig(glare=False, shadow=False, chips=False, overlap_pairs=False)


@pytest.fixture(scope="module")
def readings_and_scene():  # type: ignore[no-untyped-def]
    deck = drawn_deck()
    taught = teach_deck(deck, [700001, 700002])
    scene = generate_scene(deck, 7600, CLEAN, n_cards=5)
    return read_frame(scene.image, taught, DetectorConfig(card_width_px=scene.card_width_px)), scene, deck


def test_each_reading_keeps_its_upright_crop_and_its_frame(readings_and_scene) -> None:  # type: ignore[no-untyped-def]
    """Issue 5: each reading keeps the crop and the frame.  The crop is the reading's place on the frame seen upright, kept
    lossless (PNG); the frame is the picture as it came (JPEG, close to it); both hashes are the SHA-256 of the bytes,
    and the frame's own time is kept in UTC."""
    readings, scene, _ = readings_and_scene
    r = next(r for r in readings if r.card is not None)
    ev = make_evidence(scene.image, r, frame_seq=41, wall_time=1_796_000_000.25)
    assert ev.crop.media_type == "image/png" and ev.frame.media_type == "image/jpeg"
    assert ev.crop.sha256 == hashlib.sha256(ev.crop.data).hexdigest() and ev.frame.sha256 == hashlib.sha256(ev.frame.data).hexdigest()
    assert ev.crop.decode().shape == (CROP_HEIGHT, CROP_WIDTH, 3)
    assert np.array_equal(ev.crop.decode(), card_crop(scene.image, r.quad))
    assert np.allclose(np.asarray(ev.quad), r.quad.reshape(4, 2))
    frame = ev.frame.decode()
    assert frame.shape == scene.image.shape and cv2.PSNR(frame, scene.image) > 30
    assert ev.captured_at == datetime.fromtimestamp(1_796_000_000.25, UTC) and ev.frame_seq == 41 and ev.card == r.card
    again = make_evidence(scene.image, r, frame_seq=41, wall_time=1_796_000_000.25)
    assert again.crop.sha256 == ev.crop.sha256  # the same reading gives the same evidence


def test_the_crop_is_the_card_seen_upright(readings_and_scene) -> None:  # type: ignore[no-untyped-def]
    """The crop under a card's outline is that card's face, upright: more like its own face than like any other card's."""
    _, scene, deck = readings_and_scene
    c = scene.cards[0]
    crop = card_crop(scene.image, c.quad).astype(np.float32)

    def likeness(card: str) -> float:
        face = cv2.resize(deck.faces[card][:, :, :3], (CROP_WIDTH, CROP_HEIGHT), interpolation=cv2.INTER_AREA).astype(np.float32)
        return float(np.corrcoef(crop.ravel(), face.ravel())[0, 1])

    others = [x for x in deck.faces if x != c.card]
    assert likeness(c.card) > 0.9
    assert likeness(c.card) > max(likeness(x) for x in others)


@pytest.mark.parametrize("on_disk", [False, True])
def test_the_event_store_keeps_the_same_bytes_under_the_same_hash(readings_and_scene, tmp_path: Path, on_disk: bool) -> None:  # type: ignore[no-untyped-def]
    """docs/store.md: put_evidence returns the image's SHA-256.  Evidence made here goes into a real SQLite store (in the
    database, or in its evidence folder) and comes back byte for byte under the hash computed here."""
    readings, scene, _ = readings_and_scene
    settings = StoreSettings(evidence_dir=tmp_path / "evidence") if on_disk else StoreSettings()
    store = Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}", settings=settings)
    frame_image = Image.encode(scene.image, "jpeg")
    stored = [store_evidence(store, make_evidence(scene.image, r, frame_seq=7, wall_time=1_796_000_000.0, frame_image=frame_image))
              for r in readings]
    assert len({s.frame_sha256 for s in stored}) == 1  # one frame, kept once, for every reading of it
    assert len({s.crop_sha256 for s in stored}) == len(readings)
    for s in stored:
        assert hashlib.sha256(store.evidence(s.crop_sha256)).hexdigest() == s.crop_sha256
    assert store.evidence(stored[0].frame_sha256) == frame_image.data
    if on_disk:
        assert (tmp_path / "evidence" / stored[0].crop_sha256[:2] / f"{stored[0].crop_sha256}.bin").is_file()


def test_a_store_that_keeps_other_bytes_is_caught(readings_and_scene) -> None:  # type: ignore[no-untyped-def]
    """If what the store kept does not hash to what was made, the reading's evidence is not trusted: refused loudly."""
    readings, scene, _ = readings_and_scene

    class Truncating:
        def put_evidence(self, data: bytes, *, media_type: str = "image/jpeg", table_id: int | None = None,
                         captured_at: datetime | None = None) -> str:
            return hashlib.sha256(data[:-1]).hexdigest()

    with pytest.raises(EvidenceError, match="not stored as made"):
        store_evidence(Truncating(), make_evidence(scene.image, readings[0], frame_seq=1, wall_time=0.0))


def test_bad_evidence_input_is_refused_with_a_reason(readings_and_scene) -> None:  # type: ignore[no-untyped-def]
    """No frame, an empty outline, a time without a zone or an unknown format: each refused with a message, never a crash."""
    readings, scene, _ = readings_and_scene
    r = readings[0]
    with pytest.raises(EvidenceError, match="colour frame"):
        make_evidence(np.zeros((10, 10), np.uint8), r, frame_seq=1, wall_time=0.0)

    class Flat:
        quad = np.zeros((4, 2))
        card = "As"
        confidence = 0.9

    with pytest.raises(EvidenceError, match="outline"):
        make_evidence(scene.image, Flat(), frame_seq=1, wall_time=0.0)
    with pytest.raises(EvidenceError, match="time zone"):
        make_evidence(scene.image, r, frame_seq=1, wall_time=datetime(2026, 11, 30, 12, 0))
    with pytest.raises(EvidenceError, match="png or jpeg"):
        Image.encode(scene.image, "gif")
