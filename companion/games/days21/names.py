"""21 Days: the words for components that the state keys by id (ability tokens, special hope tokens, locations, seat colours).
Light on purpose: the board imports it, and `castaway status` loads only the core."""

from __future__ import annotations

from ...i18n import N_, _, in_every_language

COLOURS = ("red", "yellow", "blue", "green")

TOKEN = {"hope21": N_("3 hope on day 21"), "reroll": N_("reroll a die"), "strength4": N_("4 strength to share"),
         "cancel-disaster": N_("cancel a disaster"), "swap-seats": N_("two survivors swap places"),
         "plusminus1-a": N_("special hope ±1"), "plusminus1-b": N_("special hope ±1"), "plusminus2": N_("special hope ±2")}

PLACES = {"octopus": N_("Octopus"), "flare": N_("Flare"), "jellyfish": N_("Jellyfish (dive for a suitcase, 2 hope)"),
          "receive": N_("Bottle: receive (2/4/6)"), "play": N_("Bottle: play (1/3/5)"), "swap": N_("Swap location"),
          "hope": N_("Hope"), "fishing": N_("Fishing"), "plank": N_("Plank Location card"), "kid": N_("The Kid's location (2 hope)"),
          "none": N_("no placement")}


def colour(seat: str) -> str:
    """A seat's colour as the table says it (red, or červená under Czech)."""
    return _(seat) if seat in COLOURS else seat


def seat_word(text: str) -> str | None:
    """The seat a typed colour names: its id (red) or the colour in any language castaway speaks, with or
    without accents (červená, cervena); None when it names no colour. The same whatever the language
    chosen, so an action that stored the word replays alike."""
    raw = str(text).strip().lower()
    if raw in COLOURS:
        return raw
    for c in COLOURS:
        for word in in_every_language(c):
            if raw in (word.lower(), _plain(word.lower())):
                return c
    return None


def _plain(word: str) -> str:
    from unicodedata import combining, normalize
    return "".join(ch for ch in normalize("NFKD", word) if not combining(ch))
