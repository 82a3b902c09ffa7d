"""QR codes drawn as vector rectangles from the qrcode package's module matrix (no raster image).

Quiet zone: 4 modules. Level M on cards and sheets, Q on stickers. A module is never under 0.4 mm:
a box too small for the payload is refused rather than printed unreadable.
"""

from __future__ import annotations

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
    q.make(fit=True)
    return tuple(tuple(bool(v) for v in row) for row in q.get_matrix())


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
