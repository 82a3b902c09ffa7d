"""The sheet engine: paper and card sizes, the imposed grid, crop marks, backs, and the scale check.

All lengths are millimetres, origin at the page's bottom-left (reportlab's convention). Pages keep
their paper size exactly: the grid is drawn by hand on a fixed page (reportlab's own crop-mark mode
enlarges the page and scales the content, which breaks the printed size).

Rules (GUIDE §6): artwork, bleed included, stays 10 mm from the page edge; crop marks are hairlines
2 mm to 7 mm outside the trim, in that margin, so they never run to the edge; the grid is centred
across the page; a 50 mm square and a mm ruler with 'print at 100% / actual size' go on every sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

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
MARGIN = 10.0
MARK_GAP, MARK_LEN = 2.0, 5.0
MARK_REACH = MARK_GAP + MARK_LEN
BLOCK_CLEAR = MARK_REACH + 3.0  # from a trim to the scale block
SQUARE = 50.0
RULER_H = 7.0
BLOCK_H = SQUARE + 1.0 + RULER_H
MAX_OFFSET = 5.0  # a larger back offset would push artwork into the margin
HAIRLINE = 0.25  # pt
CUT_RGB = (0.35, 0.35, 0.36)  # the trim / cut outline colour (tests find trims by it)
MARK_RGB = (0.0, 0.0, 0.0)


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
    spin: int = 0  # extra rotation of the content, degrees (180 for backs read after a short flip)


@dataclass(frozen=True)
class Layout:
    paper: str
    page_w: float
    page_h: float
    item_w: float  # the item as designed (unrotated)
    item_h: float
    bleed: float
    gap: float
    cols: int
    rows: int
    slots: tuple[Slot, ...]  # fronts, in reading order
    back_slots: tuple[Slot, ...]  # where each front's back goes (same page for gutterfold)
    backs: str
    block: Box  # the scale check
    ruler: float  # ruler length, mm
    fold_y: float | None = None


def _fits(aw: float, ah: float, w: float, h: float, gap: float) -> tuple[int, int]:
    cols = int(math.floor((aw + gap + 1e-9) / (w + gap)))
    rows = int(math.floor((ah + gap + 1e-9) / (h + gap)))
    return max(cols, 0), max(rows, 0)


def layout(paper: str, item_w: float, item_h: float, bleed: float = 3.0, backs: str = "none",
           offset: tuple[float, float] = (0.0, 0.0), gap: float | None = None, rotate: bool = True) -> Layout:
    """The most items a page holds with the rules above; the grid is centred across the page."""
    pw, ph = paper_size(paper)
    if backs not in BACKS:
        raise UsageError(_("backs {backs!r}: accepted: {items}").format(backs=backs, items=', '.join(BACKS)))
    if not 0 <= bleed <= 5:
        raise UsageError(_("bleed {bleed} mm: accepted 0..5 mm").format(bleed=bleed))
    if any(abs(v) > MAX_OFFSET for v in offset):
        raise UsageError(_("back offset {offset},{offset2} mm: each must be within ±{max_offset:g} mm").format(offset=offset[0], offset2=offset[1], max_offset=MAX_OFFSET))
    gap = 2 * bleed if gap is None else gap
    inset = MARGIN + bleed
    best = None
    for rot in ((False, True) if rotate and abs(item_w - item_h) > 1e-6 else (False,)):
        w, h = (item_h, item_w) if rot else (item_w, item_h)
        for place in ("below", "right"):
            aw, ah = pw - 2 * inset, ph - 2 * inset
            if place == "below":
                ah = ph - inset - MARGIN - BLOCK_CLEAR - BLOCK_H
            else:
                aw = pw - inset - MARGIN - BLOCK_CLEAR - SQUARE
            if backs == "gutterfold":
                cols, rows2 = _fits(aw, ah, w, h, gap)
                rows = rows2 // 2
            else:
                cols, rows = _fits(aw, ah, w, h, gap)
            n = cols * rows
            if best is None or n > best[0]:
                best = (n, rot, place, cols, rows, w, h)
    n, rot, place, cols, rows, w, h = best
    if n == 0:
        raise UsageError(_("a {item_w:g}x{item_h:g} mm item does not fit on {paper} with 10 mm margins and the scale check").format(item_w=item_w, item_h=item_h, paper=paper))
    grid_rows = rows * 2 if backs == "gutterfold" else rows
    gw = cols * w + (cols - 1) * gap
    gh = grid_rows * h + (grid_rows - 1) * gap
    ruler = SQUARE
    if place == "below":
        ruler = min(100.0, pw - 2 * MARGIN)
        total = gh + BLOCK_CLEAR + BLOCK_H
        free = ph - total - (inset + MARGIN)
        gtop = ph - inset - free / 2
        gx = (pw - gw) / 2
        block = Box(gx + (gw - ruler) / 2 if ruler <= gw else (pw - ruler) / 2, gtop - gh - BLOCK_CLEAR - BLOCK_H, ruler, BLOCK_H)
    else:
        total = gw + BLOCK_CLEAR + SQUARE
        free = pw - total - (inset + MARGIN)
        gx = inset + free / 2
        gtop = (ph + gh) / 2
        block = Box(gx + gw + BLOCK_CLEAR, (ph - BLOCK_H) / 2, SQUARE, BLOCK_H)
    slots = []
    for r in range(rows):
        for col in range(cols):
            slots.append(Slot(gx + col * (w + gap), gtop - (r + 1) * h - r * gap, w, h, rot))
    fold_y = None
    dx, dy = offset
    if backs == "gutterfold":
        fold_y = gtop - rows * h - (rows - 1) * gap - gap / 2
        back = tuple(Slot(s.x, 2 * fold_y - s.y - s.h, s.w, s.h, rot, 180) for s in slots)
    elif backs == "long":
        back = tuple(Slot(pw - s.x - s.w + dx, s.y + dy, s.w, s.h, rot, 0) for s in slots)
    elif backs == "short":
        back = tuple(Slot(s.x + dx, ph - s.y - s.h + dy, s.w, s.h, rot, 180) for s in slots)
    else:
        back = ()
    return Layout(paper, pw, ph, item_w, item_h, bleed, gap, cols, rows, tuple(slots), back, backs, block, ruler, fold_y)


# -- drawing ------------------------------------------------------------------------------------


def new_canvas(target, paper: str, title: str):
    """A canvas on a fixed page of the paper's exact size, fonts registered."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    pw, ph = paper_size(paper)
    c = Canvas(target, pagesize=(pw * mm, ph * mm), pageCompression=1, initialFontName=fonts.SANS, initialFontSize=10)
    c.setTitle(title)
    c.setAuthor("castaway")
    c.setCreator("castaway printables")
    return c


