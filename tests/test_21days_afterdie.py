"""21 Days: the table decides after seeing the die (issue 22 item 4), and the refusals and data of issue 26.

Each test is named after the rulebook section it checks: the changes the rulebooks allow once a die shows
(EN § Survivors: Aleta, the Professor, Pjotr; CS § Oboustranné žetony schopností: the reroll token; CS § Žetony
naděje: the special hope tokens; CS § Výměnná lokalita: the Dolphin; EN § Scruffs Tokens) are offered before
the die counts, in the guided game and in the procedure commands, and every die rolled is counted once.
"""

from __future__ import annotations

import json

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.days21 import afterdie as ad
from companion.games.days21 import attacks as at
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import game as days21
from companion.games.days21 import legal, scruffs
from companion.games.days21 import locations as lo

CAT = catalog.load("21days")
SURV = {"red": "diva", "yellow": "aleta", "blue": "maya", "green": "pjotr"}


def do(t, action):
    """An action as a command records it: held to the day's flow first (legal.check), then applied."""
    legal.check(t, action, CAT)
    return apply(t, action, CAT)


def table(**opts):
    opts.setdefault("survivors", SURV)
    t = days21.setup(CAT, {"players": ["Ann", "Bob"], **opts}, 5)
    t, _r = do(t, fl.SetupDone())
    for s in t.seats:
        if t.seat_values(s).get("survivor") != "scruffs":
            t.seat_values(s)["hope"] = 3
    return t


def at_attack(t):
    t.data["tracks"]["shark"] = 1
    t.data["flow"]["queue"] = [{"do": "attack"}, {"do": "end"}]
    return t


def shown_step(t, answer):
    """The guided game: the dice question answered with typed faces; the step that shows the die."""
    step = days21.next_step(t, CAT)
    action = step.make(step.ask.parse(answer))
    assert action.kind == "d21-die-shown", action
    t, res = do(t, action)
    assert "rolls" not in res  # nothing counts yet
    return t, days21.next_step(t, CAT)


def answer(t, step, text):
    return do(t, step.make(step.ask.parse(text)))


def typed(res) -> list:
    return [(r["die"], r["part"], r["face"]) for r in res["rolls"] if r["typed"]]


# -- issue 22 item 4: decide after seeing the die -------------------------------------------------------


def test_survivors_aleta_rerolls_the_shark_die_after_it_shows_in_castaway_play(cli):
    """EN § Survivors: on days Aleta's visible strength is 4+, she rerolls for anyone at 2 hope: after "3/6" is
    typed, 'use aleta 3/1' and Enter; the reroll's new face is a die `dice stats` counts."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob", *sum((["--survivor", s] for s in SURV.values()), []))
    cli.ok("21days", "setup-done")
    for field, value in (("shark", "1"), ("phase", "attack"), ("yellow.hope", "3"), ("yellow.strength", "5,3")):
        cli.ok("set", field, value)
    r = cli.ok("play", "--no-board", input="3/6\nuse aleta 3/1\n\n")
    assert "Shark attack: The die shows 3/6." in r.stdout and "Aleta pays 2 hope and rerolls: 3/1" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["seat"]["yellow"]["hope"] == 1 and s["seat"]["yellow"]["strength"] == [5, 3]  # 1 is no bite on 5
    assert "shown" not in s["flow"]
    rows = {r["label"]: r["counts"] for r in json.loads(cli.ok("dice", "stats", "--json").stdout)}
    assert rows["shark outer"] == [0, 0, 2, 0, 0, 0] and rows["shark inner"] == [1, 0, 0, 0, 0, 1]
    events = json.loads(cli.ok("history", "--json").stdout)
    kinds = [e["action"].get("kind") for e in events if e.get("action")]
    assert kinds[-3:] == ["d21-die-shown", "d21-die-help", "d21-die-apply"] or kinds[-4:-1] == ["d21-die-shown", "d21-die-help", "d21-die-apply"]


def test_survivors_aleta_needs_visible_strength_4_and_says_so():
    """EN § Survivors: Aleta's reroll only on days her visible strength is 4 or higher."""
    t = at_attack(table())
    t.seat_values("yellow")["strength"] = [3, 3]
    t, step = shown_step(t, "3/6")
    assert "aleta" not in ad.offers(t, CAT, t.data["flow"]["shown"]["inner"], t.data["flow"]["shown"])
    with pytest.raises(RuleError, match="needs 4 or more"):
        answer(t, step, "aleta 3/1")


