"""Robinson Crusoe's board at a glance: round and phase, the morale track, the camp with its levels,
resources now and in the future space, the two threat spaces, weather tokens, items, and each
character's life track, determination and pawns."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.robinson.guide import next_step
from companion.i18n import N_, _
from companion.games.robinson.state import first, kind_of, life, pawns_free, rc, who
from companion.table import Table
from ui.text import esc
from ui.board import gauge

COLOUR = {"blue": "blue", "yellow": "yellow", "black": "bright_white", "orange": "dark_orange"}
ROMAN = {"event": N_("I. Event"), "morale": N_("II. Morale"), "production": N_("III. Production"), "action": N_("IV. Action"),
         "weather": N_("V. Weather"), "night": N_("VI. Night")}

SIDES = {"left": N_("left"), "right": N_("right")}
FUTURE = {"food": N_("food"), "wood": N_("wood"), "fur": N_("furs"), "discoveries": N_("discovery tokens")}


def morale_line(value: int, lo: int, hi: int) -> str:
    cells = []
    for v in range(lo, hi + 1):
        text = f"{v:+d}" if v else "0"
        cells.append(f"[reverse bold] ▲{text} [/]" if v == value else f"[dim]{text}[/]")
    return " ".join(cells)


def level(name: str, n: int, glyph: str) -> str:
    """A camp level (name marked with N_) with its count drawn in glyphs."""
    return f"{_(name)} [bold]{n}[/] {glyph * n}" if n else f"[dim]{_(name)} 0[/]"


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d, r = t.data, rc(t)
    c, f = d["counters"], d["flags"]
    rnd = d["tracks"]["round"]
    head = f"[bold]{esc(cat.name)}[/]"
    if row is not None:
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    head += _("  ·  [bold]round {n}/{of}[/]").format(n=rnd, of=r['rounds']) + \
        f" {gauge(rnd, r['rounds'], '▮', '▯')}  ·  {_(ROMAN[f['phase']]) if f['phase'] in ROMAN else f['phase']}"
    lines = [head]
    if d.get("over"):
        lines.append(_("[bold reverse] game over: {result} [/] {how}").format(result=_(d['over']['result']),
                                                                          how=_(d['over']['reason']) if d['over'].get('reason') else ''))
    lo, hi = t.limits(cat.tracks["morale"])
    lines.append(_("[bold]Morale[/]    {track}    First Player: [bold]{who}[/]").format(
        track=morale_line(d['tracks']['morale'], lo, hi), who=who(t, cat, first(t))))
    tile = r["tiles"].get(r["camp"], {})
    shelter = _("[bold green]⌂ Shelter built[/]") if f["shelter"] == "built" else (
        _("[yellow]tile shows a shelter[/]") if f["camp-shelter"] else _("[red]no shelter: open air[/]"))
    lines.append(_("[bold]Camp[/]      tile {tile} ({terrain}) sources: food {food} · wood {wood}   {shelter}").format(
        tile=r['camp'], terrain=_(tile['terrain']) if tile.get('terrain') else '?', food=c['camp-food'], wood=c['camp-wood'],
        shelter=shelter))
    lines.append(_("[bold]Levels[/]    ") + "   ".join((level(N_("roof"), c["roof"], "▀"), level(N_("palisade"), c["palisade"], "‡"),
                                                         level(N_("weapon"), c["weapon"], "⚔"))))
    keep = _(" [green](kept overnight)[/]") if f["food-store"] else ""
    res = [_("food [bold]{n}[/]").format(n=c['food']) + keep, _("wood [bold]{n}[/]").format(n=c['wood']),
           _("furs [bold]{n}[/]").format(n=c['fur'])]
    if c["nonperishable"]:
        res.insert(1, _("non-perishable [bold]{n}[/]").format(n=c['nonperishable']))
    if c["discoveries"]:
        res.append(_("discovery tokens [bold]{n}[/]").format(n=c['discoveries']))
    lines.append(_("[bold]Available[/] ") + "   ".join(res))
    fut = [f"{_(FUTURE[k])} {c['future-' + k]}" for k in FUTURE if c["future-" + k]]
    fut += [_("item {n}").format(n=i) for i in r["future_items"]]
    if fut:
        lines.append(_("[bold]Future[/]    ") + "   ".join(fut) + _(" [dim](available once every action is resolved)[/]"))
    slots = []
    for side, card in zip(("left", "right"), r["threat"]):
        if card is None:
            slots.append(_("[dim][ {side}: empty ][/]").format(side=_(SIDES[side])))
        else:
            pawns = _("1 or 2 pawns") if card.get("icon") == "wreckage" else _("{n} pawn(s)").format(n=card['pawns'])
            warn = _(" [bold red]← goes next[/]") if side == "left" else ""
            slots.append(_("[bold][ {side}: {name} · {pawns} ][/]").format(side=_(SIDES[side]), name=esc(_(card['name'])), pawns=pawns) + warn)
    lines.append(_("[bold]Threat[/]    ") + "  ".join(slots))
    decks = _("event deck {events}   hunting deck {hunting}").format(events=c['event-deck'], hunting=c['hunting'])
    weather = [_("rain ☂{n}").format(n=c['rain-token']) if c["rain-token"] else "",
               _("winter ❄{n}").format(n=c['winter-token']) if c["winter-token"] else "",
               _("[bold red]storm ⚡{n}[/]").format(n=c['storm-token']) if c["storm-token"] else "",
               _("[bold]Hungry Animals die[/]") if f["animals-die"] else ""]
    weather = [w for w in weather if w]
    lines.append(_("[bold]Decks[/]     {decks}   ·   weather space: ").format(decks=decks) + (" ".join(weather) or _("[dim]empty[/]")))
    items = [f"{esc(_(i['name']))} " + ("●" * i["uses"] + "[dim]" + "○" * (2 - i["uses"]) + "[/]" if i["uses"] is not None else "✓")
             for i in r["items"]]
    lines.append(_("[bold]Items[/]     ") + "   ".join(items) + "   " + _("[dim]terrains: {names}[/]").format(
        names=', '.join(_(x) for x in r['terrains'])))
    extras = []
    if r["arrange_card"]:
        extras.append(_("4-player Arranging the Camp card: 2 determination OR morale +1"))
    if c["extra-pawns"]:
        extras.append(_("{n} additional pawn(s)").format(n=c['extra-pawns']))
    if extras:
        lines.append("[dim]" + " · ".join(extras) + "[/]")
    lines.append("")
    for seat in t.seats:
        vals = t.seat_values(seat)
        top = life(t, cat, seat)
        w = vals["wounds"]
        danger = _(" [bold red]one wound from death[/]") if w == top - 1 else ""
        player = f" ({esc(vals['player'])})" if vals.get("player") else ""
        pawns = "♟" * max(0, pawns_free(t, seat)) if f["phase"] == "action" else "♟♟"
        lines.append(f"[{COLOUR.get(seat, 'white')} bold]{_(seat):<7}[/] {who(t, cat, seat):<10}{player:<8} "
                     + _("life {track} {w}/{top}{danger}   determination [bold]{n}[/]   {pawns}").format(
                         track=f"[red]{'✚' * w}[/][dim]{'·' * max(0, top - w)}[/]", w=w, top=top, danger=danger,
                         n=vals['determination'], pawns=pawns))
    if r["friday"] or r["dog"]:
        bits = []
        if r["friday"]:
            top = int(cat.characters["friday"].get("life", 6))
            bits.append(_("[bold]Friday[/] life {track} ♙").format(
                track=f"[red]{'✚' * c['friday-wounds']}[/][dim]{'·' * max(0, top - c['friday-wounds'])}[/]"))
        if r["dog"]:
            bits.append(_("[bold]Dog[/] ♙"))
        lines.append("        " + "   ".join(bits))
    if r["plan"]:
        lines.append("")
        for p in r["plan"]:
            mark = "[green]✓[/]" if p.get("done") else "·"
            helper = p.get("helper")
            pawns = who(t, cat, p["by"]) + (f" + {helper if helper in ('friday', 'dog', 'extra') else who(t, cat, helper)}"
                                             if helper else "")
            lines.append(f"  {mark} {kind_of(p):<8} {p['what']}{' ' + p['arg'] if p.get('arg') else ''}  [dim]{pawns}[/]")
    last = d.get("last")
    if last and "roll" in last:
        lines.append(_("[bold]Last roll[/] {roll}: [bold]{faces}[/]").format(roll=last['roll'], faces='  '.join(last['faces'])))
    step = next_step(t, cat)
    if step is not None:
        lines.append(_("[bold cyan]Next[/]: {title} [dim](castaway play, or castaway rc next)[/]").format(title=step.title))
    return lines
