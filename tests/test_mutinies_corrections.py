"""21 Mutinies: the table is the truth (issue 22). Every field the table shows can be set at any time (the
generic set, move and next, and `castaway mutinies set` for the captain, the turn order, the pirate token,
the routes, the cards and the deck); the round or phase set puts the table at its start, the guided game
asks from there, a correction the rules could not reach is made with a one-line warning, history names it,
and undo gives back the table exactly. Joining a game in progress asks what the table shows."""

from __future__ import annotations

import json

import pytest

from companion import session
from companion.engine import apply
from companion.actions import NextRound, SetValue
from companion.games import registry
from companion.games.mutinies.correct import Correct
from companion.games.mutinies.guide import next_step
from tests.flowrefusal import FlowTable
from tests.mutinies_table import CAT, ready, run, table
from companion.games.mutinies.actions import Place
from ui import play_cmds

NEW = "new mutinies -p Ann -p Bob -p Cid --opt order=red,blue,green --seed 3"


def _state(ft):
    return json.loads(ft.ok("status", "--json").output)["state"]


def test_set_round_and_phase_are_accepted_and_undone_exactly(tmp_path):
    ft = FlowTable(tmp_path / "g.db")
    ft.ok(NEW)
    fresh = _state(ft)
    ft.ok("mutinies routes 2d 1d1r 0 3d")
    ft.ok("mutinies place red wreck")
    ft.ok("set round 12")  # mid-round: the table is put at the start of round 12
    s = _state(ft)
    assert s["tracks"]["round"] == 12 and s["flags"]["phase"] == "captain" and s["flow"]["placed"] == []
    assert "captain's action" in ft.ok("mutinies next").output.lower()
    ft.ok("set phase mutiny-card")
    assert _state(ft)["flow"]["draw"] == "red"
    assert "draws a mutiny card" in ft.ok("mutinies next").output
    ft.ok("next")
    assert _state(ft)["tracks"]["round"] == 13
    ft.ok("move round -2")
    assert _state(ft)["tracks"]["round"] == 11
    ft.ok("set phase scoring")
    assert _state(ft)["flags"]["phase"] == "scoring"
    history = ft.ok("history").output
    assert "set round 12" in history and "set phase scoring" in history
    for _n in range(7):
        ft.ok("undo")
    assert _state(ft) == fresh


def test_the_captain_order_pirate_routes_cards_and_deck_are_corrections(tmp_path):
    ft = FlowTable(tmp_path / "g.db")
    ft.ok(NEW)
    fresh = _state(ft)
    ft.ok("mutinies set order green,red,blue")
    ft.ok("mutinies set captain Bob")
    ft.ok("mutinies set pirate wreck")
    ft.ok("mutinies set routes 2d,1d1r,-,0")
    ft.ok("mutinies set red.hand tempest,patrol")
    ft.ok("mutinies set blue.front tempest")
    ft.ok("mutinies set deck 9")
    s = _state(ft)["flow"]
    assert s["order"] == ["blue", "green", "red"] and s["pirate"] == "wreck" and s["deck_left"] == 9
    assert [sq["cost"] for sq in s["routes"]] == [[2, 0], [1, 1], None, [0, 0]]
    assert s["cards"]["held"]["red"] == ["tempest", "patrol"] and s["cards"]["front"]["blue"] == ["tempest"]
    nxt = json.loads(ft.ok("mutinies next --json").output)
    assert "Bob (blue) is captain" in nxt["say"] and "wreck" not in [c[0] for c in nxt["choices"]]
    assert "correction: order green,red,blue" in ft.ok("history").output
    for _n in range(7):
        ft.ok("undo")
    assert _state(ft) == fresh


def test_a_correction_the_rules_cannot_reach_is_made_with_a_warning(tmp_path):
    ft = FlowTable(tmp_path / "g.db")
    ft.ok(NEW)
    r = ft.ok("mutinies set deck 0")
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("warning:") and "final round" in lines[0]
    assert _state(ft)["flow"]["final_round"] == 1
    r = ft.ok("set round 4")  # past the final round: played as the final round, said
    assert "warning:" in r.stderr and "final round" in r.stderr
    assert _state(ft)["flow"]["final_round"] == 4


