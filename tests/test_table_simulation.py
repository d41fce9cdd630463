"""A seeded simulation of 10,000 hands at random tables, checked by bookkeepers that know only
the table's records (issue 3, "Done when" 2).

Players join with random buy-ins, leave, sit out and come back, add on, rebuy and cash out,
between hands and (for seat changes that do not touch a hand's chips) during them; the dealer
sometimes misdeals. Every game of SPEC (Omaha, Omaha Hi-Lo, five- and six-card Omaha,
double-board Omaha, Oklahoma) is dealt in Limit, Pot-limit and No-limit, in Mixed Omaha (Limit
and Pot-limit alternating every orbit, or every N hands) and in a mix-game rotation; one table
uses the moving button.

What is checked, hand by hand:

* Chips are conserved (SPEC, Table stakes; issue 3): stacks + pots + rake = buy-ins - cash-outs,
  with buy-ins and cash-outs added up from the records, before the deal, in the middle of hands
  and after every hand.
* Blinds (Robert's Rules of Poker, Button and Blind Use 2, 4, 7 and 10; TDA Rules 32-34): an
  independent ledger marks a big blind (and, under the dead button, a small blind) owed by every
  player the big blind reaches or passes, a new player owes one big blind to enter, and checks
  that nobody is dealt in owing a blind, nobody pays a blind they do not owe (no blind doubled),
  nobody posts the big blind in two hands running, and a player dealt in throughout an orbit
  pays the big blind once and, under the dead button, the small blind once in that orbit.
* Who is dealt in: never a player sitting out or without chips; never an entering player on the
  button or between it and the big blind; at least two players.
* The schedule (SPEC, Betting structures: Mixed): a game lasts until the button has gone once
  round the table (or N hands).
"""

from __future__ import annotations

import random
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dealer_console.cli import main
from dealer_console.engine.events import BlindKind
from dealer_console.engine.games import Structure
from dealer_console.engine.hand import Hand
from dealer_console.engine.schedule import GameSchedule, Rotation
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import ButtonMode, TableConfig
from dealer_console.engine.table_events import ChipsAdded, ChipsCashedOut, HandFinished, PlayerLeft, PlayerSeated
from dealer_console.sim.simulation_tables import SIMULATION_TABLES
from dealer_console.sim.table_play import PlayedHand, SessionSettings, SimulatedTable

TOTAL_HANDS = sum(hands for *_, hands in SIMULATION_TABLES)


@dataclass
class _Owed:
    big: bool
    small: bool
    new: bool


