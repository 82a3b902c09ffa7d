"""SVG pieces shared by the table display's boards: escaping, text that fits, die faces with pips and
the digit, tracks with a marker, gauges, tokens, panels and icons drawn as vector shapes.

Everything is a string of SVG markup in one coordinate space (the boards use a 1920 x 1080 viewBox, so a
size of 32 is 32 px when the board fills a 1080p screen). No fonts or images from outside: text uses a
sans-serif stack (first the DejaVu the page ships as "Castaway Sans"), icons are paths. Every piece of text
passes through `esc`, so a player called `<b>&"` is drawn as typed and never read as markup.
"""

from __future__ import annotations

import math
import re
import struct
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

FONT = "'Castaway Sans', 'DejaVu Sans', 'Noto Sans', 'Liberation Sans', 'Segoe UI', Arial, Helvetica, sans-serif"  # untranslated: CSS font family names
W, H = 1920, 1080

# high-contrast colours on the dark sea-blue background
BG = "#0b1d2e"
PANEL = "#13314a"
PANEL_EDGE = "#3a6a8f"
INK = "#ffffff"
DIM = "#a9c1d6"
FAINT = "#4d6f8c"
ACCENT = "#ffd23f"
DANGER = "#ff5c5c"
GOOD = "#5ee07a"
SEAT = {"red": "#e8423f", "yellow": "#f5c518", "blue": "#3b8ef0", "green": "#35b853", "black": "#2b2b2b",
        "orange": "#f08a24", "purple": "#9b59d0", "grey": "#9aa3ab", "white": "#f2f2f2"}
# the pips' colour on a die of that colour (dark pips on light dice)
PIPS = {"yellow": "#1a1a1a", "white": "#1a1a1a", "grey": "#1a1a1a", "orange": "#1a1a1a", "green": "#ffffff"}


def esc(text) -> str:
    """Text made safe for SVG: & < > and both quotes."""
    return escape(str(text), {'"': "&quot;", "'": "&#39;"})


def num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def colour(name: str | None, default: str = "#9aa3ab") -> str:
    return SEAT.get(name or "", default)


def edge(name: str | None) -> str:
    """A seat's colour for lines and text on the dark background (black shows as light grey)."""
    return "#d0d0d0" if name == "black" else colour(name)


def root(body: str, *, label: str = "", w: int = W, h: int = H) -> str:
    """The board's one <svg> element, scaled by the page (width and height 100%)."""
    title = f"<title>{esc(label)}</title>" if label else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%" height="100%" '
            f'preserveAspectRatio="xMidYMid meet" font-family="{esc(FONT)}" role="img" aria-label="{esc(label)}">'
            f'{title}<rect x="0" y="0" width="{w}" height="{h}" fill="{BG}"/>{body}</svg>')


# the fonts the page draws with (display.css's "Castaway Sans" is the DejaVu Sans shipped in printables/fonts)
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=2)
def _advances(bold: bool) -> tuple[dict[int, float], float]:
    """Each character's advance width in em of the font the page uses ({codepoint: em}, and the width of a
    character the font lacks, drawn by a fallback font), read from the TrueType file's cmap and hmtx."""
    path = Path(__file__).resolve().parents[2] / "printables" / "fonts" / _FONT_FILES[bold]
    data = path.read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _sum, off, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag.decode("latin-1")] = (off, length)
    head = tables["head"][0]
    units = struct.unpack(">H", data[head + 18:head + 20])[0]
    hhea = tables["hhea"][0]
    n_metrics = struct.unpack(">H", data[hhea + 34:hhea + 36])[0]
    hmtx = tables["hmtx"][0]
    adv = [struct.unpack(">H", data[hmtx + 4 * k:hmtx + 4 * k + 2])[0] for k in range(n_metrics)]
    cmap = tables["cmap"][0]
    sub = None
    for k in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        plat, enc, off = struct.unpack(">HHI", data[cmap + 4 + 8 * k:cmap + 12 + 8 * k])
        if (plat, enc) in ((3, 1), (0, 3)) and struct.unpack(">H", data[cmap + off:cmap + off + 2])[0] == 4:
            sub = cmap + off
            break
    widths: dict[int, float] = {}
    if sub is not None:  # format 4: segments of codepoints to glyph ids
        seg = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
        ends = struct.unpack(f">{seg}H", data[sub + 14:sub + 14 + 2 * seg])
        base = sub + 16 + 2 * seg
        starts = struct.unpack(f">{seg}H", data[base:base + 2 * seg])
        deltas = struct.unpack(f">{seg}h", data[base + 2 * seg:base + 4 * seg])
        ro_at = base + 4 * seg
        offsets = struct.unpack(f">{seg}H", data[ro_at:ro_at + 2 * seg])
        for j in range(seg):
            for c in range(starts[j], ends[j] + 1):
                if c == 0xFFFF:
                    continue
                if offsets[j]:
                    at = ro_at + 2 * j + offsets[j] + 2 * (c - starts[j])
                    g = struct.unpack(">H", data[at:at + 2])[0]
                    if g:
                        g = (g + deltas[j]) & 0xFFFF
                else:
                    g = (c + deltas[j]) & 0xFFFF
                if g:
                    widths[c] = adv[min(g, n_metrics - 1)] / units
    return widths, 1.0  # a character outside DejaVu (an emoji) drawn by a fallback font: about a square


def measure(text, size: float, bold: bool = False) -> float:
    """The width in units of `text` drawn at `size` in the page's font (the glyphs' own advance widths)."""
    widths, missing = _advances(bold)
    return sum(widths.get(ord(c), missing) for c in str(text)) * size


def fit(text: str, size: float, width: float | None, bold: bool = False) -> float:
    """The font size (at most `size`) at which `text` fits in `width` units, measured with the font's glyphs."""
    if not width or not text:
        return size
    em = measure(text, 1.0, bold)
    if em <= 0:
        return size
    return float(max(14, min(size, math.floor(width / em))))  # whole units: fewer font instances to make


def text(x: float, y: float, s, size: float = 32, *, fill: str = INK, weight: str = "normal", anchor: str = "start",
         width: float | None = None, opacity: float | None = None, cls: str = "") -> str:
    """One line of text whose baseline is at y; `width` shrinks it to fit."""
    s = str(s)
    size = fit(s, size, width, weight == "bold")
    extra = f' opacity="{num(opacity)}"' if opacity is not None else ""
    extra += f' class="{esc(cls)}"' if cls else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(round(size, 1))}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{extra}>{esc(s)}</text>')


