"""The games castaway plays: one package per game (companion/games/<game>/), the game protocol
(protocol.py) and the one registry of games (registry.py)."""
