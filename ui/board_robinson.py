"""Robinson Crusoe's board at a glance: round and phase, the morale track, the camp with its levels,
resources now and in the future space, the two threat spaces, weather tokens, items, and each
character's life track, determination and pawns."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.robinson.event_deck import shuffled
from companion.games.robinson.guide import next_step
from companion.games.robinson.held_dice import held, held_words
from companion.games.robinson.plan import pawns_free
from companion.games.robinson.state import first, label, life, over_reason, rc, shown, who
from companion.i18n import N_, _
from companion.table import Table
from ui.board import gauge
from ui.text import esc

COLOUR = {"blue": "blue", "yellow": "yellow", "black": "bright_white", "orange": "dark_orange"}
ROMAN = {"event": N_("I. Event"), "morale": N_("II. Morale"), "production": N_("III. Production"),
         "action": N_("IV. Action"), "weather": N_("V. Weather"), "night": N_("VI. Night")}


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
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    head += "  ·  [bold]" + _("round {n}/{rounds}").format(n=rnd, rounds=r["rounds"]) + \
        f"[/] {gauge(rnd, r['rounds'], '▮', '▯')}  ·  {_(ROMAN.get(f['phase'], f['phase']))}"
    lines = [head]
    if d.get("over"):
        lines.append("[bold reverse] " + _("game over: {result}").format(result=_(d["over"]["result"])) +
                     f" [/] {esc(over_reason(t, cat, d['over']))}")
    lo, hi = t.limits(cat.tracks["morale"])
    lines.append(f"[bold]{_('Morale'):<9}[/] {morale_line(d['tracks']['morale'], lo, hi)}    "
                 + _("First Player: {who}").format(who=f"[bold]{who(t, cat, first(t))}[/]"))
    tile = r["tiles"].get(r["camp"], {})
    shelter = "[bold green]⌂ " + _("Shelter built") + "[/]" if f["shelter"] == "built" else (
        "[yellow]" + _("tile shows a shelter") + "[/]" if f["camp-shelter"] else "[red]" + _("no shelter: open air") + "[/]")
    lines.append(f"[bold]{_('Camp'):<9}[/] " + _("tile {tile} ({terrain}) sources: food {food} · wood {wood}").format(
        tile=r["camp"], terrain=tile.get("terrain", "?"), food=c["camp-food"], wood=c["camp-wood"]) + f"   {shelter}")
    lines.append(f"[bold]{_('Levels'):<9}[/] " + "   ".join((level(_("roof"), c["roof"], "▀"),
                                                           level(_("palisade"), c["palisade"], "‡"),
                                                           level(_("weapon"), c["weapon"], "⚔"))))
    keep = " [green]" + _("(kept overnight)") + "[/]" if f["food-store"] else ""
    res = [f"{_('food')} [bold]{c['food']}[/]{keep}", f"{_('wood')} [bold]{c['wood']}[/]", f"{_('furs')} [bold]{c['fur']}[/]"]
    if c["nonperishable"]:
        res.insert(1, f"{_('non-perishable')} [bold]{c['nonperishable']}[/]")
    if c["discoveries"]:
        res.append(f"{_('discovery tokens')} [bold]{c['discoveries']}[/]")
    lines.append(f"[bold]{_('Available'):<9}[/] " + "   ".join(res))
    names = {"food": N_("food"), "wood": N_("wood"), "fur": N_("furs"), "discoveries": N_("discovery tokens")}
    fut = [f"{_(names[k])} {c['future-' + k]}" for k in ("food", "wood", "fur", "discoveries") if c["future-" + k]]
    fut += [_("Item: {name}").format(name=esc(i)) for i in r["future_items"]]
    if fut:
        lines.append(f"[bold]{_('Future'):<9}[/] " + "   ".join(fut) + " [dim]" + _("(available once every action is resolved)") + "[/]")
    slots = []
    for side, card in zip((N_("left"), N_("right")), r["threat"]):
        if card is None:
            slots.append("[dim]\\[ " + _("{side}: empty").format(side=_(side)) + " ][/]")
        else:
            pawns = _("1 or 2 pawns") if card.get("icon") == "wreckage" else _("{n} pawn(s)").format(n=card["pawns"])
            warn = " [bold red]" + _("← goes next") + "[/]" if side == "left" else ""
            slots.append(f"[bold]\\[ {_(side)}: {esc(shown(card['name']))} · {pawns} ][/]{warn}")
    lines.append(f"[bold]{_('Threat'):<9}[/] " + "  ".join(slots))
    decks = _("event deck {events}   hunting deck {beasts}").format(events=c["event-deck"], beasts=c["hunting"])
    mixed = shuffled(t)
    if any(mixed.values()):
        decks += " " + _("(shuffled in: {adventure} Adventure, {mystery} Mystery)").format(**mixed)
    weather = [f"{_('rain')} ☂{c['rain-token']}" if c["rain-token"] else "",
               f"{_('winter')} ❄{c['winter-token']}" if c["winter-token"] else "",
               f"[bold red]{_('storm')} ⚡{c['storm-token']}[/]" if c["storm-token"] else "",
               f"[bold]{_('Hungry Animals die')}[/]" if f["animals-die"] else ""]
    weather = [w for w in weather if w]
    lines.append(f"[bold]{_('Decks'):<9}[/] {decks}   ·   " + _("weather space:") + " "
                 + (" ".join(weather) or "[dim]" + _("empty") + "[/]"))
    items = [f"{esc(shown(i['name']))} " + ("●" * i["uses"] + "[dim]" + "○" * (2 - i["uses"]) + "[/]" if i["uses"] is not None else "✓")
             for i in r["items"]]
    lines.append(f"[bold]{_('Items'):<9}[/] " + "   ".join(items) + "   [dim]"
                 + _("terrains: {names}").format(names=", ".join(r["terrains"])) + "[/]")
    extras = []
    if r["arrange_card"]:
        extras.append(_("4-player Arranging the Camp card: 2 determination OR morale +1"))
    if c["extra-pawns"]:
        extras.append(_("{n} additional pawn(s)").format(n=c["extra-pawns"]))
    if extras:
        lines.append("[dim]" + " · ".join(extras) + "[/]")
    lines.append("")
    for seat in t.seats:
        vals = t.seat_values(seat)
        top = life(t, cat, seat)
        w = vals["wounds"]
        danger = " [bold red]" + _("one wound from death") + "[/]" if w == top - 1 else ""
        player = f" ({esc(vals['player'])})" if vals.get("player") else ""
        pawns = "♟" * max(0, pawns_free(t, seat)) if f["phase"] == "action" else "♟♟"
        lines.append(f"[{COLOUR.get(seat, 'white')} bold]{_(seat):<7}[/] {who(t, cat, seat):<10}{player:<8} "
                     f"{_('wounds')} [red]{'✚' * w}[/][dim]{'·' * max(0, top - w)}[/] {w}/{top}{danger}   "
                     f"{_('determination')} [bold]{vals['determination']}[/]   {pawns}")
    if r["friday"] or r["dog"]:
        bits = []
        if r["friday"]:
            top = int(cat.characters["friday"].get("life", 6))
            bits.append(f"[bold]{_('Friday')}[/] {_('wounds')} [red]{'✚' * c['friday-wounds']}[/]"
                        f"[dim]{'·' * max(0, top - c['friday-wounds'])}[/] ♙")
        if r["dog"]:
            bits.append(f"[bold]{_('Dog')}[/] ♙")
        lines.append("        " + "   ".join(bits))
    if r["plan"]:
        lines.append("")
        for p in r["plan"]:
            mark = "[green]✓[/]" if p.get("done") else "·"
            lines.append(f"  {mark} {esc(label(t, cat, p))}")
    last = d.get("last")
    if last and "roll" in last:
        dice = ", ".join(_(cat.die(d).name) if d in cat.dice else d for d in last["roll"].split())
        lines.append(f"[bold]{_('Last roll')}[/] {dice}: [bold]{'  '.join(_(str(f)) for f in last['faces'])}[/]")
    shown_dice = held(t)
    if shown_dice:
        lines.append(f"[bold]{_('Dice shown')}[/] [bold]{esc(held_words(t))}[/] [dim]" +
                     _("(not applied yet: a reroll, then Enter)") + "[/]")
    step = next_step(t, cat)
    if step is not None:
        lines.append(f"[bold cyan]{_('Next')}[/]: {esc(step.title)} [dim]" + _("(castaway play, or castaway robinson next)") + "[/]")
    return lines
