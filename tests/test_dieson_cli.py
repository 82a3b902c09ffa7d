"""Dieson Crusoe from the command line: the rulebook's worked examples, refusals, undo, and one full
guided game through `castaway play` to its end."""

from __future__ import annotations

import json

from companion import session


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def test_rulebook_example_2_4_4_moves_the_event_disc_to_wood_or_stone(cli):
    """§ Morning, 2) Event: at the start, dice 2, 4, 4 move the disc two spaces to the wood/stone space."""
    cli.ok("new", "dieson", "--opt", "quest=1", "--seed", "1")
    r = cli.ok("dieson", "roll", "--faces", "2,4,4")
    assert "smallest first: 2, 4, 4 grey" in r.stdout  # the grey die named, never "4g"
    bad = cli("dieson", "event")
    assert bad.exit_code == 2 and "wood/stone: say which" in bad.stderr
    r = cli.ok("dieson", "event", "--take", "stone")
    assert "Event disc 2 on to space 2: get 1 wood or 1 stone" in r.stdout
    s = state(cli)
    assert s["tracks"]["event"] == 2 and s["counters"]["stone"] == 1 and s["counters"]["wood"] == 0
    assert s["flags"]["phase"] == "afternoon"


def test_rulebook_goal_example_quest_1_is_won_by_a_deer_hunt_and_the_rope(cli):
    """§ Goal: quest 1 succeeds once the Deer is hunted and the Rope made, within 6 days."""
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "2")
    cli.ok("dieson", "roll", "--faces", "1,5,6")
    cli.ok("dieson", "event")  # 1: +1 food
    cli.ok("dieson", "pick", "1")  # the 1 -> box 1, Move
    cli.ok("dieson", "boost", "1", "--pay", "food")
    r = cli.ok("dieson", "do", "action", "--need", "1", "--area", "deer", "--gain", "wood")
    assert "the Deer area, +1 wood" in r.stdout
    r = cli.ok("dieson", "pick", "1")  # the 5 -> box 6, Hunting
    r = cli.ok("dieson", "do")
    assert "power 4 against 4: success" in r.stdout
    cli.ok("dieson", "pick", "1", "--back")  # the grey 6 back to box 9
    r = cli.ok("dieson", "do", "craft", "--tool", "rope")
    assert "Made the Rope" in r.stdout and "game over: won" in r.stdout
    play = json.loads(cli.ok("plays", "show", "last", "--json").stdout)
    out = play["outcome"]
    assert play["result"] == "won" and out["quest"] == 1 and out["day"] == 1


def test_weather_and_raid_at_night_then_the_dice_move(cli):
    """§ Evening: Weather 5 with 1 roof costs the roof and 1 health; Raid 6 in the Deer area takes a fence."""
    cli.ok("new", "dieson", "--seed", "3", "--opt", "arrows=stars,food,food,lightning,weather")
    cli.ok("set", "roof", "1")
    cli.ok("set", "fence", "1")
    cli.ok("set", "area", "deer")
    cli.ok("dieson", "roll", "--faces", "3,5,6")
    cli.ok("dieson", "event")  # 3: raid die +2
    for _ in range(3):
        cli.ok("dieson", "pick", "1")
        cli.ok("dieson", "do", "friend")
    cli.ok("dieson", "dusk")
    cli.ok("dieson", "eat")
    s = state(cli)
    assert s["dc"]["icons"]["raid"]["v"] == 3
    r = cli.ok("dieson", "night", "--icons", "none")
    assert "Raid die 3" in r.stdout and "Dice move" in r.stdout
    s = state(cli)
    assert [s["dc"]["icons"][i]["v"] for i in ("lightning", "weather", "raid")] == [3, 5, 6]
    assert s["tracks"]["day"] == 2 and s["dc"]["hand"] == ["yellow", "yellow", "yellow"]
    # day 2: the dice placed last evening decide tonight's weather (5) and raid (6)
    cli.ok("dieson", "roll", "--faces", "6,6,6")
    cli.ok("dieson", "event", "--take", "wood")  # 3 + 6 round the seven spaces: wood/stone again
    cli.ok("dieson", "help")  # the friend's help on the arrow at the disc's space 3 (1 food): its disc back to the start
    for _ in range(3):
        cli.ok("dieson", "pick", "1")
        cli.ok("dieson", "do", "friend")
    cli.ok("dieson", "dusk")
    cli.ok("dieson", "eat")
    before = state(cli)["counters"]
    r = cli.ok("dieson", "night", "--icons", "none")
    after = state(cli)["counters"]
    assert "Weather die 5: -1 roof, -1 health" in r.stdout and "-1 fence" in r.stdout
    assert after["health"] == before["health"] - 1 and after["roof"] == 0 and after["fence"] == 0


