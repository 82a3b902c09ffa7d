"""Tokens: decks that are tokens (Scruffs, swap locations), counter pieces, and track cards.

- A deck whose name says 'tokens' prints as 40 mm square tokens with the card layout and its QR code.
- A counter with a small supply (hope tokens, tentacles, planks...) prints as 20 mm tokens, numbered
  where the pieces are numbered (tentacles).
- A track named in the catalog's `rules.print.track_cards` prints as a card of its steps, once per
  step count listed (21 Days: the 5-step shark distance card and the 6-step promo card).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.units import mm

from companion.catalog import GameCatalog

from . import cards, fonts, icons, sheet
from companion.i18n import _, ngettext

TOKEN = (40.0, 40.0)
PIECE = (20.0, 20.0)
MAX_PIECES = 40  # counters with a larger supply are scores, not pieces to print


@dataclass(frozen=True)
class Piece:
    game: str
    counter: str
    name: str
    label: str
    icon: str | None
    tint: tuple[float, float, float]


@dataclass(frozen=True)
class TrackCard:
    game: str
    name: str
    steps: tuple[int, ...]  # top to bottom
    labels: tuple[tuple[int, str], ...]
    note: str


def pieces(cat: GameCatalog) -> list[Piece]:
    out = []
    for i, ctr in enumerate(cat.counters.values()):
        n = ctr.max
        if n is None or n <= 0 or n > MAX_PIECES:
            continue
        numbered = ctr.id in cat.rules.get("print", {}).get("numbered", [])
        icon = icons.pick(ctr.id, ctr.name.split()[0], "hope" if ctr.pool else None) or "star"
        tint = cards.DECK_TINTS[i % len(cards.DECK_TINTS)]
        for k in range(1, n + 1):
            out.append(Piece(_(cat.name), ctr.id, _(ctr.name), str(k) if numbered else "", icon, tint))
    return out


def track_cards(cat: GameCatalog) -> list[TrackCard]:
    spec = cat.rules.get("print", {})
    out = []
    for entry in spec.get("track_cards", []):
        track = cat.tracks.get(entry.get("track", ""))
        if track is None:
            continue
        note = _("Source: {source}").format(source=spec['source']) if spec.get("source") else _("Assumed: {assumed}").format(assumed=_(spec.get('assumed', '')))
        for steps in entry.get("steps", [track.max - track.min + 1]):
            top = track.min + steps - 1
            out.append(TrackCard(_(cat.name), ngettext("{name} ({n} step)", "{name} ({n} steps)", steps).format(name=_(entry.get('name', track.name)), n=steps),
                                 tuple(range(top, track.min - 1, -1)), track.labels, note))
    return out


def draw_piece(c, p: Piece, w: float, h: float, bleed: float) -> None:
    c.setFillColorRGB(*p.tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    icons.draw(c, p.icon or "star", w / 2, h * 0.58, h * 0.45)
    text = f"{p.name} {p.label}".strip()
    fonts.draw_fit(c, text, 2, 2, w - 4, h * 0.28, fonts.BOLD, 8, align="center", valign="middle")
    sheet.cut_outline(c, w, h)


def draw_piece_back(c, p: Piece, w: float, h: float, bleed: float) -> None:
    c.setFillColorRGB(*cards._darker(p.tint, 0.8))
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    fonts.draw_fit(c, f"{p.name} {p.label}".strip(), 2, 2, w - 4, h - 4, fonts.SANS, 8, align="center", valign="middle",
                   colour=(0.2, 0.2, 0.2))
    sheet.cut_outline(c, w, h)


def draw_track(c, t: TrackCard, w: float, h: float, bleed: float) -> None:
    c.setFillColorRGB(0.86, 0.92, 0.97)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    s = sheet.Box(cards.SAFE, cards.SAFE, w - 2 * cards.SAFE, h - 2 * cards.SAFE)
    fonts.draw_fit(c, "{game} · {name}".format(game=t.game, name=_(t.name)), s.x, s.top - 8, s.w, 8, fonts.BOLD, 10, align="center", valign="middle")
    fonts.draw_fit(c, t.note, s.x, s.y, s.w, 6, fonts.SANS, 5, colour=(0.35, 0.35, 0.35), valign="bottom", min_size=3.5)
    area_top, area_bottom = s.top - 10, s.y + 8
    step_h = min(12.0, (area_top - area_bottom) / len(t.steps))
    labels = dict(t.labels)
    for i, n in enumerate(t.steps):
        y = area_top - (i + 1) * step_h
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0.3, 0.4, 0.5)
        c.setLineWidth(0.5)
        c.roundRect((s.x + 2) * mm, (y + 0.6) * mm, (s.w - 4) * mm, (step_h - 1.2) * mm, 1.2 * mm, stroke=1, fill=1)
        icons.draw(c, "shark" if "shark" in t.name.lower() else "die", s.x + 2 + step_h * 0.55, y + step_h / 2, step_h * 0.6)
        fonts.draw_fit(c, str(n), s.x + 4 + step_h, y + 1, 10, step_h - 2, fonts.BOLD, 14, valign="middle")
        if labels.get(n):
            fonts.draw_fit(c, _(labels[n]), s.x + 16 + step_h, y + 1, s.w - 20 - step_h, step_h - 2, fonts.SANS, 8,
                           valign="middle")
    sheet.cut_outline(c, w, h)


def render(cat: GameCatalog, opts: cards.Options, on_page: Callable[[], None] | None = None) -> bytes | None:
    """The tokens PDF, or None when the catalog has no tokens, pieces or track cards."""
    token_faces = cards.all_faces(cat, token_decks=True)
    parts = pieces(cat)
    tracks = track_cards(cat)
    if not (token_faces or parts or tracks):
        return None
    buf = io.BytesIO()
    title = _("{name} tokens").format(name=_(cat.name))
    c = sheet.new_canvas(buf, opts.paper, title)
    backs = opts.backs

    def section(items, size, front, back, what):
        w, h = size
        lay = sheet.layout(opts.paper, w, h, opts.bleed, backs, opts.offset)
        sheet.impose(c, lay, items, lambda cv, it: front(cv, it, w, h, opts.bleed),
                     lambda cv, it: back(cv, it, w, h, opts.bleed),
                     lambda n, t: _("{game} · {what} · sheet {n} of {total} · {paper} · {w:g}×{h:g} mm").format(
                         game=_(cat.name), what=what, n=n, total=t, paper=opts.paper.upper(), w=w, h=h)
                                  + ("" if backs == "none" else _(" · backs: {backs}").format(backs=backs)), on_page)

    if token_faces:
        section(token_faces, TOKEN, cards.draw_front, cards.draw_back, _("tokens"))
    if parts:
        section(parts, PIECE, draw_piece, draw_piece_back, _("counter pieces"))
    if tracks:
        section(tracks, sheet.CARD_SIZES["poker"], draw_track,
                lambda cv, t, w, h, b: cards.draw_back(cv, cards.Face(t.game, t.name, "track", t.name, t.name, None,
                                                                      icon="shark" if "shark" in t.name.lower() else "die"),
                                                       w, h, b), _("track cards"))
    c.save()
    return buf.getvalue()
