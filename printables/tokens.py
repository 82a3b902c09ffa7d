"""Tokens: decks that are tokens (Scruffs, swap locations), counter pieces, and track cards.

- A deck whose name says 'tokens' prints as 40 mm square tokens with the card layout and its QR code.
- A counter with a small supply (hope tokens, tentacles, planks...) prints as 20 mm tokens, numbered
  where the pieces are numbered (tentacles).
- A track named in the catalog's `rules.print.track_cards` prints as a card of its steps, once per
  step count listed (21 Days: the 5-step shark distance card and the 6-step promo card).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Callable

from reportlab.lib.units import mm

from companion.catalog import GameCatalog
from companion.i18n import N_, _, ngettext

from . import cards, fonts, icons, packing, sheet, sizes
from .terms import term

# the kinds in decks/mutinies/rules.toml's rules.print_pieces (its list of tables is not scanned for words)
PIECE_WORDS = (N_("Red jewel"), N_("Blue jewel"), N_("Green jewel"), N_("Yellow jewel"), N_("Wild jewel"),
               N_("Treasure: 1 rum"), N_("Treasure: 2 prestige"), N_("Treasure: 2 doubloons"),
               N_("Treasure: doubloons for prestige"), N_("Treasure: a jewel"), N_("1 doubloon"), N_("5 doubloons"))
# the names in the translated games' rules.print_tokens and rules.print_templates (not scanned for words either)
PRINT_WORDS = (N_("Starting Player"), N_("Logbook card"), N_("Logbook cards"), N_("Survivor card"), N_("Mutiny card"))

TOKEN = (40.0, 40.0)  # the smallest token; grown in steps until every face's words fit
TOKEN_STEPS = (40.0, 45.0, 55.0, 60.0)
MAX_PIECES = 100  # counters with a larger supply are scores, not pieces to print


@dataclass(frozen=True)
class Piece:
    game: str
    counter: str
    name: str
    label: str
    icon: str | None
    tint: tuple[float, float, float]
    back_name: str = ""  # pieces of kinds: the counter's name and tint on every back, so a drawn piece stays hidden
    back_tint: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class TrackCard:
    game: str
    name: str
    steps: tuple[int, ...]  # top to bottom
    labels: tuple[tuple[int, str], ...]
    note: str
    icon: str | None = None


def pieces(cat: GameCatalog) -> list[Piece]:
    """The counters' pieces (but those rules.print.not_pieces names: a count the board keeps, not a component),
    then the game's own tokens and markers (rules.print_tokens)."""
    out = []
    skip = set((cat.rules.get("print") or {}).get("not_pieces", ()))
    for i, ctr in enumerate(cat.counters.values()):
        n = ctr.max
        if n is None or n <= 0 or n > MAX_PIECES or ctr.id in skip:
            continue
        numbered = ctr.id in cat.rules.get("print", {}).get("numbered", [])
        icon = icons.pick(ctr.id, *ctr.name.lower().split(), "hope" if ctr.pool else None)
        tint = cards.DECK_TINTS[i % len(cards.DECK_TINTS)]
        kinds = (cat.rules.get("print_pieces") or {}).get(ctr.id)
        if kinds:  # the counter's pieces are of kinds the rulebook tells apart (jewels by colour, treasures)
            for kind in kinds:
                rgb = cards.TINTS.get(str(kind.get("colour")), tint)
                out += [Piece(term(cat, cat.name), ctr.id, term(cat, kind["name"]), "", icon, rgb, term(cat, ctr.name), tint)
                        for _k in range(int(kind.get("n", 1)))]
            continue
        for k in range(1, n + 1):
            out.append(Piece(term(cat, cat.name), ctr.id, term(cat, ctr.name), str(k) if numbered else "", icon, tint))
        special = cat.rules.get("special_hope", {})
        if ctr.pool and special.get("ids") and ctr.id == special.get("counter", ctr.id):
            for label in special.get("labels", ["±"] * len(special["ids"])):
                out.append(Piece(term(cat, cat.name), ctr.id, term(cat, ctr.name), label, icon, tint))
    return out + game_tokens(cat)


