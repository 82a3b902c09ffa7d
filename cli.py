"""castaway's command line: parse, call the core, render. Nothing else.

Errors: a CompanionError becomes one line on stderr; usage errors exit 2, refusals exit 1.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from companion import session
from companion.errors import CompanionError, UsageError
from companion.i18n import _
from ui.acting import act
from ui.common import CTX, NUMBERS, command, emit_json, err, out, show_board, store
from ui.common import app as _app
from ui.text import esc

# -- games and the store -------------------------------------------------------------------------


@command("list")
def list_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The games in the database, newest last.

    Example: castaway list
    """
    try:
        st = store()
    except CompanionError:
        from pathlib import Path

        from companion.store import default_path

        if Path(CTX.db or default_path()).exists():  # a damaged or foreign file is said so, not "no games"
            raise
        if as_json:
            return emit_json([])
        out.print(_("No games yet. Start one: castaway new 21days"))
        return
    with st:
        cur = st.setting("current")
        rows = st.games()
    data = [{"id": r.id, "game": r.game, "edition": r.edition, "title": r.title, "status": r.status,
             "version": r.version, "created": r.created, "updated": r.updated, "current": str(r.id) == cur} for r in rows]
    if as_json:
        return emit_json(data)
    if not data:
        out.print(_("No games yet. Start one: castaway new 21days"))
    for r in data:
        mark = "▶" if r["current"] else " "
        out.print(f"{mark} [bold]{r['id']:>3}[/] {r['game']:<9} {r['status']:<7} v{r['version']:<5} {r['updated']}  {esc(r['title'])}")


@command("use")
def use_cmd(game_id: Annotated[int, typer.Argument(help=_("A game id from `castaway list`."))]):
    """Make a game the current one.

    Example: castaway use 3
    """
    with store() as st:
        row = session.use(st, game_id)
    out.print(_("Game {id} ({game}) is now the current game.").format(id=row.id, game=row.game))


@command("status")
def status_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("The full state as JSON."))] = False):
    """The board at a glance.

    Example: castaway status
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        loaded = session.load(st, gid)
    if as_json:
        from companion.games import registry

        return emit_json({"id": loaded.row.id, "version": loaded.row.version, "status": loaded.row.status,
                          "question": session.question(loaded),
                          "state": registry.get(loaded.cat.id).view(loaded.table, loaded.cat)})
    show_board(loaded.table, loaded.cat, loaded.row)


# -- actions -------------------------------------------------------------------------------------


@command("set", context_settings=NUMBERS)
def set_cmd(
    target: Annotated[str, typer.Argument(help=_("A track, counter, strength or flag: shark, ship, tentacles, red.strength, red.hope, ..."))],
    value: Annotated[str, typer.Argument(help=_("The value the table shows (a stack: top,bottom like 4,3)."))],
):
    """Set anything to what the physical table shows.

    Example: castaway set shark 3
    """

    act(lambda t, cat: _correction(t, cat, "set", target, value))


def _correction(t, cat, kind: str, target: str = "", value=None):
    """set, move or next as the game records it (its own correction, or the generic action)."""
    from companion.actions import Move, NextRound, SetValue
    from companion.games import registry

    own = registry.get(cat.id).correction(t, cat, kind, target, value)
    if own is not None:
        return own
    if kind == "set":
        return SetValue.parse(t, cat, target, value)
    return Move.parse(t, cat, target, value) if kind == "move" else NextRound()


def parse_delta(text: str) -> int:
    from companion.action_base import parse_int

    s = text.strip()
    if not s or s[0] not in "+-":
        raise UsageError(_("move by {text!r}: write a signed amount like +1 or -2").format(text=text))
    return parse_int(s, _("amount"), _("write a signed amount like +1 or -2"))


@command("move", context_settings=NUMBERS)
def move_cmd(
    target: Annotated[str, typer.Argument(help=_("A track, counter or strength: ship, shark, day, tentacles, planks, red.strength, red.hope."))],
    delta: Annotated[str, typer.Argument(help=_("+N or -N."))],
):
    """Move a marker or change a count by a signed amount; a seat's share of a pool (red.hope) comes from the bag or goes back to it.

    Example: castaway move red.hope +2
    """

    d = parse_delta(delta)
    act(lambda t, cat: _correction(t, cat, "move", target, d))


@command("next")
def next_cmd():
    """Move the round/day marker on by one.

    Example: castaway next
    """

    def moved(ev, loaded) -> str:
        rt = loaded.cat.round_track
        return f"  →  {_(loaded.cat.tracks[rt].name).lower()} {ev.result[rt]}"

    act(lambda t, cat: _correction(t, cat, "next"), moved)


@command("note")
def note_cmd(text: Annotated[str, typer.Argument(help=_("Free text."))]):
    """Write a note into the game's history.

    Example: castaway note "Ann joins on day 3"
    """
    from companion.actions import Note

    act(Note(text))


@command("undo")
def undo_cmd(
    to: Annotated[int | None, typer.Option("--to", help=_("Undo back to this event (its number in `castaway history`): the table is as it was right after it."), min=1)] = None,
):
    """Undo the last action, exactly; with --to N, every action after event N, in one go.

    Example: castaway undo --to 12
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        if to is None:
            ev, table, undone = session.undo(st, gid, CTX.if_version)
            taken = [undone]
        else:
            ev, table, taken = session.undo_to(st, gid, to, CTX.if_version)
        cat = session.load(st, gid).cat
    for one in taken:
        out.print(_("[dim]#{seq}[/] undid #{seq2}: {text}").format(seq=ev.seq, seq2=one.seq, text=esc(session.event_text(one, cat=cat))))


