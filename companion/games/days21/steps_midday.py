"""21 Days, guided game: the steps of Midday (placement and the locations' activations)."""

from __future__ import annotations

from ...errors import UsageError
from ...guide import Ask
from ...i18n import N_, _
from . import abilities as ab
from . import attacks as at
from . import bottle as bo
from . import draws
from . import flow as fl
from . import locations as lo
from .core import ROLL, colour, d21, flow, living, name, physical_decks
from .steps_common import GO, _r, who_ask


def board_numbers(cat) -> dict[str, str]:
    """Each location's number for the whole game: board order (the Octopus takes no die by choice), 0 for none."""
    order = [loc for loc in cat.rules["locations"]["order"] if loc != "octopus"]
    return {**{loc: str(i) for i, loc in enumerate(order, 1)}, "none": "0"}


def _place(t, cat, q):
    seat = q["seat"]
    opts = fl.available(t, cat, seat)
    placed = flow(t).get("placements", [])
    now = "; ".join(f"{name(t, cat, s)}: {_(fl.NAMES.get(loc, loc))}" for s, loc in placed) or _("nothing yet")
    white = _(" (the white die of Extra hands, or none)") if q.get("extra") else ""
    nums = board_numbers(cat)
    rest = [x for x in flow(t).get("queue", []) if x.get("do") == "place"]
    say = _("{who} places their die{white}. On the board: {now}.").format(who=name(t, cat, seat), white=white, now=now)
    if len(rest) > 1:
        say += _("\n  Dice placed at the table already? Type every die still to place, in this order: {order} (e.g. {example}).").format(
            order=", ".join(name(t, cat, x["seat"]) for x in rest), example=",".join(nums[opts[0]] for _x in rest))
    ask = Ask(_("Where?"), "choice", multiple=True, choices=tuple((o, _(fl.NAMES[o])) for o in opts),
              keys=tuple(nums[o] for o in opts), also=tuple((n, loc) for loc, n in nums.items()))

    def make(a):
        a = (a,) if isinstance(a, str) else tuple(a or ())
        if not a:
            raise UsageError(_("type where {who}'s die goes: a number of the list or its name").format(who=name(t, cat, seat)))
        if len(a) > len(rest):
            raise UsageError(_("{n} locations for {m} dice still to place").format(n=len(a), m=len(rest)))
        if len(a) == 1:
            return fl.Place.parse(t, cat, seat, a[0], bool(q.get("extra")))
        return fl.Places.parse(t, cat, tuple((x["seat"], loc, bool(x.get("extra"))) for x, loc in zip(rest, a)))

    return _("Placement"), say, ask, make


def _activate(t, cat, q):
    return _("Activation"), _("All dice are placed: roll them location by location, in board order."), GO, lambda a: fl.Activate()


def _octopus(t, cat, q):
    return _("Octopus"), _("The starting player rolls the octopus die: blank sleeps, any tentacle wakes it."), \
        Ask(_("Octopus die"), "dice", dice=("octopus",)), lambda a: at.Octopus.parse(t, cat, a)


def _magnusson(t, cat, q):
    face = (flow(t).get("octopus") or {}).get("face")
    return _("The Professor"), _("The octopus die shows {face}. Prof. Magnusson may reroll it once for 2 hope.").format(face=face), \
        Ask(_("Reroll?"), "confirm", default=False), lambda a: ab.MagnussonReroll(bool(a))


def _tentacle(t, cat, q):
    fight = flow(t).get("fight") or {}
    i = fight.get("done", 0) + 1
    if fight.get("victim"):
        v = fight["victim"]
        return _("Tentacle {i} of {of}").format(i=i, of=fight.get('total', fight['of'])), _("{who} defends with their placement die against {white}: lower loses 1 strength, equal escapes, higher cuts the tentacle.").format(who=name(t, cat, v), white=fight['white']), \
            Ask(_("Defence roll"), "dice", dice=("placement",)), lambda a: at.Tentacle.parse(t, cat, white=None, token=None, defence=_r(a))
    strengths = ", ".join(f"{colour(s)} {t.visible(s)}" for s in living(t))
    return _("Tentacle {i} of {value}").format(i=i, value=fight.get('total', t.data['counters']['tentacles'])), \
        _("Roll the white die: it grabs whoever shows that visible strength ({strengths}).").format(strengths=strengths), \
        Ask(_("White die"), "dice", dice=("white",)), lambda a: at.Tentacle.parse(t, cat, white=_r(a), token=None, defence=None)


