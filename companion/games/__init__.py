"""One module per game: the rules procedures that the generic actions do not cover.

A game module exposes `settle(table, catalog)`, called after every action to apply the
consequences the rules make automatic (a survivor with no strength dice left dies, ...).
"""

from __future__ import annotations

import importlib

_MODULES = {"21days": "days21.game", "dieson": "dieson.game", "robinson": "robinson.game", "mutinies": "mutinies.game"}


def rules_for(game_id: str):
    name = _MODULES.get(game_id)
    if name is None:
        return None
    return importlib.import_module(f"{__name__}.{name}")


def load_all() -> None:
    """Import every game module, so that every game's actions are registered."""
    for gid in _MODULES:
        rules_for(gid)
