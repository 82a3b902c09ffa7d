"""Items packed onto pages: each section's densest grid fills pages, leftovers share a page, the grids
are stacked and centred; where each front goes and where its back lands for a duplex flip or a fold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from companion.errors import UsageError
from companion.i18n import _

from .sizes import CAPTION_H, Box, Grid, Slot, area, best_grid, block_gap, paper_size, reach


def per_sheet(paper: str, w: float, h: float, backs: str = "none", bleed: float = 3.0) -> int:
    """How many w x h items one sheet holds (gutterfold: fronts, each with its back beside)."""
    try:
        pages = pack(paper, backs, [Section([None] * 400, (w, h), lambda c, it: None, None)], bleed=bleed)
    except UsageError:
        return 0
    return len(pages[0].blocks[0].items) if pages else 0


def largest_bleed(paper: str, w: float, h: float, backs: str) -> float | None:
    """The largest bleed (quarter millimetres, 5 mm at most) with which one w x h item fits, or None."""
    for q in range(20, -1, -1):
        if per_sheet(paper, w, h, backs, q / 4) > 0:
            return q / 4
    return None


def check_fits(paper: str, w: float, h: float, backs: str, bleed: float = 0.0) -> None:
    """Refuses an item that does not fit with the bleed asked: naming the largest bleed that fits, if any."""
    if per_sheet(paper, w, h, backs, bleed) > 0:
        return
    most = largest_bleed(paper, w, h, backs)
    if most is None:
        raise UsageError(_("a {item_w:g}x{item_h:g} mm item does not fit on {paper} with the margins a printer needs").format(item_w=w, item_h=h, paper=paper))
    raise UsageError(_("--bleed {bleed:g}: a {item_w:g}x{item_h:g} mm card fits on {paper} with a bleed of {most:g} mm at most").format(
        bleed=bleed, item_w=w, item_h=h, paper=paper, most=most))


# -- pages: blocks of grids -----------------------------------------------------------------------


@dataclass
class Block:
    """One grid on a page: its items in reading order, with their front slots."""

    grid: Grid
    x: float
    y: float  # bottom-left of the grid's trims
    items: list
    draw_front: Callable  # its section's front and back (packing.Section)
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
    gap: float = 10.0  # between two of its grids

    def height(self) -> float:
        return sum(b.h for b in self.blocks) + self.gap * max(0, len(self.blocks) - 1)


@dataclass(frozen=True)
class Section:
    items: Sequence[Any]
    size: tuple[float, float]
    front: Callable  # front(c, item) in item coordinates, (0, 0)-(w, h) the trim
    back: Callable | None  # back(c, item), or None for items without a back
    rotate: bool = True


CAPTION_LINE = CAPTION_H + 0.3  # the caption's line beyond a grid's reach


def caption_room(bleed: float) -> float:
    """A margin that holds the caption beyond the grid's bleed and marks."""
    return reach(bleed) + CAPTION_LINE


def pack(paper: str, backs: str, sections: Sequence[Section], reserve: float = 0.0, bleed: float = 3.0) -> list[Page]:
    """Sections of items into pages: each fills pages with its densest grid; leftovers go on the first page
    with room left for them, so that no sheet is left mostly empty when its items fit on another.

    A page keeps room for its caption: in a side margin when every grid on it leaves one, else above and
    below. reserve: mm kept free at the foot of the first page (for the scale bar when no margin holds it)."""
    pw, ph = paper_size(paper)
    room = area(paper, backs, bleed)
    gap = block_gap(bleed)
    tall = room.h  # the grids' height when the caption can go beside them
    short = room.h - CAPTION_LINE  # when it must go above them

    def side_ok(width: float) -> bool:
        return backs != "gutterfold" and (pw - width) / 2 >= caption_room(bleed)

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
            page: Page | None = None
            grid: Grid | None = None
            for k, candidate in enumerate(pages):  # the first page with room left for some of them (first fit)
                if not candidate.blocks:
                    continue
                foot = reserve if k == 0 else 0.0
                for limit in (tall, short):
                    left = limit - foot - candidate.height() - gap
                    g = best_grid(w, h, room.w, left, sec.rotate) if left > 0 else None
                    if not g or not g.count:
                        continue
                    widths = [b.w for b in candidate.blocks] + [g.cols * g.cell[0]]
                    if limit == tall and not all(side_ok(x) for x in widths):
                        continue
                    if g.rotated == full.rotated or g.count >= min(len(items), full.count):
                        grid = g
                        break
                if grid is not None:
                    page = candidate
                    break
            if page is None or grid is None:  # no page had room (the two are found together)
                page = Page(gap=gap)
                pages.append(page)
                grid = full
                if len(pages) == 1 and reserve:
                    limit = tall if side_ok(full.cols * full.cell[0]) else short
                    grid = best_grid(w, h, room.w, limit - reserve, sec.rotate)
            take, items = items[:grid.count], items[grid.count:]
            page.blocks.append(Block(grid, 0.0, 0.0, take, sec.front, sec.back))
    for k, page in enumerate(pages):
        beside = all(side_ok(b.w) for b in page.blocks)
        _place_blocks(page, paper, backs, reserve if k == 0 else 0.0, 0.0 if beside else CAPTION_LINE, bleed)
    return pages


def _place_blocks(page: Page, paper: str, backs: str, reserve: float = 0.0, caption: float = 0.0, bleed: float = 3.0) -> None:
    """Stack the page's grids, centred across the area and down the page (above a reserved foot, below the
    caption's line when it goes above them)."""
    pw, ph = paper_size(paper)
    room = area(paper, backs, bleed)
    top = (ph - caption + reserve + page.height()) / 2
    for b in page.blocks:
        if backs == "gutterfold":  # fronts hug the fold, so each back lands just across it
            b.x = room.right - b.w
        else:
            b.x = (pw - b.w) / 2
        b.y = top - b.h
        top -= b.h + page.gap


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
