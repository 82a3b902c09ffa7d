"""The play log's stats as a PDF: bar charts (reportlab graphics) and tables. Pure: (stats, options) -> bytes.

options: paper ("a4" or "letter"), scope (which plays, in words), made (when, in words).
"""

from __future__ import annotations

import io
import math

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.i18n import _, ngettext
from printables.fonts import BOLD, SANS, printable, register, wrap

MARGIN = 15 * mm
INK = colors.HexColor("#1f2a36")
SEA = colors.HexColor("#2b7a9b")
WIN = colors.HexColor("#3c9a5f")
SAND = colors.HexColor("#d9a441")
ROW = 13  # points per bar


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=18, leading=22, textColor=INK),
        "h": ParagraphStyle("h", fontName=BOLD, fontSize=12, leading=15, textColor=INK, spaceBefore=8, spaceAfter=4),
        "p": ParagraphStyle("p", fontName=SANS, fontSize=9, leading=12, textColor=INK),
        "small": ParagraphStyle("small", fontName=SANS, fontSize=7.5, leading=10, textColor=colors.HexColor("#5a6670")),
    }


def _esc(text: str) -> str:
    return printable(str(text)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _hours(m: float | None) -> str:
    if m is None:
        return "—"
    m = round(m)
    return _("{h} h {m:02d} min").format(h=m // 60, m=m % 60) if m >= 60 else _("{m} min").format(m=m)


def _lines(label: str, width: float, size: float = 7.5) -> str:
    """A chart label wrapped to the label column (points), one line under another."""
    lines = wrap(printable(label), SANS, size, width / mm) or [label]
    return "\n".join(lines)


def bar_chart(labels: list[str], values: list[float], width: float, top: float | None = None,
              colour=SEA, fmt: str = "{:g}", label_w: float | None = None, whole: bool = False) -> Drawing:
    """A horizontal bar chart, one bar per label, the value written at each bar's end; `whole`: counts,
    so the axis steps by whole numbers."""
    n = max(1, len(values))
    if label_w is None:
        label_w = min(width * 0.42, max(pdf_width(lbl) for lbl in labels) + 8 if labels else 40)
    names = [_lines(x, label_w - 8) for x in labels]
    most = max([x.count("\n") + 1 for x in names] or [1])
    row = max(ROW, most * 9 + 4)
    h = n * row + 22
    d = Drawing(width, h)
    c = HorizontalBarChart()
    c.x, c.y = label_w, 14
    c.width, c.height = width - label_w - 40, n * row
    c.data = [list(reversed(values))]
    c.categoryAxis.categoryNames = list(reversed(names))
    c.categoryAxis.labels.leading = 9
    c.categoryAxis.labels.fontName = SANS
    c.categoryAxis.labels.fontSize = 7.5
    c.categoryAxis.labels.boxAnchor = "e"
    c.categoryAxis.labels.dx = -3
    c.categoryAxis.strokeColor = INK
    c.valueAxis.valueMin = 0
    c.valueAxis.valueMax = top if top is not None else max([*values, 1]) * 1.1
    if whole:
        c.valueAxis.valueStep = max(1, math.ceil(max([*values, 1]) / 6))
    c.valueAxis.labels.fontName = SANS
    c.valueAxis.labels.fontSize = 7
    c.valueAxis.strokeColor = colors.HexColor("#9aa5ad")
    c.valueAxis.visibleGrid = True
    c.valueAxis.gridStrokeColor = colors.HexColor("#e3e7ea")
    c.bars[0].fillColor = colour
    c.bars[0].strokeColor = None
    c.barSpacing = 2
    c.barLabelFormat = lambda v: fmt.format(v)
    c.barLabels.fontName = SANS
    c.barLabels.fontSize = 7
    c.barLabels.boxAnchor = "w"
    c.barLabels.dx = 3
    d.add(c)
    return d


def pdf_width(text: str, size: float = 7.5) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(printable(text), SANS, size)


def _table(rows: list[list[str]], widths: list[float]) -> Table:
    """A table whose first column wraps (long game names never run into the numbers)."""
    cell = ParagraphStyle("cell", fontName=SANS, fontSize=8, leading=10, textColor=INK)
    head = ParagraphStyle("head", parent=cell, fontName=BOLD)
    head_r = ParagraphStyle("head_r", parent=head, alignment=2)
    rows = [[Paragraph(_esc(r[0]), head if i == 0 else cell)] + ([Paragraph(_esc(x), head_r) for x in r[1:]] if i == 0 else r[1:])
            for i, r in enumerate(rows)]
    t = Table(rows, colWidths=widths, repeatRows=1)
    t.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("FONT", (0, 1), (-1, -1), SANS, 8),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f3f5f7")]),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return t


def _pct(rate: float | None) -> str:
    return "—" if rate is None else f"{rate * 100:.0f}%"


class _Canvas:
    """reportlab's canvas opening each page in the embedded font (never a standard font)."""

    def __new__(cls, *args, **kwargs):
        from reportlab.pdfgen.canvas import Canvas

        kwargs.setdefault("initialFontName", SANS)
        kwargs.setdefault("initialFontSize", 9)
        return Canvas(*args, **kwargs)


def scope_words(options: dict) -> str:
    bits = [(_("game {x}"), options.get("game")), (_("player {x}"), options.get("player")),
            (_("from {x}"), options.get("since")), (_("until {x}"), options.get("until"))]
    return ", ".join(t.format(x=v) for t, v in bits if v) or _("all plays")


def report(stats: dict, options: dict) -> bytes:
    register()
    from reportlab.graphics import shapes

    shapes.STATE_DEFAULTS["fontName"] = SANS  # charts open in this font (reportlab's default is a standard font)
    size = LETTER if options.get("paper") == "letter" else A4
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=_("castaway play report"), author="castaway",
                            initialFontName=SANS, initialFontSize=9, initialLeading=11)
    st = _styles()
    width = size[0] - 2 * MARGIN
    story = [
        Paragraph(_esc(_("castaway · play report")), st["title"]),
        Paragraph(_esc(_("{scope} · made {made}").format(scope=options.get("scope") or scope_words(options), made=options.get("made", ""))), st["small"]),
        Spacer(1, 4 * mm),
    ]
    if not stats["plays"]:
        story.append(Paragraph(_esc(_("No plays match: nothing to report yet.")), st["p"]))
        doc.build(story, canvasmaker=_Canvas)
        return buf.getvalue()
    n = stats["plays"]
    story.append(Paragraph(_esc(ngettext("{n} play, {time} of play.", "{n} plays, {time} of play.", n).format(n=n, time=_hours(stats['minutes']))), st["p"]))
    games = stats["games"]
    names = [g["name"] for g in games]
    every = names + [f"{r['label']} ({r['won']}/{r['decided']})" for rs in stats["win_rate"].values() for r in rs]
    every += [r["label"] for r in stats["scores"]]
    lw = min(width * 0.42, max(pdf_width(x) for x in every) + 8)  # one label column for every chart
    lw = max(lw, 40)
    story += [Paragraph(_esc(_("Plays per game")), st["h"]), bar_chart(names, [g["plays"] for g in games], width, label_w=lw, whole=True)]
    story += [Paragraph(_esc(_("Time played per game (hours)")), st["h"]),
              bar_chart(names, [round(g["minutes"] / 60, 1) for g in games], width, colour=SAND, label_w=lw)]
    rows = [[_("game"), _("plays"), _("time"), _("average"), _("won"), _("lost"), _("abandoned"), _("win rate")]]
    for g in games:
        rows.append([g["name"], str(g["plays"]), _hours(g["minutes"]), _hours(g["average_minutes"]),
                     str(g["won"]), str(g["lost"]), str(g["abandoned"]), _("by player") if g["competitive"] else _pct(g["rate"])])
    story += [Spacer(1, 3 * mm), _table(rows, [width * f for f in (0.22, 0.08, 0.12, 0.12, 0.11, 0.11, 0.12, 0.12)])]

    titles = {"game": _("Win rate by game"), "difficulty": _("Win rate by difficulty"),
              "survivor": _("Win rate by survivor or character"), "player_count": _("Win rate by player count"),
              "player": _("Win rate by player")}
    for key, title in titles.items():
        rs = [r for r in stats["win_rate"][key] if r["rate"] is not None]
        if not rs:
            continue
        chart = bar_chart([f"{r['label']} ({r['won']}/{r['decided']})" for r in rs], [round(r["rate"] * 100) for r in rs],
                          width, top=100, colour=WIN, fmt="{:g}%", label_w=lw)
        story.append(KeepTogether([Paragraph(_esc(title) + " (%)", st["h"]), chart]))

    kinds = {"won": _("won"), "lost": _("lost")}
    streak_rows = [["", _("now"), _("longest won"), _("longest lost")]]
    for kind in ("game", "player"):
        for r in stats["streaks"][kind]:
            cur = r["current"]
            streak_rows.append([r["label"], f"{cur['length']} {kinds.get(cur['kind'], cur['kind'])}" if cur["kind"] else "—",
                                str(r["longest_won"]), str(r["longest_lost"])])
    if len(streak_rows) > 1:
        story.append(KeepTogether([Paragraph(_esc(_("Streaks")), st["h"]),
                                   _table(streak_rows, [width * 0.4, width * 0.2, width * 0.2, width * 0.2])]))
    if stats["scores"]:
        sc = stats["scores"]
        story.append(KeepTogether([Paragraph(_esc(_("Average scores")), st["h"]),
                                   bar_chart([r["label"] for r in sc], [r["average"] for r in sc], width, colour=SAND, label_w=lw)]))
        rows = [["", _("scored"), _("average"), _("best"), _("by"), _("on")]]
        for r in sc:
            rows.append([r["label"], str(r["count"]), f"{r['average']:g}", f"{r['best']:g}",
                         printable(r["best_by"]), r["best_started"][:10]])
        story += [Spacer(1, 2 * mm), _table(rows, [width * 0.36, width * 0.1, width * 0.12, width * 0.1, width * 0.18, width * 0.14])]
    story += [Spacer(1, 5 * mm), Paragraph(_esc(_(
        "Win rate = won / (won + lost): abandoned plays count as plays and time, never as wins or losses. "
        "Cooperative games are won by the whole table; 21 Mutinies is won by players, so it shows by player. "
        "A streak runs over consecutive won (or lost) plays; abandoned plays are skipped.")), st["small"])]
    doc.build(story, canvasmaker=_Canvas)
    return buf.getvalue()
