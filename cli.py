"""castaway's command line: parse, call the core, render. Nothing else.

Errors: a CompanionError becomes one line on stderr; usage errors exit 2, refusals exit 1.
"""

from __future__ import annotations

import functools
import sys
from typing import Annotated, Optional

import typer

from companion import session
from companion.errors import CompanionError, UsageError
from ui.common import app as _app
from ui.common import CTX, NUMBERS, act as _act, command, emit_json, err, out, report as _report, show_board, store
from ui.text import esc
from companion.i18n import _

# -- games and the store -------------------------------------------------------------------------


@command("games")
def games_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The games castaway knows.

    Example: castaway games
    """
    from companion import catalog

    rows = []
    for gid in catalog.game_ids():
        c = catalog.load(gid)
        rows.append({"id": c.id, "name": c.name, "aliases": list(c.aliases), "players": list(c.players), "bgg_id": c.bgg_id})
    if as_json:
        return emit_json(rows)
    for r in rows:
        out.print(_("[bold]{id:<10}[/] {name}  [dim]{low}-{high} players; also: {aliases}[/]").format(id=r['id'], name=_(r['name']), low=r['players'][0], high=r['players'][1], aliases=', '.join(r['aliases'])))


def _parse_pairs(items: list[str], what: str, example: str) -> dict[str, str]:
    pairs = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(_("{what} {item!r}: write SEAT=VALUE, e.g. {example}").format(what=what, item=item, example=example))
        k, v = item.split("=", 1)
        pairs[k.strip().lower()] = v.strip()
    return pairs


@command("new")
def new_cmd(
    game: Annotated[str, typer.Argument(help=_("21days, robinson, mutinies or dieson."))],
    player: Annotated[Optional[list[str]], typer.Option("--player", "-p", help=_("A player's name; repeat for each."))] = None,
    survivor: Annotated[Optional[list[str]], typer.Option("--survivor", "-s", help=_("21 Days: a survivor by id (one per colour); the rest are drawn."))] = None,
    strength: Annotated[Optional[list[str]], typer.Option("--strength", help=_("21 Days: strength dice rolled at the table, top first: red=2/6."))] = None,
    keep_strength: Annotated[bool, typer.Option("--keep-strength", help=_("21 Days: keep typed strength dice totalling under 20 or over 40 (the rulebook allows one reroll)."))] = False,
    difficulty: Annotated[str, typer.Option(help=_("21 Days: where the rescue ship starts: green, orange or red (hardest)."))] = "orange",
    scruffs: Annotated[bool, typer.Option("--scruffs", help=_("21 Days: Scruffs Up! solo, Scruffs in the green seat."))] = False,
    promos: Annotated[bool, typer.Option("--promos", help=_("21 Days: add the promo bottle cards."))] = False,
    shark6: Annotated[bool, typer.Option("--shark6", help=_("21 Days: the promo 6-step shark distance card."))] = False,
    opt: Annotated[Optional[list[str]], typer.Option("--opt", "-o", help=_("A game's own setup choice as KEY=VALUE (see each game's section in the README)."))] = None,
    seed: Annotated[Optional[int], typer.Option(help=_("Seed for the virtual dice (repeatable games)."))] = None,
    title: Annotated[str, typer.Option(help=_("A name for this game."))] = "",
    edition: Annotated[Optional[str], typer.Option("--edition", help=_("The edition on your table, e.g. 21 Days: en or cs (the Czech edition: its names, cards and phases; it speaks Czech unless --lang or the environment says otherwise)."))] = None,
):
    """Start a game and make it the current one.

    Example: castaway new 21days --player Ann --player Bob --difficulty green
    """
    from companion import catalog

    gid = catalog.resolve_game(game)
    options: dict = {}
    if edition and edition.strip().lower() not in ("", "en"):
        ed = edition.strip().lower()
        catalog.load(gid, ed)  # an unknown edition is refused here, naming the accepted ones
        options["edition"] = ed
    if player:
        names = [p.strip() for p in player]
        if any(not n for n in names):
            raise UsageError(_("empty player name; give each --player a name"))
        options["players"] = names
    from companion.games import registry

    flags = {"survivor": survivor, "strength": strength, "keep_strength": keep_strength, "difficulty": difficulty,
             "scruffs": scruffs, "promos": promos, "shark6": shark6}
    options = registry.get(gid).options(catalog.load(gid, options.get("edition")), options, flags)
    for key, value in _parse_pairs(opt, "--opt", "scenario=1").items():
        options[key] = value
    if seed is not None and not 0 <= seed < 2**63:
        raise UsageError(_("--seed {seed}: accepted: 0 .. 2**63-1").format(seed=seed))
    with store(create=True) as st:
        loaded = session.new_game(st, gid, options, seed=seed, title=title)
    out.print(_("Game {id}: {name} is set up. It is now the current game.").format(id=loaded.row.id, name=_(loaded.cat.name)))
    note = registry.get(gid).setup_note(loaded.cat, options, loaded.table)
    if note:
        out.print(note)
    show_board(loaded.table, loaded.cat, loaded.row)


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
        return emit_json({"id": loaded.row.id, "version": loaded.row.version, "status": loaded.row.status,
                          "state": loaded.table.data})
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
    from companion.actions import SetValue

    ev, table, loaded = _act(lambda t, cat: SetValue.parse(t, cat, target, value))
    _report(ev, cat=loaded.cat)


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
    """Move a marker or change a count by a signed amount.

    Example: castaway move ship +1
    """
    from companion.actions import Move

    d = parse_delta(delta)
    ev, table, loaded = _act(lambda t, cat: Move.parse(t, cat, target, d))
    _report(ev, cat=loaded.cat)


def _count(n: str) -> int:
    from companion.action_base import parse_int

    v = parse_int(n, _("amount"), _("a whole number from 1"))
    if v < 1:
        raise UsageError(_("amount {n!r}: accepted: a whole number from 1").format(n=n))
    return v


@command("add", context_settings=NUMBERS)
def add_cmd(
    counter: Annotated[str, typer.Argument(help=_("A counter: hope, tentacles, planks, kite, ..."))],
    amount: Annotated[str, typer.Argument(help=_("How many."))] = "1",
    to: Annotated[Optional[str], typer.Option("--to", help=_("The seat that receives it (for pools like hope)."))] = None,
):
    """Add to a counter; for a pool such as hope, from the bag to a seat.

    Example: castaway add hope 2 --to red
    """
    from companion.actions import Move

    target = f"{to}.{counter}" if to else counter
    n = _count(amount)
    ev, table, loaded = _act(lambda t, cat: Move.parse(t, cat, target, n))
    _report(ev, cat=loaded.cat)


@command("take", context_settings=NUMBERS)
def take_cmd(
    counter: Annotated[str, typer.Argument(help=_("A counter: hope, tentacles, planks, ..."))],
    amount: Annotated[str, typer.Argument(help=_("How many."))] = "1",
    from_: Annotated[Optional[str], typer.Option("--from", help=_("The seat that gives it back (for pools like hope)."))] = None,
):
    """Take from a counter; for a pool such as hope, from a seat back to the bag.

    Example: castaway take hope 2 --from red
    """
    from companion.actions import Move

    target = f"{from_}.{counter}" if from_ else counter
    n = _count(amount)
    ev, table, loaded = _act(lambda t, cat: Move.parse(t, cat, target, -n))
    _report(ev, cat=loaded.cat)


@command("roll")
def roll_cmd(
    dice: Annotated[list[str], typer.Argument(help=_("Dice: d6, 2d6, shark, octopus, 3*white, red, ..."))],
    faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The faces you rolled at the table: 3,5; parts of a die with '/': 2/5."))] = None,
    why: Annotated[Optional[str], typer.Option("--for", help=_("What the roll is for (kept in the history)."))] = None,
):
    """Roll dice virtually, or record the faces rolled at the table.

    Example: castaway roll shark --faces 2/5
    """
    from companion.actions import Roll

    ev, table, loaded = _act(lambda t, cat: Roll.parse(cat, dice, faces, why))
    shown = "  ".join("/".join(str(f) for f in fs) for fs in ev.result["faces"])
    _report(ev, f"  →  [bold]{shown}[/]", cat=loaded.cat)


@command("next")
def next_cmd():
    """Move the round/day marker on by one.

    Example: castaway next
    """
    from companion.actions import NextRound

    ev, table, loaded = _act(NextRound())
    rt = loaded.cat.round_track
    _report(ev, f"  →  {_(loaded.cat.tracks[rt].name).lower()} {ev.result[rt]}", cat=loaded.cat)


@command("note")
def note_cmd(text: Annotated[str, typer.Argument(help=_("Free text."))]):
    """Write a note into the game's history.

    Example: castaway note "Ann joins on day 3"
    """
    from companion.actions import Note

    ev, _table, loaded = _act(Note(text))
    _report(ev, cat=loaded.cat)


@command("undo")
def undo_cmd():
    """Undo the last action, exactly.

    Example: castaway undo
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        ev, table, undone = session.undo(st, gid, CTX.if_version)
        cat = session.load(st, gid).cat
    out.print(_("[dim]#{seq}[/] undid #{seq2}: {text}").format(seq=ev.seq, seq2=undone.seq, text=esc(session.event_text(undone, cat=cat))))