@command("redo")
def redo_cmd(
    to: Annotated[int | None, typer.Option("--to", help=_("Redo up to this undone action (its number in `castaway history`)."), min=1)] = None,
):
    """Redo the last undone action; with --to N, every undone action up to N, in one go.

    Example: castaway redo --to 14
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        if to is None:
            ev, table, redone = session.redo(st, gid, CTX.if_version)
            done = [redone]
        else:
            ev, table, done = session.redo_to(st, gid, to, CTX.if_version)
        cat = session.load(st, gid).cat
    for one in done:
        out.print(_("[dim]#{seq}[/] redid #{seq2}: {text}").format(seq=ev.seq, seq2=one.seq, text=esc(session.event_text(one, cat=cat))))


def faces_text(faces) -> str:
    """The faces an event recorded, whatever their shape: a die's parts joined by '/' (2/5), dice by spaces.
    Generic rolls store a list of parts per die; 21 Days procedures store one value per die (4, 'tentacle')."""
    if not isinstance(faces, (list, tuple)):
        return str(faces)
    return "  ".join("/".join(str(p) for p in f) if isinstance(f, (list, tuple)) else str(f) for f in faces)


@command("history")
def history_cmd(
    last: Annotated[int, typer.Option("--last", "-n", help=_("How many events to show (0: all)."), min=0)] = 30,
    as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False,
):
    """The game's log: every event, with undone ones marked.

    Example: castaway history --last 10
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        loaded = session.load(st, gid)
        row, cat = loaded.row, loaded.cat
        live = st.live_path(gid, row.head)  # the undone actions are struck through
        shown = st.events(gid, 0 if last == 0 else max(0, row.version - last))  # decoded: the lines shown
        moved = {e.result.get("undid") or e.result.get("redid") for e in shown
                 if e.type in ("undo", "redo") and isinstance(e.result, dict)} - {e.seq for e in shown} - {None}
        by_seq = {e.seq: e for e in shown}
        for n in sorted(moved):  # an undo or redo names the action it moved over
            other = st.event(gid, n)
            if other is not None:
                by_seq[n] = other
    unit = _(cat.tracks[cat.round_track].name).lower() if cat.round_track else _("round")
    if as_json:
        return emit_json([{"seq": e.seq, "type": e.type, "text": e.text, "at": e.at, "day": e.day, "phase": e.phase,
                           "action": e.action, "result": e.result, "live": e.seq in live or e.type != "action"} for e in shown])
    for e in shown:
        undone = e.type == "action" and e.seq not in live
        line, res = session.event_text(e, by_seq, cat), ""
        if e.type == "action" and isinstance(e.result, dict) and e.result.get("faces"):
            res = "  →  " + faces_text(e.result["faces"])
        elif e.type == "action" and isinstance(e.result, dict) and "card" in e.result:
            card = _card_name(cat, (e.action or {}).get('deck'), e.result['card'])
            res = "" if line.endswith(card) else f"  →  {card}"  # a card typed in is named by the line already
        day = f"{unit} {e.day:<2} " if e.day else ""
        style = "dim strike" if undone else ""  # untranslated: Rich style names
        text = f"#{e.seq:<4} {day}{line}{res}"
        out.print(f"[{style}]{esc(text)}[/]" if style else text, markup=bool(style))


def _card_name(cat, deck: str | None, card: str) -> str:
    """A card as printed (in the chosen language), not its id; the id where the catalog has no such card. An
    action that names no deck (a game's own: a bottle card played) has its card looked up in every deck."""
    cid = str(card).split(":")[0]
    decks = [deck] if deck else [d for d in cat.decks if any(c.id == cid for c in cat.deck(d).cards)]
    try:
        return _(cat.deck(decks[0]).card(cid).name) if len(decks) == 1 else str(card)
    except (CompanionError, KeyError, TypeError):
        return str(card)


