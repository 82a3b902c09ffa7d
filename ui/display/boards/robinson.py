"""Robinson Crusoe on the table display: the round of the scenario's rounds and the phase, the morale
track, the weather dice due and the tokens on the weather space, the resources now and in the Future
Resources space, the shelter, roof, palisade and weapon levels, the threat spaces and items, each
character's wounds on their life track and their determination, and the planned actions.

Drawn from the table state and the catalog alone. The scenario card's name is not kept in the state
(setup asks only its rounds and weather dice), so the board shows those.
"""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.robinson.state import shown, weather_dice_for
from companion.i18n import N_, _, ngettext
from companion.table import Table
from ui.display import svg as S

PHASES = ("event", "morale", "production", "action", "weather", "night")
PHASE_NAMES = {"event": N_("I. Event"), "morale": N_("II. Morale"), "production": N_("III. Production"),
               "action": N_("IV. Action"), "weather": N_("V. Weather"), "night": N_("VI. Night"), "setup": N_("Setup")}
PLAN_NAMES = {"threat-left": N_("Threat action (left)"), "threat-right": N_("Threat action (right)"), "hunt": N_("Hunting"),
              "shelter": N_("Build: Shelter"), "roof": N_("Build: Roof"), "palisade": N_("Build: Palisade"),
              "weapon": N_("Build: Weapon"), "item": N_("Build: {item}"), "gather": N_("Gathering: {what}"),
              "explore": N_("Exploration"), "arrange": N_("Arranging the camp"), "rest": N_("Rest")}
PLAN_ICON = {"threat": "warning", "hunt": "weapon", "build": "tool", "gather": "wood", "explore": "map",
             "arrange": "roof", "rest": "heart"}
HELPERS = {"friday": N_("Friday"), "dog": N_("Dog"), "extra": N_("additional pawn")}
DICE = {"rain": ("rain", N_("rain")), "winter": ("snow", N_("winter")), "animals": ("animals", N_("hungry animals"))}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}
BUILDS = ("shelter", "roof", "palisade", "weapon", "item")


def board_svg(t: Table, cat: GameCatalog) -> str:
    d = t.data
    r = d.get("rc") or {}
    body = _header(t, cat, r)
    body += _morale(t, cat)
    body += _weather(t, r)
    body += _resources(t, cat)
    body += _camp(t, cat, r)
    body += _characters(t, cat, r)
    body += _plan(t, cat, r)
    return S.root(body, label=_("{game}: round {round} of {rounds}").format(
        game=_(cat.name), round=d["tracks"]["round"], rounds=r.get("rounds", "?")))


def who(t: Table, cat: GameCatalog, seat: str) -> str:
    if seat in HELPERS:
        return _(HELPERS[seat])
    c = t.seat_values(seat).get("survivor") if seat in t.data["seat"] else None
    return _(cat.characters[c].name) if c in cat.characters else seat


def on(flag) -> bool:
    """A yes/no flag, stored as the words or as a boolean."""
    return flag is True or flag == "yes"


def _first(t: Table, r: dict) -> str | None:
    return t.seats[r.get("first", 0) % len(t.seats)] if t.seats else None


def weather_due(t: Table) -> tuple[str, ...] | None:
    """The weather dice the Scenario card shows for this round (from setup's schedule), or None: asked."""
    f = t.data.get("flow") or {}
    if f.get("step") == "roll" and f.get("dice") is not None:
        return tuple(f["dice"])
    return weather_dice_for(t)


