"""The kit: every printable of a game, as a plan of (file name, what, builder) for the CLI to run.

Builders are pure: they take a page callback (for a progress bar) and return the PDF's bytes, or
None when the game has nothing of that kind. Nothing here touches the disk.

File names carry the edition and the language of the words printed (21days-cs-a4-cards.pdf,
21days-en-a4-cards.pdf), so kits of two editions or languages share an --out folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.catalog import GameCatalog
from companion.i18n import _, language, ngettext

from . import cards, credits, dice, reference, sizes, tokens
from .terms import term


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    size: str = "poker"
    backs: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 3.0
    sticker: dict | float | None = None
    pips: bool = True
    edition: str | None = None

    def cards(self) -> cards.Options:
        return cards.Options(self.paper, self.size, self.bleed, self.backs, self.offset)

    def dice(self) -> dice.Options:
        return dice.Options(self.paper, self.pips, self.sticker)


@dataclass(frozen=True)
class Part:
    file: str
    what: str
    build: Callable[[Callable[[], None] | None], bytes | None]
    pages: int  # an estimate for the progress bar


def card_faces(cat: GameCatalog) -> list[cards.Face]:
    return cards.all_faces(cat) + cards.character_faces(cat)


def stem(cat: GameCatalog, opts: KitOptions) -> str:
    """game-edition[-language]-paper: the language only when it is not the edition's own."""
    ed = (opts.edition or "en").strip().lower()
    lang = language()
    return f"{cat.id}-{ed}{'' if lang == ed else '-' + lang}-{opts.paper}"


def plan(cat: GameCatalog, opts: KitOptions, merge: bool = True) -> list[Part]:
    """What the kit will make for this game; parts with nothing to print are left out.

    merge: the tokens and pieces are packed after the cards, in the cards file (one run of card stock, the
    leftover room of the last card sheet used); otherwise they get a tokens file of their own."""
    base = stem(cat, opts)
    parts: list[Part] = []
    faces = card_faces(cat)
    tracks = tokens.track_section(cat, opts.bleed)
    has_tokens = bool(cards.all_faces(cat, token_decks=True) or tokens.pieces(cat) or tokens.ability_tokens(cat))

    def build_cards(cb):
        extra = [tracks] if tracks else []
        extra_rules: list = []
        if merge and has_tokens:
            w, h = sizes.card_size(opts.size)
            first = len(cards.number_rules(faces, w, h)[1]) + 1
            secs, extra_rules = tokens.sections(cat, opts.cards(), start=first)
            extra += secs
        return cards.render(faces, opts.cards(), _("{name} cards").format(name=term(cat, cat.name)), on_page=cb, extra=extra,
                            extra_rules=extra_rules)

    if faces or tracks or (merge and has_tokens):
        sheets = cards.sheets_for(len(faces) + (len(tracks.items) if tracks else 0), opts.cards())
        parts.append(Part(f"{base}-cards.pdf", ngettext("{n} card", "{n} cards", len(faces)).format(n=len(faces)), build_cards,
                          sheets * (2 if opts.backs in ("long", "short") else 1)))
    if any(all(p.faces for p in d.parts) for d in cat.dice.values()):
        parts.append(Part(f"{base}-dice.pdf", _("dice stickers"), lambda cb: dice.render(cat, opts.dice(), cb), 2))
    if has_tokens and not merge:
        parts.append(Part(f"{base}-tokens.pdf", _("tokens"), lambda cb: tokens.render(cat, opts.cards(), cb), 4))
    if getattr(cat, "reference", ()):
        parts.append(Part(f"{base}-reference.pdf", _("reference aids"), lambda cb: reference.render(cat, opts.paper, cb), 2))
    parts.append(Part(f"{base}-credits.pdf", _("credits"), lambda cb: credits.render(cat, opts.paper, cb), 1))
    return parts
