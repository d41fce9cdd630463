"""Reading ranks on real photos (shared ``rank_photos``: phone and webcam pictures of 9 to ace on carpets,
tables and clutter, boxed and labelled by rank only).

Sources: issue 5 'Done when' 1 ("rank precision >= 99.5 % with no confident misread, and recall
reported"); SPEC "Inputs" (a reading below the confidence threshold is never applied).  The reader is
taught from the ``train`` split only and measured on ``test``; the boxes are never used to find
cards, only to judge the readings.  To keep the suite fast this test teaches from a third of the
train photos and reads a third of the test photos; bench/vision_accuracy.py runs the whole split
(figures in docs/vision.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.rank_photos import evaluate_ranks, load_split, teach_ranks


@pytest.fixture(scope="module")
def photos(shared_data: Path) -> Path:
    folder = shared_data / "rank_photos"
    if not (folder / "labels_normalized.csv").is_file():
        pytest.skip("rank_photos absent from the shared data")
    return folder


def test_real_photo_ranks_have_no_confident_misread(photos: Path) -> None:
    """Issue 5 'Done when' 1: precision >= 99.5 % and no confident misread on real photos; recall is reported
    (measured on the full split in docs/vision.md; the 90 % recall target is not met) and guarded at 65 % (measured
    81 %, 78 of 78 readings right; 50 % before the phone pictures were read enlarged).
    The "10", which the font glyphs do not seed, must be taught from its recurring glyph."""
    train = load_split(photos, "train")[::3]
    test = load_split(photos, "test")[::3]
    assert len(train) >= 90 and len(test) >= 20
    reader = teach_ranks(train)
    assert "T" in reader.book.rank_labels
    score = evaluate_ranks(reader, test)
    result = score.as_dict()
    print(f"rank_photos sample: {result}")
    assert score.readings > 0
    assert score.misreads + score.outside == 0, score.examples
    assert score.precision >= 0.995, result
    assert score.recall >= 0.65, result


def test_labels_are_read_from_the_shared_csv(photos: Path) -> None:
    """The evaluation reads the set's own labels: every box has a rank of the set (9 to ace) and lies inside its photo."""
    for split in ("train", "test"):
        items = load_split(photos, split)
        assert items, split
        for p in items:
            assert p.path.is_file(), p.path
            for b in p.boxes:
                assert b.rank in "9TJQKA" and b.x0 < b.x1 and b.y0 < b.y1
