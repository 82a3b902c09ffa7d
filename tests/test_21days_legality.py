"""21 Days: the defects issue 13 lists, each checked against the rulebook section that decides it, through
the CLI where a table reaches the state in a few commands and through the pure actions (with the same
legality check session.act runs) for day 21."""

from __future__ import annotations

import json

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.days21 import abilities as ab
from companion.games.days21 import day21
from companion.games.days21 import flow as fl
from companion.games.days21 import game as days21
from companion.games.days21 import legal
from companion.games.days21 import steps
from companion.games.days21.flow import day_tasks
from tests.flowrefusal import FlowTable

CAT = catalog.load("21days")
NEW = ("new", "21days", "-p", "Ann", "--seed", "3", "--keep-strength")


@pytest.fixture
def ft(tmp_path):
    return FlowTable(tmp_path / "legal.db")


def state(ft):
    return json.loads(ft.ok("status", "--json").stdout)["state"]


def head(ft):
    q = state(ft)["flow"]["queue"]
    return q[0] if q else {}


def to_midday(ft, *midday):
    ft.ok("21days", "setup-done")
    ft.ok("21days", "shark-phase")
    ft.ok("21days", "logbook", "morning")
    ft.ok("21days", "logbook", "midday", *(midday or ("places",)))


def place_all(ft, places):
    while head(ft).get("do") == "place":
        seat = head(ft)["seat"]
        ft.ok("21days", "place", seat, places.get(seat, "none"))
    ft.ok("21days", "activate")


# -- Prof. Magnusson (EN § Survivors: "When present on the Octopus location, the Professor may re-roll the
#    octopus die once at the cost of 2 Hope"; § Octopus Attack: a blank means the octopus sleeps) ----------


def professor_day(ft):
    ft.ok(*NEW, "--survivor", "magnusson", "--opt", "starting=blue")
    ft.ok("set", "blue.hope", "4")
    to_midday(ft, "octopus")  # the starting player's (the Professor's) die goes on the Octopus location
    place_all(ft, {})


def test_professor_rerolls_only_his_own_octopus_roll_once(ft):
    professor_day(ft)
    ft.refused("21days", "professor", "--face", "blank", match="not the step now")  # before the octopus die is rolled
    ft.ok("21days", "octopus", "--face", "tentacle")
    assert head(ft)["do"] == "magnusson"  # the guided game offers the reroll here
    ft.ok("21days", "professor", "--face", "tentacle")
    s = state(ft)
    assert s["seat"]["blue"]["hope"] == 2 and s["flow"]["queue"][0]["do"] == "tentacle"
    ft.refused("21days", "professor", "--face", "blank", match="not the step now")  # once


def test_professor_reroll_to_blank_means_no_fight(ft):
    professor_day(ft)
    ft.ok("21days", "octopus", "--face", "tentacle")
    ft.ok("21days", "professor", "--face", "blank")
    s = state(ft)
    assert "fight" not in s["flow"] and all(q["do"] != "tentacle" for q in s["flow"]["queue"])


def test_professor_not_at_the_octopus_location_has_no_reroll(ft):
    ft.ok(*NEW, "--survivor", "magnusson")  # red starts: red's die goes on the Octopus location
    ft.ok("set", "blue.hope", "4")
    to_midday(ft, "octopus")
    place_all(ft, {})
    ft.ok("21days", "octopus", "--face", "tentacle")
    assert head(ft)["do"] == "tentacle"
    ft.refused("21days", "professor", "--face", "blank", match="not the step now")


def test_professor_without_the_octopus_symbol_has_no_reroll(ft):
    ft.ok(*NEW, "--survivor", "magnusson", "--opt", "starting=blue")
    ft.ok("set", "blue.hope", "4")
    to_midday(ft)
    ft.refused("21days", "professor", match="not the step now")


