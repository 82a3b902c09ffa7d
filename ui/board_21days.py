"""The 21 Days raft at a glance: ship on its track with anchor and buoy, the shark card as a gauge,
tentacles as glyphs, planks, each survivor's dice as die faces with hope, bottle card, ability token
and raft spot, the swap location, weather, kite, and where the day stands."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.days21.names import PLACES, TOKEN
from companion.games.days21.names import colour as colour_word
from companion.i18n import N_, _, ngettext
from companion.table import Table
from ui.board import COLOUR, DIE, die_word, fit, gauge
from ui.text import esc

TENTACLE, FLIPPED, CUT = "ᘐ", "ᘏ", "·"
PHASES = {"setup": N_("setup"), "weather": N_("weather"), "weather-board": N_("weather"), "shark": N_("shark phase"),
          "morning": N_("morning"), "midday": N_("midday"), "evening": N_("evening"), "attack": N_("attack"), "end": N_("night"),
          "exhaustion": N_("day 21"), "rosina": N_("day 21"), "day21": N_("day 21"), "harvest": N_("evening")}
TODAY = {"no-fishing": N_("no fishing"), "cancel-disaster": N_("disasters cancelled"), "octopus": N_("the octopus lurks")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}
WEATHER = {"none": N_("clear"), "flare": N_("flare location closed"), "swap": N_("swap location closed"),
           "hope": N_("hope location closed"), "fishing": N_("fishing closed"), "receive": N_("bottle (receive) closed"),
           "play": N_("bottle (play) closed"), "bottle": N_("bottle location closed"), "jellyfish": N_("jellyfish location closed"),
           "heavy": N_("heavy weather: no location"), "minus1": N_("-1 strength for one survivor"),
           "plus1": N_("+1 strength for one survivor"), "swarm": N_("a jellyfish swarm")}


def label(text: str) -> str:
    """A row's heading, translated and padded so the rows line up."""
    return f"[bold]{_(text):<11}[/]"


def weather(code) -> str:
    return _(WEATHER[code]) if code in WEATHER else str(code or "-")


def _ship(t: Table, cat: GameCatalog) -> str:
    spec = cat.tracks["ship"]
    value = t.data["tracks"]["ship"]
    cells = []
    for pos in range(spec.min, spec.max + 1):
        label = spec.label(pos)
        mark = "⚓" if label == "anchor" else "◎" if label == "buoy" else "·"
        cells.append(f"[reverse bold] ⛵{pos} [/]" if pos == value else f"[dim]{mark}{pos}[/]")
    buoy = next((p for p, lab in spec.labels if lab == "buoy"), spec.max)
    return _("{items}  [dim](buoy: {n} away, day 21 only)[/]").format(items=" ".join(cells), n=buoy - value)


def _shark(t: Table) -> str:
    value = t.data["tracks"]["shark"]
    hi = (t.data.get("limits", {}).get("shark") or [1, 5])[1]
    warn = _("  [bold red]they attack tonight![/]") if value == 1 and t.data["tracks"]["day"] < 21 else ""
    return label(N_("Sharks")) + " " + _("{gauge}  {n} away{warn}").format(gauge=gauge(hi - value + 1, hi, '≈', '·'), n=value, warn=warn)


def _tentacles(t: Table) -> str:
    left = t.data["counters"]["tentacles"]
    fight = (t.data.get("flow") or {}).get("fight") or {}
    flipped = fight.get("i", 0)
    glyphs = FLIPPED * flipped + TENTACLE * (left - flipped) + f"[dim]{CUT * (8 - left)}[/]"
    extra = _("  [bold]fighting: tentacle {i} of {n}[/]").format(i=flipped + 1, n=fight.get('of')) if fight else ""
    count = ngettext("{n} tentacle", "{n} tentacles", left).format(n=left)
    cut = _(", {n} cut").format(n=8 - left) if left < 8 else ""
    return f"{label(N_('Octopus'))} {glyphs}  {count}{cut}{extra}"


