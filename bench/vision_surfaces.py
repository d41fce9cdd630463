"""Card reading per kind of table surface (felt, printed felt, wood, white, stone), measured on synthetic scenes.

``python bench/vision_surfaces.py [--quick] [--scenes N] [--kinds felt,wood] [--deck NAME] [--first-seed S] [--empty-table] [--deck-named]``
(``--quick``: 4 scenes per art set and kind instead of 100, the same figures on less work, under a minute.)

Per shared art set (the drawn deck when the art is absent) and per surface kind: the deck is taught from two laid-out
pictures on that surface (seeds 900001-900002; a teaching picture that cannot be taught is reported, and reading is
then skipped), then N overhead scenes on that surface (1920x1080, 5-20 cards, overlapping pairs, chips, shadow, hot
spots, camera noise and JPEG; seeds from ``--first-seed``, never used to set anything) are read as the console reads
(:func:`vision.recognize.read_frame`, the taught deck confirmed by the learned corner reader; ``--no-model``: the taught
deck alone) and scored against their ground truth twice: every card named
(``Score(threshold=0.0)``) and at the console's confidence threshold (0.90: applied without asking).  With
``--empty-table`` each scene's table is first learnt empty (``vision.synthetic.empty_table``: the same table, light and
camera without cards, chips or an arm's shadow, with its own noise and a light up to 4 % brighter or dimmer), as the
live console learns it between hands, and the reader's card area is what differs from it.

With ``--deck-named`` each kind also counts the cards the taught deck named before the learned reader confirmed them, by
band of the deck's own confidence (``deck_named``: ``named``, ``not_there``: not the card where it was read,
``still_named``: of those, named so in the end), the figures :data:`vision.learned.NAMED_RIGHT` rests on.

Single thread.  The last line is one JSON object: per art set and kind, the teaching (cards learnt by neither reader, with
their reasons; cards whose glyphs or corner patches were not learnt) and, per threshold, ``recall_visible``, ``confident_misreads`` and
milliseconds per frame.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2
import numpy as np

from vision.background import TableBackground
from vision.cli import DEFAULT_THRESHOLD
from vision.evaluate import Score, scene_config, score_scene, teach_deck
from vision.learned import with_learned_reader
from vision.recognize import Reading, TeachError, read_frame
from vision.surfaces import SURFACE_KINDS
from vision.synthetic import Deck, SceneConfig, available_decks, generate_scene
from vision.synthetic import empty_table as synthetic_empty_table
from vision.untaught import untaught_message

TEACH_SEEDS = [900001, 900002]
FIRST_TEST_SEED = 5000


NAMED_BANDS = (0.0, 0.5, 0.9, 1.01)
"""The bands of the taught deck's own confidence over which ``--deck-named`` counts its named cards."""


