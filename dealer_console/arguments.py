"""What ``dealer-console`` and its parts' commands share on the command line: bounded numbers, the options every
command takes (``--database``, ``--config``, ``--language``, before or after the command), the one-line error, and the
check that a reading command never creates a database.

A bad argument is one line on standard error and exit status :data:`EXIT_USAGE` (argparse's own errors already are);
never a traceback for what a user typed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from dealer_console.config import StoreSettings

__all__ = [
    "EXIT_USAGE", "GLOBAL_OPTIONS", "OneLineParser", "UsageError", "add_global_options", "bounded_int", "error_line", "print_error",
    "require_database", "spread_global_options",
]

EXIT_USAGE = 2
"""Exit status of a command refused for its arguments or its surroundings (no database, a folder it cannot write)."""


class UsageError(ValueError):
    """An argument the command cannot use (out of the game's range, a path that is a file...); the message names it."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line on standard error (the usage is for ``--help``), exit status 2.

    Its sub-commands' parsers are of the same class (argparse makes them with the parent's class)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number from ``low`` to ``high`` (no upper bound when ``None``), the range in the message."""
    wanted = f"a whole number from {low} to {high}" if high is not None else f"a whole number of at least {low}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{wanted} is needed, not {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{wanted} is needed, not {text}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its own messages
    return parse


GLOBAL_OPTIONS: dict[str, dict[str, object]] = {
    "--database": dict(metavar="URL", help="event store URL (default: the configured one, else SQLite in the user's data folder)"),
    "--config": dict(metavar="PATH", help="configuration file (TOML; default: $DEALER_CONFIG, else the user's config.toml)"),
    "--language": dict(choices=["en", "ru"], help="language of the screen (default: [console] language, else en)"),
}
"""Options every command takes, before or after its name (``dealer-console --database URL verify-log`` or
``dealer-console verify-log --database URL``)."""


def add_global_options(parser: argparse.ArgumentParser) -> None:
    """The top-level parser's :data:`GLOBAL_OPTIONS`, each ``None`` when not given (the configuration decides)."""
    for flag, options in GLOBAL_OPTIONS.items():
        parser.add_argument(flag, default=None, **options)  # type: ignore[arg-type]


def _subparsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # an alias names the same parser twice
                yield sub
                yield from _subparsers(sub)


def spread_global_options(parser: argparse.ArgumentParser) -> None:
    """Every command and sub-command under ``parser`` takes the :data:`GLOBAL_OPTIONS` too, without a default of its own.

    argparse writes a sub-command's defaults over what was parsed before its name, so ``--database X verify-log``
    would lose X; with ``argparse.SUPPRESS`` as the default a value given after the name overrides, one not given
    leaves the value given before it (or the top-level parser's ``None``).
    """
    for sub in _subparsers(parser):
        for flag, options in GLOBAL_OPTIONS.items():
            action = sub._option_string_actions.get(flag)
            if action is None:
                sub.add_argument(flag, default=argparse.SUPPRESS, **options)  # type: ignore[arg-type]
            else:
                action.default = argparse.SUPPRESS


def error_line(error: BaseException) -> str:
    """One line for ``error``: an operating-system error as its reason and path, anything else its first line."""
    if isinstance(error, OSError) and error.strerror:
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror.lower()}{where}"
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def require_database(store: StoreSettings) -> None:
    """Refuse (``StoreUnavailableError``: "no database at PATH") a SQLite store whose file does not exist, so a command
    that only reads never creates a database, nor its folders, at a mistyped path. PostgreSQL is left to connect."""
    from dealer_console.store.database import resolve_url
    from dealer_console.store.errors import StoreUnavailableError

    url = resolve_url(store.database_url, data_dir=store.data_dir)
    if url.get_backend_name() != "sqlite":
        return
    path = url.database or ""
    if not path or path == ":memory:" or not Path(path).is_file():
        raise StoreUnavailableError(f"no database at {path or url.render_as_string(hide_password=True)}",
                                    url=url.render_as_string(hide_password=True))


def print_error(prog: str, error: BaseException) -> int:
    """Write ``prog: error`` on one line of standard error; return :data:`EXIT_USAGE`."""
    print(f"{prog}: {error_line(error)}", file=sys.stderr)
    return EXIT_USAGE
