"""Dice sticker sheets: every die of a catalog whose faces are known, a test strip, and a placement net.

A sticker is a rounded square with a cut outline, in the die's colour, showing the face as pips,
a number, or a drawn symbol. The sticker side defaults from the die's size (about 85 % of the face,
so it clears the rounded edges); a test strip prints a few sizes around it to try on a real die first.
Where the catalog marks a die's faces or size as assumed, the sheet says so beside the die.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.units import mm

from companion.catalog import Die, GameCatalog
from companion.errors import UsageError
from companion.i18n import N_, _

from . import fonts, icons, sheet, sizes
from .flow import Flow
from .terms import term

DEFAULT_DIE = 15.0  # a die whose size the rulebooks do not give
GAP = 2.0
STRIP = (-1.0, -0.5, 0.0, 0.5, 1.0)
COLOURS = {
    "red": (0.82, 0.13, 0.13), "yellow": (0.98, 0.84, 0.12), "blue": (0.13, 0.35, 0.78), "green": (0.16, 0.58, 0.25),
    "purple": (0.5, 0.28, 0.66), "white": (1.0, 1.0, 1.0), "grey": (0.62, 0.64, 0.66), "black": (0.12, 0.12, 0.12),
    "orange": (0.95, 0.5, 0.1), "brown": (0.5, 0.33, 0.2),
}
LIGHT = {"yellow", "white", "grey", "orange"}


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    pips: bool = True  # numbers 1..6 as pips; False prints digits
    sticker: dict | float | None = None  # one side for every die, or {die size mm: sticker mm}


def default_sticker(die_mm: float) -> float:
    return round(die_mm * 0.85 * 2) / 2


STICKER_RANGE = (5.0, 40.0)


def parse_sticker(text: str | None) -> dict | float | None:
    """'13' (every die), or per die: by its id or its size in mm, 'placement=10,shark=13' or '15=13,12=10'."""
    if text is None or not text.strip():
        return None
    lo, hi = STICKER_RANGE
    if "=" not in text:
        return _mm(text.strip(), text)
    out: dict = {}
    key: str | float  # a die's id, or its size in mm
    for part in text.split(","):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key:
            raise UsageError(_("--sticker {text!r}: give {lo:g}..{hi:g} mm for every die (13), or per die by id or die size: placement=10,shark=13 or 15=13").format(
                text=text, lo=lo, hi=hi))
        try:
            key = float(key)
        except ValueError:
            pass
        out[key] = _mm(value.strip(), text)
    return out


def _mm(value: str, text: str) -> float:
    lo, hi = STICKER_RANGE
    try:
        v = float(value)
    except ValueError:
        v = None
    if v is None or not lo <= v <= hi:
        raise UsageError(_("--sticker {text!r}: a sticker side is {lo:g}..{hi:g} mm, e.g. 13, or per die: placement=10,shark=13").format(
            text=text, lo=lo, hi=hi))
    return v


def check_sticker(cat: GameCatalog, sticker: dict | float | None) -> None:
    """Every die id named in --sticker is one of this game's printable dice."""
    if not isinstance(sticker, dict):
        return
    known = [d.id for d in cat.dice.values() if all(p.faces for p in d.parts)]
    for key in sticker:
        if isinstance(key, str) and key not in known:
            raise UsageError(_("--sticker {die!r}: {game} prints stickers for {items}").format(
                die=key, game=term(cat, cat.name), items=", ".join(known)))


def die_size(cat: GameCatalog | None, die: Die) -> tuple[float, bool]:
    """(the die's size in mm, whether it is assumed): the die's own size, else the game's rules.die_sizes
    (assumed, listed by `castaway rules assumptions`), else DEFAULT_DIE."""
    if die.size_mm:
        return float(die.size_mm), False
    sizes_ = (cat.rules.get("die_sizes") or {}) if cat is not None else {}
    got = sizes_.get(die.id)
    return (float(got), True) if isinstance(got, (int, float)) else (DEFAULT_DIE, True)


def sticker_for(die: Die, opts: Options, cat: GameCatalog | None = None) -> tuple[float, float, bool]:
    """(die size, sticker side, size assumed) for a die: --sticker by die id, then by die size, then for every
    die, else about 85 % of the die's face."""
    size, assumed = die_size(cat, die)
    if isinstance(opts.sticker, (int, float)):
        return size, float(opts.sticker), assumed
    if isinstance(opts.sticker, dict):
        for key in (die.id, size):
            if key in opts.sticker:
                return size, opts.sticker[key], assumed
    return size, default_sticker(size), assumed


# the colour words printed beside the dice (translated where they are drawn)
COLOUR_WORDS = (N_("red"), N_("yellow"), N_("blue"), N_("green"), N_("purple"), N_("grey"), N_("white"),
                N_("survivor's colour"))


def colour_of(die: Die) -> tuple[str, tuple[float, float, float]]:
    name = (die.colour or "white").lower()
    return name, COLOURS.get(name, (1.0, 1.0, 1.0))


