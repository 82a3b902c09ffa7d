"""Robinson Crusoe: where the game's own state lives, and the parsers shared by the CLI and the guide.

Layout (besides the generic tracks/counters/flags of decks/robinson/):
  t.data["rc"]    rounds, first (index of the First Player's seat), friday, dog, arrange_card,
                  threat [left, right] (None or {"name", "pawns", "icon"}), items [{"name", "uses"}]
                  (uses None: a built Item), future_items, terrains, tiles {number: {...}}, camp,
                  plan [{what, arg, by, helper, pay, cost, done}], weather (schedule or None)
  t.data["flow"]  where the round stands: {"step": ..., and what that step needs}
"""

from __future__ import annotations

import re
import textwrap

from ...catalog import GameCatalog
from ...errors import RuleError, UsageError, did_you_mean
from ...i18n import N_, _, retranslate
from ...table import Table
from . import rules as R

SHARED = ("food", "wood", "fur", "palisade")  # short of these: one wound for each player per piece
PLAN_WORDS = ("threat-left", "threat-right", "hunt", "shelter", "roof", "palisade", "weapon", "item",
              "gather", "explore", "arrange", "rest")
HELPERS = ("friday", "dog", "extra")
EVENT_KINDS = ("adventure", "mystery", "book", "build", "gather", "explore")
# each planned action's name as the board prints it; its number in the planning menu is its place here + 1
ACTION = {"threat-left": N_("Threat Action (left card)"), "threat-right": N_("Threat Action (right card)"),
          "hunt": N_("Hunting"), "shelter": N_("Shelter"), "roof": N_("Roof"), "palisade": N_("Palisade"),
          "weapon": N_("Weapon"), "item": N_("Invention into an Item"), "gather": N_("Gathering Resources"),
          "explore": N_("Exploration"), "arrange": N_("Arranging the Camp"), "rest": N_("Rest")}
RESOURCE = {"food": N_("food"), "wood": N_("wood"), "fur": N_("furs")}
# The catalog's names of the tracks, counters and dice (decks/robinson/), which the guided game shows
# through _() (what an action changed, what a dice question accepts, the board): marked here so that the
# translation catalog holds them (the Robinson catalog's other texts, from an English rulebook, are not).
CATALOG_NAMES = (
    N_('Round'),
    N_('Morale'),
    N_('Weapon level'),
    N_('Roof level'),
    N_('Palisade level'),
    N_('Food'),
    N_('Non-perishable food'),
    N_('Wood'),
    N_('Furs'),
    N_('Discovery tokens kept'),
    N_('Future food'),
    N_('Future wood'),
    N_('Future furs'),
    N_('Future discovery tokens'),
    N_('Food sources on the camp tile'),
    N_('Wood sources on the camp tile'),
    N_('Beast cards in the Hunting deck'),
    N_('Cards in the Event deck'),
    N_('Rain cloud tokens in the Weather space'),
    N_('Winter cloud tokens in the Weather space'),
    N_('Storm tokens in the Weather space'),
    N_('Additional pawns'),
    N_("Friday's wounds"),
    N_('Wounds'),
    N_('Determination'),
    N_('Rain weather die'),
    N_('Winter weather die'),
    N_('Hungry Animals weather die'),
    N_('Building success die'),
    N_('Building wound die'),
    N_('Building adventure die'),
    N_('Gathering success die'),
    N_('Gathering wound die'),
    N_('Gathering adventure die'),
    N_('Exploration success die'),
    N_('Exploration wound die'),
    N_('Exploration adventure die'),
)


# Sentences and names the state keeps in English (old logs replay to the same state); shown through
# shown() in the table's language.
UNNAMED_EVENT = N_("event (round {n})")
LOST_ROUNDS = N_("round {rnd} of {rounds} ended without the scenario goal")
GOAL_MET = N_("the scenario goal is met")
STARTING_ITEMS = (N_("Starting Item A"), N_("Starting Item B"))


def shown(text: str) -> str:
    """A name or sentence from the state as the table reads it (see UNNAMED_EVENT above)."""
    if text in STARTING_ITEMS or text == GOAL_MET:
        return _(text)
    return retranslate(text, (UNNAMED_EVENT, LOST_ROUNDS))


