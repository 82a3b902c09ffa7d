"""21 Days: setup, the consequences the rules make automatic, the outcome, and the guided game's entry.

Sources: 21-days-rulebook-en.txt and 21-dni-pravidla-cs.txt (the Czech edition fills the English
text's gaps: setup strength roll, one hope each, difficulty start, ability tokens, crew survivors).
The procedures live in attacks / hazards / locations / bottle / events / abilities, the day's phases in
flow; importing this module registers them all.
"""

from __future__ import annotations

from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import RuleError, UsageError, did_you_mean
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table, new_table
from . import abilities, afterdie, attacks, bottle, correct, day21, events, hazards, locations, scruffs  # noqa: F401 (registers actions)
from . import flow as days21_flow
from .core import COLOURS, DECKS, d21, living, seat_word
from .core import colour as colour_word
from .names import TOKEN

DIFFICULTIES = ("green", "orange", "red")
PROMOS = ("shark6", "bye-bye-shark", "blowfish", "plank-location", "plant")

SAY = {
    "scruffs_seat": N_("Scruffs Up! puts Scruffs in the green seat; drop --survivor for green or drop --scruffs"),
    "difficulty": N_("difficulty {d!r}: accepted: green, orange, red (red is hardest)"),
    "starting": N_("starting player {s!r}: accepted: {accepted}"),
    "promo": N_("promo {p!r}: accepted: {accepted}"),
    "ability": N_("ability token {a!r} for {seat}: accepted: {accepted}"),
    "decks": N_("decks {d!r}: accepted: physical (the table draws, castaway asks), virtual (castaway draws)"),
}


def _promos(options: dict) -> set[str]:
    p = options.get("promos")
    if p is True:  # --promos: the promo bottle cards; the 6-step shark card has a flag of its own
        out = set(PROMOS) - {"shark6"}
    elif isinstance(p, str):
        out = {x.strip() for x in p.split(",") if x.strip()}
    else:
        out = set(p or ())
    if options.get("shark6"):
        out.add("shark6")
    for x in out:
        if x not in PROMOS:
            raise UsageError(_(SAY["promo"]).format(p=x, accepted=", ".join(PROMOS)))
    return out


