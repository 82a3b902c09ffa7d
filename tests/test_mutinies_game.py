"""21 Mutinies through the CLI: setup by seat, a scripted guided game to its end, the play log.

Rulebook: 21-mutinies-rulebook-en.txt. It gives no worked numeric example; the tests below follow
its setup list and its final scoring steps with numbers we worked out by hand.
"""

from __future__ import annotations

import json

import pytest

from companion import session


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def seats(st: dict) -> dict:
    return st["seat"]


@pytest.mark.parametrize("n, doubloons", [
    (2, [3, 4]),
    (3, [3, 4, 4]),
    (4, [3, 4, 4, 4]),
    (5, [3, 4, 4, 4, 5]),
])
def test_setup_amounts_by_seat(cli, n, doubloons):
    """§ Initial Setup 1-8: prestige 3, one rum each, captain 3 / sailors 4 / fifth 5 doubloons,
    4 or 5 trade-route tokens, 20 cards on the Last Mutiny, the rest of the rum in the tavern."""
    cli.ok("new", "mutinies", "--opt", f"count={n}", "--seed", "11")
    st = state(cli)
    order = [s for s in st["flow"]["order"] if s != "henchman"]
    assert [st["seat"][s]["doubloons"] for s in order] == doubloons
    assert all(st["seat"][s]["prestige"] == 3 and st["seat"][s]["rum"] == 1 for s in order)
    squares = 5 if n == 5 else 4
    assert len(st["flow"]["routes"]) == squares
    assert st["counters"]["jewels"] == 54 - squares
    assert st["counters"]["treasures"] == 24
    assert st["flow"]["deck_left"] == 21
    assert st["pools"]["rum"]["supply"] - n == 25 - n  # the tavern keeps the rest
    if n == 2:
        assert st["flow"]["order"][1] == "henchman" and st["options"]["ignore_texts"] is True
    else:
        assert "henchman" not in st["flow"]["order"]


