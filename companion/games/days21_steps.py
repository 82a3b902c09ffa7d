"""21 Days: what the guided game says and asks at each task of the day (guide.Step), and the action
each answer makes. The same actions the single commands record; nothing here changes the table.
"""

from __future__ import annotations

from ..catalog import GameCatalog
from ..guide import Ask, Step
from ..table import Table
from . import days21_abilities as ab
from . import days21_attacks as at
from . import days21_events as ev
from . import days21_flow as fl
from . import days21_locations as lo
from .days21_core import ROLL, d21, day, flow, hope, is_scruffs, living, name, seat_of, survivor, task

GO = Ask("Enter to go on")
PHASE = {"setup": "Setup", "weather": "Weather", "weather-board": "Weather", "shark": "Shark phase",
         "morning": "Morning", "midday": "Midday", "evening": "Evening", "attack": "Attack", "end": "Night",
         "exhaustion": "Day 21", "rosina": "Day 21", "day21": "Day 21", "harvest": "Evening"}


def _r(answer) -> str:
    return ROLL if answer in (None, "") else answer


def _who(t: Table, cat: GameCatalog, seats) -> tuple:
    return tuple((s, name(t, cat, s)) for s in seats)


def token_ask(t: Table, cat: GameCatalog, among, prompt: str) -> Ask:
    return Ask(prompt + " (Enter drops them virtually)", "choice",
               choices=((ROLL, "drop virtually"), *_who(t, cat, among)), default=ROLL)


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    f = flow(t)
    phase = PHASE.get((task(t) or {}).get("do"), "Midday")
    head = f"Day {day(t)}"
    if f.get("wound"):
        w = f["wound"]
        return Step(head + " · " + phase, "Pjotr", f"{name(t, cat, w['seat'])} was just wounded by the {w['why']}: "
                    "Pjotr may cancel that for 2 hope.", Ask("Does Pjotr cancel it?", "confirm", default=False),
                    lambda a: at.PjotrCancel(bool(a)))
    aw = f.get("await")
    if aw:
        return Step(head + " · " + phase, "Colour tokens", "Put the colour tokens of " + ", ".join(aw["among"]) +
                    " in a hand and drop one without looking.", token_ask(t, cat, aw["among"], "Whose token fell?"),
                    lambda a: at.ColourToken(a))
    q = task(t)
    if q is None:
        return None
    build = BUILD.get(q["do"])
    title, say, ask, make = build(t, cat, q)
    if ask.kind in ("dice", "text"):
        uses = usable(t, cat)
        if uses:
            say += "\n  (abilities now: " + ", ".join(uses) + "; type e.g. 'use " + uses[0] + "' first if you want one)"
        make = _with_use(t, cat, make)
    return Step(f"{head} · {PHASE.get(q['do'], 'Midday')}", title, say, ask, make)


# -- abilities and die changes typed at any dice or text question: 'use ...' -------------------------


def usable(t: Table, cat: GameCatalog) -> list[str]:
    """The abilities a 'use ...' answer could call on right now (special hope tokens are always accepted)."""
    x = d21(t)
    out = []
    for s in living(t):
        who = survivor(t, s)
        if who == "maya" and hope(t, s) >= 2 and "maya" not in x.get("today", []):
            out.append("maya SEAT")
        if who == "aleta" and hope(t, s) >= 2 and t.visible(s) >= 4:
            out.append("aleta")
        if who == "mechanic" and t.deck("bottle")["held"].get(s) and hope(t, s) >= 1:
            out.append("mechanic SEAT")
        tok = x.get("ability", {}).get(s)
        if tok and not tok["used"] and tok["id"] in ("reroll", "strength4", "swap-seats"):
            out.append(f"token {s}" + (" SEATS" if tok["id"] != "reroll" else ""))
    if str(x.get("swap") or "").startswith("dolphin") and not flow(t).get("shark") and not flow(t).get("fight"):
        out.append("dolphin SEAT FACE")
    if (x.get("scruffs") or {}).get("active"):
        out.append("scruffs")
    return out


