"""21 Mutinies: jewels kept by colour (21-mutinies-rulebook-en.txt § The Jewel Tokens: four colours and wild
tokens; § 5) Black Market: the combinations). Every source of a jewel takes its colour from the table; a jewel
whose colour was never said (games stored before, joining, a count correction) fits on trust, with a warning."""

from __future__ import annotations

import pytest

from companion.errors import RuleError, UsageError
from companion.games.mutinies import jewels
from companion.games.mutinies.actions import Place, Raid, Take, Town, Trade
from companion.games.mutinies.correct import Correct
from tests.mutinies_table import CAT, ready, run, seat


def held(t, s):
    return jewels.known(t, s), jewels.unknown(t, s)


def test_the_jewel_tokens_four_colours_and_wild():
    """§ The Jewel Tokens: four colours, and wild tokens that replace a jewel of any colour."""
    assert jewels.colours(CAT) == ("red", "blue", "green", "yellow", "wild")
    assert jewels.parse_colours(CAT, "red:2,w,modrý") == ("red", "red", "wild", "blue")
    with pytest.raises(UsageError, match="accepted: red, blue, green, yellow, wild"):
        jewels.parse_colour(CAT, "purple")
    assert jewels.fits("same3", 3, ("red", "wild", "red")) and not jewels.fits("same3", 3, ("red", "blue", "red"))
    assert jewels.fits("pairs", 4, ("red", "blue", "blue", "red")) and not jewels.fits("pairs", 4, ("red", "blue", "green", "red"))
    assert jewels.fits("pairs", 4, ("red", "blue", "wild", "red"))


def test_on_trade_routes_the_jewel_taken_is_kept_by_colour():
    """§ 1) On Trade Routes, § 2) Beyond the Trade Routes, theft: the table says each jewel's colour."""
    t = ready(3)
    t, _ = run(t, Place("red", "routes:1"), Place("blue", "routes:2"), Place("green", "cabin"),
               Take.parse(CAT, "red"), Take.parse(CAT, None))
    assert held(t, "red") == ({"red": 1}, 0)
    assert held(t, "blue") == ({}, 1)  # not said: colour unknown
    assert "jewels" not in t.data["flow"] or "blue" not in t.data["flow"]["jewels"]


def test_beyond_the_trade_routes_a_kept_jewel_has_its_colour():
    t = ready(3, beyond="1,1,2,2,3")
    t, _ = run(t, Place("red", "beyond"), Place("blue", "beyond"), Place("green", "beyond"),
               Raid.parse(CAT, True, "wild"), Raid.parse(CAT, False, "blue"), Raid.parse(CAT, True, "green"))
    assert held(t, "red") == ({"wild": 1}, 0) and held(t, "blue") == ({}, 0) and held(t, "green") == ({"green": 1}, 0)


def test_a_game_without_colours_keeps_its_state():
    """Games stored before: no colour record is made when no colour is said."""
    t = ready(3)
    t, _ = run(t, Place("red", "routes:1"), Place("blue", "routes:2"), Place("green", "cabin"), Take(), Take())
    assert "jewels" not in t.data["flow"]


def _market(t, combo, **colours):
    for s, cs in colours.items():
        t, _ = run(t, Correct.parse(t, CAT, f"{s}.jewels", cs))
    return run(t, Place("red", f"market:{combo}"), Place("blue", "cabin"), Place("green", "cabin"))[0]


def test_black_market_three_of_one_colour_is_checked_from_the_colours():
    """§ 5) Black Market: 3 Jewel Tokens of the same colour; without that combination the space is refused."""
    t = ready()
    t, _ = run(t, Correct.parse(t, CAT, "red.jewels", "red:2,blue:2"))
    with pytest.raises(RuleError, match=r"make no 3 jewels of one colour"):
        run(t, Place("red", "market:same3"))
    t = _market(ready(), "same3", red="red:2,wild,blue")
    t2, res = run(t, Trade(0, (5, 2)))
    assert held(t2, "red") == ({"blue": 1}, 0) and seat(t2, "red")["jewel"] == 1
    assert "red, red, wild" in res["say"] and "trust" not in res["say"]


def test_black_market_the_jewels_named_must_make_the_combination():
    t = _market(ready(), "same3", red="red:3,blue:2")
    with pytest.raises(RuleError, match="are not 3 jewels of one colour"):
        run(t, Trade.parse(0, "5,2", None, CAT, "red,red,blue"))
    with pytest.raises(RuleError, match="are not 3 jewels of one colour"):
        run(t, Trade.parse(0, "5,2", None, CAT, "blue:3"))
    t2, _ = run(t, Trade.parse(0, "5,2", None, CAT, "red:3"))
    assert held(t2, "red") == ({"blue": 2}, 0)


def test_black_market_two_pairs_and_four_of_one_colour():
    """§ 5) Black Market: 2 pairs of the same colour; 4 of the same colour."""
    t = ready()
    t, _ = run(t, Correct.parse(t, CAT, "red.jewels", "red,blue,green,yellow"))
    for combo in ("pairs", "same4"):
        with pytest.raises(RuleError, match="make no"):
            run(t, Place("red", f"market:{combo}"))
    t = _market(ready(), "pairs", red="red,blue,green,green,wild")
    t2, _ = run(t, Trade(0, (5, 2)))
    assert held(t2, "red") in (({"red": 1}, 0), ({"blue": 1}, 0))


def test_black_market_unknown_colours_are_taken_on_trust_with_a_warning():
    """Jewels taken before colours were asked: the combination is taken on trust, and the table is told."""
    t = ready()
    seat(t, "red")["jewel"] = 3  # a count without colours
    t, _ = run(t, Place("red", "market:same3"), Place("blue", "cabin"), Place("green", "cabin"))
    t2, res = run(t, Trade(0, (5, 2)))
    assert seat(t2, "red")["jewel"] == 0 and "taken on trust" in res["say"]
    assert "jewels" not in t2.data["flow"]


def test_a_correction_sets_a_sailors_jewels_by_colour():
    t = ready()
    t, _ = run(t, Correct.parse(t, CAT, "blue.jewels", "yellow:2,wild"))
    assert seat(t, "blue")["jewel"] == 3 and held(t, "blue") == ({"yellow": 2, "wild": 1}, 0)
    t, _ = run(t, Correct.parse(t, CAT, "blue.jewels", "none"))
    assert seat(t, "blue")["jewel"] == 0 and held(t, "blue") == ({}, 0)
    with pytest.raises(UsageError, match="jewel colour 'pink'"):
        Correct.parse(t, CAT, "blue.jewels", "pink")


def test_a_count_set_lower_makes_the_colours_unknown():
    t = ready()
    t, _ = run(t, Correct.parse(t, CAT, "blue.jewels", "yellow:2,wild"))
    seat(t, "blue")["jewel"] = 2
    assert held(t, "blue") == ({}, 2)


def test_theft_from_the_stack_takes_the_colour_said():
    """§ 6) Visit the Town, theft: a jewel drawn from the stack (or a route's) is kept by colour."""
    t = ready()
    t, _ = run(t, Place("red", "town:tale"), Place("blue", "town:theft"), Place("green", "cabin"))
    t, _ = run(t, Town.parse(t, CAT, None))
    t, _ = run(t, Town.parse(t, CAT, "stack", "yellow"))
    assert held(t, "blue") == ({"yellow": 1}, 0)
