"""21 Days speaks the table's words: colours in the table's language, menus answered by number, id or label,
and refusals that name locations and survivors as printed (never internal ids)."""

from __future__ import annotations

import pytest

from companion import catalog, i18n
from companion.errors import UsageError
from companion.games.days21 import game as d21game
from companion.games.days21.core import colour, seat_word
from companion.guide import Ask


@pytest.fixture
def czech():
    i18n.configure("cs")
    yield
    i18n.configure("en")


def test_colours_are_said_and_read_in_czech(czech):
    assert [colour(c) for c in ("red", "yellow", "blue", "green")] == ["červená", "žlutá", "modrá", "zelená"]
    assert seat_word("Červená") == "red" and seat_word("cervena") == "red" and seat_word("modra") == "blue"
    assert seat_word("red") == "red" and seat_word("purple") is None


def test_the_czech_board_names_seats_by_colour_word(cli):
    cli.ok("new", "21days", "--seed", "3")
    out = cli.ok("--lang", "cs", "status").output
    assert "1: červená" in out and "zelená" in out
    assert "1: red" not in out and "\nred " not in out


def test_ability_tokens_are_typed_as_colour_and_number(czech):
    cat = catalog.load("21days")
    ids = cat.rules["ability_tokens"]["ids"]
    options: dict = {}
    d21game.setup_answer(cat, options, "abilities", "červená=1 modra=2")
    assert options["abilities"] == {"red": ids[0], "blue": ids[1]}
    with pytest.raises(UsageError) as e:
        d21game.setup_answer(cat, {}, "abilities", "red=9")
    assert "'red=9'" in str(e.value) and "1=" in str(e.value)


def test_a_menu_takes_its_number_its_value_or_its_label_and_refuses_with_labels():
    ask = Ask("Who starts?", "choice", choices=(("red", "červená"), ("blue", "modrá")))
    assert ask.pick("2") == "blue" and ask.pick("red") == "red" and ask.pick("Modrá") == "blue" and ask.pick("cervena") == "red"
    with pytest.raises(UsageError) as e:
        ask.pick("pink")
    text = str(e.value)
    assert "'pink'" in text and "1) červená" in text and "2) modrá" in text and "=red" not in text


def test_a_refused_placement_names_the_locations_not_their_ids(cli, db, czech):
    from companion import session
    from companion.games.days21.flow import Place

    cli.ok("new", "21days", "--seed", "3")
    with session.open_store(db) as st:
        cur = session.load(st, session.current_id(st, None))
    i18n.configure("cs")  # the command above spoke English
    why = Place._why(cur.table, cur.cat, "red", "octopus")
    assert "chobotnic" in why and "octopus" not in why
    why = Place._why(cur.table, cur.cat, "red", "play")
    assert "(červená)" in why and "red" not in why


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("edition", [None, "cs"])
def test_the_board_fits_80_columns_even_with_everything_on_it(lang, edition):
    """The fullest board a game can show (expansions, a bottle card held, dice on two locations, hope,
    a used token, the white die): no line is wider than 80 cells, in either language and edition."""
    from rich.text import Text

    from companion.games.days21.game import setup
    from ui.board_21days import render

    cat = catalog.load("21days", edition)
    opts = {"survivors": {"red": "diva", "yellow": "tomi", "blue": "magnusson", "green": "mechanic"},
            "strength": {"red": [6, 6], "yellow": [6, 5], "blue": [6, 4], "green": [5, 5]},
            "weather": True, "kite": True, "promos": ["plant"]}
    t = setup(cat, opts, 3)
    i18n.configure(lang)
    for seat in t.seats:
        t.data["seat"][seat]["hope"] = 6
        t.data["seat"][seat]["player"] = "Bartholomew"
    t.data["decks"]["bottle"]["held"]["blue"] = [cat.deck("bottle").cards[0].id]
    t.data["d21"]["ability"]["red"]["used"] = True
    t.data.setdefault("flow", {})["placements"] = [["green", "jellyfish"], ["green", "receive"], ["red", "kid"]]
    t.data["d21"]["white_die"] = {"seat": "green", "markers": 2}
    lines = [ln for line in render(t, cat) for ln in line.split("\n")]
    wide = [(Text.from_markup(ln).cell_len, Text.from_markup(ln).plain) for ln in lines if Text.from_markup(ln).cell_len > 80]
    assert not wide, wide


def test_a_colour_typed_in_czech_reads_the_same_in_every_language():
    """An action keeps what was typed; replayed under another language it must name the same seat."""
    for lang in ("en", "cs"):
        i18n.configure(lang)
        assert seat_word("červená") == "red" and seat_word("ZELENA") == "green" and seat_word("blue") == "blue"
    i18n.configure("en")


def test_the_abilities_hint_names_seats_by_colour_and_fills_in_words(czech):
    from companion.games.days21.steps import usable

    cat = catalog.load("21days")
    opts = {"survivors": {"red": "diva", "yellow": "aleta", "blue": "maya", "green": "pjotr"},
            "strength": {"red": [3, 5], "yellow": [4, 4], "blue": [2, 6], "green": [5, 5]},
            "abilities": {"red": "strength4", "yellow": "reroll", "blue": "hope21", "green": "swap-seats"}}
    t = d21game.setup(cat, opts, 5)
    hint = ", ".join(usable(t, cat))
    assert "token červená KDO,KDO" in hint and "token žlutá" in hint
    assert "SEAT" not in hint and "red" not in hint


def test_odds_use_the_decimal_mark_of_the_table(czech):
    from companion.odds.days21.steps import SAY
    from companion.odds.dist import pct

    assert pct(0.055) == "5,5%" and pct(0.0001) == "<0,1%" and pct(0.5) == "50%"
    assert "2,7" in i18n._(SAY["fish"]).format(mean=i18n.Decimal(2.7), room=3)
    i18n.configure("en")
    assert pct(0.055) == "5.5%"