def _header(t: Table, cat: GameCatalog, r: dict) -> str:
    d = t.data
    rnd, rounds = d["tracks"]["round"], r.get("rounds", d["tracks"]["round"])
    out = S.text(30, 70, _("Round"), 34, fill=S.DIM, weight="bold")
    out += S.text(30, 116, f"{rnd}", 64, weight="bold")
    out += S.text(40 + S.measure(str(rnd), 64, True), 116, _("of {n}").format(n=rounds), 34, fill=S.DIM)
    # the rounds of the scenario, with the weather dice the card adds from a round on
    icons = {}
    for start, ds in r.get("weather") or []:
        if ds:  # every die the card adds from that round on (round 7: rain, winter and animals)
            icons[start] = [DICE.get(die_, ("cloud", ""))[0] for die_ in ds]
    out += S.track(250, 24, 620, 70, 1, rounds, rnd, icons=icons, size=min(28, 560 / max(1, rounds)), done_fill="#2c5a80")
    out += S.text(250, 118, _("Scenario: {n} rounds").format(n=rounds), 24, fill=S.DIM)
    if d.get("over"):
        res = d["over"].get("result", "")
        out += S.pill(900, 14, 990, 64, _("Game over: {result}").format(result=_(RESULTS.get(res, res))),
                      fill=S.GOOD if res == "won" else S.DANGER, ink="#111111", size=38)
        reason = d["over"].get("reason") or d["over"].get("how")
        if reason:
            out += S.boxed(900, 82, 990, 50, _(str(reason)), 28, fill=S.INK, weight="bold", anchor="middle", lines=2)
        return out
    phase = d["flags"].get("phase")
    keys = (["setup"] if phase == "setup" else []) + list(PHASES)
    out += S.steps(900, 24, 990, 70, [_(PHASE_NAMES[k]) for k in keys], keys.index(phase) if phase in keys else None, size=30)
    return out


def _morale(t: Table, cat: GameCatalog) -> str:
    spec = cat.tracks["morale"]
    lo, hi = t.limits(spec)
    value = t.data["tracks"]["morale"]
    out = S.panel(20, 140, 920, 170, _(spec.name))
    first = _first(t, t.data.get("rc") or {})
    if first:
        out += S.text(920, 178, _("First Player: {who}").format(who=who(t, cat, first)), 30, anchor="end", weight="bold",
                      fill=S.edge(first), width=520)
    n = hi - lo + 1
    gap = 8
    cw = (880 - gap * (n - 1)) / n
    for i, v in enumerate(range(lo, hi + 1)):
        cx = 40 + i * (cw + gap)
        here = v == value
        fill = S.ACCENT if here else ("#5a2a2a" if v < 0 else "#1d4566" if v == 0 else "#24543a")
        out += S.rect(cx, 196, cw, 100, fill=fill, stroke=S.INK if here else S.FAINT, sw=4 if here else 2, r=12)
        out += S.text(cx + cw / 2, 262, f"{v:+d}" if v else "0", 48 if here else 38, fill="#111111" if here else S.INK,
                      weight="bold", anchor="middle")
    return out


def _weather(t: Table, r: dict) -> str:
    c, f = t.data["counters"], t.data["flags"]
    out = S.panel(960, 140, 940, 170, _("Weather dice this round"))
    due = weather_due(t)
    x = 990
    if due is None:
        out += S.text(x, 262, _("as the Scenario card shows"), 34, fill=S.DIM)
        x = 1500
    elif not due:
        out += S.icon("sun", x + 40, 248, 80)
        out += S.text(x + 100, 262, _("none"), 40, weight="bold")
        x += 260
    else:
        for die_ in due:  # each die, its name under it (on two lines where one is too narrow)
            ic, label = DICE.get(die_, ("cloud", die_))
            out += S.rect(x + 12, 188, 84, 84, fill="#f2f2f2", stroke="#000", sw=3, r=14)
            out += S.icon(ic, x + 54, 230, 62)
            out += S.boxed(x, 274, 108, 34, _(label), 20, fill=S.INK, anchor="middle", weight="bold", lines=2)
            x += 116
    tokens = [("rain", c.get("rain-token", 0), N_("rain")), ("snow", c.get("winter-token", 0), N_("winter")),
              ("storm", c.get("storm-token", 0), N_("storm"))]
    tokens = [tk for tk in tokens if tk[1]]
    if on(f.get("animals-die")):
        tokens.append(("animals", 1, N_("hungry animals")))
    x = max(x + 20, 1380)
    out += S.text(x, 214, _("on the weather space:"), 24, fill=S.DIM, width=1890 - x)
    if not tokens:
        out += S.text(x, 268, _("nothing"), 34, fill=S.DIM)
    for ic, n, label in tokens:
        out += S.icon(ic, x + 30, 252, 56)
        out += S.text(x + 62, 268, f"×{n}", 36, weight="bold")
        x += 150
    return out


