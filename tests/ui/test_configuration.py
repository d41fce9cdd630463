"""The console's configuration: one TOML file, validated with clear messages, then DEALER_* environment variables,
then the command line (STYLE.md, practice 6; issue 7: "Configuration in one TOML file (table, game, stakes, seats,
devices, database URL, house settings), validated with clear messages; dealer-console --help documents it")."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.cli import build_parser, main
from dealer_console.config import EXAMPLE, ConfigError, Settings, load_settings
from dealer_console.store import Store

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'schema_version = 1\n{text}\n[store]\ndata_dir = "{tmp_path}"\n', encoding="utf-8")
    return path


def test_file_then_environment_then_command_line(tmp_path: Path) -> None:
    """Each source overrides the one before, key by key; keys it does not name stay as the one before said."""
    path = write(tmp_path, '[game]\nvariant = "O"\nstructure = "limit"\n[stakes]\nbig_blind = 4\nsmall_blind = 2\n[console]\nlanguage = "ru"\n')
    environ = {"DEALER_GAME_VARIANT": "DBO", "DEALER_STAKES_BIG_BLIND": "6", "DEALER_ROOM_SERVER_URL": "postgresql://c@db/room"}
    settings = load_settings(path, environ=environ, overrides={"game": {"variant": "O/8", "structure": None}})
    assert (settings.game.variant, settings.game.structure) == ("O/8", "limit")
    assert (settings.stakes.small_blind, settings.stakes.big_blind) == (2, 6)
    assert settings.room.server_url == "postgresql://c@db/room" and settings.console.language == "ru"


@pytest.mark.parametrize(("text", "words"), [
    ('[game]\nvariant = "XYZ"\n', "game.variant: unknown game 'XYZ'; the games are"),
    ('[table]\nseats = 12\n', "table.seats: Input should be less than or equal to 10"),
    ('[stakes]\nsmall_blind = 5\nbig_blind = 2\n', "the small blind 5 exceeds the big blind 2"),
    ('[[players]]\nseat = 10\nname = "A"\nbuy_in = 100\n[table]\nseats = 6\n', "players: seat 10 is beyond the table's 6 seats"),
    ('[[players]]\nseat = 2\nname = "A"\nbuy_in = 100\n[[players]]\nseat = 2\nname = "B"\nbuy_in = 100\n', "players: seat 2 is given twice"),
    ('[room]\nserver_url = "mysql://x/y"\n', "room.server_url: the card room's database must be a postgresql:// URL"),
    ('[console]\nlanguage = "fr"\n', "console.language: Input should be 'en' or 'ru'"),
    ('[house]\nstraddle_precedence = "first come"\n', "house.straddle_precedence"),
    ('[tabel]\nname = "typo"\n', "tabel: Extra inputs are not permitted"),
    ('[console]\ndemo = false\n', "console.demo = false needs at least two [[players]]"),
    ('[game]\nmix = [{ variant = "O", structure = "limit" }]\n', 'a mix rotation needs structure = "mixed"'),
    ('[game]\nstructure = "mixed"\nmix = [{ variant = "Q", structure = "limit" }]\n', "game.mix.0.variant: unknown game 'Q'"),
    ('[game]\nstructure = "mixed"\nchange_every = "hands"\n', 'change_every = "hands" needs hands_per_game of at least 1'),
    ('[stakes]\nlimit_small_blind = 2\n', "give both limit_small_blind and limit_big_blind, or neither"),
    ('[devices]\nstable_frames = 0\n', "devices.stable_frames: Input should be greater than or equal to 1"),
])
def test_bad_values_are_refused_naming_the_file_the_key_and_the_reason(tmp_path: Path, text: str, words: str) -> None:
    """A configuration mistake stops the start with one sentence naming the file, the key and what is wrong."""
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    assert words in str(caught.value) and str(path) in str(caught.value)


def test_a_bad_environment_variable_is_named(tmp_path: Path) -> None:
    """A value from the environment is reported with the variable it came from."""
    with pytest.raises(ConfigError, match=r"stakes\.big_blind \(from DEALER_STAKES_BIG_BLIND\): Input should be a valid integer"):
        load_settings(write(tmp_path, ""), environ={"DEALER_STAKES_BIG_BLIND": "two"})


def test_a_table_the_engine_cannot_deal_is_refused_with_the_engines_reason(tmp_path: Path) -> None:
    """Cross-checks the schema cannot make (the deck, the buy-ins) come from the rules engine, in its words."""
    settings = load_settings(write(tmp_path, '[table]\nseats = 10\nmin_buy_in = 1\n[stakes]\nbig_blind = 2\n'), environ={})
    with pytest.raises(ConfigError, match="the table cannot deal: .*minimum buy-in 1 is less than the big blind 2"):
        settings.table_config()


def test_wrong_schema_version_and_broken_toml_are_plain(tmp_path: Path) -> None:
    """A newer file, or one that is not TOML, is named with what is wrong with it."""
    newer = tmp_path / "newer.toml"
    newer.write_text("schema_version = 9\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="has schema_version 9; this program reads version 1"):
        load_settings(newer, environ={})
    broken = tmp_path / "broken.toml"
    broken.write_text("[table\nname = 1", encoding="utf-8")
    with pytest.raises(ConfigError, match="is not valid TOML"):
        load_settings(broken, environ={})


@pytest.mark.parametrize("path", sorted((ROOT / "deploy" / "examples").rglob("*.toml")), ids=lambda p: str(p.relative_to(ROOT)))
def test_example_files_validate_and_make_a_table(path: Path) -> None:
    """The example configurations shipped in deploy/examples/ load, and the engine accepts their tables."""
    settings = load_settings(path, environ={})
    config = settings.table_config()
    assert config.name == settings.table.name and not settings.demo


def test_help_example_validates_and_help_lists_every_section() -> None:
    """``dealer-console --help`` documents the file: every section and key, and an example that itself validates."""
    settings = Settings.model_validate(__import__("tomllib").loads(EXAMPLE))
    assert settings.console.language == "ru" and settings.table_config().seat_count == 9
    text = build_parser().format_help()
    for section in ("[table]", "[game]", "[stakes]", "[[players]]", "[devices]", "[store]", "[room]", "[house]", "[console]"):
        assert section in text
    assert "database_url" in text and "DEALER_<SECTION>_<KEY>" in text and "schema_version = 1" in text


@pytest.mark.parametrize("argv", [
    ["--database", "{url}", "verify-log"],
    ["verify-log", "--database", "{url}"],
    ["--database", "sqlite:////nonexistent/elsewhere.sqlite3", "verify-log", "--database", "{url}"],
])
def test_top_level_options_work_before_or_after_the_command(tmp_path: Path, capsys, argv: list[str]) -> None:  # type: ignore[no-untyped-def]
    """``dealer-console --database X verify-log`` checks X (argparse used to let the command's default override it);
    an option given again after the command wins."""
    url = f"sqlite:///{tmp_path / 'log.sqlite3'}"
    with Store.open(url) as store:
        store.create_table("Table 9")
    assert main([part.format(url=url) for part in argv]) == 0
    out = capsys.readouterr().out
    assert "Table 9" in out, out


def test_options_not_given_leave_the_configuration_alone(tmp_path: Path) -> None:
    """The command line passes every option, given or not; one not given (None) changes nothing, even in a section
    the file does not have (the console's start used to fail on ``{"game": {"variant": None}}``)."""
    settings = load_settings(write(tmp_path, ""), environ={}, overrides={
        "game": {"variant": None, "structure": None}, "console": {"language": None, "four_colour": None}, "store": {"database_url": None}})
    assert (settings.game.variant, settings.console.language, settings.console.four_colour) == ("OK", "en", True)


def test_a_mixed_table_alternates_limit_and_pot_limit_and_a_mix_table_deals_its_games_in_turn(tmp_path: Path) -> None:
    """SPEC Betting structures, Mixed: Limit and Pot-limit alternate (every orbit, or N hands), each with its blinds, the
    Limit blinds higher (omaha-betting-structures.txt, Blended Omaha); SPEC Games, Mix game: a rotation agreed per table."""
    mixed = load_settings(write(tmp_path, '[game]\nvariant = "O"\nstructure = "mixed"\n'), environ={})
    assert [entry.name for entry in mixed.table_config().schedule.games] == ["Limit Omaha (blinds 2/4)", "Pot-limit Omaha (blinds 1/2)"]
    mix = load_settings(write(tmp_path, '[game]\nstructure = "mixed"\nchange_every = "hands"\nhands_per_game = 6\n'
                                        'mix = [{ variant = "O/8", structure = "limit" }, { variant = "DBO", structure = "pot-limit" }]\n'
                                        '[stakes]\nsmall_blind = 1\nbig_blind = 2\nlimit_small_blind = 3\nlimit_big_blind = 6\n'), environ={})
    schedule = mix.table_config().schedule
    assert [entry.name for entry in schedule.games] == ["Limit Omaha Hi-Lo 8-or-better (blinds 3/6)", "Pot-limit Double-board Omaha (blinds 1/2)"]
    assert (schedule.rotation.value, schedule.hands_per_game) == ("hands", 6)
    flat = load_settings(write(tmp_path, '[game]\nvariant = "O"\nstructure = "mixed"\n[stakes]\nlimit_small_blind = 1\nlimit_big_blind = 2\n'),
                         environ={})
    with pytest.raises(ConfigError, match="the Limit big blind 2 must be higher than the Pot-limit big blind 2"):
        flat.table_config()


def test_the_frames_a_camera_read_must_hold_come_from_the_devices_section(tmp_path: Path) -> None:
    """Issue 5 (voting over consecutive frames on a live feed): ``[devices] stable_frames`` reaches the camera's feed."""
    from dealer_console.live.demo_devices import table_devices
    from tests.ui.conftest import make_session

    settings = load_settings(write(tmp_path, f'[devices]\nstable_frames = 5\ncamera = "{(tmp_path / "pictures").as_posix()}"\n'
                                             'sensors = "none"\n'), environ={})
    (tmp_path / "pictures").mkdir()
    session = make_session("O", {1: 100, 3: 100}, button=1)
    devices = table_devices(session, camera=settings.devices.camera, sensors=settings.devices.sensors,
                            stable_frames=settings.devices.stable_frames, calibration=tmp_path / "none.toml",
                            taught_deck=tmp_path / "none")
    assert devices is not None and devices.hub.camera is not None and devices.hub.camera.stable_frames == 5
