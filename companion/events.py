"""Event: one entry of a game's append-only log, as the store keeps it."""

from __future__ import annotations

from typing import Any

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
