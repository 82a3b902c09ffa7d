"""The library API the CLI calls: open the store, start games, apply actions, undo and redo.

Each writing function is one transaction: it reads the game, computes the new state with the pure
engine, and appends one event. If anything fails, nothing is written.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from . import catalog as catmod
from .catalog import GameCatalog
from .errors import CompanionError, RuleError, StaleError, StoreError, UsageError
from .events import Event, live_path
from .eventtext import event_text, stored_text
from .gamerow import GameRow
from .games import registry
from .i18n import _
from .setuptable import setup_table
from .store import Store, default_path, now
from .table import Table


class Loaded:
    """A game as read from the store: its row, its catalog and its head state."""

    __slots__ = ("row", "cat", "table")

    def __init__(self, row: GameRow, cat: GameCatalog, table: Table):
        self.row, self.cat, self.table = row, cat, table


def open_store(path: str | os.PathLike | None = None, create: bool = False) -> Store:
    return Store(Path(path) if path else default_path(), create=create)



def new_game(store: Store, game: str, options: dict | None = None, seed: int | None = None, title: str = "") -> Loaded:
    gid_name = catmod.resolve_game(game)
    options = dict(options or {})
    cat = catmod.load(gid_name, options.get("edition"))
    from . import i18n

    i18n.prefer(options.get("edition"))
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:  # as a stored state's rng is checked
        raise UsageError(_("--seed {seed}: accepted: 0 .. 2**63-1").format(seed=seed))
    table = setup_table(cat, options, seed)
    setup = {"game": cat.id, "options": options, "seed": seed, **built_with(cat.id, options.get("edition"))}
    with store.write():
        gid = store.create_game(cat.id, table.data.get("edition", ""), title, setup, table)
        store.set_setting("current", str(gid))
        row = _row(store, gid)
    return Loaded(row, cat, table)


def new_game_from_state(store: Store, table: Table, title: str = "") -> Loaded:
    """Start a game whose setup is a whole table state (e.g. one restored from a save sheet)."""
    cat = catmod.load(catmod.resolve_game(table.game), table.data.get("edition"))
    setup = {"game": cat.id, "state": table.data, **built_with(cat.id, table.data.get("edition"))}
    with store.write():
        gid = store.create_game(cat.id, table.data.get("edition", ""), title, setup, table)
        store.set_setting("current", str(gid))
        row = _row(store, gid)
    return Loaded(row, cat, table)


def built_with(game: str, edition: str | None) -> dict:
    """What a setup event records of the code and data it was built with: castaway's version and the
    digest of the game's catalog, the user's overrides included."""
    return {"castaway": _version(), "catalog": catmod.digest(game, edition)}


@functools.cache
def _version() -> str:
    """castaway's installed version, read once a process (importlib.metadata scans every installed package)."""
    from importlib import metadata

    try:
        return metadata.version("castaway")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def data_changed(store: Store, row: GameRow) -> bool:
    """Whether the game was set up with other catalog data than now (a deck file or a user's override
    changed since): its replay may then differ. Games stored before the digest was recorded: False."""
    setup = store.event(row.id, 1)
    recorded = (setup.action or {}).get("catalog") if setup is not None else None
    return bool(recorded) and recorded != catmod.digest(row.game, row.edition)


# Called with a one-line warning when a game's catalog data changed since its setup (the terminal
# shows it on stderr); once per game and process.
warn = None
_warned: set[tuple[str, int]] = set()  # (database, game id)


def current_id(store: Store, explicit: int | None = None) -> int:
    if explicit is not None:
        if store.game(explicit) is None:
            known = ", ".join(str(g.id) for g in store.games()) or _("none yet")
            raise UsageError(_("no game {explicit}; games: {known}").format(explicit=explicit, known=known))
        return explicit
    cur = store.setting("current")
    if cur and cur.isdecimal() and store.game(int(cur)):
        return int(cur)
    latest = store.latest_active()
    if latest is None:
        raise UsageError(_("no game yet; start one with: castaway new 21days"))
    return latest


def _catalog(store: Store, row: GameRow) -> GameCatalog:
    """The game's catalog; a game of the Czech edition speaks Czech unless --lang or the environment chose."""
    from . import i18n

    i18n.prefer(row.edition)
    cat = catmod.load(row.game, row.edition)
    if warn is not None and (str(store.path), row.id) not in _warned:
        _warned.add((str(store.path), row.id))
        if data_changed(store, row):
            warn(_("game {id} was set up with other catalog data than now (a deck file or your override changed): "
                   "castaway check tells whether it replays the same").format(id=row.id))
    return cat