def test_ability_tokens_reroll_with_the_procedure_command_once_a_game(cli):
    """CS § Oboustranné žetony schopností: once, reroll any die of anyone's: `shark-attack --faces 4/6 --reroll 4/2`."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob", *sum((["--survivor", s] for s in SURV.values()), []))
    cli.ok("21days", "setup-done")
    cli.ok("set", "shark", "1")
    cli.ok("set", "phase", "attack")
    s0 = json.loads(cli.ok("status", "--json").stdout)["state"]
    holder = next(seat for seat, tok in s0["d21"]["ability"].items() if tok["id"] == "reroll")
    r = cli.ok("21days", "shark-attack", "--faces", "4/6", "--reroll", "4/2")
    assert "ability token: a reroll: 4/2" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["d21"]["ability"][holder]["used"] is True
    rows = {r["label"]: r["counts"] for r in json.loads(cli.ok("dice", "stats", "--json").stdout)}
    assert rows["shark outer"] == [0, 0, 0, 2, 0, 0] and rows["shark inner"] == [0, 1, 0, 0, 0, 1]
    bad = cli("21days", "shark-attack", "--faces", "4/6", "--reroll", "4/2")
    assert bad.exit_code == 1 and "unused reroll token" in bad.stderr
    before = cli.ok("history").stdout
    wrong = cli("21days", "shark-attack", "--faces", "4/6", "--use", "wat 3")
    assert wrong.exit_code == 2 and "accepted: aleta" in wrong.stderr and len(wrong.stderr.strip().splitlines()) == 1
    assert cli.ok("history").stdout == before  # nothing written


def test_special_hope_tokens_change_the_die_shown_by_one_or_two_with_wrap():
    """CS § Žetony naděje: the ±1 token makes a 6 a 5 or a 1, the ±2 token a 6 a 2 or a 4; used, it leaves
    the game; not on day 21. A die changed so is not a new roll: the first face alone is counted."""
    t = table()
    t.data["flow"]["placements"] = [["red", "flare"]]
    t.data["flow"]["queue"] = [{"do": "flare"}, {"do": "evening"}]
    t, step = shown_step(t, "1")
    with pytest.raises(RuleError, match="6 and 1 wrap"):
        answer(t, step, "special red ±1 3")
    ship = t.data["tracks"]["ship"]
    t, res = answer(t, step, "special red ±1 6")  # 1 - 1 wraps to 6
    assert t.data["d21"]["special"]["plusminus1-a"] == "used" and t.seat_values("red")["hope"] == 2
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["tracks"]["ship"] == ship + 1  # the 6 counts
    assert typed(res) == [("placement", "", 1)]
    t.data["tracks"]["day"] = 21
    t.data["flow"]["queue"] = [{"do": "flare"}, {"do": "evening"}]
    t, step = shown_step(t, "5")
    with pytest.raises(RuleError, match="day 21"):
        answer(t, step, "special red 2 1")


def test_exchange_location_dolphin_turns_the_die_shown_but_not_in_attacks():
    """CS § Výměnná lokalita: with the Dolphin on the board a survivor pays 3 strength to turn his die (1
    becomes 6, 3 becomes 4); never in shark or octopus attacks."""
    t = table()
    t.data["d21"]["swap"] = "dolphin"
    t.seat_values("red")["strength"] = [6, 6]
    t.data["flow"]["placements"] = [["red", "flare"]]
    t.data["flow"]["queue"] = [{"do": "flare"}, {"do": "evening"}]
    ship = t.data["tracks"]["ship"]
    t, step = shown_step(t, "1")
    assert "dolphin" in step.say
    t, res = answer(t, step, "dolphin red")
    assert "1 becomes 6" in res["say"] and t.seat_values("red")["strength"] == [3, 6]
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["tracks"]["ship"] == ship + 1 and typed(res) == [("placement", "", 1)]
    t = at_attack(t)
    t, step = shown_step(t, "3/6")
    assert "dolphin" not in step.say
    with pytest.raises(RuleError, match="Dolphin keeps away"):
        answer(t, step, "dolphin red")


def test_survivors_the_professor_rerolls_the_octopus_die_shown_once():
    """EN § Survivors: on the Octopus location the Professor rerolls the octopus die once, for 2 hope."""
    t = table(survivors={**SURV, "blue": "magnusson"})
    t.data["flow"]["placements"] = [["blue", "octopus"]]
    t.data["flow"]["queue"] = [{"do": "octopus"}, {"do": "evening"}]
    t, step = shown_step(t, "tentacle")
    assert "professor" in step.say
    t, _r = answer(t, step, "professor blank")
    assert t.seat_values("blue")["hope"] == 1
    with pytest.raises(RuleError, match="once"):
        answer(t, days21.next_step(t, CAT), "professor tentacle")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert "sleeps" in res["say"] and "fight" not in t.data["flow"]
    assert [q["do"] for q in t.data["flow"]["queue"]][:1] == ["evening"]  # his own step is not asked again
    assert typed(res) == [("octopus", "", "tentacle"), ("octopus", "", "blank")]


def test_survivors_pjotr_cancels_the_wound_the_shown_die_deals():
    """CS § Trosečníci: Pjotr averts a successful shark or octopus attack for 2 hope: chosen as the die shows."""
    t = at_attack(table())
    t.seat_values("blue")["strength"] = [2, 5]
    t, step = shown_step(t, "4/6")  # fin 4: spot 3, blue; 6 bites past 2
    assert "pjotr" in step.say
    t, _r = answer(t, step, "pjotr")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.seat_values("blue")["strength"] == [2, 5] and t.seat_values("green")["hope"] == 1
    assert "unhurt" in res["say"] and not t.data["flow"].get("wound")


def test_scruffs_tokens_reroll_once_a_day_on_the_die_shown():
    """EN § Scruffs Tokens: Re-rolls (2x), only one of them a day."""
    t = table(scruffs=True, survivors={k: v for k, v in SURV.items() if k != "green"})
    t.seat_values("green")["strength"] = [6]
    t.data["decks"]["scruffs"]["table"] = ["rerolls"]
    t.data["d21"]["scruffs"]["active"] = {"card": "rerolls", "uses": 2, "last": None}
    t.data["flow"]["placements"] = [["red", "flare"]]
    t.data["flow"]["queue"] = [{"do": "flare"}, {"do": "evening"}]
    t, step = shown_step(t, "2")
    assert "scruffs" in step.say
    t, _r = answer(t, step, "scruffs 6")
    with pytest.raises(RuleError, match="once a day"):
        answer(t, days21.next_step(t, CAT), "scruffs 5")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert typed(res) == [("placement", "", 2), ("placement", "", 6)]
    assert t.data["d21"]["scruffs"]["active"]["uses"] == 1


def test_a_die_castaway_rolls_is_shown_first_too_and_counts_as_virtual():
    """Enter on a dice question: castaway rolls, and the die is shown before it counts when the rules allow a
    change then (EN § Survivors: Aleta's reroll for anyone); with nothing allowed it counts at once. A die shown
    with no faces (DieShown) is rolled by castaway, counted as virtual, and an empty spot's colour tokens are
    then dropped virtually too."""
    t = at_attack(table())
    step = days21.next_step(t, CAT)
    assert step.make(step.ask.parse("")).kind == "d21-die-shown"
    bare = at_attack(table())
    for s in bare.seats:  # nobody can pay for a change, no token left to use
        bare.seat_values(s)["hope"] = 0
    bare.data["d21"]["ability"] = {}
    step = days21.next_step(bare, CAT)
    assert step.make(step.ask.parse("")).kind == "d21-shark-attack"
    t.data["d21"]["raft"] = {k: None for k in t.data["d21"]["raft"]}  # every spot empty: the tokens pick
    t, res = do(t, ad.DieShown(at.SharkAttack().to_dict(), ("shark",)))
    face = res["faces"][0]
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert [(r["face"], r["typed"]) for r in res["rolls"]] == [(face[0], False), (face[1], False)]
    assert "colour tokens pick" in res["say"] and not t.data["flow"].get("await")


# -- issue 26: refusals that say the rule, the phase, the board's marks -----------------------------------


def test_scruffs_up_tokens_are_refused_at_visible_strength_4_with_the_rule():
    """EN § Scruffs Up!: when Scruffs' visible strength is 4 or less, the Scruffs tokens cannot be used."""
    t = table(scruffs=True, survivors={k: v for k, v in SURV.items() if k != "green"})
    t.seat_values("green")["strength"] = [4]
    with pytest.raises(RuleError, match="only at 5 or 6"):
        legal.check(t, scruffs.ScruffsToken(), CAT)
    t.data["d21"]["scruffs"]["active"] = {"card": "rerolls", "uses": 2, "last": None}
    with pytest.raises(RuleError, match="only at 5 or 6"):
        legal.check(t, scruffs.ScruffsUse(), CAT)
    with pytest.raises(RuleError, match="tokens need 5 or 6"):  # the action itself holds the rule too
        scruffs.ScruffsUse().run(t, CAT)
    assert t.data["d21"]["scruffs"]["active"]["uses"] == 2
    t.seat_values("green")["strength"] = [5]
    scruffs.ScruffsUse().run(t, CAT)
    assert t.data["d21"]["scruffs"]["active"]["uses"] == 1


def test_scruffs_up_place_for_scruffs_says_he_has_no_placement_die():
    """CS § Azore pojď!: Scruffs has no placement die."""
    t = table(scruffs=True, survivors={k: v for k, v in SURV.items() if k != "green"})
    t, _r = do(t, at.SharkPhase())
    t, _r = do(t, ev.LogbookSymbols("morning", ()))
    t, _r = do(t, ev.LogbookSymbols("midday", ("places",)))
    assert t.data["flow"]["queue"][0] == {"do": "place", "seat": "red"}
    with pytest.raises(RuleError, match="no placement die"):
        legal.check(t, fl.Place("green", "flare"), CAT)


def test_day_21_the_sharks_do_not_attack_and_the_refusal_says_so():
    """EN § Day 21: sharks will not attack on this day."""
    t = table()
    t.data["tracks"]["day"] = 21
    t.data["tracks"]["shark"] = 1
    with pytest.raises(RuleError, match="do not attack on day 21"):
        legal.check(t, at.SharkAttack(faces=((2, 5),)), CAT)


def test_octopus_attack_without_tentacles_the_guided_game_says_the_symbol_is_ignored():
    """EN § Octopus Attack: if the Octopus has no tentacles, it will not attack and you may ignore the symbol."""
    t = table()
    t.data["counters"]["tentacles"] = 0
    t, _r = do(t, at.SharkPhase())
    t, _r = do(t, ev.LogbookSymbols("morning", ()))
    step = days21.next_step(t, CAT)
    t, res = do(t, step.make(step.ask.parse("places,octopus")))
    assert "no tentacles left" in res["say"] and "ignored" in res["say"]
    with pytest.raises(RuleError, match="no tentacles left.*ignored"):
        legal.check(t, at.Octopus("tentacle"), CAT)


def test_game_phases_status_json_and_history_json_show_the_real_phase(cli):
    """EN § Game Phases: flags.phase in `status --json` and each event's phase follow the day."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob")
    cli.ok("21days", "setup-done")
    assert json.loads(cli.ok("status", "--json").stdout)["state"]["flags"]["phase"] == "shark"
    cli.ok("21days", "shark-phase")
    cli.ok("21days", "logbook", "morning")
    assert json.loads(cli.ok("status", "--json").stdout)["state"]["flags"]["phase"] == "midday"
    phases = [e["phase"] for e in json.loads(cli.ok("history", "--json").stdout)]
    assert phases[-3:] == ["shark", "morning", "midday"]


def test_component_anatomy_the_anchor_buoy_and_fin_map_are_in_status_json(cli):
    """EN § Component Anatomy: the anchor and buoy spaces and which raft spot each shark fin points at."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob")
    board = json.loads(cli.ok("status", "--json").stdout)["state"]["d21"]["board"]
    assert board == {"anchor": 9, "buoy": 10, "fins": {str(k): v for k, v in CAT.rules["raft"]["fins"].items()}}
    text = cli.ok("status").stdout
    assert "⚓9" in text and "◎10" in text and "shark fin → raft spot: 1→1 2→1 3→2" in text