def use_action(t: Table, cat: GameCatalog, text: str):
    from ..errors import UsageError

    bits = str(text).split()[1:]
    what = bits[0].lower() if bits else ""
    rest = bits[1:]
    if what in ("maya", "mechanic"):
        return ab.Ability(what, to=rest[0] if rest else None)
    if what == "aleta":
        return ab.Ability("aleta")
    if what == "pastor" and len(rest) >= 2:
        return ab.Ability("pastor", source=rest[0], to=rest[1], n=int(rest[2]) if len(rest) > 2 and rest[2].isdigit() else 1)
    if what == "dolphin" and rest:
        face = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else None
        return ab.Dolphin(rest[0], face)
    if what == "special" and len(rest) == 2:
        return ab.SpecialHope(rest[0], rest[1])
    if what == "token" and rest:
        return ab.FlipToken(rest[0], ",".join(rest[1:]) or None)
    if what == "scruffs":
        return ab.ScruffsUse()
    raise UsageError(f"{text!r}: accepted: use maya SEAT, use aleta, use mechanic SEAT, use pastor FROM TO N, "
                     "use dolphin SEAT FACE, use special SEAT TOKEN, use token SEAT [SEATS], use scruffs")


def _with_use(t, cat, make):
    def wrapped(answer):
        if isinstance(answer, str) and answer.strip().lower().startswith("use "):
            return use_action(t, cat, answer)
        return make(answer)
    return wrapped


# -- one builder per task: returns (title, say, ask, make) ------------------------------------------


def _setup(t, cat, q):
    x = d21(t)
    lines = ["Build the logbook: 7 week-1 cards on top, then the 6 week-2 cards shuffled with its mandatory card,"
             " then week 3 (put one of the 3 mandatory cards back in the box unseen, shuffle the other 2 with 4"
             " week-3 cards), the 21st-day card last: 21 cards. Turn up the first card.",
             f"Rescue ship on space {t.data['tracks']['ship']} ({t.data['options'].get('difficulty', 'orange')}); "
             f"shark card at {t.data['tracks']['shark']}; 6 planks; 8 tentacles coloured side up; decks shuffled.",
             "Swap location: " + cat.deck("swap").card(x["swap"].split(":")[0]).name + "."]
    for seat in t.seats:
        v = t.seat_values(seat)
        tok = x["ability"].get(seat)
        lines.append(f"{name(t, cat, seat)}: strength {'/'.join(map(str, v['strength']))}, hope {v.get('hope', 0)}"
                     + (f", ability token: {tok['id']}" if tok else "") + f", raft spot {_spot(t, seat)}.")
    if x.get("weather") is not None:
        lines.append("Weather board beside the board, cloud token on its start.")
    if x.get("kite") is not None:
        lines.append("Kite: compass token on the board, the 5 suitcases face down.")
    return "Set up the table", "\n  ".join(lines), Ask("Is the table set up like this?", "confirm", default=True), \
        lambda a: fl.SetupDone()


def _spot(t, seat):
    return next((sp for sp, s in d21(t)["raft"].items() if s == seat), "-")


def _weather(t, cat, q):
    return "Weather die", "Roll the weather die before the shark phase.", Ask("Weather die", "dice", dice=("weather",)), \
        lambda a: ev.Weather(face=_r(a))


def _weather_board(t, cat, q):
    res = cat.rules["weather"]["results"]
    return "Forecast board", "Flick the cloud token; what does its red dot cover? It takes effect tomorrow.", \
        Ask("The cloud covers", "choice", choices=tuple((r, r) for r in res), default="none"), \
        lambda a: ev.Weather(result=a)


def _weather_effect(t, cat, q):
    sym = q["sym"]
    return f"Weather: {'+1' if sym == 'plus1' else '-1'} strength", "Yesterday's forecast: one survivor of your choice.", \
        Ask("Which survivor?", "choice", choices=_who(t, cat, living(t))), lambda a: ev.Symbol(sym, to=a)