@command("end")
def end_cmd(
    result: Annotated[str, typer.Option(help=_("won, lost or abandoned."))] = "abandoned",
    yes: Annotated[bool, typer.Option("--yes", "-y", help=_("Do not ask for confirmation."))] = False,
):
    """End the current game and log it as a play.

    Example: castaway end --result won
    """
    if result not in ("won", "lost", "abandoned"):
        raise UsageError(_("--result {result!r}: accepted: won, lost, abandoned").format(result=result))
    shown = {"won": _("won"), "lost": _("lost"), "abandoned": _("abandoned")}[result]
    if not yes and sys.stdin.isatty():
        if not typer.confirm(_("End the current game as {result}?").format(result=shown)):
            raise typer.Exit(1)
    with store() as st:
        gid = session.current_id(st, CTX.game)
        ev, table, play_id = session.end_game(st, gid, result, CTX.if_version)
    out.print(_("[dim]#{seq}[/] game over: {result}. Logged as play {play_id}.").format(seq=ev.seq, result=shown, play_id=play_id))


# Command groups that live in modules of their own register themselves on import. They are imported
# only when needed (help, or a command none of the core ones is), so `castaway status` stays quick.
# Each game's commands form a group of their own, `castaway GAME ...` (ui/games.py): its module is
# imported only when that group is invoked (its odds only for `castaway GAME odds ...`).
COMMAND_MODULES = ("ui.new_cmds", "ui.cards_cmds", "ui.about_cmds", "ui.play_cmds", "ui.plays_cmds", "ui.dice_cmds")
LAST_MODULES = ("ui.print_cmds", "ui.display_cmds")


def registered(name: str) -> bool:
    return any(c.name == name for c in _app.registered_commands) or any(g.name == name for g in _app.registered_groups)


def load_modules(name: str | None = None) -> None:
    """Import the generic command modules: all of them, or until one of them registers `name`; then give
    every game its group and its `new` command (their own commands load with load_games)."""
    import importlib

    for module in (*COMMAND_MODULES, *LAST_MODULES):
        if name is not None and registered(name):
            break
        importlib.import_module(module)
    from ui import games, new_cmds

    games.add_groups()
    new_cmds.add_games()


def load_games() -> None:
    """Every game's commands and odds, in its group."""
    from ui import games

    for game in games.registry.all_games():
        games.load_commands(game)


def __getattr__(attr: str):
    """`cli.app` (tests, tools) is the whole app, every command module loaded."""
    if attr == "app":
        load_modules()
        load_games()
        return _app
    raise AttributeError(attr)


GLOBAL_VALUE_OPTIONS = ("--db", "--game", "-g", "--if-version", "--lang")


def invoked_at(argv: list[str]) -> int | None:
    """Where the command word is in argv, skipping the global options and their values."""
    skip = False
    for i, word in enumerate(argv):
        if skip:
            skip = False
            continue
        if word in GLOBAL_VALUE_OPTIONS:
            skip = True
            continue
        if word.startswith("-"):
            continue
        return i
    return None


def invoked_command(argv: list[str]) -> str | None:
    """The command word in argv, skipping the global options and their values."""
    i = invoked_at(argv)
    return None if i is None else argv[i]


def only(name: str | None) -> None:
    """Keep just the invoked command in the app: Typer builds every registered command's parameters
    before running one, which costs more than the command itself. Help and unknown words keep all."""
    if not name:
        return
    commands = [c for c in _app.registered_commands if c.name == name]
    groups = [g for g in _app.registered_groups if g.name == name]
    if commands or groups:
        _app.registered_commands[:] = commands
        _app.registered_groups[:] = groups


def main() -> None:
    try:
        argv = sys.argv[1:]
        name = invoked_command(argv)
        # a group declared in ui/common (print, rules) gets commands from several modules: load them all
        shared = any(g.name == name for g in _app.registered_groups)
        if name is None:  # the root help page (or a usage error before any command): its list needs no module
            from ui import root_index

            root_index.index(_app)
        elif shared or not registered(name):
            from ui import games

            game = games.game_of(name)
            if game is not None:
                sub = invoked_command(argv[invoked_at(argv) + 1:])
                games.load_commands(game, with_odds=sub == "odds")
            else:
                load_modules(None if shared else name)
        only(name)
        _app()
    except CompanionError as e:  # raised outside a command (callback)
        from ui.common import one_line

        err.print(_("error: {e}").format(e=one_line(str(e))), markup=False)
        sys.exit(e.exit_code)
    finally:
        # The process ends with main (the console script exits after it): what it made is left to the exit, not
        # to a last garbage collection over every object the imports made (a quarter of a short command's time).
        import gc

        gc.freeze()


if __name__ == "__main__":
    main()
