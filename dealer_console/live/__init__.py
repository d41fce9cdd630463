"""The live table: the running table without a screen, and the devices that feed it.

- :mod:`~dealer_console.live.table_session`: :class:`TableSession`, the table in play and the dealer's commands
  (:mod:`~dealer_console.live.commands`), dealt through :mod:`~dealer_console.live.dealing` from the
  :mod:`~dealer_console.live.deck` model, recorded through a :mod:`~dealer_console.live.recording` protocol
  (camera evidence: :mod:`~dealer_console.live.evidence`, its pictures made by
  :mod:`~dealer_console.live.camera_evidence`), run off the screen's thread by
  :mod:`~dealer_console.live.background`, its news told through :mod:`~dealer_console.live.listeners`.
- What the screen shows: :mod:`~dealer_console.live.views` (seats, boards, results), :mod:`~dealer_console.live.offers`
  (what the dealer may do now), :mod:`~dealer_console.live.notices`, :mod:`~dealer_console.live.card_requests`.
- The tables a console opens (the demo table, the configured table, recorded or not):
  :mod:`~dealer_console.live.tables`. The console's start-up: :mod:`~dealer_console.live.console` (store, sign-in)
  and :mod:`~dealer_console.live.shipping` (the card room).
- The devices: :mod:`~dealer_console.live.device_hub` (lifetime, threads, listeners) over the sensor boards
  (:mod:`~dealer_console.live.sensor_watch`, bets read from chips in :mod:`~dealer_console.live.sensors`) and the
  camera (:mod:`~dealer_console.live.camera_feed`, votes over frames in :mod:`~dealer_console.live.camera_votes`, the
  pure :mod:`~dealer_console.live.card_judge` over :mod:`~dealer_console.live.camera_reads` placed in
  :mod:`~dealer_console.live.zones`); the camera's set-up (:mod:`~dealer_console.live.camera_setup`,
  :mod:`~dealer_console.live.recognizers`, :mod:`~dealer_console.live.taught_deck`,
  :mod:`~dealer_console.live.table_calibration`); the demo's simulated hardware in
  :mod:`~dealer_console.live.demo_devices`. Errors: :mod:`~dealer_console.live.errors`.
"""