def _yes(value) -> bool:
    """An option that may come from --opt KEY=VALUE as text."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "0", "no", "n", "false", "off")
    return bool(value)


def setup(cat: GameCatalog, options: dict, seed: int) -> Table:
    """The table after setup, from the choices made (options) and the seed for virtual dice.

    options: players [names]; survivors {colour: id} (missing ones drawn at random); strength
    {colour: [top, bottom]} (missing ones rolled; a virtual roll totalling under 20 or over 40 is
    rolled again once); decks (physical: every draw is asked; virtual: castaway draws; a setup that names
    none was stored before the option, when castaway drew); difficulty; scruffs (Scruffs Up!); promos (list or true) and shark6;
    weather, kite (expansions); starting (seat); abilities {colour: token id}; edition.
    """
    t = new_table(cat, COLOURS, options, seed, edition=options.get("edition", "en"))
    if "decks" in options:
        decks = DECKS.get(str(options["decks"]).strip().lower())
        if decks is None:
            raise UsageError(_(SAY["decks"]).format(d=options["decks"]))
        t.data["options"]["decks"] = decks
    rng = t.rng()
    chosen = dict(options.get("survivors") or {})
    if options.get("scruffs"):
        if chosen.get("green", "scruffs") != "scruffs":
            raise UsageError(_(SAY["scruffs_seat"]))
        chosen["green"] = "scruffs"
    for colour in COLOURS:
        pick = chosen.get(colour)
        pool = [c.id for c in cat.characters.values() if c.role == colour and not c.get("dog") and not c.get("absent")]
        if pick is None:
            pick = rng.choice(sorted(pool))
        elif pick not in cat.characters:
            raise UsageError(_("survivor {pick!r} is not in 21 Days; {did_you_mean}").format(pick=pick, did_you_mean=did_you_mean(pick, cat.characters)))
        elif cat.characters[pick].get("absent"):
            raise UsageError(_("survivor {pick!r} is not in this edition of 21 Days; {did_you_mean}").format(
                pick=pick, did_you_mean=did_you_mean(pick, [c.id for c in cat.characters.values() if not c.get("absent")])))
        elif cat.characters[pick].role != colour:
            raise UsageError(_("survivor {pick!r} is {role}, not {colour}: one survivor of each colour").format(pick=pick, role=cat.characters[pick].role, colour=colour))
        elif cat.characters[pick].get("dog") and not options.get("scruffs"):
            options = {**options, "scruffs": True}
            t.data["options"]["scruffs"] = True
        t.seat_values(colour)["survivor"] = pick
    players = list(options.get("players") or [])
    for i, colour in enumerate(COLOURS):
        if players:
            t.seat_values(colour)["player"] = players[i % len(players)]
    _strength(t, cat, options, rng)
    difficulty = options.get("difficulty", "orange")
    if difficulty not in DIFFICULTIES:
        raise UsageError(_(SAY["difficulty"]).format(d=difficulty))
    t.data["tracks"]["ship"] = cat.rules["ship_start"][difficulty]
    promos = _promos(options)
    if "shark6" in promos:
        t.data["limits"]["shark"] = [1, 6]
        t.data["tracks"]["shark"] = 6
    starting = options.get("starting", "red")
    if starting not in COLOURS or t.seat_values(starting)["survivor"] == "scruffs":
        ok = [c for c in COLOURS if t.seat_values(c)["survivor"] != "scruffs"]
        raise UsageError(_(SAY["starting"]).format(s=starting, accepted=", ".join(ok)))
    t.data["flags"]["starting"] = starting
    for deck in ("bottle", "disaster", "jellyfish", "swap", "scruffs"):
        d = t.deck(deck)
        if deck == "bottle":
            out = [c.id for c in cat.deck("bottle").cards if c.get("promo") and c.id not in promos]
            d["out"] = [c for c in d["draw"] if c.split(":")[0] in out]
            d["draw"] = [c for c in d["draw"] if c not in d["out"]]
        if deck == "scruffs" and not options.get("scruffs"):
            d["out"], d["draw"] = d["draw"], []
        rng.shuffle(d["draw"])
    # the swap location: one token drawn at random and put on the board (or the one the table turned up:
    # --opt swap; with physical decks and none given, the guided setup asks which)
    swap = t.deck("swap")
    first = swap["draw"].pop(0)
    swap["table"].append(first)
    if options.get("swap") not in (None, ""):
        from . import draws

        d21(t)["swap"] = first
        got = draws.typed_card(t, cat, "swap", options["swap"])
        if got not in (None, draws.DRAW):
            draws.put_swap(t, got)
            first = got
    t.data["dead"] = []
    x = d21(t)
    x["raft"] = {str(spot): None for spot in cat.rules["raft"]["spots"]}
    spots = [str(s) for s in cat.rules["raft"]["spots"]]
    fishing = str(cat.rules["raft"]["fishing_spot"])
    order = list(COLOURS)
    if options.get("scruffs"):
        x["raft"][fishing] = "green"
        spots.remove(fishing)
        order.remove("green")
    for seat, spot in zip(order, spots):
        x["raft"][spot] = seat
    x["planks"] = list(cat.rules["raft"]["planks_flare"]) + list(cat.rules["raft"]["planks_bottle"])
    x["swap"] = first
    if t.data["options"].get("decks") == "physical" and options.get("swap") in (None, ""):
        x["to_ask"] = ["swap"]  # the table turns one up at setup: asked before the table is set up
    x["special"] = {tok: "bag" for tok in cat.rules["special_hope"]["ids"]}
    x["ability"] = _abilities(t, cat, options, rng)
    x["weather"] = {"today": None, "tomorrow": None} if _yes(options.get("weather")) else None
    if _yes(options.get("kite")):
        suitcases = list(cat.rules["kite"]["suitcases"])
        rng.shuffle(suitcases)
        x["kite"] = {"suitcases": suitcases, "found": [], "built": 0, "flying": False}
    else:
        x["kite"] = None
    x["scruffs"] = {"active": None, "uses": 0} if _yes(options.get("scruffs")) else None
    x["today"] = []
    x["just_attacked"] = False
    x["skip_pages"] = 0
    days21_flow.start(t, cat)
    return t


def _strength(t: Table, cat: GameCatalog, options: dict, rng) -> None:
    typed = options.get("strength") or {}
    rolled = []
    for colour in COLOURS:
        vals = t.seat_values(colour)
        if vals["survivor"] == "scruffs":
            vals["strength"] = [cat.rules["setup"]["scruffs_strength"]]
            continue
        dice = typed.get(colour)
        if dice is None:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            rolled.append(colour)
        vals["strength"] = list(dice)
        vals["hope"] = cat.rules["setup"]["hope_each"]
    lo, hi = cat.rules["setup"]["strength_reroll_below"], cat.rules["setup"]["strength_reroll_above"]
    total = strength_total(t)
    if rolled and (total < lo or total > hi) and _yes(options.get("reroll", True)):
        for colour in rolled:  # the reroll allowance, taken once for the virtually rolled dice
            t.seat_values(colour)["strength"] = [rng.randint(1, 6), rng.randint(1, 6)]


def rolled_seats(options: dict) -> list[str]:
    """The seats whose two strength dice are rolled at setup (Scruffs' one die starts at 4, not rolled)."""
    dog = options.get("scruffs") or (options.get("survivors") or {}).get("green") == "scruffs"
    return [c for c in COLOURS if not (dog and c == "green")]


def check_setup(cat: GameCatalog, options: dict) -> None:
    """Strength typed at setup: when every rolled die was typed and their total is under 20 or over 40, the
    table may roll all of them again, once (21-dni-pravidla-cs.txt § Příprava hry J). castaway refuses the
    typed dice until the table says which: the new faces typed, or these kept (`keep_strength`)."""
    typed = options.get("strength") or {}
    seats = rolled_seats(options)
    if options.get("keep_strength") or not all(s in typed for s in seats):
        return
    total = sum(sum(typed[s]) for s in seats)
    lo, hi = cat.rules["setup"]["strength_reroll_below"], cat.rules["setup"]["strength_reroll_above"]
    if total < lo or total > hi:
        raise RuleError(_("the strength dice total {total}, {side} {bound}: the rulebook lets the table roll them all again, once; type the new faces, or add --keep-strength to keep these").format(
            total=total, side=_("under") if total < lo else _("over"), bound=lo if total < lo else hi))


def _abilities(t: Table, cat: GameCatalog, options: dict, rng) -> dict:
    ids = list(cat.rules["ability_tokens"]["ids"])
    given = options.get("abilities") or {}
    out = {}
    left = [i for i in ids if i not in given.values()]  # dealt from the box: no two survivors get the same one
    for colour in COLOURS:
        if t.seat_values(colour)["survivor"] == "scruffs":
            continue
        a = given.get(colour) or left.pop(rng.randrange(len(left)))
        if a not in ids:
            raise UsageError(_(SAY["ability"]).format(a=a, seat=colour, accepted=", ".join(ids)))
        out[colour] = {"id": a, "used": False}
    return out


def strength_total(t: Table) -> int:
    return sum(sum(t.seat_values(s)["strength"]) for s in t.seats)


def settle(t: Table, cat: GameCatalog) -> None:
    """A survivor whose last strength die is gone dies: hope back to the bag, bottle card reshuffled.

    Nobody left alive ends the game as lost.
    """
    dead = t.data.setdefault("dead", [])
    for seat in t.seats:
        if seat in dead or t.alive(seat):
            continue
        dead.append(seat)
        vals = t.seat_values(seat)
        vals["hope"] = 0
        deck = t.deck("bottle")
        held = deck["held"].pop(seat, [])
        if held:
            deck["draw"].extend(held)
            t.rng().shuffle(deck["draw"])
        days21_flow.forget(t, seat)
        if "flow" in t.data and "decks" in t.data["options"]:  # a strength card in another's hand for the dead survivor leaves the game (CS § Karty láhve)
            for holder, cards in list(deck["held"].items()):
                for c in list(cards):
                    if cat.deck("bottle").card(c.split(":")[0]).get("colour") == seat:
                        cards.remove(c)
                        deck["out"].append(c)
                if not cards:
                    del deck["held"][holder]
    for seat in t.seats:
        vals = t.seat_values(seat)
        if vals.get("survivor") == "scruffs" and vals.get("hope", 0) > 0:
            raise RuleError(_("Scruffs cannot hold hope tokens: give them to the other survivors"))
    if "flow" in t.data and not living(t) and not t.data.get("over"):
        t.data["over"] = {"result": "lost", "how": N_("nobody is left alive on the raft")}


# the phase flag's value (decks/21days/board.toml) for each phase a task of the day belongs to
PHASE_FLAG = {"setup": "setup", "weather": "weather", "weather-board": "weather", "shark": "shark", "morning": "morning",
              "weather-effect": "morning", "midday": "midday", "evening": "evening", "harvest": "evening",
              "attack": "attack", "end": "logbook", "exhaustion": "day21", "rosina": "day21", "day21": "day21"}


def phase_now(t: Table) -> str:
    """The phase the day stands in, as the phase flag's word (decks/21days/board.toml): the phase of the task at
    the head of the day's queue (issue 26). Derived, never stored: a stored log replays to the table it held."""
    from .steps_common import phase_key

    if t.data.get("over"):
        return "over"
    if "flow" not in t.data:
        return t.data["flags"].get("phase") or "setup"
    queue = t.data["flow"].get("queue") or []
    head = (queue[0].get("do") if queue else None) or ""
    if head == "setup":
        return "setup"
    if head == "attack" and (t.data["tracks"]["shark"] != 1 or t.data["tracks"]["day"] >= 21):
        return "logbook"  # no attack tonight: the day's end (the Czech edition's logbook phase)
    return PHASE_FLAG.get(phase_key(queue), "midday")


def board_marks(cat: GameCatalog) -> dict:
    """The board's printed marks as data (issue 26): the anchor and buoy spaces of the rescue track and which
    raft spot each shark fin points at (decks/21days/game.toml)."""
    from .core import anchor, buoy

    fins = {str(k): int(v) for k, v in (cat.rules.get("raft", {}).get("fins") or {}).items()}
    return {"anchor": anchor(cat), "buoy": buoy(cat), "fins": fins}


def view(t: Table, cat: GameCatalog) -> dict:
    """The state as `status --json` and the boards read it: the table's data with the phase flag the day
    stands in and the board's marks (d21.board); the table itself is left as it is."""
    data = t.copy().data
    data["flags"]["phase"] = phase_now(t)
    data.setdefault("d21", {})["board"] = board_marks(cat)
    return data


def outcome(t: Table, cat: GameCatalog) -> dict:
    """What the play log keeps of a finished 21 Days game."""
    alive = living(t)
    return {
        "day": t.data["tracks"]["day"],
        "alive": len(alive),
        "survivors_alive": [t.seat_values(s).get("survivor") for s in alive],
        "ship": t.data["tracks"]["ship"],
        "difficulty": t.data["options"].get("difficulty", "orange"),
        "how": (t.data.get("over") or {}).get("how", ""),
    }


def next_step(t: Table, cat: GameCatalog):
    """The guided game's next step at this table (None once the game is over)."""
    from .steps import next_step as step

    return step(t, cat)


# -- guided setup -----------------------------------------------------------------------------


def setup_asks(cat: GameCatalog, options: dict):
    """The setup questions, one at a time; later ones depend on the answers already given."""
    yield "mode", Ask(_("How do you play?"), "choice", choices=(
        ("group", _("a group game: 1-4 players, four survivors")),
        ("scruffs", _("Scruffs Up! (solo or group, Scruffs the dog as the green survivor)")),
        ("solo4", _("solo with four survivors, no Scruffs")),
    ), default="group")
    yield "decks", Ask(_("Who draws the cards and tokens?"), "choice", choices=(
        ("physical", _("the table, from its own decks: castaway asks what was drawn")),
        ("virtual", _("castaway, from virtual decks")),
    ), default="physical")
    yield "expansions", Ask(_("Expansions and promos in play"), "choice", multiple=True, choices=(
        ("weather", _("Weather expansion")), ("kite", _("Kite expansion")), ("shark6", _("6-step shark card (promo)")),
        ("bye-bye-shark", _("Bye Bye Shark! bottle card")), ("blowfish", _("Blowfish bottle card")),
        ("plank-location", _("Plank Location bottle card")), ("plant", _("Plant bottle card")),
    ), default="-")
    yield "difficulty", Ask(_("Difficulty: where does the rescue ship start?"), "choice", choices=(
        ("green", _("green (easiest)")), ("orange", _("orange")), ("red", _("red (hardest)"))), default="orange")
    for colour in COLOURS:
        if colour == "green" and options.get("scruffs"):
            continue
        pool = sorted((c for c in cat.characters.values() if c.role == colour and not c.get("dog") and not c.get("absent")),
                      key=lambda c: c.id)
        yield f"survivor:{colour}", Ask(_("The {colour} survivor (Enter: drawn at random)").format(colour=_(colour)), "choice", choices=(
            ("random", _("at random")), *((c.id, f"{_(c.name)}: {_(c.ability)}" + (f" ({_(c.cost)})" if c.cost else "")) for c in pool)),
            default="random")
    for colour in COLOURS:
        if colour == "green" and options.get("scruffs"):
            continue
        yield f"strength:{colour}", Ask(_("Roll the two big {colour} dice for strength: top/bottom, e.g. 2/6").format(colour=_(colour)), "dice", dice=(colour, colour))
    typed = options.get("strength") or {}
    if typed and all(s in typed for s in rolled_seats(options)):
        total = sum(sum(typed[s]) for s in rolled_seats(options))
        lo, hi = cat.rules["setup"]["strength_reroll_below"], cat.rules["setup"]["strength_reroll_above"]
        if total < lo or total > hi:
            yield "reroll", Ask(_("The strength total is {total} (outside {lo}..{hi}): you may roll every strength die again. Type all of them, e.g. red=2/6 yellow=3/4 ..., or Enter to keep").format(total=total, lo=lo, hi=hi), "text", default="keep")
    ids = cat.rules["ability_tokens"]["ids"]
    listed = ", ".join(f"{n} {_(TOKEN.get(i, i))}" for n, i in enumerate(ids, 1))
    yield "abilities", Ask(_("Each survivor flips a two-sided ability token. Type what each shows, colour=number, e.g. {a}=2 {b}=1 ({listed}), or Enter to deal them virtually").format(
        a=colour_word("red"), b=colour_word("blue"), listed=listed), "text", default="random")
    choices = tuple((c, colour_word(c)) for c in COLOURS if not (c == "green" and options.get("scruffs")))
    yield "starting", Ask(_("Who starts (most recently on a boat)?"), "choice", choices=choices, default="red")


def setup_answer(cat: GameCatalog, options: dict, key: str, answer) -> None:
    """Fold one setup answer into the options."""
    if key == "mode":
        options["scruffs"] = answer == "scruffs"
        options["solo"] = answer != "group"
    elif key == "decks":
        options["decks"] = answer
    elif key == "expansions":
        picks = set(answer or ())
        options["weather"] = "weather" in picks
        options["kite"] = "kite" in picks
        options["promos"] = sorted(p for p in picks if p in PROMOS)
    elif key == "difficulty":
        options["difficulty"] = answer
    elif key.startswith("survivor:"):
        if answer != "random":
            options.setdefault("survivors", {})[key.split(":")[1]] = answer
    elif key.startswith("strength:"):
        if answer:
            options.setdefault("strength", {})[key.split(":")[1]] = _two_dice(answer, key.split(":")[1])
    elif key == "reroll":
        options["keep_strength"] = True  # rolled again or kept: the allowance is used
        if str(answer).strip().lower() != "keep":
            for bit in str(answer).split():
                if "=" not in bit:
                    raise UsageError(_("reroll {bit!r}: write SEAT=TOP/BOTTOM, e.g. red=2/6").format(bit=bit))
                seat, dice = bit.split("=", 1)
                options.setdefault("strength", {})[seat_word(seat) or seat.strip().lower()] = _two_dice(dice, seat)
    elif key == "abilities":
        if str(answer).strip().lower() != "random":
            ids = cat.rules["ability_tokens"]["ids"]
            for bit in str(answer).replace(",", " ").split():
                word, _sep, tok = bit.partition("=")
                whose, tok = seat_word(word), tok.strip().lower()
                if tok.isdigit() and 1 <= int(tok) <= len(ids):
                    tok = ids[int(tok) - 1]
                if whose is None or tok not in ids:
                    listed = ", ".join(f"{n}={i}" for n, i in enumerate(ids, 1))
                    raise UsageError(_("ability token {bit!r}: write colour=number, e.g. {a}=2, with the number (or id) one of {ids}").format(
                        bit=bit, a=colour_word("red"), ids=listed))
                options.setdefault("abilities", {})[whose] = tok
    elif key == "starting":
        options["starting"] = answer


def _two_dice(text: str, seat: str) -> list[int]:
    bits = str(text).replace(",", "/").split("/")
    if len(bits) != 2 or not all(digits_in(b.strip(), 1, 6) for b in bits):
        raise UsageError(_("strength {text!r} for {seat}: give the two dice as top/bottom, each 1..6, e.g. 2/6").format(text=text, seat=seat))
    return [int(b) for b in bits]