def _raft(t: Table, cat: GameCatalog) -> str:
    x = t.data.get("d21") or {}
    planks = t.data["counters"]["planks"]
    spots = []
    for spot, seat in (x.get("raft") or {}).items():
        if spot in x.get("lost_spots", []):
            spots.append(_("[dim]{spot}: gone[/]").format(spot=spot))
        elif seat is None or seat in t.data.get("dead", []):
            spots.append(_("[dim]{spot}: empty[/]").format(spot=spot))
        else:
            spots.append(f"[{COLOUR.get(seat, 'white')}]{spot}: {colour_word(seat)}[/]")
    fins = (x.get("board") or {}).get("fins") or cat.rules.get("raft", {}).get("fins", {})
    fin_text = " ".join(f"{f}→{s}" for f, s in fins.items())
    count = ngettext("{n} plank", "{n} planks", planks).format(n=planks)
    return f"{label(N_('Raft'))} {gauge(planks, 6, '▭', '·')}  {count}   " + _("spots {spots}").format(spots='  '.join(spots)) + \
        "\n" + " " * 12 + _("[dim]shark fin → raft spot: {fins}[/]").format(fins=fin_text)


def _extras(t: Table, cat: GameCatalog) -> list[str]:
    x = t.data.get("d21") or {}
    bits = []
    if x.get("swap"):
        bits.append(_("swap: [bold]{name}[/]").format(name=_(cat.deck("swap").card(x["swap"].split(":")[0]).name)))
    w = x.get("weather")
    if w is not None:
        bits.append(_("weather today: {today}, tomorrow: {tomorrow}").format(today=weather(w.get('today') or 'none'), tomorrow=weather(w.get('tomorrow'))))
    k = x.get("kite")
    if k is not None:
        bits.append(_("kite: {pieces} on the raft, {built}/3 built{flying}, {suitcases} left").format(
            pieces=ngettext("{n} piece", "{n} pieces", t.data['counters']['kite']).format(n=t.data['counters']['kite']), built=k['built'],
            flying=_(" [bold]flying[/]") if k["flying"] else "",
            suitcases=ngettext("{n} suitcase", "{n} suitcases", len(k['suitcases'])).format(n=len(k['suitcases']))))
    sc = x.get("scruffs")
    if sc and sc.get("active"):
        bits.append(_("{dog}'s token {card}: {uses} left").format(dog=_(cat.characters["scruffs"].name), card=sc['active']['card'],
                                                       uses=ngettext("{n} use", "{n} uses", sc['active']['uses']).format(n=sc['active']['uses'])))
    special = [k for k, v in (x.get("special") or {}).items() if v != "used"]
    if special:
        sh = cat.rules.get("special_hope") or {}
        printed = dict(zip(sh.get("ids", []), sh.get("labels", [])))  # as printed on the tokens: ±1, ±2
        bits.append(_("special hope in play: {items}").format(items=", ".join(printed.get(k) or _(TOKEN.get(k, k)) for k in special)))
    wd = x.get("white_die")
    if wd:
        bits.append(_("Extra hands ({seat}): {markers}").format(seat=colour_word(wd['seat']), markers=ngettext("{n} marker", "{n} markers", wd['markers']).format(n=wd['markers'])))
    if x.get("plant"):
        bits.append(_("plant: day {days} of 3").format(days=x['plant']['days']))
    shown = (t.data.get("flow") or {}).get("shown")
    if shown:  # a die seen, not yet applied (companion/games/days21/afterdie.py)
        faces = ",".join("/".join(map(str, f)) if isinstance(f, list) else str(f) for f in shown.get("faces") or [])
        bits.append(_("[bold]die shown: {faces}[/], not applied yet").format(faces=faces))
    today = [k for k in x.get("today", []) if k in ("no-fishing", "cancel-disaster", "octopus")]
    if today:
        bits.append(_("today: {items}").format(items=", ".join(_(TODAY[k]) for k in today)))
    if x.get("skip_pages"):
        bits.append(ngettext("{n} logbook page to skip tonight", "{n} logbook pages to skip tonight", x['skip_pages']).format(n=x['skip_pages']))
    return fit([label(N_("Also")) + " " + bits[0]] + bits[1:], 12, sep="  ·  ") if bits else []


