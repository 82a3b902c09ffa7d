"""QR codes drawn as vector rectangles from the qrcode package's module matrix (no raster image).

Quiet zone: 4 modules. Level M on cards and sheets, Q on stickers. A module is never under 0.4 mm:
a box too small for the payload is refused rather than printed unreadable.

The mask is the one the qrcode package picks (the lowest penalty of ISO/IEC 18004's four rules, the first of
equals), found cheaply: the data is placed once, each of the eight masks is applied by XOR to rows and columns
held as integers, and the penalties are counted on those (the package places the data nine times and counts
module by module: 16% of a kit's time).
"""

from __future__ import annotations

import re
from functools import lru_cache

import qrcode
import qrcode.constants
from reportlab.lib.units import mm

from companion.i18n import _

QUIET = 4
MIN_MODULE_MM = 0.4
LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}


class QRTooSmall(ValueError):
    pass


@lru_cache(maxsize=4096)
def matrix(payload: str, level: str = "M") -> tuple[tuple[bool, ...], ...]:
    """The dark/light modules without the quiet zone."""
    q = qrcode.QRCode(error_correction=LEVELS[level], border=0, box_size=1)
    q.add_data(payload)
    q.best_fit()
    best = best_mask(q)  # leaves q.modules placed with mask 0, format information light
    flip = [(a ^ b) for a, b in zip(_masks(q.version)[0][0], _masks(q.version)[best][0])]
    for r, bits in enumerate(flip):
        row = q.modules[r]
        while bits:
            low = bits & -bits
            c = low.bit_length() - 1
            row[c] = not row[c]
            bits ^= low
    q.setup_type_info(False, best)
    if q.version >= 7:
        q.setup_type_number(False)
    return tuple(tuple(bool(v) for v in row) for row in q.modules)


class _Probe(qrcode.QRCode):
    """Records which modules carry data (those map_data fills) instead of filling them."""

    free: list[tuple[int, int]] = []

    def map_data(self, data, mask_pattern):
        self.free = [(r, c) for r, row in enumerate(self.modules) for c, v in enumerate(row) if v is None]


@lru_cache(maxsize=64)
def _masks(version: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each of the 8 masks, the bits it flips in each row (bit c: column c) and each column (bit r: row r)."""
    p = _Probe(version=version, border=0)
    p.data_cache = []
    p.makeImpl(True, 0)
    n = p.modules_count
    out = []
    for m in range(8):
        f = qrcode.util.mask_func(m)
        rows, cols = [0] * n, [0] * n
        for r, c in p.free:
            if f(r, c):
                rows[r] |= 1 << c
                cols[c] |= 1 << r
        out.append((tuple(rows), tuple(cols)))
    return tuple(out)


_RUN = re.compile(r"0{5,}|1{5,}")
_FINDER = re.compile(r"(?=10111010000|00001011101)")  # rule 3 both ways (each pattern is the other reversed)


def penalty(rows: list[int], cols: list[int], n: int) -> int:
    """ISO/IEC 18004's mask penalty as the qrcode package counts it, on rows and columns as integers."""
    lines = "2".join([format(v, f"0{n}b") for v in rows] + [format(v, f"0{n}b") for v in cols])  # 2: no run crosses
    runs = _RUN.findall(lines)
    points = sum(map(len, runs)) - 2 * len(runs) + 40 * len(_FINDER.findall(lines))
    full = (1 << n) - 1
    for a, b in zip(rows, rows[1:]):
        dark, light = a & b, ~(a | b) & full
        points += 3 * ((dark & (dark >> 1)).bit_count() + (light & (light >> 1)).bit_count())
    percent = float(sum(v.bit_count() for v in rows)) / (n ** 2)
    return points + int(abs(percent * 100 - 50) / 5) * 10


def best_mask(q: qrcode.QRCode) -> int:
    """The mask the qrcode package's best_mask_pattern picks for q (version fitted), the data placed once."""
    q.makeImpl(True, 0)
    n = q.modules_count
    rows = [sum(1 << c for c, v in enumerate(row) if v) for row in q.modules]
    cols = [sum(1 << r for r in range(n) if q.modules[r][c]) for c in range(n)]
    masks = _masks(q.version)
    base_rows = [v ^ k for v, k in zip(rows, masks[0][0])]
    base_cols = [v ^ k for v, k in zip(cols, masks[0][1])]
    best, least = 0, None
    for m, (mrows, mcols) in enumerate(masks):
        lost = penalty([v ^ k for v, k in zip(base_rows, mrows)], [v ^ k for v, k in zip(base_cols, mcols)], n)
        if least is None or lost < least:
            best, least = m, lost
    return best


def modules(payload: str, level: str = "M") -> int:
    """Modules across, quiet zone included."""
    return len(matrix(payload, level)) + 2 * QUIET


def min_size(payload: str, level: str = "M") -> float:
    """The smallest printable side in mm (quiet zone included) for this payload."""
    return modules(payload, level) * MIN_MODULE_MM


def draw(c, payload: str, x: float, y: float, size: float, level: str = "M") -> float:
    """Draw the code with its quiet zone in the square (x, y, size) mm; returns the module size in mm."""
    m = matrix(payload, level)
    n = len(m) + 2 * QUIET
    mod = size / n
    if mod < MIN_MODULE_MM - 1e-9:
        raise QRTooSmall(_("QR code for {payload!r} needs {need:.1f} mm, the box has {size:.1f} mm").format(
            payload=payload[:30], need=n * MIN_MODULE_MM, size=size))
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x * mm, y * mm, size * mm, size * mm, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    p = c.beginPath()
    top = y + size - QUIET * mod
    for r, row in enumerate(m):
        col = 0
        width = len(row)
        while col < width:
            if row[col]:
                start = col
                while col < width and row[col]:
                    col += 1
                # a hair of overlap closes the seams a renderer leaves between touching rectangles
                p.rect((x + (QUIET + start) * mod) * mm, (top - (r + 1) * mod) * mm,
                       (col - start) * mod * mm, mod * mm + 0.05)
            else:
                col += 1
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()
    return mod