def place(c, slot: Slot, w: float, h: float, draw: Callable) -> None:
    """Run draw(c) with the origin at the item's bottom-left trim corner, rotated into the slot."""
    c.saveState()
    c.translate((slot.x + slot.w / 2) * mm, (slot.y + slot.h / 2) * mm)
    angle = (90 if slot.rotated else 0) + slot.spin
    if angle % 360:
        c.rotate(angle)
    c.translate(-w / 2 * mm, -h / 2 * mm)
    draw(c)
    c.restoreState()


def cut_outline(c, w: float, h: float, radius: float = 0.0) -> None:
    """The trim as a hairline in the cut colour (in item coordinates)."""
    c.saveState()
    c.setStrokeColorRGB(*CUT_RGB)
    c.setLineWidth(HAIRLINE)
    if radius > 0:
        c.roundRect(0, 0, w * mm, h * mm, radius * mm, stroke=1, fill=0)
    else:
        c.rect(0, 0, w * mm, h * mm, stroke=1, fill=0)
    c.restoreState()


def crop_marks(c, slots: Iterable[Box]) -> None:
    """Marks on the outside of the grid, in line with every trim edge, never on a trim."""
    slots = list(slots)
    if not slots:
        return
    left = min(s.x for s in slots)
    right = max(s.right for s in slots)
    bottom = min(s.y for s in slots)
    top = max(s.top for s in slots)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.top)})
    c.saveState()
    c.setStrokeColorRGB(*MARK_RGB)
    c.setLineWidth(HAIRLINE)
    for x in xs:
        c.line(x * mm, (top + MARK_GAP) * mm, x * mm, (top + MARK_REACH) * mm)
        c.line(x * mm, (bottom - MARK_GAP) * mm, x * mm, (bottom - MARK_REACH) * mm)
    for y in ys:
        c.line((left - MARK_REACH) * mm, y * mm, (left - MARK_GAP) * mm, y * mm)
        c.line((right + MARK_GAP) * mm, y * mm, (right + MARK_REACH) * mm, y * mm)
    c.restoreState()


