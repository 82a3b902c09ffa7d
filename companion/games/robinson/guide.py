"""Robinson Crusoe, guided: from the table's state alone, what happens next and which action an answer makes.

Every step records the same action the single procedure commands record, except planning, which
takes several planned actions in one answer (RcPlans). A step that decides nothing asks nothing (the loop
does it at once: Robinson's Game goes on alone) unless it can cost a player's character their life: then
it says who would die and pauses. Menus keep one number for one thing all game.
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog import GameCatalog
from ...guide import Ask, Step
from ...i18n import N_, _, ngettext
from ...table import Table
from . import action_phase as B
from . import event_deck as E
from . import held_dice as H
from . import phases as A
from . import rules as R
from .event_deck import is_draw
from .phases import EVENT, WEATHER_DIE
from .plan import PLAN_WORDS, kind_of, needs_dice, next_planned, pawns_free, reserved
from .state import EVENT_KINDS, HELPERS, NBSP, WIDTH, fit, flow, label, life, rc, shown, who

GO = Ask(N_("Enter to go on (undo: step back; quit: pause)"))
CHANGES = N_("what changed on the table, e.g. 'wood -1, cook.wounds +1, roof half, storm-token +1'")
CHANGES_ASK = N_("Changes (Enter: nothing)")
PHASE = {"event": N_("I. Event"), "morale": N_("II. Morale"), "production": N_("III. Production"),
         "plan": N_("IV. Action: planning"), "resolve": N_("IV. Action: resolving"), "weather": N_("V. Weather"),
         "night": N_("VI. Night")}


def _title(t: Table, phase: str) -> str:
    return _("Round {n} of {rounds} · {phase}").format(n=t.data["tracks"]["round"], rounds=rc(t)["rounds"],
                                                       phase=_(PHASE[phase]))


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    phase, step = t.data["flags"]["phase"], flow(t).get("step")
    fn = _STEPS.get(f"{phase}/{step}")
    if fn is None:
        return None
    s = fn(t, cat)
    ask = s.ask if len(s.ask.prompt) + 2 <= WIDTH else replace(s.ask, prompt=fit(s.ask.prompt, 2))
    return replace(s, say=fit(s.say, len(s.title) + 2), ask=ask)


# -- who could die --------------------------------------------------------------------------------


def to_go(t: Table, cat: GameCatalog, owner: str) -> int:
    """Wounds a character can still take before the life track is full (Friday: his own track)."""
    if owner == "friday":
        return int(cat.characters["friday"].get("life", 6)) - t.data["counters"]["friday-wounds"]
    return life(t, cat, owner) - t.seat_values(owner)["wounds"]


def dying(t: Table, cat: GameCatalog, wounds: dict[str, int]) -> list[str]:
    """The names of those the given wounds would kill."""
    return [who(t, cat, s) for s, n in wounds.items() if n > 0 and n >= to_go(t, cat, s)]


def warning(names: list[str], cause: str) -> str:
    return _("WARNING: {cause}: {who} would die and the game would be lost").format(cause=cause, who=", ".join(names))


def _pause_if(step: Step, names: list[str], cause: str) -> Step:
    """A step that asks nothing: done at once, unless it kills someone (then the warning, and a pause)."""
    if not names:
        return step
    return replace(step, say=f"{step.say}\n{warning(names, cause)}", pause=True)


# -- I. Event ------------------------------------------------------------------------------------


def _event_draw(t, cat):
    menu = "  ".join(f"{i}) {_(EVENT[k])}" for i, k in enumerate(EVENT_KINDS, 1))
    left = t.data["counters"]["event-deck"]
    say = ngettext("{n} card in the deck.", "{n} cards in the deck.", left).format(n=left)
    return Step(_title(t, "event"), _("Draw the top card of the Event deck"),
                _("{left} Which came up? {menu}").format(left=say, menu=menu),
                Ask(_("Card: its number 1-6; for an Event card (3-6) add its name and its Threat Action's pawns, "
                      "e.g. '3 Heavy rain 2'; or 'draw for us'"), "text", id="rc-event-card",
                    # the pad's buttons: an Event card (3-6) goes into the field, its name and pawns typed after it
                    offers=tuple((_("Event deck card"), f"{i} " if i >= 3 else str(i), f"{i}) {_(EVENT[k])}")
                                 for i, k in enumerate(EVENT_KINDS, 1)) + ((_("Event deck card"), _("draw for us"),
                                                                           _("draw for us")),)),
                lambda a: A.RcEvent.parse(a))


def _event_effect(t, cat):
    card = flow(t)["card"]
    name = shown(card["name"]) if card.get("name") else _(EVENT.get(card.get("kind"), N_("the card")))
    return Step(_title(t, "event"), _("Event effect of {name}").format(name=name),
                _("Resolve the card's Event effect at the table; then type {changes}").format(changes=_(CHANGES)),
                Ask(_(CHANGES_ASK), "text", default="-", id="rc-changes"), lambda a: A.RcAdjust.parse(t, cat, a))


def _event_threat(t, cat):
    card = flow(t)["card"]
    return Step(_title(t, "event"), _("Threat effect of {name}").format(name=shown(card["name"])),
                _("{name} left the Threat Action field: resolve its Threat effect, then discard it; type {changes}")
                .format(name=shown(card["name"]), changes=_(CHANGES)),
                Ask(_(CHANGES_ASK), "text", default="-", id="rc-changes"), lambda a: A.RcAdjust.parse(t, cat, a))


# -- II. Morale, III. Production ---------------------------------------------------------------


def _morale(t, cat):
    level = t.data["tracks"]["morale"]
    top = t.limits(cat.tracks["morale"])[1]
    n = R.morale_tokens(level, cat.rules["morale"]["levels"])
    seat = t.seats[rc(t)["first"] % len(t.seats)]
    name = who(t, cat, seat)
    if level == top:
        heal = _("heal 1 wound")
        return Step(_title(t, "morale"), _("Morale {level:+d}: the highest").format(level=level),
                    _("{name} (First Player) chooses").format(name=name),
                    Ask(_("Gain"), "choice", choices=(("determination", _("{n} determination").format(n=n)),
                                                      ("heal", heal)), keys=("1", "2"),
                        default="heal" if t.seat_values(seat)["wounds"] else "determination"),
                    lambda a: A.RcMorale(a))
    if n > 0:
        what = ngettext("gains {n} determination token", "gains {n} determination tokens", n).format(n=n)
    elif n < 0:
        what = ngettext("discards {n} determination token", "discards {n} determination tokens", -n).format(n=-n)
    else:
        what = _("neither gains nor discards")
    missing = max(0, -n - t.seat_values(seat)["determination"])
    step = Step(_title(t, "morale"), _("Morale {level:+d}").format(level=level),
                _("{name} (First Player) {what}").format(name=name, what=what), GO, lambda a: A.RcMorale())
    return _pause_if(step, dying(t, cat, {seat: missing}),
                     ngettext("{n} determination token missing is a wound", "{n} determination tokens missing are wounds",
                              missing).format(n=missing))


def _produce(t, cat):
    c = t.data["counters"]
    return Step(_title(t, "production"), _("Camp on tile {tile}").format(tile=rc(t)["camp"]),
                _("its sources give {food} food and {wood} wood").format(food=c["camp-food"], wood=c["camp-wood"]),
                GO, lambda a: A.RcProduce())


# -- IV. Action: planning --------------------------------------------------------------------------


def free_pawns(t: Table, cat: GameCatalog) -> list[tuple[str, int]]:
    owners = list(t.seats) + list(HELPERS)
    return [(o, pawns_free(t, o)) for o in owners if pawns_free(t, o) > 0]


def legal_actions(t: Table, cat: GameCatalog) -> list[tuple[int, str, str]]:
    """(number, word, what it needs) of each action that could be planned now and paid for from what is
    not set aside yet; the number is the action's own (PLAN_WORDS order), the same all game."""
    r, c, f = rc(t), t.data["counters"], t.data["flags"]
    free = dict(free_pawns(t, cat))
    pawns = sum(free.values())
    held = reserved(t)
    left = {k: c[k] - held.get(k, 0) for k in ("wood", "fur", "food")}
    planned = [p["what"] + str(p.get("arg")) for p in r["plan"]]
    out = []

    def add(word: str, needs: str = "") -> None:
        out.append((PLAN_WORDS.index(word) + 1, word, needs))

    for i, word in enumerate(("threat-left", "threat-right")):
        card = r["threat"][i]
        if card and word + "None" not in planned:
            n = card["pawns"] if card.get("icon") != "wreckage" else 1
            if pawns >= n:
                what = _("1 or 2 pawns") if card.get("icon") == "wreckage" else ngettext("{n} pawn", "{n} pawns", n).format(n=n)
                add(word, f"{shown(card['name'])}, {what}")
    if c["hunting"] > 0 and pawns >= 2:
        add("hunt", _("2 pawns"))
    n = str(len(t.seats))
    table = cat.rules["shelter_cost"]
    wood_ok, fur_ok = left["wood"] >= int(table["wood"][n]), left["fur"] >= int(table["fur"][n])
    # § Building: wood or furs, never mixed; both offered when both can pay (wood on no word, 'fur' for furs)
    if wood_ok and fur_ok:
        cost = _("{wood} wood, or {fur} furs: add 'fur'").format(wood=table["wood"][n], fur=table["fur"][n])
    elif fur_ok:
        cost = _("{fur} furs").format(fur=table["fur"][n])
    else:
        cost = _("{wood} wood or {fur} furs").format(wood=table["wood"][n], fur=table["fur"][n])
    can_pay = wood_ok or fur_ok
    if f["shelter"] != "built" and can_pay:
        add("shelter", cost)
    if (f["shelter"] == "built" or f["camp-shelter"]) and can_pay:
        add("roof", cost)
        add("palisade", cost)
    if left["wood"] >= int(cat.rules["weapon_cost"]["wood"]):
        add("weapon", _("{n} wood").format(n=cat.rules["weapon_cost"]["wood"]))
    add("item", _("its name and cost, e.g. 'item rope cook wood=1'"))
    sources = [f"{res} {k}" for k, tile in sorted(r["tiles"].items()) if k != r["camp"]
               for res in ("food", "wood") if tile.get(res) and f"gather{res}@{k}" not in planned]
    add("gather", ", ".join(sources) if sources else _("food or wood, and the tile"))
    add("explore")
    add("arrange")
    add("rest")
    return out


