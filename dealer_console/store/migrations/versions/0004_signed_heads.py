"""Signed chain heads: each head carries the signing key's fingerprint and its Ed25519 signature; the consoles' public keys.

Revision ID: 0004_signed_heads
Revises: 0003_staff_lockout
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_signed_heads"
down_revision: str | None = "0003_staff_lockout"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "signing_keys",
        sa.Column("key_id", sa.String(64), primary_key=True),
        sa.Column("public_key", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("chain_heads") as batch:
        batch.add_column(sa.Column("key_id", sa.String(64), nullable=True))
        batch.add_column(sa.Column("signature", sa.String(128), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chain_heads") as batch:
        batch.drop_column("signature")
        batch.drop_column("key_id")
    op.drop_table("signing_keys")
