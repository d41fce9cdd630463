"""The store's tables (SQLModel): the schema at the head revision of the migrations.

The log is ``events``: append-only, one hash chain per table (``chain_heads`` holds each chain's
last link and is the row a writer locks). Everything else is either reference data (tables,
players, staff) or a projection of the log kept for the floor's searches (hands, hand seats,
seats, agreements, rulings); the log stays the record. Camera images live in ``evidence`` (or
on disk), named by their SHA-256, which the event keeps after a purge.

The migrations in ``migrations/versions`` create exactly this schema (a test compares them).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, LargeBinary, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel


class TableRow(SQLModel, table=True):
    """A card-room table."""

    __tablename__ = "tables"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100, unique=True)
    created_at: datetime = Field(sa_type=DateTime(timezone=True))


class ChainHeadRow(SQLModel, table=True):
    """The last link of a table's hash chain; locked by each append so two writers cannot fork it."""

    __tablename__ = "chain_heads"

    table_id: int = Field(primary_key=True, foreign_key="tables.id")
    last_seq: int = 0
    last_hash: str = Field(max_length=64)
    key_id: str | None = Field(default=None, max_length=64)
    """The fingerprint of the console key that signed this head (``signing_keys``; migration 0004)."""
    signature: str | None = Field(default=None, max_length=128)
    """Ed25519 signature (hex) of the table, ``last_seq`` and ``last_hash`` (see :mod:`.keys`); ``None``: never signed."""


class SigningKeyRow(SQLModel, table=True):
    """A console's public signing key, registered on its first signed append (never updated or deleted)."""

    __tablename__ = "signing_keys"

    key_id: str = Field(primary_key=True, max_length=64)
    """SHA-256 of the raw public key (hex)."""
    public_key: str = Field(max_length=64)
    """The Ed25519 public key's 32 raw bytes (hex)."""
    registered_at: datetime = Field(sa_type=DateTime(timezone=True))


class PlayerRow(SQLModel, table=True):
    """A player known to the room, by the name the dealer entered."""

    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    created_at: datetime = Field(sa_type=DateTime(timezone=True))
    added_by: str | None = Field(default=None, max_length=200)
    """The floor manager who added the player to the room's list (``None``: first seated at a table; migration 0005)."""