def _plan(t, cat):
    planned = rc(t)["plan"]
    done = "; ".join(label(t, cat, p) for p in planned) or _("nothing yet")
    free = ", ".join(f"{who(t, cat, o)}{NBSP}{n}" for o, n in free_pawns(t, cat)) or _("none")
    # each option on one line: its spaces do not break (fit turns them back into spaces)
    menu = "  ".join(f"{n}) {word}".replace(" ", NBSP) + (
        NBSP + "[" + ", ".join(x.replace(" ", NBSP) for x in needs.split(", ")) + "]" if needs else "")
        for n, word, needs in legal_actions(t, cat))
    say = _("Planned: {done}. Free pawns: {free}.\nLegal now: {menu}").format(done=done, free=free, menu=menu)
    ask = Ask(_("Plan: ACTION WHO[+SECOND], several separated by ';' (a second pawn: sure success, no dice), "
                "e.g. '10 cook+friday; rest cook'; Enter when every pawn is placed"), "text", default="done", id="rc-plan")
    return Step(_title(t, "plan"), _("Place the pawns"), say, ask, lambda a: plans(t, cat, a))


def plans(t: Table, cat: GameCatalog, answer: str):
    """One answer of the planning step: 'done', or one or more plans separated by ';' (ending with
    'done' to close the planning), read against the table."""
    parts = [x.strip() for x in str(answer).split(";") if x.strip()]
    finish = bool(parts) and parts[-1].lower() == "done"
    parts = [x for x in parts if x.lower() != "done"]
    if not parts:
        return B.RcPlanDone()
    return B.RcPlans.parse(t, cat, parts, finish)