def _resources(t: Table, cat: GameCatalog) -> str:
    c, f = t.data["counters"], t.data["flags"]
    out = S.panel(20, 320, 920, 330, _("Resources"))
    items = [("food", "food"), ("nonperishable", "food"), ("wood", "wood"), ("fur", "fur"), ("discoveries", "map")]
    x = 40
    for key, ic in items:
        if key not in cat.counters:
            continue
        name = _(cat.counters[key].name)
        out += S.counter(x, 372, name, c.get(key, 0), ic, size=56, width=170)
        x += 180
    if on(f.get("food-store")):
        out += S.text(40, 512, _("food is kept overnight"), 24, fill=S.GOOD)
    out += S.line(40, 520, 920, 520, stroke=S.FAINT, sw=2)
    out += S.text(40, 556, _("Future resources (once every action is resolved)"), 26, fill=S.DIM, weight="bold", width=860)
    fut = [(k, ic) for k, ic in (("food", "food"), ("wood", "wood"), ("fur", "fur"), ("discoveries", "map"))]
    x = 40
    for key, ic in fut:
        n = c.get("future-" + key, 0)
        out += S.icon(ic, x + 26, 600, 48)
        out += S.text(x + 60, 616, f"+{n}" if n else "0", 40, weight="bold", fill=S.INK if n else S.FAINT)
        x += 150
    items = (t.data.get("rc") or {}).get("future_items") or []
    if items:
        out += S.text(x + 10, 614, ", ".join(items), 28, width=900 - x)
    return out


def _camp(t: Table, cat: GameCatalog, r: dict) -> str:
    c, f = t.data["counters"], t.data["flags"]
    out = S.panel(960, 320, 940, 330, _("Camp"))
    if f.get("shelter") in ("built", True):
        shelter, fill = _("Shelter built"), S.GOOD
    elif on(f.get("camp-shelter")):
        shelter, fill = _("the tile shows a shelter"), S.ACCENT
    else:
        shelter, fill = _("no shelter: open air"), S.DANGER
    out += S.text(1880, 360, shelter, 30, fill=fill, weight="bold", anchor="end", width=620)
    x = 990
    for key, ic in (("roof", "roof"), ("palisade", "palisade"), ("weapon", "weapon")):
        if key not in cat.counters:
            continue
        out += S.counter(x, 378, _(cat.counters[key].name), c.get(key, 0), ic, size=56, width=280)
        x += 300
    out += S.line(980, 520, 1880, 520, stroke=S.FAINT, sw=2)
    slots = []
    for side, card in zip((N_("left"), N_("right")), r.get("threat") or [None, None]):
        if card:
            slots.append((_(side), shown(card["name"]) if card.get("name") else "?", card.get("pawns")))
    out += S.icon("warning", 1006, 552, 40)
    if slots:
        x = 1036
        for side, name, pawns in slots:
            label = f"{side}: {name}"
            out += S.text(x, 564, label, 28, weight="bold", width=410)
            x += 420
    else:
        out += S.text(1036, 564, _("no threat cards"), 28, fill=S.DIM)
    items = r.get("items") or []
    if items:
        out += S.icon("tool", 1006, 612, 40)
        bits = []
        for it in items:
            uses = it.get("uses")
            bits.append(shown(it["name"]) + (f" {'●' * uses}{'○' * max(0, 2 - uses)}" if uses is not None else " ✓"))
        out += S.text(1036, 624, "   ".join(bits), 28, width=850)
    return out