def test_refusals_write_nothing_and_undo_is_exact(cli, db):
    cli.ok("new", "dieson", "--seed", "4")
    r = cli("dieson", "pick", "1")
    assert r.exit_code == 1 and "not now: it is the morning (roll)" in r.stderr
    r = cli("dieson", "roll", "--faces", "2,9,4")
    assert r.exit_code == 2 and "'9' is not a face of yellow" in r.stderr
    r = cli("new", "dieson", "--opt", "quest=7")
    assert r.exit_code == 2 and "quest '7': accepted: 1..5" in r.stderr
    before = state(cli)
    cli.ok("dieson", "roll")
    cli.ok("undo")
    assert state(cli) == before
    cli.ok("dieson", "roll")
    first = state(cli)["dc"]["unused"]
    cli.ok("undo")
    cli.ok("dieson", "roll")
    assert state(cli)["dc"]["unused"] == first  # undo cannot re-roll
    r = cli("dieson", "reroll", "1")
    assert r.exit_code == 1 and "costs 1 stone; you have 0" in r.stderr
    assert "replay matches" in cli.ok("check").stdout


def test_the_meeple_set_back_to_the_start_square_with_a_die_in_hand_is_refused_until_it_is_on_a_box(cli):
    """A die in hand acts on the meeple's box; the action track set to 0 by hand (the start square) leaves it
    none: the action and the guided step say so, pointing at the track (they once failed on the missing box)."""
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "2")
    cli.ok("dieson", "roll", "--faces", "1,5,6")
    cli.ok("dieson", "event")
    cli.ok("dieson", "pick", "1")  # the 1 -> box 1, Move
    cli.ok("set", "action", "0")
    for words in (("dieson", "do"), ("play", "--no-board")):
        r = cli(*words)
        assert r.exit_code == 1 and "the meeple is on the start square" in r.stderr and "set action" in r.stderr
    cli.ok("set", "action", "6")
    assert "Hunting" in cli.ok("dieson", "do").stdout


# One full game through the guided loop, answers by value (a number picks by position too).
SCRIPT = [
    # day 1
    "1,5,6",  # roll; the event (1: +1 food) asks nothing and is done at once
    "pick:1:cw", "boost:food", "menu:move", "plain", "1", "other", "deer", "wood",  # move into the Deer area
    "pick:1:cw", "do:hunt",  # the 5 to Hunting: power 2 + 2 stars = 4, the Deer's 4
    "pick:1:ccw", "friend",  # the grey 6 back to box 9; play with the friend
    "food",  # the meal; dusk (no tool) and the night (date icons as the data file says) ask nothing
    # day 2
    "3,4,4",  # event 3 on to space 4: lose 2 food
    "pick:1:cw", "craft:rope",  # the 3 from box 9 to box 3; the Rope: quest 1 is won
]


def test_full_guided_game_to_its_end(cli, db):
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "7")
    r = cli.ok("play", "--no-board", input="\n".join(SCRIPT) + "\n")
    assert "The game is over: won." in r.stdout
    assert "error:" not in r.stdout + r.stderr
    with session.open_store(db) as st:
        plays = st.plays()
    assert len(plays) == 1
    data = plays[0][4]
    assert data["result"] == "won" and data["outcome"]["quest"] == 1 and data["outcome"]["day"] == 2
    assert data["outcome"]["tools"] == ["rope"]


def test_the_boards_raid_penalty_is_worded_from_the_area_cards_data_in_the_tables_language(cli):
    """§ Raid Penalty (Boar: lose 2 fences; with fewer than 2, lose 1 food and 1 health; Deer: with no fence,
    2 food): the board words it from the card's data, in Czech under --lang cs."""
    cli.ok("new", "dieson", "-p", "Ann")
    cli.ok("set", "area", "boar")
    assert "-2 fence; with fewer than 2 fences: -1 food, -1 health" in cli.ok("status").stdout
    cli.ok("set", "area", "deer")
    out = cli.ok("--lang", "cs", "status").stdout
    assert "-1 plot; bez plotu: -2 jídlo" in " ".join(out.split())