def _dice_loc(kind, what, action, after=None):
    def build(t, cat, q):
        seats = [s for s, loc in flow(t).get("placements", []) if loc == kind and s in living(t)]
        if q.get("seat"):
            seats = [q["seat"]]
        return _(what), _("Roll the dice on {location}: {who}.").format(location=_(fl.NAMES[kind]), who=", ".join(name(t, cat, s) for s in seats)), \
            Ask(_("{what} dice ({seats})").format(what=_(what), seats=', '.join(colour(s) for s in seats)), "dice", dice=("placement",) * max(1, len(seats))), \
            lambda a: action(t, cat, q, a), (after(t, cat) if after else None)
    return build


def share_after(kind):
    """Who gets the fish or the hope tokens is the table's to decide: castaway's share stands on Enter."""
    def make_after(t, cat):
        def after(res, t2):
            if not isinstance(res, dict) or not res.get("faces"):
                return None
            gained = {s: (t2.seat_values(s).get("hope", 0) - t.seat_values(s).get("hope", 0)) if kind == "hope"
                      else len(t2.seat_values(s).get("strength") or []) and t2.visible(s) - t.visible(s) for s in living(t2)}
            n = sum(max(0, g) for g in gained.values())
            rollers = [s for s, loc in flow(t).get("placements", []) if loc == kind]
            if n == 0 or len(living(t2)) < 2 or (kind == "hope" and len(rollers) < 2):
                return None  # nothing to share, or one who takes it all
            now = ", ".join(f"{colour(s)} +{g}" for s, g in gained.items() if g > 0)
            what = _("the hope tokens") if kind == "hope" else _("the fish")
            ask = Ask(_("Who gets {what}? One colour per item, e.g. {a},{b}; Enter keeps castaway's share: {now}").format(what=what, now=now, a=colour("red"), b=colour("blue")),
                      "text", default="keep")
            # the same dice again: the faces typed, or (rolled virtually) the same draw of the table's generator
            typed = [r["face"] for r in res.get("rolls") or [] if r.get("typed")]
            faces = tuple(typed) if typed and len(typed) == len(res["faces"]) else None

            def remake(a):
                if str(a).strip().lower() in ("keep", ""):
                    return None
                if kind == "hope":
                    return lo.Hope.parse(t, cat, faces=faces, to=str(a))
                return lo.Fishing.parse(t, cat, face=None if faces is None else faces[0], to=str(a))
            return ask, remake
        return after
    return make_after


def anchor_after(t, cat):
    """The anchor reached: each flare die's hope token may go to any survivor (the table chooses); Enter
    keeps them with the dice's owners."""
    def after(res, t2):
        if not isinstance(res, dict) or not res.get("anchor"):
            return None
        owners = [s for s, loc in flow(t).get("placements", []) if loc == "flare" and s in living(t)]
        ask = Ask(_("The ship reached the anchor: who gets the {n} hope token(s)? One colour per flare die, or one for all, e.g. {a},{b}; Enter: each die's owner ({owners})").format(
            n=len(owners), a=colour("red"), b=colour("blue"), owners=", ".join(colour(s) for s in owners)), "text", default="keep")
        typed = [r["face"] for r in res.get("rolls") or [] if r.get("typed")]
        faces = tuple(typed) if typed and len(typed) == len(res["faces"]) else None

        def remake(a):
            if str(a).strip().lower() in ("keep", ""):
                return None
            return lo.Flare.parse(t, cat, faces=faces, anchor_to=str(a))
        return ask, remake
    return after


def _swap(t, cat, q):
    token = (d21(t).get("swap") or "").split(":")[0]
    seats = [s for s, loc in flow(t).get("placements", []) if loc == "swap" and s in living(t)]
    if token == "bottle-swap":
        ask = draw_ask(t, cat, "bottle", _("Bottle card drawn")) if physical_decks(t) else \
            Ask(_("Card drawn (Enter draws virtually, or its id)"), "text", default=ROLL)
        return _("Swap: Bottle"), _("{items} takes the top bottle card, then plays one.").format(items=', '.join(seats)), \
            ask, lambda a: lo.Swap.parse(t, cat, card=a)
    if token == "flare-swap":
        return _("Swap: Flare"), _("{items} pays {swap_cost} hope and fires up to 3 flares.").format(items=', '.join(seats), swap_cost=cat.rules['flare']['swap_cost']), \
            Ask(_("Flare dice, up to three (as many faces as were rolled)"), "dice", dice=("placement",) * cat.rules["flare"]["swap_rolls"]), lambda a: lo.Swap.parse(t, cat, faces=a)
    return _dice_loc("swap", N_("Swap location"), lambda t_, c, q_, a: lo.Swap.parse(t_, c, faces=a))(t, cat, q)


