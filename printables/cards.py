"""Cards: every deck of a catalog and its characters, fronts and backs, imposed on sheets.

A card the rulebooks do not describe (effect None) prints as a write-in template: its name, its QR
code, and ruled lines to copy the real card's text onto. Each card carries a QR code of its copy id
as DECK/CARD, which `castaway draw DECK --card ...` accepts when scanned.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable, Sequence

from reportlab.lib.units import mm

from companion.catalog import Deck, GameCatalog
from companion.games import registry

from . import fonts, icons, qr, sheet
from companion.i18n import N_, _

POKER = sheet.CARD_SIZES["poker"]
SAFE = 3.0  # text stays this far inside the trim
TINTS = {
    "red": (0.98, 0.86, 0.84), "yellow": (0.99, 0.95, 0.78), "blue": (0.85, 0.9, 0.98), "green": (0.86, 0.95, 0.86),
    "purple": (0.92, 0.87, 0.97), "grey": (0.92, 0.92, 0.92), "white": (0.97, 0.97, 0.97), "orange": (0.99, 0.9, 0.8),
    "black": (0.85, 0.85, 0.85), "brown": (0.93, 0.88, 0.82),
}
DECK_TINTS = [(0.87, 0.93, 0.97), (0.97, 0.9, 0.86), (0.9, 0.96, 0.88), (0.95, 0.9, 0.97), (0.98, 0.96, 0.85), (0.9, 0.92, 0.93)]


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    size: str = "poker"
    bleed: float = 3.0
    backs: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Face:
    """One physical card or token as it prints."""

    game: str
    group: str  # the deck's name, shown small on the front and large on the back
    group_id: str
    id: str  # the physical copy id (bottle cards: 'four-flares'; second copies: 'hope-2:2')
    name: str
    text: str | None  # None: a write-in template
    facts: tuple[str, ...] = ()  # short lines: cost, avert, copies
    note: str = ""  # where it comes from, or why it is assumed
    qr: str | None = None
    icon: str | None = None
    tint: tuple[float, float, float] = (0.92, 0.92, 0.92)
    back_tint: tuple[float, float, float] = (0.55, 0.6, 0.65)
    extra: tuple[tuple[str, str], ...] = field(default=())


def qr_payload(deck_id: str, copy_id: str) -> str:
    """Short and in the QR alphanumeric alphabet (upper case); resolve_card lower-cases it back."""
    return f"{deck_id}/{copy_id}".upper()


CLASS_WORDS = (N_("1st"), N_("2nd"), N_("3rd"))  # a survivor's class, printed on the card


def _note(entry) -> str:
    if entry.assumed:
        return _("Assumed: {assumed}").format(assumed=_(entry.assumed))
    return _("Source: {source}").format(source=entry.source) if entry.source else ""


def _darker(rgb, k=0.55):
    return tuple(max(0.0, v * k) for v in rgb)


def deck_faces(cat: GameCatalog, deck: Deck, index: int = 0) -> list[Face]:
    tint = DECK_TINTS[index % len(DECK_TINTS)]
    faces = []
    for card in deck.cards:
        facts = []
        for key, label in (("avert", N_("Avert: {n} hope")), ("hope", N_("Hope: {n}")), ("strength", N_("Strength: +{n}")),
                           ("uses", N_("Uses: {n}")), ("markers", N_("Markers: {n}")), ("places", N_("Dice: {n}")),
                           ("cost", N_("Cost: {n}")), ("points", N_("Points: {n}")), ("value", N_("Value: {n}"))):
            v = card.get(key)
            if v is not None and not isinstance(v, (dict, list)):
                facts.append(_(label).format(n=v))
        if card.get("challenges"):
            facts.append(_("Rolls: {items}").format(items="  ".join(str(x) for x in card.get("challenges"))))
        colour = card.get("colour")
        ctint = TINTS.get(str(colour), tint) if colour else tint
        icon = icons.pick(card.get("icon"), card.id, deck.id, deck.name.split()[0] if deck.name else None) or "die"
        copies = deck.all_copies()
        ids = [cid for cid in copies if cid.split(":")[0] == card.id]
        for k, cid in enumerate(ids, 1):
            f = list(facts)
            if len(ids) > 1:
                f.append(_("copy {k} of {n}").format(k=k, n=len(ids)))
            faces.append(Face(_(cat.name), _(deck.name), deck.id, cid, _(card.name), _(card.effect) if card.effect else None, tuple(f), _note(card),
                              qr_payload(deck.id, cid), icon, ctint, _darker(tint)))
    return faces


def character_faces(cat: GameCatalog) -> list[Face]:
    faces = []
    for ch in cat.characters.values():
        if ch.get("absent"):  # not in this edition's box
            continue
        facts = []
        cls = ch.get("class")
        facts.append("{role}{part}".format(role=_(ch.role), part=_(" · {cls} class").format(cls=_(cls)) if cls and cls != "crew" else _(" · crew") if cls else ""))
        if ch.cost:
            facts.append(_("Cost: {cost}").format(cost=_(ch.cost)))
        icon = "paw" if ch.get("dog") else "person"
        faces.append(Face(_(cat.name), _(registry.get(cat.id).characters_title), "character", ch.id, _(ch.name),
                          _(ch.ability), tuple(facts), _note(ch), ch.id.upper(), icon,
                          TINTS.get(ch.role, (0.92, 0.92, 0.92)), (0.35, 0.4, 0.5)))
    return faces


# -- drawing ----------------------------------------------------------------------------------


def _scale(w: float, h: float) -> float:
    return max(0.55, min(w / POKER[0], h / POKER[1], 1.6))


def draw_front(c, face: Face, w: float, h: float, bleed: float) -> None:
    k = _scale(w, h)
    c.setFillColorRGB(*face.tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    s = sheet.Box(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE)
    # header: the deck in small letters, then the name
    top = s.top
    fonts.draw_fit(c, f"{face.game} · {face.group}", s.x, top - 3.2 * k, s.w, 3.2 * k, fonts.SANS, 6 * k,
                   align="center", colour=(0.3, 0.3, 0.3))
    top -= 3.6 * k
    name_h = 7.5 * k
    fonts.draw_fit(c, face.name, s.x, top - name_h, s.w, name_h, fonts.BOLD, 12 * k, align="center", valign="middle",
                   max_lines=2)
    top -= name_h + 1
    # footer: QR code bottom-right, facts and provenance to its left
    qsize = 0.0
    if face.qr:
        qsize = max(qr.min_size(face.qr, "M"), min(s.w * 0.34, 19.0))
        qr.draw(c, face.qr, s.right - qsize, s.y, qsize, "M")
    foot_h = max(qsize, 10 * k)
    left_w = s.w - qsize - (1.5 if qsize else 0)
    y = s.y
    if face.note:
        nh = min(foot_h * 0.55, 8 * k)
        fonts.draw_fit(c, face.note, s.x, y, left_w, nh, fonts.SANS, 5 * k, colour=(0.35, 0.35, 0.35), valign="bottom",
                       min_size=3.5)
        y += nh + 0.5
    if face.facts:
        fonts.draw_fit(c, "\n".join(face.facts), s.x, y, left_w, s.y + foot_h - y, fonts.BOLD, 7 * k, valign="bottom",
                       min_size=3.5)
    # icon and text panel between header and footer
    area_top, area_bottom = top, s.y + foot_h + 1.5
    icon_size = min(14 * k, (area_top - area_bottom) * 0.3)
    if face.icon and icon_size > 4:
        icons.draw(c, face.icon, s.x + s.w / 2, area_top - icon_size / 2, icon_size)
        area_top -= icon_size + 1.5
    panel = sheet.Box(s.x, area_bottom, s.w, area_top - area_bottom)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(panel.x * mm, panel.y * mm, panel.w * mm, panel.h * mm, 1.5 * mm, stroke=0, fill=1)
    inner = panel.inset(1.5)
    if face.text:
        fonts.draw_fit(c, face.text, inner.x, inner.y, inner.w, inner.h, fonts.SANS, 9.5 * k, valign="middle")
    else:
        hint = _("Not described in the rulebooks: copy your card's text here.")
        f = fonts.draw_fit(c, hint, inner.x, inner.top - 6 * k, inner.w, 6 * k, fonts.SANS, 6 * k,
                           colour=(0.45, 0.45, 0.45), align="center")
        c.setStrokeColorRGB(0.7, 0.7, 0.7)
        c.setLineWidth(0.3)
        yy = inner.top - max(f.height, 3) - 5 * k
        while yy > inner.y + 1:
            c.line(inner.x * mm, yy * mm, inner.right * mm, yy * mm)
            yy -= 5.5 * k
    sheet.cut_outline(c, w, h)


def draw_back(c, face: Face, w: float, h: float, bleed: float) -> None:
    k = _scale(w, h)
    c.setFillColorRGB(*face.back_tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    s = sheet.Box(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.8)
    c.roundRect((s.x + 1) * mm, (s.y + 1) * mm, (s.w - 2) * mm, (s.h - 2) * mm, 3 * mm, stroke=1, fill=0)
    size = min(s.w, s.h) * 0.42
    c.setFillColorRGB(1, 1, 1)
    c.circle((s.x + s.w / 2) * mm, (s.y + s.h / 2 + size * 0.15) * mm, size * 0.62 * mm, stroke=0, fill=1)
    icons.draw(c, face.icon or "die", s.x + s.w / 2, s.y + s.h / 2 + size * 0.15, size * 0.8)
    fonts.draw_fit(c, face.group, s.x + 3, s.y + 4, s.w - 6, 10 * k, fonts.BOLD, 11 * k, align="center",
                   valign="middle", colour=(1, 1, 1), max_lines=2)
    fonts.draw_fit(c, face.game, s.x + 3, s.top - 10 * k, s.w - 6, 6 * k, fonts.SANS, 8 * k, align="center",
                   valign="middle", colour=(1, 1, 1))
    sheet.cut_outline(c, w, h)


def render(faces: Sequence[Face], opts: Options, title: str, item: tuple[float, float] | None = None,
           on_page: Callable[[], None] | None = None) -> bytes:
    """Fronts (and backs) of the faces imposed on the paper; the PDF's bytes."""
    w, h = item or sheet.card_size(opts.size)
    lay = sheet.layout(opts.paper, w, h, opts.bleed, opts.backs, opts.offset)
    buf = io.BytesIO()
    c = sheet.new_canvas(buf, opts.paper, title)
    size_name = opts.size if item is None else f"{w:g}x{h:g} mm"
    backs = {"none": _("no backs"), "long": _("backs: duplex, flip on long edge"), "short": _("backs: duplex, flip on short edge"),
             "gutterfold": _("backs: gutterfold (fold on the dashed line)")}[opts.backs]

    def caption(n: int, total: int) -> str:
        return _("{title} · sheet {n} of {total} · {paper} · {size_name} ({w:g}×{h:g} mm) · {backs}").format(title=title, n=n, total=total, paper=opts.paper.upper(), size_name=size_name, w=w, h=h, backs=backs)

    sheet.impose(c, lay, list(faces), lambda cv, f: draw_front(cv, f, w, h, opts.bleed),
                 lambda cv, f: draw_back(cv, f, w, h, opts.bleed), caption, on_page)
    c.save()
    return buf.getvalue()


def layout_for(opts: Options, item: tuple[float, float] | None = None) -> sheet.Layout:
    w, h = item or sheet.card_size(opts.size)
    return sheet.layout(opts.paper, w, h, opts.bleed, opts.backs, opts.offset)


def all_faces(cat: GameCatalog, token_decks: bool = False) -> list[Face]:
    """Every card of every deck (tokens excluded unless asked), then the characters."""
    faces: list[Face] = []
    for i, deck in enumerate(cat.decks.values()):
        if is_token_deck(deck) == token_decks:
            faces.extend(deck_faces(cat, deck, i))
    return faces


def is_token_deck(deck: Deck) -> bool:
    return "token" in deck.name.lower() or "token" in deck.id
