"""The dealer console: a live-table assistant for Omaha-family poker games."""

__version__ = "0.1.0"
