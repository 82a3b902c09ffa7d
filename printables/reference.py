"""Reference aids: each game's turn summary and most-looked-up tables, from decks/<game>/reference.toml.

Entries are data (GameCatalog.reference): kind 'steps' (a numbered list), 'list' (bullets), 'table'
(columns and rows), 'pad' (a score pad: columns are players, rows are what is scored, blank cells) or
'symbols' (the chart of numbered logbook symbols with their drawings, from the game's rules.symbol_chart).
"""

from __future__ import annotations

import io
from typing import Callable

from reportlab.lib.units import mm

from companion.catalog import GameCatalog
from companion.i18n import _

from . import fonts
from .flow import Flow
from .terms import term

BODY = 8.5  # pt
PAD = 1.2  # mm inside table cells


class _Flow(Flow):
    pass


def _text(flow: _Flow, text: str, font=fonts.SANS, size=BODY, indent=0.0, colour=(0, 0, 0), gap=0.8) -> None:
    flow.text(text, font, size, indent, colour, gap)


def _table(flow: _Flow, columns: list[str], rows: list[list[str]], blank_h: float = 0.0, icons: list[str] | None = None) -> None:
    """A table; with icons, the first column of each row shows that row's drawing (printables/icons.py)."""
    c = flow.c
    n = len(columns)
    if n == 0:
        return
    total = flow.content.w
    lengths = [max([len(str(columns[i]))] + [len(str(r[i])) if i < len(r) else 0 for r in rows]) for i in range(n)]
    weights = [min(max(L, 4), 60) for L in lengths]
    widths = [total * wt / sum(weights) for wt in weights]

    def row_h(cells, font):
        h = 0.0
        for i, cell in enumerate(cells):
            f = fonts.fit(str(cell), font, widths[i] - 2 * PAD, 1e6, BODY, BODY)
            h = max(h, f.height)
        return max(h + 2 * PAD, blank_h)

    def draw_row(cells, font, fill, icon=None):
        h = row_h(cells, font)
        top = flow.need(h)
        x = flow.content.x
        for i in range(n):
            cell = str(cells[i]) if i < len(cells) else ""
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.setLineWidth(0.4)
            c.rect(x * mm, (top - h) * mm, widths[i] * mm, h * mm, stroke=1, fill=1)
            if cell:
                fonts.draw_fit(c, cell, x + PAD, top - h + PAD, widths[i] - 2 * PAD, h - 2 * PAD, font, BODY)
            x += widths[i]
        if icon:
            from .icons import draw

            draw(c, icon, flow.content.x + widths[0] / 2, top - h / 2, max(2.0, min(widths[0], h) - 2 * PAD))

    if rows and flow.room() < row_h(columns, fonts.BOLD) + row_h(rows[0], fonts.SANS) and flow.y < flow.content.top:
        flow.new_page()  # a heading row never stands alone at the foot of a page
    draw_row(columns, fonts.BOLD, (0.88, 0.91, 0.95))
    for i, r in enumerate(rows):
        draw_row(r, fonts.SANS, (1, 1, 1), icons[i] if icons else None)


def _symbol_chart(flow: _Flow, cat: GameCatalog, columns: list[str]) -> None:
    """The logbook symbols by number: drawing, number, name, what it does (rules.symbol_chart, rules.symbols)."""
    chart = sorted(((v["n"], k, v) for k, v in (cat.rules.get("symbol_chart") or {}).items() if isinstance(v, dict)), key=lambda r: r[0])
    does = cat.rules.get("symbols") or {}
    rows = [["", str(n), term(cat, v["name"]), term(cat, does[k]) if k in does else term(cat, v.get("does", ""))] for n, k, v in chart]
    _table(flow, columns, rows, blank_h=7.0, icons=[v.get("icon", "") for _n, _k, v in chart])


def render(cat: GameCatalog, paper: str = "a4", on_page: Callable[[], None] | None = None) -> bytes | None:
    """The reference sheets, or None when the catalog has no reference entries."""
    entries = list(getattr(cat, "reference", ()) or ())
    if not entries:
        return None
    buf = io.BytesIO()
    title = _("{name}: reference").format(name=term(cat, cat.name))
    from . import sheet

    c = sheet.new_canvas(buf, paper, title)
    flow = _Flow(c, paper, f"{title} · {paper.upper()}", on_page)
    _text(flow, title, fonts.BOLD, 16, gap=2)
    for e in entries:
        if e.kind == "pad" and flow.y < flow.content.top - 20:
            flow.new_page()
        if flow.room() < 30 and flow.y < flow.content.top:
            flow.new_page()  # keep a section's title with its first lines
        flow.need(2)
        _text(flow, term(cat, e.name), fonts.BOLD, 11.5, gap=1.2)
        if e.kind == "steps":
            for i, item in enumerate((term(cat, x) for x in e.items), 1):
                _text(flow, f"{i}. {item}", indent=2)
        elif e.kind == "list":
            for item in e.items:
                _text(flow, f"• {term(cat, item)}", indent=2)
        elif e.kind == "table":
            _table(flow, [term(cat, x) for x in e.columns], [[term(cat, x) for x in r] for r in e.rows])
        elif e.kind == "symbols":
            _symbol_chart(flow, cat, [term(cat, x) for x in e.columns])
        elif e.kind == "pad":
            for item in e.items:
                _text(flow, term(cat, item), indent=0)
            _table(flow, [term(cat, x) for x in e.columns], [[term(cat, x) for x in r] + [""] * (len(e.columns) - len(r)) for r in e.rows], blank_h=9.0)
        note = _("Source: {source}").format(source=e.source) if e.source else _("Assumed: {assumed}").format(assumed=term(cat, e.assumed))
        _text(flow, note, size=6.5, colour=(0.4, 0.4, 0.4), gap=2.5)
    flow.finish()
    c.save()
    return buf.getvalue()
