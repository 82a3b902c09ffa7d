"""Robinson Crusoe joined at any point (issue 22): the guided setup's join questions record corrections, the
corrections of the threat cards, tiles, camp, First Player and items are accepted at any time, and the game
plays on from the table as set; undo gives back the fresh table exactly."""

from __future__ import annotations

from companion import catalog, session
from companion.engine import apply
from companion.games import registry
from companion.games.robinson.correct import RcSet
from companion.games.robinson.phases import RcAdjust, RcEvent
from companion.table import Table
from ui import play_cmds

# what the table shows at round 5 (a prompt's words -> the answer typed; anything else: Enter)
ANSWERS = {
    "new game, or one already": "2",
    "Which round": "5",
    "Which phase": "event",
    "Morale?": "-1",
    "Roof level?": "1",
    "Wood?": "3",
    "Future food?": "2",
    "Cards in the Event deck?": "9",
    "the Adventure and the Mystery cards shuffled in": "2 1",
    "Cook: wounds": "4",
    "Carpenter: determination": "2",
    "left Threat Action": "book Heavy rain 2",
    "right Threat Action": "build Storm 1",
    "explored Island tiles": "8 beach food wood; 3 hills wood beast; 5 plains food shelter",
    "camp tile": "5",
    "First Player": "2",
    "Starting Items": "Hammer 1, Bible 0",
}


def _read(prompt: str) -> str:
    return next((a for k, a in ANSWERS.items() if k in prompt), "")


def _joined(tmp_path, monkeypatch):
    game = registry.get("robinson")
    monkeypatch.setattr(play_cmds, "read", _read)
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "robinson", {"players": "Ann,Bob", "characters": "cook,carpenter", "items": "Hammer,Bible"},
                           seed=1).row.id
    fresh = session.load(st, gid).table.data
    play_cmds.join_in_progress(st, gid, game)
    return st, gid, fresh


def test_a_game_joined_at_round_5_plays_on_from_there(tmp_path, monkeypatch):
    st, gid, fresh = _joined(tmp_path, monkeypatch)
    loaded = session.load(st, gid)
    t, cat = loaded.table, loaded.cat
    d, r = t.data, t.data["rc"]
    assert d["tracks"] == {"round": 5, "morale": -1}
    assert (d["counters"]["roof"], d["counters"]["wood"], d["counters"]["future-food"], d["counters"]["event-deck"]) == (1, 3, 2, 9)
    assert r["shuffled"] == {"adventure": 2, "mystery": 1}  # § I: cards shuffled into the Event deck, counted
    assert t.seat_values("blue")["wounds"] == 4 and t.seat_values("yellow")["determination"] == 2
    assert r["threat"] == [{"name": "Heavy rain", "pawns": 2, "icon": "book"}, {"name": "Storm", "pawns": 1, "icon": "build"}]
    assert sorted(r["tiles"]) == ["3", "5", "8"] and r["camp"] == "5" and d["flags"]["camp-shelter"] is True
    assert (d["counters"]["camp-food"], d["counters"]["camp-wood"]) == (1, 0)
    assert r["first"] == 1 and [(i["name"], i["uses"]) for i in r["items"]] == [("Hammer", 1), ("Bible", 0)]
    assert (d["flags"]["phase"], d["flow"]["step"]) == ("event", "draw")
    # plays on: round 5's Event card pushes the left threat off and takes the right field
    step = registry.get("robinson").next_step(t, cat)
    assert step.phase.startswith("Round 5 of 12 · I. Event") and step.ask.id == "rc-event-card"
    assert "9 cards in the deck" in step.say
    t = apply(t, RcEvent("gather", "Fog", 1), cat)[0]
    t = apply(t, RcAdjust(), cat)[0]
    assert [c["name"] for c in t.data["rc"]["threat"]] == ["Storm", "Fog"]
    assert t.data["counters"]["event-deck"] == 8
    # undo, correction by correction, gives back the fresh table exactly
    kinds = [e.action["kind"] for e in st.events(gid) if e.type == "action"]
    # the round set puts the table at round 5's start, the Event phase: the phase answered records nothing
    assert set(kinds) == {"set", "rc-set"}
    for _k in kinds:
        session.undo(st, gid)
    assert session.load(st, gid).table.data == fresh