# -- IV. Action: resolving -------------------------------------------------------------------------


def _chance(cat: GameCatalog, die: str, face: str) -> tuple[int, int]:
    faces = [str(f) for f in cat.die(die).parts[0].faces]
    return faces.count(face), len(faces)


def _resolve(t, cat):
    p = next_planned(t)
    k = kind_of(p)
    head = label(t, cat, p)
    phase = _title(t, "resolve")
    by = p["by"]
    if k == "threat":
        card = rc(t)["threat"][0 if p["what"] == "threat-left" else 1]
        if card.get("icon") == "wreckage":
            n = 1 + bool(p.get("helper"))
            return Step(phase, head, ngettext("{name} with {n} pawn", "{name} with {n} pawns", n).format(
                name=shown(card["name"]), n=n), GO, lambda a: B.RcResolve())
        return Step(phase, head, _("Pay what {name} asks and take its benefit; type {changes}")
                    .format(name=shown(card["name"]), changes=_(CHANGES)),
                    Ask(_(CHANGES_ASK), "text", default="-", id="rc-changes"), lambda a: B.RcResolve.parse(t, cat, changes=a))
    if k == "hunt":
        weapon, n = t.data["counters"]["weapon"], to_go(t, cat, by)
        say = _("Draw the top Beast card of the Hunting deck. {name} can take {n} more wound(s): a Beast of strength "
                "{kill} or more (weapon {weapon}) kills them").format(name=who(t, cat, by), n=n, kill=weapon + n,
                                                                     weapon=weapon)
        return Step(phase, head, say, Ask(_("Beast: its strength, weapon loss, food and furs (and palisade loss if "
                                             "shown), e.g. '3 1 2 1'"), "text", id="rc-beast"), lambda a: B.RcResolve.parse(t, cat, beast=a))
    if needs_dice(p):
        dice = R.action_dice(k)
        hit, of = _chance(cat, dice[1], "wound")
        say = _("One pawn: roll the 3 Action dice (success, wound, adventure); a wound comes {hit} in {of}").format(
            hit=hit, of=of)
        if hit and to_go(t, cat, by) <= 1:
            say += "\n" + _("WARNING: a wound kills {name} ({pct}%)").format(name=who(t, cat, by), pct=round(100 * hit / of))
        return Step(phase, head, say, Ask(_("Action dice"), "dice", dice=dice), lambda a: H.RcDice.parse(t, cat, a))
    if k == "arrange" and rc(t)["arrange_card"]:
        high = t.data["tracks"]["morale"] >= t.limits(cat.tracks["morale"])[1]
        return Step(phase, head, _("4 players: 2 determination or morale +1"), Ask(_("Take"), "choice", choices=(
            ("determination", _("2 determination")), ("morale", _("morale +1"))), keys=("1", "2"),
            default="determination" if high else "morale"), lambda a: B.RcResolve.parse(t, cat, choice=a))
    say = {"build": _("two pawns: it succeeds"), "gather": _("two pawns: it succeeds"),
           "explore": _("two pawns: it succeeds"), "arrange": _("2 determination and morale +1"),
           "rest": _("heal 1 wound")}[k]
    return Step(phase, head, say, GO, lambda a: B.RcResolve())


