"""The one way a command records an action and says what it did.

act(action, extra) applies the action to the current game in one transaction (session.act) and prints its
line: `#seq` and the event's text in the table's language, then `extra` (what the dice showed, the card
drawn); under it the result's own words ("say"), except when the result carries warnings ("warning": a
correction the rules could not reach), which go to stderr one line each instead ("warnings": already worded
as a warning, said as they are); and once the game is over, "game over" worded once, here, with why the
game ended in its own terms (its command module's `over_why(table, cat, over)`, read only then).
"""

from __future__ import annotations

import importlib
from typing import Callable

from companion import session
from companion.events import Event
from companion.i18n import _
from ui.common import CTX, err, out, store, warn
from ui.text import esc


def act(action, extra: Callable[[Event, session.Loaded], str] | None = None):
    """Apply one action (an Action, or a builder parsing what was typed against the head) to the current game
    and say it; returns the event, the table after it and the game as loaded after it."""
    with store() as st:
        gid = session.current_id(st, CTX.game)
        ev, table = session.act(st, gid, action, CTX.if_version)
        loaded = session.load(st, gid)
    say(ev, loaded, extra(ev, loaded) if extra else "")
    return ev, table, loaded


def say(ev: Event, loaded: session.Loaded, extra: str = "") -> None:
    res = ev.result if isinstance(ev.result, dict) else {}
    out.print(f"[dim]#{ev.seq}[/] {esc(session.event_text(ev, cat=loaded.cat))}{extra}")
    warned = res.get("warning") or []
    if res.get("say") and not warned:
        out.print(f"  → {esc(str(res['say']))}")
    for line in warned:
        warn(str(line))
    for line in res.get("warnings") or []:
        err.print(str(line), markup=False, soft_wrap=True)
    over = loaded.table.data.get("over")
    if over:
        out.print(game_over(loaded, over))


def game_over(loaded: session.Loaded, over: dict) -> str:
    """The game-over line: the result in the table's words, and why, as the game says it."""
    from companion.games import registry

    result = _(str(over.get("result", "")))
    module = registry.get(loaded.cat.id).commands
    why_of = getattr(importlib.import_module(module), "over_why", None) if module else None
    why = why_of(loaded.table, loaded.cat, over) if why_of else ""
    if not why:
        return _("[bold reverse] game over: {result} [/]").format(result=result)
    return _("[bold reverse] game over: {result} [/] {reason}").format(result=result, reason=esc(why))