def test_every_robinson_field_is_corrected_at_any_time():
    cat = catalog.load("robinson")
    game = registry.get("robinson")
    t = Table(game.setup(cat, {"players": "2", "characters": "cook,carpenter"}, 1).data)
    t = apply(t, RcSet.parse(t, cat, "tiles", "8 beach food wood; 2 hills wood"), cat)[0]
    t = apply(t, RcSet.parse(t, cat, "camp", "2"), cat)[0]
    assert t.data["rc"]["camp"] == "2" and (t.data["counters"]["camp-food"], t.data["counters"]["camp-wood"]) == (0, 1)
    t, said = apply(t, RcSet.parse(t, cat, "rounds", "3"), cat)
    assert said is None and t.data["rc"]["rounds"] == 3
    t = apply(t, RcSet.parse(t, cat, "threat-left", "-"), cat)[0]
    t, said = apply(t, RcSet.parse(t, cat, "round", "4"), cat)
    assert t.data["tracks"]["round"] == 4 and "past the scenario's 3 rounds" in said["say"]
    assert (t.data["flags"]["phase"], t.data["flow"]["step"]) == ("event", "draw")
    assert t.data["rc"]["threat"][0] is None
    # the rules could not reach it: accepted, with a one-line warning saying so
    t, said = apply(t, RcSet.parse(t, cat, "items", "Hammer 3, Bible 2"), cat)
    assert "warning" in said["say"] and t.data["rc"]["items"][0]["uses"] == 3


def test_yes_means_yes_in_the_guided_setup(cli):
    """Issue 22 item 6: 'n' at a yes/no question means no, the table's language's words count, anything else
    is refused and asked again."""
    setup = ["robinson", "Ann", "cook", "2", "", "-", "", "maybe", "n", "ne", "", "quit"]
    r = cli.ok("play", "--no-board", input="\n".join(setup) + "\n")
    assert "'maybe': accepted: y or n" in r.stderr
    s = __import__("json").loads(cli.ok("status", "--json").stdout)["state"]
    assert s["rc"]["friday"] is False and s["rc"]["dog"] is False
    cli.ok("new", "robinson", "-p", "Ann", "--opt", "friday=ano", "--opt", "dog=ne")
    s = __import__("json").loads(cli.ok("status", "--json").stdout)["state"]
    assert s["rc"]["friday"] is True and s["rc"]["dog"] is False


def test_robinson_set_corrects_the_board_from_the_command_line(cli):
    cli.ok("new", "robinson", "-p", "Ann", "-p", "Bob", "--seed", "1")
    cli.ok("robinson", "phase", "night")
    cli.ok("robinson", "set", "round", "5")  # the round put at its start
    assert "Round 5 of 12 · I. Event" in cli.ok("robinson", "next").stdout
    cli.ok("set", "phase", "action")
    cli.ok("robinson", "set", "threat-left", "book Heavy rain 2")
    cli.ok("robinson", "set", "camp", "5 plains food shelter")
    r = cli.ok("robinson", "set", "first", "Bob")
    assert "First Player" in r.stdout
    assert "correction: threat-left book Heavy rain 2" in cli.ok("history").stdout
    r = cli("robinson", "set", "threats", "x")
    assert r.exit_code != 0 and "threat-left, threat-right, tiles" in r.stderr
    cli.ok("set", "phase", "event")
    assert "Round 5 of 12 · I. Event" in cli.ok("robinson", "next").stdout


def test_enter_at_every_join_question_keeps_the_fresh_table(tmp_path, monkeypatch):
    """Each question's default is what the fresh table holds: Enter throughout records no correction."""
    answers = iter(["2"] + [""] * 80)
    monkeypatch.setattr(play_cmds, "read", lambda prompt: next(answers))
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "robinson", {"players": "3"}, seed=2).row.id
    play_cmds.join_in_progress(st, gid, registry.get("robinson"))
    assert [e.type for e in st.events(gid)] == ["setup"]
