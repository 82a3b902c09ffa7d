"""A tiny game that ships with the tests, not with castaway: a one-track dice race. It plugs in through
the game protocol alone (tests/test_race_game.py registers it), to show what a game needs."""