@dataclass
class BlindLedger:
    """Blinds owed, kept from the plans and posts alone (the table's own bookkeeping is not read)."""

    seat_count: int
    dead_button: bool
    owed: dict[int, _Owed] = field(default_factory=dict)
    finished: int = 0
    last_big: int | None = None
    travel: int = 0
    """Seats the big blind has moved since the first hand."""
    big_at: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    """seating -> [(hand index, travel) of each big blind it posted in turn]."""
    history: list[tuple[set[int], dict[int, list[BlindKind]], bool]] = field(default_factory=list)
    """Per finished hand: seatings dealt in, their posts, heads-up."""

    def distance(self, start: int, end: int) -> int:
        return (end - start) % self.seat_count

    def check(self, played: PlayedHand) -> None:
        plan = played.plan
        seating_of = {seat: view.seating for seat, view in played.seats_before.items()}
        for seating in set(self.owed) - set(seating_of.values()):
            del self.owed[seating]
        for seating in seating_of.values():
            if seating not in self.owed:
                new = self.finished > 0
                self.owed[seating] = _Owed(big=new, small=False, new=new)
        if not isinstance(played.record, HandFinished):
            return
        where = f"hand {plan.number}"
        if plan.fresh_start:
            for seat in plan.dealt_in:
                self.owed[seating_of[seat]] = _Owed(big=False, small=False, new=False)
        # the big blind reaches or passes these seats (on the first hand it only reaches its own)
        start = plan.big_blind - 1 if self.last_big is None else self.last_big
        moved = self.distance(start, plan.big_blind)
        assert moved > 0, f"{where}: the big blind did not move"
        self.travel += moved if self.last_big is not None else 0
        for seat, seating in seating_of.items():
            owed = self.owed[seating]
            if (not owed.new or seat == plan.big_blind) and 0 < self.distance(start, seat) <= moved:
                owed.big = True
                # a player away when the big blind passes misses the small blind too; under the dead button
                # the big blind's small blind follows on the next hand
                owed.small = owed.small or self.dead_button or seat not in plan.dealt_in
        posts: dict[int, list[BlindKind]] = {}
        for post in plan.posts:
            owed = self.owed[seating_of[post.seat]]
            posts.setdefault(seating_of[post.seat], []).append(post.blind)
            if post.blind in (BlindKind.BIG, BlindKind.LIVE):
                assert owed.big, f"{where}: seat {post.seat} pays a big blind it does not owe"
                owed.big = False
                if post.blind is BlindKind.BIG and not self.dead_button:
                    owed.small = False  # waiting for the big blind settles a missed small blind too
            elif post.blind is BlindKind.DEAD or (
                post.blind is BlindKind.SMALL and self.dead_button and not plan.heads_up and not plan.fresh_start
            ):
                # heads-up the button always posts the small blind (Robert's Rules 3), and a game that starts afresh
                # starts a new orbit with it
                assert owed.small, f"{where}: seat {post.seat} pays a small blind it does not owe"
                owed.small = False
            else:
                owed.small = False
        for seat in plan.dealt_in:
            owed = self.owed[seating_of[seat]]
            posted = sum(post.amount for post in plan.posts_of(seat))
            if posted and posted == plan.setup.stacks[seat] and seat != plan.big_blind:
                owed.big = owed.small = False  # all-in for what they owed
            assert not owed.big, f"{where}: seat {seat} is dealt in owing a big blind"
            assert not owed.small or seat == plan.big_blind, f"{where}: seat {seat} is dealt in owing a small blind"
            owed.new = False
        big_seating = seating_of[plan.big_blind]
        self.big_at.setdefault(big_seating, []).append((self.finished, self.travel))
        self.history.append(({seating_of[seat] for seat in plan.dealt_in}, posts, plan.heads_up))
        self.last_big = plan.big_blind
        self.finished += 1

    def check_orbits(self) -> int:
        """Between two turns of a player's big blind: one lap, no big blind in two hands running, one small blind."""
        orbits = 0
        for seating, turns in self.big_at.items():
            for (first, travel_a), (second, travel_b) in zip(turns, turns[1:], strict=False):
                assert second > first + 1, f"seating {seating} posted the big blind in hands {first} and {second} running"
                between = self.history[first + 1 : second]
                if not all(seating in dealt for dealt, _, _ in between):
                    continue
                orbits += 1
                laps, rest = divmod(travel_b - travel_a, self.seat_count)
                assert rest == 0 and laps >= 1
                kinds = [kind for _, posts, _ in between for kind in posts.get(seating, [])]
                bigs = kinds.count(BlindKind.BIG) + kinds.count(BlindKind.LIVE)
                # one big blind per lap of the big blind: under the moving button a lap whose big blind passed them
                # is paid with a live big blind (Robert's Rules 2(a)); under the dead button the big blind cannot pass
                assert bigs == laps - 1, f"seating {seating} paid {bigs + 1} big blinds in {laps} laps"
                if self.dead_button:
                    assert laps == 1, f"seating {seating}: the big blind passed them {laps - 1} times while they played"
                if self.dead_button:
                    smalls = kinds.count(BlindKind.SMALL) + kinds.count(BlindKind.DEAD)
                    if any(heads_up for _, _, heads_up in between):
                        assert smalls >= 1, f"seating {seating} skipped the small blind in an orbit"
                    else:
                        assert smalls == 1, f"seating {seating} paid {smalls} small blinds in an orbit"
        return orbits


def chips_brought(table: Table) -> int:
    """Buy-ins and add-ons minus cash-outs, from the records."""
    total = 0
    for event in table.events:
        if isinstance(event, PlayerSeated):
            total += event.buy_in
        elif isinstance(event, ChipsAdded):
            total += event.amount
        elif isinstance(event, ChipsCashedOut | PlayerLeft):
            total -= event.amount if isinstance(event, ChipsCashedOut) else event.cashed_out
    return total


