"""Event: one entry of a game's append-only log, as the store keeps it; live_path: the actions its head stands on."""

from __future__ import annotations

from typing import Any, Mapping

from .record import Record


class Event(Record):
    """type: setup | action | undo | redo. An action applies to the state at node `parent`; `head` is the
    node current after the event; `result` holds the faces rolled or the card drawn."""

    seq: int
    type: str
    action: dict[str, Any] | None  # setup: the setup record
    result: Any
    parent: int | None
    head: int
    at: str  # UTC ISO
    text: str
    day: int | None
    phase: str | None
    __slots__ = ("seq", "type", "action", "result", "parent", "head", "at", "text", "day", "phase")
    DEFAULTS: dict[str, Any] = {"result": None, "parent": None, "head": 0, "at": "", "text": "", "day": None, "phase": None}


def live_path(parents: Mapping[int, int | None], head: int) -> list[int]:
    """The game's live path: the action events from `head` back to the setup, head first. `parents` maps each
    action event's seq to its parent node (0: the setup). The walk stops at a node that is no action's (the
    setup, or a damaged log's missing event) and takes no more steps than there are actions (a loop a damaged
    log could hold ends it)."""
    path: list[int] = []
    node = head
    for _step in range(len(parents)):
        if node not in parents:
            break
        path.append(node)
        node = parents[node] or 0
    return path