def test_a_field_the_table_cannot_show_is_refused_on_one_line(tmp_path):
    ft = FlowTable(tmp_path / "g.db")
    ft.ok(NEW)
    for bad, says in (("mutinies set bogus 1", "no field 'bogus'"), ("mutinies set order red,blue", "every player once"),
                      ("mutinies set routes 2d", "give 4 squares"), ("mutinies set red.hand nosuchcard", "nosuchcard"),
                      ("mutinies set pirate cabin", "pirate 'cabin'")):
        r = ft.run(bad)
        assert r.exit_code == 2 and says in r.stderr, (bad, r.stderr)


def test_set_phase_puts_the_round_at_that_phase_start():
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "wreck"))
    t, _ = apply(t, SetValue("phase", "sailors"), CAT)  # the sailors place again: the captain's pawn stays
    assert [p["seat"] for p in t.data["flow"]["placed"]] == ["red"] and t.data["flags"]["phase"] == "sailors"
    t, _ = run(t, Place("blue", "wreck"), Place("green", "cabin"))
    assert t.data["flags"]["phase"] == "resolve"
    t, _ = apply(t, SetValue("phase", "resolve"), CAT)
    assert [q["kind"] for q in t.data["flow"]["queue"]] == ["wreck", "wreck", "cabin"]
    t2, result = apply(table(), SetValue("phase", "resolve"), CAT)  # nothing placed: said, the placements asked
    assert t2.data["flags"]["phase"] == "captain" and "not every pawn is placed" in result["warning"][0]
    t3, _ = apply(table(), SetValue("phase", "over"), CAT)
    assert t3.data["over"]["result"] == "won" and next_step(t3, CAT) is None


def test_next_and_a_correction_are_recorded_like_any_action():
    t, result = apply(table(), NextRound(), CAT)
    assert result == {"round": 2} and t.data["tracks"]["round"] == 2
    t, _ = apply(t, Correct.parse(t, CAT, "captain", "green"), CAT)
    assert t.data["flow"]["order"] == ["green", "red", "blue"]


# -- joining a game in progress ---------------------------------------------------------------------


def _answers(t, cat, given: dict):
    """What the table answers, by question key (Enter for the others)."""
    out = []
    for key, ask in registry.get("mutinies").join_asks(t, cat):
        out.append((key, ask, given.get(key, "")))
    return out


def test_joining_at_round_12_asks_what_the_table_shows_and_plays_on(tmp_path, monkeypatch):
    game = registry.get("mutinies")
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "mutinies", {"players": ["Ann", "Bob", "Cid"], "order": "red,blue,green"}, seed=3).row.id
    fresh = session.load(st, gid).table
    keys = [k for k, _a in game.join_asks(fresh, session.load(st, gid).cat)]
    assert keys[:3] == ["round", "order", "pirate"] and "blue.doubloons" in keys and "green.front" in keys
    assert keys[-4:] == ["jewels", "treasures", "deck", "routes"]
    given = {"round": "12", "order": "blue, green, red", "pirate": "wreck", "red.prestige": "9", "blue.doubloons": "7",
             "green.rum": "3", "red.jewel": "2", "blue.treasure": "1", "red.hand": "tempest", "green.front": "patrol",
             "jewels": "30", "treasures": "20", "deck": "8", "routes": "2d 1r 0 1d1r"}
    typed = iter(["progress"] + [given.get(k, "") for k in keys])
    monkeypatch.setattr(play_cmds, "read", lambda prompt: next(typed))
    play_cmds.join_in_progress(st, gid, game)
    t = session.load(st, gid).table
    f = t.data["flow"]
    assert t.data["tracks"]["round"] == 12 and f["order"] == ["blue", "green", "red"] and f["pirate"] == "wreck"
    assert t.seat_values("red")["prestige"] == 9 and t.seat_values("blue")["doubloons"] == 7
    assert t.seat_values("green")["rum"] == 3 and t.seat_values("red")["jewel"] == 2 and t.seat_values("blue")["treasure"] == 1
    assert f["cards"]["held"]["red"] == ["tempest"] and f["cards"]["front"]["green"] == ["patrol"]
    assert t.data["counters"]["jewels"] == 30 and t.data["counters"]["treasures"] == 20 and f["deck_left"] == 8
    assert [sq["cost"] for sq in f["routes"]] == [[2, 0], [0, 1], [0, 0], [1, 1]]
    step = next_step(t, session.load(st, gid).cat)  # plays on: round 12, Bob the captain places
    assert "Round 12" in step.phase and "Bob (blue) is captain" in step.say
    assert "wreck" not in [v for v, _l in step.ask.choices]  # under the pirate token
    n = sum(1 for e in st.events(gid) if e.type == "action")
    assert n == len(given)  # one correction per answer that differs
    for _i in range(n):
        session.undo(st, gid)
    assert session.load(st, gid).table == fresh