def over_reason(t: Table, cat: GameCatalog, over: dict) -> str:
    """Why the game ended, in the table's language (the state keeps the English words)."""
    if over.get("dead") in t.seats:
        return _("{name} died").format(name=who(t, cat, over["dead"]))
    return shown(over.get("reason", ""))


def rc(t: Table) -> dict:
    return t.data["rc"]


def flow(t: Table) -> dict:
    return t.data["flow"]


def where(t: Table) -> str:
    """Where the round stands: phase/step."""
    return f"{t.data['flags']['phase']}/{flow(t).get('step')}"


def expect(t: Table, *steps: str) -> None:
    """Refuse an action the round is not at."""
    if where(t) not in steps:
        raise RuleError(_("that is not where the round stands: now {now}; castaway rc next says what to do").format(now=where(t)))


WIDTH = 78  # the guided game's lines fit an 80-column terminal
NBSP = "\u00a0"  # a space where fit() never breaks a line


def say(lines: list[str]) -> dict:
    """An action's result: what happened, its parts packed into lines that fit the terminal (a part never
    split across two lines unless it is longer than a line on its own)."""
    rows: list[str] = []
    for part in (x for x in lines if x):
        for piece in textwrap.wrap(part, WIDTH - 4, break_long_words=False, break_on_hyphens=False) or [part]:
            if rows and len(rows[-1]) + 2 + len(piece) <= WIDTH - 4 and piece == part:
                rows[-1] += "; " + piece
            else:
                rows.append(piece)
    return {"say": "\n    ".join(rows)}


def fit(text: str, lead: int = 0) -> str:
    """A text wrapped to the terminal's width: its first line starts `lead` columns in (after a title),
    each later line and paragraph ('\n') two columns in."""
    out: list[str] = []
    for i, para in enumerate(str(text).split("\n")):
        first = "x" * lead if i == 0 else "  "
        rows = textwrap.wrap(para, WIDTH, initial_indent=first, subsequent_indent="  ", break_long_words=False,
                             break_on_hyphens=False) or [first]
        if i == 0:
            rows[0] = rows[0][lead:]
        out += rows
    return "\n".join(out).replace(NBSP, " ")


def goto(t: Table, phase: str, step: str, **extra) -> None:
    t.data["flags"]["phase"] = phase
    t.data["flow"] = {"step": step, **extra}


def first(t: Table) -> str:
    return t.seats[rc(t)["first"] % len(t.seats)]


def who(t: Table, cat: GameCatalog, seat: str) -> str:
    if seat in HELPERS:
        return cat.characters[seat].name if seat in cat.characters else seat
    c = t.seat_values(seat).get("survivor")
    return cat.characters[c].name if c in cat.characters else seat


def life(t: Table, cat: GameCatalog, seat: str) -> int:
    return int(cat.characters[t.seat_values(seat)["survivor"]].get("life", 12))


def wound(t: Table, seat: str, n: int) -> None:
    if n > 0:
        t.seat_values(seat)["wounds"] += n


def wound_each(t: Table, n: int) -> None:
    for s in t.seats:
        wound(t, s, n)


def heal(t: Table, seat: str, n: int = 1) -> int:
    if seat == "friday":
        c = t.data["counters"]
        healed = min(n, c["friday-wounds"])
        c["friday-wounds"] -= healed
        return healed
    vals = t.seat_values(seat)
    healed = min(n, vals["wounds"])
    vals["wounds"] -= healed
    return healed


def wound_pawn(t: Table, owner: str, n: int) -> None:
    """Wounds for whoever took an action: a player's character, or Friday (his own life track)."""
    if owner == "friday":
        if n > 0:
            t.data["counters"]["friday-wounds"] += n
    else:
        wound(t, owner, n)


def determination(t: Table, owner: str, n: int) -> bool:
    """Determination tokens to whoever took an action; Friday keeps none (castaway's reading: the tokens go
    to a player's own supply). Returns whether they were given."""
    if owner in HELPERS:
        return False
    t.seat_values(owner)["determination"] += n
    return True