def house_take(table: Table) -> int:
    return sum(event.rake + event.jackpot for event in table.events if isinstance(event, HandFinished))


def check_dealt_in(played: PlayedHand, dead_button: bool, seat_count: int) -> None:
    plan = played.plan
    where = f"hand {plan.number}"
    assert len(plan.dealt_in) >= 2
    for seat in plan.dealt_in:
        view = played.seats_before[seat]
        assert not view.sitting_out and view.stack > 0, f"{where}: seat {seat} is dealt in while sitting out or without chips"
    entering = {post.seat for post in plan.posts if post.blind in (BlindKind.LIVE, BlindKind.DEAD)}
    if dead_button and not plan.fresh_start:
        for seat in entering:
            between = 0 < (seat - plan.button) % seat_count < (plan.big_blind - plan.button) % seat_count
            assert seat != plan.button and not between, f"{where}: seat {seat} posts between the button and the big blind"
    assert set(plan.setup.stacks) == set(plan.dealt_in)
    assert {wait.seat for wait in plan.waiting} == set(played.seats_before) - set(plan.dealt_in)


def check_mid_hand_chips(played: PlayedHand, rng: random.Random) -> None:
    """Stacks + pots at a random moment of the hand = the stacks it started with (table stakes)."""
    events = played.hand.events
    cut = rng.randint(0, len(events) - 1)
    hand = Hand(played.plan.setup, events[:cut])
    assert not hand.is_complete
    assert sum(hand.stacks.values()) + hand.pot_total == sum(played.plan.setup.stacks.values())


def check_schedule(plans: list[tuple[int, int]], schedule: GameSchedule, seat_count: int) -> int:
    """(game index, button) of each finished hand: the game changes each time the button completes a lap
    of the table (counted from its first seat), or every N hands."""
    travel = 0
    switches = 0
    for number, (index, button) in enumerate(plans):
        if number:
            travel += (button - plans[number - 1][1]) % seat_count
            switches += index != plans[number - 1][0]
        laps = number // schedule.hands_per_game if schedule.rotation is Rotation.HANDS else travel // seat_count
        assert index == laps % len(schedule.games), f"finished hand {number}: game {index}, expected {laps % len(schedule.games)}"
    return switches


@pytest.mark.slow
def test_ten_thousand_hands_conserve_chips_and_charge_every_blind_once_per_orbit() -> None:
    """Issue 3, Done when 2; SPEC (Table stakes; Blinds, button, straddles; Mixed); Robert's Rules of
    Poker, Button and Blind Use 2-10; TDA Rules 32-34; omaha-betting-structures.txt, Blended Omaha."""
    started = time.perf_counter()
    played_total = misdeals = orbits = switches = fresh = heads_up = posts_made = 0
    games_seen: set[tuple[str, Structure]] = set()
    for index, (name, schedule, mode, hands) in enumerate(SIMULATION_TABLES):
        rng = random.Random(1000 + index)
        config = TableConfig.for_schedule(
            schedule, name=name, seat_count=min(9, schedule.seats_limit), button_mode=mode, partial_cash_out=index % 2 == 0
        )
        table = Table(config)
        session = SimulatedTable(table, rng, SessionSettings())
        for _ in range(rng.randint(2, config.seat_count)):
            session.join()
        ledger = BlindLedger(config.seat_count, mode is ButtonMode.DEAD)
        schedule_trace: list[tuple[int, int]] = []
        for played in session.play(hands):
            played_total += 1
            ledger.check(played)
            audit = table.chip_audit()
            assert audit.stacks + house_take(table) == chips_brought(table), f"{name}, hand {played.plan.number}: chips not conserved"
            assert audit.balanced
            if not isinstance(played.record, HandFinished):
                misdeals += 1
                continue
            result = played.hand.result
            assert result is not None and result.audit.balanced
            check_dealt_in(played, mode is ButtonMode.DEAD, config.seat_count)
            if played.plan.number % 25 == 0:
                check_mid_hand_chips(played, rng)
            schedule_trace.append((played.plan.schedule_position.index, played.plan.button))
            games_seen.add((played.plan.game.variant.code, played.plan.game.structure))
            fresh += played.plan.fresh_start
            heads_up += played.plan.heads_up
            posts_made += sum(1 for post in played.plan.posts if post.blind in (BlindKind.LIVE, BlindKind.DEAD))
        orbits += ledger.check_orbits()
        switches += check_schedule(schedule_trace, schedule, config.seat_count)
    elapsed = time.perf_counter() - started
    assert played_total == TOTAL_HANDS == 10_000
    # the run exercised what it claims to
    assert {code for code, _ in games_seen} == {"O", "O/8", "5O", "6O", "DBO", "OK"}
    assert {structure for _, structure in games_seen} == set(Structure)
    counts = (misdeals, orbits, switches, heads_up, posts_made)
    assert misdeals > 5 and orbits > 500 and switches > 100 and heads_up > 50 and posts_made > 100, counts
    print(f"\n{played_total} hands in {elapsed:.1f} s: {misdeals} misdeals, {orbits} full orbits checked, {switches} game changes,"
          f" {heads_up} heads-up, {fresh} fresh starts, {posts_made} live/dead posts")


