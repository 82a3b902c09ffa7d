"""Cards: every deck of a catalog and its characters, fronts and backs, imposed on sheets.

A card the rulebooks do not describe (effect None) prints as a write-in template: its name, its QR code, and
ruled lines to copy the real card's text onto; so do the cards of the box the rulebook does not name
(`rules.print_templates`, by deck: the component's name and how many), in place of castaway's stand-in entry
for them (`print = false`). A character with a
life track (`life`, Robinson) or hearts (`health`, Dieson) has that track drawn on its card. Each card carries a QR code of its copy id
as DECK/CARD, which `castaway draw DECK --card ...` accepts when scanned.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Sequence

from reportlab.lib.units import mm

from companion.catalog import Deck, GameCatalog
from companion.games import registry
from companion.i18n import N_, _

from . import fonts, icons, packing, qr, sheet, sizes
from .terms import term

POKER = sizes.CARD_SIZES["poker"]
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
    note: str = ""  # where it comes from, or why it is assumed: for the credits page, never on the card
    qr: str | None = None
    icon: str | None = None
    tint: tuple[float, float, float] = (0.92, 0.92, 0.92)
    back_tint: tuple[float, float, float] = (0.55, 0.6, 0.65)
    extra: tuple[tuple[str, str], ...] = field(default=())
    back_icon: str | None = None  # the deck's emblem: the same on every back of the deck
    ref: int = 0  # the rule number on the rules page when the text does not fit on the face
    back: "Face | None" = None  # a two-sided token: the face printed on its back
    track: tuple[str, ...] = ()  # a life track's spaces, left to right, drawn above the facts
    lines: bool = False  # ruled lines under the text, to copy what the real card says


def qr_payload(deck_id: str, copy_id: str) -> str:
    """Short and in the QR alphanumeric alphabet (upper case); resolve_card lower-cases it back."""
    return f"{deck_id}/{copy_id}".upper()


CLASS_WORDS = (N_("1st"), N_("2nd"), N_("3rd"))  # a survivor's class, printed on the card
ROLE_WORDS = (N_("player"), N_("helper"), N_("character"))  # Robinson's and Dieson's roles (characters.toml), printed on the card


def _note(entry) -> str:
    if entry.assumed:
        return _("Assumed: {assumed}").format(assumed=_(entry.assumed))
    return _("Source: {source}").format(source=entry.source) if entry.source else ""


def _darker(rgb, k=0.55):
    return tuple(max(0.0, v * k) for v in rgb)


def deck_faces(cat: GameCatalog, deck: Deck, index: int = 0) -> list[Face]:
    tint = DECK_TINTS[index % len(DECK_TINTS)]
    faces = []
    copies: dict[str, list[str]] = {}
    for cid in deck.all_copies():
        copies.setdefault(cid.split(":")[0], []).append(cid)
    for card in deck.cards:
        if card.get("print") is False:  # castaway's stand-in for cards it does not know: printed as templates
            continue
        facts = []
        for key, label in (("avert", N_("Avert: {n} hope")), ("hope", N_("Hope: {n}")), ("strength", N_("Strength: +{n}")),
                           ("uses", N_("Uses: {n}")), ("markers", N_("Markers: {n}")), ("places", N_("Dice: {n}")),
                           ("cost", N_("Cost: {n}")), ("points", N_("Points: {n}")), ("value", N_("Value: {n}"))):
            v = card.get(key)
            if v is not None and not isinstance(v, (dict, list)):
                facts.append(_(label).format(n=v))
        cost = card.get("cost")
        if isinstance(cost, dict) and cost:
            facts.append(_("Cost: {items}").format(items=", ".join(f"{n} {term(cat, k)}" for k, n in cost.items())))
        if card.get("stars"):
            facts.append(_("Stars: {n}").format(n=card.get("stars")))
        if card.get("challenges"):
            facts.append(_("Rolls: {items}").format(items="  ".join(str(x) for x in card.get("challenges"))))
        colour = card.get("colour")
        ctint = TINTS.get(str(colour), tint) if colour else tint
        icon = icons.pick(card.get("icon"), card.get("type"), card.id, deck.id, deck.name.split()[0] if deck.name else None)
        ids = copies.get(card.id, [])
        for k, cid in enumerate(ids, 1):
            f = list(facts)
            if len(ids) > 1:
                f.append(_("copy {k} of {n}").format(k=k, n=len(ids)))
            faces.append(Face(term(cat, cat.name), term(cat, deck.name), deck.id, cid, term(cat, card.name), term(cat, card.effect) if card.effect else None, tuple(f), _note(card),
                              qr_payload(deck.id, cid) if card.get("qr", True) else None, icon, ctint, _darker(tint),
                              back_icon=deck_icon(deck)))
    return faces + templates(cat, deck.id, term(cat, deck.name), tint, _darker(tint), deck_icon(deck))


def templates(cat: GameCatalog, group_id: str, group: str, tint, back_tint, back_icon) -> list[Face]:
    """The write-in templates of a deck (rules.print_templates.<deck id>: the cards of the box the rulebook
    does not describe): the component's name and ruled lines, nothing else; the QR code of the deck's stand-in."""
    t = (cat.rules.get("print_templates") or {}).get(group_id)
    if not isinstance(t, dict):
        return []
    n, stand_in = int(t.get("n", 1)), t.get("card")
    qr_code = (qr_payload(group_id, stand_in) if group_id != "character" else stand_in.upper()) if stand_in else None
    note = _("Assumed: {assumed}").format(assumed=_(t["assumed"])) if t.get("assumed") else ""
    return [Face(term(cat, cat.name), group, group_id, f"template:{k}", term(cat, t["name"]), None, (), note, qr_code, None, tint, back_tint,
                 back_icon=back_icon) for k in range(1, n + 1)]


def deck_icon(deck: Deck) -> str | None:
    """The emblem of a whole deck (its backs): from the deck's id or name, never from one card."""
    return icons.pick(deck.id, *(deck.name or "").lower().split())