def seat_of(t: Table, cat: GameCatalog, name: str) -> str:
    """A seat by colour, character id, or the player's name."""
    key = str(name).strip().lower()
    for seat in t.seats:
        if key and (t.seat_values(seat).get("player") or "").lower() == key:
            return seat
    try:
        return t.resolve_seat(cat, name)
    except UsageError:
        names = [t.seat_values(s).get("player") for s in t.seats if t.seat_values(s).get("player")]
        chars = [t.seat_values(s)["survivor"] for s in t.seats]
        raise UsageError(_("nobody called {name!r} at this table; accepted: {accepted}").format(
            name=name, accepted=", ".join(names + chars + list(t.seats)))) from None


def label(t: Table, cat: GameCatalog, p: dict) -> str:
    """A planned action as the table reads it: 'Gathering Resources: wood (tile 3) · Cook + Friday'."""
    what = p["what"]
    if what.startswith("threat"):
        card = rc(t)["threat"][0 if what == "threat-left" else 1]
        text = _("Threat Action: {card}").format(card=card["name"]) if card else _(ACTION[what])
    elif what == "item":
        text = _("Item: {name}").format(name=p.get("arg"))
    elif what == "gather":
        res, _sep, tile = str(p.get("arg") or "").partition("@")
        text = _(ACTION[what]) + ": " + _(RESOURCE.get(res, res)) + (" " + _("(tile {tile})").format(tile=tile) if tile else "")
    else:
        text = _(ACTION[what])
    pawns = who(t, cat, p["by"]) + (" + " + who(t, cat, p["helper"]) if p.get("helper") else "")
    return f"{text} · {pawns}"


# -- adjustments: what a card changed, typed at the table ----------------------------------------

_ITEM = re.compile(r"^(\S+?)\s*(?:\s|=)\s*([+-]?\d+|half|[a-z]+)$")


def apply_changes(t: Table, cat: GameCatalog, text: str | None, to_future: bool = False) -> list[str]:
    """Apply 'wood -1, cook.wounds +2, roof half, storm-token +1, morale =2, camp-shelter yes'.

    A shared resource or the Palisade that cannot pay is one wound for each player per missing piece,
    determination one wound for its owner (Unfulfilled Demand). In the Action phase resources gained
    go to the Future Resources space (to_future)."""
    lines: list[str] = []
    raw = (text or "").strip()
    if raw in ("", "-", "none", "nothing"):
        return lines
    accepted = _("write NAME +N, NAME -N, NAME =N or NAME half, separated by commas, e.g. 'wood -1, cook.wounds +1'")
    for item in re.split(r"[,;]", raw):
        item = item.strip()
        if not item:
            continue
        m = _ITEM.match(item.lower())
        if not m:
            raise UsageError(_("change {item!r}: {accepted}").format(item=item, accepted=accepted))
        name, op = m.groups()
        if "." in name:  # a player's name works as well as a colour or character
            left, _dot, comp = name.partition(".")
            name = f"{seat_of(t, cat, left)}.{comp}"
        tg = t.resolve(cat, name)
        if tg.kind == "flag":
            if tg.spec.values is not None and op not in tg.spec.values:
                raise UsageError(_("change {item!r}: {name} accepts {values}").format(
                    item=item, name=tg.label, values=", ".join(tg.spec.values)))
            t.put(tg, tg.spec.value(op) if tg.spec.values is not None else op)
            lines.append(f"{tg.label} = {op}")
            continue
        if tg.kind not in ("track", "counter"):
            raise UsageError(_("change {item!r}: {name} cannot be changed this way; {accepted}").format(
                item=item, name=tg.label, accepted=accepted))
        now = t.get(tg)
        if op == "half":
            delta = -R.half_loss(now)
        elif op.startswith(("+", "-")):
            delta = int(op)
        elif op.isdecimal() or op.startswith("-"):
            delta = int(op) - now
        else:
            raise UsageError(_("change {item!r}: {op!r} is not a number; {accepted}").format(item=item, op=op, accepted=accepted))
        if abs(delta) > 1000:
            raise UsageError(_("change {item!r}: {delta:+d} is far too large").format(item=item, delta=delta))
        lines.append(_change(t, cat, tg, delta, to_future))
    return lines


