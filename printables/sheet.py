"""The sheet engine: paper and card sizes, dense grids with shared cut lines, crop marks, backs, scale check.

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

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from reportlab.lib.units import mm

from companion.errors import UsageError

from . import fonts
from companion.i18n import _

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini": (44.5, 63.5),
    "euro": (59.0, 92.0),
    "tarot": (69.9, 120.7),
}
BACKS = ("none", "long", "short", "gutterfold")
EDGE = 3.0  # nothing printed closer to the paper's edge
MIN_TRIM_MARGIN = 5.0  # trim to paper edge: room for EDGE and a short crop mark
MARK_GAP = 0.5  # between the bleed's edge and a crop mark
MARK_LEN = 4.0  # longest crop mark
MIN_MARK = 1.5
BLOCK_GAP = 12.0  # between two grids stacked on a page (both grids' bleed and marks)
FOLD_GUTTER = 14.0  # gutterfold: between the fronts and the backs
CAPTION_PT = 6.0
CAPTION_H = 2.6  # mm of a 6 pt line
BAR = 50.0  # the scale bar's length
BAR_H = 6.0  # the scale bar with its words
MAX_OFFSET = 5.0
HAIRLINE = 0.25  # pt
MARK_RGB = (0.0, 0.0, 0.0)  # crop marks only (tests find the cut lines by it)
BAR_RGB = (0.15, 0.15, 0.15)
# kept for the dice stickers, which are cut one by one along their outline (not a grid)
CUT_RGB = (0.35, 0.35, 0.36)
MARGIN = 10.0  # free pages (reference, dice, save, credits): content stays this far from the edge


def paper_size(paper: str) -> tuple[float, float]:
    key = paper.strip().lower()
    if key not in PAPERS:
        raise UsageError(_("paper {paper!r}: accepted: {items}").format(paper=paper, items=', '.join(PAPERS)))
    return PAPERS[key]


def card_size(size: str) -> tuple[float, float]:
    """A named card size, or a custom 'WxH' in mm (e.g. 70x120)."""
    key = size.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    bits = key.replace("×", "x").replace("mm", "").split("x")
    try:
        w, h = (float(b) for b in bits)
    except ValueError:
        raise UsageError(_("card size {size!r}: accepted: {items} or WxH in mm, e.g. 70x120").format(size=size, items=', '.join(CARD_SIZES))) from None
    if not (20 <= w <= 180 and 20 <= h <= 250):
        raise UsageError(_("card size {size!r}: each side must be 20..180 x 20..250 mm").format(size=size))
    return w, h


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> "Box":
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


@dataclass(frozen=True)
class Slot(Box):
    rotated: bool = False
    spin: int = 0  # extra rotation of the content, degrees (180 for backs turned by the flip)
    clip: Box | None = None  # the trim plus the bleed this slot may paint (outer sides of its grid only)


def check_options(paper: str, bleed: float, backs: str, offset: tuple[float, float]) -> None:
    paper_size(paper)
    if backs not in BACKS:
        raise UsageError(_("backs {backs!r}: accepted: {items}").format(backs=backs, items=', '.join(BACKS)))
    if not 0 <= bleed <= 5:
        raise UsageError(_("bleed {bleed} mm: accepted 0..5 mm").format(bleed=bleed))
    if any(abs(v) > MAX_OFFSET for v in offset):
        raise UsageError(_("back offset {offset},{offset2} mm: each must be within ±{max_offset:g} mm").format(offset=offset[0], offset2=offset[1], max_offset=MAX_OFFSET))


def area(paper: str, backs: str) -> Box:
    """Where trims may go: the page less MIN_TRIM_MARGIN (gutterfold: the half left of the fold)."""
    pw, ph = paper_size(paper)
    if backs == "gutterfold":
        return Box(MIN_TRIM_MARGIN, MIN_TRIM_MARGIN, pw / 2 - FOLD_GUTTER / 2 - MIN_TRIM_MARGIN, ph - 2 * MIN_TRIM_MARGIN)
    return Box(MIN_TRIM_MARGIN, MIN_TRIM_MARGIN, pw - 2 * MIN_TRIM_MARGIN, ph - 2 * MIN_TRIM_MARGIN)


@dataclass(frozen=True)
class Grid:
    item_w: float  # as designed (unrotated)
    item_h: float
    rotated: bool
    cols: int
    rows: int

    @property
    def cell(self) -> tuple[float, float]:
        return (self.item_h, self.item_w) if self.rotated else (self.item_w, self.item_h)

    @property
    def count(self) -> int:
        return self.cols * self.rows


def best_grid(w: float, h: float, room_w: float, room_h: float, rotate: bool = True) -> Grid:
    """The grid holding the most items in the room (upright first on a tie)."""
    best = Grid(w, h, False, 0, 0)
    for rot in ((False, True) if rotate and abs(w - h) > 1e-6 else (False,)):
        cw, ch = (h, w) if rot else (w, h)
        g = Grid(w, h, rot, int(math.floor((room_w + 1e-9) / cw)), int(math.floor((room_h + 1e-9) / ch)))
        if g.count > best.count:
            best = g
    return best


def per_sheet(paper: str, w: float, h: float, backs: str = "none") -> int:
    """How many w x h items one sheet holds (gutterfold: fronts, each with its back beside)."""
    pages = pack(paper, backs, [Section([None] * 400, (w, h), lambda c, it: None, None)])
    return len(pages[0].blocks[0].items) if pages else 0


def check_fits(paper: str, w: float, h: float, backs: str) -> None:
    if per_sheet(paper, w, h, backs) == 0:
        raise UsageError(_("a {item_w:g}x{item_h:g} mm item does not fit on {paper} with the margins a printer needs").format(item_w=w, item_h=h, paper=paper))


# -- pages: blocks of grids -----------------------------------------------------------------------


@dataclass
class Block:
    """One grid on a page: its items in reading order, with their front slots."""

    grid: Grid
    x: float
    y: float  # bottom-left of the grid's trims
    items: list = field(default_factory=list)
    draw_front: Callable | None = None
    draw_back: Callable | None = None

    @property
    def w(self) -> float:
        return self.grid.cols * self.grid.cell[0]

    @property
    def h(self) -> float:
        return self.rows_used * self.grid.cell[1]

    @property
    def rows_used(self) -> int:
        return -(-len(self.items) // self.grid.cols)

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.w, self.h)


@dataclass
class Page:
    blocks: list[Block] = field(default_factory=list)

    def height(self) -> float:
        return sum(b.h for b in self.blocks) + BLOCK_GAP * max(0, len(self.blocks) - 1)


@dataclass(frozen=True)
class Section:
    items: Sequence[Any]
    size: tuple[float, float]
    front: Callable  # front(c, item) in item coordinates, (0, 0)-(w, h) the trim
    back: Callable | None  # back(c, item), or None for items without a back
    rotate: bool = True


CAPTION_ROOM = EDGE + CAPTION_H + 0.3 + MARK_GAP + MIN_MARK  # a margin that holds the caption beside short marks


def pack(paper: str, backs: str, sections: Sequence[Section], reserve: float = 0.0) -> list[Page]:
    """Sections of items into pages: each fills pages with its densest grid; leftovers share a page.

    A page keeps room for its caption: in a side margin when every grid on it leaves one, else above and
    below. reserve: mm kept free at the foot of the first page (for the scale bar when no margin holds it)."""
    pw, ph = paper_size(paper)
    room = area(paper, backs)
    tall = room.h  # the grids' height when the caption can go beside them
    short = ph - 2 * CAPTION_ROOM  # when it must go above them

    def side_ok(width: float) -> bool:
        return backs != "gutterfold" and (pw - width) / 2 >= CAPTION_ROOM

    pages: list[Page] = []
    for sec in sections:
        items = list(sec.items)
        w, h = sec.size
        full = best_grid(w, h, room.w, tall, sec.rotate)
        if full.count and not side_ok(full.cols * full.cell[0]):
            full = best_grid(w, h, room.w, short, sec.rotate)
        if full.count == 0:
            raise UsageError(_("a {item_w:g}x{item_h:g} mm item does not fit on {paper} with the margins a printer needs").format(item_w=w, item_h=h, paper=paper))
        while items:
            page = pages[-1] if pages else None
            grid = None
            if page is not None and page.blocks:
                foot = reserve if len(pages) == 1 else 0.0
                for limit in (tall, short):
                    left = limit - foot - page.height() - BLOCK_GAP
                    g = best_grid(w, h, room.w, left, sec.rotate) if left > 0 else None
                    if not g or not g.count:
                        continue
                    widths = [b.w for b in page.blocks] + [g.cols * g.cell[0]]
                    if limit == tall and not all(side_ok(x) for x in widths):
                        continue
                    if g.rotated == full.rotated or g.count >= min(len(items), full.count):
                        grid = g
                        break
            if grid is None:
                page = Page()
                pages.append(page)
                grid = full
                if len(pages) == 1 and reserve:
                    limit = tall if side_ok(full.cols * full.cell[0]) else short
                    grid = best_grid(w, h, room.w, limit - reserve, sec.rotate)
            take, items = items[:grid.count], items[grid.count:]
            page.blocks.append(Block(grid, 0.0, 0.0, take, sec.front, sec.back))
    for k, page in enumerate(pages):
        _place_blocks(page, paper, backs, reserve if k == 0 else 0.0)
    return pages


def _place_blocks(page: Page, paper: str, backs: str, reserve: float = 0.0) -> None:
    """Stack the page's grids, centred across the area and down the page (above a reserved foot)."""
    pw, ph = paper_size(paper)
    room = area(paper, backs)
    top = (ph + reserve + page.height()) / 2
    for b in page.blocks:
        if backs == "gutterfold":  # fronts hug the fold, so each back lands just across it
            b.x = room.right - b.w
        else:
            b.x = (pw - b.w) / 2
        b.y = top - b.h
        top -= b.h + BLOCK_GAP


