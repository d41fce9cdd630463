"""The first schema: tables, players, seats, staff, hands, the hash-chained event log, evidence,
agreements and rulings.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def moment(name: str, *, nullable: bool = False) -> sa.Column[object]:
    """A timestamp column with its time zone."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create the first schema, one table (with its indexes) at a time, in the order of its foreign keys."""
    _create_tables()
    _create_chain_heads()
    _create_players()
    _create_seats()
    _create_staff()
    _create_hands()
    _create_hand_seats()
    _create_events()
    _create_evidence()
    _create_agreements()
    _create_rulings()


def _create_tables() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        moment("created_at"),
    )


def _create_chain_heads() -> None:
    op.create_table(
        "chain_heads",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
    )


def _create_players() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        moment("created_at"),
    )


def _create_seats() -> None:
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("buy_in", sa.BigInteger(), nullable=False),
        sa.Column("seated_seq", sa.Integer(), nullable=False),
        moment("seated_at"),
        moment("left_at", nullable=True),
    )
    op.create_index("ix_seats_table_seat", "seats", ["table_id", "seat"])


def _create_staff() -> None:
    op.create_table(
        "staff",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("secret_hash", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        moment("created_at"),
    )


def _create_hands() -> None:
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        moment("started_at"),
        moment("finished_at", nullable=True),
        sa.Column("game", sa.String(12), nullable=False),
        sa.Column("structure", sa.String(12), nullable=False),
        sa.Column("small_blind", sa.BigInteger(), nullable=False),
        sa.Column("big_blind", sa.BigInteger(), nullable=False),
        sa.Column("button", sa.Integer(), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), sa.ForeignKey("staff.id"), nullable=True),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("pot_total", sa.BigInteger(), nullable=False),
        sa.Column("rake", sa.BigInteger(), nullable=False),
        sa.Column("flagged", sa.Boolean(), nullable=False),
        sa.Column("flag_reason", sa.Text(), nullable=True),
        sa.Column("ruled", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_hands_table_number"),
    )
    op.create_index("ix_hands_status", "hands", ["status"])


def _create_hand_seats() -> None:
    op.create_table(
        "hand_seats",
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        moment("started_at"),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("starting_stack", sa.BigInteger(), nullable=False),
        sa.Column("final_stack", sa.BigInteger(), nullable=True),
    )


def _create_events() -> None:
    op.create_table(
        "events",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=True),
        moment("recorded_at"),
        moment("frame_at", nullable=True),
        sa.Column("source", sa.String(10), nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("voids_seq", sa.Integer(), nullable=True),
        sa.Column("evidence_sha256", sa.String(64), nullable=True),
        sa.Column("hash", sa.String(64), nullable=False),
    )
    op.create_index("ix_events_hand_seq", "events", ["hand_id", "seq"])


def _create_evidence() -> None:
    op.create_table(
        "evidence",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("media_type", sa.String(100), nullable=False),
        sa.Column("size", sa.BigInteger(), nullable=False),
        moment("captured_at"),
        sa.Column("data", sa.LargeBinary(), nullable=True),
        sa.Column("path", sa.Text(), nullable=True),
        sa.Column("held", sa.Boolean(), nullable=False),
        moment("purged_at", nullable=True),
    )
    op.create_index("ix_evidence_captured", "evidence", ["captured_at"])


def _create_agreements() -> None:
    op.create_table(
        "agreements",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=True),
        sa.Column("event_seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("choice", sa.Text(), nullable=False),
        sa.Column("by", sa.String(200), nullable=False),
        moment("recorded_at"),
    )
    op.create_index("ix_agreements_hand", "agreements", ["hand_id"])


def _create_rulings() -> None:
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=True),
        sa.Column("event_seq", sa.Integer(), nullable=False),
        sa.Column("floor_manager_id", sa.Integer(), sa.ForeignKey("staff.id"), nullable=False),
        sa.Column("rule", sa.Text(), nullable=False),
        sa.Column("decision", sa.Text(), nullable=False),
        sa.Column("pot_held", sa.Boolean(), nullable=False),
        sa.Column("disputed_amount", sa.BigInteger(), nullable=False),
        sa.Column("reportable", sa.Boolean(), nullable=False),
        sa.Column("late", sa.Boolean(), nullable=False),
        moment("recorded_at"),
    )


def downgrade() -> None:
    for table in (
        "rulings", "agreements", "evidence", "events", "hand_seats", "hands", "staff", "seats", "players", "chain_heads", "tables",
    ):
        op.drop_table(table)