def game_tokens(cat: GameCatalog) -> list[Piece]:
    """rules.print_tokens: the tokens and markers of the rulebook's component list that no counter stands for
    (id, name, n, colour; `back`: the other side's name of a two-sided token; `icon`)."""
    out = []
    for t in (cat.rules.get("print_tokens") or {}).get("tokens", ()):
        rgb = cards.TINTS.get(str(t.get("colour")), (0.92, 0.92, 0.92))
        icon = icons.pick(t.get("icon")) if t.get("icon") else None
        name = term(cat, t["name"])
        out += [Piece(term(cat, cat.name), str(t["id"]), name, "", icon, rgb, term(cat, t["back"]) if t.get("back") else name)
                for _k in range(int(t.get("n", 1)))]
    return out


def ability_tokens(cat: GameCatalog) -> list[cards.Face]:
    """Two-sided tokens (rules.ability_tokens.tokens: pairs of faces), each face's words from rules.ability_faces."""
    spec = cat.rules.get("ability_tokens", {})
    words = cat.rules.get("ability_faces", {})
    out = []
    group = _("Ability tokens")
    for k, pair in enumerate(spec.get("tokens", []), 1):
        sides = []
        for fid in pair:
            sides.append(cards.Face(term(cat, cat.name), group, "ability", f"{fid}-{k}", _("Ability token"), term(cat, words.get(fid, fid)),
                                    icon=icons.pick(fid.rstrip("0123456789")) or "hope", tint=(0.99, 0.93, 0.8), back_icon="hope",
                                    note=spec.get("source", "")))
        if sides:
            out.append(replace(sides[0], back=sides[1] if len(sides) > 1 else None))
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
            out.append(TrackCard(term(cat, cat.name), ngettext("{name} ({n} step)", "{name} ({n} steps)", steps).format(name=term(cat, entry.get('name', track.name)), n=steps),
                                 tuple(range(top, track.min - 1, -1)), track.labels, note, icons.pick(track.id, *track.name.lower().split())))
    return out


def draw_piece(c, p: Piece, w: float, h: float, bleed: float) -> None:
    c.setFillColorRGB(*p.tint)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    if p.label and not p.label.isdigit():  # a special piece: its label is the point
        icons.draw(c, p.icon or "hope", w / 2, h * 0.66, h * 0.36)
        fonts.draw_fit(c, p.label, 2, 1.5, w - 4, h * 0.4, fonts.BOLD, 14, align="center", valign="middle")
        return
    if p.icon:
        icons.draw(c, p.icon, w / 2, h * 0.6, h * 0.46)
    text = f"{p.name} {p.label}".strip()
    fonts.draw_fit(c, text, 1.5, 1.5, w - 3, h * 0.3, fonts.BOLD, 8, align="center", valign="middle")


def draw_piece_back(c, p: Piece, w: float, h: float, bleed: float) -> None:
    """The same for every piece of a counter (numbers and special faces stay hidden)."""
    c.setFillColorRGB(*cards._darker(p.back_tint or p.tint, 0.8))
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    if p.icon:
        icons.draw(c, p.icon, w / 2, h * 0.6, h * 0.46)
    fonts.draw_fit(c, p.back_name or p.name, 1.5, 1.5, w - 3, h * 0.3, fonts.SANS, 8, align="center", valign="middle",
                   colour=(0.15, 0.15, 0.15))


def draw_track(c, t: TrackCard, w: float, h: float, bleed: float) -> None:
    c.setFillColorRGB(0.86, 0.92, 0.97)
    c.rect(-bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1)
    s = sizes.Box(cards.SAFE, cards.SAFE, w - 2 * cards.SAFE, h - 2 * cards.SAFE)
    fonts.draw_fit(c, "{game} · {name}".format(game=t.game, name=t.name), s.x, s.top - 8, s.w, 8, fonts.BOLD, 10, align="center", valign="middle")
    area_top, area_bottom = s.top - 10, s.y + 8
    step_h = min(12.0, (area_top - area_bottom) / len(t.steps))
    labels = dict(t.labels)
    for i, n in enumerate(t.steps):
        y = area_top - (i + 1) * step_h
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0.3, 0.4, 0.5)
        c.setLineWidth(0.5)
        c.roundRect((s.x + 2) * mm, (y + 0.6) * mm, (s.w - 4) * mm, (step_h - 1.2) * mm, 1.2 * mm, stroke=1, fill=1)
        icons.draw(c, t.icon, s.x + 2 + step_h * 0.55, y + step_h / 2, step_h * 0.6)
        fonts.draw_fit(c, str(n), s.x + 4 + step_h, y + 1, 10, step_h - 2, fonts.BOLD, 14, valign="middle")
        if labels.get(n):
            fonts.draw_fit(c, _(labels[n]), s.x + 16 + step_h, y + 1, s.w - 20 - step_h, step_h - 2, fonts.SANS, 8,
                           valign="middle")