def character_faces(cat: GameCatalog) -> list[Face]:
    faces = []
    title = _(registry.get(cat.id).characters_title)
    for ch in cat.characters.values():
        if ch.get("absent") or ch.get("print") is False:  # not in this edition's box; a stand-in printed as templates
            continue
        facts = []
        cls = ch.get("class")
        facts.append("{role}{part}".format(role=_(ch.role), part=_(" · {cls} class").format(cls=_(cls)) if cls and cls != "crew" else _(" · crew") if cls else ""))
        if ch.cost:
            facts.append(_("Cost: {cost}").format(cost=term(cat, ch.cost)))
        icon = "dog" if ch.get("dog") else icons.pick(ch.get("icon"), ch.id) or "person"
        tint = TINTS.get(ch.role, (0.92, 0.92, 0.92))
        faces.append(Face(term(cat, cat.name), title, "character", ch.id, term(cat, ch.name),
                          term(cat, ch.ability), tuple(facts), _note(ch), ch.id.upper(), icon,
                          tint, (0.35, 0.4, 0.5), back_icon="person", track=life_track(ch),
                          lines=bool(ch.get("skills_on_card"))))
    return faces + templates(cat, "character", title, TINTS.get("character", (0.92, 0.92, 0.92)), (0.35, 0.4, 0.5), "person")


def life_track(ch) -> tuple[str, ...]:
    """Robinson's life track (the start space, then one space a wound up to `life`, the last a skull) or
    Dieson's hearts (one space a heart); none for a character without either."""
    life = ch.get("life")
    if isinstance(life, int) and life > 0:
        return ("0", *(str(i) for i in range(1, life)), "\u2020")
    health = ch.get("health")
    if isinstance(health, int) and health > 0:
        return tuple("\u2665" for _i in range(health))
    return ()


# -- drawing ----------------------------------------------------------------------------------


def _scale(w: float, h: float) -> float:
    return max(0.55, min(w / POKER[0], h / POKER[1], 1.6))


MIN_PT = fonts.MIN_SIZE  # nothing prints smaller


@dataclass(frozen=True)
class FrontPlan:
    """Where the parts of a front go (item mm), and whether its text and facts fit at MIN_PT or more."""

    header: str
    name_box: sizes.Box
    qr_box: sizes.Box | None
    facts_box: sizes.Box | None
    icon_box: sizes.Box | None
    panel: sizes.Box
    text_fits: bool
    facts_fit: bool
    track_box: sizes.Box | None = None


def _safe(w: float, h: float) -> float:
    return SAFE if min(w, h) >= 50 else 2.0