def wrapped(x: float, y: float, s, size: float = 28, *, width: float, fill: str = DIM, weight: str = "normal",
            anchor: str = "start", floor: float = 24) -> str:
    """Text that would shrink below `floor` to fit `width` goes on two lines instead (first baseline at y)."""
    s = str(s)
    if fit(s, size, width, weight == "bold") >= floor or " " not in s:
        return text(x, y, s, size, fill=fill, weight=weight, anchor=anchor, width=width)
    words = s.split(" ")
    best = None
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        worst = max(measure(a, 1.0, weight == "bold"), measure(b, 1.0, weight == "bold"))
        if best is None or worst < best[0]:
            best = (worst, a, b)
    _w, a, b = best
    size = min(fit(a, size, width, weight == "bold"), fit(b, size, width, weight == "bold"))
    return (text(x, y, a, size, fill=fill, weight=weight, anchor=anchor, width=width)
            + text(x, y + size * 1.1, b, size, fill=fill, weight=weight, anchor=anchor, width=width))


def lines_of(s: str, n: int, bold: bool = False) -> list[str]:
    """`s` split at spaces into at most `n` lines of about equal measured width (a word is never cut)."""
    words = str(s).split(" ")
    if n <= 1 or len(words) == 1:
        return [str(s)]
    best: tuple[float, list[str]] | None = None

    def splits(rest: list[str], k: int):
        if k == 1 or len(rest) == 1:
            yield [" ".join(rest)]
            return
        for i in range(1, len(rest)):
            for tail in splits(rest[i:], k - 1):
                yield [" ".join(rest[:i]), *tail]

    for cut in splits(words, min(n, len(words))):
        worst = max(measure(ln, 1.0, bold) for ln in cut)
        if best is None or worst < best[0]:
            best = (worst, cut)
    return best[1] if best else [str(s)]


def boxed(x: float, y: float, w: float, h: float, s, size: float = 30, *, fill: str = INK, weight: str = "normal",
          anchor: str = "start", lines: int = 3, pad: float = 0) -> str:
    """Text that fits the box (x, y, w, h) whole: on one line at the largest size up to `size` that fits, or
    on up to `lines` lines where that is larger; centred in the box's height. Never cut: a name too long for
    the box at 10 units is drawn at 10 across the lines it needs."""
    s = str(s)
    bold = weight == "bold"
    w, h = w - 2 * pad, h - 2 * pad
    best = None
    for n in range(1, max(1, lines) + 1):
        cut = lines_of(s, n, bold)
        em = max(measure(ln, 1.0, bold) for ln in cut) or 1
        k = len(cut)
        sz = min(size, w / em, h / (1.15 * k + 0.05))
        if best is None or sz > best[0] + 0.5:
            best = (sz, cut)
        if k < n:
            break
    sz, cut = best
    sz = max(10.0, math.floor(sz))
    step = sz * 1.15
    top = y + pad + (h - step * len(cut)) / 2
    ax = x + pad + (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
    return "".join(text(ax, top + step * i + sz * 0.9, ln, sz, fill=fill, weight=weight, anchor=anchor)
                   for i, ln in enumerate(cut))


def rect(x, y, w, h, *, fill: str = PANEL, stroke: str | None = None, sw: float = 2, r: float = 0,
         dash: str | None = None, opacity: float | None = None) -> str:
    out = f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}"'
    if r:
        out += f' rx="{num(r)}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{num(sw)}"'
    if dash:
        out += f' stroke-dasharray="{dash}"'
    if opacity is not None:
        out += f' opacity="{num(opacity)}"'
    return out + "/>"


def band(x, y, w, h, *, fill: str, r: float = 14) -> str:
    """A panel's heading band: a box with its top corners rounded (one shape, so text in it has one box)."""
    return (f'<path d="M{num(x)},{num(y + h)} L{num(x)},{num(y + r)} Q{num(x)},{num(y)} {num(x + r)},{num(y)} '
            f'L{num(x + w - r)},{num(y)} Q{num(x + w)},{num(y)} {num(x + w)},{num(y + r)} L{num(x + w)},{num(y + h)} Z" '
            f'fill="{fill}"/>')


def circle(cx, cy, r, *, fill: str = INK, stroke: str | None = None, sw: float = 2, dash: str | None = None) -> str:
    out = f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{num(sw)}"'
    if dash:
        out += f' stroke-dasharray="{dash}"'
    return out + "/>"


def line(x1, y1, x2, y2, *, stroke: str = INK, sw: float = 3, dash: str | None = None) -> str:
    out = (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
           f'stroke-width="{num(sw)}" stroke-linecap="round"')
    return out + (f' stroke-dasharray="{dash}"/>' if dash else "/>")


def group(body: str, *, tx: float = 0, ty: float = 0, scale: float = 1, cls: str = "", data: dict | None = None) -> str:
    attrs = ""
    if tx or ty or scale != 1:
        attrs += f' transform="translate({num(tx)} {num(ty)})' + (f' scale({num(scale)})"' if scale != 1 else '"')
    if cls:
        attrs += f' class="{esc(cls)}"'
    for k, v in (data or {}).items():
        attrs += f' data-{k}="{esc(v)}"'
    return f"<g{attrs}>{body}</g>"


def panel(x, y, w, h, title: str = "", *, edge: str = PANEL_EDGE, fill: str = PANEL, size: float = 30,
          title_fill: str = DIM) -> str:
    """A rounded box with an optional heading in its top-left corner."""
    out = rect(x, y, w, h, fill=fill, stroke=edge, sw=3, r=14)
    if title:
        out += text(x + 18, y + size + 8, title, size, fill=title_fill, weight="bold", width=w - 36)
    return out


# -- dice -----------------------------------------------------------------------------------------

