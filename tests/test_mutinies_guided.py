"""21 Mutinies, the guided game at the table: stable menu numbers, no pauses where nothing is decided,
the table's own turn order, face-down cards when the texts are ignored, odds and warnings, 80 columns,
Czech.

Rulebook: 21-mutinies-rulebook-en.txt (§ Initial Setup 1b: the starting turn order is determined
randomly, the first on the track is the captain; § Cabin Action: the lone sailor may steal; § Mutiny
Action, the note: a robbed mutineer who can no longer pay gets nothing; § Rules For A Game With 2
Players: the texts are always ignored).
"""

from __future__ import annotations

import json
import re

import pytest

from companion import catalog, i18n
from companion.engine import apply
from companion.games.mutinies import game as M
from companion.games.mutinies.actions import Place, Plunder, Routes
from companion.games.mutinies.guide import SPOT_KEYS, next_step, plunder_odds
from companion.games.mutinies.sailors import Mutiny  # noqa: F401  (registers the actions)
from ui.board_mutinies import render

CAT = catalog.load("mutinies")
MARKUP = re.compile(r"\[/?[a-z0-9 #]*\]")


def table(n=3, **opts):
    colours = ["red", "blue", "green", "yellow", "purple"][:n]
    t = M.setup(CAT, {"count": str(n), "order": ",".join(colours), **opts}, 1)
    t, _ = apply(t, Routes.parse(tuple(["1d"] * len(t.data["flow"]["routes"]))), CAT)
    return t


def run(t, *actions):
    for a in actions:
        t, _ = apply(t, a, CAT)
    return t


def menu(t) -> dict[str, str]:
    """value -> its number in the current step's menu."""
    ask = next_step(t, CAT).ask
    return {v: k for k, v, _label in ask.numbered()}


def test_a_place_keeps_its_number_whoever_chooses():
    t = table(3)
    captain = menu(t)
    assert captain["wreck"] == SPOT_KEYS["wreck"] == "7"
    assert captain["routes:2"] == "2" and captain["town:rumours"] == "18"
    t = run(t, Place("red", "wreck"))
    sailor = menu(t)
    assert sailor["wreck"] == "7" and sailor["cabin"] == "25" and sailor["mutiny:1"] == "27"
    labels = [label for _k, _v, label in next_step(t, CAT).ask.numbered()]
    assert len(labels) == len(set(labels)), "no two options read the same"


def test_menus_list_only_what_can_be_paid():
    t = table(3)
    t.seat_values("blue")["doubloons"] = 2
    t = run(t, Place("red", "beyond"))  # the captain pays 1 for space 1
    offered = menu(t)
    assert "mutiny:3" not in offered and "mutiny:6" not in offered  # blue holds 2
    assert {"beyond", "cabin", "mutiny:0", "mutiny:1"} <= set(offered)


def test_the_cabin_keeps_its_numbers_and_warns_before_robbing_a_mutineer():
    """§ Mutiny Action, the note: robbed below his space's cost, the mutineer gets nothing."""
    t = table(3)
    t.seat_values("green")["doubloons"] = 3
    t = run(t, Place("red", "tavern"), Place("blue", "cabin"), Place("green", "mutiny:3"))
    from companion.games.mutinies.actions import Tavern

    t = run(t, Tavern(2))
    step = next_step(t, CAT)
    rows = {v: (k, label) for k, v, label in step.ask.numbered()}
    assert rows["prestige"][0] == "1" and rows["doubloon"][0] == "2"
    assert rows["steal:red"][0] == "4" and rows["steal:green"][0] == "6"  # 4 + the seat's place at the table
    assert "cannot pay for the mutiny" in rows["steal:green"][1]
    assert "cannot pay" not in rows["steal:red"][1]