PIECE_STEPS = (20.0, 25.0, 30.0, 40.0)


def piece_size(p: Piece) -> float:
    """The fitting step for pieces: the smallest side at which the piece's words fit at 6 pt or more."""
    text = f"{p.name} {p.label}".strip()
    for side in PIECE_STEPS:
        if fonts.fits(text, fonts.BOLD, side - 3, side * 0.3, 8, fonts.MIN_SIZE) is not None:
            return side
    return PIECE_STEPS[-1]


def token_size(faces) -> tuple[float, float]:
    """The fitting step for tokens: the smallest size at which every face's words fit at 6 pt or more."""
    for side in TOKEN_STEPS:
        if not any(cards.needs_rule(f, side, side) or (f.back is not None and cards.needs_rule(f.back, side, side)) for f in faces):
            return side, side
    return TOKEN_STEPS[-1], TOKEN_STEPS[-1]


def track_section(cat: GameCatalog, bleed: float) -> packing.Section | None:
    """The track cards (poker size), for the cards file; their backs are one back for all of them."""
    tracks = track_cards(cat)
    if not tracks:
        return None
    w, h = sizes.CARD_SIZES["poker"]
    back = cards.Face(term(cat, cat.name), _("Track cards"), "track", "track", "", None, back_icon=tracks[0].icon)
    return packing.Section(tracks, (w, h), lambda cv, t: draw_track(cv, t, w, h, bleed),
                         lambda cv, t: cards.draw_back(cv, back, w, h, bleed))


def sections(cat: GameCatalog, opts: cards.Options, start: int = 1) -> tuple[list[packing.Section], list]:
    """The token and piece sections of a game (for a tokens file, or packed after the cards of a kit), and the
    rules page's entries for token texts that do not fit (numbered from start)."""
    token_faces = cards.all_faces(cat, token_decks=True) + ability_tokens(cat)
    out: list[packing.Section] = []
    rules: list = []
    if token_faces:
        size = token_size(token_faces)
        token_faces, rules = cards.number_rules(token_faces, *size, start=start)
        out.append(cards.section(token_faces, size, opts.bleed))
    by_size: dict[float, list[Piece]] = {}
    for p in pieces(cat):
        by_size.setdefault(piece_size(p), []).append(p)
    for side, group in sorted(by_size.items()):
        out.append(packing.Section(group, (side, side), lambda cv, p, s=side: draw_piece(cv, p, s, s, opts.bleed),
                                 lambda cv, p, s=side: draw_piece_back(cv, p, s, s, opts.bleed)))
    return out, rules


def render(cat: GameCatalog, opts: cards.Options, on_page: Callable[[], None] | None = None) -> bytes | None:
    """The tokens PDF (tokens, two-sided tokens, counter pieces, packed together), or None when there are none."""
    secs, rules = sections(cat, opts)
    if not secs:
        return None
    sizes.check_options(opts.paper, opts.bleed, opts.backs, opts.offset)
    buf = io.BytesIO()
    title = _("{name} tokens").format(name=term(cat, cat.name))
    c = sheet.new_canvas(buf, opts.paper, title)
    backs = "" if opts.backs == "none" else " · " + cards.backs_label(opts.backs)
    sheet.impose(c, opts.paper, secs, opts.bleed, opts.backs, opts.offset,
                 lambda n, t: _("{game} · tokens · sheet {n} of {total} · {paper}").format(
                     game=term(cat, cat.name), n=n, total=t, paper=opts.paper.upper()) + backs, on_page)
    if rules:
        cards.render_rules(c, opts.paper, title, rules, on_page)
    c.save()
    return buf.getvalue()