PIP_AT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
          4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
          6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(x, y, size, value, *, fill: str = INK, pips: str = "#1a1a1a", digit: bool = True,
        edge: str = "#000000", dim: bool = False) -> str:
    """A die face `size` wide at (x, y): its pips, and its digit in a badge on the top-right corner (it
    reaches about size/4 beyond the face), so a 5 and a 6 cannot be mixed up from across the room. A value
    off 1..6 shows the digit alone."""
    s = size
    out = rect(x, y, s, s, fill=fill, stroke=edge, sw=max(2, s * 0.03), r=s * 0.16, opacity=0.45 if dim else None)
    try:
        v = int(value)
    except (TypeError, ValueError):
        v = None
    if v in PIP_AT:
        step, r = s * 0.24, s * 0.085
        for dx, dy in PIP_AT[v]:
            out += circle(x + s / 2 + dx * step, y + s / 2 + dy * step, r, fill=pips)
    else:
        out += text(x + s / 2, y + s * 0.68, value, s * 0.5, fill=pips, weight="bold", anchor="middle")
        return out
    if digit:  # on the corner, clear of the corner pip
        br = s * 0.26
        cx, cy = x + s, y
        out += circle(cx, cy, br, fill="#111111", stroke=INK, sw=max(2, s * 0.025))
        out += text(cx, cy + br * 0.46, v, br * 1.35, fill=INK, weight="bold", anchor="middle")
    return out


def die_for(seat: str | None) -> tuple[str, str]:
    """(face, pips) colours of a seat's die."""
    face = colour(seat, "#f2f2f2")
    return face, PIPS.get(seat or "white", "#ffffff")


# -- tracks, gauges, tokens ------------------------------------------------------------------------


def track(x, y, w, h, lo: int, hi: int, value: int, *, icons: dict[int, str | list[str]] | None = None,
          marker: str | None = None, marker_fill: str = ACCENT, numbers: bool = True, size: float | None = None,
          labels: dict[int, str] | None = None, fill: str = "#1d4566", done_fill: str | None = None) -> str:
    """A row of spaces lo..hi; the space at `value` is raised and carries `marker` (an icon name) or a
    ring. icons: an icon (or a list of icons) drawn in a space (anchor, buoy, a bonus); labels: a word under a space."""
    n = hi - lo + 1
    gap = max(2.0, w * 0.006)
    cw = (w - gap * (n - 1)) / n
    size = size or min(h * 0.5, cw * 0.55)
    out = ""
    for i, pos in enumerate(range(lo, hi + 1)):
        cx = x + i * (cw + gap)
        here = pos == value
        bg = marker_fill if here else (done_fill if done_fill and pos < value else fill)
        out += rect(cx, y, cw, h, fill=bg, stroke=INK if here else FAINT, sw=4 if here else 2, r=min(10, cw * 0.2))
        ink = "#111111" if here else INK
        icon_name = (icons or {}).get(pos)
        names = [icon_name] if isinstance(icon_name, str) else list(icon_name or ())
        if names and not here:  # one icon, or several side by side (a round's weather dice)
            k = len(names)
            isz = min(h * 0.62, cw * 0.8 / k)
            for j, nm in enumerate(names):
                out += icon(nm, cx + cw / 2 + (j - (k - 1) / 2) * isz, y + h * 0.42, isz)
            if numbers:
                out += text(cx + cw / 2, y + h - 4, pos, min(size * 0.55, h * 0.26), fill=DIM, anchor="middle")
        elif here and marker:
            isz = min(h * 0.55, cw * 0.75)
            out += icon(marker, cx + cw / 2, y + h * 0.36, isz)
            out += text(cx + cw / 2, y + h - 6, pos, min(size * 0.8, h * 0.36), fill=ink, weight="bold", anchor="middle")
        elif numbers:
            out += text(cx + cw / 2, y + h / 2 + size * 0.36, pos, size, fill=ink,
                        weight="bold" if here else "normal", anchor="middle")
        if labels and pos in labels:
            out += text(cx + cw / 2, y + h + size * 0.8, labels[pos], size * 0.6, fill=DIM, anchor="middle", width=cw + gap)
    return out


def gauge(x, y, w, h, value: int, hi: int, *, fill: str = ACCENT, empty: str = "#1d4566", lo: int = 0) -> str:
    """A bar of hi - lo segments, `value` of them lit from the left."""
    n = max(1, hi - lo)
    gap = max(2.0, w * 0.01)
    sw = (w - gap * (n - 1)) / n
    out = ""
    for i in range(n):
        lit = i < value - lo
        out += rect(x + i * (sw + gap), y, sw, h, fill=fill if lit else empty, stroke=INK if lit else FAINT,
                    sw=2, r=min(6, sw * 0.2))
    return out


def token(cx, cy, r, label="", *, fill: str = ACCENT, ink: str = "#111111", stroke: str = INK, size: float | None = None,
          dash: str | None = None) -> str:
    """A round token with a short label (a number, a letter)."""
    out = circle(cx, cy, r, fill=fill, stroke=stroke, sw=max(2, r * 0.08), dash=dash)
    if label != "":
        size = size or r * 1.1
        out += text(cx, cy + size * 0.36, label, size, fill=ink, weight="bold", anchor="middle", width=r * 1.8)
    return out


def pill(x, y, w, h, label: str, *, fill: str = "#1d4566", ink: str = INK, stroke: str = FAINT, size: float | None = None,
         weight: str = "bold") -> str:
    """A rounded label box (a phase, a location, a tool)."""
    size = size or h * 0.5
    return (rect(x, y, w, h, fill=fill, stroke=stroke, sw=3, r=h / 2)
            + text(x + w / 2, y + h / 2 + size * 0.36, label, size, fill=ink, weight=weight, anchor="middle", width=w - h * 0.6))


def steps(x, y, w, h, labels: list[str], current: int | None, *, size: float = 30, wide: float = 2.0) -> str:
    """A row of pills for the phases of a round: the current one wider and lit, the past ones filled,
    the ones to come dim. current: the index of the current label (None: none is)."""
    n = len(labels)
    if not n:
        return ""
    gap = 10
    if current is not None and sum(measure(lb, size, True) + size for lb in labels) > w:
        # too long for the row: the phases not current drop their number ("III. Production" -> "Production")
        labels = [lb if i == current else re.sub(r"^[IVX]+\.\s+", "", str(lb)) for i, lb in enumerate(labels)]
    # each pill as wide as its label needs (the current one's larger text too), the row shared out by that
    # need: a long name ("III. Production") gets the room, a short one ("Night") gives it up
    need = [(measure(label, 1.0, True) + 1.2) * (wide * 0.75 if i == current else 1.0) for i, label in enumerate(labels)]
    per = (w - gap * (n - 1)) / sum(need)
    out = ""
    cx = x
    for i, label in enumerate(labels):
        here = i == current
        past = current is not None and i < current
        pw = need[i] * per
        out += pill(cx, y, pw, h, label, fill=ACCENT if here else ("#2c5a80" if past else "#16324a"),
                    ink="#111111" if here else (INK if past else DIM), stroke=INK if here else FAINT,
                    size=size if here else size * 0.8)
        cx += pw + gap
    return out


