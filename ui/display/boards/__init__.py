"""One SVG board drawing per game: each module offers `board_svg(table, cat) -> str`, one <svg> element."""

from __future__ import annotations

import importlib

from companion.errors import CompanionError, UsageError
from companion.i18n import _

# The one place where a game's id picks its drawing.
_BOARDS = {"21days": "days21", "robinson": "robinson", "mutinies": "mutinies", "dieson": "dieson"}


def board_for(game_id: str):
    """The drawing module of a game; a game without one is refused with a clear message."""
    name = _BOARDS.get(game_id)
    if name is None:
        raise UsageError(_("no display board for {game!r}; boards exist for: {known}").format(game=game_id, known=", ".join(_BOARDS)))
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":
            raise
        raise CompanionError(_("the display board of {game!r} is not installed (ui/display/boards/{name}.py is missing)").format(game=game_id, name=name)) from None
    if not callable(getattr(module, "board_svg", None)):
        raise CompanionError(_("the display board of {game!r} has no board_svg(table, cat)").format(game=game_id))
    return module
