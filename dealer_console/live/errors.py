"""The running table's exceptions: one small hierarchy, each error carrying what it refused.

The engine's refusals (:class:`~dealer_console.engine.errors.IllegalActionError` and its kin) stay
the engine's; these are the refusals of the table around it: devices, the taught deck, the
console's start-up.
"""

from __future__ import annotations

__all__ = ["ConsoleStartError", "LiveError"]


class LiveError(ValueError):
    """Base of every refusal by the running table (not the rules engine's own)."""


# ---------------------------------------------------------------------- the console's start-up


class ConsoleStartError(LiveError):
    """The console could not start its table: ``step`` names what failed (opening the store, resuming the table, signing in)."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason
