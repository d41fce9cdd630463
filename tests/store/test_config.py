"""The configuration: TOML file, then DEALER_* environment variables, then the command line; typed, validated, versioned.

Source: STYLE.md, practice 6 ("Configuration is one typed, validated model (TOML file, then
``DEALER_*`` environment variables, then command-line arguments, in that order of precedence),
with a schema version"); SPEC.md, Scale (PostgreSQL "selected by a database URL in the
configuration").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_console.config import ConfigError, load_settings


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
    file.write_text("[store]\nevidence_retention_days = 0\n")
    with pytest.raises(ConfigError, match="store.evidence_retention_days"):
        load_settings(file, environ={})
    file.write_text("[store]\ndatabse_url = 'x'\n")
    with pytest.raises(ConfigError, match="store.databse_url"):
        load_settings(file, environ={})
    file.write_text("")
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
