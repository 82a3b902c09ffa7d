"""Robinson Crusoe's board at a glance: round and phase, the morale track, the camp with its levels,
resources now and in the future space, the two threat spaces, weather tokens, items, and each
character's life track, determination and pawns."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.robinson.guide import next_step
from companion.games.robinson.state import first, label, life, pawns_free, rc, who
from companion.table import Table
from ui.text import esc
from ui.board import gauge

COLOUR = {"blue": "blue", "yellow": "yellow", "black": "bright_white", "orange": "dark_orange"}
ROMAN = {"event": "I. Event", "morale": "II. Morale", "production": "III. Production", "action": "IV. Action",
         "weather": "V. Weather", "night": "VI. Night"}


def morale_line(value: int, lo: int, hi: int) -> str:
    cells = []
    for v in range(lo, hi + 1):
        text = f"{v:+d}" if v else "0"
        cells.append(f"[reverse bold] ▲{text} [/]" if v == value else f"[dim]{text}[/]")
    return " ".join(cells)


def level(name: str, n: int, glyph: str) -> str:
    return f"{name} [bold]{n}[/] {glyph * n}" if n else f"[dim]{name} 0[/]"


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d, r = t.data, rc(t)
    c, f = d["counters"], d["flags"]
    rnd = d["tracks"]["round"]
    head = f"[bold]{esc(cat.name)}[/]"
    if row is not None:
        head += f"  ·  game {row.id}  ·  version {row.version}"
    head += f"  ·  [bold]round {rnd}/{r['rounds']}[/] {gauge(rnd, r['rounds'], '▮', '▯')}  ·  {ROMAN.get(f['phase'], f['phase'])}"
    lines = [head]
    if d.get("over"):
        lines.append(f"[bold reverse] game over: {d['over']['result']} [/] {d['over'].get('reason', '')}")
    lo, hi = t.limits(cat.tracks["morale"])
    lines.append(f"[bold]Morale[/]    {morale_line(d['tracks']['morale'], lo, hi)}    "
                 f"First Player: [bold]{who(t, cat, first(t))}[/]")
    tile = r["tiles"].get(r["camp"], {})
    shelter = "[bold green]⌂ Shelter built[/]" if f["shelter"] == "built" else (
        "[yellow]tile shows a shelter[/]" if f["camp-shelter"] else "[red]no shelter: open air[/]")
    lines.append(f"[bold]Camp[/]      tile {r['camp']} ({tile.get('terrain', '?')}) sources: "
                 f"food {c['camp-food']} · wood {c['camp-wood']}   {shelter}")
    lines.append("[bold]Levels[/]    " + "   ".join((level("roof", c["roof"], "▀"), level("palisade", c["palisade"], "‡"),
                                                      level("weapon", c["weapon"], "⚔"))))
    keep = " [green](kept overnight)[/]" if f["food-store"] else ""
    res = [f"food [bold]{c['food']}[/]{keep}", f"wood [bold]{c['wood']}[/]", f"furs [bold]{c['fur']}[/]"]
    if c["nonperishable"]:
        res.insert(1, f"non-perishable [bold]{c['nonperishable']}[/]")
    if c["discoveries"]:
        res.append(f"discovery tokens [bold]{c['discoveries']}[/]")
    lines.append("[bold]Available[/] " + "   ".join(res))
    fut = [f"{k} {c['future-' + k]}" for k in ("food", "wood", "fur", "discoveries") if c["future-" + k]]
    fut += [f"item {i}" for i in r["future_items"]]
    if fut:
        lines.append("[bold]Future[/]    " + "   ".join(fut) + " [dim](available once every action is resolved)[/]")
    slots = []
    for side, card in zip(("left", "right"), r["threat"]):
        if card is None:
            slots.append(f"[dim][ {side}: empty ][/]")
        else:
            pawns = "1 or 2 pawns" if card.get("icon") == "wreckage" else f"{card['pawns']} pawn(s)"
            warn = " [bold red]← goes next[/]" if side == "left" else ""
            slots.append(f"[bold][ {side}: {esc(card['name'])} · {pawns} ][/]{warn}")
    lines.append("[bold]Threat[/]    " + "  ".join(slots))
    decks = f"event deck {c['event-deck']}   hunting deck {c['hunting']}"
    weather = [f"rain ☂{c['rain-token']}" if c["rain-token"] else "", f"winter ❄{c['winter-token']}" if c["winter-token"] else "",
               f"[bold red]storm ⚡{c['storm-token']}[/]" if c["storm-token"] else "",
               "[bold]Hungry Animals die[/]" if f["animals-die"] else ""]
    weather = [w for w in weather if w]
    lines.append(f"[bold]Decks[/]     {decks}   ·   weather space: " + (" ".join(weather) or "[dim]empty[/]"))
    items = [f"{esc(i['name'])} " + ("●" * i["uses"] + "[dim]" + "○" * (2 - i["uses"]) + "[/]" if i["uses"] is not None else "✓")
             for i in r["items"]]
    lines.append("[bold]Items[/]     " + "   ".join(items) + f"   [dim]terrains: {', '.join(r['terrains'])}[/]")
    extras = []
    if r["arrange_card"]:
        extras.append("4-player Arranging the Camp card: 2 determination OR morale +1")
    if c["extra-pawns"]:
        extras.append(f"{c['extra-pawns']} additional pawn(s)")
    if extras:
        lines.append("[dim]" + " · ".join(extras) + "[/]")
    lines.append("")
    for seat in t.seats:
        vals = t.seat_values(seat)
        top = life(t, cat, seat)
        w = vals["wounds"]
        danger = " [bold red]one wound from death[/]" if w == top - 1 else ""
        player = f" ({esc(vals['player'])})" if vals.get("player") else ""
        pawns = "♟" * max(0, pawns_free(t, seat)) if f["phase"] == "action" else "♟♟"
        lines.append(f"[{COLOUR.get(seat, 'white')} bold]{seat:<7}[/] {who(t, cat, seat):<10}{player:<8} "
                     f"life [red]{'✚' * w}[/][dim]{'·' * max(0, top - w)}[/] {w}/{top}{danger}   "
                     f"determination [bold]{vals['determination']}[/]   {pawns}")
    if r["friday"] or r["dog"]:
        bits = []
        if r["friday"]:
            top = int(cat.characters["friday"].get("life", 6))
            bits.append(f"[bold]Friday[/] life [red]{'✚' * c['friday-wounds']}[/][dim]{'·' * max(0, top - c['friday-wounds'])}[/] ♙")
        if r["dog"]:
            bits.append("[bold]Dog[/] ♙")
        lines.append("        " + "   ".join(bits))
    if r["plan"]:
        lines.append("")
        for p in r["plan"]:
            mark = "[green]✓[/]" if p.get("done") else "·"
            lines.append(f"  {mark} {esc(label(t, cat, p))}")
    last = d.get("last")
    if last and "roll" in last:
        lines.append(f"[bold]Last roll[/] {last['roll']}: [bold]{'  '.join(last['faces'])}[/]")
    step = next_step(t, cat)
    if step is not None:
        lines.append(f"[bold cyan]Next[/]: {step.title} [dim](castaway play, or castaway rc next)[/]")
    return lines
