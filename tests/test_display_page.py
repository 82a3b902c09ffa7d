"""The board page and the pad as a table reads them, without a browser: the last roll names each die and
shows its face as a person reads it; a keyboard prompt ("Enter to go on") becomes a phrase on the board
and a button on the pad; a word face gets a die wide enough for it."""

from __future__ import annotations

import re

from companion import session
from tests.display_server import drive, make_games
from ui.display import page, view
from ui.display.boards import board_for


def loaded(db, gid):
    with session.open_store(db) as st:
        return session.load(st, gid)


def test_dieson_last_roll_names_the_grey_die_and_shows_its_digit(tmp_path):
    db = tmp_path / "c.db"
    gid = make_games(db)["dieson"]
    step = drive(db, gid, lambda s: s.ask.kind == "dice")
    with session.open_store(db) as st:
        session.act(st, gid, step.make("5,2,6"))  # yellow 5, yellow 2, grey 6: stored as "2 5 6g"
    cur = loaded(db, gid)
    assert cur.table.data["last"]["faces"] == ["2", "5", "6g"]  # the game's own shorthand, unchanged
    heading, shown = view.last_roll(cur.table, cur.cat)
    assert heading == "Action dice"
    assert [(s.name, s.colour, s.face) for s in shown] == [
        ("Yellow die", "yellow", "2"), ("Yellow die", "yellow", "5"), ("Grey die", "grey", "6")]
    html = page.board_fragment(cur.row.version, cur.table, cur.cat, board_for("dieson").board_svg(cur.table, cur.cat))
    roll = html[html.index('<section class="roll">'):]
    assert re.findall(r'class="face[^"]*"[^>]*>([^<]*)<', roll) == ["2", "5", "6"]
    assert roll.count("<figcaption>Grey die</figcaption>") == 1 and "6g" not in roll


def test_robinsons_weather_faces_are_named_in_words_not_by_their_shorthand(tmp_path):
    """decks/robinson/dice.toml writes the clouds as r and w ("rw": a rain and a winter cloud): the board's
    last roll says them in words, short enough for a die (tests/test_display_fit.py draws them)."""
    db = tmp_path / "c.db"
    gid = make_games(db)["robinson"]
    cur = loaded(db, gid)
    cur.table.data["last"] = {"roll": "rain winter animals", "faces": ["rr", "rw", "beast"]}
    heading, shown = view.last_roll(cur.table, cur.cat)
    assert [s.face for s in shown] == ["2 rain", "rain+winter", "beast"]
    assert cur.cat.dice["winter"].label("w") == "1 winter" and cur.cat.dice["build-success"].label("fail") == "fail"
    html = page.board_fragment(cur.row.version, cur.table, cur.cat, board_for("robinson").board_svg(cur.table, cur.cat))
    roll = html[html.index('<section class="roll">'):]
    assert ">2 rain<" in roll and ">rain+winter<" in roll and ">rw<" not in roll


def test_a_word_face_gets_a_wide_die_with_its_name():
    html = page._die("tentacle", "purple", "Octopus die")
    assert 'class="face word"' in html and ">tentacle<" in html and "<figcaption>Octopus die</figcaption>" in html
    assert 'class="face"' in page._die("6", "red", "")  # a digit keeps the square die


def test_enter_to_go_on_is_a_phrase_on_the_board_and_a_button_on_the_pad(tmp_path):
    assert view.go_on("Enter to go on") == ("When the table is ready: go on", "Go on")
    assert view.go_on("Enter to apply the event") == ("When the table is ready: apply the event", "Apply the event")
    assert view.go_on("Enter to sail")[1] == "Sail"
    assert view.go_on("Enter to do something new") == ("When the table is ready: go on", "Go on")
    assert view.go_on("Nothing to answer")[0] == "Nothing to answer"  # not a keyboard phrase: kept
    db = tmp_path / "c.db"
    gid = make_games(db)["robinson"]
    drive(db, gid, lambda s: s.ask.kind == "none")
    cur = loaded(db, gid)
    now = view.now(cur.table, cur.cat)
    assert now.kind == "none" and "Enter" not in now.prompt
    board = page.board_fragment(cur.row.version, cur.table, cur.cat, "<svg></svg>")
    pad = page.pad_fragment(cur.row.version, cur.table, cur.cat)
    assert "When the table is ready: go on" in board and "Enter" not in board
    assert re.search(r'<button type="button" class="send primary" data-answer="">Go on</button>', pad)
    assert "Enter" not in pad.replace("Or type the answer as at the keyboard", "")


