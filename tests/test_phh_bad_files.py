"""PHH import refuses a bad file only with PHHError, naming the file.

Sources: the issue's point "Bad files and frames" ("PHH import raises only PHHError, naming the file": one mutated file
raised GameDefinitionError); STYLE.md, practice 4 (each package has its own small exception hierarchy).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealer_console.engine.games import make_game
from dealer_console.engine.phh.errors import PHHError, PHHFormatError
from dealer_console.engine.phh.export import export_phh
from dealer_console.engine.phh.importer import import_phh, load_phh
from dealer_console.sim.hand_play import play_random_hand, random_setup
from tests.test_phh_export_import import GOOD

MUTATIONS = 1500
_ALPHABET = "0123456789-[]{}=,'\".ptcbrfsdh \n_abcxyz"


def _files() -> list[str]:
    rng = random.Random(1)
    texts = [GOOD]
    for code in ("O", "OK", "DBO", "O/8"):
        game = make_game(code, "pot-limit", small_blind=1, big_blind=2)
        texts.append(export_phh(play_random_hand(random_setup(game, rng), rng)))
    return texts


def _mutated(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars))
        roll = rng.random()
        if roll < 0.4:
            chars[at] = rng.choice(_ALPHABET)
        elif roll < 0.7:
            del chars[at]
        else:
            chars.insert(at, rng.choice(_ALPHABET))
    return "".join(chars)


def test_a_recorded_set_up_with_a_seat_not_dealt_in_is_a_phh_error_naming_the_file() -> None:
    """The mutated file of the issue: a blind seat of the recorded set-up that is not dealt in (the engine's
    GameDefinitionError) is refused as PHHFormatError, naming the file and the reason."""
    text = next(text for text in _files() if "big_blind_seat = " in text)
    start = text.index("big_blind_seat = ") + len("big_blind_seat = ")
    end = text.index(",", start)
    with pytest.raises(PHHFormatError, match=r"^hand\.phh: .*Seat -8 is not dealt in this hand"):
        import_phh(text[:start] + "-8" + text[end:], source="hand.phh")


def test_mutated_files_raise_only_phh_errors_that_name_the_file() -> None:
    """1,500 seeded mutations (one to three characters changed, dropped or added) of a standard file and of four files of
    our own: each imports, or raises a PHHError whose message starts with the file's name; nothing else escapes."""
    rng = random.Random(20)
    files = _files()
    refused = 0
    for _ in range(MUTATIONS):
        text = _mutated(rng.choice(files), rng)
        try:
            import_phh(text, source="mutated.phh")
        except PHHError as error:
            assert str(error).startswith("mutated.phh: "), str(error)
            refused += 1
    assert refused > MUTATIONS // 2


def test_a_file_that_cannot_be_read_is_a_phh_error_naming_it(tmp_path: Path) -> None:
    """load_phh of a missing file or of a folder: PHHFormatError naming the file, not an OSError."""
    for path in (tmp_path / "missing.phh", tmp_path):
        with pytest.raises(PHHFormatError, match=rf"^{path.name}: cannot be read"):
            load_phh(path)