@command("redo")
def redo_cmd():
    """Redo the last undone action.

    Example: castaway redo
    """
    with store() as st:
        gid = session.current_id(st, CTX.game)
        ev, table, redone = session.redo(st, gid, CTX.if_version)
        cat = session.load(st, gid).cat
    out.print(_("[dim]#{seq}[/] redid #{seq2}: {text}").format(seq=ev.seq, seq2=redone.seq, text=esc(session.event_text(redone, cat=cat))))


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
        events = st.events(gid)
        row = st.game(gid)
        cat = session.load(st, gid).cat
    unit = _(cat.tracks[cat.round_track].name).lower() if cat.round_track else _("round")
    live = set()
    node = row.head
    parents = {e.seq: e.parent for e in events if e.type == "action"}
    while node:
        live.add(node)
        node = parents.get(node, 0)
    shown = events if last == 0 else events[-last:]
    by_seq = {e.seq: e for e in events}
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
# Each game's own commands come from the game registry, after the first modules and before the heavier
# last ones (ui/games.py loads them, with the check that refuses another game's table).
COMMAND_MODULES = ("ui.cards_cmds", "ui.about_cmds", "ui.play_cmds", "ui.plays_cmds", "ui.dice_cmds")
LAST_MODULES = ("ui.print_cmds", "ui.odds_cmds", "ui.display_cmds")