TRACK_ROOM = 24.0  # mm the panel keeps above a life track; a smaller card prints without the track
TEXT_SHARE = 0.5  # of the panel, for the text of a card that also has lines to write its other rules on
QR_SIDE_COLUMN = 11.0  # the narrowest column of words beside a QR code
QR_MODES = ("under", "beside", "side", "none")  # tried in turn; the first whose words all fit is printed
POINTERS = (N_("In full: rule {n} on the rules page."), N_("Rule {n}: rules page."), N_("Rule {n}"))


def _layout(face: Face, w: float, h: float, mode: str) -> tuple[FrontPlan, bool]:
    """The front laid out with its QR code under the name (words full width above a foot of facts and
    code), beside the panel (words in a column left of the code), at the side (name too in that column)
    or left out; and whether every word fits whole at MIN_PT or more."""
    k = _scale(w, h)
    m = _safe(w, h)
    s = sizes.Box(m, m, w - 2 * m, h - 2 * m)
    hsize = max(MIN_PT, 6 * k)
    q = 0.0
    if face.qr and mode != "none":
        q = max(qr.min_size(face.qr, "M"), min(s.w * 0.34, 19.0))
    head = s if mode != "side" else sizes.Box(s.x, s.y, s.w - q - 1.5, s.h)
    if head.w < QR_SIDE_COLUMN:
        return FrontPlan("", head, None, None, None, head, False, False), False
    header = ""
    for option in (f"{face.game} · {face.group}", face.group):
        if fonts.width(fonts.printable(option), fonts.SANS, hsize) <= head.w:
            header = option
            break
    top = head.top - (hsize * 0.42 + 0.8 if header else 0)
    name_fit = fonts.fits(face.name, fonts.BOLD, head.w, (top - s.y) * 0.5, max(MIN_PT, 12 * k), MIN_PT, max_lines=3)
    name_h = max(7.5 * k, 5.6, name_fit.height if name_fit else 0.0)
    name_box = sizes.Box(head.x, top - name_h, head.w, name_h)
    top -= name_h + 0.8
    qr_box = sizes.Box(s.right - q, s.y, q, q) if q else None
    if qr_box is not None and mode in ("under", "beside") and qr_box.top > top:
        return FrontPlan(header, name_box, None, None, None, s, False, False), False
    body = s if mode in ("under", "none") else sizes.Box(s.x, s.y, s.w - q - 1.5, s.h)
    foot_q = q if mode == "under" else 0.0
    facts_box = None
    facts_fit = True
    foot_h = foot_q
    if face.facts:
        fw = body.w - foot_q - (1.5 if foot_q else 0)
        need = fonts.fits("\n".join(face.facts), fonts.BOLD, fw, 1e6, max(MIN_PT, 7 * k), MIN_PT) if fw > 0 else None
        fh = need.height if need else 1e6
        if fh <= max(foot_q, 10 * k) or not foot_q:
            foot_h = max(foot_q, fh)
            facts_box = sizes.Box(body.x, body.y, fw, foot_h)
        facts_fit = bool(need) and facts_box is not None and foot_h < (top - body.y) * 0.45
        if not facts_fit:
            facts_box = None
            foot_h = foot_q
    area_top, area_bottom = top, body.y + foot_h + (1.2 if foot_h else 0)
    track_box = None
    track_h = max(4.2, 5.5 * k)
    if face.track and area_top - area_bottom - track_h - 1.2 >= TRACK_ROOM:  # else the card is too small for it
        track_box = sizes.Box(body.x, area_bottom, body.w, track_h)
        area_bottom += track_h + 1.2
    icon_box = None
    icon_size = min(14 * k, (area_top - area_bottom) * 0.3)
    if face.icon and icon_size > 5:
        icon_box = sizes.Box(body.x + body.w / 2 - icon_size / 2, area_top - icon_size, icon_size, icon_size)
        area_top -= icon_size + 1.2
    panel = sizes.Box(body.x, area_bottom, body.w, max(0.0, area_top - area_bottom))
    inner = panel.inset(1.2)
    text_fits = True
    if face.text:
        text_h = inner.h * (TEXT_SHARE if face.lines else 1.0)
        text_fits = inner.h > 0 and fonts.fits(face.text, fonts.SANS, inner.w, text_h, max(MIN_PT, 9.5 * k), MIN_PT) is not None
    plan = FrontPlan(header, name_box, qr_box, facts_box, icon_box, panel, text_fits, facts_fit, track_box)
    words = name_fit is not None
    if face.text and not text_fits or not facts_fit:
        words = words and inner.h > 0 and pointer(plan, face.ref or 99, k) is not None
    elif face.text is None and not face.facts:  # a write-in template keeps room to write on
        words = words and inner.h >= 8
    return plan, words