def _change(t: Table, cat: GameCatalog, tg, delta: int, to_future: bool) -> str:
    from ...action_base import check_range

    if tg.kind == "track":
        new = t.get(tg) + delta
        check_range(t, tg, new)
        t.put(tg, new)
        return f"{tg.label} {delta:+d} → {new}"
    cid = tg.spec.id
    if delta > 0 and to_future and cid in ("food", "wood", "fur"):
        t.data["counters"][f"future-{cid}"] += delta
        return _("{res} +{n} to Future Resources (gains of the Action phase wait there)").format(
            res=_(RESOURCE[cid]), n=delta)
    now = t.get(tg)
    lo, hi = t.limits(tg.spec)
    aside = set_aside(t).get(cid, 0) if to_future else 0
    if delta < 0 and aside and now + delta < lo + aside:
        # resources set aside for a planned action stay on it (§ VERY IMPORTANT): a loss takes only the rest
        free = now - aside
        paid = min(free, -delta)
        missing = -delta - paid
        t.put(tg, now - paid)
        if cid in SHARED:
            wound_each(t, missing)
        return _("{res} {delta:+d}: {aside} set aside for planned actions stay; {missing} missing → "
                 "{missing} wound(s) for each player").format(res=cid, delta=delta, aside=aside, missing=missing)
    if delta < 0 and now + delta < lo:
        missing = lo - (now + delta)
        if cid == "food":
            food, nonp, miss = R.eat(now, t.data["counters"]["nonperishable"], -delta)
            t.data["counters"]["food"], t.data["counters"]["nonperishable"] = food, nonp
            wound_each(t, miss)
            return (_("food {delta:+d}: {miss} missing, {miss} wound(s) each") if miss else
                    _("food {delta:+d} (non-perishable used)")).format(delta=delta, miss=miss)
        if cid in SHARED:
            t.put(tg, lo)
            wound_each(t, missing)
            return _("{res} {delta:+d}: {missing} missing → {missing} wound(s) for each player").format(
                res=cid, delta=delta, missing=missing)
        if cid == "determination":
            t.put(tg, lo)
            wound(t, tg.seat, missing)
            return _("{name} {delta:+d}: {missing} missing → {missing} wound(s) to {who}").format(
                name=tg.label, delta=delta, missing=missing, who=who(t, cat, tg.seat))
        raise RuleError(_("{name} is {now}: it cannot go {delta:+d} (lowest {lo})").format(
            name=tg.label, now=now, delta=delta, lo=lo))
    if hi is not None and now + delta > hi:
        raise RuleError(_("{name} {now}{delta:+d} is past its cap of {hi}").format(name=tg.label, now=now, delta=delta, hi=hi))
    t.put(tg, now + delta)
    return f"{tg.label} {delta:+d} → {now + delta}"


# -- planning: 'roof cook+cook fur', 'gather wood 3 explorer', 'item fire carpenter wood=1' --------


def parse_plan(t: Table, cat: GameCatalog, text: str) -> dict:
    """A planned action from its words; raises UsageError saying what is accepted."""
    words = [w for w in str(text).strip().lower().split() if w]
    example = _("e.g. 'roof cook+cook fur', 'explore explorer', 'gather wood 3 carpenter+friday', "
                "'item fire cook wood=1' ('own' for the character's own Invention)")
    if not words:
        raise UsageError(_("empty plan; {example}").format(example=example))
    if words[0].isdecimal() and 1 <= int(words[0]) <= len(PLAN_WORDS):  # the planning menu's own number
        words[0] = PLAN_WORDS[int(words[0]) - 1]
    what = {"left": "threat-left", "right": "threat-right", "weapons": "weapon",
            "hunting": "hunt", "exploration": "explore", "gathering": "gather"}.get(words[0], words[0])
    if what not in PLAN_WORDS:
        raise UsageError(_("plan {text!r}: {word!r} is not an action; accepted: {accepted}").format(
            text=text, word=words[0], accepted=", ".join(f"{i} {w}" for i, w in enumerate(PLAN_WORDS, 1))))
    rest = words[1:]
    arg = None
    if what == "item":
        if not rest:
            raise UsageError(_("plan {text!r}: name the Invention, e.g. 'item fire cook'").format(text=text))
        arg, rest = rest[0], rest[1:]
    elif what == "gather":
        if not rest or rest[0] not in ("food", "wood"):
            raise UsageError(_("plan {text!r}: gather food or wood, e.g. 'gather wood 3 cook' (3: the tile)").format(text=text))
        arg, rest = rest[0], rest[1:]
        if rest and rest[0].isdecimal():
            arg, rest = f"{arg}@{rest[0]}", rest[1:]
    elif what == "explore" and rest and rest[0].isdecimal():
        arg, rest = rest[0], rest[1:]
    if not rest:
        raise UsageError(_("plan {text!r}: say who takes it (a colour or character, '+' for a second pawn); {example}")
                         .format(text=text, example=example))
    by, _plus, helper = rest[0].partition("+")
    pay, cost, own = None, {}, False
    for w in rest[1:]:
        if w == "own" and what == "item":
            own = True
        elif w in ("wood", "fur", "furs"):
            pay = "fur" if w.startswith("fur") else "wood"
        elif "=" in w:
            k, _eq, v = w.partition("=")
            k = "fur" if k == "furs" else k
            if k not in ("wood", "fur", "food") or not v.isdecimal():
                raise UsageError(_("plan {text!r}: cost {cost!r}; accepted: wood=N, fur=N, food=N").format(text=text, cost=w))
            cost[k] = int(v)
        else:
            raise UsageError(_("plan {text!r}: {word!r} is not understood; {example}").format(text=text, word=w, example=example))
    return {"what": what, "arg": arg, "by": by, "helper": helper or None, "pay": pay,
            "cost": ",".join(f"{k}={v}" for k, v in sorted(cost.items())) or None, "own": own}