def test_a_die_shown_blocks_other_procedures_until_applied():
    t = at_attack(table())
    t, _step = shown_step(t, "3/6")
    with pytest.raises(RuleError, match="not applied yet"):
        legal.check(t, fl.EndDay(), CAT)
    with pytest.raises(UsageError):
        ad.parse_help(t, "wat")
    assert lo  # the locations' actions are registered


# -- issue 22 item 4, the rest: every 21 Days command taking faces takes --use / --reroll -----------------


def counts(cli, label):
    rows = {r["label"]: r["counts"] for r in json.loads(cli.ok("dice", "stats", "--json").stdout)}
    return rows.get(label)


def test_survivors_aleta_and_hope_tokens_with_the_bottle_hope_and_fishing_commands(cli):
    """EN § Survivors (Aleta rerolls for anyone, 2 hope) and CS § Žetony naděje (±1 on one die) at the bottle,
    hope and fishing locations: `bottle receive --face 3 --use "aleta 4"`, `hope-roll --faces 1,5 --use
    "special red ±1 2"`, `fish --face 1 --use "aleta 2"`; the dice counted: the first faces and Aleta's."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob", *sum((["--survivor", s] for s in SURV.values()), []))
    cli.ok("21days", "setup-done")
    for field, value in (("yellow.strength", "5,3"), ("yellow.hope", "6"), ("red.hope", "3"), ("phase", "midday")):
        cli.ok("set", field, value)
    cli.ok("21days", "logbook", "midday", "1")
    for seat, where in (("red", "hope"), ("yellow", "hope"), ("blue", "fishing"), ("green", "receive")):
        cli.ok("21days", "place", seat, where)
    cli.ok("21days", "activate")
    r = cli.ok("21days", "bottle", "receive", "--seat", "green", "--face", "3", "--use", "aleta 4", "--card", "1")
    assert "Aleta pays 2 hope and rerolls: 4" in r.stdout and "a bottle washes up" in r.stdout
    r = cli.ok("21days", "hope-roll", "--faces", "1,5", "--use", "special red ±1 2")
    assert "1 becomes 2" in r.stdout
    r = cli.ok("21days", "fish", "--face", "1", "--use", "aleta 2")
    assert "rerolls: 2" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["seat"]["yellow"]["hope"] == 6 - 2 - 2 + 1 and s["d21"]["special"]["plusminus1-a"] == "used"  # 2+5: a token each
    assert s["decks"]["bottle"]["held"]["green"]
    assert counts(cli, "placement") == [2, 1, 1, 1, 1, 0]  # 3→4, 1 (turned to 2: no new die), 5, 1→2


def test_jellyfish_swarm_a_swim_roll_rerolled_with_the_jellyfish_command(cli):
    """EN § Jellyfish Swarm (swarm A: above 1, above 2, below 3, below 4), rerolled by Aleta (EN § Survivors):
    the second swim roll 1 becomes a 4 with `jellyfish --faces 2,1,1,3 --use "aleta 2:4"`; no miss."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob", *sum((["--survivor", s] for s in SURV.values()), []))
    cli.ok("21days", "setup-done")
    cli.ok("set", "yellow.strength", "5,3")
    cli.ok("set", "yellow.hope", "3")
    cli.ok("21days", "shark-phase")
    cli.ok("21days", "logbook", "morning", "12")
    before = json.loads(cli.ok("status", "--json").stdout)["state"]["seat"]["red"]["strength"]
    r = cli.ok("21days", "jellyfish", "--who", "red", "--card", "swarm-a", "--faces", "2,1,1,3", "--use", "aleta 2:4")
    assert "rerolls: 4" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["seat"]["red"]["strength"] == before and s["seat"]["yellow"]["hope"] == 1
    assert counts(cli, "placement") == [2, 1, 1, 1, 0, 0]