def test_steps_with_nothing_to_decide_ask_nothing(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    r = cli.ok("play", "--no-board", input="1d 2d 1d1r 0\n1\n2\n25\n4\n\n2\n")
    # the captain and Bob take squares 1 and 2, Cid the cabin: both raids resolve by themselves, then each
    # jewel's colour is asked (§ The Jewel Tokens): Ann's yellow, Bob's not said (Enter)
    assert "Enter to go on" not in r.stdout
    assert "Ann (red) pays 1d and takes the jewel of square 1" in r.stdout
    assert "Bob (blue) pays 2d and takes the jewel of square 2" in r.stdout
    st = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert st["seat"]["red"]["jewel"] == 1 and st["seat"]["blue"]["jewel"] == 1 and st["seat"]["green"]["doubloons"] == 5
    assert st["flow"]["jewels"] == {"red": {"yellow": 1}}


@pytest.mark.parametrize("lang, said", [
    ("en", "error: empty answer; type the prices printed on the tokens of squares 1, 2, 3, 4, left to right (d doubloons, "
           "r rum, 0 free), e.g. 2d 1d1r 0 1r"),
    ("cs", "chyba: prázdná odpověď; napište ceny vytištěné na žetonech políček 1, 2, 3, 4, zleva doprava (d dublony, r rum, "
           "0 zdarma), např. 2d 1d1r 0 1r")])
def test_the_route_prices_have_no_default_and_enter_says_what_to_type(cli, lang, said):
    """§ Initial Setup 8: the route tokens come off a shuffled stack, so no price is standard: Enter alone is
    refused with what to type and an example (one price a square asked), the question comes again, and the
    prices typed are taken."""
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    r = cli.ok("--lang", lang, "play", "--no-board", input="\n1d 2d 1d1r 0\nquit\n")
    assert " ".join(r.stderr.split()) == said
    assert r.stdout.count("(d doubloons, r rum, 0 free)" if lang == "en" else "(d dublony, r rum, 0 zdarma)") == 2
    routes = json.loads(cli.ok("status", "--json").stdout)["state"]["flow"]["routes"]
    assert [sq["cost"] for sq in routes[:4]] == [[1, 0], [2, 0], [1, 1], [0, 0]]


def test_the_table_gives_the_turn_order_or_takes_a_random_one(cli):
    """§ Initial Setup 1b: the order is random; the table may draw it itself and say it."""
    answers = "\n".join(["3", "Ann,Bob,Cid", "y", "Cid, Ann, Bob", "", ""]) + "\n"
    cli.ok("play", "--no-board", input=answers)
    st = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert st["flow"]["order"] == ["green", "red", "blue"]
    assert st["seat"]["green"]["doubloons"] == 3 and st["seat"]["red"]["doubloons"] == 4


def test_a_turn_order_naming_nobody_is_asked_again(cli):
    answers = "\n".join(["3", "Ann,Bob,Cid", "y", "Ann,Zed,Bob", "red,blue,green", "", ""]) + "\n"
    r = cli.ok("play", "--no-board", input=answers)
    assert "'Zed' is not at this table" in r.stderr
    assert json.loads(cli.ok("status", "--json").stdout)["state"]["flow"]["order"] == ["red", "blue", "green"]


def test_with_the_texts_ignored_nobody_reads_the_card_drawn(cli):
    """§ Rules For A Game With 2 Players: the texts are ignored; a card only counts at the end, so
    castaway does not ask which one came up."""
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "--opt", "order=red,blue", "--seed", "3")
    # Ann to the tavern, the henchman follows, Bob mutinies on space 1; the tavern's die typed: 2
    r = cli.ok("play", "--no-board", input="0 0 0 0\n8\n8\n27\n2\n")
    assert "Which card" not in r.stdout
    assert "draws a mutiny card face down" in r.stdout
    st = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert st["flow"]["order"][0] == "blue" and st["flow"]["cards"]["held"]["blue"] == ["face-down"]
    assert st["flow"]["deck_left"] == 20