def pointer(p: FrontPlan, n: int, k: float) -> str | None:
    """The longest pointer to the rules page that fits in the panel, or None."""
    inner = p.panel.inset(1.2)
    for hint in POINTERS:
        hint = _(hint).format(n=n)
        if fonts.fits(hint, fonts.BOLD, inner.w, inner.h, max(MIN_PT, 8 * k), MIN_PT):
            return hint
    return None


@lru_cache(maxsize=4096)
def plan_front(face: Face, w: float, h: float) -> FrontPlan:
    """The first layout (QR_MODES) whose words fit; a card too small for any prints without its QR code."""
    for mode in QR_MODES if face.qr else ("none",):
        plan, ok = _layout(face, w, h, mode)
        if ok:
            return plan
    return plan


def draw_front(c, face: Face, w: float, h: float, bleed: float) -> None:
    k = _scale(w, h)
    p = plan_front(face, w, h)
    c.setFillColorRGB(*face.tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    m = _safe(w, h)
    if p.header:
        fonts.draw_fit(c, p.header, p.name_box.x, h - m - max(MIN_PT, 6 * k) * 0.42, p.name_box.w, max(MIN_PT, 6 * k) * 0.42, fonts.SANS,
                       max(MIN_PT, 6 * k), align="center", colour=(0.3, 0.3, 0.3), max_lines=1)
    nb = p.name_box
    fonts.draw_fit(c, face.name, nb.x, nb.y, nb.w, nb.h, fonts.BOLD, max(MIN_PT, 12 * k), align="center", valign="middle",
                   max_lines=3)
    if p.qr_box:
        assert face.qr  # a front has a QR box only for a face with a code (_layout)
        qr.draw(c, face.qr, p.qr_box.x, p.qr_box.y, p.qr_box.w, "M")
    if p.facts_box:
        fb = p.facts_box
        fonts.draw_fit(c, "\n".join(face.facts), fb.x, fb.y, fb.w, fb.h, fonts.BOLD, max(MIN_PT, 7 * k), valign="bottom")
    if p.icon_box:
        ib = p.icon_box
        icons.draw(c, face.icon, ib.x + ib.w / 2, ib.y + ib.h / 2, ib.w)
    if p.track_box:
        _draw_track(c, face.track, p.track_box, k)
    panel = p.panel
    if panel.h <= 0:
        return
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(panel.x * mm, panel.y * mm, panel.w * mm, panel.h * mm, 1.5 * mm, stroke=0, fill=1)
    inner = panel.inset(1.2)
    if face.text and p.text_fits and p.facts_fit and face.lines:
        text_h = inner.h * TEXT_SHARE
        fonts.draw_fit(c, face.text, inner.x, inner.top - text_h, inner.w, text_h, fonts.SANS, max(MIN_PT, 9.5 * k), valign="top")
        _ruled(c, sizes.Box(inner.x, inner.y, inner.w, inner.h - text_h - 1.0), k)
    elif face.text and p.text_fits and p.facts_fit:
        fonts.draw_fit(c, face.text, inner.x, inner.y, inner.w, inner.h, fonts.SANS, max(MIN_PT, 9.5 * k), valign="middle")
    elif face.text or not p.facts_fit:
        hint = pointer(p, face.ref, k) or _(POINTERS[-1]).format(n=face.ref)
        fonts.draw_fit(c, hint, inner.x, inner.y, inner.w, inner.h, fonts.BOLD, max(MIN_PT, 8 * k), align="center",
                       valign="middle")
    else:  # a write-in template: ruled lines to copy the real card's text onto
        _ruled(c, inner, k)


def _ruled(c, box: sizes.Box, k: float) -> None:
    c.setStrokeColorRGB(0.7, 0.7, 0.7)
    c.setLineWidth(0.3)
    yy = box.top - 5 * k
    while yy > box.y + 1:
        c.line(box.x * mm, yy * mm, box.right * mm, yy * mm)
        yy -= 5.5 * k


def _draw_track(c, spaces: Sequence[str], box: sizes.Box, k: float) -> None:
    """A row of equal spaces (a life track's wounds, Dieson's hearts), each labelled where every label fits at
    MIN_PT or more; on a card too narrow for that the spaces are left blank, to count."""
    step = box.w / len(spaces)
    size = max(MIN_PT, 7 * k)
    labelled = all(fonts.width(t, fonts.BOLD, MIN_PT) <= step - 1.0 for t in spaces)
    while labelled and size > MIN_PT and any(fonts.width(t, fonts.BOLD, size) > step - 1.0 for t in spaces):
        size = max(MIN_PT, size - 0.5)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.4)
    for i, label in enumerate(spaces):
        x = box.x + i * step
        c.setFillColorRGB(1, 1, 1)
        c.roundRect((x + 0.3) * mm, box.y * mm, (step - 0.6) * mm, box.h * mm, 0.8 * mm, stroke=1, fill=1)
        if labelled:
            fonts.draw_fit(c, label, x + 0.3, box.y, step - 0.6, box.h, fonts.BOLD, size, align="center",
                           valign="middle", max_lines=1)


