"""The console's configuration: one typed, validated model with a schema version.

Read in this order, each overriding the one before (STYLE.md, practice 6):

1. a TOML file: ``--config PATH``, else ``$DEALER_CONFIG``, else ``config.toml`` in the user's
   configuration folder (``platformdirs``) if it exists. A file carries ``schema_version`` and names its
   store (``[store]`` ``database_url`` or ``data_dir``): a file without, such as one cut short, is
   refused, never completed with the default store;
2. ``DEALER_<SECTION>_<FIELD>`` environment variables, e.g. ``DEALER_STORE_DATABASE_URL``,
   ``DEALER_ROOM_SERVER_URL``, ``DEALER_CONSOLE_LANGUAGE``;
3. command-line arguments (passed in as ``overrides``, e.g. ``{"store": {"database_url": ...}}``).

Sections: ``[table]`` (name, seats, buy-ins, button rule), ``[game]`` (variant and betting
structure), ``[stakes]`` (blinds, chip unit, currency), ``[[players]]`` (who sits where; none: the
demo table), ``[devices]`` (camera and sensor board), ``[store]`` (the event store, its database
URL), ``[room]`` (the card room's PostgreSQL and this table's id there), ``[house]`` (rake and the
house rules where card rooms differ) and ``[console]`` (language, deck colours). :data:`EXAMPLE`
is a complete file.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

if TYPE_CHECKING:
    from dealer_console.engine.schedule import GameSchedule
    from dealer_console.engine.table_config import TableConfig

__all__ = [
    "APP_NAME",
    "ConfigError",
    "ConsoleSettings",
    "default_config_path",
    "describe_sections",
    "DeviceSettings",
    "ENV_PREFIX",
    "EXAMPLE",
    "GameSettings",
    "HouseSettings",
    "load_settings",
    "MixEntry",
    "PlayerSettings",
    "RoomSettings",
    "SCHEMA_VERSION",
    "REQUIRED_KEYS",
    "SECTIONS",
    "Settings",
    "STORE_KEYS",
    "StakesSettings",
    "StoreSettings",
    "TableSettings",
]

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
    signing_key: Path | None = None
    """The console's Ed25519 key file that signs chain heads (mode 0600); None: ``dealer-console.key`` beside the
    SQLite store, or in ``data_dir`` (else the user's data folder) for PostgreSQL."""


class TableSettings(BaseModel):
    """The table: its name in the record, its seats, buy-ins and how the button moves."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="Demo table", min_length=1)
    """The table's name in the record (a table of this name already in the store resumes)."""
    seats: int = Field(default=9, ge=2, le=10)
    min_buy_in: int | None = Field(default=None, ge=1)
    """None: 20 big blinds."""
    max_buy_in: int | None = Field(default=None, ge=1)
    """None: 100 big blinds (no maximum in Limit)."""
    button: Literal["dead", "moving"] = "dead"
    """The dead-button rule (the default) or a moving button."""


def _known_variant(value: str) -> str:
    from dealer_console.engine.games import VARIANTS

    if value not in VARIANTS:
        raise ValueError(f"unknown game {value!r}; the games are {', '.join(sorted(VARIANTS))}")
    return value


class MixEntry(BaseModel):
    """One game of a mix rotation (``mix = [{variant = "O/8", structure = "limit"}, ...]``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: str
    structure: Literal["limit", "pot-limit", "no-limit"]

    _variant_known = field_validator("variant")(_known_variant)


class GameSettings(BaseModel):
    """The game dealt at the table: one variant and structure, Mixed Omaha, or a mix rotation (SPEC: Mixed, Mix game)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: str = "OK"
    """A variant code of ``dealer-console games``: O, O/8, 5O, 6O, DBO, OK..."""
    structure: Literal["limit", "pot-limit", "no-limit", "mixed"] = "pot-limit"
    """``mixed``: Limit and Pot-limit of ``variant`` alternate (Limit first), or the games of ``mix`` in turn."""
    mix: tuple[MixEntry, ...] = ()
    """With ``structure = "mixed"``: the games of a mix table in their agreed order (empty: Mixed Omaha of ``variant``)."""
    change_every: Literal["orbit", "hands"] = "orbit"
    """A mixed table moves to the next game after each orbit of the button, or after ``hands_per_game`` hands."""
    hands_per_game: int = Field(default=0, ge=0)

    _variant_known = field_validator("variant")(_known_variant)

    @model_validator(mode="after")
    def _mix_is_mixed(self) -> GameSettings:
        if self.mix and self.structure != "mixed":
            raise ValueError(f"a mix rotation needs structure = \"mixed\", not {self.structure!r}")
        if self.structure == "mixed" and self.change_every == "hands" and self.hands_per_game < 1:
            raise ValueError("change_every = \"hands\" needs hands_per_game of at least 1")
        return self


class StakesSettings(BaseModel):
    """Blinds and money, in the table's money unit (integers: chips or cents)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    small_blind: int = Field(default=1, ge=0)
    big_blind: int = Field(default=2, ge=1)
    limit_small_blind: int | None = Field(default=None, ge=0)
    """A mixed table's Limit blinds (None: twice the blinds above; they must be higher: SPEC, Mixed)."""
    limit_big_blind: int | None = Field(default=None, ge=1)
    chip_unit: int = Field(default=1, ge=1)
    """The table's smallest chip: pots are split in this unit."""
    currency: str = ""
    """Shown after amounts (e.g. "EUR"); empty: chips."""

    @model_validator(mode="after")
    def _blinds_in_order(self) -> StakesSettings:
        if self.small_blind > self.big_blind:
            raise ValueError(f"the small blind {self.small_blind} exceeds the big blind {self.big_blind}")
        if (self.limit_small_blind is None) != (self.limit_big_blind is None):
            raise ValueError("give both limit_small_blind and limit_big_blind, or neither")
        if self.limit_small_blind is not None and self.limit_big_blind is not None and self.limit_small_blind > self.limit_big_blind:
            raise ValueError(f"the limit small blind {self.limit_small_blind} exceeds the limit big blind {self.limit_big_blind}")
        return self


class PlayerSettings(BaseModel):
    """A player seated when the table opens (``[[players]]``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int = Field(ge=1, le=10)
    name: str = Field(min_length=1)
    buy_in: int = Field(ge=1)


class DeviceSettings(BaseModel):
    """The overhead camera and the sensor board; every device is an aid, never required."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    camera: str = "synthetic"
    """``synthetic`` (the demo's camera), ``none``, a camera index (``0``) or a video URL/path."""
    sensors: str = "simulator"
    """``simulator`` (the demo's board on a pseudo-terminal), ``none``, or a pyserial URL (``/dev/ttyUSB0``, ``loop://``)."""
    button_sensor: str = "none"
    """The dealer-button board, when the table has one of its own: ``none``, or a pyserial URL (``/dev/sensor-button``, the
    name deploy/udev gives it). It speaks the zone board's protocol (drivers/PROTOCOL.md) and reports where the button lies."""
    baud_rate: int = Field(default=115_200, ge=1200)
    confidence_threshold: float = Field(default=0.9, gt=0, le=1)
    stable_frames: int = Field(default=3, ge=1, le=30)
    """A camera read is offered only once read the same at its place in this many frames in a row (a flicker waits)."""
    """A card read with less confidence waits for the dealer to confirm or correct it."""
    hole_cards: Literal["known", "face-down"] = "known"
    """``known``: the console's deck deals the hole cards and knows them (the demo); ``face-down``: a real table, the dealer
    deals them face down; each street and each hand shown is what the camera reads, else what the dealer types (any camera,
    or none)."""
    calibration: Path | None = None
    """The table's camera calibration (a TOML file, ``vision.calibration``): where the board, the seats' showdown areas and
    the muck lie on the picture, and the card size. None: ``calibration.toml`` in the user's configuration folder. A real
    camera reads cards only once the table is calibrated (Devices, Calibrate the camera)."""
    taught_deck: Path | None = None
    """The folder of the deck taught on this table (its teaching pictures and ``cards.csv``). None: ``taught-deck`` in the
    user's configuration folder. Without a taught deck a calibrated camera reads in the general mode."""

    @property
    def calibration_file(self) -> Path:
        """Where the camera's calibration is read from and saved to."""
        return self.calibration if self.calibration is not None else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "calibration.toml"

    @property
    def taught_deck_folder(self) -> Path:
        """Where the taught deck is read from and saved to."""
        return self.taught_deck if self.taught_deck is not None else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "taught-deck"

    @field_validator("button_sensor")
    @classmethod
    def _button_board(cls, value: str) -> str:
        if value in ("simulator", "synthetic") or not value.strip():
            raise ValueError(f"the button board is \"none\" or a serial port (e.g. \"/dev/sensor-button\"), not {value!r}")
        return value

    @property
    def simulated(self) -> bool:
        """The demo's simulated devices are wanted (a synthetic camera or the simulated sensor board)."""
        return self.camera == "synthetic" or self.sensors == "simulator"


class RoomSettings(BaseModel):
    """The card room's PostgreSQL, to which this console ships its log (none: a stand-alone table)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    server_url: str | None = None
    """``postgresql://cardroom_console@server/cardroom``; the console shows the shipping status."""
    table_id: int | None = Field(default=None, ge=1)
    """The room's number for this table (unique in the room; part of every event's hash)."""

    @field_validator("server_url")
    @classmethod
    def _postgresql(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
            raise ValueError(f"the card room's database must be a postgresql:// URL, not {value!r}")
        return value


class HouseSettings(BaseModel):
    """Where card rooms differ (SPEC: house settings), stored with every hand they apply to."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rake_percent: float = Field(default=0.0, ge=0, le=100)
    rake_cap: int | None = Field(default=None, ge=0)
    no_flop_no_drop: bool = True
    jackpot_drop: int = Field(default=0, ge=0)
    jackpot_threshold: int = Field(default=0, ge=0)
    straddles_allowed: bool = True
    extra_boards_allowed: bool = True
    max_runs: int = Field(default=3, ge=1, le=3)
    mississippi_preflop_order: Literal["small-blind-first", "left-of-big-blind"] = "small-blind-first"
    straddle_precedence: Literal["straddle", "mississippi"] = "straddle"
    button_straddle_in_limit: bool = False
    odd_chip_to_first_run: bool = True
    limit_raises_per_round: int = Field(default=3, ge=1)
    limit_heads_up_uncapped: bool = False


class ConsoleSettings(BaseModel):
    """The dealer's screen."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    language: Literal["en", "ru"] = "en"
    four_colour: bool = True
    """A four-colour deck (a different colour per suit), as many card rooms use."""
    demo: bool | None = None
    """The demo table (simulated devices, demo players, a demo dealer signed in automatically).
    None: a demo when no ``[[players]]`` are configured."""


class Settings(BaseModel):
    """The whole configuration."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: int = SCHEMA_VERSION
    table: TableSettings = Field(default_factory=TableSettings)
    game: GameSettings = Field(default_factory=GameSettings)
    stakes: StakesSettings = Field(default_factory=StakesSettings)
    players: tuple[PlayerSettings, ...] = ()
    devices: DeviceSettings = Field(default_factory=DeviceSettings)
    store: StoreSettings = Field(default_factory=StoreSettings)
    room: RoomSettings = Field(default_factory=RoomSettings)
    house: HouseSettings = Field(default_factory=HouseSettings)
    console: ConsoleSettings = Field(default_factory=ConsoleSettings)

    @model_validator(mode="after")
    def _players_fit(self) -> Settings:
        seats = [player.seat for player in self.players]
        for seat in seats:
            if seat > self.table.seats:
                raise ValueError(f"players: seat {seat} is beyond the table's {self.table.seats} seats")
        duplicated = sorted({seat for seat in seats if seats.count(seat) > 1})
        if duplicated:
            raise ValueError(f"players: seat {duplicated[0]} is given twice")
        if self.console.demo is False and len(self.players) < 2:
            raise ValueError("console.demo = false needs at least two [[players]] to seat (seat, name, buy_in)")
        return self

    @property
    def demo(self) -> bool:
        """Whether the console opens the demo table."""
        return self.console.demo if self.console.demo is not None else not self.players

    def schedule(self) -> GameSchedule:
        """The table's games in their order (raises the engine's ``EngineError`` for stakes it refuses)."""
        from dealer_console.engine.games import Stakes
        from dealer_console.engine.schedule import Rotation, mix_rotation, mixed_omaha, single_game

        game, stakes = self.game, self.stakes
        if game.structure != "mixed":
            return single_game(game.variant, game.structure, small_blind=stakes.small_blind, big_blind=stakes.big_blind,
                               chip_unit=stakes.chip_unit)
        pot_limit = Stakes(small_blind=stakes.small_blind, big_blind=stakes.big_blind, chip_unit=stakes.chip_unit)
        limit = None
        if stakes.limit_small_blind is not None and stakes.limit_big_blind is not None:
            limit = Stakes(small_blind=stakes.limit_small_blind, big_blind=stakes.limit_big_blind, chip_unit=stakes.chip_unit)
        rotation = Rotation(game.change_every)
        if game.mix:
            return mix_rotation(tuple((entry.variant, entry.structure) for entry in game.mix), pot_limit=pot_limit, limit=limit,
                                rotation=rotation, hands_per_game=game.hands_per_game)
        return mixed_omaha(game.variant, pot_limit=pot_limit, limit=limit, rotation=rotation, hands_per_game=game.hands_per_game)

    def table_config(self) -> TableConfig:
        """The engine's table configuration; raises :class:`ConfigError` with the engine's reason when it cannot deal."""
        from dealer_console.engine.errors import EngineError
        from dealer_console.engine.games import HouseRules, MississippiPreflopOrder, Rake, StraddlePrecedence
        from dealer_console.engine.table_config import ButtonMode, TableConfig
        from dealer_console.engine.table_events import TableAgreements

        house = self.house
        try:
            schedule = self.schedule()
            big = schedule.max_big_blind
            limit = schedule.all_limit
            return TableConfig(
                name=self.table.name, seat_count=self.table.seats, schedule=schedule,
                min_buy_in=self.table.min_buy_in or 20 * big,
                max_buy_in=self.table.max_buy_in or (None if limit else 100 * big),
                button_mode=ButtonMode(self.table.button),
                agreements=TableAgreements(straddles_allowed=house.straddles_allowed, extra_boards_allowed=house.extra_boards_allowed),
                house=HouseRules(
                    limit_raises_per_round=house.limit_raises_per_round, limit_heads_up_uncapped=house.limit_heads_up_uncapped,
                    mississippi_preflop_order=MississippiPreflopOrder(house.mississippi_preflop_order),
                    straddle_precedence=StraddlePrecedence(house.straddle_precedence),
                    button_straddle_in_limit=house.button_straddle_in_limit, odd_chip_to_first_run=house.odd_chip_to_first_run,
                    max_runs=house.max_runs,
                ),
                rake=Rake(percent=house.rake_percent, cap=house.rake_cap, no_flop_no_drop=house.no_flop_no_drop,
                          jackpot_drop=house.jackpot_drop, jackpot_threshold=house.jackpot_threshold),
            )
        except EngineError as error:
            raise ConfigError(f"invalid configuration: the table cannot deal: {error}") from error


SECTIONS: dict[str, type[BaseModel]] = {
    "table": TableSettings, "game": GameSettings, "stakes": StakesSettings, "devices": DeviceSettings, "store": StoreSettings,
    "room": RoomSettings, "house": HouseSettings, "console": ConsoleSettings,
}
"""The sections that take ``DEALER_<SECTION>_<FIELD>`` environment variables (``[[players]]`` only from the file)."""

EXAMPLE = """\
schema_version = 1

[table]
name = "Table 7"          # a table of this name already in the store resumes where it stopped
seats = 9
button = "dead"           # or "moving"

[game]
variant = "OK"            # dealer-console games: O, O/8, 5O, 6O, DBO, OK
structure = "pot-limit"   # limit, pot-limit, no-limit, or mixed: Limit and Pot-limit alternate every orbit
# mix = [{ variant = "O/8", structure = "limit" }, { variant = "DBO", structure = "pot-limit" }]  # a mix table (structure = "mixed")
# change_every = "hands"  # instead of every orbit, with hands_per_game = 8

[stakes]
small_blind = 1
big_blind = 2

[[players]]               # none: the demo table with its demo players and demo dealer
seat = 1
name = "Alice"
buy_in = 200

[devices]
camera = "0"              # synthetic, none, a camera index or a video URL
sensors = "/dev/sensor-zones"  # simulator, none, or a pyserial URL
button_sensor = "/dev/sensor-button"  # the dealer-button board, if it is a board of its own (default: none)
hole_cards = "known"      # known (the console's deck deals them) or face-down (the camera reads the board and hands shown, else the dealer types them)
calibration = "/etc/dealer-console/calibration.toml"  # the camera's calibration (Devices > Calibrate the camera)
taught_deck = "/etc/dealer-console/taught-deck"       # the deck taught on this table (Devices > Teach the deck)
confidence_threshold = 0.9  # a card read below this waits for the dealer's confirmation
stable_frames = 3         # a card is offered once read the same in this many frames in a row

[store]
database_url = "sqlite:////var/lib/dealer-console/dealer-console.sqlite3"

[room]
server_url = "postgresql://cardroom_console@cardroom-db.local/cardroom"
table_id = 7

[house]
rake_percent = 5
rake_cap = 10
mississippi_preflop_order = "small-blind-first"

[console]
language = "ru"           # en, ru
"""
"""A complete configuration file (shown by ``dealer-console --help``)."""


def describe_sections() -> str:
    """Every section and key of the configuration file, for ``--help``."""
    lines = [f"  [{name}] {', '.join(model.model_fields)}" for name, model in SECTIONS.items()]
    lines.insert(3, f"  [[players]] {', '.join(PlayerSettings.model_fields)} (one block per seated player)")
    return "\n".join(lines)


def default_config_path() -> Path:
    """``config.toml`` in the user's configuration folder."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "config.toml"


def _merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping):
            # a value not given (None) leaves the one before it, also inside a section the file did not have
            inner = _merge(merged[key] if isinstance(merged.get(key), dict) else {}, value)
            if inner:
                merged[key] = inner
        elif value is not None:
            merged[key] = value
    return merged


