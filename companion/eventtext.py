"""An event's line as the table reads it, in the current language.

The log stores each action's English line (the events table's `text` column: the log's record, compared by
`castaway check` and never translated). Every printed event line goes through `event_text`: an action event
rebuilds its action from the stored fields and says it again in the current language; an undo or redo says
the line of the event it moved to. When the action cannot be rebuilt (a kind no game knows any more, fields
it no longer takes), or its English line today differs from the stored one (an older castaway wrote it),
the stored text is shown as it is. Given the game's catalog, a line names the ids it holds as printed (logbook
symbols, cards, locations: companion/lognames.py), in English too; the stored line keeps the ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .errors import CompanionError
from .events import Event
from .i18n import _, english, language
from .lognames import showing

if TYPE_CHECKING:
    from .catalog import GameCatalog


def stored_text(action) -> str:
    """The English line the log keeps for an action, whatever the language of the command."""
    with english(), showing(None):
        return action.text()


def action_text(ev: Event, cat: "GameCatalog | None" = None) -> str:
    """An action event's line in the current language, naming what it holds from `cat` (the game's catalog)
    when given; its stored text when the action cannot be rebuilt."""
    if (language() == "en" and cat is None) or not isinstance(ev.action, dict):
        return ev.text
    from .actions import from_dict

    try:
        action = from_dict(ev.action)
        if stored_text(action) != ev.text:
            return ev.text
        with showing(cat):
            return action.text()
    except (CompanionError, TypeError, ValueError, KeyError, AttributeError, IndexError):
        return ev.text


def event_text(ev: Event, events: Mapping[int, Event] | Iterable[Event] | None = None,
               cat: "GameCatalog | None" = None) -> str:
    """Any event's line in the current language. `events` (the game's events, or a map seq -> event) lets an
    undo or redo say the line of the action it moved over; without them its stored line is shown. `cat` (the
    game's catalog) lets the line name the ids it holds as printed."""
    if language() == "en" and cat is None:
        return ev.text
    if ev.type == "action":
        return action_text(ev, cat)
    if ev.type == "setup":
        game = ev.text[4:] if ev.text.startswith("new ") else None
        if game and cat is not None and game == cat.id:
            game = _(cat.name)
        return _("new {game}").format(game=game) if game else ev.text
    key = {"undo": "undid", "redo": "redid"}.get(ev.type)
    seq = ev.result.get(key) if key and isinstance(ev.result, dict) else None
    if not isinstance(seq, int):
        return ev.text
    by_seq = events if isinstance(events, Mapping) else {e.seq: e for e in events or ()}
    other = by_seq.get(seq)
    prefix = f"{ev.type} #{seq} "
    if other is not None and ev.text == prefix + other.text:
        line = action_text(other, cat)
    elif ev.text.startswith(prefix):
        line = ev.text[len(prefix):]
    else:
        return ev.text
    if ev.type == "undo":
        return _("undo #{seq} {text}").format(seq=seq, text=line)
    return _("redo #{seq} {text}").format(seq=seq, text=line)