def needs_rule(face: Face, w: float, h: float) -> bool:
    p = plan_front(face, w, h)
    return bool(face.text and not p.text_fits) or not p.facts_fit


def draw_back(c, face: Face, w: float, h: float, bleed: float) -> None:
    """The deck's back: its tint, emblem, name and game; identical for every card of the deck.

    A two-sided token (face.back set) shows its other face instead."""
    if face.back is not None:
        draw_front(c, face.back, w, h, bleed)
        return
    k = _scale(w, h)
    c.setFillColorRGB(*face.back_tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    m = _safe(w, h)
    s = sizes.Box(m, m, w - 2 * m, h - 2 * m)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.8)
    c.roundRect((s.x + 1) * mm, (s.y + 1) * mm, (s.w - 2) * mm, (s.h - 2) * mm, 3 * mm, stroke=1, fill=0)
    size = min(s.w, s.h) * 0.42
    cy = s.y + s.h / 2 + size * 0.15
    c.setFillColorRGB(1, 1, 1)
    c.circle((s.x + s.w / 2) * mm, cy * mm, size * 0.62 * mm, stroke=0, fill=1)
    if face.back_icon:
        icons.draw(c, face.back_icon, s.x + s.w / 2, cy, size * 0.8)
    low = cy - size * 0.62 - 1.5
    fonts.draw_fit(c, face.group, s.x + 2.5, s.y + 2.5, s.w - 5, max(1.0, min(10 * k, low - s.y - 2.5)), fonts.BOLD,
                   max(MIN_PT, 11 * k), align="center", valign="middle", colour=(1, 1, 1), max_lines=2)
    top = cy + size * 0.62 + 1.0
    box_h = max(1.0, s.top - 2.5 - top)
    if fonts.fits(face.game, fonts.SANS, s.w - 5, box_h, max(MIN_PT, 8 * k), MIN_PT, max_lines=2):
        fonts.draw_fit(c, face.game, s.x + 2.5, top, s.w - 5, box_h, fonts.SANS, max(MIN_PT, 8 * k), align="center",
                       valign="middle", colour=(1, 1, 1), max_lines=2)


def number_rules(faces: Sequence[Face], w: float, h: float, start: int = 1) -> tuple[list[Face], list[tuple[int, Face]]]:
    """The faces with a rule number where their text does not fit; and the rules page's entries."""
    out, rules = [], []
    seen: dict[tuple, int] = {}
    n = start
    for f in faces:
        parts = [f] + ([f.back] if f.back is not None else [])
        new = []
        for part in parts:
            if needs_rule(part, w, h):
                key = (part.group_id, part.id.split(":")[0])
                if key not in seen:
                    seen[key] = n
                    rules.append((n, part))
                    n += 1
                part = replace(part, ref=seen[key])
            new.append(part)
        out.append(replace(new[0], back=new[1]) if len(new) > 1 else new[0])
    return out, rules


