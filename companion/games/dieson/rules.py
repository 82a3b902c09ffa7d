"""Dieson Crusoe: the rules as pure functions of (state, dice), and the table-state helpers.

Source: dieson-crusoe-rulebook-en.txt. The boards' printed numbers the rulebook leaves out (star table,
event track order, dice-move arrows, date icons, tool costs, area cards) come from decks/dieson/*.toml,
where they are marked assumed and a user's own TOML file can correct them.
"""

from __future__ import annotations

from ...bounds import digits_in
from ...catalog import Card, GameCatalog
from ...errors import RuleError
from ...i18n import N_, _, ngettext
from ...table import Table

SEAT = "crusoe"
RESOURCES = ("food", "wood", "stone", "leather", "fence", "roof")
ICONS = ("lightning", "weather", "raid")
PLACES = ("mountain-top", "watch-dog", "raft")  # the map places the quests and tools name
NO_RESOURCE_PLACES = ("watch-dog", "raft")  # § Action List, 1. Move: no resource there
STAR_BOXES = ("move", "stones", "woods", "hunt", "recover", "food")  # actions that use stars
BONUS_STARS = {  # tool -> boxes where it adds one star (§ Tool List)
    "basket": ("stones", "woods"),
    "bed": ("recover",),
    "fire": ("food",),
    "axe": ("woods",),
    "sword": ("move",),
}

# User-facing words, in one place (marked for translation; shown through _()).
BOX_NAMES = {
    "move": N_("1. Move"), "resource": N_("2. Get one resource"), "stones": N_("3. Get stones"), "fences": N_("4. Build fences"),
    "woods": N_("5. Get woods"), "hunt": N_("6. Hunting"), "roofs": N_("7. Build roofs"), "recover": N_("8. Recover health"),
    "food": N_("9. Get food"),
}
EVENT_NAMES = {
    "food": N_("get 1 food"), "wood-or-stone": N_("get 1 wood or 1 stone"), "raid+2": N_("Raid die +2"),
    "lose-food": N_("lose 2 food"), "friend+1": N_("Friend disc +1"), "lose-fence-roof": N_("lose 1 fence and 1 roof"),
    "weather+2": N_("Weather die +2"),
}
RESOURCE_NAMES = {"food": N_("food"), "wood": N_("wood"), "stone": N_("stone"), "leather": N_("leather"),
                  "fence": N_("fence"), "roof": N_("roof"), "health": N_("health")}
ICON_NAMES = {"lightning": N_("Lightning"), "weather": N_("Weather"), "raid": N_("Raid")}
COLOUR_NAMES = {"yellow": N_("yellow"), "grey": N_("grey")}
OTHER_PLACES = {"west end": N_("the west end"), "a new place": N_("a new place")}  # the start, an unnamed place
# The board's counters and tracks by their catalog names (decks/dieson/board.toml), as the guided game's
# one-line summary of each action shows them: marked here so they are translated.
BOARD_WORDS = (N_("Date"), N_("Event disc"), N_("Action meeple"), N_("Friend disc"), N_("Health"), N_("Food"), N_("Wood"),
               N_("Stone"), N_("Leather"), N_("Fence"), N_("Roof"))
PLACE_NAMES = {"mountain-top": N_("the top of the mountain"), "watch-dog": N_("the Watch Dog place (southern tip)"),
               "raft": N_("the Raft place (south-eastern tip)")}


# -- the table state -------------------------------------------------------------------------------


def dc(t: Table) -> dict:
    """Dieson's own state: dice, tools' extras, quest progress, the pending action."""
    return t.data["dc"]


def flow(t: Table) -> dict:
    return t.data["flow"]


def phase(t: Table) -> str:
    return t.data["flags"]["phase"]


def count(t: Table, name: str) -> int:
    return t.data["counters"][name]