@pytest.mark.parametrize(("game", "structure"), [("mix", "mixed"), ("oklahoma", "limit"), ("omaha-hi-lo", "no-limit")])
def test_simulate_command_writes_one_phh_file_per_hand_with_finishing_stacks(
    game: str, structure: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 3: `dealer-console simulate --game GAME --structure STRUCTURE --hands N --seed S --out DIR` plays N random
    hands at a seeded random table, shows progress, and writes one PHH file per hand with `finishing_stacks`; the
    same seed writes the same files. Each file re-imports (dealer_console.engine.phh.importer) to a hand that ends with the
    stacks the file states."""
    from dealer_console.engine.phh.importer import import_phh

    out = tmp_path / "first"
    assert main(["simulate", "--game", game, "--structure", structure, "--hands", "40", "--seed", "11", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "hand 40/40" in captured.err and "balanced" in captured.out
    files = sorted(out.glob("*.phh"))
    assert len(files) == 40
    for path in files:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        assert len(data["finishing_stacks"]) == len(data["starting_stacks"]) == len(data["seats"])
        hand = import_phh(text, source=path.name)
        assert [hand.stacks[seat] for seat in data["seats"]] == data["finishing_stacks"]
    again = tmp_path / "again"
    main(["simulate", "--game", game, "--structure", structure, "--hands", "40", "--seed", "11", "--out", str(again), "--quiet"])
    assert [path.read_text() for path in files] == [path.read_text() for path in sorted(again.glob("*.phh"))]


def test_simulated_play_imports_only_the_engine_and_the_standard_library() -> None:
    """STYLE.md, Practice 1 (boundaries are tests): ``dealer_console.sim`` drives the engine through its
    own verbs and nothing else of the program, so the demo, the tests and the benchmarks can use it anywhere."""
    import sys

    from tests.test_engine_is_pure import ROOT, imported_modules, python_files

    allowed_roots = set(sys.stdlib_module_names) | {"__future__"}
    # pokerkit_reference sets pokerkit up as the reference the engine is compared with; only the differential
    # tests and bench/engine.py import it (pokerkit comes with the test extra), never the program
    reference = ROOT / "dealer_console" / "sim" / "pokerkit_reference.py"
    outside = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in python_files(ROOT / "dealer_console" / "sim")
        for line, module in imported_modules(path)
        if not module.startswith(("dealer_console.engine", "dealer_console.sim")) and module.split(".")[0] not in allowed_roots
        and not (path == reference and module.split(".")[0] == "pokerkit")
    ]
    assert python_files(ROOT / "dealer_console" / "sim")
    assert outside == []
    assert [path for path in python_files(ROOT / "dealer_console") for _, module in imported_modules(path)
            if module.startswith("dealer_console.sim.pokerkit_reference")] == []
