"""The terminal side of the game protocol (companion/games/protocol.py).

A game's terminal and display members are import paths; this module resolves them, so the core never
imports the terminal. It also loads a game's commands and guards each one: a command of one game on
another game's table is refused in one line (exit 1) before it reads or writes anything.
"""

from __future__ import annotations

import functools
import importlib

from companion import session
from companion.errors import CompanionError, RuleError
from companion.games import registry
from companion.games.protocol import Game, resolve
from companion.i18n import _
from ui.common import CTX, app, fail, store


def terminal_board(game: Game):
    """The game's own board renderer (t, cat, row) -> lines, or None for the generic board."""
    return resolve(game.terminal_board) if game.terminal_board else None


def table_game() -> tuple[int, Game] | None:
    """The current game's id and Game, or None where there is no database or no game yet."""
    try:
        st = store()
    except CompanionError:
        return None
    with st:
        try:
            gid = session.current_id(st, CTX.game)
        except CompanionError:
            return None
        return gid, registry.get(st.game(gid).game)


def refuse_other_table(game: Game, words: str) -> None:
    """Refuse `castaway WORDS` (a command of `game`) when another game is on the table."""
    found = table_game()
    if found is None or found[1] is game:
        return
    gid, other = found
    mine, theirs = _(game.catalog().name), _(other.catalog().name)
    raise RuleError(_("game {id} on the table is {theirs}; `castaway {words}` is a {mine} command: "
                      "`castaway use ID` picks a {mine} game").format(id=gid, theirs=theirs, words=words, mine=mine))


def _guard(info, game: Game, words: str) -> None:
    fn = info.callback
    if fn is None or getattr(fn, "game", None) or not getattr(fn, "needs_table", True):
        return

    @functools.wraps(fn)
    def checked(*a, **kw):
        try:
            refuse_other_table(game, words)
        except CompanionError as e:
            fail(e)
        return fn(*a, **kw)

    checked.game = game.id
    info.callback = checked


def _commands(typer_app, prefix: str = ""):
    """(CommandInfo, the words that call it) for every command under a Typer app."""
    for info in typer_app.registered_commands:
        yield info, f"{prefix}{info.name}"
    for group in typer_app.registered_groups:
        yield from _commands(group.typer_instance, f"{prefix}{group.name} ")


def load_commands(game: Game) -> None:
    """Import the game's command module and guard each command it registered."""
    if not game.commands:
        return
    importlib.import_module(game.commands)
    for info, words in _commands(app):
        if info.callback is not None and info.callback.__module__ == game.commands:
            _guard(info, game, words)


def commands_of(game: Game) -> list[tuple[str, bool]]:
    """The words of each of the game's commands, and whether it needs the game's table."""
    load_commands(game)
    return [(words, getattr(info.callback, "game", None) == game.id) for info, words in _commands(app)
            if info.callback is not None and info.callback.__module__ == game.commands]
