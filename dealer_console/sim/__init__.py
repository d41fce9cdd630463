"""Simulated play: random complete hands and random sessions at a table, through the engine's own verbs.

Used by ``dealer-console simulate``, the demo, the tests and the benchmarks. It imports the rules
engine and nothing else of the program; the engine knows nothing of it.
"""