def _shark(t, cat, q):
    n = t.data["tracks"]["shark"]
    say = ("The sharks attacked yesterday: the card stays where it is today." if d21(t).get("just_attacked")
           else f"The starting player slides the shark card one step closer ({n} → {max(1, n - 1)}).")
    if seat_of(t, "pfennig"):
        say += " Herr Pfennig gains 1 hope if the sharks are then at 4 or 5."
    return "Sharks", say, GO, lambda a: at.SharkPhase()


ICON = {"two-hope": "2 hope tokens", "reshuffle": "clasped hands", "swap-choice": "compass with ?",
        "swap-new": "compass", "all-plus1": "+1 heart", "all-minus1": "-1 heart", "colour-plus2": "+2 for a colour",
        "shared-loss": "-2/-3 shared", "skip-day": "logbook -1", "ship-left": "ship ←", "ship-right": "ship →",
        "disaster": "warning triangle", "no-fishing": "broken rod", "steal-die": "octopus takes a die"}


def _symbols(section):
    def build(t, cat, q):
        known = [(k, f"{k} ({ICON[k]})" if k in ICON else k) for k in cat.rules["symbols"] if k != "source"]
        return (f"Logbook: {section}", f"Which symbols does today's logbook card show in its {section} part?"
                " Pick them in the card's order (left to right, top to bottom): numbers or names, e.g. 1,12;"
                " Enter or - for none. (castaway symbols explains each.)",
                Ask("Symbols", "choice", multiple=True, choices=tuple(known), default="-"),
                lambda a: ev.LogbookSymbols(section, tuple(a or ())))
    return build


def _midday(t, cat, q):
    return "Logbook: midday", "What does the midday part show? Usually the Esperanza emblem (placement).", \
        Ask("Midday symbols", "choice", multiple=True, default="places", choices=(
            ("places", "Esperanza emblem: place and activate"), ("octopus", "octopus: the starting player's die on the Octopus"),
            ("no-fishing", "broken fishing rod"))), lambda a: ev.LogbookSymbols("midday", tuple(a or ()))


def _sym(t, cat, q):
    s = q["sym"]
    text = cat.rules["symbols"].get(s, s)
    people = [x for x in living(t) if not is_scruffs(t, x)]
    if s == "two-hope":
        return "Two hope", text, Ask("Who gets them (one survivor takes both)?", "choice", multiple=True,
                                     choices=_who(t, cat, people)), lambda a: ev.Symbol(s, to=",".join(a))
    if s == "swap-choice":
        ids = [c.id for c in cat.deck("swap").cards]
        return "Swap location", text, Ask("Which token?", "choice", choices=tuple(
            (i, cat.deck("swap").card(i).name) for i in ids)), lambda a: ev.Symbol(s, token=a)
    if s == "swap-new":
        return "Swap location", text, Ask("Token turned up (Enter: drawn virtually)", "choice", default=ROLL, choices=(
            (ROLL, "draw virtually"), *((c.id, c.name) for c in cat.deck("swap").cards))), lambda a: ev.Symbol(s, token=a)
    if s == "colour-plus2":
        return "+2 strength", text, Ask("Which colour is shown?", "choice", choices=_who(t, cat, living(t))), \
            lambda a: ev.Symbol(s, to=a)
    if s == "shared-loss":
        return "Strength lost", text, Ask("Who loses each point? e.g. red,blue or red,red,blue", "text"), \
            lambda a: ev.Symbol(s, to=a)
    return cat.rules["symbols"].get(s, s).split(":")[0].capitalize(), text, GO, lambda a: ev.Symbol(s)


def _token(t, cat, q):
    among = at.pick_among(t)
    why = {"jellyfish": "who falls into the jellyfish", "paranoia": "whom Paranoia strikes",
           "steal-die": "whose die the octopus steals"}.get(q.get("for"), "who")
    return "Colour tokens", f"Drop the colour tokens to pick {why}.", token_ask(t, cat, among, "Whose token fell?"), \
        lambda a: at.ColourToken(a)


