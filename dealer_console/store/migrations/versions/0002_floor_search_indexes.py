"""Indexes for the floor's searches: hands by table and time, time, pot size, flagged, ruled; hand seats by
player and by table seat; rulings by hand and by table and time.

Revision ID: 0002_floor_search_indexes
Revises: 0001_initial
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_floor_search_indexes"
down_revision: str | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES: tuple[tuple[str, str, list[str]], ...] = (
    ("ix_hands_table_started", "hands", ["table_id", "started_at"]),
    ("ix_hands_started", "hands", ["started_at"]),
    ("ix_hands_pot", "hands", ["pot_total"]),
    ("ix_hand_seats_player_started", "hand_seats", ["player_id", "started_at"]),
    ("ix_hand_seats_table_seat_started", "hand_seats", ["table_id", "seat", "started_at"]),
    ("ix_rulings_hand", "rulings", ["hand_id"]),
    ("ix_rulings_table_recorded", "rulings", ["table_id", "recorded_at"]),
)


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)
    # a partial index: flagged hands are few, and the floor lists them newest first; each condition is written
    # exactly as SQLAlchemy renders the search's filter on that back end, so that the planner matches it
    op.create_index("ix_hands_flagged", "hands", ["started_at"], postgresql_where=sa.text("flagged"), sqlite_where=sa.text("flagged = 1"))
    op.create_index("ix_hands_ruled", "hands", ["started_at"], postgresql_where=sa.text("ruled"), sqlite_where=sa.text("ruled = 1"))


def downgrade() -> None:
    op.drop_index("ix_hands_ruled", table_name="hands")
    op.drop_index("ix_hands_flagged", table_name="hands")
    for name, table, _ in reversed(INDEXES):
        op.drop_index(name, table_name=table)
