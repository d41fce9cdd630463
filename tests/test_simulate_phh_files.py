"""The PHH files ``dealer-console simulate`` writes: each re-imports identical, PHH's games replay in pokerkit.

Sources: issue 3, "Done when" 3 ("Every exported PHH file of the variants PHH defines replays in
pokerkit (with a correct fixed-limit class) to the same final stacks; every exported file
re-imports to an identical hand (round trip) in this engine") and "What to build" (the
``simulate`` command "writes one PHH file per hand (with ``finishing_stacks``)"); SPEC (Records
and review: "Hands export to the PHH (Poker Hand History) standard, so other tools can read
them"); the PHH standard 0.0.1 (uoftcprg/phh-std, required.rst: variant table, antes, blinds,
actions; optional.rst: ``ante_trimming_status``, default false); ``docs/phh.md``.

The real command is run in-process (``dealer_console.cli.main``) for a few hundred hands of a
seeded table, whose random joins, leaves, sit-outs, live and dead posts, straddles and extra
runs are exactly what the unit tests of ``test_phh_export_import.py`` do not produce. PHH
defines two Omaha games (``PO`` and ``FO/8``); no-limit Omaha has no PHH code (``docs/phh.md``),
so its files are only round-tripped.

pokerkit replay. Each ``PO``/``FO/8`` file is read with pokerkit 0.7.7's ``HandHistory.loads`` and
its actions are applied to a pokerkit state built as ``tests/test_phh_export_import.py`` builds
it (``FO/8`` with the reference's fixed-limit class ``FixedLimitOmahaHoldemHighLowEightOrBetter``
and the hand's own raise cap; the implicit steps taken as pokerkit's ``state_actions`` takes
them; each player's run choice from ``_dealer_console_events``), with one difference: the
file's ``ante_trimming_status`` (PHH's default, false) is used, not ``True``. A dead post is
written as a PHH ante (docs/phh.md: "dead posts are in antes, which is exact"); with trimming on,
pokerkit hands a lone dead post back to its owner (pokerkit ``State._begin_bet_collection``),
which is not what the file says.

Exclusions (decided in code from the hand, counted, printed, bounded). A file that pokerkit
refuses or ends with other stacks than its ``finishing_stacks`` is excluded only when

* the product marks it not fully standard (``is_standard_phh`` false) for a reason named in
  ``docs/phh.md`` that PHH cannot express and that the hand shows: a live post (PHH readers
  take it for a straddle), a misdeal, pots run a different number of times (PHH has no per-pot
  runs), the blinds not on the seats PHH reads them from, or a Mississippi straddle without the
  small blind first. A hand that is non-standard only for running every pot the same number of
  extra times is *not* excluded for it: its run choices are given to pokerkit, which must agree;
* or it meets one of the stated pokerkit rules: :class:`tests.support.pokerkit_oracle.Exclusion`
  and rule 6 of ``tests/test_phh_export_import.py`` (two odd chips between three runs), read
  from the hand by that module's ``exclusions_met``.

Every other file must replay to its ``finishing_stacks``; non-standard files that pokerkit
replays all the same are compared, not excluded.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import io
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from dealer_console.cli import main
from dealer_console.engine.events import BlindKind, BlindPosted, event_to_dict
from dealer_console.engine.games import MississippiPreflopOrder
from dealer_console.engine.hand import Hand, Phase
from dealer_console.engine.phh.export import export_phh, is_standard_phh
from dealer_console.engine.phh.importer import import_phh, load_phh
from dealer_console.engine.phh.notation import FIELD_PREFIX, STANDARD_OMAHA_CODES
from tests.test_phh_export_import import assert_identical, exclusions_met, replay_in_pokerkit, standard_part

HANDS = 300
"""Hands simulated per game: a few hundred, a few seconds each."""
SEED = 20_26
MAX_EXCLUDED_SHARE = 0.30
"""At most this share of a game's files may be excluded, for all reasons together (the table's
live posts alone take about one file in eight)."""
MAX_POKERKIT_RULE_SHARE = {"PO": 0.08, "FO/8": 0.10}
"""At most this share for the stated pokerkit rules (0 and 2 files of 300 with this seed, at most 7 with other seeds tried)."""
MIN_COMPARED = 200
"""At least this many of the HANDS files must really be compared with pokerkit."""
MIN_COMPARED_WITH = {"showdown": 50, "all-in": 20, "straddle": 5, "extra runs": 1, "dead post": 1}
"""What the compared files must include (this seed has more: see the printed counts)."""


@dataclasses.dataclass(frozen=True)
class Simulation:
    """One run of ``dealer-console simulate``: its arguments, exit code, output and files."""

    game: str
    structure: str
    code: str
    exit_code: int
    stdout: str
    files: tuple[Path, ...]
    seconds: float


SIMULATIONS = {
    "PO": ("omaha", "pot-limit"),
    "FO/8": ("omaha-hi-lo", "limit"),
    "NO": ("omaha", "no-limit"),
}
"""The variant code each simulated game and structure should export (docs/phh.md)."""


@pytest.fixture(scope="module")
def simulations(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Simulation]:
    """Run the real command once per game into a temporary folder (shared by the tests)."""
    done: dict[str, Simulation] = {}
    for code, (game, structure) in SIMULATIONS.items():
        out = tmp_path_factory.mktemp(f"simulate-{game}-{structure}")
        stdout = io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stdout(stdout):
            arguments = ["--game", game, "--structure", structure, "--hands", str(HANDS), "--seed", str(SEED), "--out", str(out)]
            exit_code = main(["simulate", *arguments, "--quiet"])
        seconds = time.perf_counter() - started
        done[code] = Simulation(game, structure, code, exit_code, stdout.getvalue(), tuple(sorted(out.glob("*.phh"))), seconds)
    return done


def read_file(path: Path) -> tuple[str, dict[str, Any], Hand]:
    """The file's text, its TOML data and the hand ``load_phh`` rebuilds from it."""
    text = path.read_text(encoding="utf-8")
    return text, tomllib.loads(text), load_phh(path)