def _jelly(t, cat, q, dive=False):
    j = flow(t).get("jelly") or {}
    seat = q.get("seat")
    if "card" not in j:
        return ("Jellyfish card", "Draw the top jellyfish card and lay it by the raft."
                + (f" {name(t, cat, seat)} pays 2 hope to dive." if dive else ""),
                Ask("Card drawn: Enter draws virtually; or its id (swarm-a) or its four challenges like >1,>2,<3,<4", "text",
                    default=ROLL), lambda a: at.Jellyfish(who=seat, card=_r(a), swim=False, dive=dive))
    ch = ", ".join(f"{o}{n}" for o, n in j["challenges"])
    return "Swim", f"{name(t, cat, j['who'])} swims back with the placement die: {ch}; each miss costs 1 strength.", \
        Ask("The four swim rolls", "dice", dice=("placement",) * 4), lambda a: at.Jellyfish(faces=_r(a), dive=dive)


def _shark1(t, cat, q):
    fin = 1 if q["do"] == "shark-1" else 6
    return f"Shark {fin}", f"Shark {fin} bites once: roll the shark die, only the inner die counts.", \
        Ask("Shark die (outer/inner)", "dice", dice=("shark",)), lambda a: at.SharkBite(fin, a)


def _plank(t, cat, q):
    return "Plank lost", "Roll a die: even, a plank by the flares drifts off; odd, one by the bottle.", \
        Ask("Plank die", "dice", dice=("d6",)), lambda a: at.PlankLoss(a)


def _disaster(t, cat, q):
    dz = flow(t).get("disaster") or {}
    if "card" not in dz:
        return "Disaster", "The starting player shuffles the disaster deck and draws a card.", \
            Ask("Card drawn (Enter draws virtually, or its id)", "text", default=ROLL), lambda a: ev.Disaster(card=_r(a))
    spec = cat.deck("disaster").card(dz["card"].split(":")[0])
    cost = spec.get("avert")
    return "Avert the disaster?", f"{spec.name}: " + (f"pay {cost} hope together to avert it." if cost else "no price shown.") + \
        " Type who pays (red=1,blue=1), 'token:SEAT' for a cancel-disaster ability token, or Enter to let it happen.", \
        Ask("Avert", "text", default="no"), lambda a: ev.Disaster(avert=a)


def _paranoia(t, cat, q):
    p = flow(t).get("paranoia") or {}
    if "face" not in p:
        who = p.get("who") or flow(t).get("picked")
        return "Paranoia", f"{name(t, cat, who) if who else 'The victim'} rolls their placement die: that much strength is lost.", \
            Ask("Paranoia die", "dice", dice=("placement",)), lambda a: at.Paranoia(face=_r(a))
    seat = p["who"]
    most = min(p["face"], hope(t, seat))
    return "Paranoia", f"{name(t, cat, seat)} rolled {p['face']}: they may pay their own hope, 1 per point.", \
        Ask("Hope paid", "number", lo=0, hi=most, default=0), lambda a: at.Paranoia(pay=a)


def _steal(t, cat, q):
    return "The octopus steals", "The octopus takes one strength die for good.", GO, lambda a: at.StealDie()


def _scruffs(t, cat, q):
    sc = d21(t)["scruffs"]
    cur = sc.get("drawn")
    if cur is None:
        return "Scruffs", "Scruffs is strong (5-6): take the top Scruffs token.", \
            Ask("Token (Enter draws virtually; or its id; 'skip' takes none)", "text", default=ROLL), \
            lambda a: ab.ScruffsToken(skip=True) if a == "skip" else ab.ScruffsToken(card=_r(a))
    base = cur.split(":")[0]
    if base not in sc.get("needs", {}):
        return "Scruffs", f"Token: {cat.deck('scruffs').card(base).name}.", \
            Ask("Which numbers are printed on it (e.g. 5,6)?", "text"), lambda a: ab.ScruffsToken(needs=a)
    return "Scruffs", f"Roll the Scruffs die: {','.join(map(str, sc['needs'][base]))} wins the token.", \
        Ask("Scruffs die", "dice", dice=("green",)), lambda a: ab.ScruffsToken(face=_r(a))


