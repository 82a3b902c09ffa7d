"""Dieson Crusoe: corrections are always accepted (issue 22, item 2). `castaway set`/`move`/`next` and
`castaway dieson set` change what the table shows at any time; a phase set by hand puts the day at that
phase's start and the next step follows from the corrected table; a correction the rules could not reach
is accepted with a warning; undo gives back the exact table before it."""

from __future__ import annotations

import json


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def nxt(cli) -> dict:
    return json.loads(cli.ok("dieson", "next", "--json").stdout)


def test_set_phase_evening_on_a_fresh_table_asks_the_used_dice_then_plays_the_evening(cli):
    cli.ok("new", "dieson", "--seed", "1")
    fresh = state(cli)
    r = cli.ok("set", "phase", "evening")
    assert "set phase evening" in r.stdout
    s = state(cli)
    assert s["flags"]["phase"] == "evening" and s["flow"]["step"] == "roll" and len(s["dc"]["hand"]) == 3
    step = nxt(cli)
    assert step["command"] == "castaway dieson roll" and "used boxes" in step["say"]
    cli.ok("dieson", "roll", "--faces", "3,5,6")
    s = state(cli)
    assert [d["v"] for d in s["dc"]["used"]] == [3, 5, 6] and s["dc"]["hand"] == [] and s["flow"]["step"] == "dusk"
    cli.ok("dieson", "dusk")
    cli.ok("dieson", "eat")
    r = cli.ok("dieson", "night")
    assert "Day 2" in r.stdout
    s = state(cli)
    assert s["tracks"]["day"] == 2 and s["flags"]["phase"] == "morning"
    assert [s["dc"]["icons"][i]["v"] for i in ("lightning", "weather", "raid")][:1] == [3]
    for _ in range(5):
        cli.ok("undo")
    assert state(cli) == fresh