def load(store: Store, game_id: int) -> Loaded:
    row = store.game(game_id)
    if row is None:
        raise UsageError(_("no game {game_id}").format(game_id=game_id))
    cat = _catalog(store, row)
    return Loaded(row, cat, cached_state(store, row, light=True))


_CHECKED: dict[tuple[str, int, str], int] = {}  # (database, game id, what) -> the version found whole


def cached_state(store: Store, row: GameRow, light: bool = False) -> Table:
    """The game's cached head state, checked field by field (as a save code is) before anything reads it:
    a cache altered outside castaway is refused with what to do, never a crash in the rules or the board.
    `light` (a reading command, which loads no rules): every part of the setup's own state is there, of its kind."""
    table = row.state
    key = (str(store.path), row.id, "state")
    if _CHECKED.get(key) == row.version:
        return table
    from . import savestate

    try:
        if light:
            start = store.snapshot(row.id, 0)
            if start is not None:
                savestate.same_shape(table.data, start.data, "state")
            return table
        savestate.check(table.copy().data, follow=False)
    except CompanionError as e:
        raise StoreError(_("game {id}: its cached state is damaged ({e}); `castaway check --repair` rebuilds it from the log")
                         .format(id=row.id, e=str(e).split(": ", 1)[-1])) from None
    _CHECKED[key] = row.version
    return table


def _log_replays(store: Store, row: GameRow, lock_held: bool = True) -> None:
    """A game whose log does not replay takes no new event (asked once per version and process; the event this
    command appends is replayed as it is made). A game set up with other catalog data than now is not damaged:
    its log may not replay with today's data, and it goes on as stored. Asked before the lock (`lock_held`
    False, by _prepare), the log found whole is marked so (store.mark_log_whole) only once the lock is held."""
    key = (str(store.path), row.id, "log")
    if _CHECKED.get(key) == row.version:
        return
    found = (str(store.path), row.id, "log-found")
    if _CHECKED.get(found) == row.version:  # found whole before the lock, on this very row
        mark = _UNMARKED.pop(found, None)
        if lock_held:
            if mark is not None:
                store.mark_log_whole(row.id, *mark)
            _CHECKED[key] = row.version + 1
        elif mark is not None:
            _UNMARKED[found] = mark
        return
    marked = store.log_whole(row.id)
    if marked is not None and marked[0] == row.version and store.log_as_left(row.id, row.version):  # as the write that marked it left it
        mark = None
    elif marked is not None and marked == (row.version, store.log_checksum(row.id)):  # found whole before, and no row changed since
        mark = None
    else:
        try:
            replay(store, row.id)
        except Exception as e:  # a log altered outside castaway fails in any way: reported, never a crash
            if not data_changed(store, row):
                why = str(e) if isinstance(e, CompanionError) else f"{type(e).__name__}: {e}"
                raise StoreError(_("game {id}: its log does not replay ({why}); nothing was written; `castaway check` tells more")
                                 .format(id=row.id, why=why)) from None
            mark = None
        else:
            mark = (row.version, store.log_checksum(row.id))
    if lock_held:
        if mark is not None:
            store.mark_log_whole(row.id, *mark)
        _CHECKED[key] = row.version + 1
    else:
        _CHECKED[found] = row.version
        if mark is not None:
            _UNMARKED[found] = mark


_UNMARKED: dict[tuple[str, int, str], tuple[int, int]] = {}  # a log found whole before the lock: its mark, to write under it


def use(store: Store, game_id: int) -> GameRow:
    current_id(store, game_id)
    with store.write():
        store.set_setting("current", str(game_id))
    return _row(store, game_id)


def _row(store: Store, game_id: int) -> GameRow:
    """The game's row; refused as no game if there is none (another terminal may have deleted it)."""
    row = store.game(game_id)
    if row is None:
        raise UsageError(_("no game {game_id}").format(game_id=game_id))
    return row