def test_scruffs_tokens_reroll_scruffs_own_roll_with_the_scruffs_command(cli):
    """EN § Scruffs Up! and § Survivors: Aleta rerolls for anyone, Scruffs too: `scruffs --face 2 --use
    "aleta 6"` on a token needing 5 or 6 wins it. The Dolphin never helps Scruffs' rolls (CS § Azore pojď!)."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "--scruffs", "--survivor", "diva", "--survivor", "aleta", "--survivor", "maya")
    cli.ok("21days", "setup-done")
    seats = json.loads(cli.ok("status", "--json").stdout)["state"]["seat"]
    al = next(s for s, v in seats.items() if v.get("survivor") == "aleta")
    cli.ok("set", "green.strength", "6")
    cli.ok("set", f"{al}.strength", "5,3")
    cli.ok("set", f"{al}.hope", "3")
    cli.ok("21days", "shark-phase")
    cli.ok("21days", "logbook", "morning")
    cli.ok("21days", "logbook", "midday", "1")
    r = cli.ok("21days", "scruffs", "--card", "shark-reset", "--needs", "5,6", "--face", "2", "--use", "aleta 6")
    assert "rerolls: 6" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["seat"][al]["hope"] == 1 and s["tracks"]["shark"] == 5
    assert counts(cli, "green") == [0, 1, 0, 0, 0, 1]


# -- issue 22 item 4: shown first at Horvath's flares, day 21, the Kid, the swap location, bottle cards ----


def shown_at(t, do, answer_, **q):
    t.data["flow"]["queue"] = [{"do": do, **q}, {"do": "evening"}]
    return shown_step(t, answer_)


def test_survivors_horvath_extra_flare_is_shown_before_it_counts():
    """EN § Survivors (Horvath: more flare attempts, 2 hope each) with CS § Žetony naděje: his 5 is shown, the
    ±1 token makes it a 6 and the ship moves; the die counted is the 5 typed."""
    t = table(survivors={**SURV, "blue": "horvath"})
    t.data["flow"]["placements"] = [["blue", "flare"]]
    ship = t.data["tracks"]["ship"]
    t, step = shown_at(t, "horvath", "5")
    assert "special" in step.say
    t, _r = answer(t, step, "special red ±1 6")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["tracks"]["ship"] == ship + 1 and t.seat_values("blue")["hope"] == 1
    assert typed(res) == [("placement", "", 5)]


def test_day_21_the_dolphin_helps_a_flare_but_no_special_hope_token():
    """CS § Den 21: the Dolphin may help, the special hope tokens may not be used today: 'flare red 1' shows
    the 1, the Dolphin turns it to 6 for 3 strength, the ship moves."""
    t = table()
    t.data["tracks"]["day"] = 21
    t.data["d21"]["swap"] = "dolphin"
    t.seat_values("red")["strength"] = [6, 6]
    ship = t.data["tracks"]["ship"]
    t, step = shown_at(t, "day21", "flare red 1")
    assert "dolphin" in step.say and "special" not in step.say
    assert step.phase == "Day 21"  # day 21's phase is named "Day 21" itself: not "Day 21 · Day 21"
    t, _r = answer(t, step, "dolphin red")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["tracks"]["ship"] == ship + 1 and t.seat_values("red")["strength"] == [3, 6]
    assert t.seat_values("red")["hope"] == 1 and typed(res) == [("placement", "", 1)]
    t.seat_values("red")["hope"] = 2
    t, step = shown_step(t, "flare red")  # no face typed: castaway rolls, and shows the die too
    assert step.title == "Day 21: flare by red" and step.say.startswith("The die shows ")


def test_the_kite_expansion_aleta_rerolls_the_kite_die_on_day_21():
    """The Kite expansion (CS: each kite roll 2 hope) with EN § Survivors (Aleta rerolls for anyone): the kite
    die's blank is shown, Aleta rerolls it to a kite face; the Dolphin and ± tokens do not turn a picture die."""
    t = table(kite=True)
    t.data["tracks"]["day"] = 21
    t.data["d21"]["swap"] = "dolphin"
    t.seat_values("yellow")["strength"] = [5, 3]
    t.seat_values("yellow")["hope"] = 4
    t.data["counters"]["kite"] = 1  # a kite piece found in a suitcase
    t, step = shown_at(t, "day21", "kite red blank")
    assert "aleta" in step.say and "dolphin" not in step.say
    t, _r = answer(t, step, "aleta kite")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["d21"]["kite"]["built"] == 1 and t.seat_values("red")["hope"] == 1
    assert typed(res) == [("kite", "", "blank"), ("kite", "", "kite")]


