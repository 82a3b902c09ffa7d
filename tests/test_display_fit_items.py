"""The board's items of issue 24 item 4, read from the SVG and HTML the display draws (no browser): the last
roll is the log's last roll of any die, with when; the kite counts its pieces; Robinson's wounds stop at the
track's end; the swimmer is marked; Dieson's date set past the quest is drawn; 21 Mutinies' cards by name
and its score pad; text is measured with the font's own glyph widths."""

from __future__ import annotations

import re
from html import unescape

from companion import session
from tests.display_server import drive
from ui.display import page, view
from ui.display import svg as S
from ui.display.boards import board_for


def texts(svg: str) -> list[str]:
    return [unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(r"<text[^>]*>(.*?)</text>", svg)]


def drawn(loaded) -> str:
    return board_for(loaded.cat.id).board_svg(loaded.table, loaded.cat)


def test_text_is_measured_with_the_glyphs_of_the_font():
    assert S.measure("WWWW", 20) > 1.5 * S.measure("iiii", 20)
    assert S.measure("Hope", 30, True) > S.measure("Hope", 30)
    assert abs(S.measure("ab", 10) - (S.measure("a", 10) + S.measure("b", 10))) < 1e-9
    size = S.fit("Maximiliána Svobodová-Dvořáková", 40, 300, True)
    assert S.measure("Maximiliána Svobodová-Dvořáková", size, True) <= 300 < S.measure("Maximiliána Svobodová-Dvořáková", size + 1, True)


def test_boxed_text_fits_its_box_on_more_lines():
    out = S.boxed(0, 0, 130, 50, "Bartholomew Fitzgerald III", 30, weight="bold")
    lines = texts(out)
    assert lines == ["Bartholomew", "Fitzgerald III"]
    size = float(re.search(r'font-size="([\d.]+)"', out).group(1))
    assert all(S.measure(ln, size, True) <= 130 for ln in lines)


def test_the_last_roll_is_the_logs_last_roll_of_any_die_with_when(db):
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "21days", {"players": ["Ann", "Bob"], "weather": "1"}, seed=2).row.id
        step = drive(db, gid, lambda s: s.ask.kind == "dice")
        session.act(st, gid, step.make(None))  # the weather die, rolled virtually
        ev = st.last_rolled(gid)
        assert ev is not None and ev.result["rolls"]
        loaded = session.load(st, gid)
        html = page.board_fragment(loaded.row.version, loaded.table, loaded.cat, drawn(loaded), rolled=ev)
        die = loaded.cat.dice[ev.result["rolls"][0]["die"]]
        assert "Last roll" in html and die.name in html
        assert f"Day {ev.day} · " in html  # when it was rolled
        # a later action without dice keeps that roll as the last one
        step = drive(db, gid, lambda s: s.ask.kind != "dice")
        session.act(st, gid, step.make(step.ask.parse(None) if step.ask.default is not None else True))
        assert st.last_rolled(gid).seq == ev.seq
        # both undone, the roll was a slip at the keyboard, not the table's: no roll is shown
        session.undo(st, gid)
        session.undo(st, gid)
        assert st.last_rolled(gid) is None


def test_the_kite_counts_the_pieces_found_and_the_swimmer_is_marked(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"], "kite": "yes"}, seed=3)
    t = loaded.table
    t.data["counters"]["kite"] = 3
    assert "kite: 3/3 pieces" in texts(drawn(loaded))
    seat = t.seats[0]
    t.data.setdefault("flow", {})["jelly"] = {"who": seat, "card": "swarm-a", "challenges": [[">", 1], ["<", 4]]}
    assert "swimming: >1, <4" in texts(drawn(loaded))


def test_a_survivor_placed_keeps_on_the_raft_on_one_line_above_the_placement(db):
    """A 4-seat raft, each card a quarter wide: "on the raft" goes on two lines when alone, and on one line
    when the placement's line ("→ Fishing") is under it (on two, its second line ran into the placement)."""
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=3)
    t = loaded.table
    seat = t.seats[0]
    free = texts(drawn(loaded))
    assert "on the" in free and "raft" in free and "on the raft" not in free
    t.data.setdefault("flow", {})["placements"] = [[seat, "fishing"]]
    placed = texts(drawn(loaded))
    assert "on the raft" in placed and "→ Fishing" in placed


