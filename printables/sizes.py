"""Paper and card sizes, the margins and marks a sheet keeps, and the grid of items that fits a page.

All lengths are millimetres, origin at the page's bottom-left (reportlab's convention); see sheet.py for
the rules a sheet follows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from companion.errors import UsageError
from companion.i18n import _

MIN_CARD = 25.0  # a card's shortest side: its name, a pointer to the rules page and its QR code or words
QR_ALWAYS = 28.0  # from this side up every card keeps its QR code; below, a card whose words need the room leaves it out
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
MARK_GAP = 0.5  # between the bleed's edge and a crop mark
MARK_LEN = 4.0  # every crop mark's length
MIN_MARK = MARK_LEN  # a grid keeps the asked bleed and whole marks on every side, or holds a row fewer
MIN_BLOCK_GAP = 10.0  # between two grids on a page, at the least
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
    if not (MIN_CARD <= w <= 180 and MIN_CARD <= h <= 250):
        raise UsageError(_("card size {size!r}: each side must be {lo:g}..180 x {lo:g}..250 mm").format(size=size, lo=MIN_CARD))
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
    if any(offset) and backs not in ("long", "short"):
        raise UsageError(_("back offset {offset:g},{offset2:g} mm: only duplex backs (long, short) are shifted; {backs} has no second side to drift").format(
            offset=offset[0], offset2=offset[1], backs=backs))


def outside(bleed: float) -> float:
    """What a grid needs outside its trims on a side: the bleed, the gap and a whole crop mark."""
    return bleed + MARK_GAP + MARK_LEN


def reach(bleed: float) -> float:
    """Trim to paper edge on an outer side of a grid: its bleed and marks, then EDGE."""
    return EDGE + outside(bleed)


def block_gap(bleed: float) -> float:
    """Between two grids stacked on a page: each grid's bleed and marks, clear of the other's."""
    return max(MIN_BLOCK_GAP, 2 * outside(bleed) + 1.0)


def fold_gutter(bleed: float) -> float:
    """Gutterfold: between the fronts and the backs, the fold in the middle: each side's bleed and a hair. No
    marks there: a folded pair is cut by the marks on its outer sides, which show on both faces."""
    return 2 * (bleed + 0.5)


def area(paper: str, backs: str, bleed: float = 3.0) -> Box:
    """Where trims may go: the page less each side's reach (gutterfold: the half left of the fold)."""
    pw, ph = paper_size(paper)
    r = reach(bleed)
    if backs == "gutterfold":
        return Box(r, r, pw / 2 - fold_gutter(bleed) / 2 - r, ph - 2 * r)
    return Box(r, r, pw - 2 * r, ph - 2 * r)


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


@lru_cache(maxsize=4096)
def best_grid(w: float, h: float, room_w: float, room_h: float, rotate: bool = True) -> Grid:
    """The grid holding the most items in the room (upright first on a tie)."""
    best = Grid(w, h, False, 0, 0)
    for rot in ((False, True) if rotate and abs(w - h) > 1e-6 else (False,)):
        cw, ch = (h, w) if rot else (w, h)
        g = Grid(w, h, rot, int(math.floor((room_w + 1e-9) / cw)), int(math.floor((room_h + 1e-9) / ch)))
        if g.count > best.count:
            best = g
    return best
