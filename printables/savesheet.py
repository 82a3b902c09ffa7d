"""The save sheet: one page with the game's state as a table (names as printed, numbers) and a QR code
of its save code, with the code in checked groups for typing.

`castaway resume CODE` (typed, or scanned from the QR) starts a new game from it, with the same title.
"""

from __future__ import annotations

import io
from typing import Sequence

from reportlab.lib.units import mm

from companion.catalog import GameCatalog
from companion.i18n import _

from . import fonts, qr, sheet
from .flow import Flow
from .terms import term

SIZE = 9.0  # pt: every word of the table and the code
QR_SIDE = 60.0


def _name(cat: GameCatalog, group: dict, key: str) -> str:
    e = group.get(key)
    return term(cat, e.name) if e is not None and getattr(e, "name", None) else key


def _show(v, cat: GameCatalog) -> str:
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, list):
        return ", ".join(_show(x, cat) for x in v) or "–"
    if isinstance(v, dict):
        return "; ".join(f"{k}: {_show(x, cat)}" for k, x in v.items()) or "–"
    if isinstance(v, str) and v in cat.characters:
        return term(cat, cat.characters[v].name)
    return "–" if v is None else str(v)


def rows(state: dict, cat: GameCatalog) -> list[tuple[str, str]]:
    """(what, value) lines of a state: tracks, counters, each seat, the cards held, in the catalog's words."""
    out = []
    for k, v in (state.get("tracks") or {}).items():
        out.append((_name(cat, cat.tracks, k), _show(v, cat)))
    for k, v in (state.get("counters") or {}).items():
        out.append((_name(cat, cat.counters, k), _show(v, cat)))
    for seat in state.get("seats") or []:
        vals = (state.get("seat") or {}).get(seat, {})
        label = term(cat, cat.seats[seat].name) if seat in cat.seats else seat
        who = vals.get("survivor") or vals.get("character") or vals.get("player")
        head = f"{label}: {_show(who, cat)}" if who else label
        bits = [f"{_name(cat, cat.counters, k) if k in cat.counters else _(k)} {_show(x, cat)}" for k, x in vals.items()
                if k not in ("survivor", "character") and x not in (None, [], {})]
        out.append((head, " · ".join(bits)))
    for deck_id, deck in (state.get("decks") or {}).items():
        d = cat.decks.get(deck_id)
        for seat, held in (deck.get("held") or {}).items():
            if held:
                names = [term(cat, d.card(c.split(":")[0]).name) if d else c for c in held]
                out.append((_("{deck}, held by {seat}").format(deck=term(cat, d.name) if d else deck_id, seat=seat), ", ".join(names)))
    return out


def render(title: str, subtitle: str, table_rows: Sequence[tuple[str, str]], code: str, paper: str = "a4") -> bytes:
    buf = io.BytesIO()
    c = sheet.new_canvas(buf, paper, title)
    flow = Flow(c, paper, f"{title} · {paper.upper()}")
    content = flow.content
    flow.text(title, fonts.BOLD, 14, gap=1)
    flow.text(subtitle, fonts.SANS, SIZE, colour=(0.3, 0.3, 0.3), gap=2)
    side = max(QR_SIDE, qr.min_size(code, "M"))
    top = flow.y
    qr.draw(c, code, content.right - side, top - side, side, "M")
    fonts.draw_fit(c, _("Scan into: castaway resume"), content.right - side, top - side - 4.5, side, 4, fonts.SANS, SIZE,
                   align="center", min_size=SIZE)
    # the table, left of the code (then under it)
    col1 = 45.0
    for what, value in table_rows:
        width = content.w - side - 6 if flow.y > top - side - 8 else content.w
        f = fonts.fit(value or " ", fonts.SANS, width - col1, 1e6, SIZE, SIZE)
        g = fonts.fit(what, fonts.BOLD, col1 - 2, 1e6, SIZE, SIZE)
        h = max(f.height, g.height) + 1.2
        y = flow.need(h)
        fonts.draw_fit(c, what, content.x, y - g.height, col1 - 2, g.height + 0.01, fonts.BOLD, SIZE, min_size=SIZE)
        fonts.draw_fit(c, value or " ", content.x + col1, y - f.height, width - col1, f.height + 0.01, fonts.SANS, SIZE, min_size=SIZE)
        c.setStrokeColorRGB(0.8, 0.8, 0.8)
        c.setLineWidth(0.3)
        c.line(content.x * mm, (y - h + 0.4) * mm, (content.x + width) * mm, (y - h + 0.4) * mm)
    flow.y = min(flow.y, top - side - 8) - 2
    flow.text(_("The same code for typing (each group ends in a check character, so a typo names its group):"), fonts.SANS,
              SIZE, colour=(0.3, 0.3, 0.3), gap=1)
    from companion.savecode import groups

    flow.text(groups(code), fonts.MONO, SIZE + 1, gap=1)
    flow.finish()
    c.save()
    return buf.getvalue()
