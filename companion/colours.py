"""Seat colours in the table's words: the games whose seats are colours (Robinson Crusoe, 21 Mutinies) say
them in the log's lines with `word`; a seat named otherwise (a user's own catalog) stays as it is."""

from __future__ import annotations

from .i18n import N_, _, folded, in_every_language

WORDS = {"red": N_("red"), "yellow": N_("yellow"), "blue": N_("blue"), "green": N_("green"), "black": N_("black"),
         "orange": N_("orange"), "purple": N_("purple"), "white": N_("white")}


def word(seat) -> str:
    """A seat's colour in the current language (its id in English); any other value as it is."""
    return _(WORDS[seat]) if isinstance(seat, str) and seat in WORDS else str(seat)


def words(seats) -> str:
    """Seats joined with commas, each in the current language."""
    return ", ".join(word(s) for s in seats)


def read(text, among=tuple(WORDS)) -> str | None:
    """The colour among `among` that a typed word names: its id (red) or its word in any language castaway
    speaks, with or without accents (červená, cervena); None when it names none of them. The same whatever
    the language chosen, so an action that stored the word replays alike."""
    raw = folded(text)
    if raw in among:  # an id: no catalog to read
        return raw
    for c in among:
        if any(raw == folded(w) for w in in_every_language(WORDS.get(c, c))):
            return c
    return None
