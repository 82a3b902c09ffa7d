"""The sheet engine: grids drawn on fixed pages with shared cut lines, crop marks, backs, the scale check
(paper and card sizes and the grid are in sizes.py; packing items onto pages in packing.py).

All lengths are millimetres, origin at the page's bottom-left (reportlab's convention). Pages keep
their paper size exactly: the grid is drawn by hand on a fixed page (reportlab's own crop-mark mode
enlarges the page and scales the content, which breaks the printed size).

Rules (GUIDE §6, density first):
- items of one size sit edge to edge in a grid, so neighbours share their cut lines (9 poker cards on
  A4 and on Letter); nothing is printed closer than EDGE to the paper's edge (a home printer's border);
- the bleed runs round the outside of each grid, as wide as the margin allows (at most the asked
  bleed); inside the grid the neighbour's art is the bleed;
- crop marks are hairlines outside each grid, in line with every cut line; no line is drawn on a trim;
- leftovers share pages: a section of other items (another size) starts below the last grid with room;
- a 50 mm scale bar with 'print at 100 % / actual size' goes on the first sheet of a file only,
  in a margin between two crop marks; each page carries a one-line caption in a margin;
- backs: the whole page mirrored for a duplex flip on the long or short edge (plus the user's offset),
  or beside the fronts to fold (gutterfold: fronts left of the fold, backs right of it). A back is
  turned so that it reads upright when the card is turned over sideways, rotated cards included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from reportlab.lib.units import mm

from companion.i18n import _

from . import fonts
from .packing import Block, Section, back_slot, front_slots, pack
from .sizes import BAR, BAR_H, BAR_RGB, CAPTION_H, CAPTION_PT, EDGE, HAIRLINE, MARGIN, MARK_GAP, MARK_LEN, MARK_RGB, MIN_MARK, Box, Slot, block_gap, paper_size, reach

# -- drawing ------------------------------------------------------------------------------------


def new_canvas(target, paper: str, title: str):
    """A canvas on a fixed page of the paper's exact size, fonts registered."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    pw, ph = paper_size(paper)
    c = Canvas(target, pagesize=(pw * mm, ph * mm), pageCompression=1, initialFontName=fonts.SANS, initialFontSize=10)
    c.setTitle(title)
    c.setAuthor("castaway")
    c.setCreator("castaway printables")  # untranslated: the PDF's metadata, read by programs
    return c


def place(c, slot: Slot, w: float, h: float, draw: Callable) -> None:
    """Run draw(c) with the origin at the item's bottom-left trim corner, rotated into the slot and
    clipped to the slot's trim plus its outer bleed (neighbours in a grid never paint over each other)."""
    c.saveState()
    if slot.clip is not None:
        p = c.beginPath()
        p.rect(slot.clip.x * mm, slot.clip.y * mm, slot.clip.w * mm, slot.clip.h * mm)
        c.clipPath(p, stroke=0, fill=0)
    c.translate((slot.x + slot.w / 2) * mm, (slot.y + slot.h / 2) * mm)
    angle = (90 if slot.rotated else 0) + slot.spin
    if angle % 360:
        c.rotate(angle)
    c.translate(-w / 2 * mm, -h / 2 * mm)
    draw(c)
    c.restoreState()


@dataclass(frozen=True)
class Sides:
    """Per side of a block (left, bottom, right, top): the bleed painted and the crop marks' span."""

    bleed: tuple[float, float, float, float]
    mark_from: tuple[float, float, float, float]
    mark_to: tuple[float, float, float, float]


def _sides(box: Box, paper: str, bleed: float, inner: tuple[bool, bool, bool, bool], caption_side: int | None,
           fold_x: float | None) -> Sides:
    pw, ph = paper_size(paper)
    room = [box.x, box.y, pw - box.right, ph - box.top]
    bl, mf, mt = [], [], []
    for i in range(4):
        facing_fold = fold_x is not None and ((i == 2 and box.right <= fold_x + 1e-6) or (i == 0 and box.x >= fold_x - 1e-6))
        if inner[i]:
            end = block_gap(bleed) / 2 - 0.25
        elif facing_fold:
            assert fold_x is not None  # a side faces the fold only where there is one
            end = abs((box.right if i == 2 else box.x) - fold_x) - 0.5
        else:
            end = room[i] - EDGE - (CAPTION_H + 0.3 if caption_side == i else 0.0)
        b = max(0.0, min(bleed, end if facing_fold else end - MARK_GAP - MIN_MARK))
        start = b + MARK_GAP
        bl.append(b)
        mf.append(start)
        mt.append(start if facing_fold else max(start, min(start + MARK_LEN, end)))
    return Sides(_four(bl), _four(mf), _four(mt))


