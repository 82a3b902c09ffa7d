"""Dieson Crusoe (solo): setup, the automatic consequences, the outcome for the play log, and the
guided game's entry points. The procedures live in day (Morning, Evening), afternoon
and do (Afternoon); the guided steps in flow; the rules' pure functions in rules.

Source: dieson-crusoe-rulebook-en.txt (§ Prepare, § End of the Game, § Expert Rules).
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError, did_you_mean
from ...guide import Ask
from ...i18n import N_, _, ngettext
from ...table import Table, new_table
from ..protocol import option_int
from . import afternoon, correct, day, do  # noqa: F401  (registers the actions)
from . import rules as R
from .flow import next_step  # noqa: F401  (the guided game)

FIRST_GAME_TOOLS = ("basket", "bed", "stone-knife", "rope")
EXPERT = {"none": (), "0": (), "1": (1,), "2": (2,), "1,2": (1, 2), "2,1": (1, 2), "both": (1, 2)}
ASKS = {
    "quest": N_("Which quest? (1 is for a first game)"),
    "character": N_("Which character card?"),
    "health": N_("Hearts on the character card's side you play"),
    "power": N_("Power printed on the character card"),
    "friend": N_("Which My Friend card?"),
    "tools": N_("Which tool cards are in play?"),
    "expert": N_("Expert rules?"),
}


def _quest(cat: GameCatalog, raw) -> str:
    key = str(raw if raw is not None else "1").strip().lower().removeprefix("quest").strip()
    if key.isdecimal():
        key = f"q{key}"
    ids = [c.id for c in cat.deck("quests").cards]
    if key not in ids:
        raise UsageError(_("quest {raw!r}: accepted: 1..{n}").format(raw=raw, n=len(ids)))
    return key


def _tools(cat: GameCatalog, raw, expert: tuple[int, ...]) -> list[str]:
    ids = [c.id for c in cat.deck("tools").cards if not c.get("expert")]
    text = str(raw if raw is not None else "all").strip().lower()
    picked: list[str] = []
    for word in (w.strip() for w in text.replace(" ", ",").split(",")):
        if not word:
            continue
        if word == "all":
            picked += ids
        elif word == "first":
            picked += FIRST_GAME_TOOLS
        elif word in ids:
            picked.append(word)
        else:
            raise UsageError(_("tools {raw!r}: {word!r} is not a tool; accepted: all, first, {ids}").format(raw=raw, word=word, ids=", ".join(ids)))
    out = list(dict.fromkeys(picked))
    if 2 in expert:
        out.append("friend")
    return out


def parse_options(cat: GameCatalog, options: dict) -> dict:
    """The setup choices, checked: each bad value is refused with what is accepted."""
    known = {"players", "quest", "character", "health", "power", "friend", "tools", "expert", "edition", "arrows"}
    for k in options:
        if k not in known:
            raise UsageError(_("option {k!r} is not a Dieson Crusoe setup choice; accepted: {known}")
                             .format(k=k, known=", ".join(sorted(known - {"edition"}))))
    expert_raw = str(options.get("expert", "none")).strip().lower().replace(" ", "")
    if expert_raw not in EXPERT:
        raise UsageError(_("expert {raw!r}: accepted: none, 1, 2, 1,2").format(raw=options.get("expert")))
    expert = EXPERT[expert_raw]
    who = str(options.get("character", "hunter")).strip().lower()
    if who not in cat.characters:
        raise UsageError(_("character {who!r}: ").format(who=who) + did_you_mean(who, cat.characters))
    ch = cat.characters[who]
    health = option_int(options, "health", 1, 9, ch.get("expert_health") if 1 in expert else ch.get("health"))
    power = option_int(options, "power", 0, 9, ch.get("power"))
    friend = str(options.get("friend", "jack")).strip().lower()
    friends = [c.id for c in cat.deck("friends").cards]
    if friend not in friends:
        raise UsageError(_("friend {friend!r}: accepted: {friends}").format(friend=friend, friends=", ".join(friends)))
    quest = _quest(cat, options.get("quest"))
    tools = _tools(cat, options.get("tools"), expert)
    for need in cat.deck("quests").card(quest).get("needs"):
        kind, _colon, what = need.partition(":")
        if kind == "tool" and what not in tools:
            raise UsageError(_("quest {quest} needs the {tool}: put it in play, e.g. --opt tools=first,{what}")
                             .format(quest=quest[1:], tool=cat.deck("tools").card(what).name, what=what))
    return {"quest": quest, "character": who, "health": health, "power": power, "friend": friend,
            "tools": tools, "expert": list(expert), "arrows": _arrows(cat, options, friend)}


def _arrows(cat: GameCatalog, options: dict, friend: str) -> list | None:
    """§ My Friend's Help: the icon on the arrow at each space of the friend card, space 1 first: --opt
    arrows=... as the table reads its card, else the card's data (assumed); None: unknown, the table reads it."""
    spaces = cat.tracks["friend"].max
    raw = options.get("arrows")
    try:
        return R.arrows_of(cat, options, friend)
    except ValueError as e:
        bad = e.args[0] if e.args and e.args[0] is not None else raw
        raise UsageError(_("arrows {raw!r}: the icon on the arrow at each of the card's {n} spaces, space 1 first, by commas: "
                           "lightning, weather, raid, a resource (food, wood, stone, leather, fence, roof; food:2 for two), "
                           "stars or stars:2, - for no arrow").format(raw=bad, n=spaces)) from None


