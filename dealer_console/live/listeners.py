"""One small registry of listeners, used for every kind of news the running table gives (changes, notices, requests, busy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Listeners"]

T = TypeVar("T")


class Listeners(Generic[T]):
    """Functions called with each value told, in the order they subscribed."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[T], None]] = []

    def subscribe(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Call ``listener(value)`` for every value told from now on; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def tell(self, value: T) -> None:
        """Call every listener with ``value`` (one that unsubscribes meanwhile is still called this time)."""
        for listener in list(self._listeners):
            listener(value)
