"""The save sheet: one page with the board in words and a QR code of the game's save code.

`castaway resume CODE` (typed, or scanned from the QR) starts a new game from it.
"""

from __future__ import annotations

import io
from typing import Sequence

from . import fonts, qr, sheet
from companion.i18n import _

QR_SIDE = 90.0  # mm; a full-size code (3000 characters) needs 70.8 mm at 0.4 mm a module


def render(title: str, subtitle: str, board: Sequence[str], code: str, paper: str = "a4") -> bytes:
    buf = io.BytesIO()
    c = sheet.new_canvas(buf, paper, title)
    content, block, ruler = sheet.free_page(paper)
    x, top, w = content.x, content.top, content.w
    fonts.draw_fit(c, title, x, top - 8, w, 8, fonts.BOLD, 16)
    fonts.draw_fit(c, subtitle, x, top - 14, w, 5, fonts.SANS, 9, colour=(0.3, 0.3, 0.3))
    top -= 17
    side = max(QR_SIDE, qr.min_size(code, "M"))
    qr.draw(c, code, content.right - side, top - side, side, "M")
    fonts.draw_fit(c, _("Scan into: castaway resume"), content.right - side, top - side - 5, side, 4, fonts.SANS, 8,
                   align="center")
    # the board in words, left of the code and then below it
    lines = [ln.rstrip() for ln in board] or ["(empty)"]
    col_w = w - side - 6
    line_h = 3.6
    y = top
    for ln in lines:
        box_w = col_w if y > top - side - 6 else w
        if y - line_h < content.y + 40:
            break
        fonts.draw_fit(c, ln or " ", x, y - line_h, box_w, line_h, fonts.MONO, 8, max_lines=1)
        y -= line_h
    y = min(y, top - side - 8) - 3
    groups = " ".join(code[i:i + 5] for i in range(0, len(code), 5))
    fonts.draw_fit(c, _("The same code in letters, for typing if the QR code is damaged:"), x, y - 4, w, 4, fonts.SANS, 8,
                   colour=(0.3, 0.3, 0.3))
    y -= 5
    fonts.draw_fit(c, groups, x, content.y, w, y - content.y, fonts.MONO, 7.5, min_size=4.0)
    sheet.scale_check(c, block, ruler, f"{title} · {paper.upper()}")
    c.showPage()
    c.save()
    return buf.getvalue()