def pawn_owner(t: Table, cat: GameCatalog, name: str) -> str:
    """A pawn's owner: a seat, or friday / dog / extra."""
    if name in HELPERS:
        return name
    return seat_of(t, cat, name)


def pawns_free(t: Table, owner: str) -> int:
    r = rc(t)
    total = {"friday": 1 if r["friday"] else 0, "dog": 1 if r["dog"] else 0,
             "extra": t.data["counters"]["extra-pawns"]}.get(owner, 2)
    used = sum((p["by"] == owner) + (p.get("helper") == owner) for p in r["plan"])
    return total - used


def cost_of(t: Table, cat: GameCatalog, what: str, pay: str | None, cost: str | None) -> dict[str, int]:
    """Resources a Building action sets aside: wood or furs, never a mix (§ Building)."""
    if what in ("shelter", "roof", "palisade"):
        n = str(len(t.seats))
        table = cat.rules["shelter_cost"]
        pay = pay or ("wood" if t.data["counters"]["wood"] >= table["wood"][n] else "fur")
        return {pay: int(table[pay][n])}
    if what == "weapon":
        return {"wood": int(cat.rules["weapon_cost"]["wood"])}
    if what == "item" and cost:
        return {k: int(v) for k, v in (c.split("=") for c in cost.split(","))}
    return {}


def reserved(t: Table) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in rc(t)["plan"]:
        for k, v in (p.get("reserve") or {}).items():
            out[k] = out.get(k, 0) + v
    return out


def set_aside(t: Table) -> dict[str, int]:
    """Resources set aside for planned actions not yet resolved."""
    out: dict[str, int] = {}
    for p in rc(t)["plan"]:
        if not p.get("done"):
            for k, v in (p.get("reserve") or {}).items():
                out[k] = out.get(k, 0) + v
    return out


def next_entry(t: Table) -> dict | None:
    for p in rc(t)["plan"]:
        if not p.get("done"):
            return p
    return None


def sort_plan(plan: list[dict]) -> list[dict]:
    def key(p):
        kind = "threat" if p["what"].startswith("threat") else "build" if p["what"] in R.BUILDS else p["what"]
        return R.ORDER.index(kind)

    return sorted(plan, key=key)


def kind_of(p: dict) -> str:
    return "threat" if p["what"].startswith("threat") else "build" if p["what"] in R.BUILDS else p["what"]


def needs_dice(p: dict) -> bool:
    return kind_of(p) in ("build", "gather", "explore") and not p.get("helper")


def weather_dice_for(t: Table) -> tuple[str, ...] | None:
    """The dice the scenario card shows for this round, from the schedule given at setup (None: ask)."""
    sched = rc(t).get("weather")
    if sched is None:
        return None
    rnd = t.data["tracks"]["round"]
    dice: tuple[str, ...] = ()
    for start, ds in sched:
        if start <= rnd:
            dice = tuple(ds)
    return dice