def test_the_pad_offers_typed_answers_as_buttons_grouped_by_what_they_are(tmp_path):
    """21 Days' day-21 actions, the jellyfish card ids with their names, the abilities: every answer the
    terminal lists is a button on the pad, under its group's name; one whose die face is still to be typed
    goes into the field (data-fill), any other is sent at once."""
    from html import unescape

    from companion.games.days21 import steps

    db = tmp_path / "o.db"
    gid = make_games(db)["21days"]
    cur = loaded(db, gid)
    t, cat = cur.table, cur.cat
    for s in t.seats:
        t.seat_values(s)["hope"] = 2
    t.seat_values(t.seats[1])["hope"] = 0
    _title, _say, ask, _make = steps._day21(t, cat, {"do": "day21"})
    listed = ask.prompt.split("? ", 1)[1].split(" | ")
    html = page._offers_html([(g, v, label) for g, v, label in ask.offers])
    offered = [unescape(v).strip() for v in re.findall(r'data-(?:fill|answer)="([^"]*)"', html)]
    assert sorted(offered) == sorted(listed), (offered, listed)
    assert f'data-fill="flare {t.seats[0]} "' in html and 'data-answer="end"' in html
    assert f'data-fill="shout {t.seats[1]} "' in html
    groups = re.findall(r"<h3>([^<]*)</h3>", html)
    assert "Fire a flare (2 hope)" in groups and len(groups) == len(set(groups))
    _title, _say, ask, _make = steps._jelly(t, cat, {"do": "jellyfish", "seat": t.seats[0]})
    html = page._offers_html(list(ask.offers))
    for card in cat.deck("jellyfish").cards:
        assert f'data-answer="{card.id}"' in html and unescape(card.name) in unescape(html)
    assert re.findall(r"<h3>([^<]*)</h3>", html) == ["Jellyfish card"]
    assert steps._use_offer("maya WHO") == ("Abilities now", "use maya ", "maya WHO")
    assert steps._use_offer("aleta") == ("Abilities now", "use aleta", "aleta")
    assert steps._use_offer("token red WHO,WHO")[1] == "use token red "


def test_robinsons_event_card_question_has_a_button_per_kind_of_card(tmp_path):
    db = tmp_path / "r.db"
    gid = make_games(db)["robinson"]
    step = drive(db, gid, lambda s: s.ask.id == "rc-event-card")
    html = page._offers_html(list(step.ask.offers))
    assert re.findall(r"<h3>([^<]*)</h3>", html) == ["Event deck card"]
    assert 'data-answer="1"' in html and 'data-answer="2"' in html  # an Adventure or Mystery card: sent at once
    assert all(f'data-fill="{i} "' in html for i in range(3, 7))  # an Event card: its name and pawns typed after
    with session.open_store(db) as st:
        ev, _t = session.act(st, gid, step.make(step.ask.parse("1")))
    assert ev.type == "action"


def test_the_four_swim_rolls_are_each_named_by_their_challenge(tmp_path):
    from html import unescape

    from companion.games.days21 import steps

    db = tmp_path / "s.db"
    gid = make_games(db)["21days"]
    t = loaded(db, gid).table
    cat = loaded(db, gid).cat
    t.data.setdefault("d21", {})
    from companion.games.days21.core import flow

    flow(t)["jelly"] = {"card": "swarm-a", "who": t.seats[0], "challenges": [[">", 1], [">", 2], ["<", 3], ["<", 4]]}
    _title, _say, ask, _make = steps._jelly(t, cat, {"do": "jellyfish", "seat": t.seats[0]})
    assert ask.names == ("Swim roll 1: >1", "Swim roll 2: >2", "Swim roll 3: <3", "Swim roll 4: <4")
    now = view.Now(phase="", title="", say="", kind="dice", prompt="", dice=view.dice_of(cat, ask))
    html = page._answers_html(now, None)
    assert [unescape(x) for x in re.findall(r'class="diename">([^<]*)<', html)] == list(ask.names)


def test_a_table_that_needs_a_correction_keeps_its_board_and_says_which_command(cli, db):
    """The table set by hand where the rules have no next question (Dieson's meeple put back on the start
    square with a die in hand): the board still draws the table, says what to correct and with which
    command; the pad shows it with nothing to press (the display once refused to start, and a running one
    showed a bare error page)."""
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "2")
    for words in (("dieson", "roll", "--faces", "1,5,6"), ("dieson", "event"), ("dieson", "pick", "1"), ("set", "action", "0")):
        cli.ok(*words)
    cur = loaded(db, 1)
    now = view.now(cur.table, cur.cat)
    assert now.title == "The table needs a correction" and now.kind == "wait"
    assert "the meeple is on the start square" in now.say and "castaway set action VALUE" in now.say
    board = page.board_fragment(cur.row.version, cur.table, cur.cat, board_for("dieson").board_svg(cur.table, cur.cat))
    assert "castaway set action VALUE" in board and "<svg" in board
    pad = page.pad_fragment(cur.row.version, cur.table, cur.cat)
    assert "Waiting for the correction" in pad and "data-answer" not in pad and 'name="answer"' not in pad
