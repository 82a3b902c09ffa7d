"""Simple vector icons, drawn with paths (no images): die symbols and card emblems.

draw(c, name, cx, cy, size) draws the icon centred on (cx, cy) in a square `size` mm wide.
An unknown name draws nothing and returns False, so the caller can print the word instead.
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm

INK = (0.1, 0.1, 0.12)


def _pt(cx, cy, s, x, y):
    """A point given in the icon's unit square (-1..1) to page points."""
    return (cx + x * s / 2) * mm, (cy + y * s / 2) * mm


class _Pen:
    def __init__(self, c, cx, cy, s):
        self.c, self.cx, self.cy, self.s = c, cx, cy, s
        self.cur = (0.0, 0.0)
        self.p = c.beginPath()

    def m(self, x, y):
        self.cur = (x, y)
        self.p.moveTo(*_pt(self.cx, self.cy, self.s, x, y))
        return self

    def l(self, x, y):  # noqa: E741 - a pen's line-to
        self.cur = (x, y)
        self.p.lineTo(*_pt(self.cx, self.cy, self.s, x, y))
        return self

    def q(self, x1, y1, x2, y2, x3=None, y3=None):
        """A cubic curve through two control points; with one control point, a quadratic one."""
        if x3 is None:
            (x0, y0), (qx, qy), (x3, y3) = self.cur, (x1, y1), (x2, y2)
            x1, y1 = x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0)
            x2, y2 = x3 + 2 / 3 * (qx - x3), y3 + 2 / 3 * (qy - y3)
        self.cur = (x3, y3)
        self.p.curveTo(*_pt(self.cx, self.cy, self.s, x1, y1), *_pt(self.cx, self.cy, self.s, x2, y2),
                       *_pt(self.cx, self.cy, self.s, x3, y3))
        return self

    def circle(self, x, y, r):
        px, py = _pt(self.cx, self.cy, self.s, x, y)
        self.p.circle(px, py, r * self.s / 2 * mm)
        return self

    def close(self):
        self.p.close()
        return self

    def fill(self, rgb=INK, stroke=False, width=0.0):
        self.c.setFillColorRGB(*rgb)
        if stroke:
            self.c.setStrokeColorRGB(*rgb)
            self.c.setLineWidth(width * mm)
        self.c.drawPath(self.p, stroke=1 if stroke else 0, fill=1)

    def stroke(self, rgb=INK, width=0.2):
        """width in mm"""
        self.c.setStrokeColorRGB(*rgb)
        self.c.setLineWidth(width * mm)
        self.c.setLineCap(1)
        self.c.setLineJoin(1)
        self.c.drawPath(self.p, stroke=1, fill=0)


def _sun(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, 0, 0.42)
    pen.fill((0.95, 0.7, 0.1))
    pen = _Pen(c, cx, cy, s)
    for k in range(8):
        a = k * math.pi / 4
        pen.m(0.55 * math.cos(a), 0.55 * math.sin(a)).l(0.92 * math.cos(a), 0.92 * math.sin(a))
    pen.stroke((0.95, 0.6, 0.1), width=s * 0.09)


def _cloud(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s)
    pen.circle(-0.4, -0.1, 0.38).circle(0.05, 0.15, 0.48).circle(0.45, -0.12, 0.36)
    pen.fill((0.45, 0.5, 0.6))
    pen = _Pen(c, cx, cy, s).m(-0.78, -0.48).l(0.8, -0.48).l(0.8, -0.12).l(-0.78, -0.12).close()
    pen.fill((0.45, 0.5, 0.6))