def _place(t, cat, q):
    seat = q["seat"]
    opts = fl.available(t, cat, seat)
    placed = flow(t).get("placements", [])
    now = "; ".join(f"{s} on {loc}" for s, loc in placed) or "nothing yet"
    white = " (the white die of Extra hands, or none)" if q.get("extra") else ""
    return f"Placement: {seat}", f"{name(t, cat, seat)} places their die{white}. On the board: {now}.", \
        Ask("Where?", "choice", choices=tuple((o, fl.NAMES[o]) for o in opts)), \
        lambda a: fl.Place(seat, a, bool(q.get("extra")))


def _activate(t, cat, q):
    return "Activation", "All dice are placed: roll them location by location, in board order.", GO, lambda a: fl.Activate()


def _octopus(t, cat, q):
    return "Octopus", "The starting player rolls the octopus die: blank sleeps, any tentacle wakes it.", \
        Ask("Octopus die", "dice", dice=("octopus",)), lambda a: at.Octopus(_r(a))


def _magnusson(t, cat, q):
    face = (flow(t).get("octopus") or {}).get("face")
    return "The Professor", f"The octopus die shows {face}. Prof. Magnusson may reroll it once for 2 hope.", \
        Ask("Reroll?", "confirm", default=False), lambda a: ab.MagnussonReroll(bool(a))


def _tentacle(t, cat, q):
    fight = flow(t).get("fight") or {}
    i = fight.get("i", 0) + 1
    if fight.get("victim"):
        v = fight["victim"]
        return f"Tentacle {i} of {fight['of']}", f"{name(t, cat, v)} defends with their placement die against {fight['white']}: " \
            "lower loses 1 strength, equal escapes, higher cuts the tentacle.", \
            Ask("Defence roll", "dice", dice=("placement",)), lambda a: at.Tentacle(white=None, token=None, defence=_r(a))
    strengths = ", ".join(f"{s} {t.visible(s)}" for s in living(t))
    return f"Tentacle {i} of {fight.get('of', t.data['counters']['tentacles'])}", \
        f"Roll the white die: it grabs whoever shows that visible strength ({strengths}).", \
        Ask("White die", "dice", dice=("white",)), lambda a: at.Tentacle(white=_r(a), token=None, defence=None)


def _dice_loc(kind, what, action):
    def build(t, cat, q):
        seats = [s for s, loc in flow(t).get("placements", []) if loc == kind and s in living(t)]
        if q.get("seat"):
            seats = [q["seat"]]
        return what, f"Roll the dice on {fl.NAMES[kind]}: " + ", ".join(name(t, cat, s) for s in seats) + ".", \
            Ask(f"{what} dice ({', '.join(seats)})", "dice", dice=("placement",) * max(1, len(seats))), \
            lambda a: action(q, a)
    return build


def _swap(t, cat, q):
    token = (d21(t).get("swap") or "").split(":")[0]
    seats = [s for s, loc in flow(t).get("placements", []) if loc == "swap" and s in living(t)]
    if token == "bottle-swap":
        return "Swap: Bottle", f"{', '.join(seats)} takes the top bottle card, then plays one.", \
            Ask("Card drawn (Enter draws virtually, or its id)", "text", default=ROLL), lambda a: lo.Swap(card=_r(a))
    if token == "flare-swap":
        return "Swap: Flare", f"{', '.join(seats)} pays {cat.rules['flare']['swap_cost']} hope and fires up to 3 flares.", \
            Ask("Three flare dice", "dice", dice=("placement",) * cat.rules["flare"]["swap_rolls"]), lambda a: lo.Swap(faces=_r(a))
    return _dice_loc("swap", "Swap location", lambda q, a: lo.Swap(faces=_r(a)))(t, cat, q)


