"""The terminal side of the game protocol (companion/games/protocol.py).

A game's terminal and display members are import paths; this module resolves them, so the core never
imports the terminal. It gives every game its command group, `castaway GAME ...` (with the game's
aliases as hidden names), and within it `castaway GAME odds ...`; it loads a game's commands and guards
each one: a command of one game on another game's table is refused in one line (exit 1) before it reads
or writes anything. `command_words` words a game's command for messages.
"""

from __future__ import annotations

import functools
import importlib

import typer

from companion import session
from companion.errors import CompanionError, RuleError
from companion.games import registry
from companion.games.protocol import Game, resolve
from companion.i18n import _
from ui.common import CTX, app, fail, store
from ui.common import group as new_group

ODDS_MODULE = "ui.odds_cmds"  # every game's odds commands; imported only for `castaway GAME odds ...`


def terminal_board(game: Game):
    """The game's own board renderer (t, cat, row) -> lines, or None for the generic board."""
    return resolve(game.terminal_board) if game.terminal_board else None


@functools.lru_cache(maxsize=None)
def header(game_id: str) -> tuple[str, tuple[str, ...]]:
    """(name, aliases) from the [game] table of the game's game.toml: read alone, not the whole catalog,
    so that `castaway --help` and finding a game's group stay quick."""
    import tomllib  # here, not at the top: `castaway status` draws a game's board without it

    from companion import catalog

    with (catalog.folder_of(game_id) / "game.toml").open("rb") as f:
        head = tomllib.load(f).get("game", {})
    return str(head.get("name", game_id)), tuple(str(a) for a in head.get("aliases", ()))


def aliases(game_id: str) -> tuple[str, ...]:
    """The names the game's group also answers to: its catalog aliases that are one word."""
    return tuple(a for a in header(game_id)[1] if a and not any(c.isspace() for c in a) and a != game_id)


def game_of(word: str | None) -> Game | None:
    """The game a command word names (its id or an alias), or None."""
    if not word:
        return None
    key = word.strip().lower()
    for gid in registry.ids():
        if key == gid or key in aliases(gid):
            return registry.get(gid)
    return None


_GROUPS: dict[str, typer.Typer] = {}
_ODDS: dict[str, typer.Typer] = {}


def group(game_id: str) -> typer.Typer:
    """The game's command group, `castaway GAME ...`: made once, on the root app under the game's id (its
    aliases as hidden names), with its odds group inside."""
    if game_id not in _GROUPS:
        sub = _GROUPS[game_id] = new_group(
            help=_("The game's procedures, one command each, and its odds (or let `castaway play` guide you)."),
            no_args_is_help=True)
        app.add_typer(sub, name=game_id)
        for alias in aliases(game_id):
            app.add_typer(sub, name=alias, hidden=True)
        odds = _ODDS[game_id] = new_group(help=_("Exact odds before you roll: from the current game, or from values you give."),
                                            no_args_is_help=True)
        sub.add_typer(odds, name="odds")
    return _GROUPS[game_id]


def odds(game_id: str) -> typer.Typer:
    """The game's odds group, `castaway GAME odds ...`."""
    group(game_id)
    return _ODDS[game_id]


def add_groups() -> None:
    """Every game's group on the root app (their commands load when a group is invoked)."""
    for gid in registry.ids():
        group(gid)


def unregister(game_id: str) -> None:
    """Take a game's group off the root app (a test's own game, once its test is done)."""
    sub = _GROUPS.pop(game_id, None)
    _ODDS.pop(game_id, None)
    app.registered_groups[:] = [g for g in app.registered_groups if g.typer_instance is not sub]


def command_words(game: Game | str, command: str) -> str:
    """A game's command as the user types it: command_words(game, "shark-phase") -> "castaway 21days shark-phase"."""
    gid = game if isinstance(game, str) else game.id
    return f"castaway {gid} {command}".rstrip()


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


def current_table(game: Game | str, words: str):
    """The current game's table and catalog, for a command of `game` that reads it (another game's
    table is refused as refuse_other_table says)."""
    game = registry.get(game) if isinstance(game, str) else game
    refuse_other_table(game, words)
    with store() as st:
        loaded = session.load(st, session.current_id(st, CTX.game))
    return loaded.table, loaded.cat


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
    for sub in typer_app.registered_groups:
        yield from _commands(sub.typer_instance, f"{prefix}{sub.name} ")


def load_commands(game: Game, with_odds: bool = True) -> None:
    """Import the game's command module (and the odds commands) and guard each command of its group."""
    group(game.id)
    if game.commands:
        importlib.import_module(game.commands)
    if with_odds:
        importlib.import_module(ODDS_MODULE)
    for info, words in _commands(group(game.id), f"{game.id} "):
        if info.callback is not None and info.callback.__module__ == game.commands:
            _guard(info, game, words)


def commands_of(game: Game) -> list[tuple[str, bool]]:
    """The words of each of the game's commands, and whether it needs the game's table."""
    load_commands(game)
    return [(words, getattr(info.callback, "game", None) == game.id) for info, words in _commands(group(game.id), f"{game.id} ")
            if info.callback is not None and info.callback.__module__ == game.commands]
