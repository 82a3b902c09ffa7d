"""One SVG board drawing per game: each game names its drawing in the registry (Game.display_board,
an import path to a `board_svg(table, cat) -> str` giving one <svg> element)."""

from __future__ import annotations

from companion.errors import CompanionError
from companion.games import registry
from companion.games.protocol import resolve
from companion.i18n import _


def board_for(game_id: str):
    """The drawing function's module of a game; a game without one is refused with a clear message."""
    import importlib

    game = registry.get(game_id)
    if not game.display_board:
        raise CompanionError(_("no display board for {game!r}").format(game=game_id))
    path = game.display_board
    module_name = path.partition(":")[0]
    try:
        fn = resolve(path)
    except (ImportError, AttributeError):
        raise CompanionError(_("the display board of {game!r} is not installed ({path} is missing)").format(game=game_id, path=path)) from None
    if not callable(fn):
        raise CompanionError(_("the display board of {game!r} has no board_svg(table, cat)").format(game=game_id))
    return importlib.import_module(module_name)