def _horvath(t, cat, q):
    return "Horvath", "Horvath may fire another flare for 2 hope.", \
        Ask("His die, or 'stop'", "dice", dice=("placement",)), \
        lambda a: lo.HorvathFlare(stop=True) if a and str(a).strip().lower() == "stop" else lo.HorvathFlare(_r(a))


def _card(t, cat, q):
    seat = q["seat"]
    held = t.deck("bottle")["held"].get(seat) or []
    cards = tuple((c, cat.deck("bottle").card(c.split(":")[0]).name) for c in held)
    if any(c.startswith("four-flares") for c in held) and len(held) == 1:
        return "Bottle card", f"{name(t, cat, seat)} may play Four flares: roll 4 dice (or type 'keep').", \
            Ask("Four flares", "dice", dice=("d6",) * 4), \
            lambda a: lo.PlayCard(seat, keep=True) if a == "keep" else lo.PlayCard(seat, faces=_r(a))
    choices = cards + ((("keep", "keep it for later"),) if len(held) == 1 else ())
    return "Bottle card", f"{name(t, cat, seat)} may play a bottle card.", Ask("Play which?", "choice", choices=choices), \
        lambda a: lo.PlayCard(seat, keep=True) if a == "keep" else lo.PlayCard(seat, card=a)


def _tomi(t, cat, q):
    return "Tomi", "Tomi may catch one more fish for 2 hope.", \
        Ask("For whom?", "choice", choices=(("no", "no extra fish"), *_who(t, cat, living(t))), default="no"), \
        lambda a: ab.Ability("tomi", to=a)


def _kid(t, cat, q):
    k = flow(t).get("kid")
    if k is None:
        return "The Kid", "The Kid rolls his die: 1-2 nothing, 3-4 he loses 1 strength, 5-6 a choice.", \
            Ask("The Kid's die", "dice", dice=("placement",)), lambda a: lo.Kid(face=_r(a))
    return "The Kid", f"The Kid rolled {k['face']}: choose.", Ask("Choice", "choice", choices=(
        ("cancel-disaster", "cancel today's disaster"), ("strength", "+2 strength for the Kid"),
        ("skip-page", "remove the next logbook page"))), lambda a: lo.Kid(choice=a)


def _plant(t, cat, q):
    return "The plant", "Slide the plant card up a step and put fruit (hope from the bag) on it.", GO, lambda a: fl.PlantGrow()


def _harvest(t, cat, q):
    p = d21(t).get("plant") or {}
    if p.get("days", 0) < 3:
        return "The plant", "Not ripe yet.", GO, lambda a: fl.PlantGrow(harvest=True)
    return "Harvest", "The plant is ripe: 3 hope and 2 strength. Type hope receivers; strength receivers (e.g. red,red,blue; yellow,blue), or Enter.", \
        Ask("Share", "text", default=";"), lambda a: fl.PlantGrow(True, *(str(a).split(";") + [""])[:2])


def _attack(t, cat, q):
    if t.data["tracks"]["shark"] != 1 or day(t) >= 21:
        return _end(t, cat, q)
    sh = flow(t).get("shark") or {"bite": 0}
    spots = ", ".join(f"{sp}: {s or 'empty'}" for sp, s in d21(t)["raft"].items())
    return f"Shark attack, bite {sh['bite'] + 1} of 4", "The starting player rolls the shark die: the outer face picks " \
        f"the shark fin (raft {spots}), the inner face is the bite's strength; it wounds if above the visible strength.", \
        Ask("Shark die (outer/inner)", "dice", dice=("shark",)), lambda a: at.SharkAttack(faces=a)


def _end(t, cat, q):
    return "End of the day", "Pass the starting player token clockwise; the next logbook page comes up.", GO, \
        lambda a: fl.EndDay()


def _exhaustion(t, cat, q):
    return "Exhaustion", "Day 21: every survivor loses 1 strength from exhaustion. No placements, no shark attack.", GO, \
        lambda a: ab.Day21("exhaustion")