PIPS = {
    1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)], 4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)], 6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


def _units(cat: GameCatalog, die: Die, side: float) -> list[tuple[str, tuple, float, str | None]]:
    """What one die needs: (label, faces, sticker side, colour) per physical die and part.

    A die 'in the survivor's colour' with one copy per seat takes the seats' colours.
    """
    seat_colours = [s.colour for s in cat.seats.values() if s.colour]
    per_seat = (die.colour or "").lower() not in COLOURS and die.count == len(seat_colours) and die.count > 1
    units = []
    for k in range(max(1, die.count)):
        colour = seat_colours[k] if per_seat else None
        for part in die.parts:
            label = " ".join(x for x in (_(colour) if colour else "", term(cat, part.name)) if x)
            units.append((label, part.faces, side, colour))
    return units


def draw_sticker(c, x: float, y: float, side: float, face, die: Die, opts: Options, colour: str | None = None) -> None:
    """One sticker with its bottom-left corner at (x, y) mm."""
    name, rgb = colour_of(die)
    if colour:
        name, rgb = colour, COLOURS.get(colour, rgb)
    ink = (0.08, 0.08, 0.08) if name in LIGHT or name not in COLOURS else (1, 1, 1)
    r = max(0.8, side * 0.1)
    c.saveState()
    c.setFillColorRGB(*rgb)
    c.roundRect(x * mm, y * mm, side * mm, side * mm, r * mm, stroke=0, fill=1)
    cx, cy = x + side / 2, y + side / 2
    if isinstance(face, int) and opts.pips and face in PIPS:
        d, pr = side * 0.27, side * 0.085
        c.setFillColorRGB(*ink)
        for px, py in PIPS[face]:
            c.circle((cx + px * d) * mm, (cy + py * d) * mm, pr * mm, stroke=0, fill=1)
    elif isinstance(face, int):
        fonts.draw_fit(c, str(face), x + side * 0.15, y + side * 0.15, side * 0.7, side * 0.7, fonts.BOLD, side * 2.2,
                       align="center", valign="middle", colour=ink)
        if face in (6, 9):  # tell 6 from 9 on a die
            c.setStrokeColorRGB(*ink)
            c.setLineWidth(side * 0.03 * mm)
            c.line((cx - side * 0.15) * mm, (y + side * 0.16) * mm, (cx + side * 0.15) * mm, (y + side * 0.16) * mm)
    else:
        symbol = dict(die.symbols).get(str(face), str(face))
        if symbol != "blank":
            c.setFillColorRGB(1, 1, 1)
            c.circle(cx * mm, cy * mm, side * 0.4 * mm, stroke=0, fill=1)
            if not icons.draw(c, symbol, cx, cy, side * 0.62):
                fonts.draw_fit(c, str(face), x + side * 0.12, y + side * 0.3, side * 0.76, side * 0.4, fonts.BOLD,
                               side * 1.2, align="center", valign="middle")
    # the cut guide runs just outside the sticker, never on it (white stickers need it to be seen at all)
    c.setStrokeColorRGB(*sizes.CUT_RGB)
    c.setLineWidth(sizes.HAIRLINE)
    c.roundRect((x - 0.3) * mm, (y - 0.3) * mm, (side + 0.6) * mm, (side + 0.6) * mm, (r + 0.3) * mm, stroke=1, fill=0)
    c.restoreState()


class _Flow(Flow):
    def need(self, h: float) -> float:
        """Room for h mm: returns the y of the section's top."""
        return super().need(h)

    def finish_page(self) -> None:
        self.finish()


