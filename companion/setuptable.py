"""The table right after setup, from a game's setup event: below session.py and the store's migrations,
which both rebuild it."""

from __future__ import annotations

from .catalog import GameCatalog
from .games import registry
from .table import Table


def setup_table(cat: GameCatalog, options: dict, seed: int, state: dict | None = None) -> Table:
    """The table after setup: rebuilt from the choices and the seed, or taken whole (a resumed game)."""
    if state is not None:
        return Table(state)
    game = registry.get(cat.id)
    return game.setup(cat, game.table_options(options), seed)