def _four(xs: list[float]) -> tuple[float, float, float, float]:
    """A value per side (left, bottom, right, top)."""
    left, bottom, right, top = xs
    return left, bottom, right, top


def crop_marks(c, box: Box, xs: Sequence[float], ys: Sequence[float], sides: Sides) -> None:
    """Marks outside the block, in line with every cut line."""
    c.saveState()
    c.setStrokeColorRGB(*MARK_RGB)
    c.setLineWidth(HAIRLINE)
    (fl, fb, fr, ft), (tl, tb, tr, tt) = sides.mark_from, sides.mark_to
    for x in xs:
        if tt > ft:
            c.line(x * mm, (box.top + ft) * mm, x * mm, (box.top + tt) * mm)
        if tb > fb:
            c.line(x * mm, (box.y - fb) * mm, x * mm, (box.y - tb) * mm)
    for y in ys:
        if tl > fl:
            c.line((box.x - fl) * mm, y * mm, (box.x - tl) * mm, y * mm)
        if tr > fr:
            c.line((box.right + fr) * mm, y * mm, (box.right + tr) * mm, y * mm)
    c.restoreState()


def caption_line(c, paper: str, side: int, margin_box: Box, text: str) -> None:
    """One 6 pt line in the margin on side (0 left, 1 bottom, 2 right, 3 top) of the content's box."""
    pw, ph = paper_size(paper)
    c.saveState()
    colour = (0.3, 0.3, 0.3)
    if side in (1, 3):
        y = EDGE if side == 1 else ph - EDGE - CAPTION_H
        fonts.draw_fit(c, text, margin_box.x, y, margin_box.w, CAPTION_H, fonts.SANS, CAPTION_PT, align="center",
                       valign="middle", colour=colour, min_size=CAPTION_PT, max_lines=1)
    else:
        x = EDGE + CAPTION_H if side == 0 else pw - EDGE
        c.translate(x * mm, margin_box.y * mm)
        c.rotate(90)
        if side == 2:  # read from the top down on the right
            c.rotate(180)
            c.translate(-margin_box.h * mm, 0)
        fonts.draw_fit(c, text, 0, 0, margin_box.h, CAPTION_H, fonts.SANS, CAPTION_PT, align="center",
                       valign="middle", colour=colour, min_size=CAPTION_PT, max_lines=1)
    c.restoreState()


def scale_bar(c, x: float, y: float, vertical: bool = False) -> None:
    """The 50 mm bar: mm ticks under a line, numbered every centimetre, and 'print at 100 %' above it."""
    c.saveState()
    c.translate(x * mm, y * mm)
    if vertical:
        c.rotate(90)
    c.setStrokeColorRGB(*BAR_RGB)
    c.setLineWidth(HAIRLINE)
    base = 2.6
    c.line(0, base * mm, BAR * mm, base * mm)
    for i in range(int(BAR) + 1):
        t = 1.8 if i % 10 == 0 else 1.2 if i % 5 == 0 else 0.7
        c.line(i * mm, base * mm, i * mm, (base - t) * mm)
    c.setLineWidth(0.6)
    c.line(0, (base + 0.2) * mm, 0, (base - 2.4) * mm)
    c.line(BAR * mm, (base + 0.2) * mm, BAR * mm, (base - 2.4) * mm)
    fonts.draw_fit(c, _("50 mm: print at 100% / actual size"), 0, base + 0.4, BAR, 2.9, fonts.SANS, 6.5, align="center",
                   valign="bottom", min_size=6.0, max_lines=1)
    c.restoreState()


def _bar_spot(page_box: Box, cuts: Sequence[float], side: int, paper: str, sides: Sides) -> tuple[float, float, bool] | None:
    """A place for the bar in the margin on one side of the content, between two crop marks."""
    pw, ph = paper_size(paper)
    if side in (1, 3):
        depth = (page_box.y if side == 1 else ph - page_box.top) - EDGE - sides.bleed[side] - MARK_GAP
        lo, hi = EDGE, pw - EDGE
    else:
        depth = (page_box.x if side == 0 else pw - page_box.right) - EDGE - sides.bleed[side] - MARK_GAP
        lo, hi = EDGE, ph - EDGE
    if depth < BAR_H:
        return None
    stops = sorted({lo, hi, *cuts})
    mid = (lo + hi) / 2
    best = None
    for a, b in zip(stops, stops[1:]):
        if b - a >= BAR + 4:
            centre = min(max(mid, a + BAR / 2 + 2), b - BAR / 2 - 2)
            if best is None or abs(centre - mid) < abs(best - mid):
                best = centre
    if best is None:
        return None
    if side == 1:
        return best - BAR / 2, EDGE + (depth - BAR_H) / 2, False
    if side == 3:
        return best - BAR / 2, ph - EDGE - BAR_H - (depth - BAR_H) / 2, False
    if side == 0:
        return EDGE + BAR_H + (depth - BAR_H) / 2, best - BAR / 2, True
    return pw - EDGE - (depth - BAR_H) / 2, best - BAR / 2, True