def _characters(t: Table, cat: GameCatalog, r: dict) -> str:
    seats = list(t.seats)
    extra = []
    if r.get("friday"):
        extra.append("friday")
    boxes = seats + extra
    n = len(boxes)
    cols = 1 if n == 1 else 2
    rows = (n + cols - 1) // cols
    gap = 12
    w = (1160 - gap * (cols - 1)) / cols
    h = min(200, (410 - gap * (rows - 1)) / rows)
    out = ""
    for i, seat in enumerate(boxes):
        x = 20 + (i % cols) * (w + gap)
        y = 662 + (i // cols) * (h + gap)
        out += _character(t, cat, r, seat, x, y, w, h)
    return out


def _character(t: Table, cat: GameCatalog, r: dict, seat: str, x, y, w, h) -> str:
    c = t.data["counters"]
    phase = t.data["flags"].get("phase")
    if seat == "friday":
        col, name, player = "#f2f2f2", _(cat.characters["friday"].name) if "friday" in cat.characters else _("Friday"), ""
        wounds, top = c.get("friday-wounds", 0), int(cat.characters["friday"].get("life", 6)) if "friday" in cat.characters else 6
        det = None
    else:
        vals = t.seat_values(seat)
        col, name, player = S.edge(seat), who(t, cat, seat), vals.get("player") or ""
        wounds = vals.get("wounds", 0)
        ch = cat.characters.get(vals.get("survivor"))
        top = int(ch.get("life", 12)) if ch else 12
        det = vals.get("determination", 0)
    out = S.rect(x, y, w, h, fill=S.PANEL, stroke=col, sw=5, r=14)
    out += S.rect(x, y, 16, h, fill=col, r=6)
    out += S.text(x + 32, y + 46, name, 38, weight="bold", width=w * 0.5)
    if player:  # whose character, beside its name (on two lines where one would come out small)
        px = x + 32 + min(w * 0.5, S.measure(name, 38, True)) + 14
        out += S.boxed(px, y + 8, max(40, x + w - 124 - px), 50, player, 28, fill=S.DIM, lines=2)
    if det is not None:
        out += S.token(x + w - 70, y + 62, 44, det, fill="#ffcc22", size=48)
        out += S.text(x + w - 70, y + 132, _("determination"), 22, fill=S.DIM, anchor="middle", width=140)
    # the life track: one space per wound it holds, the wounds filled in
    cells = max(1, top)
    cw = min(38, (w - 32 - 150 - 110) / cells)
    ty = y + 84
    for k in range(cells):
        hit = k < wounds
        out += S.rect(x + 32 + k * cw, ty, cw - 4, 44, fill=S.DANGER if hit else "#1d4566", stroke=S.INK if hit else S.FAINT,
                      sw=2, r=6)
    wounds = min(wounds, top)  # the marker stops on the track's last space (the character dies there)
    near = wounds >= top - 1
    out += S.text(x + 40 + cells * cw, ty + 36, f"{wounds}/{top}", 34, weight="bold", fill=S.DANGER if near else S.INK)
    out += S.text(x + 32, ty + 80, _("wounds"), 24, fill=S.DIM)
    if seat != "friday" and h > 160:
        total = 2
        used = sum((p.get("by") == seat) + (p.get("helper") == seat) for p in r.get("plan") or [])
        free = max(0, total - used) if phase == "action" else total
        for k in range(total):
            out += S.icon("pawn", x + w - 220 + k * 50, y + h - 36, 44, tint=S.colour(seat) if k < free else "#3a4a5a")
    return out


def _plan(t: Table, cat: GameCatalog, r: dict) -> str:
    plan = r.get("plan") or []
    out = S.panel(1194, 662, 706, 410, _("Planned actions"))
    if not plan:
        phase = t.data["flags"].get("phase")
        out += S.text(1220, 760, _("planning comes in the Action phase") if phase != "action" else _("nothing planned yet"),
                      30, fill=S.DIM, width=660)
        return out
    y = 740
    rows = min(len(plan), 7)
    step = min(52, 320 / max(1, rows))
    first_open = next((i for i, p in enumerate(plan) if not p.get("done")), None)
    for i, p in enumerate(plan[:7]):
        what = p.get("what", "")
        arg = p.get("arg") or ""
        kind = "threat" if what.startswith("threat") else "build" if what in BUILDS else what
        label = _(PLAN_NAMES.get(what, what)).format(item=arg, what=_plan_arg(arg))
        pawns = who(t, cat, p.get("by", "")) + (" + " + who(t, cat, p["helper"]) if p.get("helper") else "")
        done = p.get("done")
        here = i == first_open
        if here:
            out += S.rect(1208, y - step * 0.72, 678, step * 0.98, fill="#2c5a80", r=10)
        out += S.icon("check" if done else PLAN_ICON.get(kind, "compass"), 1236, y - step * 0.25, step * 0.7)
        out += S.text(1270, y, label, min(32, step * 0.62), weight="bold", fill=S.DIM if done else S.INK, width=380)
        out += S.text(1880, y, pawns, min(28, step * 0.55), fill=S.DIM if done else S.INK, anchor="end", width=250)
        y += step
    if len(plan) > 7:
        out += S.text(1220, y, ngettext("and {n} more", "and {n} more", len(plan) - 7).format(n=len(plan) - 7), 24, fill=S.DIM)
    return out


def _plan_arg(arg: str) -> str:
    """'wood@3' -> 'wood (tile 3)'."""
    what, _sep, tile = arg.partition("@")
    word = {"food": _("food"), "wood": _("wood")}.get(what, what)
    return _("{what} (tile {tile})").format(what=word, tile=tile) if tile else word