def final_stacks(hand: Hand) -> list[int]:
    """The hand's final stacks in PHH player order (p1 first left of the button, the button last)."""
    result = hand.result
    if result is None:  # a misdeal: every chip back
        assert hand.phase is Phase.MISDEALT
        return [hand.setup.stacks[seat] for seat in hand.seats]
    return [result.final_stacks[seat] for seat in hand.seats]


# ------------------------------------------------------------------ the command itself


@pytest.mark.parametrize("code", list(SIMULATIONS))
def test_simulate_writes_one_phh_file_per_hand_with_finishing_stacks(simulations: dict[str, Simulation], code: str) -> None:
    """Issue 3 ("What to build"): ``simulate`` "plays N random hands of a chosen game at a seeded
    random table ... and writes one PHH file per hand (with ``finishing_stacks``)"; the chips
    balance (Done when 2). The file's variant is the game's PHH code: ``PO`` and ``FO/8`` are
    PHH's own (required.rst, variant table), no-limit Omaha gets ``NO`` by PHH's naming scheme
    (docs/phh.md, Standard fields written)."""
    simulation = simulations[code]
    assert simulation.exit_code == 0, simulation.stdout
    assert f"{HANDS} PHH files written" in simulation.stdout
    assert ": balanced" in simulation.stdout
    assert [path.name for path in simulation.files] == [f"hand-{number:05d}.phh" for number in range(1, HANDS + 1)]
    for path in simulation.files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["variant"] == code, path.name
        assert len(data["finishing_stacks"]) == len(data["starting_stacks"]) >= 2, path.name
        assert sum(data["finishing_stacks"]) == sum(data["starting_stacks"]), f"{path.name}: no rake at this table, chips conserved"
    assert (code in STANDARD_OMAHA_CODES) == (code != "NO")


# ------------------------------------------------------------------ (a) round trip