def gain(t: Table, name: str, n: int) -> int:
    """Add n (never past a limit such as max health); returns what was really added."""
    now = t.data["counters"][name]
    lim = t.data.get("limits", {}).get(name)
    new = now + n
    if lim and lim[1] is not None:
        new = min(new, lim[1])
    t.data["counters"][name] = new
    return new - now


def lose(t: Table, name: str, n: int) -> int:
    """Take up to n away (a count never goes below 0); returns what was really lost."""
    now = t.data["counters"][name]
    taken = min(now, n)
    t.data["counters"][name] = now - taken
    return taken


def pay(t: Table, name: str, n: int, why: str) -> None:
    """Spend exactly n or refuse with what is there."""
    if n <= 0:
        return
    have = count(t, name)
    if have < n:
        raise RuleError(_("{why} costs {n} {name}; you have {have}").format(why=why, n=n, name=res_name(name), have=have))
    t.data["counters"][name] = have - n


def max_health(t: Table) -> int:
    return t.data["limits"]["health"][1]


def tools_made(t: Table) -> list[str]:
    return list(t.deck("tools")["held"].get(SEAT, []))


def has(t: Table, tool: str) -> bool:
    return tool in tools_made(t)


def tools_open(t: Table) -> list[str]:
    return list(t.deck("tools")["table"])


def area(t: Table) -> str:
    return t.data["flags"]["area"]


def friend(t: Table) -> str | None:
    return dc(t).get("friend")


# § Play with My Friend, My Friend's Help: an arrow leads from a space of the card back to its start, and its
# icon is the help: a die's icon (an action with that die), a resource, or extra stars. Written HELP[:N]:
# lightning/weather/raid, food/wood/stone/leather/fence/roof[:N], stars[:N]; "-": no arrow on that space.
NO_ARROW = ("-", "none", "")


Arrow = tuple[str, str | None, int]  # an arrow of the friend card: (help, what, amount)


def parse_arrow(text: str) -> Arrow | None:
    """One arrow's icon as written ('weather', 'food:2', 'stars') -> (help, what, amount); None: no arrow."""
    word, _colon, n = str(text).strip().lower().partition(":")
    if word in NO_ARROW and not n:
        return None
    amount = int(n) if digits_in(n, 1, 6) else None if n else 1
    if amount is not None:
        if word in ICONS and not n:
            return ("die", word, 1)
        if word in RESOURCES:
            return ("resource", word, amount)
        if word == "stars":
            return ("stars", None, amount)
    raise ValueError(text)


def arrow_text(arrow: tuple | list | None) -> str:
    """An arrow as the table reads it: 'the Weather die', '2 food', '1 extra star', 'no arrow'."""
    if not arrow:
        return _("no arrow")
    kind, what, n = arrow
    if kind == "die":
        return _("an action with the {icon} die").format(icon=_(ICON_NAMES[what]))
    if kind == "resource":
        return f"{n} {res_name(what)}"
    return ngettext("{n} extra star", "{n} extra stars", n).format(n=n)


def arrows_of(cat: GameCatalog, options: dict, friend: str) -> list[Arrow | None] | None:
    """The friend card's arrows, space 1 first: the setup's --opt arrows=... as the table read its card, else
    the card's data (assumed, correctable in a file of one's own); None: not known (the table reads its card).
    ValueError(the word) for one that is no arrow, ValueError(None) for the wrong number of spaces."""
    from ..protocol import option_words

    raw = options.get("arrows")
    written = option_words(raw) if raw not in (None, "") else cat.deck("friends").card(friend).get("arrows")
    if written is None:
        return None
    out = [parse_arrow(w) for w in written]
    if len(out) != cat.tracks["friend"].max:
        raise ValueError(None)
    return out


def arrows(t: Table, cat: GameCatalog) -> list[Arrow | None] | None:
    """The arrows of the friend card in play (None: not known, the table reads them from its card)."""
    card = dc(t).get("friend_card")
    return arrows_of(cat, t.data.get("options") or {}, card) if card else None