def test_plunder_shows_its_odds_before_the_roll():
    t = table(3)
    t = run(t, Place("red", "wreck"), Place("blue", "wreck"), Place("green", "cabin"))
    step = next_step(t, CAT)
    assert step.odds() == plunder_odds(1, True)
    assert step.odds()[0].startswith("a treasure: 35 in 36")
    t = run(t, Plunder((1, 1)))
    assert next_step(t, CAT).odds() == ["a treasure: 32 in 36 (89%); nothing: 4 in 36"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_board_fits_80_columns_with_five_players(lang):
    i18n.set_language(lang)
    t = table(5)
    for s in t.seats:
        t.seat_values(s)["player"] = "Bartholomew"
    t = run(t, Place("red", "town:tale"), Place("blue", "town:rumours"), Place("green", "mutiny:3"),
            Place("yellow", "mutiny:1"), Place("purple", "mutiny:0"))
    for line in render(t, CAT):
        assert len(MARKUP.sub("", line)) <= 80, line


def test_the_guided_game_speaks_czech(cli):
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    r = cli.ok("--lang", "cs", "play", input="1d 2d 1d1r 0\n7\n")
    for english in ("Where does the pawn go", "Round 1", "captain", "doubloons", "Trade routes", "Plunder shipwrecks"):
        assert english not in r.stdout, english
    assert "Kam jde figurka?" in r.stdout and "Drancování vraků, políčko 1" in r.stdout and "Ann (červená)" in r.stdout


def test_treasures_and_voluntary_cards_are_used_from_the_placement_menu():
    """§ The Treasure Tokens: used on the owner's turn, just before or after placing; § The Mutiny Cards:
    a voluntary card on the holder's later turns. Both sit in the placement menu with numbers of their own."""
    t = table(3)
    t.seat_values("red")["treasure"] = 1
    t.data["flow"]["cards"]["held"]["red"] = ["telescope"]
    step = next_step(t, CAT)
    rows = {v: k for k, v, _label in step.ask.numbered()}
    assert rows["treasure:prestige"] == "32" and rows["treasure:rum"] == "31"
    telescope = [c.id for c in CAT.deck("mutiny").cards].index("telescope")
    assert rows["card:telescope"] == str(40 + telescope)
    t, said = apply(t, step.make(step.ask.parse("32")), CAT)
    assert t.seat_values("red")["prestige"] == 5 and t.seat_values("red")["treasure"] == 0
    step = next_step(t, CAT)
    assert step.title == "The captain's action" and "treasure:prestige" not in {v for v, _l in step.ask.choices}
    t, said = apply(t, step.make(step.ask.parse(str(40 + telescope))), CAT)
    assert t.data["flow"]["cards"]["held"]["red"] == [] and "Telescope" in said["say"]
    assert not any(v.startswith("card:") for v, _l in next_step(t, CAT).ask.choices)


def test_treasures_turned_over_may_be_named_in_czech():
    from companion.games.mutinies.cards import parse_treasure

    assert parse_treasure("prestiž") == ("prestige", None, None)
    assert parse_treasure("dublony") == ("doubloons", None, None)
    assert parse_treasure("výměna:3:1") == ("exchange", 3, 1)
    assert parse_treasure("drahokam") == ("jewel", None, None)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_whole_guided_game_fits_80_columns(cli, lang):
    """The scripted game of test_mutinies_game, board and all, in English and in Czech."""
    from tests.test_mutinies_game import SCRIPT

    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    cli.ok("set", "jewels", "2")
    r = cli.ok("--lang", lang, "play", input=SCRIPT)
    assert "Traceback" not in r.output
    lines = r.stdout.splitlines()
    assert len(lines) > 100
    for line in lines:
        assert len(line) <= 80, line


def test_odds_tavern_reads_the_guests_on_the_tavern(cli):
    """`castaway odds tavern` reads who stands on the tavern from the game (it broke when core was split)."""
    cli.ok("new", "mutinies", "-p", "Ann", "-p", "Bob", "-p", "Cid", "--opt", "order=red,blue,green", "--seed", "3")
    cli.ok("mutinies", "routes", "1d", "0", "2d", "1r")
    cli.ok("mutinies", "place", "red", "tavern")
    cli.ok("mutinies", "place", "blue", "tavern")
    r = cli.ok("mutinies", "odds", "tavern")
    assert "Ann (red)" in r.stdout and "Bob (blue)" in r.stdout
