"""The configuration: TOML file, then DEALER_* environment variables, then the command line; typed, validated, versioned.

Source: STYLE.md, practice 6 ("Configuration is one typed, validated model (TOML file, then
``DEALER_*`` environment variables, then command-line arguments, in that order of precedence),
with a schema version"); SPEC.md, Scale (PostgreSQL "selected by a database URL in the
configuration").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.config import ConfigError, Settings, load_settings
from dealer_console.store.database import resolve_url

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "deploy" / "examples").rglob("*.toml"))


def test_file_then_environment_then_command_line(tmp_path: Path) -> None:
    """Each source overrides the one before it, field by field."""
    file = tmp_path / "config.toml"
    file.write_text('schema_version = 1\n[store]\ndatabase_url = "postgresql://file/db"\nevidence_retention_days = 30\n'
                    "reportable_threshold = 100\n")
    environment = {"DEALER_STORE_DATABASE_URL": "postgresql://env/db", "DEALER_STORE_EVIDENCE_RETENTION_DAYS": "45"}
    settings = load_settings(file, environ=environment, overrides={"store": {"database_url": "sqlite:////tmp/cli.sqlite3"}})
    assert settings.store.database_url == "sqlite:////tmp/cli.sqlite3"
    assert settings.store.evidence_retention_days == 45
    assert settings.store.reportable_threshold == 100
    assert load_settings(file, environ=environment).store.database_url == "postgresql://env/db"
    assert load_settings(file, environ={}).store.database_url == "postgresql://file/db"


def test_defaults_without_any_file(tmp_path: Path) -> None:
    """No file, no variables: SQLite in the user's data folder (no URL), 90 days of evidence, $500 (in cents) reportable."""
    settings = load_settings(environ={"XDG_CONFIG_HOME": str(tmp_path)})
    assert settings.schema_version == 1
    assert settings.store.database_url is None and settings.store.evidence_retention_days == 90
    assert settings.store.reportable_threshold == 50_000


def test_invalid_values_and_unknown_keys_name_the_field(tmp_path: Path) -> None:
    """Validation names the bad field; an unknown key (a typo) is refused rather than ignored."""
    file = tmp_path / "config.toml"
    file.write_text("schema_version = 1\n[store]\ndata_dir = 'data'\nevidence_retention_days = 0\n")
    with pytest.raises(ConfigError, match="store.evidence_retention_days"):
        load_settings(file, environ={})
    file.write_text("schema_version = 1\n[store]\ndata_dir = 'data'\ndatabse_url = 'x'\n")
    with pytest.raises(ConfigError, match="store.databse_url"):
        load_settings(file, environ={})
    file.write_text("schema_version = 1\n[store]\ndata_dir = 'data'\n")
    with pytest.raises(ConfigError, match="store.busy_timeout_s"):
        load_settings(file, environ={"DEALER_STORE_BUSY_TIMEOUT_S": "soon"})
    with pytest.raises(ConfigError, match="configuration file .*missing.toml not found"):
        load_settings(file.with_name("missing.toml"), environ={})


def test_a_file_of_another_schema_version_is_refused(tmp_path: Path) -> None:
    """A configuration written for another schema version is not guessed at."""
    file = tmp_path / "config.toml"
    file.write_text("schema_version = 2\n")
    with pytest.raises(ConfigError, match="schema_version 2"):
        load_settings(file, environ={})


def _store_of(settings: Settings) -> str:
    return resolve_url(settings.store.database_url, data_dir=settings.store.data_dir).render_as_string(hide_password=False)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: str(path.relative_to(ROOT)))
def test_an_example_configuration_cut_at_any_byte_is_refused_or_opens_the_same_store(example: Path, tmp_path: Path) -> None:
    """Done-when 2 (the issue's point "Configuration that cannot silently move the record"): the example cut short at
    every byte is refused with one line (a ConfigError), or names the same store as the whole file; never the default
    store in the user's data folder (SPEC, Insiders: "a configuration never silently sends the record somewhere else")."""
    whole = example.read_bytes()
    environment = {"XDG_DATA_HOME": str(tmp_path / "elsewhere")}
    expected = _store_of(load_settings(example, environ=environment))
    cut = tmp_path / "cut.toml"
    refused = same = 0
    for length in range(len(whole)):
        cut.write_bytes(whole[:length])
        try:
            settings = load_settings(cut, environ=environment)
        except ConfigError as error:
            assert "\n" not in str(error) and str(cut) in str(error)
            refused += 1
            continue
        assert _store_of(settings) == expected, f"cut at byte {length} of {example.name} opens another store"
        same += 1
    assert refused and same, f"{refused} cuts refused, {same} the same store"


@pytest.mark.parametrize(("text", "words"), [
    ("", "lacks schema_version"),
    ("schema_version = 1\n[table]\nname = 'Table 1'\n", "names no store"),
    ("schema_version = 1\n[store]\nevidence_retention_days = 30\n", "names no store"),
    ("schema_version = 1\n[store]\ndata_dir = 'a'\ndatabase_url = 'sqlite:////b.sqlite3'\n", "names its store twice"),
])
def test_a_file_without_its_required_sections_is_refused_in_one_line(tmp_path: Path, text: str, words: str) -> None:
    """The issue's point "Configuration": a file carries schema_version and a [store] naming its store once; a missing one
    is refused with one line naming the file, also when the environment names a store (the file must)."""
    file = tmp_path / "config.toml"
    file.write_text(text)
    with pytest.raises(ConfigError, match=words) as caught:
        load_settings(file, environ={"DEALER_STORE_DATABASE_URL": "sqlite:////tmp/other.sqlite3"})
    assert str(file) in str(caught.value) and "\n" not in str(caught.value)


def test_a_damaged_file_is_refused_in_one_line(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 (a file cut inside a character, or damaged) are a ConfigError naming the file, not a
    UnicodeDecodeError traceback."""
    file = tmp_path / "config.toml"
    file.write_bytes("schema_version = 1\n[table]\nname = \"Стол\"\n".encode()[:-3])  # inside the last letter
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_settings(file, environ={})