def _held(t, cat):
    """The Action dice as they show, before they apply: a reroll or a determination use now (issue 22, item 4)."""
    p = next_planned(t)
    h = H.held_now(t)
    ok, hurt, adventure = R.read_action_dice(h["faces"])
    what = [_("success") if ok else _("it fails"), _("a wound") if hurt else "", _("an Adventure card") if adventure else ""]
    say = _("The dice show {faces}: {what}. Before they apply, the table may use what its cards allow once the "
            "dice show (a character's skill paid in determination, the Reroll Success token): 'reroll DIE' (castaway "
            "rolls) or 'reroll DIE FACE' (the table's die), with 'WHO N' for the determination spent, e.g. 'reroll "
            "wound 0 cook 2'; or what a skill changed, e.g. 'cook.determination -1'").format(
        faces=H.held_words(t), what=", ".join(w for w in what if w))
    if hurt and to_go(t, cat, p["by"]) <= 1:
        say += "\n" + warning([who(t, cat, p["by"])], _("the wound"))

    def make(a: str):
        word = str(a).strip()
        if word.lower() in ("", "-"):
            return B.RcResolve()
        if word.split()[0].lower() in ("reroll", _("reroll")):
            return H.RcReroll.parse(t, cat, word)
        return A.RcAdjust.parse(t, cat, word)

    return Step(_title(t, "resolve"), label(t, cat, p), say,
                Ask(_("Enter applies the dice; or a reroll, or changes"), "text", default="-", id="rc-held",
                    # the pad's buttons: apply, or reroll a die (its new face, and who pays, typed after it)
                    offers=((_("Dice"), "-", _("apply the dice")),) + tuple(
                        (_("Reroll"), f"{_('reroll')} {d.rpartition('-')[2]} ", f"{_('reroll')} {_(cat.die(d).name)}")
                        for d in h["dice"])), make)


