"""The store's command-line verbs (wired into ``dealer-console`` by :mod:`dealer_console.cli`)."""

from __future__ import annotations

import sys

from dealer_console.config import ConfigError, load_settings
from dealer_console.store.errors import StoreError
from dealer_console.store.store import Store

EXIT_BROKEN = 1
EXIT_ERROR = 2


def verify_log_command(*, table: str | None, database: str | None, config: str | None) -> int:
    """``dealer-console verify-log``: one line per table; exit 0 if every chain holds, 1 at a broken link, 2 if it cannot check."""
    try:
        settings = load_settings(config, overrides={"store": {"database_url": database}})
        with Store.open(settings=settings.store) as store:
            reports = store.verify_log(table)
    except (StoreError, ConfigError) as error:
        print(f"dealer-console verify-log: {error}", file=sys.stderr)
        return EXIT_ERROR
    if not reports:
        print("no tables in the log")
    for report in reports:
        print(report.describe(), file=sys.stdout if report.intact else sys.stderr)
    return 0 if all(report.intact for report in reports) else EXIT_BROKEN