def _bounds(blocks: Sequence[Box]) -> Box:
    x0 = min(b.x for b in blocks)
    y0 = min(b.y for b in blocks)
    x1 = max(b.right for b in blocks)
    y1 = max(b.top for b in blocks)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _caption_side(paper: str, bounds: Box, gutter: bool, bleed: float) -> int:
    pw, ph = paper_size(paper)
    room = {3: ph - bounds.top, 1: bounds.y, 0: bounds.x, 2: pw - bounds.right}
    need = reach(bleed) + CAPTION_H + 0.3 - 1e-6
    order = (3, 1) if gutter else (3, 1, 0, 2)
    for s in order:
        if room[s] >= need:
            return s
    return max(order, key=lambda s: room[s])


def _draw_side(c, paper: str, backs: str, blocks: list[tuple[Box, Block, list[Slot], Callable]], bleed: float,
               caption: str, bar: bool) -> None:
    """Items, crop marks, caption and (first sheet) scale bar of one side of a sheet."""
    pw, ph = paper_size(paper)
    boxes = [b for b, *_rest in blocks]
    bounds = _bounds(boxes)
    cap_side, all_sides = _side_geometry(paper, backs, blocks, bleed)
    for (box, block, slots, draw), sides in zip(blocks, all_sides):
        cw, ch = block.grid.cell
        cells = {(round((s.x - box.x) / cw), round((s.y - box.y) / ch)) for s in slots}
        bl, bb, br, bt = sides.bleed
        for slot, item in zip(slots, block.items):
            col, row = round((slot.x - box.x) / cw), round((slot.y - box.y) / ch)
            x0 = slot.x - (0 if (col - 1, row) in cells else bl)
            x1 = slot.right + (0 if (col + 1, row) in cells else br)
            y0 = slot.y - (0 if (col, row - 1) in cells else bb)
            y1 = slot.top + (0 if (col, row + 1) in cells else bt)
            clip = Box(x0, y0, x1 - x0, y1 - y0)
            place(c, replace(slot, clip=clip), block.grid.item_w, block.grid.item_h, lambda cv, it=item: draw(cv, it))
        xs = sorted({round(s.x, 4) for s in slots} | {round(s.right, 4) for s in slots})
        ys = sorted({round(s.y, 4) for s in slots} | {round(s.top, 4) for s in slots})
        crop_marks(c, box, xs, ys, sides)
    if backs == "gutterfold":
        _fold_guide(c, paper, bounds)
    cap_box = Box(EDGE, EDGE, pw - 2 * EDGE, ph - 2 * EDGE)
    caption_line(c, paper, cap_side, cap_box, caption)
    if bar:
        spot = _bar_place(paper, blocks, all_sides, cap_side)
        if spot:
            scale_bar(c, *spot)
        else:  # the page was packed with room kept free at the foot (see impose)
            scale_bar(c, (pw - BAR) / 2, EDGE + (CAPTION_H + 0.5 if cap_side == 1 else 0.0))


def _bar_place(paper: str, blocks, all_sides, cap_side: int):
    boxes = [b for b, *_rest in blocks]
    bounds = _bounds(boxes)
    for side in [s for s in (1, 3, 2, 0) if s != cap_side]:
        cuts = []
        for box, block, slots, _d in blocks:
            if side in (1, 3):
                cuts += [s.x for s in slots] + [s.right for s in slots]
            else:
                cuts += [s.y for s in slots] + [s.top for s in slots]
        k = min(range(len(blocks)), key=lambda j: boxes[j].y if side == 1 else -boxes[j].top if side == 3 else 0)
        spot = _bar_spot(bounds, cuts, side, paper, all_sides[k])
        if spot:
            return spot
    return None


def _side_geometry(paper: str, backs: str, blocks, bleed: float):
    """(caption side, each block's Sides) of one side of a sheet."""
    pw, _ph = paper_size(paper)
    fold_x = pw / 2 if backs == "gutterfold" else None
    boxes = [b for b, *_rest in blocks]
    cap_side = _caption_side(paper, _bounds(boxes), backs == "gutterfold", bleed)
    out = []
    for k, box in enumerate(boxes):
        others = [o for j, o in enumerate(boxes) if j != k]
        gap = block_gap(bleed) + 1
        below = any(o.top <= box.y + 1e-6 and o.right > box.x and o.x < box.right and box.y - o.top < gap for o in others)
        above = any(o.y >= box.top - 1e-6 and o.right > box.x and o.x < box.right and o.y - box.top < gap for o in others)
        out.append(_sides(box, paper, bleed, (False, below, False, above), cap_side, fold_x))
    return cap_side, out


