"""The credits page at the end of a kit: where each printed component comes from, and what is assumed.

Cards and tokens carry no such notes: they are for the table. Entries with the same source are
listed once, with the components that share it.
"""

from __future__ import annotations

import io
from typing import Callable

from companion.catalog import GameCatalog
from companion.i18n import _

from . import fonts, sheet
from .flow import Flow
from .terms import has_edition, term, translated


def _groups(cat: GameCatalog) -> list[tuple[str, list[str], list[tuple[str, str]]]]:
    """(group name, sources, [(component, why assumed)]) per deck, characters, dice, counters, rules."""
    out = []

    def add(name, entries):
        sources: list[str] = []
        assumed = []
        for label, e in entries:
            src = getattr(e, "source", None) if not isinstance(e, dict) else e.get("source")
            why = getattr(e, "assumed", None) if not isinstance(e, dict) else e.get("assumed")
            if src and src not in sources:
                sources.append(src)
            if why:
                assumed.append((label, term(cat, why)))
        if sources or assumed:
            out.append((name, sources, assumed))

    for deck in cat.decks.values():
        add(term(cat, deck.name), [(term(cat, deck.name), deck)] + [(term(cat, c.name), c) for c in deck.cards])
    chars = [ch for ch in cat.characters.values() if not ch.get("absent")]
    if chars:
        from companion.games import registry

        add(_(registry.get(cat.id).characters_title), [(term(cat, ch.name), ch) for ch in chars])
    if cat.dice:
        add(_("Dice"), [(term(cat, d.name), d) for d in cat.dice.values()])
    if cat.counters:
        add(_("Tokens and pieces"), [(term(cat, c.name), c) for c in cat.counters.values()])
    rules = [(k, v) for k, v in cat.rules.items() if isinstance(v, dict) and (v.get("source") or v.get("assumed"))]
    if rules:
        add(_("Rules and printed extras"), [(k, v) for k, v in rules])
    return out


def no_edition_note(cat: GameCatalog) -> str:
    """What the credits page of a kit in a language the game has no edition in says of its words."""
    if translated(cat):
        return _("{name} has no edition in this language: the names and texts printed here are castaway's own "
                 "translation of the English rulebook's, so they may differ from any translation you know.").format(name=term(cat, cat.name))
    return _("{name} has no edition in this language: the names and texts of its components, its reference sheets and "
             "the reasons for assumptions are printed as the English rulebook and castaway's data give them, so that "
             "each piece reads as the one in the box; castaway's own labels, captions and instructions are translated."
             ).format(name=term(cat, cat.name))


def render(cat: GameCatalog, paper: str = "a4", on_page: Callable[[], None] | None = None) -> bytes:
    buf = io.BytesIO()
    title = _("{name}: credits and assumptions").format(name=term(cat, cat.name))
    c = sheet.new_canvas(buf, paper, title)
    flow = Flow(c, paper, f"{title} · {paper.upper()}", on_page)
    flow.text(title, fonts.BOLD, 14, gap=1.5)
    flow.text(_("Made with castaway from the rulebooks named below, in its own words. Where a rulebook is silent, an "
                "entry is assumed: the reason follows; correct it in a TOML file of your own (see the README)."),
              fonts.SANS, 8, gap=2)
    if not has_edition(cat):
        flow.text(no_edition_note(cat), fonts.BOLD, 8, gap=2)
    for name, sources, assumed in _groups(cat):
        flow.text(name, fonts.BOLD, 9.5, gap=0.6)
        for src in sources:
            flow.text(_("Source: {source}").format(source=src), fonts.SANS, 7, indent=2, gap=0.3)
        for label, why in assumed:
            flow.text(_("Assumed, {what}: {why}").format(what=label, why=why), fonts.SANS, 7, indent=2, colour=(0.3, 0.3, 0.3), gap=0.3)
        flow.y -= 1.5
    flow.finish()
    c.save()
    return buf.getvalue()