def front_slots(block: Block) -> list[Slot]:
    cw, ch = block.grid.cell
    cols = block.grid.cols
    rows = block.rows_used
    out = []
    for i in range(len(block.items)):
        r, col = divmod(i, cols)
        x = block.x + col * cw
        y = block.y + (rows - 1 - r) * ch
        out.append(Slot(x, y, cw, ch, block.grid.rotated, 0))
    return out


def back_slot(front: Slot, paper: str, backs: str, offset: tuple[float, float]) -> Slot:
    """Where a front's back goes, turned to read upright when the card is turned over sideways."""
    pw, ph = paper_size(paper)
    dx, dy = offset
    if backs == "long":
        return Slot(pw - front.x - front.w + dx, front.y + dy, front.w, front.h, front.rotated, 180 if front.rotated else 0)
    if backs == "short":
        return Slot(front.x + dx, ph - front.y - front.h + dy, front.w, front.h, front.rotated, 0 if front.rotated else 180)
    if backs == "gutterfold":  # folded along the vertical line at the page's middle
        return Slot(pw - front.x - front.w, front.y, front.w, front.h, front.rotated, 180 if front.rotated else 0)
    raise ValueError(backs)


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
            end = BLOCK_GAP / 2 - 0.25
        elif facing_fold:
            end = abs((box.right if i == 2 else box.x) - fold_x) - 0.5
        else:
            end = room[i] - EDGE - (CAPTION_H + 0.3 if caption_side == i else 0.0)
        b = max(0.0, min(bleed, end - MARK_GAP - MIN_MARK))
        start = b + MARK_GAP
        bl.append(b)
        mf.append(start)
        mt.append(max(start, min(start + MARK_LEN, end)))
    return Sides(tuple(bl), tuple(mf), tuple(mt))


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