def _head(store: Store, game_id: int, expect: int | None, ready: "_Ready | None" = None) -> GameRow:
    """The game's row inside a write transaction, refused if another terminal wrote since `expect`. `ready`:
    the row as _prepare read and checked it before the lock; a row that is no longer byte for byte the same
    is checked again here."""
    row = _row(store, game_id)
    _check_version(store, row, expect)
    if ready is not None and ready.row is not None and _row_bytes(ready.row) == _row_bytes(row):
        if ready.refused is not None:  # this very row was refused before the lock: refused again, not asked again
            raise ready.refused
    elif ready is not None:  # another process wrote since: asked again
        for what in ("state", "log", "log-found"):
            _CHECKED.pop((str(store.path), row.id, what), None)
        _UNMARKED.pop((str(store.path), row.id, "log-found"), None)
        store.forget_as_left()
    if _CHECKED.get((str(store.path), row.id, "state")) != row.version:
        cached_state(store, row)
    _log_replays(store, row)
    return row


def _row_bytes(row: GameRow) -> tuple:
    return row.game, row.edition, row.version, row.head, row._redo, row.state_json


class _Ready:
    """A game's row as _prepare read it before the write lock, and the refusal its checks met (None: none)."""

    __slots__ = ("row", "refused")

    def __init__(self, row: GameRow | None, refused: CompanionError | None = None):
        self.row, self.refused = row, refused


def _prepare(store: Store, game_id: int) -> _Ready:
    """What a write needs that can be done before it takes the write lock (store.write), so that the lock is
    held for the write alone: every module a write imports (the game's rules and actions, the engine, the
    play log's records for a game that ends), the game's row read, its cached state checked and its log found
    whole (as _head asks, which then takes this row if it is still byte for byte the same), its catalog read.
    A refusal is met again by _head, under the lock, in its order (after --if-version's)."""
    from . import actions, engine, guide, plays, playtimes  # noqa: F401

    try:
        row = store.game(game_id)
    except CompanionError:
        return _Ready(None)
    if row is None:
        return _Ready(None)
    try:
        registry.get(row.game).prepare()
        cached_state(store, row)
        _log_replays(store, row, lock_held=False)
    except CompanionError as e:
        return _Ready(row, e)
    try:
        _catalog(store, row)
    except CompanionError:
        pass  # met again where the write reads it
    return _Ready(row)


def _check_version(store: Store, row: GameRow, expect: int | None) -> None:
    if expect is None or row.version == expect:
        return
    if expect > row.version:
        raise UsageError(_("--if-version {expect}: game {id} is only at version {version}").format(expect=expect, id=row.id, version=row.version))
    since = store.events(row.id, expect)
    cat = _catalog(store, row)
    what = "; ".join(f"#{e.seq} {event_text(e, since, cat)}" for e in since[:5]) + (" ..." if len(since) > 5 else "")
    raise StaleError(
        _("game {id} changed since you read it at version {expect} (now {version}: {what}); nothing was applied: look at castaway status and try again").format(id=row.id, expect=expect, version=row.version, what=what)
    )


def _stamp(table: Table, cat: GameCatalog) -> tuple[int | None, str | None]:
    day = table.data["tracks"].get(cat.round_track) if cat.round_track else None
    return day, registry.get(cat.id).phase(table, cat)


def check_flow(table: Table, action, cat: GameCatalog) -> None:
    """A new action must fit where the game stands (its Game.check); a stored log is replayed without it."""
    if not table.data.get("over"):
        registry.get(cat.id).check(table, action, cat)


def act(store: Store, game_id: int, action, expect: int | None = None) -> tuple[Event, Table]:
    """Apply one action to the game's head and record it. `action` is an Action, or a function that parses
    what the table typed into one against the head (action_base.Intent), called inside this transaction."""
    ready = _prepare(store, game_id)
    with store.write():
        return _act(store, game_id, _head(store, game_id, expect, ready), action)


def current_step(table: Table, cat: GameCatalog):
    """The guided game's step at this table (None: the game is over, or has no guided mode)."""
    game = registry.get(cat.id)
    if not game.guided or table.data.get("over"):
        return None
    return game.next_step(table, cat)


def question(loaded: Loaded) -> str | None:
    """The id of the guided question the table is at (guide.question_id), None when there is none."""
    from .guide import question_id

    return question_id(loaded.row.version, current_step(loaded.table, loaded.cat))


def answer(store: Store, game_id: int, asked: str, typed: str | None) -> tuple[Event, Table]:
    """The answer to the guided question `asked` (its guide.question_id), in one transaction: the question is
    checked to be the table's current one, then the answer read and recorded. An answer to a question that is
    no longer current is refused (StaleError), never applied to another; nothing is written."""
    from .guide import question_id

    ready = _prepare(store, game_id)
    with store.write():
        row = _head(store, game_id, None, ready)
        cat = _catalog(store, row)
        step = current_step(row.state, cat)
        now_id = question_id(row.version, step)
        if step is None or asked != now_id:
            raise StaleError(_("the answer was for question {asked}, and the table is now at {now}; nothing was applied")
                             .format(asked=asked, now=now_id or _("no question")))
        return _act(store, game_id, row, step.make(step.ask.parse(typed)))