def _tile(t, cat):
    known = ", ".join(sorted(rc(t)["tiles"], key=int)) or _("none")
    drawn = flow(t).get("drawn")
    if drawn:
        say = _("castaway drew tile {n}: take it, and type its terrain and what it shows").format(n=drawn)
    else:
        say = _("Type its number (on the island: {known}), terrain and what it shows; or 'draw for us'").format(known=known)

    def make(a: str):
        text = str(a).strip()
        if not drawn and is_draw(text):
            return E.RcTileDraw()
        if drawn and text and not text.split()[0].isdecimal():
            text = f"{drawn} {text}"
        return B.RcTile.parse(text)

    return Step(_title(t, "resolve"), _("Draw the top Island tile"), say,
                Ask(_("Tile: number, terrain, then food, wood, shelter, beast, mystery, dN (N discovery tokens), "
                      "e.g. '5 plains food beast d2'"), "text", id="rc-tile"), make)


SHUFFLE_WORDS = ("shuffle", "deck", "do balíčku", "zamíchat")


def adventure_changes(t: Table, cat: GameCatalog, text: str):
    """An Adventure card's changes as typed; the word 'shuffle' for a card its text sends into the Event deck
    (the card effect 'event-adventure +1': the deck counts one card more)."""
    parts = [x.strip() for x in str(text or "").split(",")]
    words = [("event-adventure +1" if x.lower() in SHUFFLE_WORDS or x.lower() == _("shuffle") else x) for x in parts]
    return A.RcAdjust.parse(t, cat, ", ".join(w for w in words if w) or "-")


def _adventure(t, cat):
    return Step(_title(t, "resolve"), _("Adventure card"),
                _("Resolve the Adventure card; type {changes}; add 'shuffle' if the card says to shuffle it into the "
                  "Event deck").format(changes=_(CHANGES)),
                Ask(_(CHANGES_ASK), "text", default="-", id="rc-changes"), lambda a: adventure_changes(t, cat, a))


# -- V. Weather ----------------------------------------------------------------------------------------


def _weather_dice(t, cat):
    return Step(_title(t, "weather"), _("Weather dice"), _("Which does the Scenario card show for this round?"),
                Ask(_("Dice"), "choice", multiple=True, keys=("1", "2", "3"),
                    choices=tuple((d, _(WEATHER_DIE[d])) for d in ("rain", "winter", "animals"))),
                lambda a: A.RcWeatherDice(tuple(a)))