def test_setup_order_and_names(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=Cid,Ann,Bob")
    st = state(cli)
    assert st["flow"]["order"] == ["green", "red", "blue"]
    assert st["seat"]["green"]["doubloons"] == 3 and st["seat"]["green"]["player"] == "Cid"


@pytest.mark.parametrize("opts, msg", [
    (["--opt", "count=6"], "count='6': accepted: a whole number 2..5"),
    (["--opt", "count=x"], "count='x': accepted: a whole number 2..5"),
    ([], "2-5 players"),
    (["--opt", "count=3", "--opt", "beyond=1,2"], "beyond='1,2'"),
    (["--opt", "count=3", "--opt", "bonuses=5:gold"], "bonuses='5:gold'"),
    (["--opt", "count=3", "--opt", "order=red,red,blue"], "every seat once"),
    (["--opt", "count=3", "--opt", "texts=maybe"], "texts='maybe'"),
    (["--opt", "count=3", "--opt", "cards=12"], "cards='12'"),
])
def test_bad_setup_options(cli, opts, msg):
    r = cli("new", "mutinies", *opts)
    assert r.exit_code == 2 and msg in r.stderr
    assert "Traceback" not in r.output


# The scripted game: Ann (red) captain, Bob (blue), Cid (green). The jewel stack is corrected to 2
# tokens at the start so that round 1 empties it: round 2 is the final round.
SCRIPT = "\n".join([
    "2d 1d1r 0 3d",     # the trade routes' token costs
    "beyond",           # Ann, captain: beyond the routes, space 1, pays 1
    "beyond",           # Bob follows: space 2, pays 1
    "mutiny:1",         # Cid mutinies on space 1
    "y",                # Ann keeps her jewel
    "1",                # its colour: red (§ The Jewel Tokens; Enter would leave it not said)
    "n",                # Bob refuses his: 1 doubloon back; the stack is empty -> one final round
                        # the mutiny resolves by itself: Cid pays 1, +1 prestige, captain
    "reward",           # Cid draws Reward (compulsory)
    "y",                # plays it: Cid +3, sailors +1
    "tavern",           # round 2 (final): Cid, captain, to the tavern
    "tavern",           # Ann follows
    "cabin",            # Bob in the cabin, alone
    "3",                # tavern die 3: Cid 1 free rum, then 5 rum round: Cid 3, Ann 2
    "steal:red",        # Bob steals a doubloon from Ann
                        # final scoring steps 2, 3, 4, 6 need no answer
]) + "\n"


def test_full_scripted_game_to_its_end(cli, db):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    cli.ok("set", "jewels", "2")
    r = cli.ok("play", "--no-board", input=SCRIPT)
    assert "The game is over: won" in r.stdout
    assert "error" not in r.stderr.lower()  # every scripted answer is the one asked for
    assert "Enter to go on" not in r.stdout  # steps with nothing to decide ask nothing
    st = state(cli)
    pp = {s: v["prestige"] for s, v in st["seat"].items()}
    dbl = {s: v["doubloons"] for s, v in st["seat"].items()}
    # worked by hand: Ann 3+1-3 = 1, Bob 3+2-1 = 4, Cid 3+1+2-5 = 1; Cid keeps 1 doubloon
    assert pp == {"red": 1, "blue": 4, "green": 1}
    assert dbl == {"red": 0, "blue": 0, "green": 1}
    assert st["over"]["winners"] == ["blue"]
    pad = json.loads(cli.ok("mutinies", "pad", "--json").stdout)
    steps = [row["step"] for row in pad["rows"]]
    assert steps == ["before scoring", "2 jewels to doubloons", "3 mutiny cards to doubloons",
                     "4 doubloons to prestige", "6 rum"]
    assert pad["rows"][0]["players"]["green"] == [4, 6]
    assert pad["rows"][2]["players"]["green"] == [4, 7]
    assert pad["rows"][3]["players"]["green"] == [6, 1]
    with session.open_store(db) as st_:
        plays = st_.play_rows()
    assert len(plays) == 1
    outcome = plays[0]["data"]["outcome"] if "data" in plays[0] else plays[0]["outcome"]
    assert outcome["prestige"] == {"red": 1, "blue": 4, "green": 1}
    assert outcome["winners"] == ["blue"]
    assert cli.ok("check").exit_code == 0
    board = cli.ok("status").stdout
    assert "game over" in board and "winner" in board
    said = cli.ok("note", "the end").stdout  # a note is still taken; every command that acts says the game is over
    assert "game over: won" in said and "winner(s): Bob" in said, said


def test_guided_game_pauses_and_resumes(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "--opt", "order=red,blue", "--seed", "3")
    cli.ok("play", "--no-board", input="2d 1d1r 0 3d\nwreck\n")
    st = state(cli)
    assert st["flow"]["placed"][0]["action"] == "wreck"
    r = cli.ok("play", "--no-board", input="wreck\n")  # the henchman follows, placed by the captain
    assert "henchman" in r.stdout
    assert [p["seat"] for p in state(cli)["flow"]["placed"]] == ["red", "henchman"]
    cli.ok("undo")
    assert [p["seat"] for p in state(cli)["flow"]["placed"]] == ["red"]


def test_wrong_turn_and_wrong_game(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green")
    cli.ok("mutinies", "routes", "2d", "1d1r", "0", "3d")
    r = cli("mutinies", "place", "blue", "wreck")
    assert r.exit_code == 1 and "Ann (red)'s turn" in r.stderr
    r = cli("mutinies", "place", "red", "moon")
    assert r.exit_code == 2 and "no action 'moon'" in r.stderr
    r = cli("mutinies", "take")
    assert r.exit_code == 1 and "not now" in r.stderr
    cli.ok("new", "21days", "-p", "Ann")
    r = cli("mutinies", "next")
    assert r.exit_code == 1 and "on the table is 21 Days; `castaway mutinies next` is a 21 Mutinies: Arrr! Edition command" in r.stderr