def test_set_phase_afternoon_after_the_roll_skips_to_the_first_action(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("dieson", "roll", "--faces", "2,4,5")
    before = state(cli)
    cli.ok("set", "phase", "afternoon")
    s = state(cli)
    assert s["flow"]["step"] == "pick" and [d["v"] for d in s["dc"]["unused"]] == [2, 4, 5]
    assert s["tracks"]["event"] == 0  # the event was done at the table: nothing is drawn for it
    assert nxt(cli)["command"] == "castaway dieson pick DIE"
    cli.ok("dieson", "pick", "1")
    cli.ok("undo")
    cli.ok("undo")
    assert state(cli) == before


def test_set_phase_morning_mid_afternoon_takes_the_dice_back_in_hand(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("dieson", "roll", "--faces", "2,4,5")
    cli.ok("dieson", "event", "--take", "wood")
    cli.ok("dieson", "pick", "1")
    cli.ok("dieson", "do", "action", "--take", "food")
    cli.ok("dieson", "pick", "1")  # a die in hand
    cli.ok("set", "phase", "morning")
    s = state(cli)
    assert s["flow"]["step"] == "roll" and sorted(s["dc"]["hand"]) == ["grey", "yellow", "yellow"]
    assert s["dc"]["unused"] == [] and s["dc"]["used"] == [] and s["dc"]["pending"] is None
    cli.ok("dieson", "roll", "--faces", "1,1,1")


def test_the_generic_next_and_set_day_move_the_date_disc(cli):
    cli.ok("new", "dieson", "--seed", "1", "--opt", "quest=5")
    assert "date 2" in cli.ok("next").stdout
    cli.ok("set", "day", "12")
    cli.ok("move", "day", "-1")
    s = state(cli)
    assert s["tracks"]["day"] == 11 and s["flow"]["step"] == "roll"
    assert nxt(cli)["command"] == "castaway dieson roll"


def test_the_tools_made_are_set_and_one_not_in_play_is_accepted_with_a_warning(cli):
    cli.ok("new", "dieson", "--seed", "1", "--opt", "tools=first")
    fresh = state(cli)
    r = cli.ok("dieson", "set", "tools", "Rope, bed")
    assert "correction: tools rope, bed" in r.stdout and not r.stderr
    s = state(cli)
    assert s["decks"]["tools"]["held"]["crusoe"] == ["rope", "bed"]
    assert "rope" not in s["decks"]["tools"]["table"] and s["limits"]["health"] == [0, 7]  # the Bed: +2 maximum
    r = cli.ok("dieson", "set", "tools", "rope,axe")
    assert "Warning: the Axe is not in play" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    s = state(cli)
    assert s["decks"]["tools"]["held"]["crusoe"] == ["rope", "axe"] and "bed" in s["decks"]["tools"]["table"]
    assert "axe" not in s["decks"]["tools"]["out"] and s["limits"]["health"] == [0, 5]
    assert "correction" in cli.ok("history").stdout
    cli.ok("undo")
    cli.ok("undo")
    assert state(cli) == fresh


def test_the_used_boxes_and_the_icon_dice_as_the_table_shows_them(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("dieson", "set", "used", "3,5g")
    s = state(cli)
    assert s["dc"]["used"] == [{"c": "yellow", "v": 3}, {"c": "grey", "v": 5}] and s["dc"]["hand"] == ["yellow"]
    assert s["flags"]["phase"] == "afternoon" and s["flow"]["step"] == "roll"
    cli.ok("dieson", "roll", "--faces", "4")
    s = state(cli)
    assert s["dc"]["unused"] == [{"c": "yellow", "v": 4}] and s["flow"]["step"] == "pick"
    cli.ok("dieson", "set", "weather", "6")
    cli.ok("dieson", "set", "raid", "2g")
    s = state(cli)
    assert s["dc"]["icons"]["weather"] == {"c": "yellow", "v": 6} and s["dc"]["icons"]["raid"] == {"c": "grey", "v": 2}
    r = cli.ok("dieson", "set", "used", "1,2,3,4")
    assert "three used boxes, not 4" in r.stderr
    bad = cli("dieson", "set", "weather", "7")
    assert bad.exit_code == 2 and "'7'" in bad.stderr and "1..6" in bad.stderr


def test_the_unused_dice_set_in_the_morning_are_the_roll(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("dieson", "set", "dice", "4,2,6g")
    s = state(cli)
    assert [d["v"] for d in s["dc"]["unused"]] == [2, 4, 6] and s["dc"]["hand"] == [] and s["flow"]["step"] == "reroll"
    assert "2" in cli.ok("dieson", "event", "--take", "stone").stdout


def test_castaway_play_asks_the_corrected_phase_first(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("set", "day", "3")
    cli.ok("set", "phase", "evening")
    r = cli("play", "--no-board", input="3,5,6\nq\n")
    assert "The action dice as they lie" in r.stdout and "The meal?" in r.stdout, r.stdout
    assert "Roll the action dice" not in r.stdout
    s = state(cli)
    assert s["tracks"]["day"] == 3 and [d["v"] for d in s["dc"]["used"]] == [3, 5, 6]


def test_health_past_the_maximum_is_accepted_with_a_warning_and_never_cut(cli):
    cli.ok("new", "dieson", "--seed", "1")
    fresh = state(cli)
    r = cli.ok("dieson", "set", "health", "7")
    assert "Warning: health 7 is past the maximum of 5" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    s = state(cli)
    assert s["counters"]["health"] == 7 and s["limits"]["health"] == [0, 7]
    r = cli.ok("dieson", "set", "hearts", "6")
    assert "health 7 is past the new maximum of 6: health is 6 now" in r.stderr  # said, never cut silently
    assert state(cli)["counters"]["health"] == 6
    r = cli.ok("dieson", "set", "health", "4")
    assert not r.stderr and state(cli)["counters"]["health"] == 4
    assert cli("dieson", "set", "health", "-1").exit_code == 2
    for _ in range(3):
        cli.ok("undo")
    assert state(cli) == fresh


def test_the_bed_taken_back_lowers_a_health_past_the_maximum_and_says_so(cli):
    cli.ok("new", "dieson", "--seed", "1")
    cli.ok("dieson", "set", "tools", "bed")
    cli.ok("dieson", "set", "health", "7")
    r = cli.ok("dieson", "set", "tools", "none")
    assert "health 7 is past the maximum of 5 without the Bed: health is 5 now" in r.stderr
    assert state(cli)["counters"]["health"] == 5
    cli.ok("status")  # the table holds together


def test_a_phase_that_is_no_part_of_a_day_is_refused_as_a_wrong_value(cli):
    cli.ok("new", "dieson", "--seed", "1")
    r = cli("set", "phase", "over")
    assert r.exit_code == 1 and "accepted: morning, afternoon, evening" in r.stderr and "castaway end" in r.stderr


def test_dieson_set_day_puts_the_table_at_the_start_of_that_day(cli):
    cli.ok("new", "dieson", "--seed", "1", "--opt", "quest=1")
    cli.ok("dieson", "roll", "--faces", "2,4,5")
    cli.ok("dieson", "event", "--take", "wood")
    cli.ok("dieson", "pick", "2")
    before = state(cli)
    r = cli.ok("dieson", "set", "day", "4")
    assert not r.stderr
    s = state(cli)
    assert s["tracks"]["day"] == 4 and s["flags"]["phase"] == "morning" and s["flow"]["step"] == "roll"
    assert sorted(s["dc"]["hand"]) == ["grey", "yellow", "yellow"] and s["dc"]["pending"] is None
    assert nxt(cli)["command"] == "castaway dieson roll"
    r = cli.ok("dieson", "set", "day", "8")
    assert "day 8 is past the quest's 6 days" in r.stderr
    assert cli("dieson", "set", "day", "17").exit_code == 2
    cli.ok("undo")
    cli.ok("undo")
    assert state(cli) == before


def test_the_quests_conditions_met_are_set_and_the_quest_is_won_when_none_is_missing(cli):
    cli.ok("new", "dieson", "--seed", "1", "--opt", "quest=1")
    r = cli.ok("dieson", "set", "done", "deer")
    assert "correction: done hunt:deer" in r.stdout
    assert state(cli)["dc"]["hunted"] == ["deer"]
    bad = cli("dieson", "set", "done", "bear")
    assert bad.exit_code == 2 and "accepted: hunt:deer" in bad.stderr
    r = cli.ok("dieson", "set", "done", "none")
    assert state(cli)["dc"]["hunted"] == []
    cli.ok("dieson", "set", "done", "hunt:deer")
    r = cli.ok("dieson", "set", "tools", "rope")
    assert "game over: won" in r.stdout


def test_two_action_dice_set_by_hand_end_the_afternoon_and_the_night_asks_for_three(cli):
    cli.ok("new", "dieson", "--seed", "1")
    r = cli.ok("dieson", "set", "dice", "2,3")
    assert "the action dice are now 2" in r.stderr
    cli.ok("dieson", "event", "--take", "wood")
    for _ in range(2):
        cli.ok("dieson", "pick", "1")
        cli.ok("dieson", "do", "friend")
    s = state(cli)
    assert s["flags"]["phase"] == "evening" and s["flow"]["step"] == "dusk"  # no die left: the evening
    cli.ok("dieson", "dusk")
    cli.ok("dieson", "eat")
    bad = cli("dieson", "night")
    assert bad.exit_code == 1 and "hold 2 dice" in bad.stderr and "castaway dieson set used VALUE" in bad.stderr
    cli.ok("dieson", "set", "used", "2,3,4g")
    s = state(cli)
    assert s["flags"]["phase"] == "evening" and s["flow"]["step"] == "night"  # the meal is not asked again
    assert "Day 2" in cli.ok("dieson", "night").stdout


def test_the_guided_night_asks_the_used_boxes_when_they_do_not_hold_three(cli):
    from companion import catalog
    from companion.engine import apply
    from companion.games.dieson import game as dieson
    from companion.games.dieson.afternoon import DcPick
    from companion.games.dieson.correct import DcSet
    from companion.games.dieson.day import DcDusk, DcEat, DcEvent
    from companion.games.dieson.do import DcDo
    from companion.games.dieson.flow import next_step

    cat = catalog.load("dieson")
    t = dieson.setup(cat, {}, 1)
    for a in (DcSet("dice", ((2, "yellow"), (3, "grey"))), DcEvent("wood"), DcPick(1), DcDo("friend"), DcPick(1), DcDo("friend"),
              DcDusk(), DcEat("food")):
        t, _r = apply(t, a, cat)
    step = next_step(t, cat)
    assert step.ask.id == "dc-used" and "hold 2 dice" in step.say
    t, _r = apply(t, step.make("3,5g,2"), cat)
    assert t.data["flow"]["step"] == "night" and len(t.data["dc"]["used"]) == 3
    assert next_step(t, cat).ask.id != "dc-used"