def arrow_at(t: Table, cat: GameCatalog) -> Arrow | None:
    """The arrow at the Friend disc's space (None: none there); only where the arrows are known."""
    known, pos = arrows(t, cat), t.data["tracks"]["friend"]
    if not known or not 1 <= pos <= len(known) or not known[pos - 1]:
        return None
    return known[pos - 1]


def stars_text(n: int) -> str:
    return ngettext("{n} star", "{n} stars", n).format(n=n)


def die_text(d: dict) -> str:
    """A die in the table state and the play log's texts: its face, 'g' after the grey one (3g)."""
    return f"{d['v']}{'g' if d['c'] == 'grey' else ''}"


def die_label(d: dict) -> str:
    """A die as the table reads it: its face as a digit, and the colour of the grey one (3 grey)."""
    return _("{v} grey").format(v=d["v"]) if d["c"] == "grey" else str(d["v"])


def res_name(name: str) -> str:
    """A resource's name in the current language."""
    return _(RESOURCE_NAMES.get(name, name))


def raid_text(raid: dict) -> str:
    """An area card's raid penalty (§ Raid Penalty) in the current language, from its data: what is lost,
    and what is lost instead when the fences are too few."""
    def lose(d: dict) -> str:
        return ", ".join(f"-{n} {res_name(k)}" for k, n in d.items() if k != "short" and n) or _("nothing")
    if not raid.get("short"):
        return lose(raid)
    n = raid.get("fence", 0)
    text = _("{lose}; with no fence: {instead}") if n == 1 else _("{lose}; with fewer than {n} fences: {instead}")
    return text.format(lose=lose(raid), n=n, instead=lose(raid["short"]))


def place_name(place: str) -> str:
    """A map place as the table reads it: a named place, the start, or what the table called it."""
    if place in PLACE_NAMES:
        return _(PLACE_NAMES[place])
    return _(OTHER_PLACES[place]) if place in OTHER_PLACES else place


def colour_name(name: str) -> str:
    return _(COLOUR_NAMES.get(name, name))


# -- the boards' tables ------------------------------------------------------------------------------


def clamp_die(cat: GameCatalog, v: int) -> int:
    cap = cat.rules["die_cap"]
    return max(cap["min"], min(cap["max"], v))


def event_spaces(cat: GameCatalog) -> list[str]:
    return list(cat.rules["events"]["spaces"])


def event_landing(pos: int, steps: int, n: int) -> int:
    """The event disc goes clockwise; from the start circle (0) the first space is 1."""
    return (pos - 1 + steps) % n + 1 if pos else (steps - 1) % n + 1


def boxes(cat: GameCatalog) -> list[str]:
    return list(cat.rules["actions"]["boxes"])


def box_at(cat: GameCatalog, pos: int) -> str | None:
    return boxes(cat)[pos - 1] if pos else None


def landed_box(cat: GameCatalog, pos: int) -> str:
    """The box at a place the meeple lands on (action_landing: 1..n, never the start square)."""
    return boxes(cat)[pos - 1]


def action_landing(pos: int, steps: int, n: int) -> int:
    """The meeple moves `steps` boxes, negative counter-clockwise. The start square sits between the
    last box and box 1, so from it +1 is box 1 and -1 the last box."""
    if pos == 0:
        return (steps - 1) % n + 1 if steps > 0 else steps % n + 1
    return (pos - 1 + steps) % n + 1


def star_values(cat: GameCatalog) -> list[int]:
    """Stars for a die's value 1, 2, ...: the action track's table, then a raised die's values past 6."""
    st = cat.rules["stars"]
    return [int(x) for x in st["table"]] + [int(x) for x in st.get("beyond", [])]


def star_top(cat: GameCatalog) -> int:
    """The highest value the star tables cover: a die may be raised that far (§ Afternoon 3: no limit is
    printed; the data file's `beyond` list says how far castaway reads)."""
    return len(star_values(cat))