def render_rules(c, paper: str, title: str, rules: Sequence[tuple[int, Face]], on_page=None) -> None:
    """The rules page(s): each text too long for its card or token, numbered as the faces say."""
    from .flow import Flow

    flow = Flow(c, paper, _("{title} · rules in full").format(title=title), on_page, first=False)
    flow.text(_("Rules that do not fit on their card or token"), fonts.BOLD, 13, gap=2)
    for n, f in rules:
        body = " ".join(x for x in (f.text or "", "  ".join(f.facts)) if x)
        flow.text(f"{n}. {f.name} ({f.group}): {body}", fonts.SANS, 9, indent=0, gap=1.2)
    flow.finish()


def section(faces: Sequence[Face], size: tuple[float, float], bleed: float, with_backs: bool = True) -> packing.Section:
    w, h = size
    return packing.Section(list(faces), size, lambda cv, f: draw_front(cv, f, w, h, bleed),
                         (lambda cv, f: draw_back(cv, f, w, h, bleed)) if with_backs else None)


def render(faces: Sequence[Face], opts: Options, title: str, item: tuple[float, float] | None = None,
           on_page: Callable[[], None] | None = None, extra: Sequence[packing.Section] = (), rules_title: str | None = None,
           extra_rules: Sequence[tuple[int, Face]] = ()) -> bytes:
    """Fronts (and backs) of the faces imposed on the paper (then any extra sections packed after them), then the
    rules page if any text did not fit (extra_rules: the extra sections' entries, numbered after the faces')."""
    w, h = item or sizes.card_size(opts.size)
    sizes.check_options(opts.paper, opts.bleed, opts.backs, opts.offset)
    faces, rules = number_rules(faces, w, h)
    rules = list(rules) + list(extra_rules)
    buf = io.BytesIO()
    c = sheet.new_canvas(buf, opts.paper, title)
    size_name = opts.size if item is None else f"{w:g}x{h:g} mm"
    backs = backs_label(opts.backs)

    if any(f.qr and plan_front(f, w, h).qr_box is None for f in faces):
        backs += " · " + _("QR codes left out where the words need the room (cards under {mm:g} mm)").format(mm=sizes.QR_ALWAYS)

    def caption(n: int, total: int) -> str:
        return _("{title} · sheet {n} of {total} · {paper} · {size_name} ({w:g}×{h:g} mm) · {backs}").format(title=title, n=n, total=total, paper=opts.paper.upper(), size_name=size_name, w=w, h=h, backs=backs)

    sections = [section(faces, (w, h), opts.bleed)] if faces else []
    sheet.impose(c, opts.paper, sections + list(extra), opts.bleed, opts.backs, opts.offset, caption, on_page)
    if rules:
        render_rules(c, opts.paper, rules_title or title, rules, on_page)
    c.save()
    return buf.getvalue()


def backs_label(backs: str) -> str:
    """How the backs print, for a sheet's caption."""
    return {"none": _("no backs"), "long": _("backs: duplex, flip on long edge"), "short": _("backs: duplex, flip on short edge"),
            "gutterfold": _("backs: gutterfold (fold on the dashed line)")}[backs]


def sheets_for(n: int, opts: Options, item: tuple[float, float] | None = None) -> int:
    w, h = item or sizes.card_size(opts.size)
    per = packing.per_sheet(opts.paper, w, h, opts.backs, opts.bleed)
    return max(1, -(-n // per)) if per else 1


def all_faces(cat: GameCatalog, token_decks: bool = False) -> list[Face]:
    """Every card of every deck (tokens excluded unless asked), then the write-in templates of the cards no deck
    stands for."""
    faces: list[Face] = []
    for i, deck in enumerate(cat.decks.values()):
        if is_token_deck(deck) == token_decks:
            faces.extend(deck_faces(cat, deck, i))
    if not token_decks:
        loose = [k for k, v in (cat.rules.get("print_templates") or {}).items()
                 if isinstance(v, dict) and k not in cat.decks and k != "character"]
        for i, key in enumerate(loose, len(cat.decks)):
            tint = DECK_TINTS[i % len(DECK_TINTS)]
            t = cat.rules["print_templates"][key]
            faces += templates(cat, key, term(cat, t.get("group", t["name"])), tint, _darker(tint), None)
    return faces


def is_token_deck(deck: Deck) -> bool:
    return "token" in deck.name.lower() or "token" in deck.id
