"""The floor's pace report: hands per hour per table and per dealer, time per hand and per decision, from the recorded
events' timestamps, over any period; ``dealer-console floor pace``.

Sources: SPEC.md, A night at the table ("Pace (hands per hour per table and per dealer down) is shown and reported: it is the
room's income"; "every event names the dealer on duty"); docs/floor.md, Pace.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from dealer_console.cli import main, simulation_schedule
from dealer_console.engine.events import Event
from dealer_console.engine.table import Table
from dealer_console.engine.table_config import TableConfig
from dealer_console.engine.table_events import DealerPushed, HandFinished, HandStarted, TableEvent
from dealer_console.floor.pace import pace_report
from dealer_console.live.night_recording import RecordedNight, SettableClock
from dealer_console.sim.night import CHURN, NightSettings, SimulatedNight
from dealer_console.sim.table_play import SimulatedTable
from dealer_console.store import Store

HANDS = 10


@dataclass
class Bookkeeper:
    """Watches the night beside the store's recorder and keeps its own account of who dealt what, and when."""

    recorder: RecordedNight
    hands: Counter[str] = field(default_factory=Counter)
    started: dict[int, datetime] = field(default_factory=dict)
    hand_seconds: list[float] = field(default_factory=list)
    moments: list[datetime] = field(default_factory=list)
    """When each hand started and finished and each push happened."""

    def table_record(self, event: TableEvent, *, at: datetime, dealer: str) -> None:
        self.recorder.table_record(event, at=at, dealer=dealer)
        if isinstance(event, HandStarted):
            self.started[event.plan.number] = at
        elif isinstance(event, HandFinished):
            self.hands[dealer] += 1
            self.hand_seconds.append((at - self.started[event.plan.number]).total_seconds())
        if isinstance(event, HandStarted | HandFinished | DealerPushed):
            self.moments.append(at)

    def hand_event(self, event: Event, *, at: datetime, dealer: str) -> None:
        self.recorder.hand_event(event, at=at, dealer=dealer)


@pytest.fixture(scope="module")
def recorded_night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Bookkeeper, SimulatedNight]]:
    path = tmp_path_factory.mktemp("pace") / "night.sqlite3"
    schedule = simulation_schedule("omaha", "pot-limit", small_blind=1, big_blind=2)
    config = TableConfig.for_schedule(schedule, name="Pace table", seat_count=9, partial_cash_out=True)
    clock = SettableClock(NightSettings().start)
    with Store.open(f"sqlite:///{path}", clock=clock) as store:
        keeper = Bookkeeper(RecordedNight(store, clock, config))
        night = SimulatedNight(SimulatedTable(Table(config), random.Random(5), CHURN), settings=NightSettings(push_minutes=4),
                               watcher=keeper, seed=5)
        night.open()
        for _ in range(HANDS):
            night.play_hand()
        yield path, keeper, night


def test_pace_counts_each_dealers_hands_and_the_tables_hands_per_hour(recorded_night: tuple[Path, Bookkeeper, SimulatedNight]) -> None:
    """SPEC: hands per hour per table and per dealer; a hand is the dealer's on duty (its events name them)."""
    path, keeper, night = recorded_night
    with Store.open(f"sqlite:///{path}") as store:
        report = pace_report(store)
    (table,) = report.tables
    assert table.hands == sum(keeper.hands.values()) == night.table.table.hands_finished
    assert {d.name: d.hands for d in report.dealers if d.hands} == dict(keeper.hands) and len(keeper.hands) >= 2
    span = (keeper.moments[-1] - keeper.moments[0]).total_seconds()  # no idle gap in a simulated night
    assert table.seconds == pytest.approx(span, abs=0.01)
    assert table.hands_per_hour == pytest.approx(table.hands / (span / 3600), rel=0.01)
    assert sum(d.seconds for d in report.dealers) == pytest.approx(table.seconds)
    assert sorted(table.hand_seconds) == pytest.approx(sorted(keeper.hand_seconds))
    decisions = NightSettings().decision_seconds
    assert table.decision_seconds and all(decisions[0] <= s <= decisions[1] for s in table.decision_seconds)
    assert table.downs == night.pushes + 1


def test_pace_over_a_period_counts_only_its_hands(recorded_night: tuple[Path, Bookkeeper, SimulatedNight]) -> None:
    """A period is [since, until): hands whose end was recorded in it."""
    path, keeper, _ = recorded_night
    middle = keeper.started[HANDS // 2]
    with Store.open(f"sqlite:///{path}") as store:
        early = pace_report(store, until=middle)
        late = pace_report(store, since=middle)
        assert early.tables[0].hands + late.tables[0].hands == sum(keeper.hands.values())
        assert pace_report(store, since=middle + timedelta(days=1)).tables == []
        with pytest.raises(ValueError, match="ends .* before it starts"):
            pace_report(store, since=middle, until=middle - timedelta(minutes=1))


def test_floor_pace_command_prints_json_for_scripts_and_refuses_a_bad_period(recorded_night: tuple[Path, Bookkeeper, SimulatedNight],
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``dealer-console floor pace --json``: keys ``tables`` and ``dealers``, each entry with ``hands`` and ``hands_per_hour``;
    a bad time is one clear message (exit 2)."""
    path, keeper, _ = recorded_night
    url = f"sqlite:///{path}"
    assert main(["floor", "pace", "--database", url, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"tables", "dealers"}
    assert all({"hands", "hands_per_hour", "seconds_per_hand", "seconds_per_decision"} <= set(entry)
               for entry in (*data["tables"], *data["dealers"]))
    assert {d["name"]: d["hands"] for d in data["dealers"] if d["hands"]} == dict(keeper.hands)
    assert main(["floor", "pace", "--database", url]) == 0
    assert "Pace table" in capsys.readouterr().out
    assert main(["floor", "pace", "--database", url, "--since", "yesterday"]) == 2
    assert "floor pace: Invalid isoformat string: 'yesterday'" in capsys.readouterr().err


def test_idle_time_between_sessions_is_not_time_at_the_table(tmp_path: Path) -> None:
    """A table closed for hours is not slow: gaps longer than IDLE (30 minutes) without a hand are left out."""
    schedule = simulation_schedule("omaha", "pot-limit", small_blind=1, big_blind=2)
    config = TableConfig.for_schedule(schedule, name="Idle table", seat_count=6)
    clock = SettableClock(NightSettings().start)
    with Store.open(f"sqlite:///{tmp_path / 'idle.sqlite3'}", clock=clock) as store:
        keeper = Bookkeeper(RecordedNight(store, clock, config))
        night = SimulatedNight(SimulatedTable(Table(config), random.Random(8)), watcher=keeper, seed=8)
        night.open(players=3)
        night.play_hand()
        first = (keeper.moments[-1] - keeper.moments[0]).total_seconds()
        night.clock.advance(3 * 3600)
        mark = len(keeper.moments)
        night.play_hand()
        second = (keeper.moments[-1] - keeper.moments[mark]).total_seconds()
        (table,) = pace_report(store).tables
    assert table.hands == 2 and table.seconds == pytest.approx(first + second, abs=0.01)
