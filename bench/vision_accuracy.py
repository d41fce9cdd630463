"""Accuracy of card reading, measured at scale (issue 5 "Done when" 1 and 2, and the general mode).

``python bench/vision_accuracy.py [--quick] [--scenes N] [--general N] [--photos | --no-photos]``

- Taught-deck mode, per shared art set (the drawn deck when the art is absent): taught from two
  laid-out teaching frames (seeds 900001-900002), then N synthetic overhead scenes (1920x1080,
  5-20 cards, overlapping pairs, glare, shadow, chips; seeds 5000 onwards, never used to set a
  threshold) are read as the console reads (the learned corner reader confirming the deck's unsure
  readings; ``--no-model``: the deck alone) and scored against their ground truth.
- General mode: the same scenes read with glyphs learnt from the standard fonts and the *other*
  art set(s) only; the deck being read is never taught.
- Real photos: ``rank_photos`` taught from its ``train`` split, measured on ``test``: the taught rank reader alone
  (``rank_photos``), and, as a room reads with a taught deck, on top of the learned corner reader
  (``rank_photos_on_model``, :func:`vision.rank_photos.taught_on_model`; not with ``--no-model``).

Single thread.  A reading is confident at ``--threshold`` (default 0.90, the console's: applied without
asking); below it the dealer is asked (``asked``, ``asked_right``).  The last line is one JSON object with,
per part, ``recall``, ``precision``, ``confident_misreads``, ``asked``, ``asked_right`` and milliseconds per frame.
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

from vision.cli import DEFAULT_THRESHOLD
from vision.detect import DetectorConfig
from vision.evaluate import Score, scene_config, score_scene, teach_deck
from vision.learned import shared_model, with_learned_reader
from vision.rank_photos import PhotoScore, evaluate_ranks, load_split, teach_ranks
from vision.recognize import TaughtDeck, general_deck, read_frame
from vision.synthetic import Deck, available_decks, generate_scene

TEACH_SEEDS = (900001, 900002)
FIRST_TEST_SEED = 5000


def run(deck: Deck, reader: TaughtDeck, n: int, label: str, first_seed: int = FIRST_TEST_SEED, nominal: bool = False,
        threshold: float = 0.9) -> dict[str, object]:
    sc = Score(threshold=threshold)
    t0 = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        s = generate_scene(deck, seed)
        t = time.perf_counter()
        cfg = DetectorConfig(card_width_px=s.card_width_px) if nominal else scene_config(s)
        readings = read_frame(s.image, reader, cfg)
        sc.ms.append((time.perf_counter() - t) * 1000)
        score_scene(s, readings, sc)
    d = sc.as_dict()
    d["accuracy"] = d["precision"]
    print(f"{label}: {n} scenes in {time.perf_counter() - t0:.0f} s: {d}", flush=True)
    for e in sc.misread_examples:
        print(f"  misread {e}", flush=True)
    return d


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="10 scenes per deck, 5 in general mode, rank_photos on a sample (a run under a minute)")
    ap.add_argument("--scenes", type=int, default=None, help="scenes per art set in taught mode (default 2000)")
    ap.add_argument("--general", type=int, default=None, help="scenes per art set in general mode (default 200)")
    ap.add_argument("--no-photos", action="store_true")
    ap.add_argument("--no-model", action="store_true", help="the taught deck alone, without the learned corner reader confirming it")
    ap.add_argument("--deck", default=None, help="only the art sets whose name contains this (to split a long run over processes)")
    ap.add_argument("--nominal-size", action="store_true",
                    help="read with the nominal card width only, without the table calibration's view (every card taken at one size)")
    ap.add_argument("--first-seed", type=int, default=FIRST_TEST_SEED, help=f"first test scene's seed (default {FIRST_TEST_SEED})")
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD,
                    help=f"confidence from which a reading is applied without asking (default {DEFAULT_THRESHOLD}, the console's); 0 counts every card named")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    n = args.scenes if args.scenes is not None else (10 if args.quick else 2000)
    ng = args.general if args.general is not None else (5 if args.quick else 200)
    data = Path(os.environ.get("DEALER_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    decks = available_decks(data if data.is_dir() else None)
    chosen = [d for d in decks if args.deck is None or args.deck in d.name]
    if not chosen:
        ap.error(f"no art set matches --deck {args.deck!r}; available: {', '.join(d.name for d in decks)}")
    out: dict[str, object] = {}
    for deck in chosen:
        if n:
            taught = teach_deck(deck, list(TEACH_SEEDS))
            reader = taught if args.no_model else with_learned_reader(taught)  # as the console reads
            out[f"taught/{deck.name}"] = run(deck, reader, n, f"taught {deck.name}", args.first_seed, args.nominal_size, args.threshold)
    if ng:
        for deck in chosen:
            others = [d for d in decks if d.name != deck.name and d.name != "drawn"]
            out[f"general/{deck.name}"] = run(deck, general_deck(others), ng, f"general {deck.name} (glyphs from fonts + {[d.name for d in others]})",
                                              args.first_seed, args.nominal_size, args.threshold)
    photos = data / "rank_photos"
    if not args.no_photos and (photos / "labels_normalized.csv").is_file():
        train, test = load_split(photos, "train"), load_split(photos, "test")
        if args.quick:
            train, test = train[::20], test[::12]  # teaching ranks and reading whole photos take most of the time
        t0 = time.perf_counter()
        ranks = teach_ranks(train)
        model = None if args.no_model else shared_model()
        alone = PhotoScore()
        # one reading of each photo: the taught ranks alone, and on top of the model as a room reads with a taught deck
        on_model = evaluate_ranks(ranks, test, model, args.threshold, alone=alone)
        print(f"rank_photos: taught on {len(train)} train photos, {len(test)} test photos in {time.perf_counter() - t0:.0f} s", flush=True)
        for name, sc in (("rank_photos", alone), ("rank_photos_on_model", on_model if model is not None else None)):
            if sc is None:
                continue
            d = sc.as_dict()
            print(f"{name}: {d}", flush=True)
            for e in sc.examples:
                print(f"  misread {e}", flush=True)
            out[name] = d
    print(json.dumps(out))


if __name__ == "__main__":
    main()
