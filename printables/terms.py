"""A game's own words on its printables: names and texts from its data files (decks/GAME), as the game prints them.

A game with an edition in the printing language (21 Days in Czech) shows them in that language, and so does a
game whose catalog castaway translated (21 Mutinies: no Czech edition, castaway's own Czech; TRANSLATED lists
them, as tools/locales.py's TRANSLATED_GAMES does); a game with neither (Robinson Crusoe, Dieson Crusoe in
Czech) keeps the English rulebook's names and texts, so that a printed piece reads as the component in the
box does, while castaway's own labels, captions and instructions are in the printing language. The credits
page says which.
"""

from __future__ import annotations

from functools import lru_cache

from companion import catalog
from companion.catalog import GameCatalog
from companion.i18n import _, language

TRANSLATED = ("21days", "mutinies")  # the games whose catalog castaway translated (names and texts in the .po)


def translated(cat: GameCatalog) -> bool:
    """Whether the game's names and texts print in the current language (English, an edition, or castaway's
    translation of its catalog)."""
    return _has_edition(cat.id, language())


@lru_cache(maxsize=64)
def _has_edition(game_id: str, lang: str) -> bool:
    return lang == "en" or game_id in TRANSLATED or lang in catalog.editions(game_id)


def has_edition(cat: GameCatalog) -> bool:
    """Whether the game has an edition of its own in the current language (English is every game's)."""
    lang = language()
    return lang == "en" or lang in catalog.editions(cat.id)


def term(cat: GameCatalog, text: str | None) -> str:
    """A name or text from the game's data: translated only where the game has an edition in the language."""
    if not text:
        return text or ""
    return _(text) if translated(cat) else text