def render(cat: GameCatalog, opts: Options, on_page: Callable[[], None] | None = None) -> bytes:
    buf = io.BytesIO()
    title = _("{name} dice stickers").format(name=term(cat, cat.name))
    c = sheet.new_canvas(buf, opts.paper, title)
    flow = _Flow(c, opts.paper, f"{title} · {opts.paper.upper()}", on_page)
    cw = flow.content.w
    head = flow.need(12)
    fonts.draw_fit(c, title, flow.content.x, head - 7, cw, 7, fonts.BOLD, 16)
    fonts.draw_fit(c, _("Print on sticker paper at 100 %. Cut along the thin grey outlines. Try the test strip on a real die first."),
                   flow.content.x, head - 12, cw, 4.5, fonts.SANS, 8, colour=(0.3, 0.3, 0.3))
    check_sticker(cat, opts.sticker)
    dice = [d for d in cat.dice.values() if all(p.faces for p in d.parts)]
    sizes = sorted({sticker_for(d, opts, cat)[:2] for d in dice})
    # test strip: each sticker size in use, and the sizes around it
    for die_mm, side in sizes:
        sample = next(d for d in dice if sticker_for(d, opts, cat)[:2] == (die_mm, side))
        shown = next((f for f in sample.parts[0].faces if dict(sample.symbols).get(str(f), f) != "blank"), 5)
        h = side + 1 + 9
        top = flow.need(h)
        fonts.draw_fit(c, _("Test strip for {die_mm:g} mm dice (default sticker {side:g} mm): cut one, stick it on, keep the size that fits.").format(die_mm=die_mm, side=side),
                       flow.content.x, top - 4, cw, 4, fonts.SANS, 7.5)
        x = flow.content.x
        for delta in STRIP:
            s = side + delta
            if s < 5:
                continue
            draw_sticker(c, x, top - 5.5 - s, s, 5 if isinstance(shown, int) else shown, sample, opts)
            fonts.draw_fit(c, _("{s:g} mm").format(s=s), x - 1, top - 5.5 - side - 1 - 3.5 - 1, s + 2, 3.2, fonts.SANS, 6, align="center")
            x += s + 4
        flow.y = top - h - 2
    for die in dice:
        die_mm, side, size_assumed = sticker_for(die, opts, cat)
        per_row = max(1, int((cw + GAP) // (side + GAP)))
        notes = [_("{count} × {name}{colour}: {die_mm:g} mm die, {side:g} mm stickers").format(
            count=die.count, name=term(cat, die.name), colour=f", {_(die.colour)}" if die.colour else "", die_mm=die_mm, side=side)]
        if size_assumed:
            notes.append(_("The rulebooks give no size for this die: {die_mm:g} mm is assumed; measure yours and print with --sticker {id}=SIDE.").format(
                die_mm=die_mm, id=die.id))
        if die.assumed:
            notes.append(_("Faces assumed: {assumed}").format(assumed=_(die.assumed)))
        elif die.source:
            notes.append(_("Source: {source}").format(source=die.source))
        if die.compound:
            notes.append(_("A die inside a die: stick the outer faces on a large die and the inner faces on a small one, and roll both together."))
        text = "\n".join(notes)
        th = fonts.fit(text, fonts.SANS, cw, 30, 8).height + 1
        units = _units(cat, die, side)
        labelled = any(u[0] for u in units)
        lab = 3.5 if labelled else 0.0
        unit_w = lambda u: min(len(u[1]), per_row) * (u[2] + GAP) - GAP  # noqa: E731
        top = flow.need(th + lab + side + GAP)  # the heading stays with the die's first row
        fonts.draw_fit(c, text, flow.content.x, top - th, cw, th, fonts.SANS, 8)
        flow.y = top - th - 1
        row: list = []
        rows: list = []
        used = 0.0
        for u in units:
            if row and used + 5 + unit_w(u) > cw:
                rows.append(row)
                row, used = [], 0.0
            row.append(u)
            used += (5 if len(row) > 1 else 0) + unit_w(u)
        if row:
            rows.append(row)
        for row in rows:
            tall = max(-(-len(u[1]) // per_row) * (u[2] + GAP) for u in row)
            rtop = flow.need(lab + tall)
            x = flow.content.x
            for label, faces, s_side, rgb_name in row:
                if label:
                    fonts.draw_fit(c, label, x, rtop - 3, unit_w((label, faces, s_side, rgb_name)), 3, fonts.SANS, 6.5,
                                   colour=(0.3, 0.3, 0.3))
                for i, face in enumerate(faces):
                    fx = x + (i % per_row) * (s_side + GAP)
                    fy = rtop - lab - (i // per_row) * (s_side + GAP) - s_side
                    draw_sticker(c, fx, fy, s_side, face, die, opts, rgb_name)
                x += unit_w((label, faces, s_side, rgb_name)) + 5
        flow.y -= 3
    if any(d.parts[0].faces == (1, 2, 3, 4, 5, 6) for d in dice):
        side = 12.0
        h = 3 * side + 14
        top = flow.need(h)
        draw_net(c, flow.content.x, top - 3 * side - 2, side)
        fonts.draw_fit(c, _("Placement net for a numbered die: opposite faces add up to 7 (1 opposite 6, 2 opposite 5, 3 opposite 4). Stick them in this arrangement: two squares apart in a line means opposite."),
                       flow.content.x + 4 * side + 6, top - 3 * side - 2, cw - 4 * side - 6, 3 * side, fonts.SANS, 9,
                       valign="middle")
    flow.finish_page()
    c.save()
    return buf.getvalue()


NET = {(1, 2): 2, (0, 1): 3, (1, 1): 1, (2, 1): 4, (3, 1): 6, (1, 0): 5}


def draw_net(c, x: float, y: float, side: float) -> None:
    """A cross-shaped cube net whose opposite faces sum to 7 (not cut: it is a guide)."""
    c.saveState()
    for (col, row), n in NET.items():
        bx, by = x + col * side, y + row * side
        c.setStrokeColorRGB(0.2, 0.2, 0.2)
        c.setLineWidth(0.6)
        c.setFillColorRGB(0.96, 0.96, 0.96)
        c.rect(bx * mm, by * mm, side * mm, side * mm, stroke=1, fill=1)
        fonts.draw_fit(c, str(n), bx + 1, by + 1, side - 2, side - 2, fonts.BOLD, 16, align="center", valign="middle")
    c.restoreState()