def stars_for(cat: GameCatalog, value: int) -> int:
    table = star_values(cat)
    if not 1 <= value <= len(table):
        raise RuleError(_("die value {value} is past the star tables (1..{last}): the stars of a die raised "
                          "that far are in no rulebook; add them to rules.stars.beyond in a file of your own")
                        .format(value=value, last=len(table)))
    return table[value - 1]


def weather_penalty(weather: int, roof: int) -> tuple[int, int]:
    """(roofs lost, health lost) for the Weather die (§ Weather Penalty)."""
    if weather <= 2:
        return 0, 0
    need = 1 if weather <= 4 else 2
    roofs = min(roof, need)
    return roofs, need - roofs


def raid_penalty(raid: int, card: Card, fence: int) -> dict[str, int]:
    """What the area's raid takes on a Raid die of 5 or 6 (§ Raid Penalty), from the area card's data."""
    if raid < 5:
        return {}
    r = dict(card.get("raid") or {})
    need = r.pop("fence", 0)
    short = r.pop("short", {})
    if need:
        if fence >= need:
            return {"fence": need}
        return dict(short)
    return r


def hunt_power(t: Table, cat: GameCatalog, stars: int) -> int:
    """Character power + stars + the tools' power (§ Action List, 6. Hunting)."""
    tools = cat.deck("tools")
    return dc(t)["power"] + stars + sum(tools.card(x).get("power", 0) for x in tools_made(t))


def quest_card(t: Table, cat: GameCatalog) -> Card:
    return cat.deck("quests").card(dc(t)["quest"])


def achieved(t: Table) -> set[str]:
    s = dc(t)
    out = {f"tool:{x}" for x in tools_made(t)}
    out |= {f"place:{p}" for p in s["visited"]}
    out |= {f"area:{a}" for a in s["areas"]}
    out |= {f"hunt:{a}" for a in s["hunted"]}
    if s["escaped"]:
        out.add("escaped")
    return out


def quest_missing(t: Table, cat: GameCatalog) -> list[str]:
    have = achieved(t)
    return [n for n in quest_card(t, cat).get("needs") if n not in have]


def need_text(need: str) -> str:
    kind, _colon, what = need.partition(":")
    if kind == "tool":
        return _("make the {tool}").format(tool=what.replace('-', ' ').title())
    if kind == "place":
        return _("reach {place}").format(place=_(PLACE_NAMES[what]) if what in PLACE_NAMES else what)
    if kind == "area":
        return _("enter the {area} area").format(area=what.title())
    if kind == "hunt":
        return _("hunt the {animal}").format(animal=what.title()) if what != "cannibals" else _("beat the Cannibals")
    return _("escape the island")


def craft_problems(t: Table, cat: GameCatalog, tool: str, stars: int) -> list[str]:
    """Why a tool cannot be made now (empty: it can). § Craft a Tool."""
    card = cat.deck("tools").card(tool)
    if tool in tools_made(t):
        return [_("the {tool} is made already").format(tool=card.name)]
    if tool not in tools_open(t):
        return [_("the {tool} is not in play in this game").format(tool=card.name)]
    out = []
    if stars < card.get("stars", 0):
        out.append(_("needs {need} stars (you have {stars})").format(need=card.get("stars"), stars=stars))
    for res, n in (card.get("cost") or {}).items():
        if count(t, res) < n:
            out.append(_("needs {n} {what} (you have {have})").format(n=n, what=res_name(res), have=count(t, res)))
    if card.get("needs_rope") and not has(t, "rope"):
        out.append(_("needs the Rope made first"))
    loc = card.get("location")
    if loc and t.data["flags"]["place"] != loc:
        out.append(_("is made only at {place}").format(place=_(PLACE_NAMES[loc]) if loc in PLACE_NAMES else loc))
    return out