def replace(store: Store, game_id: int, action, expect: int) -> tuple[Event, Table]:
    """Take back the head action and record `action` in its place, in one transaction held to version
    `expect` (the table's own choice where castaway suggested one: who gets the fish). If `action` is
    refused, nothing is written: the head action stands."""
    ready = _prepare(store, game_id)
    with store.write():
        _undo(store, game_id, _head(store, game_id, expect, ready))
        return _act(store, game_id, _head(store, game_id, None), action)


def _act(store: Store, game_id: int, row: GameRow, action) -> tuple[Event, Table]:
    from .action_base import Action
    from .engine import apply

    cat = _catalog(store, row)
    if not isinstance(action, Action):
        action = action(row.state, cat)
    check_flow(row.state, action, cat)
    table, result = apply(row.state, action, cat)
    day, phase = _stamp(table, cat)
    ev = Event(seq=row.version + 1, type="action", action=action.to_dict(), result=result,
               parent=row.head, head=row.version + 1, at=now(), text=stored_text(action), day=day, phase=phase)
    store.append(game_id, row.version, ev, table, redo=[], snapshot=True)
    _log_end(store, game_id, row.state, table, cat, ev.seq)
    return ev, table


def _log_end(store: Store, game_id: int, before: Table, after: Table, cat: GameCatalog, seq: int) -> int | None:
    """When an event ends the game, its play is written in the same transaction."""
    if after.data.get("over") and not before.data.get("over"):
        events = store.events(game_id)
        held = seat_players(events, seq, setup_state(store, game_id)) if any(
            e.type == "action" and str((e.action or {}).get("target") or "").endswith(".player") for e in events) else {}
        record = play_record(_row(store, game_id), after, cat, [e.at for e in events], held)
        record["event"] = seq
        return store.add_play(game_id, cat.id, record)
    return None


def state_at(store: Store, game_id: int, node: int, cat: GameCatalog) -> Table:
    """The state at a node: its snapshot, or rebuilt from the nearest snapshot on its path."""
    from .actions import from_dict
    from .engine import apply

    snap = store.snapshot(game_id, node)
    if snap is not None:
        return snap
    path: list[dict] = []  # the actions from the node back to a snapshot
    cur = node
    while cur != 0:
        ev = store.event(game_id, cur)
        if ev is None or ev.type != "action" or not isinstance(ev.action, dict) or not isinstance(ev.parent, int) or not 0 <= ev.parent < cur:
            raise StoreError(_("game {game_id}: node {node} cannot be rebuilt (event {cur} missing)").format(game_id=game_id, node=node, cur=cur))
        path.append(ev.action)
        cur = ev.parent
        snap = store.snapshot(game_id, cur)
        if snap is not None:
            break
    table = snap if snap is not None else setup_state(store, game_id)
    for action in reversed(path):
        table, _res = apply(table, from_dict(action), cat)
    return table


def undo(store: Store, game_id: int, expect: int | None = None) -> tuple[Event, Table, Event]:
    """Step back one action; returns the undo event, the restored state and the action undone."""
    ready = _prepare(store, game_id)
    with store.write():
        return _undo(store, game_id, _head(store, game_id, expect, ready))


def _undo(store: Store, game_id: int, row: GameRow) -> tuple[Event, Table, Event]:
    if row.head == 0:
        raise RuleError(_("nothing to undo: the game is at its setup"))
    cat = _catalog(store, row)
    undone = store.event(game_id, row.head)
    if undone is None or not isinstance(undone.parent, int):
        raise StoreError(_("game {game_id}: node {node} cannot be rebuilt (event {cur} missing)").format(game_id=game_id, node=row.head, cur=row.head))
    table = state_at(store, game_id, undone.parent, cat)
    day, phase = _stamp(table, cat)
    ev = Event(seq=row.version + 1, type="undo", action=None, result={"undid": row.head}, parent=None,
               head=undone.parent, at=now(), text=f"undo #{row.head} {undone.text}", day=day, phase=phase)
    store.append(game_id, row.version, ev, table, redo=[*row.redo, row.head], snapshot=False)
    if row.state.data.get("over") and not table.data.get("over"):
        store.delete_plays_of_event(game_id, row.head)
    return ev, table, undone


