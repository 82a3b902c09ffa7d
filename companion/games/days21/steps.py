"""21 Days: what the guided game says and asks at each task of the day (guide.Step), and the action
each answer makes. The same actions the single commands record; nothing here changes the table.
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog import GameCatalog
from ...guide import Ask, Step
from ...i18n import N_, _, ngettext
from ...table import Table
from . import abilities as ab
from . import attacks as at
from . import bottle as bo
from . import draws, scruffs
from . import events as ev
from . import flow as fl
from . import locations as lo
from .core import ROLL, colour, d21, day, flow, hope, is_scruffs, living, name, physical_decks, seat_of, survivor, task
from .correct import SetupDiffers, differs
from .steps_common import DIFFICULTY, GO, PHASE, SECTION, TOKEN, WHY, WOUND, _r, _who, phase_name, symbol_ask, token_ask, who_ask  # noqa: F401 (kept importable from here)
from .steps_day21 import _day21, _exhaustion, _rosina, parse_day21  # noqa: F401
from .steps_midday import _activate, _card, _dice_loc, _harvest, _horvath, _kid, _magnusson, _octopus, _place, _plant, _receive, _swap, _tentacle, _tomi, anchor_after, draw_ask, share_after
from .weather import WEATHER, weather_label  # noqa: F401 (kept importable from here)


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    f = flow(t)
    phase = phase_name(cat, f.get("queue") or [])
    today = _("Day {day}").format(day=day(t))

    def heading(phase: str) -> str:  # day 21's phase is named "Day 21" itself: said once
        return today if phase == today else today + " · " + phase
    head = heading(phase)
    if f.get("wound"):
        w = f["wound"]
        return Step(head, _("Pjotr"), _("{who} was just wounded by {why}: Pjotr may cancel that for 2 hope.").format(who=name(t, cat, w['seat']), why=_(WOUND[w['why']]) if w['why'] in WOUND else w['why']), Ask(_("Does Pjotr cancel it?"), "confirm", default=False),
                    lambda a: at.PjotrCancel(bool(a)))
    if f.get("shown"):
        return _shown(t, cat, f["shown"], head)
    aw = f.get("await")
    if aw:
        return Step(head, _("Colour tokens"), _("Put the colour tokens of {items} in a hand and drop one without looking.").format(items=", ".join(colour(s) for s in aw["among"])), token_ask(t, cat, aw["among"], _("Whose token fell?")),
                    lambda a: at.ColourToken.parse(t, cat, a))
    q = task(t)
    if q is None:
        return None
    build = BUILD.get(q["do"])
    assert build is not None, f"no guided step for the task {q['do']!r}"
    title, say, ask, make, *after = build(t, cat, q)
    if ask.kind in ("dice", "text"):
        uses = usable(t, cat)
        if uses:
            say += _("\n  (abilities now: {items}; type e.g. 'use {uses}' first if you want one)").format(items=", ".join(uses), uses=uses[0])
            ask = replace(ask, offers=ask.offers + tuple(_use_offer(u) for u in uses))
        make = _with_use(t, cat, make)
    if ask.kind == "dice" or q["do"] == "day21":  # day 21's moves are typed with their face: 'flare red 6'
        make = _shown_first(t, cat, make, ask.dice)
    if q["do"] == "attack" and (t.data["tracks"]["shark"] != 1 or day(t) >= 21):
        phase = phase_name(cat, "end")  # no attack tonight: the step is the end of the day (the Czech edition's logbook phase)
        head = heading(phase)
    return Step(head, title, say, ask, make, task=q, after=after[0] if after else None)


# -- abilities and die changes typed at any dice or text question: 'use ...' -------------------------


def _use_offer(use: str) -> tuple[str, str, str]:
    """An ability as the pad's button: 'use' and its words up to the parts still to fill in (in capitals),
    which the table types after it."""
    words = use.split()
    cut = next((i for i, w in enumerate(words) if w.isupper()), len(words))
    head, rest = words[:cut], cut < len(words)
    return _("Abilities now"), "use " + " ".join(head) + (" " if rest else ""), use


def usable(t: Table, cat: GameCatalog) -> list[str]:
    """The abilities a 'use ...' answer could call on right now (special hope tokens are always accepted),
    each as the answer to type: the word 'use', then who, with the parts still to fill in capitals."""
    x = d21(t)
    out = []
    who_, whom = _("WHO"), _("WHO,WHO")
    for s in living(t):
        who = survivor(t, s)
        if who == "maya" and hope(t, s) >= 2 and "maya" not in x.get("today", []):
            out.append(f"maya {who_}")
        if who == "aleta" and hope(t, s) >= 2 and t.visible(s) >= 4:
            out.append("aleta")
        if who == "mechanic" and t.deck("bottle")["held"].get(s) and hope(t, s) >= 1:
            out.append(f"mechanic {who_}")
        tok = x.get("ability", {}).get(s)
        if tok and not tok["used"] and tok["id"] in ("reroll", "strength4", "swap-seats"):
            out.append(f"token {colour(s)}" + (f" {whom}" if tok["id"] != "reroll" else ""))
    if str(x.get("swap") or "").startswith("dolphin") and not ab.in_attack(t):
        out.append(f"dolphin {who_} " + _("FACE"))
    if (x.get("scruffs") or {}).get("active"):
        out.append("scruffs")
    return out


def use_action(t: Table, cat: GameCatalog, text: str):
    from ...errors import UsageError

    bits = str(text).split()[1:]
    what = bits[0].lower() if bits else ""
    rest = bits[1:]
    if what in ("maya", "mechanic"):
        return ab.Ability.parse(t, cat, what, to=rest[0] if rest else None)
    if what == "aleta":
        return ab.Ability.parse(t, cat, "aleta")
    if what == "pastor" and len(rest) >= 2:
        return ab.Ability.parse(t, cat, "pastor", source=rest[0], to=rest[1], n=int(rest[2]) if len(rest) > 2 and rest[2].isdecimal() else 1)
    if what == "dolphin" and rest:
        return ab.Dolphin.parse(t, cat, rest[0], rest[1] if len(rest) > 1 else None)
    if what == "special" and len(rest) == 2:
        return ab.SpecialHope.parse(t, cat, rest[0], rest[1])
    if what == "token" and rest:
        return ab.FlipToken.parse(t, cat, rest[0], ",".join(rest[1:]) or None)
    if what == "scruffs":
        return scruffs.ScruffsUse()
    raise UsageError(_("{text!r}: accepted: use maya SEAT, use aleta, use mechanic SEAT, use pastor FROM TO N, use dolphin SEAT FACE, use special SEAT TOKEN, use token SEAT [SEATS], use scruffs").format(text=text))


def _with_use(t, cat, make):
    def wrapped(answer):
        if isinstance(answer, str) and answer.strip().lower().startswith("use "):
            return use_action(t, cat, answer)
        return make(answer)
    return wrapped


# -- the die shown: what the rules allow before its result is applied (afterdie.py) ----------------------


def _shown_first(t, cat, make, dice):
    """A typed dice answer shows the die first when the rules let the table change it now (afterdie.offers);
    who gets the fish or the hope is asked once the die is applied (_share_applied)."""
    from . import afterdie as ad

    def wrapped(answer):
        action = make(answer)
        if action.kind not in ad.SPEC or ad.field_of(action.to_dict()) is None:
            return action
        inner = action.to_dict()
        if not ad.offers(t, cat, inner):
            return action
        if ad.faces_of(inner) is None and not _rolls_now(t, cat, action):
            return action
        return ad.DieShown(inner, tuple(dice))
    return wrapped


def _rolls_now(t, cat, action) -> bool:
    """Castaway would roll this procedure's die now (Enter, or no face typed): tried on a copy of the table.
    A step that takes no die this time (Horvath stops, the Kid's choice) is not shown."""
    from ... import rolls as dice_records
    from ...errors import CompanionError

    try:
        res = action.run(t.copy(), cat)
    except CompanionError:
        return False
    recs = res.get(dice_records.KEY) if isinstance(res, dict) else None
    if not recs:
        return False
    return not any(r.get("typed") for r in recs)


def _shown(t, cat, shown, phase):
    from . import afterdie as ad

    offers = ad.offers(t, cat, shown["inner"], shown)
    faces = ad.shown_text(shown)
    field = ad.field_of(shown["inner"])
    assert field is not None, "afterdie.show keeps only a procedure with a die to change"
    bare = dict(shown["inner"], **{field: None})  # the procedure's name, without its faces
    line = _inner_line({"inner": bare})  # the procedure's name, the step's title; the faces are said once, here
    say = _(ad.SAY["shows"]).format(faces=faces)
    if offers:
        say += "\n  " + _("Before it counts, the rules allow: {items}. Type one (e.g. '{first}'), or Enter to apply the die.").format(
            items=", ".join(help_word(o, shown) for o in offers), first=help_word(offers[0], shown))
    ask = Ask(_("Enter applies the die; or what changes it"), "text", default="apply", id="d21-after-die",
              hint=_("Enter applies the die; or e.g. aleta 5, reroll red 4, special red ±1 5, dolphin red, pjotr"))
    inner = ad.put(shown["inner"], [tuple(x) if isinstance(x, list) else x for x in shown["faces"]])

    def make(a):
        if str(a).strip().lower() in ("apply", "", "enter"):
            return ad.DieApply(inner)
        return ad.DieHelp.parse(t, cat, a)
    after = None
    if inner.get("kind") in ("d21-hope", "d21-fishing"):  # who gets the hope or the fish: the table's choice
        after = _share_applied(t, cat, inner)
    elif inner.get("kind") == "d21-flare":  # who gets the anchor's hope: the table's choice
        after = _anchor_applied(t, cat, inner)
    return Step(phase, line[:1].upper() + line[1:], say, ask, make, after=after)


def help_word(offer: str, shown: dict | None = None) -> str:
    """An offer as the table types it: the word, then the parts to fill in, in capitals; the Dolphin's payer
    filled in when one survivor rolled the one die shown."""
    face, who = _("FACE"), _("WHO")
    owner = (shown or {}).get("owner") if len((shown or {}).get("faces") or ()) == 1 else None
    rest = {"aleta": face, "reroll": f"{who} {face}", "scruffs": face, "special": f"{who} ±1|±2 {face}",
            "dolphin": colour(owner) if owner else who, "professor": face}.get(offer, "")
    return f"{offer} {rest}".strip()


def _inner_line(shown) -> str:
    from . import afterdie as ad

    try:
        return ad._inner(shown["inner"]).text()
    except Exception:  # pragma: no cover - a stored procedure always reads back
        return shown["inner"].get("kind", "")


def _share_applied(t, cat, inner):
    """Hope or fishing applied from the die shown: the table may share what it gave otherwise (share_after)."""
    from . import afterdie as ad

    kind = "hope" if inner["kind"] == "d21-hope" else "fishing"
    return _applied_again(share_after(kind)(t, cat), lambda a: ad.DieApply(inner, ty_seats(t, a)))


def _anchor_applied(t, cat, inner):
    """Flares applied from the die shown: when they reach the anchor, the table may give its hope tokens to
    others than the dice's owners (anchor_after), and the die is applied again with them."""
    from . import afterdie as ad
    from . import typed as ty

    return _applied_again(anchor_after(t, cat), lambda a: ad.DieApply(inner, None, ty.living_seats(t, cat, str(a))))


def _applied_again(base, apply_with):
    """A question asked after a procedure (`base`, the one its own command asks), for a die shown first: the
    answer applies the shown die again with it (`apply_with(answer)`); Enter or 'keep' keeps castaway's."""
    def after(res, t2):
        if flow(t2).get("shown"):  # the die was changed, not applied: it is shown again first
            return None
        follow = base(res, t2)
        if not follow:
            return None
        ask, _remake = follow

        def remake(a):
            if str(a).strip().lower() in ("keep", ""):
                return None
            return apply_with(a)
        return ask, remake
    return after


def ty_seats(t, text):
    from . import typed as ty

    return ty.seats(t, text)


# -- one builder per task: returns (title, say, ask, make) ------------------------------------------


def _setup(t, cat, q):
    x = d21(t)
    diff = t.data['options'].get('difficulty', 'orange')
    lines = [_("Build the logbook: 7 week-1 cards on top, then the 6 week-2 cards shuffled with its mandatory card,"
               " then week 3 (put one of the 3 mandatory cards back in the box unseen, shuffle the other 2 with 4"
               " week-3 cards), the 21st-day card last: 21 cards. Turn up the first card."),
             _("Rescue ship on space {ship} ({difficulty}); shark card at {shark}; 6 planks; 8 tentacles coloured side up;"
               " decks shuffled.").format(ship=t.data['tracks']['ship'], difficulty=_(DIFFICULTY.get(diff, diff)),
                                          shark=t.data['tracks']['shark']),
             _("Swap location: {name}.").format(name=_(cat.deck("swap").card(x["swap"].split(":")[0]).name))]
    for seat in t.seats:
        v = t.seat_values(seat)
        tok = x["ability"].get(seat)
        token = _(", ability token: {token}").format(token=_(TOKEN.get(tok['id'], tok['id']))) if tok else ""
        lines.append(_("{who}: strength {strength}, hope {hope}{token}, raft spot {spot}.").format(
            who=name(t, cat, seat), strength='/'.join(map(str, v['strength'])), hope=v.get('hope', 0), token=token,
            spot=_spot(t, seat)))
    if x.get("weather") is not None:
        lines.append(_("Weather board beside the board, cloud token on its start."))
    if x.get("kite") is not None:
        lines.append(_("Kite: compass token on the board, the 5 suitcases face down."))
    if "swap" in (x.get("to_ask") or []):  # physical decks: the table turned a swap location token up
        cards = cat.deck("swap").cards
        ask = Ask(_("Which swap location token did you turn up? (0 or 'draw': castaway's, {name})").format(
            name=_(cat.deck("swap").card(x["swap"].split(":")[0]).name)), "choice",
            choices=((draws.DRAW, _(draws.DRAW_LABEL)), *((c.id, swap_label(c)) for c in cards)), keys=tuple(str(i) for i in range(len(cards) + 1)))
        return _("Set up the table"), _("Shuffle the swap location tokens and turn one up at random."), ask, \
            lambda a: draws.SetupSwap.parse(t, cat, a)
    if flow(t).get("differs"):  # the check answered no: what differs, one correction at a time
        ask = Ask(_("What differs? Name the part and what the table shows, e.g. ship 5, shark 4, red.strength 4,3, "
                    "red.hope 2, planks flare-1, swap dolphin; '-': nothing more, the table is set up"), "text", default="-", id="d21-setup-differs")
        return _("Set up the table"), "\n  ".join(lines), ask, \
            lambda a: fl.SetupDone() if str(a).strip() in ("-", "") else differs(t, cat, a)
    return _("Set up the table"), "\n  ".join(lines), Ask(_("Is the table set up like this?"), "confirm", default=True), \
        lambda a: fl.SetupDone() if a else SetupDiffers()


def _spot(t, seat):
    return next((sp for sp, s in d21(t)["raft"].items() if s == seat), "-")


def _weather(t, cat, q):
    return _("Weather die"), _("Roll the weather die before the shark phase."), Ask(_("Weather die"), "dice", dice=("weather",)), \
        lambda a: ev.Weather.parse(t, cat, face=a)


def _weather_board(t, cat, q):
    res = cat.rules["weather"]["results"]
    return _("Forecast board"), _("Flick the cloud token; what does its red dot cover? It takes effect tomorrow."), \
        Ask(_("The cloud covers"), "choice", choices=tuple((r, weather_label(r)) for r in res), default="none"), \
        lambda a: ev.Weather.parse(t, cat, result=a)


def _weather_effect(t, cat, q):
    sym = q["sym"]
    return _("Weather: {part} strength").format(part='+1' if sym == 'plus1' else '-1'), _("Yesterday's forecast: one survivor of your choice."), \
        who_ask(t, cat, _("Which survivor?"), living(t)), lambda a: ev.Symbol.parse(t, cat, sym, to=a)


def _shark(t, cat, q):
    n = t.data["tracks"]["shark"]
    say = (_("The sharks attacked yesterday: the card stays where it is today.") if d21(t).get("just_attacked") else _("The starting player slides the shark card one step closer ({n} → {n2}).").format(n=n, n2=max(1, n - 1)))
    if seat_of(t, "pfennig"):
        say += _(" Herr Pfennig gains 1 hope if the sharks are then at 4 or 5.")
    return _("Sharks"), say, GO, lambda a: at.SharkPhase()


def _symbols(section):
    def build(t, cat, q):
        known = [k for k in cat.rules["symbols"] if k != "source"]
        part = _(SECTION.get(section, section))
        return (_("Logbook: {section}").format(section=part), _("Which symbols does the {section} part of today's logbook card show? Their numbers on the symbol chart (the printed reference sheet, or the list of symbols), in the card's order, e.g. 3,16; Enter or - for none.").format(section=part),
                symbol_ask(cat, _("Symbols"), known, default="-"),
                lambda a: ev.LogbookSymbols(section, tuple(a or ())))
    return build


def _midday(t, cat, q):
    return _("Logbook: midday"), _("What does the midday part show? Usually the Esperanza emblem (placement)."), \
        symbol_ask(cat, _("Midday symbols"), ("places", "octopus", "no-fishing"), default="places"), \
        lambda a: ev.LogbookSymbols("midday", tuple(a or ()), nothing=not a)


def _sym(t, cat, q):
    s = q["sym"]
    text = _(cat.rules["symbols"].get(s, s))
    people = [x for x in living(t) if not is_scruffs(t, x)]
    if s == "two-hope" and not people:  # Scruffs alone: the dog never holds hope, nobody is asked
        return _("Two hope"), text, GO, lambda a: ev.Symbol.parse(t, cat, s)
    if s == "two-hope":
        return _("Two hope"), text, who_ask(t, cat, _("Who gets them (one survivor takes both)?"), people, multiple=True), lambda a: ev.Symbol.parse(t, cat, s, to=a)
    if s == "swap-choice":
        ids = [c.id for c in cat.deck("swap").cards]
        return _("Swap location"), text, Ask(_("Which token?"), "choice", choices=tuple(
            (i, swap_label(cat.deck("swap").card(i))) for i in ids)), lambda a: ev.Symbol.parse(t, cat, s, token=a)
    if s == "swap-new":
        tokens = tuple((c.id, swap_label(c)) for c in cat.deck("swap").cards)
        if physical_decks(t):  # the table shuffles the tokens and turns one up; 'draw': castaway does
            ask = Ask(_("Token turned up at the table (0 or 'draw': castaway draws)"), "choice", choices=((draws.DRAW, _(draws.DRAW_LABEL)), *tokens),
                      keys=tuple(str(i) for i in range(len(tokens) + 1)))
        elif drawn_at_table(cat, "swap"):  # a token no rulebook describes: the table turns one up
            ask = Ask(_("Token turned up at the table"), "choice", choices=tokens)
        else:
            ask = Ask(_("Token turned up (Enter: drawn virtually)"), "choice", default=ROLL, choices=((ROLL, _("draw virtually")), *tokens))
        return _("Swap location"), text, ask, lambda a: ev.Symbol.parse(t, cat, s, token=a)
    if s == "colour-plus2":
        return _("+2 strength"), text, who_ask(t, cat, _("Which colour is shown?"), living(t)), \
            lambda a: ev.Symbol.parse(t, cat, s, to=a)
    if s == "shared-loss":
        return _("Strength lost"), text, Ask(_("Who loses each point? e.g. red,blue or red,red,blue"), "text"), \
            lambda a: ev.Symbol.parse(t, cat, s, to=a)
    return text.split(":")[0].capitalize(), text, GO, lambda a: ev.Symbol.parse(t, cat, s)


def drawn_at_table(cat, deck: str) -> bool:
    """A deck holding a card that no rulebook describes is drawn at the table: a virtual draw could
    turn up a card nobody holds, and castaway would have to ask what it says."""
    return any(not (getattr(c, "effect", None) or c.get("challenges")) for c in cat.deck(deck).cards)


def card_ask(t, cat, deck: str) -> Ask:
    """Which card was drawn: virtually on Enter, or, for a deck drawn at the table, picked from the cards
    still in its draw pile (numbered as in the deck, all game long)."""
    cards = cat.deck(deck).cards
    if physical_decks(t):  # the table draws: which card, by its number or name, or 'draw' (castaway draws)
        return draw_ask(t, cat, deck, _("Card drawn at the table"))
    if not drawn_at_table(cat, deck):
        return Ask(_("Card drawn (Enter draws virtually, or its id)"), "text", default=ROLL)
    left = {c.split(":")[0] for c in t.deck(deck)["draw"]} or {c.id for c in cards}
    rows = [(str(i), c.id, _(c.name)) for i, c in enumerate(cards, 1) if c.id in left]
    return Ask(_("Card drawn at the table"), "choice", choices=tuple((v, label) for _k, v, label in rows),
               keys=tuple(k for k, _v, _l in rows))


def swap_label(card) -> str:
    """A swap token as the table tells it apart: its name, and a turtle's rate (two turtles take one die)."""
    per = card.get("points_per_hope")
    return _(card.name) + (ngettext(", 1 hope per point", ", 1 hope per {n} points", per).format(n=per) if per else "")


def _token(t, cat, q):
    among = at.pick_among(t)
    why = _(WHY[q["for"]]) if q.get("for") in WHY else _("who")
    return _("Colour tokens"), _("Drop the colour tokens to pick {why}.").format(why=why), token_ask(t, cat, among, _("Whose token fell?")), \
        lambda a: at.ColourToken.parse(t, cat, a)


def _jelly(t, cat, q, dive=False):
    j = flow(t).get("jelly") or {}
    seat = q.get("seat")
    if dive and flow(t).get("suitcase"):  # back alive: the table turns a suitcase token up
        from .hazards import SUITCASES

        diver = flow(t)["suitcase"]
        ask = Ask(_("Suitcase turned up"), "choice", choices=((draws.DRAW, _(draws.DRAW_LABEL)), *((k, _(v)) for k, v in SUITCASES.items())),
                  keys=("0", "1", "2", "3"))
        return _("Suitcase"), _("{who} reaches the floating suitcases and turns one up.").format(who=name(t, cat, diver)), ask, \
            lambda a: at.Jellyfish.parse(t, cat, dive=True, suitcase=a)
    if "card" not in j:
        say = _("Draw the top jellyfish card and lay it by the raft.{part}").format(part=_(" {who} pays 2 hope to dive.").format(who=name(t, cat, seat)) if dive else "")
        offers = tuple((_("Jellyfish card"), c.id, f"{c.id} · {_(c.name)}") for c in cat.deck("jellyfish").cards)
        if physical_decks(t) or drawn_at_table(cat, "jellyfish"):  # the table draws; some cards are in no rulebook
            ids = ", ".join(f"{n} {name_}" for n, _c, name_ in draws.numbered(cat, "jellyfish"))
            ask = Ask(_("Card drawn at the table: its four challenges like >1,>2,<3,<4, its number or name ({ids}), or 'draw' (castaway draws)").format(
                ids=ids), "text", offers=offers)
        else:
            ask = Ask(_("Card drawn: Enter draws virtually; or its id (swarm-a) or its four challenges like >1,>2,<3,<4"), "text",
                      default=ROLL, offers=offers)
        return _("Jellyfish card"), say, ask, lambda a: at.Jellyfish.parse(t, cat, who=seat, card=_r(a), swim=False, dive=dive)
    if j.get("challenges") is None:
        return _("Jellyfish card"), _("Card {card} is not in the rulebooks: read its four challenges from the card.").format(card=j["card"]), \
            Ask(_("Its four challenges, like >1,>2,<3,<4"), "text"), lambda a: at.Jellyfish.parse(t, cat, card=a, swim=False, dive=dive)
    ch = ", ".join(f"{o}{n}" for o, n in j["challenges"])
    return _("Swim"), _("{who} swims back with the placement die: {ch}; each miss costs 1 strength.").format(who=name(t, cat, j['who']), ch=ch), \
        Ask(_("The four swim rolls"), "dice", dice=("placement",) * 4,
            names=tuple(_("Swim roll {n}: {challenge}").format(n=i, challenge=f"{op}{num}") for i, (op, num) in enumerate(j["challenges"], 1))), \
        lambda a: at.Jellyfish.parse(t, cat, faces=a, dive=dive)


def _shark1(t, cat, q):
    fin = 1 if q["do"] == "shark-1" else 6
    return _("Shark {fin}").format(fin=fin), _("Shark {fin} bites once: roll the shark die, only the inner die counts.").format(fin=fin), \
        Ask(_("Shark die (outer/inner)"), "dice", dice=("shark",)), lambda a: at.SharkBite.parse(t, cat, fin, a)


def plank_name(cat, plank: str) -> str:
    """A plank as the table sees it: its side of the raft and its place from the outside."""
    side = "flare" if plank in cat.rules["raft"]["planks_flare"] else "bottle"
    i = cat.rules["raft"][f"planks_{side}"].index(plank) + 1
    return (_("flare side, plank {i} from the outside") if side == "flare" else _("bottle side, plank {i} from the outside")).format(i=i)


def plank_warning(t, cat) -> list[str]:
    """Before a plank roll: which raft spot rests on which plank, and what an even and an odd roll do
    (who moves, who drowns), each with its chance."""
    from .core import raft
    from .hazards import lose_plank

    rr = cat.rules["raft"]
    lost = d21(t).get("lost_spots", [])
    spots = [_("spot {spot} on {plank}: {who}").format(spot=sp, plank=plank_name(cat, rr["spot_plank"][str(sp)]),
                                                        who=name(t, cat, seat) if seat in living(t) else _("empty"))
             for sp, seat in raft(t).items() if str(sp) in rr["spot_plank"] and sp not in lost]
    lines = [_("Raft: {spots}.").format(spots="; ".join(spots))]
    for face, word in ((2, _("Even (3 in 6)")), (1, _("Odd (3 in 6)"))):
        trial = t.copy()
        before = set(living(trial))
        say = lose_plank(trial, cat, face)
        drowned = [name(t, cat, s) for s in before - set(living(trial))]
        verdict = _("{who} drowns").format(who=", ".join(drowned)) if drowned else _("nobody drowns")
        lines.append(f"{word}: {verdict}. {say}")
    return lines


def _plank(t, cat, q):
    say = _("Roll a die: even, a plank by the flares drifts off; odd, one by the bottle.") + "\n  " + "\n  ".join(plank_warning(t, cat))
    return _("Plank lost"), say, Ask(_("Plank die"), "dice", dice=("d6",)), lambda a: at.PlankLoss.parse(t, cat, a)


def _disaster(t, cat, q):
    dz = flow(t).get("disaster") or {}
    if "card" not in dz and "cancel-disaster" in d21(t).get("today", []):  # Calm waters, the Kid: no card is drawn
        return _("Disaster"), _("Today's disaster is cancelled: no disaster card is drawn."), GO, lambda a: ev.Disaster()
    if "card" not in dz:
        return _("Disaster"), _("The starting player shuffles the disaster deck and draws a card."), \
            card_ask(t, cat, "disaster"), lambda a: ev.Disaster.parse(t, cat, card=a)
    spec = cat.deck("disaster").card(dz["card"].split(":")[0])
    cost = spec.get("avert")
    return _("Avert the disaster?"), _("{name}: {part} Type who pays (red=1,blue=1), 'token:SEAT' to use the ability token that cancels a disaster, or Enter to let it happen.").format(name=_(spec.name), part=_("pay {cost} hope together to avert it.").format(cost=cost) if cost else _("no price shown.")), \
        Ask(_("Avert"), "text", default="no"), *grab_steps(t, cat)


def grab_steps(t, cat):
    """The disaster's make, and what the table may change afterwards: when the octopus grabs, castaway
    dropped the colour tokens and rolled the plank die; the table may have used its own instead."""
    answer = {}

    def make(a):
        answer["avert"] = a
        return ev.Disaster.parse(t, cat, avert=a)

    def after(res, t2):
        if not isinstance(res, dict) or "seat" not in res or not res.get("faces"):
            return None
        keep = _("{who} and plank die {v}").format(who=name(t, cat, res["seat"]), v=res["faces"][0])
        ask = Ask(_("Colour token and plank die from the table, e.g. 'blue 4'; Enter keeps castaway's: {keep}").format(keep=keep), "text", default="keep")

        def remake(a):
            bits = str(a).split()
            if not bits or bits[0].lower() == "keep":
                return None
            if len(bits) != 2:
                from ...errors import UsageError
                raise UsageError(_("{a!r}: type the colour token that fell and the plank die, e.g. 'blue 4', or Enter").format(a=a))
            return ev.Disaster.parse(t, cat, avert=answer.get("avert"), token=bits[0], face=bits[1])
        return ask, remake
    return make, after


def _paranoia(t, cat, q):
    p = flow(t).get("paranoia") or {}
    if "face" not in p:
        who = p.get("who") or flow(t).get("picked")
        return _("Paranoia"), _("{part} rolls their placement die: that much strength is lost.").format(part=name(t, cat, who) if who else _("The victim")), \
            Ask(_("Paranoia die"), "dice", dice=("placement",)), lambda a: at.Paranoia.parse(t, cat, face=a)
    seat = p["who"]
    most = min(p["face"], hope(t, seat))
    return _("Paranoia"), _("{who} rolled {face}: they may pay their own hope, 1 per point.").format(who=name(t, cat, seat), face=p['face']), \
        Ask(_("Hope paid"), "number", lo=0, hi=most, default=0), lambda a: at.Paranoia(pay=a)


def _steal(t, cat, q):
    return _("The octopus steals"), _("The octopus takes one strength die for good."), GO, lambda a: at.StealDie()


def _scruffs(t, cat, q):
    sc = d21(t)["scruffs"]
    cur = sc.get("drawn")
    if cur is None:
        ask = Ask(_("Token taken at the table: its number, name or id; 'draw': castaway draws; 'skip' takes none"), "text") if physical_decks(t) else \
            Ask(_("Token (Enter draws virtually; or its id; 'skip' takes none)"), "text", default=ROLL)
        return _("Scruffs"), _("Scruffs is strong (5-6): take the top Scruffs token."), ask, \
            lambda a: scruffs.ScruffsToken(skip=True) if a == "skip" else scruffs.ScruffsToken.parse(t, cat, card=a)
    base = cur.split(":")[0]
    if base not in sc.get("needs", {}):
        return _("Scruffs"), _("Token: {name}.").format(name=_(cat.deck('scruffs').card(base).name)), \
            Ask(_("Which numbers are printed on it (e.g. 5,6)?"), "text"), lambda a: scruffs.ScruffsToken.parse(t, cat, needs=a)
    return _("Scruffs"), _("Roll the Scruffs die: {items} wins the token.").format(items=','.join(map(str, sc['needs'][base]))), \
        Ask(_("Scruffs die"), "dice", dice=("green",)), lambda a: scruffs.ScruffsToken.parse(t, cat, face=_r(a))


def _attack(t, cat, q):
    if t.data["tracks"]["shark"] != 1 or day(t) >= 21:
        return _end(t, cat, q)
    sh = flow(t).get("shark") or {"bite": 0}
    spots = ", ".join(f"{sp}: {colour(s) if s else _('empty')}" for sp, s in d21(t)["raft"].items())
    return _("Shark attack, bite {n} of 4").format(n=sh['bite'] + 1), _("The starting player rolls the shark die: the outer face picks the shark fin (raft {spots}), the inner face is the bite's strength; it wounds if above the visible strength.").format(spots=spots), \
        Ask(_("Shark die (outer/inner)"), "dice", dice=("shark",)), lambda a: at.SharkAttack.parse(t, cat, faces=a)


def _end(t, cat, q):
    return _("End of the day"), _("Pass the starting player token clockwise; the next logbook page comes up."), GO, \
        lambda a: fl.EndDay()


BUILD = {
    "setup": _setup, "weather": _weather, "weather-board": _weather_board, "weather-effect": _weather_effect,
    "shark": _shark, "morning": _symbols("morning"), "midday": _midday, "evening": _symbols("evening"),
    "sym": _sym, "token": _token, "jellyfish": _jelly, "dive": lambda t, c, q: _jelly(t, c, q, dive=True),
    "shark-1": _shark1, "shark-6": _shark1, "plank": _plank, "disaster": _disaster, "paranoia": _paranoia,
    "steal-die": _steal, "scruffs": _scruffs, "place": _place, "activate": _activate, "octopus": _octopus,
    "magnusson": _magnusson, "tentacle": _tentacle,
    "flare": _dice_loc("flare", N_("Flares"), lambda t, c, q, a: lo.Flare.parse(t, c, faces=a), anchor_after),
    "receive": _receive,
    "play": _dice_loc("play", N_("Bottle: play"), lambda t, c, q, a: bo.Bottle.parse(t, c, "play", q.get("seat"), a)),
    "swap": lambda t, c, q: _swap(t, c, q),
    "hope": _dice_loc("hope", N_("Hope"), lambda t, c, q, a: lo.Hope.parse(t, c, faces=a), share_after("hope")),
    "fishing": _dice_loc("fishing", N_("Fishing"), lambda t, c, q, a: lo.Fishing.parse(t, c, face=a), share_after("fishing")),
    "plank-spot": _dice_loc("plank", N_("Plank location"), lambda t, c, q, a: lo.PlankSpot.parse(t, c, a)),
    "horvath": _horvath, "card": _card, "tomi": _tomi, "kid": _kid, "plant": _plant, "harvest": _harvest,
    "attack": _attack, "end": _end, "exhaustion": _exhaustion, "rosina": _rosina, "day21": _day21,
}