# -- the Hope location (CS § Lokalita Naděje: one token per 3 points, shared among the survivors at the
#    location, or one keeps them all; 16 tokens in all) ------------------------------------------------


def hope_day(ft):
    ft.ok(*NEW)
    to_midday(ft)
    place_all(ft, {"red": "hope", "blue": "hope"})
    assert head(ft)["do"] == "hope"


def test_hope_reproducer_is_refused(ft):
    hope_day(ft)
    ft.refused("21days hope-roll --seats red,blue --faces 6,6 --to green,green", match="green did not roll")
    ft.refused("21days hope-roll --seats red,green --faces 6,6", match="holds the dice of red, blue")
    ft.refused("21days hope-roll --seats red,blue --faces 6,6 --to red,blue", match="4 token.*2 receiver")


def test_hope_tokens_go_only_to_survivors_at_the_location(ft):
    hope_day(ft)
    before = state(ft)
    ft.ok("21days hope-roll --seats red,blue --faces 6,6 --to red,blue,blue,blue")
    s = state(ft)
    assert s["seat"]["red"]["hope"] == before["seat"]["red"]["hope"] + 1
    assert s["seat"]["blue"]["hope"] == before["seat"]["blue"]["hope"] + 3
    held = sum(v.get("hope", 0) for v in s["seat"].values()) - sum(v.get("hope", 0) for v in before["seat"].values())
    assert held == 4  # none vanish


def test_hope_one_survivor_keeps_them_all(ft):
    hope_day(ft)
    before = state(ft)["seat"]["blue"]["hope"]
    ft.ok("21days hope-roll --faces 6,6 --to blue")
    assert state(ft)["seat"]["blue"]["hope"] == before + 4


# -- The Kid (EN § Survivor Profile: once a day, his die on the location on his card for 2 hope, activated
#    last; 1-2 nothing, 3-4 -1 strength, 5-6 a choice) ----------------------------------------------------


def test_the_kid_rolls_once_only_after_placing_and_paying(ft):
    ft.ok(*NEW, "--survivor", "kid", "--strength", "yellow=4/4")
    to_midday(ft)
    ft.ok("21days", "place", "red", "none")
    ft.refused("21days", "place", "yellow", "kid", match="2 hope")  # one hope at the start: he cannot pay
    ft.refused("21days", "kid", "--face", "5", match="not the step now")
    ft.ok("undo")  # back before red placed; give the Kid the hope he needs
    ft.ok("set", "yellow.hope", "3")
    place_all(ft, {"yellow": "kid"})
    assert state(ft)["seat"]["yellow"]["hope"] == 1  # paid at placement
    assert [q["do"] for q in state(ft)["flow"]["queue"]][0] == "kid"  # the only location, so first and last
    ft.ok("21days", "kid", "--face", "5", "--choice", "strength", "--to", "kid,red")
    assert state(ft)["seat"]["yellow"]["strength"] == [5, 4]
    ft.refused("21days", "kid", "--face", "5", "--choice", "strength", match="not the step now")  # once a day


# -- two hope tokens with Scruffs seated (EN § Solo Game Setup: Scruffs cannot receive hope tokens; § Symbols:
#    the players decide which survivor(s) get them) -----------------------------------------------------------


def test_two_hope_never_goes_to_scruffs(ft):
    ft.ok(*NEW, "--scruffs")
    ft.ok("21days", "setup-done")
    ft.ok("21days", "shark-phase")
    ft.ok("21days", "logbook", "morning", "two-hope")
    ft.refused("21days", "symbol", "two-hope", "--to", "green", match="Scruffs")
    ft.refused("21days", "symbol", "two-hope", "--to", "red,green", match="Scruffs")
    before = state(ft)["seat"]["red"]["hope"]
    ft.ok("21days", "symbol", "two-hope", "--to", "red")
    assert state(ft)["seat"]["red"]["hope"] == before + 2


