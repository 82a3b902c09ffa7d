"""21 Days: the words for components that the state keys by id (ability tokens, special hope tokens, locations, seat colours).
Light on purpose: the board imports it, and `castaway status` loads only the core."""

from __future__ import annotations

from ...colours import WORDS, read  # noqa: F401 (a seat's colour in the table's words)
from ...colours import word as colour
from ...i18n import N_, _
from ...lognames import character, shown

COLOURS = ("red", "yellow", "blue", "green")

TOKEN = {"hope21": N_("3 hope on day 21"), "reroll": N_("reroll a die"), "strength4": N_("4 strength to share"),
         "cancel-disaster": N_("cancel a disaster"), "swap-seats": N_("two survivors swap places"),
         "plusminus1-a": N_("special hope ±1"), "plusminus1-b": N_("special hope ±1"), "plusminus2": N_("special hope ±2")}

PLACES = {"octopus": N_("Octopus"), "flare": N_("Flare"), "jellyfish": N_("Jellyfish (dive for a suitcase, 2 hope)"),
          "receive": N_("Bottle: receive (2/4/6)"), "play": N_("Bottle: play (1/3/5)"), "swap": N_("Swap location"),
          "hope": N_("Hope"), "fishing": N_("Fishing"), "plank": N_("Plank Location card"), "kid": N_("The Kid's location (2 hope)"),
          "none": N_("no placement")}


def seat_word(text: str) -> str | None:
    """The seat a typed colour names (red, červená, cervena), or None (see colours.read)."""
    return read(text, COLOURS)


def place(loc: str) -> str:
    """A location as the log's line says it: its id in English (the log's stored record), its printed name
    in another language; its printed name in any language while the log's line is shown (lognames)."""
    name = PLACES.get(loc)
    if name and shown() is not None:
        return _(name)
    said = _(name) if name else loc
    return loc if said == name else said


def seat(who: object) -> str:
    """A seat (or a comma-separated list of seats) in the log's line: colours in the table's words; a survivor
    named by id (maya) by their printed name while the line is shown."""
    if not (who and isinstance(who, str)):
        return str(who)
    return ",".join(colour(s) if s in WORDS else character(s) for s in who.split(","))