def setup(cat: GameCatalog, options: dict, seed: int) -> Table:
    """The table after § Prepare: every component placed, the three action dice in hand."""
    o = parse_options(cat, options)
    t = new_table(cat, [R.SEAT], options, seed)
    vals = t.seat_values(R.SEAT)
    vals["survivor"] = o["character"]
    if options.get("players"):
        vals["player"] = options["players"][0]
    t.data["limits"]["health"] = [0, o["health"]]
    t.data["counters"]["health"] = o["health"]
    tools = t.deck("tools")
    tools["table"] = [c for c in tools["draw"] if c in o["tools"]]
    tools["out"] = [c for c in tools["draw"] if c not in o["tools"]]
    tools["draw"] = []
    quests = t.deck("quests")
    quests["table"] = [o["quest"]]
    quests["out"] = [c for c in quests["draw"] if c != o["quest"]]
    quests["draw"] = []
    friends = t.deck("friends")
    friends["out"] = [c for c in friends["draw"] if c != o["friend"]]
    friends["draw"] = [o["friend"]]
    if 2 not in o["expert"]:
        friends["draw"] = []
        friends["held"] = {R.SEAT: [o["friend"]]}
    areas = t.deck("areas")
    areas["draw"].remove("rabbit")
    areas["table"] = ["rabbit"]
    yellow = {"c": "yellow", "v": 1}
    t.data["dc"] = {
        "quest": o["quest"],
        "character": o["character"],
        "power": o["power"],
        "expert": o["expert"],
        "friend": None if 2 in o["expert"] else o["friend"],
        "friend_card": o["friend"],
        "hand": ["yellow", "yellow", "grey"],
        "unused": [],
        "used": [],
        "icons": {i: dict(yellow) for i in R.ICONS},
        "blueprint": None,
        "pending": None,
        "stars_bonus": 0,
        "visited": [],
        "areas": ["rabbit"],
        "hunted": [],
        "escaped": False,
    }
    t.data["flags"]["phase"] = "morning"
    t.data["flow"] = {"step": "roll"}
    return t