@pytest.mark.parametrize("code", list(SIMULATIONS))
def test_every_simulated_file_reimports_to_an_identical_hand(simulations: dict[str, Simulation], code: str) -> None:
    """Issue 3, Done when 3: "every exported file re-imports to an identical hand (round trip)".

    For every file: ``load_phh`` rebuilds the hand from its recorded set-up and events
    (docs/phh.md, Import: "the same events, the same state and the same result"), so the
    rebuilt hand's events are exactly the file's ``_dealer_console_events``, its final stacks
    are the file's ``finishing_stacks``, exporting it with the same optional fields gives the
    same text byte for byte, and importing that text again gives an identical hand.
    """
    simulation = simulations[code]
    started = time.perf_counter()
    for path in simulation.files:
        text, data, hand = read_file(path)
        assert hand.is_complete or hand.phase is Phase.MISDEALT, path.name
        # docs/phh.md: the events "as events.event_to_dict gives them ..., fields that are None left out"
        recorded = [{key: value for key, value in event_to_dict(event).items() if value is not None} for event in hand.events]
        assert recorded == data[FIELD_PREFIX + "events"], path.name
        assert final_stacks(hand) == data["finishing_stacks"], path.name
        assert list(hand.seats) == data["seats"], path.name
        if hand.result is not None:
            assert hand.result.audit.balanced, path.name
        again = export_phh(
            hand, players=dict(zip(data["seats"], data["players"], strict=True)), table=data["table"], seat_count=data["seat_count"]
        )
        assert again == text, f"{path.name}: the export of the re-imported hand differs"
        assert_identical(import_phh(again, source=path.name), hand)
    elapsed = time.perf_counter() - started
    print(f"\n{code}: {len(simulation.files)} files simulated in {simulation.seconds:.1f} s, round-tripped in {elapsed:.1f} s")


@pytest.mark.parametrize("code", list(STANDARD_OMAHA_CODES))
def test_standard_fields_alone_replay_in_this_engine_to_the_finishing_stacks(simulations: dict[str, Simulation], code: str) -> None:
    """docs/phh.md (Import, "Any other PHH file"; What other PHH readers can replay): when
    ``is_standard_phh`` says the standard fields alone describe the hand, the file stripped of
    its user-defined fields is replayed action by action through the engine's rules and ends
    with the file's ``finishing_stacks`` (the engine importing a PHH game as another tool wrote it)."""
    replayed = 0
    for path in simulations[code].files:
        text, data, hand = read_file(path)
        if not is_standard_phh(hand):
            continue
        back = import_phh(standard_part(text), source=path.name)
        assert final_stacks(back) == data["finishing_stacks"], path.name
        replayed += 1
    assert replayed >= MIN_COMPARED, f"only {replayed} standard files"


# ------------------------------------------------------------------ (b) pokerkit replay


def non_standard_reasons(hand: Hand) -> set[str]:
    """What PHH cannot express in the hand (docs/phh.md, What other PHH readers can replay).

    Equal extra runs on every pot are not a reason: pokerkit replays them given the run choices.
    """
    reasons: set[str] = set()
    if hand.phase is Phase.MISDEALT:
        reasons.add("misdeal")
    blinds = [event for event in hand.events_in_force if isinstance(event, BlindPosted)]
    if any(event.blind is BlindKind.LIVE for event in blinds):
        reasons.add("live post")
    small_blind_first = hand.game.house.mississippi_preflop_order is MississippiPreflopOrder.SMALL_BLIND_FIRST
    if not small_blind_first and any(event.blind is BlindKind.MISSISSIPPI for event in blinds):
        reasons.add("Mississippi not small blind first")
    if hand.run_count > 1 and len(set(hand.pot_runs())) > 1:
        reasons.add("per-pot runs")
    seats = hand.seats
    usual = (seats[1], seats[0]) if len(seats) == 2 else (seats[0], seats[1])
    if (hand.small_blind_seat, hand.big_blind_seat) != usual:
        reasons.add("blind seats")
    return reasons