def _rosina(t, cat, q):
    seat = seat_of(t, "rosina")
    return "Rosina", "Rosina alone may activate one location now.", Ask("Which location?", "choice", default="skip", choices=(
        ("flare", "Flare"), ("hope", "Hope"), ("fishing", "Fishing"), ("skip", "none"))), \
        lambda a: ab.Day21("rosina", seat, where=a) if a != "skip" else ab.Day21("pass")


def _day21(t, cat, q):
    opts = []
    for s in living(t):
        if is_scruffs(t, s):
            continue
        if hope(t, s) >= cat.rules["day21"]["flare_cost"]:
            opts.append(f"flare {s}")
        if hope(t, s) == 0:
            opts.append(f"shout {s}")
        if survivor(t, s) == "diva" and hope(t, s) >= 1:
            opts.append("diva")
        if d21(t).get("kite") and hope(t, s) >= 2:
            opts.append(f"kite {s}")
        tok = d21(t)["ability"].get(s)
        if tok and tok["id"] == "hope21" and not tok["used"]:
            opts.append(f"token {s}")
    opts.append("end")
    ship = t.data["tracks"]["ship"]
    return "Call the ship", f"The ship is on {ship}, the buoy on {lo.anchor(cat) + 1}. Flares cost 2 hope, shouts 2 strength" \
        " (only without hope); a 6 moves the ship. Add the face you rolled, or leave it out to roll virtually.", \
        Ask("What now? " + " | ".join(opts), "text"), lambda a: parse_day21(t, cat, a)


def parse_day21(t, cat, text: str):
    from ..errors import UsageError

    bits = str(text).split()
    what = bits[0].lower() if bits else ""
    if what == "end":
        return ab.Day21("end")
    if what == "token":
        return ab.FlipToken(bits[1] if len(bits) > 1 else "")
    if what == "diva":
        return ab.Day21("diva", seat_of(t, "diva"), bits[1] if len(bits) > 1 else None)
    if what in ("flare", "shout", "kite") and len(bits) >= 2:
        return ab.Day21(what, bits[1], bits[2] if len(bits) > 2 else None)
    raise UsageError(f"{text!r}: write e.g. 'flare red', 'flare red 6', 'shout blue', 'diva', 'kite red', 'token red' or 'end'")


BUILD = {
    "setup": _setup, "weather": _weather, "weather-board": _weather_board, "weather-effect": _weather_effect,
    "shark": _shark, "morning": _symbols("morning"), "midday": _midday, "evening": _symbols("evening"),
    "sym": _sym, "token": _token, "jellyfish": _jelly, "dive": lambda t, c, q: _jelly(t, c, q, dive=True),
    "shark-1": _shark1, "shark-6": _shark1, "plank": _plank, "disaster": _disaster, "paranoia": _paranoia,
    "steal-die": _steal, "scruffs": _scruffs, "place": _place, "activate": _activate, "octopus": _octopus,
    "magnusson": _magnusson, "tentacle": _tentacle,
    "flare": _dice_loc("flare", "Flares", lambda q, a: lo.Flare(faces=_r(a))),
    "receive": _dice_loc("receive", "Bottle: receive", lambda q, a: lo.Bottle("receive", q.get("seat"), _r(a))),
    "play": _dice_loc("play", "Bottle: play", lambda q, a: lo.Bottle("play", q.get("seat"), _r(a))),
    "swap": lambda t, c, q: _swap(t, c, q),
    "hope": _dice_loc("hope", "Hope", lambda q, a: lo.Hope(faces=_r(a))),
    "fishing": _dice_loc("fishing", "Fishing", lambda q, a: lo.Fishing(face=_r(a))),
    "plank-spot": _dice_loc("plank", "Plank location", lambda q, a: lo.PlankSpot(_r(a))),
    "horvath": _horvath, "card": _card, "tomi": _tomi, "kid": _kid, "plant": _plant, "harvest": _harvest,
    "attack": _attack, "end": _end, "exhaustion": _exhaustion, "rosina": _rosina, "day21": _day21,
}