def test_enter_at_every_join_question_keeps_the_fresh_table(tmp_path, monkeypatch):
    game = registry.get("mutinies")
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "mutinies", {"count": "4"}, seed=5).row.id
    typed = iter(["2"] + [""] * 200)  # in progress (by its number), then Enter everywhere
    monkeypatch.setattr(play_cmds, "read", lambda prompt: next(typed))
    play_cmds.join_in_progress(st, gid, game)
    assert [e.type for e in st.events(gid)] == ["setup"]


def test_a_two_player_join_keeps_the_henchman_second(tmp_path):
    t = table(2)
    game = registry.get("mutinies")
    action = game.join_answer(t, CAT, "order", "blue,red")
    t, _ = apply(t, action, CAT)
    assert t.data["flow"]["order"] == ["blue", "henchman", "red"]
    assert "texts" not in [k for k, _a in game.join_asks(t, CAT)] and "red.front" not in [k for k, _a in game.join_asks(t, CAT)]
    t, _ = apply(t, game.join_answer(t, CAT, "red.hand", 3), CAT)  # the texts are ignored: cards face down, counted
    assert t.data["flow"]["cards"]["held"]["red"] == ["face-down"] * 3


@pytest.mark.parametrize("key,bad", [("order", "red,red,blue"), ("routes", "2d 1r"), ("red.hand", "nosuch")])
def test_a_join_answer_the_table_cannot_show_is_refused(key, bad):
    from companion.errors import UsageError

    with pytest.raises(UsageError):
        registry.get("mutinies").join_answer(table(), CAT, key, bad)


def test_castaway_play_joins_at_round_12_and_asks_that_round_first(cli):
    """The guided setup, then "in progress": what the table shows, Enter where it is as fresh; then the guided
    game asks round 12's first step (the routes' prices were given, so the captain's action)."""
    setup = ["3", "Ann,Bob,Cid", "y", "red,blue,green", "", ""]
    seat = ["", "", "", "", "", "", ""]  # prestige, doubloons, rum, jewel, treasure, hand, front
    join = ["2", "12", "green,red,blue", "none", "9", "6", "", "", "", "tempest", "", *seat, *seat, "40", "", "15",
            "2d 1r 0 1d1r"]
    r = cli.ok("play", "--no-board", input="\n".join(setup + join + ["quit"]) + "\n")
    assert "The table is set as it is." in r.stdout
    after = r.stdout.split("The table is set as it is.")[1]
    assert "Round 12" in after and "Cid (green) is captain and chooses the action" in after
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["tracks"]["round"] == 12 and s["flow"]["order"] == ["green", "red", "blue"] and s["flow"]["deck_left"] == 15
    assert s["seat"]["red"]["prestige"] == 9 and s["seat"]["red"]["doubloons"] == 6
    assert s["flow"]["cards"]["held"]["red"] == ["tempest"] and s["counters"]["jewels"] == 40
    history = cli.ok("history").stdout
    assert "set round 12" in history and "correction: order green,red,blue" in history