def _lightning(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(0.15, 0.95).l(-0.5, -0.05).l(-0.05, -0.05).l(-0.25, -0.95).l(0.5, 0.15).l(0.05, 0.15).l(0.35, 0.95).close()
    pen.fill((0.95, 0.75, 0.05), stroke=True, width=0.1)
    pen = _Pen(c, cx, cy, s).m(0.15, 0.95).l(-0.5, -0.05).l(-0.05, -0.05).l(-0.25, -0.95).l(0.5, 0.15).l(0.05, 0.15).l(0.35, 0.95).close()
    pen.stroke(INK, width=0.1)


def _kite(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(0, 0.95).l(0.55, 0.25).l(0, -0.5).l(-0.55, 0.25).close()
    pen.fill((0.85, 0.2, 0.2))
    pen = _Pen(c, cx, cy, s).m(0, 0.95).l(0, -0.5).m(-0.55, 0.25).l(0.55, 0.25)
    pen.stroke((1, 1, 1), width=0.12)
    pen = _Pen(c, cx, cy, s).m(0, -0.5).q(0.25, -0.65, -0.25, -0.8, 0.05, -0.97)
    pen.stroke(INK, width=0.15)


def _star(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s)
    for k in range(10):
        r = 0.92 if k % 2 == 0 else 0.4
        a = math.pi / 2 + k * math.pi / 5
        (pen.m if k == 0 else pen.l)(r * math.cos(a), r * math.sin(a))
    pen.close().fill(rgb)


def _hope(c, cx, cy, s, rgb):
    _star(c, cx, cy, s, (0.95, 0.75, 0.1))


def _tentacle(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.55, -0.95).q(-0.5, 0.2, 0.3, 0.1, 0.25, 0.6).q(0.22, 0.85, 0.0, 0.95, -0.1, 0.8)
    pen.q(0.05, 0.7, 0.05, 0.45, -0.05, 0.35).q(-0.35, 0.05, -0.05, -0.6, 0.05, -0.95).close()
    pen.fill((0.2, 0.55, 0.3))
    pen = _Pen(c, cx, cy, s)
    for x, y, r in ((-0.25, -0.6, 0.09), (-0.18, -0.25, 0.08), (-0.02, 0.05, 0.07), (0.12, 0.35, 0.06)):
        pen.circle(x, y, r)
    pen.fill((0.85, 0.95, 0.85))


def _bottle(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.12, 0.95).l(0.12, 0.95).l(0.12, 0.5).q(0.45, 0.35, 0.42, 0.1, 0.42, -0.1)
    pen.l(0.42, -0.9).l(-0.42, -0.9).l(-0.42, -0.1).q(-0.42, 0.1, -0.45, 0.35, -0.12, 0.5).close()
    pen.fill((0.3, 0.6, 0.55))
    pen = _Pen(c, cx, cy, s).m(-0.25, -0.1).l(0.25, -0.1).l(0.25, -0.55).l(-0.25, -0.55).close()
    pen.fill((0.95, 0.9, 0.75))


def _warning(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(0, 0.92).l(0.95, -0.78).l(-0.95, -0.78).close()
    pen.fill((0.85, 0.2, 0.15))
    pen = _Pen(c, cx, cy, s).m(0, 0.35).l(0, -0.25)
    pen.stroke((1, 1, 1), width=s * 0.12)
    pen = _Pen(c, cx, cy, s).circle(0, -0.5, 0.08)
    pen.fill((1, 1, 1))


def _jellyfish(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.75, 0.0).q(-0.75, 0.95, 0.75, 0.95, 0.75, 0.0).close()
    pen.fill((0.7, 0.4, 0.75))
    pen = _Pen(c, cx, cy, s)
    for x in (-0.5, -0.17, 0.17, 0.5):
        pen.m(x, 0.0).q(x + 0.15, -0.3, x - 0.15, -0.6, x, -0.92)
    pen.stroke((0.7, 0.4, 0.75), width=s * 0.12)


def _swap(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.8, 0.35).l(0.55, 0.35).m(0.3, 0.65).l(0.7, 0.35).l(0.3, 0.05)
    pen.m(0.8, -0.35).l(-0.55, -0.35).m(-0.3, -0.05).l(-0.7, -0.35).l(-0.3, -0.65)
    pen.stroke((0.15, 0.35, 0.6), width=s * 0.1)


def _paw(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, -0.35, 0.42)
    for x, y in ((-0.62, 0.2), (-0.22, 0.58), (0.22, 0.58), (0.62, 0.2)):
        pen.circle(x, y, 0.2)
    pen.fill((0.45, 0.3, 0.2))


def _person(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, 0.5, 0.3)
    pen.fill(rgb)
    pen = _Pen(c, cx, cy, s).m(-0.65, -0.95).q(-0.65, 0.15, 0.65, 0.15, 0.65, -0.95).close()
    pen.fill(rgb)


def _shark(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.7, -0.35).q(-0.2, 0.2, 0.0, 0.8, 0.2, 0.95).q(0.15, 0.3, 0.35, -0.1, 0.7, -0.35).close()
    pen.fill((0.35, 0.42, 0.5))
    pen = _Pen(c, cx, cy, s).m(-0.95, -0.5).q(-0.5, -0.25, -0.3, -0.75, 0.0, -0.5).q(0.3, -0.25, 0.5, -0.75, 0.95, -0.5)
    pen.stroke((0.2, 0.45, 0.75), width=s * 0.1)


def _flare(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.6, -0.9).q(-0.3, -0.2, 0.0, 0.2, 0.35, 0.45)
    pen.stroke((0.5, 0.5, 0.5), width=s * 0.08)
    _star(c, cx + s * 0.2, cy + s * 0.27, s * 0.55, (0.95, 0.3, 0.15))


def _plank(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.95, -0.3).l(0.95, -0.3).l(0.95, 0.3).l(-0.95, 0.3).close()
    pen.fill((0.65, 0.45, 0.25))
    pen = _Pen(c, cx, cy, s).m(-0.7, 0.05).q(-0.3, 0.15, 0.2, -0.05, 0.7, 0.05)
    pen.stroke((0.45, 0.3, 0.15), width=s * 0.05)


def _compass(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, 0, 0.9)
    pen.stroke(INK, width=s * 0.08)
    pen = _Pen(c, cx, cy, s).m(0, 0.75).l(0.2, 0).l(0, -0.75).l(-0.2, 0).close()
    pen.fill((0.8, 0.2, 0.2))


def _die(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.85, -0.85).l(0.85, -0.85).l(0.85, 0.85).l(-0.85, 0.85).close()
    pen.stroke(INK, width=s * 0.1)
    pen = _Pen(c, cx, cy, s)
    for x, y in ((-0.45, 0.45), (0, 0), (0.45, -0.45)):
        pen.circle(x, y, 0.14)
    pen.fill(INK)


def _tool(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.75, -0.75).l(0.35, 0.35)
    pen.stroke((0.45, 0.3, 0.2), width=s * 0.18)
    pen = _Pen(c, cx, cy, s).m(0.05, 0.55).l(0.55, 0.05).l(0.95, 0.45).l(0.45, 0.95).close()
    pen.fill((0.5, 0.5, 0.55))


def _skull(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, 0.15, 0.7)
    pen.fill((0.9, 0.88, 0.8))
    pen = _Pen(c, cx, cy, s).m(-0.35, -0.45).l(0.35, -0.45).l(0.35, -0.9).l(-0.35, -0.9).close()
    pen.fill((0.9, 0.88, 0.8))
    pen = _Pen(c, cx, cy, s).circle(-0.27, 0.15, 0.17).circle(0.27, 0.15, 0.17)
    pen.fill(INK)


def _wave(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s)
    for y in (0.35, -0.15, -0.65):
        pen.m(-0.95, y).q(-0.6, y + 0.35, -0.3, y - 0.35, 0.0, y).q(0.3, y + 0.35, 0.6, y - 0.35, 0.95, y)
    pen.stroke((0.2, 0.45, 0.75), width=s * 0.1)


def _heart(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(0, -0.85).q(-1.1, 0.0, -0.6, 1.0, 0, 0.45).q(0.6, 1.0, 1.1, 0.0, 0, -0.85).close()
    pen.fill((0.85, 0.2, 0.25))


def _ship(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.95, -0.2).l(0.95, -0.2).l(0.6, -0.7).l(-0.7, -0.7).close()
    pen.fill((0.25, 0.3, 0.45))
    pen = _Pen(c, cx, cy, s).m(-0.1, -0.2).l(-0.1, 0.95).l(0.6, -0.05).close()
    pen.fill((0.9, 0.9, 0.85), stroke=True, width=0.1)


def _rect(c, cx, cy, s, x0, y0, x1, y1):
    return _Pen(c, cx, cy, s).m(x0, y0).l(x1, y0).l(x1, y1).l(x0, y1).close()


BROWN, DARK_BROWN, GOLD, GREY = (0.6, 0.4, 0.22), (0.4, 0.25, 0.12), (0.93, 0.72, 0.12), (0.55, 0.55, 0.58)


def _rum(c, cx, cy, s, rgb):  # a rum barrel
    pen = _Pen(c, cx, cy, s).m(-0.55, -0.85).q(-0.8, 0, -0.8, 0, -0.55, 0.85).l(0.55, 0.85).q(0.8, 0, 0.8, 0, 0.55, -0.85).close()
    pen.fill(BROWN)
    pen = _Pen(c, cx, cy, s).m(-0.68, 0.45).l(0.68, 0.45).m(-0.68, -0.45).l(0.68, -0.45)
    pen.stroke(DARK_BROWN, width=s * 0.08)
    _rect(c, cx, cy, s, -0.3, -0.2, 0.3, 0.2).fill((0.95, 0.9, 0.75))


def _treasure(c, cx, cy, s, rgb):  # a chest
    _rect(c, cx, cy, s, -0.85, -0.75, 0.85, 0.2).fill(BROWN)
    _Pen(c, cx, cy, s).m(-0.85, 0.2).q(-0.85, 0.85, 0.85, 0.85, 0.85, 0.2).close().fill(DARK_BROWN)
    _rect(c, cx, cy, s, -0.85, 0.12, 0.85, 0.28).fill(GOLD)
    _rect(c, cx, cy, s, -0.14, -0.2, 0.14, 0.3).fill(GOLD)


def _jewel(c, cx, cy, s, rgb):  # a cut gem
    _Pen(c, cx, cy, s).m(-0.85, 0.3).l(-0.45, 0.75).l(0.45, 0.75).l(0.85, 0.3).l(0, -0.9).close().fill((0.2, 0.65, 0.8))
    pen = _Pen(c, cx, cy, s).m(-0.85, 0.3).l(0.85, 0.3).m(-0.3, 0.3).l(0, -0.9).l(0.3, 0.3).m(-0.45, 0.75).l(-0.3, 0.3).m(0.45, 0.75).l(0.3, 0.3)
    pen.stroke((0.9, 0.97, 1), width=s * 0.04)


def _doubloon(c, cx, cy, s, rgb):  # a gold coin
    _Pen(c, cx, cy, s).circle(0, 0, 0.88).fill(GOLD)
    _Pen(c, cx, cy, s).circle(0, 0, 0.66).stroke((0.7, 0.5, 0.05), width=s * 0.06)
    _Pen(c, cx, cy, s).m(0, 0.45).l(0, -0.45).m(-0.4, 0.15).l(0.4, 0.15).stroke((0.7, 0.5, 0.05), width=s * 0.09)


def _food(c, cx, cy, s, rgb):  # a fish
    _Pen(c, cx, cy, s).m(-0.55, 0).q(-0.1, 0.6, 0.5, 0.4, 0.75, 0).q(0.5, -0.4, -0.1, -0.6, -0.55, 0).close().fill((0.35, 0.55, 0.75))
    _Pen(c, cx, cy, s).m(-0.5, 0).l(-0.92, 0.38).l(-0.92, -0.38).close().fill((0.35, 0.55, 0.75))
    _Pen(c, cx, cy, s).circle(0.45, 0.08, 0.07).fill((1, 1, 1))


def _wood(c, cx, cy, s, rgb):  # a log, end on
    _rect(c, cx, cy, s, -0.85, -0.4, 0.55, 0.4).fill(BROWN)
    _Pen(c, cx, cy, s).circle(0.55, 0, 0.4).fill((0.85, 0.7, 0.45))
    _Pen(c, cx, cy, s).circle(0.55, 0, 0.22).stroke(BROWN, width=s * 0.05)
    _Pen(c, cx, cy, s).m(-0.7, 0.15).l(0.2, 0.15).m(-0.5, -0.15).l(0.3, -0.15).stroke(DARK_BROWN, width=s * 0.04)


def _stone(c, cx, cy, s, rgb):  # a rock
    _Pen(c, cx, cy, s).m(-0.85, -0.6).l(-0.6, 0.2).l(-0.15, 0.65).l(0.45, 0.5).l(0.85, -0.1).l(0.7, -0.6).close().fill(GREY)
    _Pen(c, cx, cy, s).m(-0.15, 0.65).l(0.05, 0.0).l(0.7, -0.6).m(0.05, 0).l(-0.6, 0.2).stroke((0.4, 0.4, 0.43), width=s * 0.05)


def _leather(c, cx, cy, s, rgb):  # a stretched hide
    _Pen(c, cx, cy, s).m(0, 0.85).q(0.35, 0.55, 0.85, 0.7, 0.6, 0.2).q(0.45, -0.1, 0.85, -0.6, 0.35, -0.6).q(0.1, -0.95, -0.1, -0.95, -0.35, -0.6) \
        .q(-0.85, -0.6, -0.45, -0.1, -0.6, 0.2).q(-0.85, 0.7, -0.35, 0.55, 0, 0.85).close().fill((0.78, 0.58, 0.38))


def _dog(c, cx, cy, s, rgb):  # a dog's head with floppy ears
    col = (0.62, 0.45, 0.28)
    _Pen(c, cx, cy, s).circle(0, 0.1, 0.55).fill(col)
    _Pen(c, cx, cy, s).m(-0.45, 0.5).q(-0.95, 0.4, -0.8, -0.35, -0.55, -0.3).close().fill((0.4, 0.27, 0.15))
    _Pen(c, cx, cy, s).m(0.45, 0.5).q(0.95, 0.4, 0.8, -0.35, 0.55, -0.3).close().fill((0.4, 0.27, 0.15))
    _Pen(c, cx, cy, s).circle(0, -0.3, 0.32).fill((0.85, 0.72, 0.55))
    _Pen(c, cx, cy, s).circle(0, -0.15, 0.1).circle(-0.22, 0.25, 0.07).circle(0.22, 0.25, 0.07).fill(INK)


def _basket(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.85, 0.1).l(0.85, 0.1).l(0.55, -0.8).l(-0.55, -0.8).close().fill((0.8, 0.62, 0.35))
    _Pen(c, cx, cy, s).m(-0.6, 0.1).q(-0.6, 0.9, 0.6, 0.9, 0.6, 0.1).stroke(DARK_BROWN, width=s * 0.08)
    _Pen(c, cx, cy, s).m(-0.75, -0.2).l(0.75, -0.2).m(-0.65, -0.5).l(0.65, -0.5).stroke(DARK_BROWN, width=s * 0.05)


def _bed(c, cx, cy, s, rgb):
    _rect(c, cx, cy, s, -0.9, -0.35, 0.9, 0.05).fill((0.45, 0.6, 0.4))
    _rect(c, cx, cy, s, -0.9, -0.6, -0.78, 0.45).fill(DARK_BROWN)
    _rect(c, cx, cy, s, 0.78, -0.6, 0.9, 0.15).fill(DARK_BROWN)
    _Pen(c, cx, cy, s).circle(-0.55, 0.22, 0.18).fill((0.95, 0.95, 0.9))


def _knife(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.2, -0.15).l(0.85, 0.75).l(0.1, -0.35).close().fill(GREY)
    _Pen(c, cx, cy, s).m(-0.1, -0.25).l(-0.8, -0.85).stroke(DARK_BROWN, width=s * 0.16)


def _rope(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).circle(0, 0, 0.75).circle(0, 0, 0.5).circle(0, 0, 0.25)
    pen.stroke((0.75, 0.6, 0.35), width=s * 0.1)
    _Pen(c, cx, cy, s).m(0.75, 0).q(0.9, -0.5, 0.5, -0.9, 0.2, -0.9).stroke((0.75, 0.6, 0.35), width=s * 0.1)


def _fire(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(0, 0.95).q(0.9, 0.1, 0.6, -0.75, 0, -0.8).q(-0.6, -0.75, -0.9, 0.1, 0, 0.95).close().fill((0.9, 0.35, 0.1))
    _Pen(c, cx, cy, s).m(0, 0.35).q(0.45, -0.15, 0.3, -0.7, 0, -0.72).q(-0.3, -0.7, -0.45, -0.15, 0, 0.35).close().fill((0.98, 0.8, 0.2))
    _Pen(c, cx, cy, s).m(-0.7, -0.9).l(0.7, -0.75).m(-0.7, -0.75).l(0.7, -0.9).stroke(DARK_BROWN, width=s * 0.08)


def _axe(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.6, -0.9).l(0.35, 0.75).stroke(DARK_BROWN, width=s * 0.12)
    _Pen(c, cx, cy, s).m(0.05, 0.35).q(0.5, 0.2, 0.75, 0.5).q(0.8, 0.85, 0.5, 0.95).l(0.3, 0.65).close().fill(GREY)


def _blueprint(c, cx, cy, s, rgb):
    _rect(c, cx, cy, s, -0.8, -0.85, 0.8, 0.85).fill((0.2, 0.4, 0.75))
    pen = _Pen(c, cx, cy, s)
    for v in (-0.4, 0, 0.4):
        pen.m(-0.8, v).l(0.8, v).m(v, -0.85).l(v, 0.85)
    pen.stroke((0.7, 0.8, 0.95), width=s * 0.03)
    _Pen(c, cx, cy, s).m(-0.5, -0.5).l(0.5, -0.5).l(0.5, 0.3).l(0, 0.6).l(-0.5, 0.3).close().stroke((1, 1, 1), width=s * 0.06)


def _sword(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.08, -0.35).l(-0.08, 0.75).l(0, 0.95).l(0.08, 0.75).l(0.08, -0.35).close().fill(GREY)
    _Pen(c, cx, cy, s).m(-0.4, -0.35).l(0.4, -0.35).stroke(DARK_BROWN, width=s * 0.1)
    _Pen(c, cx, cy, s).m(0, -0.4).l(0, -0.9).stroke(DARK_BROWN, width=s * 0.12)


def _trap(c, cx, cy, s, rgb):
    pen = _Pen(c, cx, cy, s).m(-0.85, 0)
    for k in range(8):
        pen.l(-0.85 + (k + 0.5) * 0.2125, 0.45 if k % 2 == 0 else 0)
    pen.l(0.85, 0).m(-0.85, -0.1)
    for k in range(8):
        pen.l(-0.85 + (k + 0.5) * 0.2125, -0.55 if k % 2 == 0 else -0.1)
    pen.l(0.85, -0.1)
    pen.stroke(GREY, width=s * 0.07)
    _Pen(c, cx, cy, s).circle(0, -0.05, 0.12).fill(DARK_BROWN)


def _flag(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.6, -0.95).l(-0.6, 0.95).stroke(DARK_BROWN, width=s * 0.09)
    _Pen(c, cx, cy, s).m(-0.6, 0.9).q(-0.1, 1.0, 0.2, 0.7).q(0.5, 0.45, 0.85, 0.6).l(0.85, 0.0).q(0.5, -0.15, 0.2, 0.1).q(-0.1, 0.35, -0.6, 0.25).close() \
        .fill((0.85, 0.2, 0.2))


def _bow(c, cx, cy, s, rgb):
    _Pen(c, cx, cy, s).m(-0.3, 0.9).q(0.8, 0.5, 0.8, -0.5, -0.3, -0.9).stroke(DARK_BROWN, width=s * 0.1)
    _Pen(c, cx, cy, s).m(-0.3, 0.9).l(-0.3, -0.9).stroke(INK, width=s * 0.025)
    _Pen(c, cx, cy, s).m(-0.85, 0).l(0.8, 0).stroke(GREY, width=s * 0.05)
    _Pen(c, cx, cy, s).m(0.95, 0).l(0.7, 0.12).l(0.7, -0.12).close().fill(GREY)


def _raft(c, cx, cy, s, rgb):
    for k in range(5):
        x = -0.8 + k * 0.4
        _rect(c, cx, cy, s, x - 0.17, -0.75, x + 0.17, 0.75).fill(BROWN if k % 2 else (0.7, 0.5, 0.28))
    _Pen(c, cx, cy, s).m(-0.95, 0.45).l(0.95, 0.45).m(-0.95, -0.45).l(0.95, -0.45).stroke(DARK_BROWN, width=s * 0.06)


def _friend(c, cx, cy, s, rgb):
    _person(c, cx - s * 0.22, cy, s * 0.75, (0.35, 0.45, 0.6))
    _person(c, cx + s * 0.22, cy - s * 0.05, s * 0.75, (0.6, 0.4, 0.3))


def _compulsory(c, cx, cy, s, rgb):  # a card that must be played: a red '!' in a circle
    _Pen(c, cx, cy, s).circle(0, 0, 0.9).fill((0.8, 0.15, 0.15))
    _Pen(c, cx, cy, s).m(0, 0.55).l(0, -0.15).stroke((1, 1, 1), width=s * 0.16)
    _Pen(c, cx, cy, s).circle(0, -0.48, 0.1).fill((1, 1, 1))


def _voluntary(c, cx, cy, s, rgb):  # a card you may choose to play: a green tick in a circle
    _Pen(c, cx, cy, s).circle(0, 0, 0.9).fill((0.2, 0.6, 0.3))
    _Pen(c, cx, cy, s).m(-0.45, 0).l(-0.12, -0.35).l(0.5, 0.4).stroke((1, 1, 1), width=s * 0.14)


def _end(c, cx, cy, s, rgb):  # the last round: an hourglass
    _Pen(c, cx, cy, s).m(-0.6, 0.85).l(0.6, 0.85).l(0.08, 0).l(0.6, -0.85).l(-0.6, -0.85).l(-0.08, 0).close().stroke(INK, width=s * 0.08)
    _Pen(c, cx, cy, s).m(-0.35, -0.8).l(0.35, -0.8).l(0, -0.35).close().fill(GOLD)
    _Pen(c, cx, cy, s).m(-0.3, 0.55).l(0.3, 0.55).l(0, 0.2).close().fill(GOLD)


def _quest(c, cx, cy, s, rgb):  # a scroll
    _rect(c, cx, cy, s, -0.6, -0.7, 0.6, 0.7).fill((0.95, 0.88, 0.7))
    _Pen(c, cx, cy, s).circle(-0.6, 0.7, 0.15).circle(0.6, 0.7, 0.15).circle(-0.6, -0.7, 0.15).circle(0.6, -0.7, 0.15).fill((0.8, 0.65, 0.4))
    pen = _Pen(c, cx, cy, s)
    for y in (0.35, 0.1, -0.15, -0.4):
        pen.m(-0.4, y).l(0.4, y)
    pen.stroke((0.45, 0.35, 0.25), width=s * 0.04)


def _area(c, cx, cy, s, rgb):  # an island with a palm
    _Pen(c, cx, cy, s).m(-0.9, -0.55).q(0, 0.05, 0.9, -0.55).close().fill((0.9, 0.8, 0.5))
    _wave(c, cx, cy - s * 0.35, s * 0.5, rgb)
    _Pen(c, cx, cy, s).m(0.05, -0.35).q(0.0, 0.2, 0.15, 0.6).stroke(BROWN, width=s * 0.08)
    _Pen(c, cx, cy, s).m(0.15, 0.6).q(-0.3, 0.8, -0.6, 0.4).m(0.15, 0.6).q(0.6, 0.8, 0.8, 0.35).m(0.15, 0.6).q(0.2, 0.9, 0.5, 0.9) \
        .stroke((0.2, 0.55, 0.25), width=s * 0.09)


ICONS = {
    "sun": _sun, "clear": _sun, "cloud": _cloud, "lightning": _lightning, "kite": _kite, "hope": _hope,
    "star": _star, "tentacle": _tentacle, "octopus": _tentacle, "bottle": _bottle, "warning": _warning,
    "disaster": _warning, "jellyfish": _jellyfish, "swap": _swap, "paw": _paw, "scruffs": _dog,
    "person": _person, "shark": _shark, "flare": _flare, "plank": _plank, "compass": _compass, "die": _die,
    "tool": _tool, "skull": _skull, "wave": _wave, "heart": _heart, "strength": _heart, "ship": _ship,
    "rum": _rum, "treasure": _treasure, "jewel": _jewel, "doubloon": _doubloon, "food": _food, "fish": _food,
    "wood": _wood, "stone": _stone, "leather": _leather, "fur": _leather, "dog": _dog, "basket": _basket, "bed": _bed,
    "stone-knife": _knife, "knife": _knife, "rope": _rope, "fire": _fire, "axe": _axe, "blueprint": _blueprint,
    "sword": _sword, "trap": _trap, "flag": _flag, "bow": _bow, "raft": _raft, "friend": _friend,
    "watch-dog": _dog, "compulsory": _compulsory, "voluntary": _voluntary, "end": _end, "quest": _quest,
    "area": _area, "mutiny": _skull, "reroll": _die,
    "blank": lambda *a: None,
}


def draw(c, name: str | None, cx: float, cy: float, size: float, rgb=INK) -> bool:
    fn = ICONS.get((name or "").lower())
    if fn is None:
        return False
    c.saveState()
    fn(c, cx, cy, size, rgb)
    c.restoreState()
    return True


def pick(*words: str | None) -> str | None:
    """The first word (a deck id, a card field, a symbol name) that names an icon."""
    for w in words:
        if not w:
            continue
        key = str(w).lower()
        if key in ICONS and key != "blank":
            return key
        for part in key.replace("_", "-").split("-"):
            for form in (part, part[:-1] if part.endswith("s") else part):  # plurals: planks, tentacles
                if form in ICONS and form != "blank":
                    return form
    return None
