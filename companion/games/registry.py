"""The one registry of games: a game id to the `Game` (protocol.py) that plays it.

Each game shipped with castaway is one line below: its id and the import path of its Game. The
entry modules are imported only when a game is asked for, so listing the ids costs nothing.
A game from elsewhere (a test's, a user's) is added with `register(game)`.
"""

from __future__ import annotations

from ..i18n import _
from .protocol import Game, resolve

GAMES = {
    "21days": "companion.games.days21.entry:GAME",
    "robinson": "companion.games.robinson.entry:GAME",
    "mutinies": "companion.games.mutinies.entry:GAME",
    "dieson": "companion.games.dieson.entry:GAME",
}

_plugged: dict[str, Game] = {}
_loaded: dict[str, Game] = {}


def ids() -> list[str]:
    """Every game's id, in the order of the lines above, then the games registered since."""
    return [*GAMES, *(g for g in _plugged if g not in GAMES)]


def find(game_id: str) -> Game | None:
    """The game with this id, or None."""
    game = _plugged.get(game_id) or _loaded.get(game_id)
    if game is None and game_id in GAMES:
        game = _loaded[game_id] = resolve(GAMES[game_id])
    return game


def get(game_id: str) -> Game:
    """The game with this id; an unknown id is refused, naming the known ones."""
    from ..errors import UnknownComponent

    game = find(game_id)
    if game is None:
        raise UnknownComponent(_("unknown game {game!r}; accepted: {accepted}").format(game=game_id, accepted=', '.join(ids())))
    return game


def all_games() -> list[Game]:
    return [get(g) for g in ids()]


def register(game: Game) -> Game:
    """Add a game that does not ship with castaway. Its id and action-kind prefix must be free."""
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a companion.games.protocol.Game")
    if game.id in ids():
        raise ValueError(f"game id {game.id!r} is taken")
    clash = [g.id for g in all_games() if g.prefix == game.prefix]
    if clash:
        raise ValueError(f"game {game.id}: action-kind prefix {game.prefix!r} is taken by {clash[0]}")
    from .. import catalog

    _plugged[game.id] = game
    catalog.add_folder(game.id, game.decks)
    return game


def unregister(game_id: str) -> None:
    from .. import catalog

    if _plugged.pop(game_id, None) is not None:
        catalog.add_folder(game_id, None)


def load_actions() -> None:
    """Import every game's actions (a stored game's kind is then known, whichever game it is)."""
    for game in all_games():
        game.load_actions()


def owner_of_kind(kind: str) -> Game | None:
    """The game whose prefix the action kind carries (None: a generic action)."""
    for game in all_games():
        if kind.startswith(game.prefix):
            return game
    return None
