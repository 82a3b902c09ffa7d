"""21 Days joined in progress (issue 22, item 1): the guided setup asks what the table shows, in the game's
own terms, records each answer that differs as a correction, and the guided game plays on from there."""

from __future__ import annotations

import pytest

from companion import catalog, session
from companion.errors import UsageError
from companion.games import registry
from companion.games.days21 import game as days21
from companion.games.days21 import steps
from ui import play_cmds

SEED = 11  # a fixed table: the answers below follow its questions and its values
OPTS = {"strength": {c: [5, 5] for c in ("red", "yellow", "blue", "green")}, "keep_strength": True}


def joined(tmp_path, monkeypatch, answers):
    it = iter(answers)
    prompts = []
    monkeypatch.setattr(play_cmds, "read", lambda prompt: (prompts.append(prompt), next(it))[1])
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "21days", dict(OPTS), seed=SEED).row.id
    fresh = session.load(st, gid).table.data
    play_cmds.join_in_progress(st, gid, registry.get("21days"))
    return st, gid, fresh, prompts


def test_a_table_at_day_12_is_joined_and_plays_on_from_there(tmp_path, monkeypatch):
    # in progress; day 12; Enter: from the shark phase; ship 6; shark 2; Enter: 8 tentacles; 4 planks left;
    # red, yellow, blue keep 5,5, green has one die at 4; red holds 3 hope, the others keep 1; Enter for
    # the swap location, the bottle cards, the special hope and ability tokens
    answers = ["2", "12", "", "6", "2", "", "4", "", "", "", "4", "3", "", "", "", *[""] * 7]
    st, gid, fresh, prompts = joined(tmp_path, monkeypatch, answers)
    cur = session.load(st, gid)
    s = cur.table.data
    assert s["tracks"] == {"day": 12, "shark": 2, "ship": 6}
    assert s["counters"]["planks"] == 4 and s["d21"]["lost_planks"] == ["flare-1", "bottle-1"]
    assert s["seat"]["green"]["strength"] == [4] and s["seat"]["red"]["hope"] == 3 and s["seat"]["blue"]["hope"] == 1
    assert [q["do"] for q in s["flow"]["queue"]][:2] == ["shark", "morning"]  # the setup is behind the table
    step = steps.next_step(cur.table, cur.cat)
    assert step.task == {"do": "shark"} and "Day 12" in step.phase
    events = [e for e in st.events(gid) if e.type == "action"]
    assert all(e.action["kind"] == "d21-set" for e in events) and len(events) == 7  # day, phase, ship, shark, planks, green, red hope
    assert any("Which day" in p for p in prompts) and any("planks" in p for p in prompts)
    for _e in events:
        session.undo(st, gid)
    assert session.load(st, gid).table.data == fresh


def test_the_phase_is_asked_and_a_refused_answer_asked_again(tmp_path, monkeypatch):
    # in progress; day 3; midday; 11 is no ship space, then 5; the rest as the fresh table
    answers = ["2", "3", "midday", "11", "5", *[""] * 20]
    st, gid, fresh, prompts = joined(tmp_path, monkeypatch, answers)
    s = session.load(st, gid).table.data
    assert s["tracks"]["day"] == 3 and s["tracks"]["ship"] == 5 and s["flow"]["queue"][0]["do"] == "midday"
    assert s["d21"]["logbook"] == "built"


def test_a_new_game_starts_at_its_setup(tmp_path, monkeypatch):
    st, gid, fresh, prompts = joined(tmp_path, monkeypatch, [""])
    assert [e.type for e in st.events(gid)] == ["setup"]
    assert session.load(st, gid).table.data["flow"]["queue"][0]["do"] == "setup"


def test_the_setup_check_answered_no_asks_what_differs(tmp_path):
    cat = catalog.load("21days")
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "21days", dict(OPTS), seed=SEED).row.id

    setup_check = days21.next_step(session.load(st, gid).table, cat).ask

    def answer(text):
        cur = session.load(st, gid)
        step = days21.next_step(cur.table, cur.cat)
        session.act(st, gid, step.make(step.ask.parse(text)))
        return session.load(st, gid).table

    assert answer("ano").data["flow"]["queue"][0]["do"] != "setup"  # Czech yes: set up
    session.undo(st, gid)
    t = answer("n")  # no: not set up like this, so day 1 does not begin
    assert t.data["flow"]["queue"][0]["do"] == "setup" and t.data["flow"]["differs"]
    step = days21.next_step(t, cat)
    assert step.ask.id == "d21-setup-differs"
    with pytest.raises(UsageError, match="e.g. ship 5"):
        step.make("ship")
    t = answer("ship 5")
    t = answer("swap dolphin")  # the swap location drawn by castaway: the table's own token
    t = answer("red.strength 3")
    assert t.data["tracks"]["ship"] == 5 and t.seat_values("red")["strength"] == [3] and t.data["d21"]["swap"] == "dolphin"
    assert t.data["flow"]["queue"][0]["do"] == "setup"
    t = answer("")  # Enter: nothing more differs
    assert t.data["flow"]["queue"][0]["do"] == "shark" and "differs" not in t.data["flow"]
    with pytest.raises(UsageError, match="accepted: y or n"):
        setup_check.parse("maybe")  # anything but yes or no is asked again


def test_the_swap_location_the_bottle_cards_and_the_tokens_used_are_asked(tmp_path, monkeypatch):
    # in progress; Enter through the tracks, strength and hope; the dolphin on the swap location; red holds
    # rotten-fish; the others none; the ±2 special token used; blue's ability token used
    answers = ["2", *[""] * 14, "dolphin", "rotten-fish", "", "", "", "plusminus2", "blue"]
    st, gid, fresh, prompts = joined(tmp_path, monkeypatch, answers)
    t = session.load(st, gid).table
    assert t.data["d21"]["swap"] == "dolphin" and t.deck("swap")["table"] == ["dolphin"] and "swap-7" in t.deck("swap")["draw"]
    assert t.deck("bottle")["held"] == {"red": ["rotten-fish"]} and "rotten-fish" not in t.deck("bottle")["draw"]
    assert t.data["d21"]["special"]["plusminus2"] == "used" and t.data["pools"]["hope"]["supply"] == fresh["pools"]["hope"]["supply"] - 1
    assert t.data["d21"]["ability"]["blue"]["used"] and not t.data["d21"]["ability"]["red"]["used"]
    kinds = [e.action["kind"] for e in st.events(gid) if e.type == "action"]
    assert kinds.count("d21-fix") == 4
    for _k in kinds:
        session.undo(st, gid)
    assert session.load(st, gid).table.data == fresh


def test_yes_no_options_in_czech(tmp_path):
    game = registry.get("21days")
    opts = game.table_options({"weather": "ano", "kite": "ne", "reroll": "ne", "scruffs": "no"})
    assert opts == {"weather": True, "kite": False, "reroll": False, "scruffs": False}
    t = days21.setup(catalog.load("21days"), opts, 1)
    assert t.data["d21"]["weather"] is not None and t.data["d21"]["kite"] is None
