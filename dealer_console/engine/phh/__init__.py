"""PHH (Poker Hand History) export and import.

PHH is the TOML hand-history format of the PHH standard (uoftcprg/phh-std, version 0.0.1), the
one pokerkit reads and writes. :func:`~.export.export_phh` writes any finished or misdealt
:class:`~dealer_console.engine.hand.Hand`; :func:`~.importer.import_phh` / :func:`~.importer.load_phh` read one back.

What the standard covers is written in its own fields: ``variant``, ``antes``,
``blinds_or_straddles``, ``min_bet`` or ``small_bet``/``big_bet``, ``starting_stacks``,
``actions``, ``seats``, ``players``, ``finishing_stacks``, ``winnings``... Players are listed
from the first seat left of the button (``p1``, the small blind) round to the button (the last
player); heads-up the standard "reverses" the blinds, so ``p1`` is the big blind and ``p2`` the
button, who posts the small blind: that is the engine's own order either way
(:meth:`Hand.seats`).

What the standard has no notation for (Oklahoma discards, double boards, five- and six-card
Omaha, no-limit Omaha, straddle consents, live and dead posts, burns, per-pot runs and the run
choices, the rake and the house rules) goes in user-defined fields whose names start with
``_dealer_console_`` (the standard reserves a leading underscore for them): the hand's whole
set-up and its full event list as plain data (:func:`~.events.event_to_dict`). A file written
here is rebuilt from those fields, so it re-imports to an identical hand; a file without them
(from pokerkit, the PHH dataset, another tool) is replayed action by action through the
engine's own verbs. ``docs/phh.md`` documents every field.

Modules: :mod:`.notation` (codes and the standard fields), :mod:`.export`, :mod:`.importer`
(our own files rebuilt), :mod:`.standard_replay` (other files replayed), :mod:`.fields` (typed
field access) and :mod:`.errors`.
"""
