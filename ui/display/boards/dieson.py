"""Dieson Crusoe on the table display: the quest and the day on the date track, the phase, health as
hearts, food, wood, stone and leather (and the fences and roofs built), the event track with its disc,
the three icon dice (the Weather die is the weather, with what it would cost tonight), the action dice,
the tools made and still open, and the quest's checklist.

Drawn from the table state and the catalog alone.
"""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.i18n import N_, _, ngettext
from companion.table import Table
from ui.display import svg as S

SEAT = "crusoe"
RESOURCES = (("food", "food"), ("wood", "wood"), ("stone", "stone"), ("leather", "leather"), ("fence", "fence"),
             ("roof", "roof"))
EVENTS = {"food": N_("get 1 food"), "wood-or-stone": N_("get 1 wood or 1 stone"), "raid+2": N_("Raid die +2"),
          "lose-food": N_("lose 2 food"), "friend+1": N_("Friend disc +1"), "lose-fence-roof": N_("lose 1 fence and 1 roof"),
          "weather+2": N_("Weather die +2")}
EVENT_ICON = {"food": "food", "wood-or-stone": "wood", "raid+2": "raid", "lose-food": "food", "friend+1": "person",
              "lose-fence-roof": "fence", "weather+2": "rain"}
ICON_DICE = (("lightning", N_("Lightning")), ("weather", N_("Weather")), ("raid", N_("Raid")))
PHASES = ("morning", "afternoon", "evening")
PHASE_NAMES = {"setup": N_("Setup"), "morning": N_("Morning"), "afternoon": N_("Afternoon"), "evening": N_("Evening")}
PLACES = {"mountain-top": N_("the top of the mountain"), "watch-dog": N_("the Watch Dog place (southern tip)"),
          "raft": N_("the Raft place (south-eastern tip)")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


def roll_shown(last: dict, cat: GameCatalog):
    """The action dice as the game stores its last roll ("6g": the grey die showing 6, see rules.die_text)
    read back as (heading, [(die name, colour, face)]) for the display; None for any other roll."""
    if last.get("roll") != "action dice":
        return None
    shown = []
    for f in last.get("faces") or []:
        f = str(f)
        die = cat.dice.get("grey" if f.endswith("g") else "yellow")
        face = f.rstrip("g")
        if die is None or not face.isdigit():
            return None
        shown.append((die.name, die.colour, face))
    return N_("Action dice"), shown


def board_svg(t: Table, cat: GameCatalog) -> str:
    d = t.data
    s = d.get("dc") or {}
    quest = cat.deck("quests").card(s["quest"]) if s.get("quest") else None
    body = _header(t, cat, quest)
    body += _health(t, cat, s)
    body += _supplies(t, cat)
    body += _events(t, cat)
    body += _actions(t, cat, s)
    body += _dice(t, cat, s)
    body += _tools(t, cat)
    body += _quest(t, cat, s, quest)
    return S.root(body, label=_("{game}: day {day}").format(game=_(cat.name), day=d["tracks"]["day"]))


def _header(t: Table, cat: GameCatalog, quest) -> str:
    d = t.data
    day = d["tracks"]["day"]
    last = int(quest.get("duration")) if quest is not None and quest.get("duration") else cat.tracks["day"].max
    shown_to = max(last, day)  # a date the table set past the quest's last day is still drawn on the track
    out = S.text(30, 70, _("Day"), 34, fill=S.DIM, weight="bold")
    out += S.text(30, 118, day, 64, weight="bold")
    out += S.text(40 + S.measure(str(day), 64, True), 118, _("of {n}").format(n=last), 34, fill=S.DIM)
    # the date track up to the quest's last day, with the icons that raise the Weather or Raid die
    icons = {}
    di = cat.rules.get("date_icons") or {}
    for key, ic in (("weather", "rain"), ("raid", "raid")):
        for pos in (di.get(key) or {}):
            if str(pos).isdigit():
                icons[int(pos)] = ic
    out += S.track(250, 24, 760, 70, 1, shown_to, day, icons=icons, size=min(30, 600 / shown_to), done_fill="#2c5a80")
    if day > last:
        out += S.text(250, 120, _("day {day}: past the quest's last day ({last})").format(day=day, last=last), 24,
                      fill=S.DANGER, weight="bold", width=760)
    else:
        out += S.text(250, 120, _("date track: the rain and raid icons raise those dice"), 22, fill=S.DIM, width=760)
    if d.get("over"):
        res = d["over"].get("result", "")
        out += S.pill(1040, 24, 850, 70, _("Game over: {result}").format(result=_(RESULTS.get(res, res))),
                      fill=S.GOOD if res == "won" else S.DANGER, ink="#111111", size=40)
        return out
    phase = d["flags"].get("phase")
    keys = (["setup"] if phase == "setup" else []) + list(PHASES)
    out += S.steps(1040, 24, 850, 70, [_(PHASE_NAMES[k]) for k in keys], keys.index(phase) if phase in keys else None,
                   size=34, wide=1.6)
    return out


def _health(t: Table, cat: GameCatalog, s: dict) -> str:
    d = t.data
    hp = d["counters"].get("health", 0)
    top = (d.get("limits", {}).get("health") or [0, cat.counters["health"].max or hp])[1] or hp
    out = S.panel(20, 140, 720, 210, _(cat.counters["health"].name))
    out += S.text(720, 180, f"{hp}/{top}", 48, weight="bold", anchor="end", fill=S.DANGER if hp <= 1 else S.INK)
    size = min(80, 660 / max(1, top))
    for k in range(top):
        out += S.icon("heart" if k < hp else "heart-empty", 40 + size / 2 + k * size, 244, size * 0.9)
    who = cat.characters.get(s.get("character"))
    if who is not None:
        out += S.text(40, 334, _("{who}, power {n}").format(who=_(who.name), n=s.get("power", "?")), 28, fill=S.DIM, width=680)
    return out


def _supplies(t: Table, cat: GameCatalog) -> str:
    c = t.data["counters"]
    out = S.panel(760, 140, 1140, 210, _("Supplies"))
    x = 790
    for key, ic in RESOURCES:
        if key not in cat.counters:
            continue
        n = c.get(key, 0)
        out += S.counter(x, 186, _(cat.counters[key].name), n, ic, size=56, width=170, fill=S.INK if n else S.FAINT)
        x += 184
    return out


def _events(t: Table, cat: GameCatalog) -> str:
    spaces = list((cat.rules.get("events") or {}).get("spaces") or [])
    pos = t.data["tracks"].get("event", 0)
    out = S.panel(20, 360, 1880, 164, _(cat.tracks["event"].name) if "event" in cat.tracks else _("Event disc"))
    n = len(spaces) + 1
    gap = 10
    w = (1840 - gap * (n - 1)) / n
    for i in range(n):
        x = 40 + i * (w + gap)
        here = i == pos
        out += S.rect(x, 406, w, 108, fill=S.ACCENT if here else "#1d4566", stroke=S.INK if here else S.FAINT,
                      sw=4 if here else 2, r=12)
        ink = "#111111" if here else S.INK
        if i == 0:
            out += S.circle(x + 34, 438, 18, fill="none", stroke=ink, sw=3, dash="5 4")
            out += S.text(x + 62, 448, _("start"), 28, fill=ink, weight="bold", width=w - 70)
            continue
        key = spaces[i - 1]
        out += S.text(x + 14, 440, i, 30, fill=ink, weight="bold")
        out += S.icon(EVENT_ICON.get(key, "warning"), x + w - 34, 434, 40)
        out += S.boxed(x + 10, 456, w - 20, 54, _(EVENTS.get(key, key)), 26, fill=ink, weight="bold", lines=2)
        if here:
            out += S.circle(x + w / 2, 406, 12, fill=S.DANGER, stroke=S.INK, sw=3)
    return out


def _die(x, y, size, d: dict | None, label: str = "") -> str:
    if not d:
        return S.rect(x, y, size, size, fill="none", stroke=S.FAINT, sw=3, r=size * 0.16, dash="10 8")
    grey = d.get("c") == "grey"
    return S.die(x, y, size, d.get("v"), fill="#9aa3ab" if grey else "#f5c518", pips="#111111")


def _weather_cost(weather: int, roof: int) -> tuple[int, int]:
    """(roofs lost, health lost) for the Weather die tonight: 3-4 one, 5-6 two, roofs taken first."""
    if weather <= 2:
        return 0, 0
    need = 1 if weather <= 4 else 2
    roofs = min(roof, need)
    return roofs, need - roofs


def _dice(t: Table, cat: GameCatalog, s: dict) -> str:
    out = S.panel(20, 650, 1000, 222, _("Dice"))
    icons = s.get("icons") or {}
    x = 40
    ds = 80  # each die with its name under it, clear of the digit's badge on its corner
    for key, label in ICON_DICE:
        out += _die(x + 40, 712, ds, icons.get(key))
        out += S.icon(key if key != "weather" else "rain", x + 16, 812, 28)
        out += S.text(x + 34, 822, _(label), 26, weight="bold", width=150)
        x += 190
    w = (icons.get("weather") or {}).get("v")
    if w:
        roofs, hearts = _weather_cost(int(w), t.data["counters"].get("roof", 0))
        if roofs or hearts:
            bits = []
            if roofs:
                bits.append(ngettext("{n} roof", "{n} roofs", roofs).format(n=roofs))
            if hearts:
                bits.append(ngettext("{n} health", "{n} health", hearts).format(n=hearts))
            text = _("weather as it stands: {what}").format(what=", ".join(bits))
            fill = S.DANGER if hearts else S.ACCENT
        else:
            text, fill = _("weather as it stands: no loss"), S.GOOD
        out += S.text(40, 860, text, 24, fill=fill, weight="bold", width=560)
    # the action dice: in hand, picked, and the three used boxes with the dice put there
    x = 610
    out += S.text(x, 688, _("action dice"), 26, fill=S.DIM, weight="bold", width=180)
    unused = list(s.get("unused") or [])
    pending = (s.get("pending") or {}).get("die")
    used = list(s.get("used") or [])
    hand = unused + ([pending] if pending else [])
    for k, d_ in enumerate(hand[:3]):
        dx = x + k * 66
        out += _die(dx, 712, 54, d_)
        if pending and d_ is pending:
            out += S.text(dx + 27, 800, _("picked"), 22, fill=S.ACCENT, anchor="middle", width=64)
    out += S.text(x + 196, 760, _("used boxes"), 22, fill=S.DIM, width=200)
    for k in range(3):
        bx = x + 200 + k * 66
        out += S.rect(bx - 4, 770, 62, 90, fill="#0f2638", stroke=S.FAINT, sw=2, r=8)
        out += S.text(bx + 27, 852, k + 1, 22, fill=S.DIM, anchor="middle")
        if k < len(used):
            out += _die(bx + 1, 784, 52, used[k])
    return out


def _actions(t: Table, cat: GameCatalog, s: dict) -> str:
    """The action track: the start square and the nine action boxes clockwise, the meeple on its box."""
    from companion.games.dieson.rules import BOX_NAMES

    boxes = list((cat.rules.get("actions") or {}).get("boxes") or [])
    pos = t.data["tracks"].get("action", 0)
    spec = cat.tracks.get("action")
    out = S.panel(20, 532, 1880, 110)
    out += S.boxed(36, 540, 190, 94, _(spec.name) if spec is not None else _("Action meeple"), 26, fill=S.DIM,
                   weight="bold", lines=2)
    n = len(boxes) + 1
    gap = 8
    x0 = 236
    w = (1884 - x0 - gap * (n - 1)) / n
    for i in range(n):
        x = x0 + i * (w + gap)
        here = i == pos
        out += S.rect(x, 544, w, 86, fill=S.ACCENT if here else "#1d4566", stroke=S.INK if here else S.FAINT,
                      sw=4 if here else 2, r=10)
        ink = "#111111" if here else S.INK
        label = _("start") if i == 0 else _(BOX_NAMES.get(boxes[i - 1], boxes[i - 1]))
        room = w - (44 if here else 12)
        out += S.boxed(x + 6, 548, room, 78, label, 24, fill=ink, weight="bold", lines=3)
        if here:
            out += S.icon("pawn", x + w - 20, 587, 36, tint="#111111")
    return out


def _tools(t: Table, cat: GameCatalog) -> str:
    tools = cat.deck("tools")
    made = list(t.data["decks"]["tools"]["held"].get(SEAT, []))
    open_ = list(t.data["decks"]["tools"]["table"])
    out = S.panel(20, 882, 1000, 188, _("Tools made: {n}").format(n=len(made)))
    x, y = 40, 932
    for tid in made + open_:
        try:
            label = _(tools.card(tid).name)
        except Exception:
            label = tid
        done = tid in made
        w = S.measure(label, 26, done) + (74 if done else 34)
        if x + w > 1000:
            x, y = 40, y + 58
            if y > 1040:
                break
        out += S.rect(x, y, w, 48, fill="#24543a" if done else "#16324a", stroke=S.GOOD if done else S.FAINT, sw=3 if done else 2, r=24)
        if done:
            out += S.icon("check", x + 26, y + 24, 30)
        out += S.text(x + (48 if done else 17), y + 34, label, 26, fill=S.INK if done else S.DIM, weight="bold" if done else "normal")
        x += w + 10
    return out


def _need(cat: GameCatalog, need: str) -> str:
    kind, _sep, what = need.partition(":")
    if kind == "tool":
        try:
            name = _(cat.deck("tools").card(what).name)
        except Exception:
            name = what
        return _("make the {tool}").format(tool=name)
    if kind == "place":
        return _("reach {place}").format(place=_(PLACES.get(what, what)))
    if kind in ("area", "hunt"):
        try:
            name = _(cat.deck("areas").card(what).name)
        except Exception:
            name = what
        return (_("enter the {area} area") if kind == "area" else _("hunt the {area}")).format(area=name)
    return _("escape the island")


def _quest(t: Table, cat: GameCatalog, s: dict, quest) -> str:
    out = S.panel(1040, 650, 860, 420)
    if quest is None:
        return out
    out += S.text(1064, 698, _(quest.name), 38, weight="bold", width=810)
    made = set(t.data["decks"]["tools"]["held"].get(SEAT, []))
    have = {f"tool:{x}" for x in made} | {f"place:{p}" for p in s.get("visited", [])}
    have |= {f"area:{a}" for a in s.get("areas", [])} | {f"hunt:{a}" for a in s.get("hunted", [])}
    if s.get("escaped"):
        have.add("escaped")
    y = 758
    for need in quest.get("needs") or []:
        ok = need in have
        out += S.rect(1064, y - 36, 48, 48, fill="#24543a" if ok else "none", stroke=S.GOOD if ok else S.INK, sw=3, r=8)
        if ok:
            out += S.icon("check", 1088, y - 12, 40)
        out += S.text(1130, y, _need(cat, need), 32, fill=S.INK if not ok else S.GOOD, weight="bold", width=750)
        y += 66
    place = t.data["flags"].get("place")
    area = t.data["flags"].get("area")
    y = max(y + 10, 960)
    out += S.icon("map", 1086, y - 10, 40)
    bits = []
    if place:
        bits.append(_(PLACES[place]) if place in PLACES else place)
    if area:
        try:
            bits.append(_("{area} area").format(area=_(cat.deck("areas").card(area).name)))
        except Exception:
            pass
    out += S.text(1120, y, " · ".join(bits), 28, width=760)
    friend = s.get("friend")
    if friend:
        pos = t.data["tracks"].get("friend", 0)
        hi = t.limits(cat.tracks["friend"])[1] if "friend" in cat.tracks else 5
        try:
            fname = _(cat.deck("friends").card(friend).name)
        except Exception:
            fname = friend
        out += S.icon("person", 1086, y + 46, 40)
        out += S.text(1120, y + 58, _("{friend}: {pos} of {hi}").format(friend=fname, pos=pos, hi=hi), 28, width=760)
    return out
