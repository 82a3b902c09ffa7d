"""Exact odds before a roll, for every game: one module per game, exact distributions in dist.py.

Calculators enumerate the dice or run a dynamic programme over the rules' own state (no sampling);
tests/odds_mc.py and the tests check them against Monte Carlo runs of the engine's own actions.
"""