def test_robinsons_wounds_stop_at_the_tracks_end_and_the_end_says_why(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "robinson", {"players": ["Ann"]}, seed=1)
    t = loaded.table
    seat = t.seats[0]
    t.seat_values(seat)["wounds"] = 13
    words = texts(drawn(loaded))
    assert "12/12" in words and "13/12" not in words
    t.data["over"] = {"result": "lost", "reason": "Soldier died"}
    assert "Soldier died" in texts(drawn(loaded))
    html = page.board_fragment(1, t, loaded.cat, drawn(loaded))
    assert "Soldier died" in html


def test_robinsons_round_with_three_weather_dice_draws_three(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "robinson", {"players": ["Ann"], "weather": "7:rain+winter+animals"}, seed=1)
    svg = drawn(loaded)
    head = svg[:svg.index("Scenario")]
    assert len(re.findall(r'<g class="icon"', head)) >= 3


def test_diesons_date_set_past_the_quest_is_drawn_and_the_action_track_shown(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "dieson", {}, seed=1)
    t = loaded.table
    t.data["tracks"]["day"] = 9  # quest 1 lasts 6 days: the table set the date on
    words = texts(drawn(loaded))
    assert "9" in words and any("past the quest's last day" in w for w in words)
    t.data["tracks"]["action"] = 8
    assert any("Recover" in w for w in texts(drawn(loaded)))


def test_mutinies_cards_by_name_and_the_score_pad(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "mutinies", {"players": ["Ann", "Bob"]}, seed=1)
    t = loaded.table
    seat = [s for s in t.seats if s != "henchman"][0]
    f = t.data["flow"]
    f.setdefault("cards", {}).setdefault("held", {})[seat] = ["tempest"]
    words = " ".join(texts(drawn(loaded)))
    assert "in hand: Tempest" in words
    seats = [s for s in t.seats if s != "henchman"]
    f["scoring"] = {"todo": [], "pad": {"0": {s: [5, 7] for s in seats}, "4": {s: [7, 1] for s in seats}}}
    words = texts(drawn(loaded))
    assert "before scoring" in words and "4. doubloons to prestige" in words and "7 (1)" in words


def test_a_word_face_gets_a_wide_die():
    assert 'class="face word"' in page._die("ww", None, "")
    assert 'class="face"' in page._die("6", None, "")


def test_when_names_the_day_and_the_logs_line(db):
    with session.open_store(db, create=True) as st:
        gid = session.new_game(st, "dieson", {}, seed=1).row.id
        step = drive(db, gid, lambda s: s.ask.kind == "dice")
        session.act(st, gid, step.make(None))
        ev = st.last_rolled(gid)
        loaded = session.load(st, gid)
        heading, shown, at = view.rolled(ev, loaded.cat)
        assert len(shown) == 3 and at.startswith("Date 1 · ")


def test_the_21_days_board_lights_the_phase_the_steps_header_names(tmp_path):
    """The board's phase track and the question's header read the day's phase the same way
    (steps_common.phase_key): a weather effect's sub-task before the morning is the morning, not the sharks."""
    from companion.games.days21.steps_common import PHASE, phase_key
    from ui.display.boards import days21 as B

    with session.open_store(tmp_path / "p.db", create=True) as st:
        t = session.new_game(st, "21days", {"players": ["Ann", "Bob"], "decks": "virtual"}, seed=3).table
    for queue, header, lit in (([{"do": "jelly"}, {"do": "morning"}, {"do": "midday"}], "Morning", "morning"),
                               ([{"do": "shark"}, {"do": "morning"}], "Shark phase", "shark"),
                               ([{"do": "bite"}, {"do": "end"}], "Attack", "attack"),
                               ([{"do": "place"}, {"do": "evening"}], "Midday", "midday")):
        t.data["flow"]["queue"] = queue
        assert (PHASE[phase_key(queue)], B.current_phase(t)) == (header, lit), queue
