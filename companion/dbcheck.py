"""`castaway check [--repair]`: the database's integrity, each game's log, and its caches.

The log is the truth; each game's cached head state (games.state, version, head, redo, status) and its
snapshots are a cache. `check` replays every log and compares; `--repair` rebuilds the caches of every
game whose log is whole (gapless, beginning with its setup, every action replaying). A damaged log is
reported and left alone: nothing can be rebuilt from it.
"""

from __future__ import annotations

import json

from .errors import CompanionError, StoreError
from .gamerow import unpack
from .i18n import _
from .store import Store, damaged
from .table import Table


def _replay(store: Store, game_id: int):
    """(head state, timeline, every node's state) from the log alone, or a StoreError saying what is wrong."""
    from . import catalog as catmod
    from .engine import fold
    from .session import setup_table

    events = store.events(game_id)
    seqs = [e.seq for e in events]
    if seqs != list(range(1, len(seqs) + 1)):
        missing = next((i for i, s in enumerate(seqs, 1) if s != i), len(seqs) + 1)
        raise StoreError(_("its log has a gap at event {seq}").format(seq=missing))
    if not events or events[0].type != "setup" or not isinstance(events[0].action, dict):
        raise StoreError(_("its log has no setup event"))
    setup = events[0].action
    try:
        cat = catmod.load(setup["game"], (setup.get("options") or {}).get("edition") or (setup.get("state") or {}).get("edition"))
        start = setup_table(cat, setup.get("options", {}), setup.get("seed", 0), setup.get("state"))
        head, tl, states = fold(events[1:], cat, start)
    except CompanionError as e:
        raise StoreError(_("its log does not replay: {e}").format(e=e)) from None
    except Exception as e:  # a log altered outside castaway: reported, never a crash
        raise StoreError(_("its log does not replay ({kind}: {e})").format(kind=type(e).__name__, e=e)) from None
    return head, tl, states, len(events)


def _whole_but_changed(store: Store, row) -> bool:
    """A log that fails to replay only because the catalog changed since its setup: every event reads, the
    numbering has no gap, it begins with its setup, and the setup recorded other catalog data than now."""
    from .session import data_changed

    try:
        events = store.events(row.id)
    except StoreError:
        return False
    whole = [e.seq for e in events] == list(range(1, len(events) + 1)) and bool(events) and events[0].type == "setup"
    return whole and data_changed(store, row)


def _cache_problems(store: Store, game_id: int, head: Table, tl, states: dict, version: int) -> list[str]:
    (c_version, c_head, c_redo, c_state, c_status), snaps = store.cache_rows(game_id)
    problems = []
    try:
        same = isinstance(c_state, str) and Table.from_json(c_state) == head
    except (ValueError, TypeError, RecursionError):
        same = False
    if not same:
        problems.append(_("the cached state differs from the replay"))
    try:
        redo = json.loads(c_redo)
    except (ValueError, TypeError):
        redo = None
    if c_version != version or c_head != tl.head or redo != tl.redo:
        problems.append(_("the cached version, head or redo differ from the log"))
    if c_status != ("over" if head.data.get("over") else "active"):
        problems.append(_("the cached status differs"))
    bad = []
    for node, blob in snaps.items():
        try:
            if node not in states or unpack(blob) != states[node]:
                bad.append(node)
        except Exception:  # zlib, JSON or shape: a damaged snapshot
            bad.append(node)
    if bad:
        problems.append(_("snapshots damaged or different: nodes {nodes}").format(nodes=", ".join(map(str, sorted(bad)[:10]))))
    return problems


def check(store: Store, repair: bool = False) -> dict:
    """{"ok": bool, "repaired": [game ids], "lines": [...]}: every game checked; with repair, every game whose
    log is whole gets its caches rebuilt from it (one transaction per game)."""
    lines, ok, repaired = [], True, []
    try:
        integrity = store.integrity()
    except StoreError:  # SQLite stopped at a page it cannot read
        integrity = "database disk image is malformed"  # untranslated: SQLite's own words, as its check says them
    if integrity == "ok":
        lines.append(_("integrity: {result}").format(result=integrity))
    else:  # SQLite's own pages or indexes: nothing castaway rebuilds, and no write goes in
        ok, repair = False, False
        lines.append(_("integrity: DAMAGED: {e}").format(e=damaged(store.path, " ".join(integrity.split()))))

    try:
        gids = store.game_ids()
    except StoreError as e:
        return {"ok": False, "repaired": [], "lines": [*lines, _("games: cannot be read: {e}").format(e=e)]}
    for gid in gids:
        try:
            line, fine, fixed = _game(store, gid, repair)
        except StoreError as e:
            line, fine, fixed = _("game {id}: cannot be read: {e}").format(id=gid, e=e), False, False
        lines.append(line)
        ok &= fine
        if fixed:
            repaired.append(gid)
    return {"ok": bool(ok), "repaired": repaired, "lines": lines}


def _game(store: Store, gid: int, repair: bool) -> tuple[str, bool, bool]:
    """(the game's line, whether it is fine, whether its caches were rebuilt)."""
    from .session import data_changed

    try:
        head, tl, states, version = _replay(store, gid)
    except StoreError as e:
        row = store.game(gid)
        if row is not None and _whole_but_changed(store, row):
            return _("game {id}: built with other data than now: {e}; put back the deck file or override it was set up "
                     "with to replay it").format(id=gid, e=e), True, False
        return _("game {id}: DAMAGED LOG: {e}; it cannot be repaired (the log is the game)").format(id=gid, e=e), False, False
    try:
        problems = _cache_problems(store, gid, head, tl, states, version)
    except StoreError as e:
        problems = [str(e)]
    row = store.game(gid) if problems else None
    if problems and row is not None and data_changed(store, row):
        # set up with other catalog data (a deck file or an override changed): not damage, and a repair
        # would silently change the stored game, so it is left as stored
        return _("game {id}: {n} events, gapless, replay DIFFERS FROM the stored state; built with other data than now").format(id=gid, n=version), True, False
    if problems and repair:
        with store.write():
            store.rebuild_cache(gid, version, tl.head, list(tl.redo), head, states)
        return _("game {id}: {n} events, gapless; caches rebuilt from the log ({what})").format(id=gid, n=version, what="; ".join(problems)), True, True
    if problems:
        return _("game {id}: {n} events, gapless; CACHE DAMAGED: {what}; `castaway check --repair` rebuilds it").format(id=gid, n=version, what="; ".join(problems)), False, False
    return _("game {id}: {n} events, gapless, replay matches the stored state").format(id=gid, n=version), True, False
