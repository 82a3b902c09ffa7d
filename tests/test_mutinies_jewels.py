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


def test_the_guided_game_asks_each_new_jewels_colour():
    """§ The Jewel Tokens: the guided raid asks the colour once the jewel is taken; Enter leaves it not said."""
    from companion.games.mutinies.guide import next_step

    t = ready(3)
    t, _ = run(t, Place("red", "routes:1"), Place("blue", "routes:2"), Place("green", "cabin"))
    step = next_step(t, CAT)
    action = step.make(step.ask.parse(""))
    t2, result = run(t, action)
    ask, remake = step.after(result, t2)
    assert ask.parse("") == jewels.UNKNOWN and remake(jewels.UNKNOWN) is None
    again = remake(ask.parse("5"))
    assert again == Take("wild")
    t3, _ = run(t, again)
    assert held(t3, "red") == ({"wild": 1}, 0)


def test_the_guided_black_market_asks_the_jewels_revealed_with_castaways_pick_on_enter():
    """§ 5) Black Market: the player reveals the jewels he trades; castaway's pick stands on Enter."""
    from companion.games.mutinies.guide import next_step

    t = _market(ready(), "same3", red="red:3,blue:3")
    step = next_step(t, CAT)
    action = step.make(step.ask.parse("0 5 2"))
    t2, result = run(t, action)
    ask, remake = step.after(result, t2)
    assert remake(ask.parse("")) is None and held(t2, "red") == ({"red": 3}, 0)  # castaway's pick: the blues
    again = remake(ask.parse("red:3"))
    t3, _ = run(t, again)
    assert held(t3, "red") == ({"blue": 3}, 0)


def test_the_treasure_tokens_a_jewel_treasure_has_its_colour():
    """§ The Treasure Tokens: a token that depicts a jewel is used like any other jewel token, so its colour is
    asked (the command: treasure SEAT jewel:COLOUR; the guided placement menu asks after turning it over)."""
    from companion.games.mutinies.cards import Treasure
    from companion.games.mutinies.guide import TREASURE_KEYS, next_step

    t = ready()
    seat(t, "red")["treasure"] = 2
    t1, _ = run(t, Treasure.parse(t, CAT, "red", "jewel:green"))
    assert held(t1, "red") == ({"green": 1}, 0) and seat(t1, "red")["jewel"] == 1
    step = next_step(t, CAT)
    action = step.make(step.ask.parse(TREASURE_KEYS["jewel"]))
    t2, result = run(t, action)
    ask, remake = step.after(result, t2)
    assert remake(ask.parse("")) is None
    t3, _ = run(t, remake(ask.parse("2")))
    assert held(t3, "red") == ({"blue": 1}, 0)


def test_the_fifth_raider_free_jewel_has_its_colour():
    """§ 1) On Trade Routes: the fifth player on the last square also draws a hidden jewel: its colour too."""
    t = ready(5)
    t, _ = run(t, *[Place(s, f"routes:{i}") for i, s in enumerate(["red", "blue", "green", "yellow", "purple"], 1)])
    t, _ = run(t, *[Take() for _ in range(4)], Take.parse(CAT, "red", "wild"))
    assert held(t, "purple") == ({"red": 1, "wild": 1}, 0)


def test_card_effects_dead_calm_a_jewel_handed_in_may_name_its_colour():
    """§ Card Effects, Dead calm: all players discard 1 token (jewel/treasure): the jewel's colour leaves the
    record (`--give red:jewel:blue`); not named, one of unknown colour goes, or the one colour held."""
    from companion.games.mutinies.cards import Compulsory
    from tests.test_mutinies_table_choices import _drawn

    t = _drawn("dead-calm")
    t, _ = run(t, Correct.parse(t, CAT, "red.jewels", "red,blue"), Correct.parse(t, CAT, "green.jewels", "wild"))
    t2, _ = run(t, Compulsory.parse(t, CAT, True, "red:jewel:blue,green:jewel"))
    assert held(t2, "red") == ({"red": 1}, 0) and held(t2, "green") == ({}, 0)
    with pytest.raises(RuleError, match="holds no yellow jewel"):
        run(t, Compulsory.parse(t, CAT, True, "red:jewel:yellow"))
    with pytest.raises(UsageError, match="jewel colour 'pink'"):
        Compulsory.parse(t, CAT, True, "red:jewel:pink")