def test_the_kids_location_die_is_shown_before_its_result():
    """The Kid's location (1-2 nothing, 3-4 -1 strength, 5-6 a choice) with CS § Žetony naděje (±2): his 3 is
    shown; the ±2 token makes it a 5 and the choice is asked, no strength lost."""
    t = table(survivors={**SURV, "yellow": "kid"})
    t.data["flow"]["placements"] = [["yellow", "kid"]]
    before = list(t.seat_values("yellow")["strength"])
    t, step = shown_at(t, "kid", "3")
    t, _r = answer(t, step, "special yellow ±2 5")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.seat_values("yellow")["strength"] == before and "choose" in days21.next_step(t, CAT).say
    assert typed(res) == [("placement", "", 3)]


def test_exchange_location_turtle_dice_are_shown_before_the_hope_counts():
    """CS § Výměnná lokalita, Turtle (a hope token per 1 or 2 points), and EN § Survivors (Aleta's reroll):
    the 1 is shown, Aleta rerolls it to a 4."""
    t = table()
    t.data["d21"]["swap"] = "turtle-two"
    t.seat_values("yellow")["strength"] = [5, 3]
    t.data["flow"]["placements"] = [["red", "swap"]]
    hope_ = t.seat_values("red")["hope"]
    t, step = shown_at(t, "swap", "1")
    t, _r = answer(t, step, "aleta 4")
    t, res = answer(t, days21.next_step(t, CAT), "")
    per = CAT.deck("swap").card("turtle-two").get("points_per_hope")
    assert t.seat_values("red")["hope"] == hope_ + 4 // per
    assert typed(res) == [("placement", "", 1), ("placement", "", 4)]