def redo(store: Store, game_id: int, expect: int | None = None) -> tuple[Event, Table, Event]:
    ready = _prepare(store, game_id)
    with store.write():
        return _redo(store, game_id, _head(store, game_id, expect, ready))


def undo_to(store: Store, game_id: int, node: int, expect: int | None = None) -> tuple[Event, Table, list[Event]]:
    """Undo back to event `node` of the live path (the setup event: back to the setup), in one transaction
    held to version `expect`: the table is as it was right after that event. Returns the last undo event,
    the restored state and the actions taken back, the latest first."""
    ready = _prepare(store, game_id)
    with store.write():
        row = _head(store, game_id, expect, ready)
        target = _live_node(store, game_id, row, node)
        if target == row.head:
            raise RuleError(_("nothing to undo: the game is at #{node} already").format(node=node))
        undone: list[Event] = []
        while True:
            ev, table, one = _undo(store, game_id, row)
            undone.append(one)
            if ev.head == target:
                return ev, table, undone
            row = _row(store, game_id)


def redo_to(store: Store, game_id: int, node: int, expect: int | None = None) -> tuple[Event, Table, list[Event]]:
    """Redo up to the undone action `node` (one the redo list holds), in one transaction held to `expect`.
    Returns the last redo event, the state and the actions redone, in order."""
    ready = _prepare(store, game_id)
    with store.write():
        row = _head(store, game_id, expect, ready)
        if node not in row.redo:
            held = ", ".join(f"#{n}" for n in reversed(row.redo)) or _("none")
            raise RuleError(_("#{node} is not an undone action that can be redone; can be redone: {held}").format(node=node, held=held))
        redone: list[Event] = []
        while True:
            ev, table, one = _redo(store, game_id, row)
            redone.append(one)
            if ev.head == node:
                return ev, table, redone
            row = _row(store, game_id)


def _live_node(store: Store, game_id: int, row: GameRow, node: int) -> int:
    """The head an undo back to event `node` leaves: the node itself (an action on the live path) or 0 (the
    setup event); else refused, naming what is accepted."""
    first = store.event(game_id, 1)
    if node == 1 and first is not None and first.type == "setup":
        return 0
    if node in store.live_path(game_id, row.head):
        return node
    raise RuleError(_("#{node} is not an action on the game's live path (undone, an undo or redo, or no such event); "
                      "`castaway history` lists them").format(node=node))


def _redo(store: Store, game_id: int, row: GameRow) -> tuple[Event, Table, Event]:
    if not row.redo:
        raise RuleError(_("nothing to redo: no undo since the last action"))
    cat = _catalog(store, row)
    node = row.redo[-1]
    redone = store.event(game_id, node)
    if redone is None:
        raise StoreError(_("game {game_id}: node {node} cannot be rebuilt (event {cur} missing)").format(game_id=game_id, node=node, cur=node))
    table = state_at(store, game_id, node, cat)
    day, phase = _stamp(table, cat)
    ev = Event(seq=row.version + 1, type="redo", action=None, result={"redid": node}, parent=None,
               head=node, at=now(), text=f"redo #{node} {redone.text}", day=day, phase=phase)
    store.append(game_id, row.version, ev, table, redo=row.redo[:-1], snapshot=False)
    _log_end(store, game_id, row.state, table, cat, node)
    return ev, table, redone


def setup_state(store: Store, game_id: int) -> Table:
    """The state right after setup, rebuilt from the game's first event (its snapshot is only a cache)."""
    first = store.event(game_id, 1)
    setup = first.action if first is not None and first.type == "setup" else None
    if not isinstance(setup, dict) or not isinstance(setup.get("game"), str):
        raise StoreError(_("game {game_id} has no setup event").format(game_id=game_id))
    cat = catmod.load(setup["game"], (setup.get("options") or {}).get("edition") or (setup.get("state") or {}).get("edition"))
    return setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))


def replay(store: Store, game_id: int) -> Table:
    """Rebuild the head state from the log alone, ignoring every cache."""
    from .engine import fold

    events = store.events(game_id)
    if not events or events[0].type != "setup":
        raise StoreError(_("game {game_id} has no setup event").format(game_id=game_id))
    setup = events[0].action
    if not isinstance(setup, dict):
        raise StoreError(_("game {game_id} has no setup event").format(game_id=game_id))
    cat = catmod.load(setup["game"], (setup.get("options") or {}).get("edition") or (setup.get("state") or {}).get("edition"))
    start = setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))
    table, _tl, _states = fold(events[1:], cat, start)
    return table


