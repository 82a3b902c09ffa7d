"""Robinson Crusoe: whole games through the guided `castaway play` with scripted input."""

from __future__ import annotations

import json

SETUP = [
    "robinson",  # which game
    "Ann",  # players' names
    "cook",  # character 1 of 1
    "2",  # rounds on the scenario card
    "",  # weather dice: ask every round
    "Hammer, Bible",  # starting items
    "",  # tile 8 shows food and wood
    "",  # Friday: yes
    "",  # the dog: yes (solo)
    "",  # a new game (not one in progress)
]
# steps that decide nothing (morale 0, production, a Wreckage card, two pawns' sure success, eating
# with food for everyone, the night's end) are done at once: no answer
ROUND_1 = [
    "threat-right cook; explore cook+dog",  # Food crates with one pawn; two pawns explore: no dice
    "",  # planning done (Friday stays home)
    "3 plains food wood beast d1",  # the tile drawn
    "-",  # no weather dice in round 1 (and no tokens: nothing to roll)
    "3",  # the camp moves to tile 3
    "",  # no healing, goal not met: the night ends, round 2
]
ROUND_2 = [
    "3 Fog 1",  # an Event card with a book icon, 1 pawn
    "wood -1",  # its event effect
    "2 cook; 7 cook; done",  # the planning menu's numbers: threat-right, weapon (one pawn: dice)
    "-",  # the threat action cost nothing
    "s,0,a",  # success, no wound, an adventure
    "",  # the dice apply as they show (no reroll)
    "food +1",  # the adventure card gives 1 food (to Future Resources)
    "1,2",  # rain and winter dice
    "r,0",  # one rain cloud, no roof: 1 food and 1 wood (none: 1 wound)
    "",  # the camp stays
    "cook.wounds -1",  # a night heal; then the night ends by itself
]


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def test_full_game_lost_when_the_last_round_ends(cli):
    script = SETUP + ROUND_1 + ROUND_2
    r = cli.ok("play", "--no-board", input="\n".join(script) + "\n")
    assert "The game is over: lost." in r.stdout
    assert "1 cloud(s) against roof 0: 1 unprotected" in r.stdout
    s = state(cli)
    assert s["over"]["result"] == "lost" and "round 2 of 2 ended" in s["over"]["reason"]
    assert s["counters"]["weapon"] == 1 and s["rc"]["camp"] == "3" and s["counters"]["hunting"] == 1
    # wounds: open air in round 1, then 1 missing wood in the weather, healed 1, open air again → 2
    assert s["seat"]["blue"]["wounds"] == 2
    assert [i["name"] for i in s["rc"]["items"]] == ["Hammer", "Bible"]
    plays = json.loads(cli.ok("plays", "list", "--json").stdout)
    assert plays[-1]["game"] == "robinson" and plays[-1]["result"] == "lost"
    assert plays[-1]["outcome"]["rounds"] == 2
    assert "matches" in cli.ok("check").stdout


def test_full_game_won_when_the_goal_is_met(cli):
    script = SETUP + ROUND_1 + ROUND_2[:-1] + ["goal"]
    r = cli.ok("play", "--no-board", input="\n".join(script) + "\n")
    assert "The game is over: won." in r.stdout
    plays = json.loads(cli.ok("plays", "list", "--json").stdout)
    assert plays[-1]["result"] == "won"


def test_guided_game_pauses_resumes_and_undoes(cli):
    r = cli.ok("play", "--no-board", input="\n".join(SETUP + ["threat-right cook"]) + "\n")
    assert "Paused" in r.stdout
    s = state(cli)
    assert [p["what"] for p in s["rc"]["plan"]] == ["threat-right"]
    r = cli.ok("play", "--no-board", input="undo\nrest cook\nquit\n")
    s = state(cli)
    assert [p["what"] for p in s["rc"]["plan"]] == ["rest"]


def test_a_character_dies_and_the_game_is_lost(cli):
    cli.ok("new", "robinson", "-p", "Ann", "--opt", "characters=explorer")
    cli.ok("set", "blue.wounds", "11")
    cli.ok("robinson", "phase", "night")
    r = cli.ok("robinson", "eat", "--hungry", "explorer")
    assert "game over: lost" in r.stdout and "Explorer died" in r.stdout
    plays = json.loads(cli.ok("plays", "list", "--json").stdout)
    assert plays[-1]["players"][0]["alive"] is False
    cli.ok("undo")
    assert state(cli)["over"] is None
    assert json.loads(cli.ok("plays", "list", "--json").stdout) == []