def test_bottle_cards_four_flares_dice_are_shown_before_the_ship_moves():
    """Bottle card Four flares (CS § Karty láhve) with EN § Survivors (Aleta's reroll): 1,2,3,4 shown, the
    second die rerolled to a 6: the ship moves one space."""
    t = table()
    t.seat_values("yellow")["strength"] = [5, 3]
    t.data["decks"]["bottle"]["held"]["red"] = ["four-flares"]
    ship = t.data["tracks"]["ship"]
    t, step = shown_at(t, "card", "1,2,3,4", seat="red")
    t, _r = answer(t, step, "aleta 2:6")
    t, res = answer(t, days21.next_step(t, CAT), "")
    assert t.data["tracks"]["ship"] == ship + 1
    assert typed(res) == [("d6", "", 1), ("d6", "", 2), ("d6", "", 3), ("d6", "", 4), ("d6", "", 6)]


def test_day_21_a_flare_with_the_dolphin_from_the_day21_command(cli):
    """CS § Den 21 (the Dolphin may help): `day21 flare --seat red --face 1 --use "dolphin red"`: the 1 turned
    to a 6 for 3 strength moves the ship; one die counted, the 1."""
    cli.ok("new", "21days", "--seed", "5", "-p", "Ann", "-p", "Bob", *sum((["--survivor", s] for s in SURV.values()), []))
    cli.ok("21days", "setup-done")
    for field, value in (("day", "21"), ("red.hope", "3"), ("red.strength", "6,6")):
        cli.ok("set", field, value)
    cli.ok("21days", "fix", "swap", "dolphin")
    cli.ok("21days", "day21", "exhaustion")
    ship = json.loads(cli.ok("status", "--json").stdout)["state"]["tracks"]["ship"]
    r = cli.ok("21days", "day21", "flare", "--seat", "red", "--face", "1", "--use", "dolphin red")
    assert "1 becomes 6" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["tracks"]["ship"] == ship + 1 and s["seat"]["red"]["strength"] == [2, 6]
    assert counts(cli, "placement") == [1, 0, 0, 0, 0, 0]


