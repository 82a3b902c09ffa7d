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
    assert "the die shows 3/6" in r.stdout and "Aleta pays 2 hope and rerolls: 3/1" in r.stdout
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


def test_a_die_castaway_rolls_counts_at_once_and_a_shown_one_rolled_virtually_counts_as_virtual():
    """Enter on a dice question: castaway rolls and the die counts at once. A die shown with no faces (the
    procedure's own dice, DieShown) is rolled by castaway, counted as virtual, and an empty spot's colour
    tokens are then dropped virtually too."""
    t = at_attack(table())
    step = days21.next_step(t, CAT)
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
