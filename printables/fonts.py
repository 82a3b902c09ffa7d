"""The embedded fonts (DejaVu, shipped in printables/fonts/ with its licence) and text fitted to a box.

Every printable uses these TTF fonts: the 14 standard PDF fonts cannot write Czech letters (ř, ů, ě).
Sizes are in points, boxes in millimetres (the sheet's unit).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SANS, BOLD, MONO = "CastawaySans", "CastawaySans-Bold", "CastawayMono"
_FILES = {SANS: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", MONO: "DejaVuSansMono.ttf"}
MIN_SIZE = 6.0  # pt: the smallest text we print (a fitting step moves longer texts elsewhere)
LEADING = 1.18


_READY: set[str] = set()


def register(*names: str) -> None:
    """Register TTF fonts with reportlab once per process (they are embedded, subset, in each PDF): the sans
    faces always, the mono face when it is first used (reading a font file costs a tenth of a second)."""
    for name in (names or (SANS, BOLD)):
        if name in _READY:
            continue
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / _FILES[name])))
        _READY.add(name)


@lru_cache(maxsize=8)
def _charset(font: str) -> frozenset[str]:
    register(font)
    return frozenset(chr(u) for u in pdfmetrics.getFont(font).face.charToGlyph) | {"\n", "\t"}


# stand-ins for glyphs DejaVu lacks (the terminal board uses some of them)
SUBSTITUTES = {"⛵": "▲", "ᘐ": "~", "🎲": "▣", "🦈": "▲", "🐙": "~", "🌊": "≈", "⚡": "ϟ", "☀": "○", "☁": "◌"}


def printable(text: str, font: str = SANS) -> str:
    """The text with characters the font has no glyph for replaced (a stand-in, else '?'): never a box."""
    have = _charset(font)
    if have.issuperset(text):
        return text
    out = []
    for ch in text:
        if ch in have:
            out.append(ch)
        else:
            sub = SUBSTITUTES.get(ch, "?")
            out.append(sub if have.issuperset(sub) else "?")
    return "".join(out)


@lru_cache(maxsize=50000)
def width(text: str, font: str, size: float) -> float:
    """Width in mm."""
    if font not in _READY:
        register(font)
    return pdfmetrics.stringWidth(text, font, size) / mm


def ascent_descent(font: str, size: float) -> tuple[float, float]:
    """(ascent, descent) in mm; descent is negative."""
    a, d = pdfmetrics.getAscentDescent(font, size)
    return a / mm, d / mm


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]
    height: float  # mm from the first line's top to the last line's bottom


def wrap(text: str, font: str, size: float, box_w: float) -> list[str] | None:
    """Greedy word wrap; None when one word alone is wider than the box."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = words[0]
        if width(cur, font, size) > box_w:
            return None
        for w in words[1:]:
            if width(w, font, size) > box_w:
                return None
            trial = cur + " " + w
            if width(trial, font, size) <= box_w:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def block_height(n: int, font: str, size: float) -> float:
    a, d = ascent_descent(font, size)
    return (a - d) + (n - 1) * size * LEADING / mm if n else 0.0


@lru_cache(maxsize=20000)
def fit(text: str, font: str, box_w: float, box_h: float, max_size: float, min_size: float = MIN_SIZE,
        max_lines: int | None = None) -> Fitted:
    """The largest size (steps of 0.25 pt) at which the text, wrapped, fits the box.

    Below min_size the text is cut to what fits, ending with an ellipsis: it never overflows.
    """
    got = fits(text, font, box_w, box_h, max_size, min_size, max_lines)
    return got if got is not None else _cut(printable(text, font), font, min_size, box_w, box_h, max_lines)


@lru_cache(maxsize=20000)
def fits(text: str, font: str, box_w: float, box_h: float, max_size: float, min_size: float = MIN_SIZE,
         max_lines: int | None = None) -> Fitted | None:
    """The fit at the largest size from max_size down to min_size, or None when the whole text does not fit."""
    text = printable(text, font)
    size = max_size
    while size >= min_size - 1e-9:
        lines = wrap(text, font, size, box_w)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            h = block_height(len(lines), font, size)
            if h <= box_h:
                return Fitted(size, tuple(lines), h)
        size -= 0.25
    return None


def _cut(text: str, font: str, size: float, box_w: float, box_h: float, max_lines: int | None) -> Fitted:
    a, d = ascent_descent(font, size)
    step = size * LEADING / mm
    room = max(1, min(10000, int((box_h - (a - d)) / step) + 1))
    if max_lines:
        room = min(room, max_lines)
    if block_height(1, font, size) > box_h:
        return Fitted(size, (), 0.0)
    lines: list[str] = []
    words = text.split()
    cur = ""
    for w in words:
        while width(w, font, size) > box_w and len(w) > 1:  # a word too long for the box: break it
            cut = len(w)
            while cut > 1 and width(w[:cut], font, size) > box_w:
                cut -= 1
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(w[:cut])
            w = w[cut:]
        trial = f"{cur} {w}".strip()
        if width(trial, font, size) <= box_w:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    if len(lines) > room:
        lines = lines[:room]
        last = lines[-1]
        while last and width(last + "…", font, size) > box_w:
            last = last[:-1]
        lines[-1] = last + "…"
    return Fitted(size, tuple(lines), block_height(len(lines), font, size))


def draw_fit(c, text: str, x: float, y: float, w: float, h: float, font: str = SANS, max_size: float = 10,
             align: str = "left", valign: str = "top", colour=(0, 0, 0), min_size: float = MIN_SIZE,
             max_lines: int | None = None) -> Fitted:
    """Draw text wrapped and shrunk to fit the box (x, y, w, h in mm; y is the box's bottom)."""
    f = fit(text, font, w, h, max_size, min_size, max_lines)
    if not f.lines:
        return f
    if font not in _READY:
        register(font)
    a, _d = ascent_descent(font, f.size)
    if valign == "top":
        top = y + h
    elif valign == "middle":
        top = y + (h + f.height) / 2
    else:
        top = y + f.height
    c.setFillColorRGB(*colour)
    c.setFont(font, f.size)
    base = top - a
    for line in f.lines:
        if align == "center":
            c.drawCentredString((x + w / 2) * mm, base * mm, line)
        elif align == "right":
            c.drawRightString((x + w) * mm, base * mm, line)
        else:
            c.drawString(x * mm, base * mm, line)
        base -= f.size * LEADING / mm
    return f