def scale_check(c, box: Box, ruler: float, caption: str = "") -> None:
    """The 50 mm square (with the printing instructions and the sheet's caption inside) and a mm ruler."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    sq = Box(box.x, box.top - SQUARE, SQUARE, SQUARE)
    c.rect(sq.x * mm, sq.y * mm, SQUARE * mm, SQUARE * mm, stroke=1, fill=0)
    inner = sq.inset(2.5)
    fonts.draw_fit(c, _("50 mm"), inner.x, inner.top - 6, inner.w, 6, fonts.BOLD, 11, align="center")
    fonts.draw_fit(c, _("Print at 100% / actual size. Turn 'fit to page' off: this square must measure 50 mm."),
                   inner.x, inner.top - 19, inner.w, 12, fonts.SANS, 7, align="center")
    if caption:
        fonts.draw_fit(c, caption, inner.x, inner.y, inner.w, inner.h - 21, fonts.SANS, 6.5, align="center", valign="middle",
                       colour=(0.25, 0.25, 0.25))
    # the ruler: mm ticks under the square, numbered every centimetre
    y0 = box.y + RULER_H
    c.setLineWidth(HAIRLINE)
    c.line(box.x * mm, y0 * mm, (box.x + ruler) * mm, y0 * mm)
    c.setFont(fonts.SANS, 5)
    for i in range(int(ruler) + 1):
        t = 3.0 if i % 10 == 0 else 2.0 if i % 5 == 0 else 1.2
        c.line((box.x + i) * mm, y0 * mm, (box.x + i) * mm, (y0 - t) * mm)
        if i % 10 == 0:
            label = str(i // 10) if i < ruler else f"{i // 10} cm"
            if i == 0:
                c.drawString((box.x + 0.4) * mm, (box.y + 1.0) * mm, label)
            elif i >= ruler - 0.5:
                c.drawRightString((box.x + i - 0.4) * mm, (box.y + 1.0) * mm, label)
            else:
                c.drawCentredString((box.x + i) * mm, (box.y + 1.0) * mm, label)
    c.restoreState()


def mirrored_block(lay: Layout) -> Box:
    b = lay.block
    if lay.backs == "long":
        return Box(lay.page_w - b.x - b.w, b.y, b.w, b.h)
    if lay.backs == "short":
        return Box(b.x, lay.page_h - b.y - b.h, b.w, b.h)
    return b


def fold_marks(c, lay: Layout) -> None:
    """Dashed fold guides beside the grid on a gutterfold sheet, with the word 'fold'."""
    if lay.fold_y is None:
        return
    left = min(s.x for s in lay.slots)
    right = max(s.right for s in lay.slots)
    y = lay.fold_y
    c.saveState()
    c.setStrokeColorRGB(0.2, 0.2, 0.6)
    c.setLineWidth(0.4)
    c.setDash(1.5 * mm, 1 * mm)
    c.line((left - MARK_REACH) * mm, y * mm, (left - MARK_GAP) * mm, y * mm)
    c.line((right + MARK_GAP) * mm, y * mm, (right + MARK_REACH) * mm, y * mm)
    c.restoreState()


def impose(c, lay: Layout, items: Sequence, front: Callable, back: Callable | None, caption: Callable[[int, int], str],
           on_page: Callable[[], None] | None = None) -> int:
    """Draw the items page by page (fronts, then a backs page for duplex); returns the pages drawn.

    front(c, item) and back(c, item) draw in item coordinates: (0, 0)-(item_w, item_h) is the trim,
    the bleed runs lay.bleed beyond it.
    """
    per = len(lay.slots)
    chunks = [items[i:i + per] for i in range(0, len(items), per)] or [[]]
    sheets = len(chunks)
    pages = 0
    with_backs = back is not None and lay.backs != "none"
    for n, chunk in enumerate(chunks, 1):
        used = lay.slots[:len(chunk)]
        for slot, item in zip(used, chunk):
            place(c, slot, lay.item_w, lay.item_h, lambda cv, it=item: front(cv, it))
        marked = list(used)
        if with_backs and lay.backs == "gutterfold":
            bused = lay.back_slots[:len(chunk)]
            for slot, item in zip(bused, chunk):
                place(c, slot, lay.item_w, lay.item_h, lambda cv, it=item: back(cv, it))
            marked += bused
            fold_marks(c, lay)
        crop_marks(c, marked)
        scale_check(c, lay.block, lay.ruler, caption(n, sheets))
        c.showPage()
        pages += 1
        if on_page:
            on_page()
        if with_backs and lay.backs in ("long", "short"):
            bused = lay.back_slots[:len(chunk)]
            for slot, item in zip(bused, chunk):
                place(c, slot, lay.item_w, lay.item_h, lambda cv, it=item: back(cv, it))
            crop_marks(c, bused)
            scale_check(c, mirrored_block(lay), lay.ruler, _("{caption} · backs").format(caption=caption(n, sheets)))
            c.showPage()
            pages += 1
    return pages


def free_page(paper: str) -> tuple[Box, Box, float]:
    """For sheets that are not a grid (dice, reference, save): (content area, scale block, ruler)."""
    pw, ph = paper_size(paper)
    ruler = min(100.0, pw - 2 * MARGIN)
    block = Box(MARGIN, MARGIN, ruler, BLOCK_H)
    content = Box(MARGIN, MARGIN + BLOCK_H + 4, pw - 2 * MARGIN, ph - 2 * MARGIN - BLOCK_H - 4)
    return content, block, ruler


def with_offset(slot: Slot, dx: float, dy: float) -> Slot:
    return replace(slot, x=slot.x + dx, y=slot.y + dy)
