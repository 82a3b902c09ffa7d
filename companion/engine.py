"""Applying actions and folding a game's event log into its state: pure functions, no storage.

The log is a list of events. An action event applies to the state at `parent` (a node: the seq of
the action event that produced that state, 0 for the setup). Undo moves the head back to the
parent of the head node; redo moves it forward again. State at any node = the setup, then the
actions on the path from the root to that node: so undo is exact, and undo then roll gives the
same virtual dice (the generator's state is part of the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import actions as actmod
from .catalog import GameCatalog
from .errors import RuleError
from .events import Event
from .games import registry
from .i18n import _
from .table import Table

__all__ = ["Event", "Timeline", "apply", "fold"]


def apply(table: Table, action: actmod.Action, cat: GameCatalog) -> tuple[Table, Any]:
    """A new table with the action applied, and the action's result. The input is left as it was.
    (A new action is first checked by its game, Game.check, in session.act; replay does not check.)"""
    if table.data.get("over") and not isinstance(action, actmod.Note):
        raise RuleError(_("this game is over ({result}); start a new one with castaway new").format(result=table.data['over']['result']))
    game = registry.get(cat.id)
    t = table.copy()
    result = action.run(t, cat)
    target = _corrected_target(t, action, cat)
    if target is not None:  # what follows from a correction in the game's flow (Game.corrected)
        extra = game.corrected(t, cat, target)
        if extra:
            result = {**result, **extra} if isinstance(result, dict) else extra
    game.settle(t, cat)
    return t, result


def _corrected_target(t: Table, action: actmod.Action, cat: GameCatalog):
    """The component a correction (set, move, next) just put on the table, or None for any other action."""
    if isinstance(action, actmod.NextRound):
        return t.resolve(cat, cat.round_track) if cat.round_track else None
    return actmod.correction_target(t, action, cat)


@dataclass
class Timeline:
    """Where the game stands: the head node and the redo stack (most recent undo last)."""

    head: int = 0
    redo: list[int] = field(default_factory=list)
    parents: dict[int, int] = field(default_factory=dict)


def fold(events: list[Event], cat: GameCatalog, setup_table: Table) -> tuple[Table, Timeline, dict[int, Table]]:
    """Replay a whole log from its setup; returns the head state, the timeline and every node's state."""
    states: dict[int, Table] = {0: setup_table}
    tl = Timeline()
    for ev in events:
        if ev.type == "setup":
            continue
        if ev.type == "action":
            # session.act writes both; a log altered outside castaway fails here, and its callers report it
            assert isinstance(ev.action, dict) and isinstance(ev.parent, int), f"event {ev.seq}: an action without its action or parent"
            act = actmod.from_dict(ev.action)
            new, result = apply(states[ev.parent], act, cat)
            states[ev.seq] = new
            tl.parents[ev.seq] = ev.parent
            tl.head = ev.seq
            tl.redo = []
        elif ev.type == "undo":
            tl.redo.append(tl.head)
            tl.head = tl.parents[tl.head]
        elif ev.type == "redo":
            tl.head = tl.redo.pop()
    return states[tl.head], tl, states