@pytest.mark.parametrize("code", list(STANDARD_OMAHA_CODES))
def test_every_simulated_file_of_a_phh_game_replays_in_pokerkit(simulations: dict[str, Simulation], code: str) -> None:
    """Issue 3, Done when 3: "Every exported PHH file of the variants PHH defines replays in
    pokerkit (with a correct fixed-limit class) to the same final stacks".

    Every ``PO`` / ``FO/8`` file the command wrote is replayed in pokerkit 0.7.7; a file that
    does not end with its ``finishing_stacks`` must be excluded by a stated rule (module
    docstring), and the exclusions are counted, printed and bounded. The compared files must
    include what the table really produces: showdowns, all-ins, extra runs, straddles and dead
    posts (PHH antes), so the comparison is not confined to easy hands.
    """
    compared = 0
    excluded: collections.Counter[str] = collections.Counter()
    rule_excluded = 0
    seen: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    for path in simulations[code].files:
        text, data, hand = read_file(path)
        assert data["variant"] == code
        standard = is_standard_phh(hand)
        seen["standard"] += standard
        if hand.phase is Phase.MISDEALT:
            # PHH has no misdeal (the file ends with a no-op commentary); pokerkit cannot finish it
            assert not standard and "misdeal" in non_standard_reasons(hand)
            excluded["not standard: misdeal"] += 1
            continue
        try:
            stacks = replay_in_pokerkit(text, hand.game.house)
            problem = "" if stacks == data["finishing_stacks"] else f"pokerkit ends with {stacks}"
        except (ValueError, UserWarning) as refusal:
            # a warning too: pokerkit warns where its rules part from the file's (for example a
            # fold with nothing to call, after a big blind posted all-in for less)
            problem = f"pokerkit: {refusal}"
        if not problem:
            compared += 1
            kinds = {event.blind for event in hand.events_in_force if isinstance(event, BlindPosted)}
            seen["non-standard, replayed all the same"] += not standard
            seen["showdown"] += any(action.split()[1:2] == ["sm"] and len(action.split()) == 3 for action in data["actions"])
            seen["extra runs"] += hand.run_count > 1
            seen["straddle"] += bool(kinds & {BlindKind.STRADDLE, BlindKind.RESTRADDLE, BlindKind.MISSISSIPPI})
            seen["dead post"] += BlindKind.DEAD in kinds
            seen["all-in"] += any(hand.is_all_in(seat) for seat in hand.seats)
            continue
        reasons = non_standard_reasons(hand) if not standard else set()
        rules = exclusions_met(hand)
        assert reasons or rules, (
            f"{path.name}: {problem}, the file says {data['finishing_stacks']}; no stated exclusion applies"
            f" (standard: {standard})\n{text}"
        )
        if reasons:
            excluded["not standard: " + " + ".join(sorted(reasons))] += 1
        else:
            rule_excluded += 1
            excluded["pokerkit rule: " + " + ".join(sorted(rules))] += 1
    files = len(simulations[code].files)
    total_excluded = sum(excluded.values())
    print(
        f"\n{code}: {files} files, {compared} replayed in pokerkit to their finishing_stacks, {total_excluded} excluded"
        f" ({time.perf_counter() - started:.1f} s)\n  excluded: {dict(sorted(excluded.items()))}\n  compared: {dict(sorted(seen.items()))}"
    )
    assert compared + total_excluded == files == HANDS
    assert compared >= MIN_COMPARED, f"{compared} compared; excluded {dict(excluded)}"
    assert total_excluded <= MAX_EXCLUDED_SHARE * files, f"{total_excluded} excluded: {dict(excluded)}"
    assert rule_excluded <= MAX_POKERKIT_RULE_SHARE[code] * files, f"{rule_excluded} excluded by pokerkit rules: {dict(excluded)}"
    for feature, least in MIN_COMPARED_WITH.items():
        assert seen[feature] >= least, f"only {seen[feature]} compared files with {feature}: {dict(seen)}"