def parse_schedule(text: str) -> list[list] | None:
    """'4:rain 7:rain+winter 10:rain+winter+animals' → [[4, [rain]], ...]; '' or 'ask' → None."""
    raw = (text or "").strip().lower()
    if raw in ("", "-", "ask"):
        return None
    out = []
    for part in re.split(r"[\s;]+", raw):
        rnd, _colon, dice = part.partition(":")
        names = [d for d in re.split(r"[+,]", dice) if d and d != "none"]
        if not rnd.isdecimal() or any(d not in ("rain", "winter", "animals") for d in names):
            raise UsageError(_("weather schedule {text!r}: write ROUND:DICE from that round on, e.g. "
                               "'4:rain 7:rain+winter 10:rain+winter+animals' (dice: rain, winter, animals)")
                             .format(text=text))
        out.append([int(rnd), names])
    return sorted(out)


def parse_event(text: str) -> tuple[str, str | None, int | None]:
    """'book Heavy rain 2' / '3 Heavy rain 2' / 'adventure' → (kind, name, pawns)."""
    words = str(text).strip().split()
    if not words:
        raise UsageError(_("empty answer; {accepted}").format(accepted=_(EVENT_HELP)))
    k = words[0].lower()
    if k.isdecimal() and 1 <= int(k) <= len(EVENT_KINDS):
        k = EVENT_KINDS[int(k) - 1]
    if k not in EVENT_KINDS:
        raise UsageError(_("card {text!r}: {word!r}; {accepted}").format(text=text, word=words[0], accepted=_(EVENT_HELP)))
    rest = words[1:]
    pawns = None
    if rest and rest[-1].isdecimal():
        pawns = int(rest[-1])
        rest = rest[:-1]
        if pawns not in (1, 2):
            raise UsageError(_("card {text!r}: a threat action takes 1 or 2 pawns, not {pawns}").format(text=text, pawns=pawns))
    return k, " ".join(rest) or None, pawns


EVENT_HELP = N_("accepted: 1 adventure, 2 mystery (card drawn from the Event deck), or an Event card by its icon: "
              "3 book, 4 build, 5 gather, 6 explore, then optionally its name and its threat action's pawns, "
              "e.g. '3 Heavy rain 2'")


def parse_tile(text: str) -> dict:
    """'5 plains food wood shelter beast mystery d2' → a tile's facts."""
    words = str(text).strip().lower().split()
    accepted = _("write the tile's number, its terrain, then what it shows: food, wood, shelter, beast, "
                 "mystery, and dN for N discovery tokens; e.g. '5 plains food beast d2'")
    if len(words) < 2 or not words[0].isdecimal():
        raise UsageError(_("tile {text!r}: {accepted}").format(text=text, accepted=accepted))
    tile = {"tile": words[0], "terrain": words[1], "food": 0, "wood": 0, "shelter": False, "beast": False,
            "mystery": False, "discoveries": 0}
    for w in words[2:]:
        if w in ("food", "wood"):
            tile[w] += 1
        elif w in ("shelter", "beast", "mystery"):
            tile[w] = True
        elif re.fullmatch(r"d\d", w):
            tile["discoveries"] = int(w[1:])
        else:
            raise UsageError(_("tile {text!r}: {word!r} is not understood; {accepted}").format(text=text, word=w, accepted=accepted))
    return tile


def check_names(t: Table, cat: GameCatalog, names: list[str]) -> list[str]:
    out = []
    for n in names:
        s = seat_of(t, cat, n)
        if s in out:
            raise UsageError(_("{name!r} is named twice").format(name=n))
        out.append(s)
    return out


def characters_for(cat: GameCatalog, n: int) -> list[str]:
    """The characters a game of n players draws from (§ Setup: 2 players only Carpenter, Cook, Explorer)."""
    pool = [c.id for c in cat.characters.values() if c.role == "player"]
    if n == 2:
        pool = [c for c in pool if cat.characters[c].get("duo")]
    return sorted(pool)


def unknown_character(cat: GameCatalog, name: str) -> UsageError:
    return UsageError(_("character {name!r}; ").format(name=name) + did_you_mean(name, characters_for(cat, 4)))
