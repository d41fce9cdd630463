"""The store's tables as SQLAlchemy sees them: private to this package (everything else calls :class:`~.store.Store`)."""

from __future__ import annotations

from sqlmodel import SQLModel

import dealer_console.store.models  # noqa: F401  (importing the models registers the tables read below)

_T = SQLModel.metadata.tables
TABLES = _T["tables"]
HEADS = _T["chain_heads"]
KEYS = _T["signing_keys"]
PLAYERS = _T["players"]
PLAYER_NAME_CHANGES = _T["player_name_changes"]
SEATS = _T["seats"]
STAFF = _T["staff"]
HANDS = _T["hands"]
HAND_SEATS = _T["hand_seats"]
EVENTS = _T["events"]
EVIDENCE = _T["evidence"]
AGREEMENTS = _T["agreements"]
RULINGS = _T["rulings"]