def counter(x, y, name: str, value, icon_name: str | None = None, *, size: float = 56, width: float = 300,
            fill: str = INK, sub: str = "") -> str:
    """An icon, a big number and its name under it: a resource at a glance."""
    out = ""
    ix = x
    if icon_name:
        out += icon(icon_name, x + size * 0.55, y + size * 0.5, size * 1.05)
        ix = x + size * 1.2
    out += text(ix, y + size * 0.85, value, size * 1.15, fill=fill, weight="bold")
    out += wrapped(x, y + size * 1.6, name, size * 0.5, width=width)
    if sub:
        out += text(x, y + size * 2.15, sub, size * 0.42, fill=DIM, width=width)
    return out


# -- icons: each drawn in a unit square (-1..1), placed by `icon` ------------------------------------

def _star(fill="#ffcc22", points=5, inner=0.42):
    pts = []
    for k in range(points * 2):
        r = 0.95 if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / points
        pts.append(f"{r * math.cos(a):.3f},{r * math.sin(a):.3f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="#111" stroke-width="0.06"/>'


_ICONS = {
    "ship": ('<path d="M-0.95,0.25 L0.95,0.25 L0.6,0.75 L-0.7,0.75 Z" fill="#c0392b" stroke="#111" stroke-width="0.06"/>'
             '<path d="M-0.05,0.2 L-0.05,-0.95 L0.7,0.1 Z" fill="#f4f1e8" stroke="#111" stroke-width="0.06"/>'
             '<path d="M-0.15,0.2 L-0.15,-0.6 L-0.75,0.1 Z" fill="#f4f1e8" stroke="#111" stroke-width="0.06"/>'),
    "anchor": ('<g fill="none" stroke="#e8eef5" stroke-width="0.16" stroke-linecap="round">'
               '<circle cx="0" cy="-0.7" r="0.2"/><line x1="0" y1="-0.5" x2="0" y2="0.85"/>'
               '<line x1="-0.45" y1="-0.25" x2="0.45" y2="-0.25"/>'
               '<path d="M-0.75,0.25 Q-0.6,0.85 0,0.85 Q0.6,0.85 0.75,0.25"/></g>'),
    "buoy": ('<circle cx="0" cy="0" r="0.85" fill="#f2f2f2" stroke="#111" stroke-width="0.06"/>'
             '<path d="M0,-0.85 A0.85,0.85 0 0 1 0.85,0 L0,0 Z" fill="#e8423f"/>'
             '<path d="M0,0.85 A0.85,0.85 0 0 1 -0.85,0 L0,0 Z" fill="#e8423f"/>'
             '<circle cx="0" cy="0" r="0.38" fill="#0b1d2e" stroke="#111" stroke-width="0.06"/>'),
    "fin": ('<path d="M-0.9,0.6 Q-0.2,0.3 0.1,-0.9 Q0.3,0.0 0.9,0.6 Z" fill="#8fa3b5" stroke="#111" stroke-width="0.06"/>'
            '<path d="M-1,0.7 Q-0.5,0.45 0,0.7 Q0.5,0.95 1,0.7" fill="none" stroke="#5fb4ff" stroke-width="0.12"/>'),
    "tentacle": ('<path d="M-0.45,0.95 Q-0.55,-0.1 0.25,-0.35 Q0.55,-0.45 0.45,-0.75 Q0.35,-0.98 0.1,-0.85 '
                 'Q0.3,-0.7 0.15,-0.55 Q-0.25,-0.35 -0.05,0.95 Z" fill="#b85fd6" stroke="#111" stroke-width="0.06"/>'
                 '<circle cx="-0.3" cy="0.55" r="0.08" fill="#f0d0fa"/><circle cx="-0.25" cy="0.15" r="0.07" fill="#f0d0fa"/>'
                 '<circle cx="-0.05" cy="-0.2" r="0.06" fill="#f0d0fa"/>'),
    "hope": _star("#ffcc22"),
    "star": _star("#ffcc22"),
    "bottle": ('<path d="M-0.12,-0.95 L0.12,-0.95 L0.12,-0.5 Q0.45,-0.35 0.42,-0.1 L0.42,0.9 L-0.42,0.9 L-0.42,-0.1 '
               'Q-0.45,-0.35 -0.12,-0.5 Z" fill="#3fa98f" stroke="#111" stroke-width="0.06"/>'
               '<rect x="-0.25" y="0.1" width="0.5" height="0.45" fill="#f4ecd2"/>'),
    "plank": ('<rect x="-0.95" y="-0.3" width="1.9" height="0.6" rx="0.08" fill="#b07a45" stroke="#111" stroke-width="0.06"/>'
              '<path d="M-0.7,-0.05 Q-0.3,-0.15 0.2,0.05 Q0.5,0.12 0.7,-0.05" fill="none" stroke="#6e4a26" stroke-width="0.06"/>'),
    "warning": ('<path d="M0,-0.92 L0.95,0.78 L-0.95,0.78 Z" fill="#e8423f" stroke="#111" stroke-width="0.06"/>'
                '<line x1="0" y1="-0.35" x2="0" y2="0.25" stroke="#fff" stroke-width="0.16" stroke-linecap="round"/>'
                '<circle cx="0" cy="0.52" r="0.09" fill="#fff"/>'),
    "jellyfish": ('<path d="M-0.75,0 Q-0.75,-0.95 0,-0.95 Q0.75,-0.95 0.75,0 Z" fill="#d98be8" stroke="#111" stroke-width="0.06"/>'
                  '<g fill="none" stroke="#d98be8" stroke-width="0.12" stroke-linecap="round">'
                  '<path d="M-0.5,0 Q-0.35,0.3 -0.5,0.6 Q-0.6,0.8 -0.45,0.95"/><path d="M-0.17,0 Q-0.02,0.3 -0.17,0.6 Q-0.27,0.8 -0.12,0.95"/>'
                  '<path d="M0.17,0 Q0.32,0.3 0.17,0.6 Q0.07,0.8 0.22,0.95"/><path d="M0.5,0 Q0.65,0.3 0.5,0.6 Q0.4,0.8 0.55,0.95"/></g>'),
    "swap": ('<g fill="none" stroke="#5fb4ff" stroke-width="0.14" stroke-linecap="round" stroke-linejoin="round">'
             '<path d="M-0.8,-0.35 L0.6,-0.35 M0.3,-0.65 L0.7,-0.35 L0.3,-0.05"/>'
             '<path d="M0.8,0.35 L-0.6,0.35 M-0.3,0.05 L-0.7,0.35 L-0.3,0.65"/></g>'),
    "flare": ('<path d="M-0.6,0.9 Q-0.3,0.2 0.15,-0.2" fill="none" stroke="#c7ccd1" stroke-width="0.1"/>'
              '<g transform="translate(0.25 -0.4) scale(0.55)">' + _star("#ff6a3d", 8, 0.45) + "</g>"),
    "compass": ('<circle cx="0" cy="0" r="0.88" fill="#f4ecd2" stroke="#111" stroke-width="0.08"/>'
                '<path d="M0,-0.75 L0.2,0 L0,0.75 L-0.2,0 Z" fill="#c0392b"/><path d="M0,0 L0.2,0 L0,0.75 L-0.2,0 Z" fill="#333"/>'),
    "heart": ('<path d="M0,0.85 Q-1.1,0 -0.6,-0.7 Q-0.2,-1.05 0,-0.5 Q0.2,-1.05 0.6,-0.7 Q1.1,0 0,0.85 Z" '
              'fill="#e8423f" stroke="#111" stroke-width="0.06"/>'),
    "heart-empty": ('<path d="M0,0.85 Q-1.1,0 -0.6,-0.7 Q-0.2,-1.05 0,-0.5 Q0.2,-1.05 0.6,-0.7 Q1.1,0 0,0.85 Z" '
                    'fill="none" stroke="#7a8d9f" stroke-width="0.1"/>'),
    "skull": ('<circle cx="0" cy="-0.15" r="0.7" fill="#e8e4d8"/><rect x="-0.35" y="0.35" width="0.7" height="0.5" fill="#e8e4d8"/>'
              '<circle cx="-0.27" cy="-0.15" r="0.18" fill="#111"/><circle cx="0.27" cy="-0.15" r="0.18" fill="#111"/>'),
    "token": ('<circle cx="0" cy="0" r="0.9" fill="#e0c9a0" stroke="#111" stroke-width="0.08"/>'
              '<path d="M0,-0.9 A0.9,0.9 0 0 1 0,0.9 Z" fill="#6b3fa0"/>'
              '<circle cx="0" cy="0" r="0.9" fill="none" stroke="#111" stroke-width="0.08"/>'),
    "cross": ('<g stroke="#e8e4d8" stroke-width="0.22" stroke-linecap="round"><line x1="0" y1="-0.9" x2="0" y2="0.9"/>'
              '<line x1="-0.55" y1="-0.35" x2="0.55" y2="-0.35"/></g>'),
    "wave": ('<g fill="none" stroke="#5fb4ff" stroke-width="0.12" stroke-linecap="round">'
             '<path d="M-0.95,-0.35 Q-0.6,-0.7 -0.3,-0.35 Q0,0 0.3,-0.35 Q0.6,-0.7 0.95,-0.35"/>'
             '<path d="M-0.95,0.25 Q-0.6,-0.1 -0.3,0.25 Q0,0.6 0.3,0.25 Q0.6,-0.1 0.95,0.25"/></g>'),
    "kite": ('<path d="M0,-0.95 L0.55,-0.25 L0,0.5 L-0.55,-0.25 Z" fill="#e8423f" stroke="#111" stroke-width="0.06"/>'
             '<path d="M0,-0.95 L0,0.5 M-0.55,-0.25 L0.55,-0.25" stroke="#fff" stroke-width="0.08"/>'
             '<path d="M0,0.5 Q0.25,0.65 -0.2,0.8 Q0.2,0.9 0.05,0.98" fill="none" stroke="#e8eef5" stroke-width="0.08"/>'),
    "suitcase": ('<rect x="-0.85" y="-0.45" width="1.7" height="1.2" rx="0.12" fill="#9a6a3a" stroke="#111" stroke-width="0.06"/>'
                 '<path d="M-0.3,-0.45 L-0.3,-0.75 L0.3,-0.75 L0.3,-0.45" fill="none" stroke="#111" stroke-width="0.12"/>'),
    "paw": ('<g fill="#c69c6d"><ellipse cx="0" cy="0.35" rx="0.45" ry="0.4"/><circle cx="-0.62" cy="-0.2" r="0.2"/>'
            '<circle cx="-0.22" cy="-0.58" r="0.2"/><circle cx="0.22" cy="-0.58" r="0.2"/><circle cx="0.62" cy="-0.2" r="0.2"/></g>'),
    "person": ('<circle cx="0" cy="-0.5" r="0.32" fill="#e8eef5"/>'
               '<path d="M-0.65,0.95 Q-0.65,-0.1 0,-0.1 Q0.65,-0.1 0.65,0.95 Z" fill="#e8eef5"/>'),
    "pawn": ('<circle cx="0" cy="-0.55" r="0.3" fill="currentColor" stroke="#e8eef5" stroke-width="0.07"/>'
             '<path d="M-0.25,-0.3 L0.25,-0.3 L0.45,0.7 L0.7,0.95 L-0.7,0.95 L-0.45,0.7 Z" fill="currentColor" stroke="#e8eef5" stroke-width="0.07"/>'),
    "sun": ('<circle cx="0" cy="0" r="0.45" fill="#ffcc22"/><g stroke="#ffb000" stroke-width="0.12" stroke-linecap="round">'
            + "".join(f'<line x1="{0.6 * math.cos(k * math.pi / 4):.3f}" y1="{0.6 * math.sin(k * math.pi / 4):.3f}" '
                      f'x2="{0.92 * math.cos(k * math.pi / 4):.3f}" y2="{0.92 * math.sin(k * math.pi / 4):.3f}"/>' for k in range(8))
            + "</g>"),
    "cloud": ('<g fill="#c9d3de"><circle cx="-0.4" cy="0.1" r="0.38"/><circle cx="0.05" cy="-0.15" r="0.48"/>'
              '<circle cx="0.45" cy="0.12" r="0.36"/><rect x="-0.78" y="0.12" width="1.58" height="0.36" rx="0.15"/></g>'),
    "rain": ('<g fill="#c9d3de"><circle cx="-0.4" cy="-0.2" r="0.34"/><circle cx="0.05" cy="-0.4" r="0.42"/>'
             '<circle cx="0.45" cy="-0.18" r="0.32"/><rect x="-0.74" y="-0.2" width="1.5" height="0.32" rx="0.14"/></g>'
             '<g stroke="#5fb4ff" stroke-width="0.12" stroke-linecap="round"><line x1="-0.4" y1="0.35" x2="-0.5" y2="0.7"/>'
             '<line x1="0" y1="0.35" x2="-0.1" y2="0.7"/><line x1="0.4" y1="0.35" x2="0.3" y2="0.7"/></g>'),
    "snow": ('<g stroke="#5fb4ff" stroke-width="0.14" stroke-linecap="round">'
             + "".join(f'<line x1="{-0.85 * math.cos(k * math.pi / 3):.3f}" y1="{-0.85 * math.sin(k * math.pi / 3):.3f}" '
                       f'x2="{0.85 * math.cos(k * math.pi / 3):.3f}" y2="{0.85 * math.sin(k * math.pi / 3):.3f}"/>' for k in range(3))
             + "</g>"),
    "lightning": ('<path d="M0.15,-0.95 L-0.5,0.05 L-0.05,0.05 L-0.25,0.95 L0.5,-0.15 L0.05,-0.15 L0.35,-0.95 Z" '
                  'fill="#ffd23f" stroke="#111" stroke-width="0.06"/>'),
    "storm": ('<g fill="#8d99a6"><circle cx="-0.4" cy="-0.3" r="0.32"/><circle cx="0.05" cy="-0.5" r="0.4"/>'
              '<circle cx="0.45" cy="-0.28" r="0.3"/><rect x="-0.72" y="-0.3" width="1.46" height="0.3" rx="0.12"/></g>'
              '<path d="M0.1,-0.05 L-0.3,0.5 L0,0.5 L-0.15,0.95 L0.35,0.35 L0.05,0.35 L0.25,-0.05 Z" fill="#ffd23f"/>'),
    "animals": ('<g fill="#c69c6d"><ellipse cx="0" cy="0.35" rx="0.45" ry="0.4"/><circle cx="-0.62" cy="-0.2" r="0.2"/>'
                '<circle cx="-0.22" cy="-0.58" r="0.2"/><circle cx="0.22" cy="-0.58" r="0.2"/><circle cx="0.62" cy="-0.2" r="0.2"/></g>'),
    "raid": ('<g stroke="#d7dde3" stroke-width="0.14" stroke-linecap="round"><line x1="-0.8" y1="-0.8" x2="0.6" y2="0.6"/>'
             '<line x1="0.8" y1="-0.8" x2="-0.6" y2="0.6"/></g><g stroke="#9a6a3a" stroke-width="0.18" stroke-linecap="round">'
             '<line x1="0.45" y1="0.75" x2="0.8" y2="0.4"/><line x1="-0.45" y1="0.75" x2="-0.8" y2="0.4"/></g>'),
    "food": ('<ellipse cx="-0.1" cy="0.05" rx="0.65" ry="0.5" fill="#c0603a" stroke="#111" stroke-width="0.06"/>'
             '<rect x="0.4" y="-0.12" width="0.5" height="0.2" rx="0.08" fill="#f4ecd2" transform="rotate(-30)"/>'
             '<circle cx="0.8" cy="-0.55" r="0.14" fill="#f4ecd2"/>'),
    "wood": ('<rect x="-0.9" y="-0.35" width="1.6" height="0.7" rx="0.1" fill="#9a6a3a" stroke="#111" stroke-width="0.06"/>'
             '<ellipse cx="0.7" cy="0" rx="0.22" ry="0.35" fill="#e0b77e" stroke="#111" stroke-width="0.06"/>'
             '<ellipse cx="0.7" cy="0" rx="0.09" ry="0.15" fill="none" stroke="#9a6a3a" stroke-width="0.05"/>'),
    "stone": ('<path d="M-0.85,0.55 L-0.6,-0.3 L-0.1,-0.7 L0.55,-0.5 L0.9,0.2 L0.6,0.65 Z" fill="#9ea7b0" stroke="#111" stroke-width="0.06"/>'
              '<path d="M-0.3,-0.2 L0.2,-0.1 L0.45,0.3" fill="none" stroke="#6b747c" stroke-width="0.06"/>'),
    "leather": ('<path d="M-0.8,-0.6 Q-0.4,-0.8 0,-0.6 Q0.4,-0.8 0.8,-0.6 Q0.6,0 0.8,0.6 Q0.4,0.8 0,0.6 Q-0.4,0.8 -0.8,0.6 '
                'Q-0.6,0 -0.8,-0.6 Z" fill="#a0673a" stroke="#111" stroke-width="0.06"/>'),
    "fur": ('<path d="M-0.8,-0.6 Q-0.4,-0.8 0,-0.6 Q0.4,-0.8 0.8,-0.6 Q0.6,0 0.8,0.6 Q0.4,0.8 0,0.6 Q-0.4,0.8 -0.8,0.6 '
            'Q-0.6,0 -0.8,-0.6 Z" fill="#a0673a" stroke="#111" stroke-width="0.06"/>'),
    "fence": ('<g fill="#b07a45" stroke="#111" stroke-width="0.05">'
              + "".join(f'<path d="M{x - 0.15:.2f},0.9 L{x - 0.15:.2f},-0.6 L{x:.2f},-0.9 L{x + 0.15:.2f},-0.6 L{x + 0.15:.2f},0.9 Z"/>'
                        for x in (-0.6, 0.0, 0.6))
              + '<rect x="-0.9" y="-0.3" width="1.8" height="0.18"/><rect x="-0.9" y="0.35" width="1.8" height="0.18"/></g>'),
    "palisade": ('<g fill="#b07a45" stroke="#111" stroke-width="0.05">'
                 + "".join(f'<path d="M{x - 0.13:.2f},0.9 L{x - 0.13:.2f},-0.6 L{x:.2f},-0.92 L{x + 0.13:.2f},-0.6 L{x + 0.13:.2f},0.9 Z"/>'
                           for x in (-0.7, -0.35, 0.0, 0.35, 0.7)) + "</g>"),
    "roof": ('<path d="M-0.95,0.05 L0,-0.8 L0.95,0.05 Z" fill="#c0603a" stroke="#111" stroke-width="0.06"/>'
             '<rect x="-0.65" y="0.05" width="1.3" height="0.8" fill="#e0c9a0" stroke="#111" stroke-width="0.06"/>'
             '<rect x="-0.15" y="0.35" width="0.3" height="0.5" fill="#6e4a26"/>'),
    "weapon": ('<g stroke-linecap="round"><line x1="-0.7" y1="0.7" x2="0.55" y2="-0.55" stroke="#d7dde3" stroke-width="0.16"/>'
               '<line x1="-0.35" y1="0.15" x2="-0.05" y2="0.45" stroke="#9a6a3a" stroke-width="0.16"/>'
               '<line x1="-0.7" y1="0.7" x2="-0.45" y2="0.45" stroke="#9a6a3a" stroke-width="0.2"/></g>'),
    "tool": ('<line x1="-0.7" y1="0.75" x2="0.3" y2="-0.25" stroke="#9a6a3a" stroke-width="0.18" stroke-linecap="round"/>'
             '<path d="M0.05,-0.55 L0.5,-0.95 L0.95,-0.5 L0.55,-0.05 Z" fill="#aab3bb" stroke="#111" stroke-width="0.06"/>'),
    "doubloon": ('<circle cx="0" cy="0" r="0.85" fill="#f0b429" stroke="#111" stroke-width="0.06"/>'
                 '<circle cx="0" cy="0" r="0.6" fill="none" stroke="#a36d00" stroke-width="0.08"/>'),
    "rum": ('<path d="M-0.14,-0.95 L0.14,-0.95 L0.14,-0.45 Q0.5,-0.3 0.5,0 L0.5,0.9 L-0.5,0.9 L-0.5,0 Q-0.5,-0.3 -0.14,-0.45 Z" '
            'fill="#7a3b12" stroke="#111" stroke-width="0.06"/><rect x="-0.32" y="0.1" width="0.64" height="0.45" fill="#f4ecd2"/>'),
    "jewel": ('<path d="M-0.8,-0.25 L-0.45,-0.7 L0.45,-0.7 L0.8,-0.25 L0,0.85 Z" fill="#3fd0e8" stroke="#111" stroke-width="0.06"/>'
              '<path d="M-0.8,-0.25 L0.8,-0.25 M-0.3,-0.7 L0,-0.25 L0.3,-0.7 M0,-0.25 L0,0.85" fill="none" stroke="#1b7f90" stroke-width="0.05"/>'),
    "treasure": ('<rect x="-0.85" y="-0.2" width="1.7" height="0.95" rx="0.08" fill="#9a6a3a" stroke="#111" stroke-width="0.06"/>'
                 '<path d="M-0.85,-0.2 Q-0.85,-0.8 0,-0.8 Q0.85,-0.8 0.85,-0.2 Z" fill="#b07a45" stroke="#111" stroke-width="0.06"/>'
                 '<rect x="-0.15" y="-0.35" width="0.3" height="0.35" fill="#f0b429" stroke="#111" stroke-width="0.05"/>'),
    "cards": ('<rect x="-0.6" y="-0.8" width="1.05" height="1.45" rx="0.1" fill="#6b3fa0" stroke="#fff" stroke-width="0.06" transform="rotate(-10)"/>'
              '<rect x="-0.4" y="-0.7" width="1.05" height="1.45" rx="0.1" fill="#8e5cc4" stroke="#fff" stroke-width="0.06" transform="rotate(8)"/>'),
    "captain": ('<path d="M-0.95,0.3 Q-0.6,-0.7 0,-0.75 Q0.6,-0.7 0.95,0.3 Q0,0.05 -0.95,0.3 Z" fill="#1a1a1a" stroke="#e8eef5" stroke-width="0.06"/>'
                '<circle cx="0" cy="-0.3" r="0.16" fill="#e8eef5"/>'),
    "pirate": ('<circle cx="0" cy="-0.15" r="0.62" fill="#e8e4d8"/><rect x="-0.3" y="0.3" width="0.6" height="0.4" fill="#e8e4d8"/>'
               '<circle cx="-0.24" cy="-0.18" r="0.15" fill="#111"/><circle cx="0.24" cy="-0.18" r="0.15" fill="#111"/>'
               '<g stroke="#e8e4d8" stroke-width="0.14" stroke-linecap="round"><line x1="-0.9" y1="0.55" x2="0.9" y2="0.95"/>'
               '<line x1="0.9" y1="0.55" x2="-0.9" y2="0.95"/></g>'),
    "mutiny": ('<g stroke="#d7dde3" stroke-width="0.14" stroke-linecap="round"><line x1="-0.8" y1="-0.8" x2="0.6" y2="0.6"/>'
               '<line x1="0.8" y1="-0.8" x2="-0.6" y2="0.6"/></g>'),
    "check": ('<path d="M-0.7,0 L-0.2,0.5 L0.75,-0.55" fill="none" stroke="#5ee07a" stroke-width="0.22" '
              'stroke-linecap="round" stroke-linejoin="round"/>'),
    "clasped": ('<g fill="#e0b77e" stroke="#111" stroke-width="0.06"><path d="M-0.95,0.1 Q-0.4,-0.5 0.1,-0.2 L0.35,0.15 '
                'Q0,0.35 -0.3,0.1 L-0.7,0.5 Z"/><path d="M0.95,-0.1 Q0.4,0.5 -0.1,0.25 L-0.35,-0.1 Q0,-0.3 0.3,-0.05 L0.7,-0.5 Z"/></g>'),
    "rod": ('<line x1="-0.8" y1="0.85" x2="0.1" y2="-0.3" stroke="#9a6a3a" stroke-width="0.12" stroke-linecap="round"/>'
            '<line x1="0.25" y1="-0.5" x2="0.7" y2="-0.9" stroke="#9a6a3a" stroke-width="0.12" stroke-linecap="round"/>'
            '<path d="M0.7,-0.9 Q0.9,-0.2 0.6,0.3" fill="none" stroke="#e8eef5" stroke-width="0.05"/>'),
    "fish": ('<path d="M-0.7,0 Q-0.2,-0.55 0.45,0 Q-0.2,0.55 -0.7,0 Z" fill="#5fb4ff" stroke="#111" stroke-width="0.06"/>'
             '<path d="M0.4,0 L0.9,-0.4 L0.9,0.4 Z" fill="#5fb4ff" stroke="#111" stroke-width="0.06"/>'),
    "dolphin": ('<path d="M-0.95,0.3 Q-0.4,-0.7 0.5,-0.35 L0.75,-0.75 L0.7,-0.25 Q0.95,-0.05 0.85,0.15 L0.55,0.05 '
                'Q0,0.0 -0.5,0.45 Z" fill="#7fa9c9" stroke="#111" stroke-width="0.06"/>'),
    "octopus": ('<circle cx="0" cy="-0.35" r="0.55" fill="#b85fd6" stroke="#111" stroke-width="0.06"/>'
                '<g fill="none" stroke="#b85fd6" stroke-width="0.16" stroke-linecap="round">'
                '<path d="M-0.45,0.05 Q-0.8,0.5 -0.55,0.9"/><path d="M-0.15,0.15 Q-0.3,0.6 -0.1,0.95"/>'
                '<path d="M0.15,0.15 Q0.3,0.6 0.1,0.95"/><path d="M0.45,0.05 Q0.8,0.5 0.55,0.9"/></g>'
                '<circle cx="-0.2" cy="-0.4" r="0.09" fill="#111"/><circle cx="0.2" cy="-0.4" r="0.09" fill="#111"/>'),
    "shark": ('<path d="M-0.95,0.15 Q-0.2,-0.5 0.6,-0.1 L0.95,-0.45 L0.85,0.05 L0.95,0.45 L0.6,0.15 Q-0.2,0.55 -0.95,0.15 Z" '
              'fill="#8fa3b5" stroke="#111" stroke-width="0.06"/><path d="M-0.1,-0.25 L0.05,-0.7 L0.25,-0.2 Z" fill="#8fa3b5" '
              'stroke="#111" stroke-width="0.06"/>'),
    "arrow-left": '<path d="M0.8,0 L-0.6,0 M-0.2,-0.4 L-0.65,0 L-0.2,0.4" fill="none" stroke="#e8eef5" stroke-width="0.16" stroke-linecap="round" stroke-linejoin="round"/>',
    "arrow-right": '<path d="M-0.8,0 L0.6,0 M0.2,-0.4 L0.65,0 L0.2,0.4" fill="none" stroke="#e8eef5" stroke-width="0.16" stroke-linecap="round" stroke-linejoin="round"/>',
    "plus": '<path d="M0,-0.7 L0,0.7 M-0.7,0 L0.7,0" stroke="#5ee07a" stroke-width="0.22" stroke-linecap="round"/>',
    "minus": '<path d="M-0.7,0 L0.7,0" stroke="#ff5c5c" stroke-width="0.22" stroke-linecap="round"/>',
    "logbook": ('<rect x="-0.7" y="-0.85" width="1.4" height="1.7" rx="0.08" fill="#c9a46b" stroke="#111" stroke-width="0.06"/>'
                '<g stroke="#6e4a26" stroke-width="0.07"><line x1="-0.45" y1="-0.45" x2="0.45" y2="-0.45"/>'
                '<line x1="-0.45" y1="-0.1" x2="0.45" y2="-0.1"/><line x1="-0.45" y1="0.25" x2="0.3" y2="0.25"/></g>'),
    "die": ('<rect x="-0.8" y="-0.8" width="1.6" height="1.6" rx="0.25" fill="#f2f2f2" stroke="#111" stroke-width="0.06"/>'
            '<circle cx="-0.4" cy="-0.4" r="0.14" fill="#111"/><circle cx="0" cy="0" r="0.14" fill="#111"/>'
            '<circle cx="0.4" cy="0.4" r="0.14" fill="#111"/>'),
    "hourglass": ('<path d="M-0.55,-0.85 L0.55,-0.85 L0.05,0 L0.55,0.85 L-0.55,0.85 L-0.05,0 Z" fill="#e0c9a0" stroke="#111" stroke-width="0.06"/>'),
    "mountain": ('<path d="M-0.95,0.75 L-0.3,-0.55 L0.05,0.05 L0.35,-0.3 L0.95,0.75 Z" fill="#8d99a6" stroke="#111" stroke-width="0.06"/>'
                 '<path d="M-0.3,-0.55 L-0.1,-0.15 L-0.45,-0.25 Z" fill="#f2f2f2"/>'),
    "map": ('<path d="M-0.9,-0.6 L-0.3,-0.8 L0.3,-0.6 L0.9,-0.8 L0.9,0.6 L0.3,0.8 L-0.3,0.6 L-0.9,0.8 Z" fill="#e0c9a0" '
            'stroke="#111" stroke-width="0.06"/><path d="M-0.3,-0.8 L-0.3,0.6 M0.3,-0.6 L0.3,0.8" stroke="#9a6a3a" stroke-width="0.05"/>'),
}


def icon(name: str, cx: float, cy: float, size: float, *, tint: str | None = None) -> str:
    """A vector icon centred on (cx, cy), `size` wide; an unknown name draws a plain ring.
    tint sets `currentColor` (pawns take their seat's colour)."""
    body = _ICONS.get(name)
    if body is None:
        return circle(cx, cy, size * 0.4, fill="none", stroke=DIM, sw=3)
    style = f' color="{tint}"' if tint else ""
    return (f'<g class="icon" transform="translate({num(round(cx, 1))} {num(round(cy, 1))}) scale({num(round(size / 2, 2))})"{style}>'
            f"{body}</g>")


def icons() -> list[str]:
    return sorted(_ICONS)