def test_the_guided_two_hope_menu_leaves_scruffs_out():
    t = days21.setup(CAT, {"scruffs": True}, 4)
    t.data["flow"]["queue"] = [{"do": "sym", "sym": "two-hope"}]
    step = steps.next_step(t, CAT)
    assert "green" not in [v for v, _label in step.ask.choices]


# -- setup strength (CS § Příprava hry J: a total of the rolled dice under 20 or over 40 may be rolled again,
#    once). The issue asked to refuse such totals; the rulebook makes the reroll the table's choice, so the
#    table either types the new faces or keeps these. ---------------------------------------------------------


def test_setup_strength_total_outside_20_40_names_the_reroll_rule(ft):
    low = ("new", "21days", "--strength", "red=1/2", "--strength", "yellow=2/2", "--strength", "blue=3/1",
           "--strength", "green=2/2")
    r = ft.run(*low)
    assert r.exit_code == 1 and "total 15, under 20" in r.stderr and "--keep-strength" in r.stderr
    assert not ft.path.exists() or "21days" not in ft.run("list").output
    high = ("new", "21days", *[f"--strength={c}=6/5" for c in ("red", "yellow", "blue", "green")])
    r = ft.run(*high)
    assert r.exit_code == 1 and "total 44, over 40" in r.stderr
    ft.ok(*low, "--keep-strength")
    assert state(ft)["seat"]["red"]["strength"] == [1, 2]


def test_setup_strength_reroll_counts_only_rolled_dice(ft):
    """With Scruffs only three survivors roll (his one die starts at 4): 18 is under 20."""
    three = ("new", "21days", "--scruffs", "--strength", "red=3/3", "--strength", "yellow=3/3", "--strength", "blue=3/3")
    r = ft.run(*three)
    assert r.exit_code == 1 and "total 18" in r.stderr
    assert days21.rolled_seats({"scruffs": True}) == ["red", "yellow", "blue"]


def test_virtual_strength_says_the_reroll_rule(ft):
    r = ft.ok("new", "21days", "--seed", "1")
    assert "rolled again once, as the rulebook allows" in r.output


# -- Rosina on day 21 (EN § Survivors: she "may choose and activate a location at the beginning of day 21") --


def day21_table(**opts):
    t = days21.setup(CAT, {"survivors": {"red": "rosina", "blue": "magnusson", "yellow": "tomi", "green": "pjotr"},
                           "strength": {c: [4, 4] for c in ("red", "yellow", "blue", "green")}, **opts}, 9)
    t.data["tracks"]["day"] = 21
    t.data["flow"]["queue"] = day_tasks(t, CAT)
    return t


def play(t, action):
    legal.check(t, action, CAT)
    return apply(t, action, CAT)


@pytest.mark.parametrize("where, task", [("flare", "flare"), ("hope", "hope"), ("fishing", "fishing"),
                                          ("receive", "receive"), ("swap", "swap")])
def test_rosina_may_activate_any_open_location_on_day_21(where, task):
    t = day21_table()
    t.data["d21"]["swap"] = next(c for c in t.deck("swap")["table"] + t.deck("swap")["draw"] if c.startswith("turtle"))
    t, _ = play(t, day21.Day21("exhaustion"))
    assert where in day21.rosina_locations(t, CAT, "red")
    t, res = play(t, day21.Day21("rosina", where=where))
    assert t.data["flow"]["queue"][0]["do"] == task and "day21" in [q["do"] for q in t.data["flow"]["queue"]]
    step = steps.next_step(t, CAT)
    assert step.ask.kind in ("dice", "text")  # the location's own step asks for its roll


def test_rosina_at_the_hope_location_rolls_there():
    t = day21_table()
    t, _ = play(t, day21.Day21("exhaustion"))
    before = t.seat_values("red")["hope"]
    t, _ = play(t, day21.Day21("rosina", where="hope", face=6, at_once=True))
    assert t.seat_values("red")["hope"] == before + 2 and t.data["flow"]["queue"][0]["do"] == "day21"


