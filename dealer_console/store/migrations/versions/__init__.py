"""The store's schema revisions, oldest first."""