def seat_players(events: list[Event], head: int, setup: Table) -> dict[str, list[str]]:
    """Everyone who held each seat, in order, on the game's live path up to `head`: the player it was set up
    with, then each name `set SEAT.player` gave it (a player who left mid-game and handed the seat on)."""
    by_seq = {e.seq: e for e in events if e.type == "action"}
    path = [by_seq[n] for n in live_path({n: e.parent for n, e in by_seq.items()}, head)]
    held = {seat: [setup.data["seat"][seat].get("player") or ""] for seat in setup.seats}
    for ev in reversed(path):
        a = ev.action or {}
        target = str(a.get("target") or "")
        if a.get("kind") == "set" and target.endswith(".player"):
            seat = target.split(".", 1)[0]
            held.setdefault(seat, []).append(str(a.get("value") or ""))
    return held


def play_record(row: GameRow, table: Table, cat: GameCatalog, stamps: list[str] | None = None,
                held: dict[str, list[str]] | None = None) -> dict:
    """What a finished game tells the play log (see companion/plays.py for the fields).

    `stamps` are the times of the game's events: the play's duration is the time between them,
    leaving out breaks longer than half an hour. `held` (seat_players): the names each seat's player was set
    to during the game; whoever held a seat before its last player is in the play too ("left": True)."""
    from . import plays as pl
    from .playtimes import active_minutes

    d = table.data
    players = []
    order = registry.get(cat.id).start_order(table)
    starting = d["options"].get("starting") or (order[0] if order else None)
    held = held or {}
    for seat in order:
        vals = d["seat"][seat]
        role = vals.get("survivor") or vals.get("character") or ""
        spec = cat.seats.get(seat)
        entry = {
            "seat": seat,
            "colour": (spec.colour if spec else None) or "",
            "role": cat.characters[role].name if role in cat.characters else str(role),
        }
        last = vals.get("player") or ""
        before = [n for n in dict.fromkeys(held.get(seat) or []) if n and n.lower() != last.lower()]
        for i, name in enumerate(before):
            players.append({**entry, "name": name, "alive": None, "start": seat == starting and i == 0, "left": True})
        players.append({**entry, "name": last, "alive": seat not in d.get("dead", []),
                        "start": seat == starting and not before})
    over = d.get("over") or {}
    outcome = {k: v for k, v in over.items() if k != "result"}
    outcome.update(registry.get(cat.id).outcome(table, cat))
    if cat.round_track:
        outcome.setdefault(cat.round_track, d["tracks"][cat.round_track])
    result = over.get("result", "abandoned")
    ended = now()
    expansions, variants = pl.extras(cat.id, d.get("options", {}))
    record = {
        "game": cat.id,
        "edition": d.get("edition", ""),
        "started": row.created,
        "ended": ended,
        "duration_min": active_minutes([*(stamps or [row.created]), ended]),
        "location": "",
        "result": result,
        "players": pl.settle_players(players, outcome, result, pl.info(cat.id).competitive),
        "outcome": outcome,
        "expansions": expansions,
        "variants": variants,
        "comments": "",
        "options": d.get("options", {}),
        "source": "castaway",
    }
    try:
        return pl.validate(record)
    except CompanionError:  # a game's odd outcome must never stop the game from ending
        return record


def end_game(store: Store, game_id: int, result: str, expect: int | None = None, detail: dict | None = None):
    """End the game with one event and write its play, in one transaction."""
    from .actions import EndGame
    from .engine import apply

    ready = _prepare(store, game_id)
    with store.write():
        row = _head(store, game_id, expect, ready)
        cat = _catalog(store, row)
        action = EndGame(result, detail or {})
        table, res = apply(row.state, action, cat)
        day, phase = _stamp(table, cat)
        ev = Event(seq=row.version + 1, type="action", action=action.to_dict(), result=res,
                   parent=row.head, head=row.version + 1, at=now(), text=stored_text(action), day=day, phase=phase)
        store.append(game_id, row.version, ev, table, redo=[], snapshot=True)
        play_id = _log_end(store, game_id, row.state, table, cat, ev.seq)
    return ev, table, play_id
