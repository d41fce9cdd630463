"""Sign-in lock-out: count a staff member's failed sign-ins and when the account was locked out.

Revision ID: 0003_staff_lockout
Revises: 0002_floor_search_indexes
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_staff_lockout"
down_revision: str | None = "0002_floor_search_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("staff") as batch:
        batch.add_column(sa.Column("failed_sign_ins", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("locked_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("staff") as batch:
        batch.drop_column("locked_at")
        batch.drop_column("failed_sign_ins")