def _caption_side(paper: str, bounds: Box, gutter: bool) -> int:
    pw, ph = paper_size(paper)
    room = {3: ph - bounds.top, 1: bounds.y, 0: bounds.x, 2: pw - bounds.right}
    need = EDGE + CAPTION_H + 0.3 + MARK_GAP + MIN_MARK
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
    cap_side = _caption_side(paper, _bounds(boxes), backs == "gutterfold")
    out = []
    for k, box in enumerate(boxes):
        others = [o for j, o in enumerate(boxes) if j != k]
        below = any(o.top <= box.y + 1e-6 and o.right > box.x and o.x < box.right and box.y - o.top < BLOCK_GAP + 1 for o in others)
        above = any(o.y >= box.top - 1e-6 and o.right > box.x and o.x < box.right and o.y - box.top < BLOCK_GAP + 1 for o in others)
        out.append(_sides(box, paper, bleed, (False, below, False, above), cap_side, fold_x))
    return cap_side, out


def _fold_guide(c, paper: str, bounds: Box) -> None:
    pw, ph = paper_size(paper)
    x = pw / 2
    c.saveState()
    c.setStrokeColorRGB(0.2, 0.2, 0.6)
    c.setLineWidth(0.4)
    c.setDash(1.5 * mm, 1 * mm)
    c.line(x * mm, (bounds.top + 1) * mm, x * mm, (ph - EDGE - CAPTION_H - 1) * mm)
    c.line(x * mm, (bounds.y - 1) * mm, x * mm, (EDGE + CAPTION_H + 1) * mm)
    c.restoreState()
    if ph - EDGE - CAPTION_H - 1 - bounds.top >= 4.5:  # the word, where the margin has room for it
        fonts.draw_fit(c, _("fold"), x - 8, bounds.top + 1.5, 7, 3, fonts.SANS, 6.5, align="right", min_size=6.0, colour=(0.2, 0.2, 0.6))


def impose(c, paper: str, sections: Sequence[Section], bleed: float, backs: str, offset: tuple[float, float],
           caption: Callable[[int, int], str], on_page: Callable[[], None] | None = None, bar: bool = True) -> int:
    """Draw the sections page by page (fronts, then a backs page for duplex); returns the pages drawn."""
    pages = pack(paper, backs, sections)
    if bar and pages:
        probe = [(b.box, b, front_slots(b), b.draw_front) for b in pages[0].blocks]
        if backs == "gutterfold":
            probe += [(_bounds(sl), b, sl, b.draw_back) for b in pages[0].blocks if b.draw_back
                      for sl in [[back_slot(s, paper, backs, offset) for s in front_slots(b)]]]
        cap_side, sides = _side_geometry(paper, backs, probe, bleed)
        if _bar_place(paper, probe, sides, cap_side) is None:
            pages = pack(paper, backs, sections, reserve=BAR_H + MARK_GAP + MARK_LEN + bleed + 2.0)
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
