"""21 Days: fishing by the Czech rulebook's fishing table (21-dni-pravidla-cs.txt § Lokalita rybolov, with its
worked example), 1-4 survivors aboard, in `fish` and in the odds (issue #26)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError
from companion.games import registry
from companion.games.days21 import locations as lo
from companion.odds.days21.rolls import best_gain, fishing

CAT = catalog.load("21days")
RULES = registry.get("21days")
TABLE = CAT.rules["fishing"]["fish"]


def raft(visible: dict):
    """A table at the fishing step, the survivors aboard with these visible strengths (the rest dead)."""
    t = RULES.setup(CAT, {"players": ["Ann"], "decks": "virtual"}, 5)
    for s in t.seats:
        t.seat_values(s)["strength"] = [visible[s], 1] if s in visible else []
    t.data["dead"] = [s for s in t.seats if s not in visible]
    t.data["flow"]["queue"] = [{"do": "fishing"}]
    return t


def fish(t, face, to):
    return apply(t, lo.Fishing.parse(t, CAT, seat="yellow", face=face, to=to), CAT)[0]


def test_lokalita_rybolov_worked_example():
    """Red 5, blue 2, green 6, yellow 3; yellow fishes a 6: each gains 1 (green nothing, at 6) and yellow
    gives the extra to blue: red 6, blue 4, green 6, yellow 4."""
    t = raft({"red": 5, "blue": 2, "green": 6, "yellow": 3})
    t2 = fish(t, 6, "red,blue,green,yellow,blue")
    assert {s: t2.visible(s) for s in t2.seats} == {"red": 6, "blue": 4, "green": 6, "yellow": 4}
    assert TABLE == [1, 2, 3, 4, 4, 5]


def test_lokalita_rybolov_one_fish_each_before_a_second():
    """Four aboard and a 6: nobody may go without a fish while another takes two (issue #26's reproducer)."""
    t = raft({"red": 2, "blue": 2, "green": 3, "yellow": 3})
    with pytest.raises(RuleError, match="one each first"):
        fish(t, 6, "red,red,blue,blue,yellow")
    with pytest.raises(RuleError, match="one each first"):
        fish(t, 2, "red,red")


@pytest.mark.parametrize("aboard", [1, 2, 3, 4])
def test_lokalita_rybolov_with_fewer_survivors_aboard_at_most_two_each(aboard):
    """Fewer than 4 aboard and a 4, 5 or 6: each still gains at most 2; the rest of the catch is lost."""
    seats = ["yellow", "red", "blue", "green"][:aboard]
    t = raft({s: 2 for s in seats})
    for face in range(1, 7):
        caught = TABLE[face - 1]
        handed = min(caught, 2 * aboard)
        to = (seats * 2)[:handed]
        t2 = fish(t, face, ",".join(to))
        assert sum(t2.visible(s) - 2 for s in seats) == handed
        assert all(t2.visible(s) - 2 <= 2 for s in seats)
        if caught > handed:
            with pytest.raises(RuleError):
                fish(t, face, ",".join(seats * 2 + seats[:1]))


def test_odds_fishing_at_best_follows_the_fishing_table():
    """`odds fishing --strength 5,2,6,3`: at best a 6 brings 4 (the example), not 5 as a pool of fish would."""
    assert best_gain((5, 2, 6, 3), 5) == 4
    assert best_gain((6, 6), 5) == 0 and best_gain((2,), 5) == 2 and best_gain((5, 5, 5), 2) == 2
    odds = fishing(TABLE, (5, 2, 6, 3))
    assert max(odds["best"]) == 4