def _weather_roll(t, cat):
    dice = A.weather_dice(t)
    c = t.data["counters"]
    words = {"rain-token": N_("rain"), "winter-token": N_("winter"), "storm-token": N_("storm")}
    tokens = ", ".join(f"{c[k]} {_(w)}" for k, w in words.items() if c[k]) or _("no tokens")
    if not dice:
        o = R.face_weather(R.weather_from([], c["rain-token"], c["winter-token"], c["storm-token"]), c["roof"],
                           c["food"], c["nonperishable"], c["wood"], c["palisade"], c["weapon"],
                           int(cat.rules["weather_beast"]["strength"]))
        step = Step(_title(t, "weather"), _("No weather dice this round"),
                    _("Weather space: {tokens}").format(tokens=tokens), GO, lambda a: A.RcWeather())
        return _pause_if(step, dying(t, cat, {s: o.wounds_each for s in t.seats}), _("the weather tokens"))
    names = ", ".join(_(WEATHER_DIE[d]) for d in dice)
    say = _("Weather space: {tokens}; roof {roof}, palisade {palisade}").format(tokens=tokens, roof=c["roof"],
                                                                              palisade=c["palisade"])
    if "animals" in dice and len(t.seats) > 1:
        say += "\n" + _("A beast on the Hungry Animals die: the table says who fights it (Enter: {name}, the First "
                        "Player)").format(name=who(t, cat, t.seats[rc(t)["first"] % len(t.seats)]))
    return Step(_title(t, "weather"), _("Roll {dice}").format(dice=names), say,
                Ask(_("Weather dice"), "dice", dice=tuple(dice)), lambda a: H.RcDice.parse(t, cat, a), task={"do": "weather"})


def _weather_held(t, cat):
    """The Weather dice as they show: who fights the Hungry Animals' beast is asked now, before the weather's
    wounds are given (the rulebook does not say who: the table chooses, the First Player on Enter)."""
    h = H.held_now(t)
    c = t.data["counters"]
    o = R.face_weather(R.weather_from(h["faces"], c["rain-token"], c["winter-token"], c["storm-token"]), c["roof"],
                       c["food"], c["nonperishable"], c["wood"], c["palisade"], c["weapon"],
                       int(cat.rules["weather_beast"]["strength"]))
    say = _("The weather dice show {faces}").format(faces=H.held_words(t))
    fighter = t.seats[rc(t)["first"] % len(t.seats)]
    if o.fighter_wounds and len(t.seats) > 1:
        say += "\n" + _("The beast deals {n} wound(s) to whoever fights it").format(n=o.fighter_wounds)
        die = [who(t, cat, s) for s in t.seats if to_go(t, cat, s) <= o.fighter_wounds + o.wounds_each]
        if die:
            say += "\n" + warning(die, _("the beast"))
        return Step(_title(t, "weather"), _("Who fights the beast?"), say,
                    Ask(_("Who fights the beast? (Enter: {name}, the First Player)").format(name=who(t, cat, fighter)),
                        "choice", default=fighter, choices=tuple((s, who(t, cat, s)) for s in t.seats),
                        keys=tuple(str(i) for i in range(1, len(t.seats) + 1))),
                    lambda a: A.RcWeather(None, a))
    wounds = {s: o.wounds_each + (o.fighter_wounds if s == fighter else 0) for s in t.seats}
    step = Step(_title(t, "weather"), _("Facing the weather"), say, GO, lambda a: A.RcWeather())
    return _pause_if(step, dying(t, cat, wounds), _("the weather"))


# -- VI. Night --------------------------------------------------------------------------------------


def _friday_note(t, eating: bool) -> str:
    """A line for the night when Friday plays: he is no player, so 'each player' leaves him out (castaway's
    reading, Friday's `assumed` in decks/robinson/characters.toml)."""
    if not t.data["rc"].get("friday"):
        return ""
    return "\n" + (_("Friday eats nothing and never goes hungry: he is no player (castaway's reading)") if eating
                   else _("Friday takes no open-air wound: he is no player (castaway's reading)"))


def _eat(t, cat):
    step = _eat_step(t, cat)
    return replace(step, say=step.say + _friday_note(t, eating=True))