def _survivor(t: Table, cat: GameCatalog, seat: str, where: dict) -> str:
    x = t.data.get("d21") or {}
    vals = t.data["seat"][seat]
    colour = COLOUR.get(seat, "white")
    who = vals.get("survivor")
    ch = cat.characters.get(who)
    nm = _(ch.name) if ch else (who or seat)
    player = f" [dim]({esc(vals['player'])})[/]" if vals.get("player") else ""
    start = " [bold]★[/]" if t.data["flags"].get("starting") == seat else ""
    if seat in t.data.get("dead", []):
        return _("[{colour} bold]{seat:<7}[/] [dim]✝ {nm} is dead[/]").format(colour=colour, seat=colour_word(seat), nm=esc(nm))
    dice = vals.get("strength") or []
    faces = " ".join(f"{DIE.get(v, '')}{v}" for v in dice)  # the face as a glyph and as a digit
    parts = [f"[{colour} bold]{colour_word(seat):<7}[/] [{colour}]{faces:<3}[/] [bold]{dice[0] if dice else 0}[/]{start} {esc(nm)}{player}"]
    if who != "scruffs":
        n = vals.get("hope", 0)
        parts.append(_("hope {n}{part}").format(n='●' * n, part=f" {n}" if n > 3 else "") if n else _("[dim]hope 0[/]"))
    held = t.data["decks"]["bottle"]["held"].get(seat) or []
    if held:
        parts.append(_("bottle: {items}").format(items=esc(", ".join(_(cat.deck("bottle").card(c.split(":")[0]).name) for c in held))))
    tok = (x.get("ability") or {}).get(seat)
    if tok:
        parts.append(_("[dim]token {id}{part}[/]").format(id=_(TOKEN.get(tok['id'], tok['id'])), part=_(" (used)") if tok['used'] else ''))
    if seat in where:
        parts.append(_("[bold]on {items}[/]").format(items=", ".join(_(PLACES.get(loc, loc)).split(" (")[0] for loc in where[seat])))
    return "\n".join(fit(parts, 12))


def die_name(cat: GameCatalog, spec: str) -> str:
    """A rolled spec (a die id, or several joined by spaces) by the dice's printed names."""
    return ", ".join(die_word(cat, d) for d in str(spec).split())


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    f = d.get("flow") or {}
    q = (f.get("queue") or [{}])[0] if f.get("queue") else {}
    head = "[bold]{name}[/]".format(name=esc(_(cat.name)))
    if row is not None:
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    head += _("  ·  [bold]day {day}/21[/]").format(day=d['tracks']['day'])
    if q:
        head += f"  ·  {_(PHASES.get(q.get('do'), 'midday'))}"
    lines = [head]
    if d.get("over"):
        lines.append(_("[bold reverse] game over: {result} [/] {how}").format(result=_(RESULTS.get(d['over']['result'], d['over']['result'])), how=_(d['over'].get('how', '')) if d['over'].get('how') else ''))
    lines.append(label(N_("Rescue ship")) + " " + _ship(t, cat))
    lines.append(_shark(t))
    lines.append(_tentacles(t))
    lines += _raft(t, cat).split("\n")
    left, supply = t.pool_left("hope"), t.pool_supply("hope")
    lines.append(label(N_("Hope")) + " " + _("bag {gauge}  {left} of {supply} in the bag").format(gauge=gauge(left, supply, '●', '○'), left=left, supply=supply))
    lines += _extras(t, cat)
    where: dict[str, list[str]] = {}
    for seat, loc in f.get("placements", []):
        where.setdefault(seat, []).append(loc)
    lines.append("")
    for seat in t.seats:
        lines += _survivor(t, cat, seat, where).split("\n")
    last = d.get("last")
    if last and "roll" in last:
        lines.append(_("[dim]last roll {roll}: {items}[/]").format(roll=die_name(cat, last['roll']), items='  '.join(map(str, last['faces']))))
    return lines
