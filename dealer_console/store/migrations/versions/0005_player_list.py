"""The room's player list kept by the floor: who added a player, and every change of a player's name (history kept).

Revision ID: 0005_player_list
Revises: 0004_signed_heads
Create Date: 2026-12-08
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_player_list"
down_revision: str | None = "0004_signed_heads"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("added_by", sa.String(200), nullable=True))
    op.create_table(
        "player_name_changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("old_name", sa.String(200), nullable=False),
        sa.Column("new_name", sa.String(200), nullable=False),
        sa.Column("changed_by", sa.String(200), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_name_changes_player", "player_name_changes", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_player_name_changes_player", table_name="player_name_changes")
    op.drop_table("player_name_changes")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("added_by")