def _eat_step(t, cat):
    c = t.data["counters"]
    have = c["food"] + c["nonperishable"]
    n = len(t.seats)
    short = n - have
    if short <= 0:
        return Step(_title(t, "night"), _("Eat"), ngettext("{n} food for {n} player", "{n} food for {n} players", n)
                    .format(n=n), GO, lambda a: A.RcEat())
    if short == n:
        step = Step(_title(t, "night"), _("No food"), _("nobody eats: 2 wounds each"), GO,
                    lambda a: A.RcEat(tuple(t.seats)))
        return _pause_if(step, dying(t, cat, {s: 2 for s in t.seats}), _("2 wounds for going hungry"))
    # castaway's suggestion: those with the most life left go hungry (the table decides)
    suggest = sorted(t.seats, key=lambda s: (-to_go(t, cat, s), t.seats.index(s)))[:short]
    die = dying(t, cat, {s: 2 for s in t.seats})
    say = _("{have} food for {n} players: choose {short} who go hungry (2 wounds each); Enter: {names} (the most "
            "life left)").format(have=have, n=n, short=short, names=", ".join(who(t, cat, s) for s in suggest))
    if die:
        say += "\n" + _("WARNING: going hungry kills {who}").format(who=", ".join(die))
    return Step(_title(t, "night"), _("Not enough food"), say,
                Ask(_("Hungry"), "choice", multiple=True, choices=tuple((s, who(t, cat, s)) for s in t.seats),
                    keys=tuple(str(i) for i in range(1, n + 1)), default=",".join(suggest)),
                lambda a: A.RcEat(tuple(a)))


def _camp(t, cat):
    known = ", ".join(k for k in sorted(rc(t)["tiles"], key=int) if k != rc(t)["camp"]) or _("none")
    return Step(_title(t, "night"), _("Move the camp?"),
                _("Stay on tile {camp} (Enter) or move to an adjacent tile: its number (known: {known}), or a new "
                  "one with what it shows, e.g. '5 plains food wood shelter'").format(camp=rc(t)["camp"], known=known),
                Ask(_("Camp: Enter stays, or a tile"), "text", default="stay", id="rc-camp"),
                lambda a: A.RcCamp.parse(None if a == "stay" else a))


def _night_wounds(t: Table, cat: GameCatalog) -> list[str]:
    f = t.data["flags"]
    if f["shelter"] == "built" or f["camp-shelter"]:
        return []
    return dying(t, cat, {s: 1 for s in t.seats})


def _heal(t, cat):
    """Healing, the night's card effects and the Scenario's goal in one question; Enter ends the night."""
    say = _("Heal only now (tokens, cards), e.g. 'cook.wounds -1'; type {changes}; or 'goal' if the Scenario's "
            "goal is met").format(changes=_(CHANGES))
    f = t.data["flags"]
    if f["shelter"] != "built" and not f["camp-shelter"]:
        say += "\n" + _("No Shelter: 1 wound each for sleeping in the open air") + _friday_note(t, eating=False)
    die = _night_wounds(t, cat)
    if die:
        say += "\n" + warning(die, _("the open air"))

    def make(a: str):
        word = a.strip().lower()
        if word in ("goal", _("goal")):
            return A.RcGoal()
        if word in ("-", ""):
            return A.RcNightEnd()
        return A.RcAdjust.parse(t, cat, a)

    return Step(_title(t, "night"), _("Healing, night effects, the goal"), say,
                Ask(_("Changes, or 'goal' (Enter: nothing; the night ends)"), "text", default="-", id="rc-night"), make)


def _night_end(t, cat):
    step = Step(_title(t, "night"), _("End of the round"),
                _("Open-air wounds without a shelter, food rots unless stored, the round marker moves on")
                + _friday_note(t, eating=False), GO, lambda a: A.RcNightEnd())
    return _pause_if(step, _night_wounds(t, cat), _("the open air"))


_STEPS = {
    "event/draw": _event_draw,
    "event/effect": _event_effect,
    "event/threat": _event_threat,
    "morale/morale": _morale,
    "production/produce": _produce,
    "action/plan": _plan,
    "action/resolve": _resolve,
    "action/held": _held,
    "action/tile": _tile,
    "action/adventure": _adventure,
    "weather/dice": _weather_dice,
    "weather/roll": _weather_roll,
    "weather/held": _weather_held,
    "night/eat": _eat,
    "night/camp": _camp,
    "night/heal": _heal,
    "night/end": _night_end,
}
