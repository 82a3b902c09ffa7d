"""The printed names a log line shows for the ids it holds (logbook symbols, cards, locations, spaces).

The log stores each action's English line with the ids as they are (eventtext.stored_text: the log's
record, compared by `castaway check`). A printer shows a line through eventtext.event_text with the
game's catalog, which is set here for the time of that line (`with showing(cat):`), so an action's text()
names what it holds as printed, in the table's language. With no catalog set (the stored line, or an
action said outside a printer) every helper gives the id back unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from .errors import CompanionError
from .i18n import _

if TYPE_CHECKING:
    from .catalog import GameCatalog

_SHOWN: ContextVar[Any] = ContextVar("castaway_log_catalog", default=None)


@contextmanager
def showing(cat: "GameCatalog | None"):
    """Inside, the helpers below name ids from `cat` (None: they give the ids back, as the stored line)."""
    token = _SHOWN.set(cat)
    try:
        yield
    finally:
        _SHOWN.reset(token)


def shown() -> "GameCatalog | None":
    """The catalog of the line being shown; None while a line is stored (or said outside a printer)."""
    return _SHOWN.get()


def card(deck: str, cid: Any) -> str:
    """A card as printed (in the table's language) while a line is shown; its id otherwise, or when the
    deck has no such card. A stored `id:more` keeps its `:more`."""
    cat = _SHOWN.get()
    text = "" if cid is None else str(cid)
    if cat is None or not text:
        return text
    head, colon, rest = text.partition(":")
    try:
        return _(cat.deck(deck).card(head).name) + colon + rest
    except (CompanionError, KeyError, TypeError, AttributeError):
        return text


def rule(section: str, key: Any, field: str = "name") -> str:
    """An entry of the catalog's rules named as printed (rules.SECTION.KEY.FIELD, e.g. a logbook symbol's
    name on the symbol chart) while a line is shown; the key otherwise, or when there is no such entry."""
    cat = _SHOWN.get()
    text = str(key)
    if cat is None:
        return text
    entry = (cat.rules.get(section) or {}).get(text)
    name = entry.get(field) if isinstance(entry, Mapping) else None
    return _(name) if isinstance(name, str) and name else text


def word(key: Any, names: Mapping[str, str]) -> str:
    """An id whose printed name is one of castaway's own words (`names`: id -> msgid), said in the table's
    language while a line is shown; the id otherwise, or when `names` does not hold it."""
    text = str(key)
    if _SHOWN.get() is None or text not in names:
        return text
    return _(names[text])


def character(cid: Any) -> str:
    """A character (a survivor, Robinson's characters) by the name printed on its card while a line is
    shown; its id otherwise, or when the catalog has no such character."""
    cat = _SHOWN.get()
    text = "" if cid is None else str(cid)
    if cat is None or text not in (cat.characters or {}):
        return text
    return _(cat.characters[text].name)
