"""Speed (and, on the same frames, accuracy) of reading cards from a 1920x1080 overhead frame.

``python bench/vision.py [--quick]`` from the repository.

Frames: synthetic scenes (``vision.synthetic``) with 15 cards, glare, shadow, chips and overlapping
pairs, from the first shared card-art set (the drawn demo deck when the art is absent).  The deck is
taught from separate layout seeds.  Single thread: OpenCV and BLAS are limited to one thread.

Measured per frame: ``vision.recognize.read_frame`` (corner indices found directly on the frame,
taught-deck recognition with the learned corner reader reading every index found too (``--no-model``: the taught
deck alone), one reading per card; with the table calibration's view, the scene's own perspective), and the classic reference from issue 5 in the same
run: one global threshold -> contours with 4 corners and fixed size limits -> 200x300 warp -> the
warped face's corner index read with the same taught deck (so the two differ in finding cards, as
in the issue's comparison).  Accuracy at scale (2,000 scenes per art set, general mode, real
photos) is ``bench/vision_accuracy.py``.

The last line printed is one JSON object: ``median_ms``, ``p99_ms``, ``reference_median_ms`` (and
``reference_p99_ms``, ``ratio_to_reference`` = median over reference median, ``frames``, ``recall``,
``confident_misreads``, ``reference_recall``, ``reference_misreads``, ``deck``).  On a shared machine
the milliseconds move with the other work; the ratio, both measured on the same frames in the same
run, moves much less.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2
import numpy as np

from vision.cli import DEFAULT_THRESHOLD
from vision.evaluate import Score, scene_config, score_scene, teach_deck
from vision.learned import with_learned_reader
from vision.recognize import FACE_H, FACE_W, Reading, TaughtDeck, read_frame
from vision.synthetic import available_decks, generate_scene


def reference_read(frame: np.ndarray, deck: TaughtDeck) -> list[Reading]:
    """The classic peer: global Otsu-free fixed threshold, 4-corner contours, fixed size limits, 200x300 warp."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    _, th = cv2.threshold(blur, 120, 255, cv2.THRESH_BINARY)  # one global threshold
    contours, _ = cv2.findContours(th, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Reading] = []
    for cnt in contours:
        area = cv2.contourArea(cnt)
        if not 10000 < area < 30000:  # fixed size limits
            continue
        approx = cv2.approxPolyDP(cnt, 0.02 * cv2.arcLength(cnt, True), True)
        if len(approx) != 4:
            continue
        pts = approx.reshape(4, 2).astype(np.float32)
        c = pts.mean(0)
        pts = pts[np.argsort(np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0]))]
        if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
            pts = np.roll(pts, -1, axis=0)
        M = cv2.getPerspectiveTransform(pts, np.array([[0, 0], [199, 0], [199, 299], [0, 299]], np.float32))
        warp = cv2.warpPerspective(frame, M, (200, 300))
        face = cv2.resize(warp, (FACE_W, FACE_H))  # the same taught templates, so only detection differs
        out.append(deck.read_face(face, pts))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="20 frames instead of 200")
    ap.add_argument("--frames", type=int, default=None)
    ap.add_argument("--no-model", action="store_true", help="the taught deck alone, without the learned corner reader")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    n = args.frames or (20 if args.quick else 200)
    data = Path(os.environ.get("DEALER_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    deck = available_decks(data if data.is_dir() else None)[0]
    taught = teach_deck(deck, [910001, 910002])
    if not args.no_model:
        taught = with_learned_reader(taught)  # the learned corner reader reads every index found too
    scenes = [generate_scene(deck, 20000 + i, n_cards=15) for i in range(n)]
    ms: list[float] = []
    ref_ms: list[float] = []
    ours, ref = Score(threshold=DEFAULT_THRESHOLD), Score(threshold=DEFAULT_THRESHOLD)
    for s in scenes:
        cfg = scene_config(s)  # the nominal card width and the table's view, as the table calibration gives them
        t0 = time.perf_counter()
        r = read_frame(s.image, taught, cfg)
        t1 = time.perf_counter()
        rr = reference_read(s.image, taught)
        t2 = time.perf_counter()
        ms.append((t1 - t0) * 1000)
        ref_ms.append((t2 - t1) * 1000)
        score_scene(s, r, ours)
        score_scene(s, rr, ref)
    print(f"deck {deck.name}, {n} frames of 1920x1080 with 15 cards, single thread")
    print(f"ours:      median {np.median(ms):.1f} ms  p99 {np.percentile(ms, 99):.1f} ms  recall {ours.recall_visible:.3f}  misreads {ours.confident_misreads}")
    ref_line = f"median {np.median(ref_ms):.1f} ms  p99 {np.percentile(ref_ms, 99):.1f} ms"
    print(f"reference: {ref_line}  recall {ref.recall_visible:.3f}  misreads {ref.confident_misreads}")
    ratio = float(np.median(ms) / np.median(ref_ms))
    print(f"ours / reference (medians): {ratio:.3f}")
    print(json.dumps({
        "median_ms": round(float(np.median(ms)), 2), "p99_ms": round(float(np.percentile(ms, 99)), 2),
        "reference_median_ms": round(float(np.median(ref_ms)), 2),
        "reference_p99_ms": round(float(np.percentile(ref_ms, 99)), 2), "ratio_to_reference": round(ratio, 3),
        "frames": n, "recall": round(ours.recall_visible, 4), "confident_misreads": ours.confident_misreads,
        "reference_recall": round(ref.recall_visible, 4), "reference_misreads": ref.confident_misreads, "deck": deck.name,
    }))


if __name__ == "__main__":
    main()
