"""The live table: sensor and camera readings turned into facts for the dealer to accept."""