def _fold_guide(c, paper: str, bounds: Box) -> None:
    """The dashed fold line down the page's middle, between the fronts' and the backs' bleeds; the word 'fold'
    along it just above the grids where the margin has room (the line breaks for it)."""
    pw, ph = paper_size(paper)
    x = pw / 2
    room = ph - EDGE - CAPTION_H - 1 - bounds.top - 1.5
    word = _("fold")
    long = fonts.width(word, fonts.SANS, 6.0) + 0.5
    shown = room >= long + 2
    c.saveState()
    c.setStrokeColorRGB(0.2, 0.2, 0.6)
    c.setLineWidth(0.4)
    c.setDash(1.5 * mm, 1 * mm)
    c.line(x * mm, (bounds.top + (1.5 + long + 1 if shown else 1)) * mm, x * mm, (ph - EDGE - CAPTION_H - 1) * mm)
    c.line(x * mm, (bounds.y - 1) * mm, x * mm, (EDGE + CAPTION_H + 1) * mm)
    if shown:  # read upwards, on the line itself: clear of the crop marks either side of the fold
        c.translate((x + 1.0) * mm, (bounds.top + 1.5) * mm)
        c.rotate(90)
        fonts.draw_fit(c, word, 0, 0, long, 2.2, fonts.SANS, 6.0, align="left", valign="bottom", min_size=6.0,
                       colour=(0.2, 0.2, 0.6), max_lines=1)
    c.restoreState()


def impose(c, paper: str, sections: Sequence[Section], bleed: float, backs: str, offset: tuple[float, float],
           caption: Callable[[int, int], str], on_page: Callable[[], None] | None = None, bar: bool = True) -> int:
    """Draw the sections page by page (fronts, then a backs page for duplex); returns the pages drawn."""
    pages = pack(paper, backs, sections, bleed=bleed)
    if bar and pages:
        probe = [(b.box, b, front_slots(b), b.draw_front) for b in pages[0].blocks]
        if backs == "gutterfold":
            probe += [(_bounds(sl), b, sl, b.draw_back) for b in pages[0].blocks if b.draw_back
                      for sl in [[back_slot(s, paper, backs, offset) for s in front_slots(b)]]]
        cap_side, sides = _side_geometry(paper, backs, probe, bleed)
        if _bar_place(paper, probe, sides, cap_side) is None:
            pages = pack(paper, backs, sections, reserve=BAR_H + MARK_GAP + MARK_LEN + bleed + 2.0, bleed=bleed)
    drawn = 0
    pw, ph = paper_size(paper)
    for n, page in enumerate(pages, 1):
        fronts = []
        for block in page.blocks:
            slots = front_slots(block)
            fronts.append((block.box, block, slots, block.draw_front))
        backs_side = []
        for block in page.blocks:
            if block.draw_back is None or backs == "none":
                continue
            slots = [back_slot(s, paper, backs, offset) for s in front_slots(block)]
            bx = _bounds(slots)
            backs_side.append((bx, block, slots, block.draw_back))
        if backs == "gutterfold":
            _draw_side(c, paper, backs, fronts + backs_side, bleed, caption(n, len(pages)), bar and n == 1)
        else:
            _draw_side(c, paper, backs, fronts, bleed, caption(n, len(pages)), bar and n == 1)
        c.showPage()
        drawn += 1
        if on_page:
            on_page()
        if backs in ("long", "short") and backs_side:
            _draw_side(c, paper, backs, backs_side, bleed, _("{caption} · backs").format(caption=caption(n, len(pages))), False)
            c.showPage()
            drawn += 1
            if on_page:
                on_page()
    return drawn


# -- free pages (reference, dice, save, credits) ------------------------------------------------------


FOOTER = BAR_H + 2.0


def free_page(paper: str) -> Box:
    """The content area of a page that is not a grid: 10 mm margins, the footer line below."""
    pw, ph = paper_size(paper)
    return Box(MARGIN, MARGIN + FOOTER, pw - 2 * MARGIN, ph - 2 * MARGIN - FOOTER)


def footer(c, paper: str, caption: str, first: bool) -> None:
    """The caption at the foot of a free page, beside the scale bar on the first page."""
    pw, _ph = paper_size(paper)
    x = MARGIN
    if first:
        scale_bar(c, MARGIN, MARGIN)
        x = MARGIN + BAR + 5
    fonts.draw_fit(c, caption, x, MARGIN, pw - MARGIN - x, CAPTION_H + 0.4, fonts.SANS, 6.5, align="right",
                   valign="bottom", colour=(0.3, 0.3, 0.3), min_size=6.0, max_lines=1)