def settle(t: Table, cat: GameCatalog) -> None:
    """§ End of the Game: health 0 loses at once; the quest's conditions met (in time) win at once."""
    if t.data.get("over") or "dc" not in t.data:
        if t.data.get("over"):
            t.data["flags"]["phase"] = "over"
        return
    correct.reconcile(t, cat)
    if t.data["counters"]["health"] <= 0:
        t.data["over"] = {"result": "lost", "why": "health"}
    elif not R.quest_missing(t, cat):
        t.data["over"] = {"result": "won"}
    if t.data.get("over"):
        t.data["flags"]["phase"] = "over"


def outcome(t: Table, cat: GameCatalog) -> dict:
    """The play log's view: quest, day, and how it ended."""
    s = t.data["dc"]
    card = R.quest_card(t, cat)
    over = t.data.get("over") or {}
    return {
        "quest": card.get("number"),
        "quest_name": card.name,
        "day": t.data["tracks"]["day"],
        "duration": card.get("duration"),
        "won": over.get("result") == "won",
        "why": over.get("why", ""),
        "health": t.data["counters"]["health"],
        "character": s["character"],
        "friend": s["friend"],
        "tools": R.tools_made(t),
        "expert": s["expert"],
        "missing": R.quest_missing(t, cat),
    }


# -- the guided setup ---------------------------------------------------------------------------------


def setup_asks(cat: GameCatalog, options: dict):
    quests = tuple((str(c.get("number")), ngettext("{name} ({n} days)", "{name} ({n} days)", c.get("duration"))
                    .format(name=c.name, n=c.get("duration"))) for c in cat.deck("quests").cards)
    yield "quest", Ask(_(ASKS["quest"]), "choice", choices=quests, default="1")
    yield "expert", Ask(_(ASKS["expert"]), "choice", choices=(("none", _("none")), ("1", _("1: four-health side")),
                                                           ("2", _("2: no friend until crafted")), ("1,2", _("both"))),
                        default="none")
    chars = tuple((c.id, c.name) for c in cat.characters.values())
    yield "character", Ask(_(ASKS["character"]), "choice", choices=chars, default="hunter")
    ch = cat.characters[options.get("character", "hunter")]
    expert = EXPERT.get(str(options.get("expert", "none")), ())
    yield "health", Ask(_(ASKS["health"]), "number", lo=1, hi=9,
                        default=ch.get("expert_health") if 1 in expert else ch.get("health"))
    yield "power", Ask(_(ASKS["power"]), "number", lo=0, hi=9, default=ch.get("power"))
    friends = tuple((c.id, c.name) for c in cat.deck("friends").cards)
    yield "friend", Ask(_(ASKS["friend"]), "choice", choices=friends, default="jack")
    yield "tools", Ask(_(ASKS["tools"]), "choice",
                       choices=(("all", _("all of them")), ("first", _("the first-game four: Basket, Bed, Stone Knife, Rope"))),
                       default="all")


def setup_answer(cat: GameCatalog, options: dict, key: str, answer) -> None:
    options[key] = str(answer)
    if key == "tools":
        quest = _quest(cat, options.get("quest"))
        needs = [n.split(":", 1)[1] for n in cat.deck("quests").card(quest).get("needs") if n.startswith("tool:")]
        if options["tools"] == "first":
            options["tools"] = ",".join(["first", *needs])


def check(t: Table, action, cat: GameCatalog) -> None:
    """Every correction is accepted (the table is the source of truth): a phase set by hand puts the day at
    the start of that phase (correct.reconcile, after the action); the date (set, move, the generic `next`)
    moves the date disc and the day goes on where it stands. The procedures check their place when they run.
    Only the phase words that are not parts of a day are refused, as a wrong value: the game ends with `end`."""
    from ...actions import SetValue

    if isinstance(action, SetValue) and str(action.target).strip().lower() == "phase" and action.value in ("setup", "over"):
        raise RuleError(_("phase {value!r} is no part of a day: accepted: morning, afternoon, evening; a game is ended, not set over")
                        .format(value=action.value), next=Next("end"))
    return None
