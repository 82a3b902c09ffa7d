"""21 Days: the table is the truth. Every correction is accepted at any time (issue 22, item 2): the day,
the phase and the planks put the table at the start of that day or phase and the guided game asks the
right step from there; what the rules could not reach is kept with a one-line warning; undo is exact."""

from __future__ import annotations

import json

import pytest

from companion import catalog
from companion.engine import apply
from companion.games.days21 import game as days21
from companion.games.days21 import steps
from companion.table import Table
from tests.flowrefusal import FlowTable

CAT = catalog.load("21days")
NEW = ("new", "21days", "-p", "Ann", "--seed", "3", "--keep-strength")


@pytest.fixture
def ft(tmp_path):
    return FlowTable(tmp_path / "fix.db")


def state(ft) -> dict:
    return json.loads(ft.ok("status", "--json").output)["state"]


def head(ft) -> str:
    return state(ft)["flow"]["queue"][0]["do"]


def test_joining_at_day_12_plays_on_from_there_and_undo_is_exact(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    fresh = state(ft)
    for words in (("set", "day", "12"), ("set", "planks", "4"), ("set", "ship", "6"), ("set", "shark", "2"),
                  ("set", "green.strength", "4")):
        ft.ok(*words)
    s = state(ft)
    assert s["tracks"] == {"day": 12, "shark": 2, "ship": 6}
    assert s["counters"]["planks"] == 4 and len(s["d21"]["planks"]) == 4
    assert s["seat"]["green"]["strength"] == [4]  # one die at 4
    t = Table(s)
    step = steps.next_step(t, CAT)
    assert step.task == {"do": "shark"} and "Day 12" in step.phase  # day 12's first step
    for _i in range(5):
        ft.ok("undo")
    assert state(ft) == fresh


def test_the_phase_set_by_hand_starts_there(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("set", "phase", "evening")
    s = state(ft)
    assert [q["do"] for q in s["flow"]["queue"]] == ["evening", "attack", "end"] and s["flags"]["phase"] == "evening"
    ft.ok("set", "phase", "shark")
    assert head(ft) == "shark"


def test_the_day_moves_by_hand_too(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("21days", "shark-phase")
    ft.ok("move", "day", "+1")
    s = state(ft)
    assert s["tracks"]["day"] == 2 and head(ft) == "shark"  # the day starts again at its first step
    ft.ok("next")
    assert state(ft)["tracks"]["day"] == 3
    ft.ok("set", "day", "21")
    assert [q["do"] for q in state(ft)["flow"]["queue"]][-1] == "day21"


def test_the_day_set_before_setup_keeps_the_setup_first(ft):
    ft.ok(*NEW)
    ft.ok("set", "day", "5")
    assert head(ft) == "setup"
    ft.ok("21days", "setup-done")
    assert state(ft)["tracks"]["day"] == 5 and head(ft) == "shark"


def test_planks_follow_the_count_flare_side_then_bottle_side(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("set", "planks", "3")
    s = state(ft)["d21"]
    assert s["planks"] == ["flare-3", "bottle-2", "bottle-3"] and s["lost_planks"] == ["flare-1", "bottle-1", "flare-2"]
    assert "1" in s["lost_spots"] and "1" not in [k for k, v in s["raft"].items() if v]  # flare-2 carried spot 1
    ft.ok("move", "planks", "+2")
    assert state(ft)["d21"]["planks"] == ["flare-2", "flare-3", "bottle-1", "bottle-2", "bottle-3"]  # the last lost first


def test_what_the_rules_could_not_reach_is_kept_with_a_warning(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    r = ft.ok("set", "ship", "10")
    assert "only on day 21" in r.stderr and state(ft)["tracks"]["ship"] == 10
    r = ft.ok("set", "ship", "9")
    assert "warning" not in r.stderr
    ft.ok("set", "red.strength", "dead")
    assert "red" in state(ft)["dead"]
    r = ft.ok("set", "red.strength", "4,4")
    s = state(ft)
    assert "never bring the dead back" in r.stderr and "red" not in s["dead"] and s["seat"]["red"]["strength"] == [4, 4]


def test_one_die_or_two():
    t = days21.setup(CAT, {"strength": {c: [5, 5] for c in ("red", "yellow", "blue", "green")}}, 1)
    from companion.actions import SetValue

    t, _r = apply(t, SetValue.parse(t, CAT, "green.strength", "4"), CAT)
    assert t.seat_values("green")["strength"] == [4]
    t, _r = apply(t, SetValue.parse(t, CAT, "green.strength", "4,3"), CAT)
    assert t.seat_values("green")["strength"] == [4, 3]


def test_tentacles_are_set_like_any_count(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("set", "tentacles", "3")
    assert state(ft)["counters"]["tentacles"] == 3


def test_the_planks_gone_are_named_and_the_history_says_correction(ft):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    ft.ok("set", "planks", "flare-3,bottle-1")
    s = state(ft)
    assert s["counters"]["planks"] == 4 and s["d21"]["planks"] == ["flare-1", "flare-2", "bottle-2", "bottle-3"]
    assert s["d21"]["lost_spots"] == ["2"] and "2" not in [k for k, v in s["d21"]["raft"].items() if v]  # flare-3 carried spot 2
    r = ft.run("set", "planks", "flare-9")
    assert r.exit_code == 2 and "flare-1" in r.stderr
    hist = json.loads(ft.ok("history", "--json").stdout)
    assert hist[-1]["text"] == "correction: set planks 4, gone: flare-3, bottle-1"


def test_fix_sets_the_parts_that_are_no_count(ft):
    ft.ok(*NEW)
    ft.ok("21days", "fix", "swap", "dolphin")  # before the setup is done, too
    ft.ok("21days", "setup-done")
    ft.ok("21days", "fix", "held", "rotten-fish", "--seat", "red")
    ft.ok("21days", "fix", "ability", "blue", "red")
    s = state(ft)
    assert s["d21"]["swap"] == "dolphin" and s["decks"]["bottle"]["held"] == {"red": ["rotten-fish"]}
    assert s["d21"]["ability"]["blue"]["used"] and s["d21"]["ability"]["red"]["used"]
    r = ft.run("21days", "fix", "kite", "1")
    assert r.exit_code == 2 and "swap, held, special, ability" in r.stderr


@pytest.mark.parametrize(("words", "said"), [
    (("held", "rotten-fish"), "not a living survivor"),  # no --seat: the cards were once held by nobody (a None key)
    (("held", "roll", "--seat", "red"), "not in the bottle deck"),  # 'roll' once put a None card in red's hand
    (("swap", "roll"), "not in the swap deck"),  # 'roll' once stood for no token on the swap location
])
def test_fix_names_a_living_hand_and_cards_at_the_table(ft, words, said):
    ft.ok(*NEW)
    ft.ok("21days", "setup-done")
    before = state(ft)
    r = ft.run("21days", "fix", *words)
    assert r.exit_code == 2 and said in r.stderr
    assert state(ft) == before and ft.ok("check").output.count("replay matches the stored state") == 1


def test_castaway_play_asks_day_12s_first_step_after_the_corrections(cli):
    cli.ok(*NEW)
    cli.ok("21days", "setup-done")
    for words in (("set", "day", "12"), ("set", "planks", "4"), ("set", "ship", "6"), ("set", "shark", "2"),
                  ("set", "green.strength", "4")):
        cli.ok(*words)
    r = cli("play", "--no-board", input="q\n")
    assert "Day 12 · Shark phase" in r.stdout and "Day 1 " not in r.stdout