def test_rosina_refused_where_the_rules_close_the_location():
    t = day21_table()
    t, _ = play(t, day21.Day21("exhaustion"))
    with pytest.raises(RuleError, match="open to her"):
        play(t, day21.Day21("rosina", where="play"))  # she holds no bottle card
    with pytest.raises(RuleError, match="open to her"):
        play(t, day21.Day21("rosina", where="kid"))  # the Kid's die only
    with pytest.raises(UsageError):
        play(t, day21.Day21("rosina", where="beach"))
    t, _ = play(t, day21.Day21("pass"))
    with pytest.raises(RuleError, match="not the step now"):
        play(t, day21.Day21("rosina", where="flare"))


def test_day_21_refuses_placements_and_the_shark_attack():
    t = day21_table()
    for action in (fl.Place("red", "flare"), fl.Activate(), ab.SpecialHope("red", "plusminus1-a")):
        with pytest.raises(RuleError):
            play(t, action)


def test_day21_menu_offers_only_what_can_be_paid():
    t = day21_table(survivors={"red": "diva", "blue": "magnusson", "yellow": "tomi", "green": "pjotr"})
    t.data["flow"]["queue"] = [{"do": "day21"}]
    t.seat_values("red")["hope"] = 5
    t.data["d21"]["today"] += ["diva", "diva", "diva"]  # she has sung three times
    prompt = steps.next_step(t, CAT).ask.prompt
    assert "diva" not in prompt and "flare red" in prompt
    t.seat_values("blue")["hope"] = 1
    prompt = steps.next_step(t, CAT).ask.prompt
    assert "flare blue" not in prompt and "shout blue" not in prompt  # one hope: no flare, and no shout either


def test_menus_offer_only_legal_places():
    """§ Game Board Locations: a location takes its compasses' worth of dice; the broken rod closes fishing
    (CS § Symboly); the Kite's dive costs 2 hope; the octopus takes a die only by the logbook."""
    t = days21.setup(CAT, {"kite": True, "strength": {c: [4, 4] for c in ("red", "yellow", "blue", "green")}}, 6)
    for action in (fl.SetupDone(),):
        t, _ = play(t, action)
    from companion.games.days21 import attacks as at
    from companion.games.days21 import events as ev

    t, _ = play(t, at.SharkPhase())
    t, _ = play(t, ev.LogbookSymbols("morning", ()))
    t, _ = play(t, ev.LogbookSymbols("midday", ("places", "no-fishing")))
    offered = [v for v, _label in steps.next_step(t, CAT).ask.choices]
    assert "fishing" not in offered and "octopus" not in offered and "kid" not in offered
    assert "jellyfish" not in offered  # one hope: the dive's 2 cannot be paid
    for seat in ("red", "yellow", "blue"):
        t, _ = play(t, fl.Place(seat, "flare"))
    offered = [v for v, _label in steps.next_step(t, CAT).ask.choices]
    assert "flare" not in offered  # three compasses, three dice
    with pytest.raises(RuleError, match="full"):
        play(t, fl.Place("green", "flare"))


def test_the_dolphin_stays_away_from_the_shark_attack_from_its_first_bite(ft):
    """CS § Výměnná lokalita (Delfín): never in shark or octopus attacks, before the first bite too."""
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("set", "shark", "2")
    ft.ok("21days", "shark-phase")
    ft.ok("21days", "logbook", "morning", "dolphin")
    ft.ok("21days", "symbol", "dolphin")
    ft.ok("21days", "dolphin", "red", "--face", "1")  # an ordinary moment: allowed, for 3 strength
    ft.ok("21days", "logbook", "midday")
    place_all(ft, {})
    ft.ok("21days", "logbook", "evening")
    assert head(ft)["do"] == "attack"
    ft.refused("21days", "dolphin", "blue", "--face", "1", match="Dolphin keeps away")