def measure(deck: Deck, kind: str, scenes: int, first_seed: int, model: bool = True, empty_table: bool = False,
            deck_named: bool = False) -> dict[str, object]:
    """Teach ``deck`` on ``kind`` and read ``scenes`` scenes on it (``model``: the learned corner reader confirming the
    deck's unsure readings, as the console reads; ``empty_table``: each scene's table learnt empty first, as the live
    console learns it between hands; ``deck_named``: the cards the taught deck named, before the model confirmed them,
    counted by band of the deck's own confidence, and how many were not the card there, and of those, how many the
    reading still named in the end: what :data:`vision.learned.NAMED_RIGHT` rests on); the figures as a dict."""
    import vision.recognize

    named: list[tuple[Reading, str, float]] = []
    confirm = vision.recognize.confirm

    def confirm_seen(readings: list[Reading], *args: object, **kwargs: object) -> None:
        named.extend((r, r.card, r.confidence) for r in readings if r.card is not None)
        confirm(readings, *args, **kwargs)  # type: ignore[arg-type]

    bands = [[0, 0, 0] for _ in NAMED_BANDS[1:]]  # per band: named, not the card there, still named so in the end
    cfg = SceneConfig(surface=kind)
    t = time.perf_counter()
    try:
        taught = teach_deck(deck, TEACH_SEEDS, cfg)
    except TeachError as error:
        return {"teach_error": str(error)}
    out: dict[str, object] = {
        "teach_s": round(time.perf_counter() - t, 1),
        "untaught": len(taught.untaught),  # learnt by neither reader
        "untaught_glyphs": len(taught.glyph_untaught),
        "untaught_patches": len(taught.corners.untaught) if taught.corners is not None else 52,
        "untaught_reasons": untaught_message(taught.untaught_reasons),
    }
    reader = with_learned_reader(taught) if model else taught
    every, confident = Score(threshold=0.0), Score(threshold=DEFAULT_THRESHOLD)
    for seed in range(first_seed, first_seed + scenes):
        scene = generate_scene(deck, seed, cfg)
        detector = scene_config(scene)
        if empty_table:
            table = TableBackground([synthetic_empty_table(deck, seed, cfg)], card_width_px=scene.card_width_px)
            detector = replace(detector, background=table)
        vision.recognize.confirm = confirm_seen if deck_named else confirm  # type: ignore[assignment]
        t = time.perf_counter()
        try:
            readings = read_frame(scene.image, reader, detector)
        finally:
            vision.recognize.confirm = confirm
        ms = (time.perf_counter() - t) * 1000
        for score in (every, confident):
            score.ms.append(ms)
            score_scene(scene, readings, score)
        for r, card, confidence in named:
            band = bands[next(i for i, top in enumerate(NAMED_BANDS[1:]) if confidence < top)]
            band[0] += 1
            if not any(c.card == card and np.linalg.norm(c.quad.mean(0) - r.quad.mean(0)) < 0.35 * scene.card_width_px for c in scene.cards):
                band[1] += 1
                band[2] += r.card == card
        named.clear()
    for name, score in (("named", every), ("confident", confident)):
        d = score.as_dict()
        out[name] = {k: d[k] for k in ("frames", "index_visible", "correct", "recall_visible", "confident_misreads", "median_ms", "p99_ms")}
        if score.misread_examples:
            out[name + "_misread_examples"] = score.misread_examples[:3]
    if deck_named:
        out["deck_named"] = {f"{lo:.1f}-{min(hi, 1.0):.1f}": {"named": n, "not_there": wrong, "still_named": kept}
                             for lo, hi, (n, wrong, kept) in zip(NAMED_BANDS[:-1], NAMED_BANDS[1:], bands, strict=True)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="4 scenes per art set and kind (a run under a minute)")
    ap.add_argument("--scenes", type=int, default=None, help="scenes per art set and surface kind (default 100, 4 with --quick)")
    ap.add_argument("--kinds", default=",".join(SURFACE_KINDS), help="surface kinds, comma-separated (default all)")
    ap.add_argument("--deck", default=None, help="only the art sets whose name contains this")
    ap.add_argument("--no-model", action="store_true", help="the taught deck alone, without the learned corner reader")
    ap.add_argument("--empty-table", action="store_true",
                    help="learn each scene's table empty first (its picture without cards), as the live console does between hands")
    ap.add_argument("--first-seed", type=int, default=FIRST_TEST_SEED, help=f"first test scene's seed (default {FIRST_TEST_SEED})")
    ap.add_argument("--deck-named", action="store_true",
                    help="count the cards the taught deck named before the model confirmed them, and how many were wrong")
    args = ap.parse_args()
    args.scenes = args.scenes if args.scenes is not None else (4 if args.quick else 100)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in SURFACE_KINDS]
    if unknown or args.scenes < 1:
        ap.error(f"unknown surface kinds {unknown}; expected some of {', '.join(SURFACE_KINDS)}" if unknown else "--scenes must be 1 or more")
    cv2.setNumThreads(1)
    data = Path(os.environ.get("DEALER_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    data = data if data.is_dir() else None
    decks = [d for d in available_decks(data) if args.deck is None or args.deck in d.name]
    result: dict[str, object] = {"scenes_per_kind": args.scenes, "first_seed": args.first_seed, "threshold": DEFAULT_THRESHOLD,
                              "learned_reader": not args.no_model, "empty_table": args.empty_table}
    for deck in decks:
        per_kind: dict[str, object] = {}
        for kind in kinds:
            per_kind[kind] = measure(deck, kind, args.scenes, args.first_seed, model=not args.no_model, empty_table=args.empty_table,
                                     deck_named=args.deck_named)
            print(deck.name, kind, json.dumps(per_kind[kind]), flush=True)
        result[deck.name] = per_kind
    print(json.dumps(result))


if __name__ == "__main__":
    main()
