"""Dieson Crusoe joined in progress (issue 22, item 1): the guided setup asks what the table shows (day, part of the
day, health, supplies, tools made, the event and friend discs, the meeple's place and area, the icon dice, the
action meeple and the used boxes), records each answer that differs as a correction, and plays on from there."""

from __future__ import annotations

from companion import session
from companion.games import registry
from companion.games.dieson.afternoon import DcPick
from companion.games.dieson.do import DcDo
from ui import play_cmds

ANSWERS = {
    "join": "2",  # in progress
    "dc-join-day": "4", "dc-join-phase": "afternoon", "dc-join-hearts": "", "dc-join-health": "3",
    "dc-join-food": "1", "dc-join-wood": "2", "dc-join-stone": "", "dc-join-leather": "", "dc-join-fence": "", "dc-join-roof": "1",
    "dc-join-tools": "Rope", "dc-join-done": "1", "dc-join-event": "3", "dc-join-friend": "2", "dc-join-place": "Mountain top",
    "dc-join-area": "deer",
    "dc-join-lightning": "", "dc-join-weather": "5", "dc-join-raid": "2g",
    "dc-join-action": "4", "dc-join-used": "3", "dc-join-dice": "2,5g",
}


def _join(tmp_path, monkeypatch, answers: dict, options=None):
    asked: list[str] = []

    def describe(ask, cat=None):
        return ask.id

    def read(prompt):
        asked.append(prompt)
        return answers[prompt]

    monkeypatch.setattr(play_cmds, "describe", describe)
    monkeypatch.setattr(play_cmds, "read", read)
    st = session.open_store(tmp_path / "g.db", create=True)
    gid = session.new_game(st, "dieson", options or {"quest": "2"}).row.id
    fresh = session.load(st, gid).table.data
    play_cmds.join_in_progress(st, gid, registry.get("dieson"))
    return st, gid, fresh, asked


def test_a_game_joined_on_day_4_in_the_afternoon_plays_on_from_the_table(tmp_path, monkeypatch):
    st, gid, fresh, asked = _join(tmp_path, monkeypatch, ANSWERS)
    assert asked == list(ANSWERS)  # every question, the dice ones after the part of the day
    t = session.load(st, gid).table
    d = t.data
    assert d["tracks"] == {"day": 4, "event": 3, "action": 4, "friend": 2}
    assert {k: d["counters"][k] for k in ("health", "food", "wood", "stone", "roof")} == {"health": 3, "food": 1, "wood": 2, "stone": 0, "roof": 1}
    assert d["decks"]["tools"]["held"]["crusoe"] == ["rope"] and d["flags"]["place"] == "mountain-top"
    assert d["flags"]["area"] == "deer" and d["dc"]["icons"]["weather"] == {"c": "yellow", "v": 5}
    assert d["dc"]["icons"]["raid"] == {"c": "grey", "v": 2}
    assert d["dc"]["used"] == [{"c": "yellow", "v": 3}] and d["dc"]["unused"] == [{"c": "yellow", "v": 2}, {"c": "grey", "v": 5}]
    assert d["flags"]["phase"] == "afternoon" and d["flow"]["step"] == "pick" and d["dc"]["hand"] == []
    events = [e for e in st.events(gid) if e.type == "action"]
    assert d["dc"]["visited"] == ["mountain-top"]  # quest 2's place is reached: the Flag is what is missing
    assert len(events) == 17 and all(e.action["kind"] in ("set", "dc-set") for e in events)
    step = registry.get("dieson").next_step(t, session.load(st, gid).cat)
    assert "2 of 3" in step.title  # the second action of the day: one die is in a used box
    session.act(st, gid, DcPick(1))  # the 2 from box 4: box 6, Hunting in the Deer area
    ev, after = session.act(st, gid, DcDo("action"))
    assert "Deer" in ev.result["say"] and after.data["dc"]["used"][-1] == {"c": "yellow", "v": 2}
    for _ in range(19):
        session.undo(st, gid)
    assert session.load(st, gid).table.data == fresh


def test_enter_at_every_question_keeps_the_fresh_table(tmp_path, monkeypatch):
    answers = {k: "" for k in ANSWERS}
    answers["join"] = "progress"
    st, gid, fresh, asked = _join(tmp_path, monkeypatch, answers)
    assert "dc-join-used" not in asked and "dc-join-friend" in asked  # the Morning: no die is used yet
    assert [e.type for e in st.events(gid)] == ["setup"]
    assert session.load(st, gid).table.data == fresh


def test_joined_in_the_evening_the_used_boxes_hold_the_three_dice(tmp_path, monkeypatch):
    answers = {k: "" for k in ANSWERS}
    answers.update({"join": "2", "dc-join-phase": "evening", "dc-join-used": "6,1g,4", "dc-join-tools": "bogus"})
    bad = iter(["bogus", "none"])  # a tool that is not one is asked again
    answers_seq = dict(answers)

    def tools():
        return next(bad)

    class Reader(dict):
        def __getitem__(self, k):
            return tools() if k == "dc-join-tools" else answers_seq[k]

    st, gid, fresh, asked = _join(tmp_path, monkeypatch, Reader(answers))
    assert asked.count("dc-join-tools") == 2
    d = session.load(st, gid).table.data
    assert d["flags"]["phase"] == "evening" and d["flow"]["step"] == "dusk"
    assert [x["v"] for x in d["dc"]["used"]] == [6, 1, 4] and d["dc"]["hand"] == []