def test_the_dolphin_turns_a_fishing_die_and_who_gets_the_fish_is_asked_once_it_counts():
    """CS § Výměnná lokalita (the Dolphin turns the die over for 3 strength) with CS § Rybolov: the one
    survivor fishing pays by default ('dolphin red' offered); the die is shown again, without a second Dolphin
    (it would turn it back), and who gets the fish is asked only once the die counts."""
    t = table()
    t.data["d21"]["swap"] = "dolphin"
    t.seat_values("red")["strength"] = [6, 6]
    t.data["flow"]["placements"] = [["red", "fishing"]]
    t, step = shown_at(t, "fishing", "3")
    assert step.say.startswith("The die shows 3.") and "dolphin red." in step.say
    assert step.title.count("3") == 0  # the faces are said once
    t, res = answer(t, step, "dolphin red")
    _dolphin_say = res["say"]
    assert step.after(res, t) is None  # the die was changed, not applied: nobody gets fish yet
    again = days21.next_step(t, CAT)
    assert again.say.startswith("The die shows 4.") and "dolphin" not in again.say
    t, res = answer(t, again, "")
    assert again.after(res, t) is not None  # now the table may share the fish
    assert "pays 3 strength" in _dolphin_say and typed(res) == [("placement", "", 3)]  # the die counted is the 3 typed