class PlayerNameChangeRow(SQLModel, table=True):
    """A correction of a player's name by a floor manager: the old name is kept here, never overwritten silently."""

    __tablename__ = "player_name_changes"
    __table_args__ = (Index("ix_player_name_changes_player", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="players.id")
    old_name: str = Field(max_length=200)
    new_name: str = Field(max_length=200)
    changed_by: str = Field(max_length=200)
    reason: str = Field(sa_type=Text)
    changed_at: datetime = Field(sa_type=DateTime(timezone=True))


class SeatRow(SQLModel, table=True):
    """One sitting: a player in a seat from sitting down to leaving (projection of the table's records)."""

    __tablename__ = "seats"
    __table_args__ = (Index("ix_seats_table_seat", "table_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    seat: int
    player_id: int = Field(foreign_key="players.id")
    buy_in: int = Field(sa_type=BigInteger)
    seated_seq: int
    seated_at: datetime = Field(sa_type=DateTime(timezone=True))
    left_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class StaffRow(SQLModel, table=True):
    """A dealer or floor manager who signs in; the PIN or password is kept only as an Argon2 hash."""

    __tablename__ = "staff"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    role: str = Field(max_length=20)
    secret_hash: str = Field(sa_type=Text)
    active: bool = True
    created_at: datetime = Field(sa_type=DateTime(timezone=True))
    failed_sign_ins: int = 0
    """Wrong PINs or passwords since the last good sign-in (migration 0003)."""
    locked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    """When repeated failures locked the account out; a floor manager unlocks it."""


class HandRow(SQLModel, table=True):
    """A hand: its set-up as data (game, stakes, house rules, rake, stacks, button, blinds,
    agreements) and what the floor searches by. The events are the record; this row is rebuilt
    from them."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_hands_table_number"),
        Index("ix_hands_status", "status"),
        Index("ix_hands_table_started", "table_id", "started_at"),
        Index("ix_hands_started", "started_at"),
        Index("ix_hands_pot", "pot_total"),
        Index("ix_hands_flagged", "started_at", postgresql_where=text("flagged"), sqlite_where=text("flagged = 1")),
        Index("ix_hands_ruled", "started_at", postgresql_where=text("ruled"), sqlite_where=text("ruled = 1")),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    number: int
    status: str = Field(max_length=12)
    started_at: datetime = Field(sa_type=DateTime(timezone=True))
    finished_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    game: str = Field(max_length=12)
    structure: str = Field(max_length=12)
    small_blind: int = Field(sa_type=BigInteger)
    big_blind: int = Field(sa_type=BigInteger)
    button: int
    setup: str = Field(sa_type=Text)
    """The :class:`~dealer_console.engine.hand.HandSetup` as canonical JSON."""
    dealer_id: int | None = Field(default=None, foreign_key="staff.id")
    first_seq: int
    pot_total: int = Field(default=0, sa_type=BigInteger)
    """Every chip put in (the chip audit's contributions), known when the hand is over."""
    rake: int = Field(default=0, sa_type=BigInteger)
    flagged: bool = False
    flag_reason: str | None = Field(default=None, sa_type=Text)
    ruled: bool = False
    """A floor manager recorded at least one ruling on this hand."""


class HandSeatRow(SQLModel, table=True):
    """A seat dealt into a hand, with its player and stacks (for searches by seat and player)."""

    __tablename__ = "hand_seats"
    __table_args__ = (
        Index("ix_hand_seats_player_started", "player_id", "started_at"),
        Index("ix_hand_seats_table_seat_started", "table_id", "seat", "started_at"),
    )

    hand_id: int = Field(primary_key=True, foreign_key="hands.id")
    seat: int = Field(primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    started_at: datetime = Field(sa_type=DateTime(timezone=True))
    player_id: int | None = Field(default=None, foreign_key="players.id")
    starting_stack: int = Field(sa_type=BigInteger)
    final_stack: int | None = Field(default=None, sa_type=BigInteger)


class EventRow(SQLModel, table=True):
    """One link of a table's log. Never updated or deleted.

    ``hash`` = SHA-256 of the previous link's hash and the canonical JSON of every other column
    (see :mod:`dealer_console.store.chain`).
    """

    __tablename__ = "events"
    __table_args__ = (Index("ix_events_hand_seq", "hand_id", "seq"),)

    table_id: int = Field(primary_key=True, foreign_key="tables.id")
    seq: int = Field(primary_key=True)
    hand_id: int | None = Field(default=None, foreign_key="hands.id")
    recorded_at: datetime = Field(sa_type=DateTime(timezone=True))
    """Wall-clock time, to match the room's surveillance video."""
    frame_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    """The camera frame's own timestamp, for an event that came from the camera."""
    source: str = Field(max_length=10)
    actor: str = Field(default="", max_length=200)
    kind: str = Field(max_length=40)
    payload: str = Field(sa_type=Text)
    voids_seq: int | None = None
    """The sequence number of the event this one voids (a dealer's undo or a floor correction)."""
    evidence_sha256: str | None = Field(default=None, max_length=64)
    hash: str = Field(max_length=64)


class EvidenceRow(SQLModel, table=True):
    """A camera image (a frame or a crop) named by its SHA-256; bytes in ``data`` or in a file."""

    __tablename__ = "evidence"
    __table_args__ = (Index("ix_evidence_captured", "captured_at"),)

    sha256: str = Field(primary_key=True, max_length=64)
    table_id: int | None = Field(default=None, foreign_key="tables.id")
    media_type: str = Field(max_length=100)
    size: int = Field(sa_type=BigInteger)
    captured_at: datetime = Field(sa_type=DateTime(timezone=True))
    data: bytes | None = Field(default=None, sa_type=LargeBinary)
    path: str | None = Field(default=None, sa_type=Text)
    """File name under the configured evidence folder, when kept on disk."""
    held: bool = False
    """Kept past the retention period (it backs a ruling or a flagged hand)."""
    purged_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class AgreementRow(SQLModel, table=True):
    """An agreement on record: a re-straddle consent, a choice of runs, a table's standing agreements."""

    __tablename__ = "agreements"
    __table_args__ = (Index("ix_agreements_hand", "hand_id"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    hand_id: int | None = Field(default=None, foreign_key="hands.id")
    event_seq: int
    kind: str = Field(max_length=40)
    seat: int | None = None
    choice: str = Field(sa_type=Text)
    by: str = Field(default="", max_length=200)
    recorded_at: datetime = Field(sa_type=DateTime(timezone=True))


class RulingRow(SQLModel, table=True):
    """A floor manager's ruling: rule cited, decision, pot held, disputed amount, reportable."""

    __tablename__ = "rulings"
    __table_args__ = (
        Index("ix_rulings_hand", "hand_id"),
        Index("ix_rulings_table_recorded", "table_id", "recorded_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="tables.id")
    hand_id: int | None = Field(default=None, foreign_key="hands.id")
    event_seq: int
    floor_manager_id: int = Field(foreign_key="staff.id")
    rule: str = Field(sa_type=Text)
    decision: str = Field(sa_type=Text)
    pot_held: bool
    disputed_amount: int = Field(sa_type=BigInteger)
    reportable: bool
    late: bool = False
    recorded_at: datetime = Field(sa_type=DateTime(timezone=True))


STORE_TABLES = (
    TableRow, ChainHeadRow, SigningKeyRow, PlayerRow, SeatRow, StaffRow, HandRow, HandSeatRow, EventRow, EvidenceRow, AgreementRow, RulingRow,
)
"""Every table of the store, in an order that creates foreign-key targets first."""


__all__ = [
    "AgreementRow", "ChainHeadRow", "EventRow", "EvidenceRow", "HandRow", "HandSeatRow", "PlayerRow",
    "RulingRow", "STORE_TABLES", "SeatRow", "SigningKeyRow", "StaffRow", "TableRow",
]
