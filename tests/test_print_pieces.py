"""Pieces that stand in for the components (issue 27): 21 Mutinies' jewels by colour and wild, its treasures by
kind, in the rulebook's totals; their backs are one back per stack, so a drawn piece stays hidden."""

from __future__ import annotations

from collections import Counter

from companion import catalog
from printables import tokens


def test_mutinies_jewels_come_in_four_colours_and_wild_and_treasures_by_kind():
    pieces = tokens.pieces(catalog.load("mutinies"))
    jewels = [p for p in pieces if p.counter == "jewels"]
    treasures = [p for p in pieces if p.counter == "treasures"]
    assert len(jewels) == 54 and len(treasures) == 24  # § Components
    assert len({p.tint for p in jewels}) >= 5 and len({p.name for p in jewels}) == 5
    assert Counter(p.name for p in jewels)["Wild jewel"] > 0
    assert len({p.name for p in treasures}) == 5
    for group in (jewels, treasures):
        assert len({(p.back_name, p.back_tint) for p in group}) == 1  # one back for the whole stack
