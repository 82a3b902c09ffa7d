"""QR codes drawn as vector rectangles from the qrcode package's module matrix (no raster image).

Quiet zone: 4 modules. Level M on cards and sheets, Q on stickers. A module is never under 0.4 mm:
a box too small for the payload is refused rather than printed unreadable.

The codewords are the qrcode package's (data, padding, Reed-Solomon blocks interleaved), computed with log
tables instead of its polynomial objects. The mask is the one the qrcode package picks (the lowest penalty of ISO/IEC 18004's four rules, the first of
equals), found cheaply: the data is placed once (in the package's order, kept per version), each of the eight masks is applied by one XOR to the rows and
columns held as one integer, and the penalties are counted by shifts and bit counts (the package places the data nine times and counts
module by module: 16% of a kit's time).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import qrcode
import qrcode.base
import qrcode.constants
import qrcode.util
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
    t = _masks(q.version)
    words = codewords(q)
    total = 8 * len(words)
    stream = int.from_bytes(bytes(words), "big")
    data = 0
    for k, cell in enumerate(t.order[:total]):  # the k-th bit of the stream, most significant first
        if stream >> (total - 1 - k) & 1:
            data |= cell
    base = t.fixed | data  # unmasked, format information light (as the package scores the masks)
    best = best_mask(base, t)
    final, n, s = base ^ t.flips[best], t.n, t.n + 1
    q.modules_count = n
    q.modules = [[bool(final >> (r * s + c) & 1) for c in range(n)] for r in range(n)]
    q.setup_type_info(False, best)
    if q.version >= 7:
        q.setup_type_number(False)
    return tuple(tuple(row) for row in q.modules)


class _Bits:
    """The bit stream as one integer (the qrcode package's BitBuffer appends a bit at a time)."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, num: int, length: int) -> None:
        self.value = (self.value << length) | (num & ((1 << length) - 1))
        self.length += length

    def put_bit(self, bit: bool) -> None:
        self.put(1 if bit else 0, 1)

    def __len__(self) -> int:
        return self.length


_EXP = [0] * 512  # GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


@lru_cache(maxsize=64)
def _generator(n: int) -> tuple[int, ...]:
    """The Reed-Solomon generator polynomial of n error correction codewords, highest power first."""
    g = [1]
    for i in range(n):
        nxt = g + [0]
        for j, c in enumerate(g):
            if c:
                nxt[j + 1] ^= _EXP[_LOG[c] + i]
        g = nxt
    return tuple(g)


def _ec(data: list[int], n: int) -> list[int]:
    """The n error correction codewords of a block (the remainder of data * x^n by the generator)."""
    logs = [_LOG[c] for c in _generator(n)[1:]]
    rem = list(data) + [0] * n
    for i in range(len(data)):
        coef = rem[i]
        if coef:
            lc = _LOG[coef]
            for j, lg in enumerate(logs, i + 1):
                rem[j] ^= _EXP[lc + lg]
    return rem[len(data):]


def codewords(q: qrcode.QRCode) -> list[int]:
    """The codewords the qrcode package's util.create_data makes for q (version fitted): the data, its
    terminator and padding, split into blocks, each with its Reed-Solomon codewords, interleaved."""
    u = qrcode.util
    bits = _Bits()
    for data in q.data_list:
        bits.put(data.mode, 4)
        bits.put(len(data), u.length_in_bits(data.mode, q.version))
        data.write(bits)
    blocks = qrcode.base.rs_blocks(q.version, q.error_correction)
    limit = sum(b.data_count * 8 for b in blocks)
    bits.put(0, min(limit - len(bits), 4))
    if len(bits) % 8:
        bits.put(0, 8 - len(bits) % 8)
    for i in range((limit - len(bits)) // 8):
        bits.put(u.PAD1 if i % 2 else u.PAD0, 8)
    stream = list(bits.value.to_bytes(len(bits) // 8, "big"))
    dc, ec, at = [], [], 0
    for b in blocks:
        dc.append(stream[at:at + b.data_count])
        ec.append(_ec(dc[-1], b.total_count - b.data_count))
        at += b.data_count
    out = [part[i] for i in range(max(map(len, dc))) for part in dc if i < len(part)]
    return out + [part[i] for i in range(max(map(len, ec))) for part in ec if i < len(part)]


class _Probe(qrcode.QRCode):
    """Records which modules carry data (those map_data fills) instead of filling them."""

    free: list[tuple[int, int]] = []
    dark: list[tuple[int, int]] = []

    def map_data(self, data, mask_pattern):
        """The data modules in the order the package's map_data fills them (up and down two columns at a
        time from the right, the vertical timing column skipped), and the dark modules already set."""
        n = self.modules_count
        self.dark = [(r, c) for r, row in enumerate(self.modules) for c, v in enumerate(row) if v]
        order, inc, row = [], -1, n - 1
        for col in range(n - 1, 0, -2):
            if col <= 6:
                col -= 1
            while True:
                for c in (col, col - 1):
                    if self.modules[row][c] is None:
                        order.append((row, c))
                row += inc
                if row < 0 or n <= row:
                    row -= inc
                    inc = -inc
                    break
        self.free = order


@dataclass(frozen=True)
class _Lines:
    """A symbol's 2n lines (its rows, then its columns) in one integer, n + 1 bits a line (the last one 0, so
    that nothing runs from a line into the next): bit c of line r is module (r, c), bit r of line n + c too."""

    n: int
    fixed: int  # the dark modules of the finder, timing and alignment patterns (format information light)
    order: tuple[int, ...]  # each data module's bits, in the order the codewords' bits fill them
    flips: tuple[int, ...]  # for each of the 8 masks, the data modules it darkens, as lines
    lines: int  # every module's bit
    row_pairs: int  # the bits of rows 0 .. n-2 (each 2x2 block by its top row)
    rows: int  # the bits of the rows


def _pack(n: int, cells) -> int:
    """The (r, c) cells as lines."""
    s = n + 1
    v = 0
    for r, c in cells:
        v |= 1 << (r * s + c) | 1 << ((n + c) * s + r)
    return v


@lru_cache(maxsize=64)
def _masks(version: int) -> _Lines:
    p = _Probe(version=version, border=0)
    p.data_cache = []
    p.makeImpl(True, 0)
    n = p.modules_count
    full = (1 << n) - 1
    s = n + 1
    flips = tuple(_pack(n, [(r, c) for r, c in p.free if qrcode.util.mask_func(m)(r, c)]) for m in range(8))
    return _Lines(n, _pack(n, p.dark), tuple(_pack(n, [cell]) for cell in p.free), flips, sum(full << (i * s) for i in range(2 * n)), sum(full << (i * s) for i in range(n - 1)),
                  sum(full << (i * s) for i in range(n)))


# ISO/IEC 18004's rule 3 as bits from the low end of a line: 1:1:3:1:1 dark and light, 4 light after or before
_FINDERS = tuple(tuple(k for k, ch in enumerate(pattern) if ch == "1") for pattern in ("10111010000", "00001011101"))


def penalty(x: int, t: _Lines) -> int:
    """The mask penalty as the qrcode package counts it (rules 1 to 4), of a symbol as lines."""
    n, s = t.n, t.n + 1
    dark, light = x, ~x & t.lines
    points = 0
    for v in (dark, light):  # rule 1: a run of L >= 5 alike, L - 2 points
        five = v & v >> 1 & v >> 2 & v >> 3 & v >> 4  # a bit for each run's L - 4 first modules
        points += five.bit_count() + 2 * (five & ~(five << 1)).bit_count()
        below = v >> s  # rule 2: a 2x2 block alike, 3 points
        pair = v & below & t.row_pairs
        points += 3 * (pair & pair >> 1).bit_count()
    for ones in _FINDERS:  # rule 3: 40 points a finder-like pattern
        hit = t.lines
        for k in range(11):
            hit &= (dark if k in ones else light) >> k
        points += 40 * hit.bit_count()
    percent = float((dark & t.rows).bit_count()) / (n ** 2)  # rule 4: dark share off a half
    return points + int(abs(percent * 100 - 50) / 5) * 10


def best_mask(base: int, t: _Lines) -> int:
    """The mask the qrcode package's best_mask_pattern picks for a symbol placed unmasked (base, as lines)."""
    best, least = 0, None
    for m, flip in enumerate(t.flips):
        lost = penalty(base ^ flip, t)
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