def _from_environment(environ: Mapping[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for section, model in SECTIONS.items():
        for field_name in model.model_fields:
            variable = f"{ENV_PREFIX}{section.upper()}_{field_name.upper()}"
            if variable in environ:
                found.setdefault(section, {})[field_name] = environ[variable]
    return found


REQUIRED_KEYS = ("schema_version",)
"""Top-level keys every configuration file carries."""
STORE_KEYS = ("database_url", "data_dir")
"""A configuration file's ``[store]`` names the store by exactly one of these (never by default)."""


def _read_file(file: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ConfigError(f"configuration file {file} not found") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"configuration file {file} is not UTF-8 text (byte {error.start}): is it cut short or damaged?") from error
    except OSError as error:
        raise ConfigError(f"configuration file {file} cannot be read: {error.strerror or error}") from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"configuration file {file} is not valid TOML: {error}") from error


def _require_sections(file: Path, data: Mapping[str, Any]) -> None:
    """A file carries ``schema_version`` and a ``[store]`` naming its store once, so a file cut short (still valid TOML)
    is refused instead of recording to the default store in the user's data folder (the console never falls back)."""
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise ConfigError(f"configuration file {file} lacks {', '.join(missing)}: is it cut short? (every file starts with"
                          f" schema_version = {SCHEMA_VERSION})")
    store = data.get("store")
    named = [key for key in STORE_KEYS if isinstance(store, Mapping) and key in store]
    if not named:
        raise ConfigError(f"configuration file {file} names no store: give [store] database_url = \"sqlite:////PATH\" (or"
                          " \"postgresql://...\") or data_dir = \"FOLDER\"; a configuration never falls back to the default store")
    if len(named) > 1:
        raise ConfigError(f"configuration file {file} names its store twice ([store] database_url and data_dir): keep one")


def load_settings(
    path: Path | str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """The configuration from the file, then the environment, then ``overrides`` (command line).

    A file (given, or the user's ``config.toml``) must carry ``schema_version`` and name its store in ``[store]`` (by
    ``database_url`` or ``data_dir``, not both); one without is refused with one line (:class:`ConfigError`).
    """
    environ = os.environ if environ is None else environ
    explicit = path if path is not None else environ.get(f"{ENV_PREFIX}CONFIG")
    file = Path(explicit) if explicit else default_config_path()
    data: dict[str, Any] = {}
    read = explicit or file.exists()
    if read:
        data = _read_file(file)
    version = data.get("schema_version", SCHEMA_VERSION)
    if version != SCHEMA_VERSION:
        raise ConfigError(f"configuration file {file} has schema_version {version}; this program reads version {SCHEMA_VERSION}")
    if read:
        _require_sections(file, data)
    from_environment = _from_environment(environ)
    data = _merge(data, from_environment)
    data = _merge(data, overrides or {})
    try:
        return Settings.model_validate(data)
    except ValidationError as error:
        problems = []
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"])
            message = str(item["msg"]).removeprefix("Value error, ")
            section, _, key = where.partition(".")
            if key in from_environment.get(section, {}):
                where += f" (from {ENV_PREFIX}{section.upper()}_{key.upper()})"
            problems.append(f"{where}: {message}" if where else message)
        source = f"configuration file {file}" if read else "configuration"
        raise ConfigError(f"invalid {source}: {'; '.join(problems)}") from error
