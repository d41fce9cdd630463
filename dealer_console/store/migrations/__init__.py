"""Alembic migrations of the event store (applied by the program on start; see ``database.migrate``)."""