def registered(name: str) -> bool:
    return any(c.name == name for c in _app.registered_commands) or any(g.name == name for g in _app.registered_groups)


def load_modules(name: str | None = None) -> None:
    """Import the command modules: all of them, or until one of them registers `name`."""
    import importlib

    from ui import games

    loaders = [*(functools.partial(importlib.import_module, m) for m in COMMAND_MODULES),
               *(functools.partial(games.load_commands, g) for g in games.registry.all_games()),
               *(functools.partial(importlib.import_module, m) for m in LAST_MODULES)]
    for load in loaders:
        if name is not None and registered(name):
            return
        load()


def __getattr__(attr: str):
    """`cli.app` (tests, tools) is the whole app, every command module loaded."""
    if attr == "app":
        load_modules()
        return _app
    raise AttributeError(attr)


GLOBAL_VALUE_OPTIONS = ("--db", "--game", "-g", "--if-version", "--lang")


def invoked_command(argv: list[str]) -> str | None:
    """The command word in argv, skipping the global options and their values."""
    skip = False
    for word in argv:
        if skip:
            skip = False
            continue
        if word in GLOBAL_VALUE_OPTIONS:
            skip = True
            continue
        if word.startswith("-"):
            continue
        return word
    return None


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
        name = invoked_command(sys.argv[1:])
        # a group declared in ui/common (print, rules) gets commands from several modules: load them all
        shared = any(g.name == name for g in _app.registered_groups)
        if name is None or shared or not registered(name):
            load_modules(None if shared else name)
        only(name)
        _app()
    except CompanionError as e:  # raised outside a command (callback)
        from ui.common import one_line

        err.print(_("error: {e}").format(e=one_line(str(e))), markup=False)
        sys.exit(e.exit_code)


if __name__ == "__main__":
    main()