def draw_ask(t, cat, deck: str, question: str) -> Ask:
    """Which card the table drew: a number or name of the list (the cards still in the draw pile), or 0 /
    'draw' (Czech 'táhni'): castaway draws for the table. No default: Enter draws nothing."""
    ch, keys = draws.choices(t, cat, deck)
    return Ask(question, "choice", choices=ch, keys=keys)


def _receive(t, cat, q):
    """Bottle, receive: the die first; on 2, 4 or 6 the table draws a card and says which (physical decks)."""
    pend = flow(t).get("bottle")
    if not pend:
        return _dice_loc("receive", N_("Bottle: receive"), lambda t_, c, q_, a: bo.Bottle.parse(t_, c, "receive", q_.get("seat"), a))(t, cat, q)
    seat = pend["seat"]
    return _("Bottle: receive"), _("{who} rolled {v}: a bottle washes up. Which bottle card did they draw?").format(who=name(t, cat, seat), v=pend["face"]), \
        draw_ask(t, cat, "bottle", _("Bottle card drawn")), lambda a: bo.Bottle.parse(t, cat, "receive", seat, None, a)


def _horvath(t, cat, q):
    return _("Horvath"), _("Horvath may fire another flare for 2 hope."), \
        Ask(_("His die, or 'stop'"), "dice", dice=("placement",)), \
        lambda a: lo.HorvathFlare(stop=True) if a and str(a).strip().lower() == "stop" else lo.HorvathFlare.parse(t, cat, a)


def _card(t, cat, q):
    seat = q["seat"]
    held = t.deck("bottle")["held"].get(seat) or []
    cards = tuple((c, _(cat.deck("bottle").card(c.split(":")[0]).name)) for c in held)
    if any(c.startswith("four-flares") for c in held) and len(held) == 1:
        return _("Bottle card"), _("{who} may play Four flares: roll 4 dice (or type 'keep').").format(who=name(t, cat, seat)), \
            Ask(_("Four flares"), "dice", dice=("d6",) * 4), \
            lambda a: bo.PlayCard(seat, keep=True) if a == "keep" else bo.PlayCard.parse(t, cat, seat, faces=a)
    choices = cards + ((("keep", _("keep it for later")),) if len(held) == 1 else ())
    return _("Bottle card"), _("{who} may play a bottle card.").format(who=name(t, cat, seat)), Ask(_("Play which?"), "choice", choices=choices), \
        lambda a: bo.PlayCard(seat, keep=True) if a == "keep" else bo.PlayCard.parse(t, cat, seat, card=a)


def _tomi(t, cat, q):
    return _("Tomi"), _("Tomi may catch one more fish for 2 hope."), \
        who_ask(t, cat, _("For whom?"), living(t), ("no", _("no extra fish")), default="no"), \
        lambda a: ab.Ability.parse(t, cat, "tomi", to=a)


def _kid(t, cat, q):
    k = flow(t).get("kid")
    if k is None:
        return _("The Kid"), _("The Kid rolls his die: 1-2 nothing, 3-4 he loses 1 strength, 5-6 a choice."), \
            Ask(_("The Kid's die"), "dice", dice=("placement",)), lambda a: lo.Kid.parse(t, cat, face=a)
    return _("The Kid"), _("The Kid rolled {face}: choose.").format(face=k['face']), Ask(_("Choice"), "choice", choices=(
        ("cancel-disaster", _("cancel today's disaster")), ("strength", _("+2 strength for the Kid")),
        ("skip-page", _("remove the next logbook page")))), lambda a: lo.Kid.parse(t, cat, choice=a)


def _plant(t, cat, q):
    return _("The plant"), _("Slide the plant card up a step and put fruit (hope from the bag) on it."), GO, lambda a: fl.PlantGrow()


def _harvest(t, cat, q):
    p = d21(t).get("plant") or {}
    if p.get("days", 0) < 3:
        return _("The plant"), _("Not ripe yet."), GO, lambda a: fl.PlantGrow(harvest=True)
    return _("Harvest"), _("The plant is ripe: 3 hope and 2 strength. Type hope receivers; strength receivers (e.g. red,red,blue; yellow,blue), or Enter."), \
        Ask(_("Share"), "text", default=";"), lambda a: fl.PlantGrow.parse(t, cat, True, *(str(a).split(";") + [""])[:2])
