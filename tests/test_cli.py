"""``dealer-console`` on the command line: a bad argument is one line on standard error and exit status 2, never a
traceback and never a file or folder made; the global options (``--database``, ``--config``, ``--language``) go before
or after any command; reading commands never create a database; ``--version``; the configuration's help once.

Run in-process (``dealer_console.cli.main``) with capsys; nothing here opens a window.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path

import pytest

from dealer_console.cli import build_parser, main
from dealer_console.config import StoreSettings
from dealer_console.store import Store


@pytest.fixture(autouse=True)
def _no_user_configuration(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's own configuration and store stay out of these tests."""
    home = tmp_path_factory.mktemp("home")
    for name in [name for name in os.environ if name.startswith("DEALER_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)``: its exit status (argparse's refusals exit through SystemExit), standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as stopped:
        code = stopped.code if isinstance(stopped.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_refusal(code: int, err: str, *, says: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and says in lines[0], err


@pytest.fixture(scope="module")
def store_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A real SQLite store holding one table ("Table 1") and its log."""
    folder = tmp_path_factory.mktemp("store")
    url = f"sqlite:///{folder / 'console.sqlite3'}"
    with Store.open(url, settings=StoreSettings(data_dir=folder)) as store:
        store.create_table("Table 1")
    return url


BAD_ARGUMENTS = [
    (["demo", "--players", "99"], "a whole number from 2 to 10 is needed, not 99"),
    (["demo", "--players", "1"], "a whole number from 2 to 10 is needed, not 1"),
    (["demo", "--players", "8", "--game", "6O"], "Six-card Omaha deals to 2 to 7 players"),
    (["demo", "--players", "many"], "a whole number from 2 to 10 is needed, not 'many'"),
    (["demo", "--big-blind", "0"], "--big-blind"),
    (["--no-database", "--players", "99"], "a whole number from 2 to 10 is needed, not 99"),
    (["console", "--no-database", "--players", "9", "--game", "DBO"], "this table seats 2 to 7 players"),
    (["simulate", "--hands", "-5"], "a whole number from 1 to 10000000 is needed, not -5"),
    (["simulate", "--hands", "0"], "not 0"),
    (["simulate", "--seats", "50"], "a whole number from 2 to 10 is needed, not 50"),
    (["simulate", "--seats", "9", "--game", "double-board-omaha"], "deals to at most 7 players; give 2 to 7"),
    (["floor", "hands", "--limit", "99999999999999999999"], "a whole number from 1 to 1000000 is needed"),
    (["floor", "hands", "--limit", "0"], "a whole number from 1 to 1000000 is needed, not 0"),
    (["--language", "de", "games"], "invalid choice: 'de'"),
    (["room", "ship", "--table", "0"], "a whole number of at least 1 is needed, not 0"),
]


@pytest.mark.parametrize(("argv", "says"), BAD_ARGUMENTS, ids=[" ".join(argv) for argv, _ in BAD_ARGUMENTS])
def test_a_bad_argument_is_one_line_and_exit_2_with_nothing_created(argv: list[str], says: str, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Each bad argument the new user found: one line naming it (and the range it must be in), exit 2, no file made
    (the store given is at a path that must stay empty)."""
    database = tmp_path / "nothing" / "store.sqlite3"
    code, out, err = run([*argv, "--database", f"sqlite:///{database}"], capsys)
    assert_one_line_refusal(code, err, says=says)
    assert not (tmp_path / "nothing").exists()


def test_simulate_out_that_is_a_file_is_refused_and_the_file_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hands.txt"
    target.write_text("kept\n", encoding="utf-8")
    code, out, err = run(["simulate", "--hands", "2", "--quiet", "--out", str(target)], capsys)
    assert_one_line_refusal(code, err, says=f"--out {target}: this is a file, not a folder")
    assert target.read_text(encoding="utf-8") == "kept\n" and out == ""


def test_simulate_out_where_no_folder_can_be_made_is_refused_before_any_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, out, err = run(["simulate", "--hands", "2", "--quiet", "--out", str(tmp_path / "file" / "phh")], capsys)
    assert_one_line_refusal(code, err, says="cannot make the folder")
    assert out == "" and sorted(path.name for path in tmp_path.iterdir()) == ["file"]


def test_simulate_out_writes_into_a_new_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The check before the hands does not stop a good --out: the folder is made and holds one file per hand."""
    code, out, _ = run(["simulate", "--hands", "2", "--seed", "3", "--quiet", "--out", str(tmp_path / "a" / "phh")], capsys)
    assert code == 0 and "2 PHH files written" in out
    assert len(list((tmp_path / "a" / "phh").glob("hand-*.phh"))) == 2


READING_COMMANDS = [
    ["verify-log"], ["floor", "hands"], ["floor", "show", "1"], ["floor", "report", "1", "--html", "-"], ["floor", "phh", "1"],
    ["floor", "summary"], ["review"],
]


@pytest.mark.parametrize("argv", READING_COMMANDS, ids=[" ".join(argv) for argv in READING_COMMANDS])
@pytest.mark.parametrize("where", ["after", "before"])
def test_a_reading_command_on_a_mistyped_path_says_no_database_and_creates_nothing(
        argv: list[str], where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """verify-log, every floor reading command and review: "no database at PATH", exit 2, no file nor folder made."""
    path = tmp_path / "typo" / "dealer-console.sqlite3"
    given = ["--database", f"sqlite:///{path}"]
    code, _, err = run([*given, *argv] if where == "before" else [*argv, *given], capsys)
    assert_one_line_refusal(code, err, says=f"no database at {path}")
    assert not (tmp_path / "typo").exists()


def test_a_reading_command_refuses_a_configured_data_dir_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'schema_version = 1\n[store]\ndata_dir = "{tmp_path / "nowhere"}"\n', encoding="utf-8")
    code, _, err = run(["verify-log", "--config", str(config)], capsys)
    assert_one_line_refusal(code, err, says=f"no database at {tmp_path / 'nowhere' / 'dealer-console.sqlite3'}")
    assert not (tmp_path / "nowhere").exists()


def test_a_broken_configuration_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("schema_version = 1\n[store\n", encoding="utf-8")
    code, _, err = run(["floor", "hands", "--config", str(config)], capsys)
    assert_one_line_refusal(code, err, says="is not valid TOML")


@pytest.mark.parametrize("argv", [
    ["--database", "{url}", "verify-log"], ["verify-log", "--database", "{url}"],
    ["--database", "{url}", "floor", "hands"], ["floor", "--database", "{url}", "hands"], ["floor", "hands", "--database", "{url}"],
])
def test_the_database_option_goes_before_or_after_the_command(argv: list[str], store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Global options: --database before the command, between a command and its sub-command, or after it."""
    code, out, err = run([part.format(url=store_url) for part in argv], capsys)
    assert code == 0, err
    assert out.strip() in ("no hands found",) or "Table 1" in out or "table 1" in out


@pytest.mark.parametrize("argv", [
    ["--database", "A", "--config", "C", "--language", "ru", "staff", "list"],
    ["staff", "--database", "A", "list", "--config", "C", "--language", "ru"],
    ["staff", "list", "--database", "A", "--config", "C", "--language", "ru"],
    ["--database", "X", "--language", "en", "staff", "list", "--database", "A", "--config", "C", "--language", "ru"],
    ["room", "ship", "--database", "A", "--config", "C", "--language", "ru"],
    ["--database", "A", "--config", "C", "--language", "ru", "vision-eval", "--test", "T"],
    ["--database", "A", "--config", "C", "--language", "ru", "floor", "summary"],
    ["--database", "A", "--config", "C", "--language", "ru", "console"],
    ["console", "--database", "A", "--config", "C", "--language", "ru"],
])
def test_global_options_parse_the_same_in_every_position(argv: list[str]) -> None:
    """The value given last wins; one given before the command is never lost to the command's own default."""
    args = build_parser().parse_args(argv)
    assert (args.database, args.config, args.language) == ("A", "C", "ru")


def test_staff_takes_the_database_after_its_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The new user's case: ``staff list --database URL`` (it was only ``staff --database URL list``)."""
    url = f"sqlite:///{tmp_path / 'staff.sqlite3'}"
    code, out, err = run(["staff", "list", "--database", url], capsys)
    assert code == 0, err
    assert out.startswith("no staff accounts yet") and (tmp_path / "staff.sqlite3").exists()


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.strip() == f"dealer-console {version('dealer-console')}"


def test_the_configuration_example_is_in_the_top_level_help_once_as_toml_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0
    assert out.count("schema_version = 1") == 1
    lines = out.splitlines()
    assert "[store]" in lines and 'database_url = "sqlite:////var/lib/dealer-console/dealer-console.sqlite3"' in lines
    for command in (["demo"], ["simulate"], ["verify-log"], ["floor", "hands"], ["room", "ship"]):
        code, text, _ = run([*command, "--help"], capsys)
        assert code == 0 and "schema_version" not in text and "--database" in text
