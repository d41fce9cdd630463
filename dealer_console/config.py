"""The console's configuration: one typed, validated model with a schema version.

Read in this order, each overriding the one before (STYLE.md, practice 6):

1. a TOML file: ``--config PATH``, else ``$DEALER_CONFIG``, else ``config.toml`` in the user's
   configuration folder (``platformdirs``) if it exists;
2. ``DEALER_<SECTION>_<FIELD>`` environment variables, e.g. ``DEALER_STORE_DATABASE_URL``;
3. command-line arguments (passed in as ``overrides``, e.g. ``{"store": {"database_url": ...}}``).

```toml
schema_version = 1

[store]
database_url = "postgresql://console@floor-server/cardroom"   # default: SQLite in the user's data folder
evidence_retention_days = 90
reportable_threshold = 50000                                   # in the room's money unit (cents: $500)
```
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

APP_NAME = "dealer-console"
SCHEMA_VERSION = 1
ENV_PREFIX = "DEALER_"


class ConfigError(ValueError):
    """The configuration file or an environment variable holds something invalid; names which."""


class StoreSettings(BaseModel):
    """Where and how the event store keeps the record."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    database_url: str | None = None
    """A SQLAlchemy URL (``postgresql://...`` uses psycopg 3). None: SQLite in ``data_dir``."""
    data_dir: Path | None = None
    """Folder of the default SQLite database; None: the user's data folder (platformdirs)."""
    evidence_dir: Path | None = None
    """Folder for camera images; None: the images are kept in the database."""
    evidence_retention_days: int = Field(default=90, ge=1)
    """Camera images older than this are purged (their hashes stay in the log), unless held."""
    reportable_threshold: int = Field(default=50_000, ge=0)
    """A ruling over a disputed amount of at least this (in the room's money unit) is flagged reportable."""
    sign_in_attempts: int = Field(default=5, ge=1)
    """Wrong PINs or passwords in a row after which a staff account is locked out (a floor manager unlocks it)."""
    busy_timeout_s: float = Field(default=5.0, gt=0)
    """How long a write waits for another writer before the store reports the database as locked."""
    connect_timeout_s: int = Field(default=5, ge=1)


class Settings(BaseModel):
    """The whole configuration."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: int = SCHEMA_VERSION
    store: StoreSettings = Field(default_factory=StoreSettings)


def default_config_path() -> Path:
    """``config.toml`` in the user's configuration folder."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "config.toml"


def _merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        elif value is not None:
            merged[key] = value
    return merged


def _from_environment(environ: Mapping[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    sections = {name: model for name, model in (("store", StoreSettings),)}
    for section, model in sections.items():
        for field_name in model.model_fields:
            variable = f"{ENV_PREFIX}{section.upper()}_{field_name.upper()}"
            if variable in environ:
                found.setdefault(section, {})[field_name] = environ[variable]
    return found


def load_settings(
    path: Path | str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """The configuration from the file, then the environment, then ``overrides`` (command line)."""
    environ = os.environ if environ is None else environ
    explicit = path if path is not None else environ.get(f"{ENV_PREFIX}CONFIG")
    file = Path(explicit) if explicit else default_config_path()
    data: dict[str, Any] = {}
    if explicit or file.exists():
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError as error:
            raise ConfigError(f"configuration file {file} not found") from error
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"configuration file {file} is not valid TOML: {error}") from error
    version = data.get("schema_version", SCHEMA_VERSION)
    if version != SCHEMA_VERSION:
        raise ConfigError(f"configuration file {file} has schema_version {version}; this program reads version {SCHEMA_VERSION}")
    data = _merge(data, _from_environment(environ))
    data = _merge(data, overrides or {})
    try:
        return Settings.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}" for item in error.errors())
        raise ConfigError(f"invalid configuration ({file if data else 'defaults'}): {problems}") from error
