"""The board as a picture in the terminal: tracks with their marker, gauges, glyphs and die faces.

Rich markup only (rich.console is already loaded by Typer); no heavier imports.
"""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.errors import CompanionError
from companion.i18n import _
from companion.table import Table
from ui.text import esc

DIE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
COLOUR = {"red": "red", "yellow": "yellow", "blue": "blue", "green": "green"}


def die_word(cat: GameCatalog, die: str) -> str:
    """A die by its printed name in the table's language; a die the catalog does not name (a dice
    expression such as 2d6) by itself."""
    try:
        return _(cat.die(die).name)
    except CompanionError:
        return _(die)


def die_faces(values: list[int]) -> str:
    return " ".join(DIE.get(v, str(v)) for v in values)


def track_line(spec, value: int, lo: int, hi: int, marker: str = "▲") -> str:
    cells = []
    for pos in range(lo, hi + 1):
        label = spec.label(pos)
        mark = "⚓" if label == "anchor" else "◎" if label == "buoy" else "·"
        if pos == value:
            cells.append(f"[reverse bold] {marker}{pos} [/]")
        else:
            cells.append(f"[dim]{mark}{pos}[/]")
    return " ".join(cells)


def fit(parts: list[str], indent: int, width: int = 80, sep: str = "  ") -> list[str]:
    """Parts of rich markup joined on lines of at most `width` cells, broken between parts only; the
    lines after the first indented by `indent` (a part wider than a line keeps its own line)."""
    from rich.text import Text

    lines, cur, used = [], "", 0
    for part in parts:
        w = Text.from_markup(part, emoji=False).cell_len  # as `out` prints it: emoji codes stay text
        if cur and used + len(sep) + w > width:
            lines.append(cur)
            cur, used = " " * indent + part, indent + w
        else:
            cur, used = (cur + sep + part, used + len(sep) + w) if cur else (part, w)
    if cur:
        lines.append(cur)
    return lines


def gauge(value: int, hi: int, full: str = "■", empty: str = "□") -> str:
    return full * value + f"[dim]{empty * max(0, hi - value)}[/]"


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    """Lines of rich markup picturing the table: the game's own board (its protocol's terminal_board)
    where it has one, else the board drawn from the catalog alone."""
    from companion.games import registry
    from ui.games import terminal_board

    own = terminal_board(registry.get(cat.id))
    return (own or render_generic)(t, cat, row)


def render_generic(t: Table, cat: GameCatalog, row=None) -> list[str]:
    """The board drawn from the catalog alone: tracks, counters, seats, decks."""
    d = t.data
    lines: list[str] = []
    head = "[bold]{name}[/]".format(name=esc(_(cat.name)))
    if row is not None:
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    if cat.round_track:
        spec = cat.tracks[cat.round_track]
        head += "  ·  [bold]{text} {tracks}/{max}[/]".format(text=_(spec.name).lower(), tracks=d['tracks'][cat.round_track], max=spec.max)
    phase = d["flags"].get("phase")
    if phase and phase != "setup":
        head += f"  ·  {phase}"
    lines.append(head)
    if d.get("over"):
        lines.append(_("[bold reverse] game over: {result} [/]").format(result=d['over']['result']))
    for spec in cat.tracks.values():
        if spec.per_seat or spec.id == cat.round_track:
            continue
        value = d["tracks"][spec.id]
        lo, hi = t.limits(spec)
        if spec.id == "shark":
            warn = _(" [bold red]attack at the end of today![/]") if value == 1 else ""
            lines.append(_("[bold]{name:<13}[/] {gauge}  {value} away{warn}").format(name=_(spec.name), gauge=gauge(value, hi, '≈', '·'), value=value, warn=warn))
            continue
        marker = "⛵" if spec.id == "ship" else "▲"
        extra = ""
        buoy = next((p for p, lab in spec.labels if lab == "buoy"), None)
        if buoy is not None:
            extra = _("  ({n} to the buoy)").format(n=buoy - value)
        lines.append("[bold]{name:<13}[/] {track_line}{extra}".format(name=_(spec.name), track_line=track_line(spec, value, lo, hi, marker), extra=extra))
    for spec in cat.counters.values():
        if spec.per_seat and not spec.pool:
            continue
        if spec.pool:
            left = t.pool_left(spec.id)
            lines.append(_("[bold]{name:<13}[/] bag {gauge}  {left} of {pool_supply} in the bag").format(name=_(spec.name), gauge=gauge(left, t.pool_supply(spec.id), '●', '○'), left=left, pool_supply=t.pool_supply(spec.id)))
            continue
        value = d["counters"][spec.id]
        glyph = {"tentacles": "ᘐ", "planks": "▭", "kite": "◆"}.get(spec.id, "■")
        lo, hi = t.limits(spec)
        lines.append("[bold]{name:<13}[/] {gauge}  {value}".format(name=_(spec.name), gauge=gauge(value, hi or value, glyph, '·'), value=value))
    if t.seats:
        lines.append("")
        dead = d.get("dead", [])
        for seat in t.seats:
            vals = d["seat"][seat]
            colour = COLOUR.get(seat, "white")
            who = vals.get("survivor")
            name = _(cat.characters[who].name) if who in cat.characters else (who or seat)
            player = f" ({esc(vals['player'])})" if vals.get("player") else ""
            parts = [f"[{colour} bold]{seat:<7}[/] {esc(name)}{player}"]
            if seat in dead:
                parts.append(_("[dim]✝ dead[/]"))
                lines.append("  ".join(parts))
                continue
            for st in cat.stacks.values():
                dice = vals.get(st.id) or []
                parts.append("[{colour}]{die_faces}[/] {text} [bold]{part}[/]{part2}".format(colour=colour, die_faces=die_faces(dice), text=_(st.name).lower(), part=dice[0] if dice else 0, part2=_(" [dim]({n} dice)[/]").format(n=len(dice)) if len(dice) != st.dice else ""))
            for c in cat.counters.values():
                if c.per_seat:
                    n = vals.get(c.id, 0)
                    parts.append("{text} {n}{part}".format(text=_(c.name).split()[0].lower(), n='●' * n, part=n if n > 5 else '') if n else "[dim]{text} 0[/]".format(text=_(c.name).split()[0].lower()))
            held = [card for deck in d["decks"].values() for card in deck["held"].get(seat, [])]
            if held:
                parts.append(_("holds {items}").format(items=esc(", ".join(held))))
            lines.append("  ".join(parts))
    decks = []
    for deck in cat.decks.values():
        st = d["decks"][deck.id]
        if not (st["draw"] or st["discard"] or st["table"] or st["held"]):
            continue
        bit = f"{deck.id} {len(st['draw'])}"
        if st["discard"]:
            bit += _("/{n} spent").format(n=len(st['discard']))
        if st["table"]:
            bit += _(" [bold]showing {items}[/]").format(items=', '.join(st['table']))
        decks.append(bit)
    if decks:
        lines.append("")
        lines.append(_("[bold]Decks[/]    {items}").format(items="  ·  ".join(decks)))
    last = d.get("last")
    if last:
        if "roll" in last:
            lines.append(_("[bold]Last roll[/] {roll}: [bold]{items}[/]").format(roll=last['roll'], items='  '.join(last['faces'])))
        elif "draw" in last:
            lines.append(_("[bold]Last draw[/] {draw}: [bold]{card}[/]").format(draw=last['draw'], card=last['card']))
    return lines
