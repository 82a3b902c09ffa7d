"""Unit tests of the pure core: catalog loading, dice, stacks, table lookups, apply."""

from __future__ import annotations

import random

import pytest

from companion import catalog, dice
from companion.action_base import stack_gain, stack_lose
from companion.actions import Move, Roll, SetValue
from companion.card_actions import Draw
from companion.engine import apply
from companion.errors import CatalogError, RuleError, UsageError
from companion.games.days21 import game as days21


@pytest.fixture(scope="module")
def cat():
    return catalog.load("21days")


@pytest.fixture
def table(cat):
    return days21.setup(cat, {"strength": {"red": [3, 5], "yellow": [2, 6], "blue": [6, 6], "green": [1, 1]}}, seed=7)


# -- catalog --------------------------------------------------------------------------------------


def test_21days_catalog_has_the_issue_components(cat):
    assert cat.tracks["shark"].max == 5 and cat.tracks["shark"].start == 5
    assert cat.tracks["day"].max == 21
    assert "ship" in cat.tracks
    assert cat.counters["hope"].pool and cat.counters["hope"].max == 16
    assert cat.counters["tentacles"].max == 8
    assert cat.stacks["strength"].dice == 2
    assert {"bottle", "jellyfish", "disaster"} <= set(cat.decks)
    assert cat.dice["shark"].compound and [p.name for p in cat.dice["shark"].parts] == ["outer", "inner"]
    assert cat.dice["octopus"].parts[0].faces.count("blank") == 2
    assert len(cat.decks["disaster"].cards) == 6
    assert len(cat.decks["jellyfish"].cards) == 3


def test_every_entry_has_a_source_or_an_assumption(cat):
    for table in (cat.tracks, cat.counters, cat.stacks, cat.dice, cat.decks, cat.flags, cat.characters, cat.seats):
        for e in table.values():
            assert e.source or e.assumed, e.id
    for d in cat.decks.values():
        for c in d.cards:
            assert c.source or c.assumed, c.id
            # a card no rulebook describes has no invented effect
            if c.effect is None:
                assert c.assumed


def test_assumptions_are_listed(cat):
    kinds = {(k, i) for k, i, _ in cat.assumptions()}
    assert ("track", "ship") in kinds
    assert ("card", "disaster/disaster-3") in kinds


def _write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)


def test_catalog_errors_name_the_file_and_the_key(tmp_path):
    g = tmp_path / "g"
    _write(g, "game.toml", '[game]\nid = "g"\nname = "G"\n[[track]]\nid = "t"\nname = "T"\nmin = 1\nmax = 3\nstart = 9\nsource = "x"\n')
    with pytest.raises(CatalogError) as e:
        catalog.load_folder(g)
    assert "game.toml" in str(e.value) and "track[t].start" in str(e.value)


def test_catalog_requires_a_source_or_assumption(tmp_path):
    g = tmp_path / "g"
    _write(g, "game.toml", '[game]\nid = "g"\nname = "G"\n[[counter]]\nid = "c"\nname = "C"\n')
    with pytest.raises(CatalogError, match=r"counter\[c\]\.source"):
        catalog.load_folder(g)


def test_catalog_rejects_bad_toml_and_unknown_sections(tmp_path):
    g = tmp_path / "g"
    _write(g, "game.toml", "[game\n")
    with pytest.raises(CatalogError, match="game.toml: not valid TOML"):
        catalog.load_folder(g)
    _write(g, "game.toml", '[game]\nid = "g"\nname = "G"\n[[widget]]\nid = "w"\n')
    with pytest.raises(CatalogError, match="widget: unknown section"):
        catalog.load_folder(g)


def test_user_file_overrides_an_entry_by_id(tmp_path, monkeypatch):
    user = tmp_path / "mine" / "21days"
    _write(user, "ship.toml", '[[track]]\nid = "ship"\nname = "Rescue ship"\nmin = 1\nmax = 12\nstart = 5\nsource = "my board"\n')
    cat = catalog.load_folder(catalog.decks_root() / "21days", sorted(user.glob("*.toml")))
    assert cat.tracks["ship"].max == 12 and cat.tracks["ship"].source == "my board"
    assert ("track", "ship") not in {(k, i) for k, i, _ in cat.assumptions()}


def test_unknown_game_lists_the_accepted(monkeypatch):
    with pytest.raises(UsageError, match=r"unknown game 'chess'; accepted: .*21days"):
        catalog.resolve_game("chess")
    assert catalog.resolve_game("21-DAYS") == "21days"


# -- stacks (two strength dice) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice_, n, expect",
    [
        ([3, 5], 1, [2, 5]),
        ([1, 5], 1, [5]),  # losing at 1 removes the top die; the lower shows
        ([2, 5], 2, [5]),
        ([1], 1, []),  # the last die gone: dead
        ([1, 1], 3, []),
    ],
)
def test_stack_lose(dice_, n, expect):
    assert stack_lose(dice_, n) == expect


def test_stack_gain_stops_at_six_and_never_restores_a_die():
    assert stack_gain([5, 2], 3, 6) == [6, 2]
    assert stack_gain([4], 1, 6) == [5]
    assert stack_gain([], 2, 6) == []


# -- dice -----------------------------------------------------------------------------------------


def test_dice_expressions(cat):
    assert [d.id for d in dice.parse(cat, ["2d6", "shark", "3*white"])] == ["d6", "d6", "shark", "white", "white", "white"]
    assert dice.parse(cat, ["d20"])[0].parts[0].faces == tuple(range(1, 21))


@pytest.mark.parametrize("expr, msg", [
    (["d1"], "2 to 1000 sides"),
    (["0d6"], "at least one die"),
    (["61d6"], "at most 60"),
    (["dragon"], "no die called 'dragon'"),
    ([""], "empty dice expression"),
    (["d99999999999999999999"], "sides"),
])
def test_bad_dice_expressions(cat, expr, msg):
    with pytest.raises(UsageError, match=msg):
        dice.parse(cat, expr)


def test_typed_faces(cat):
    ds = dice.parse(cat, ["shark", "d6", "octopus"])
    rolled = dice.parse_faces(ds, "2/5, 4 BLANK")
    assert [r.faces for r in rolled] == [(2, 5), (4,), ("blank",)]
    with pytest.raises(UsageError, match="should be outer/inner"):
        dice.parse_faces(ds, "2,4,blank")
    with pytest.raises(UsageError, match="'7' is not a face of d6"):
        dice.parse_faces(ds, "2/5,7,blank")
    with pytest.raises(UsageError, match="2 given for 3 dice"):
        dice.parse_faces(ds, "2/5,3")


def test_virtual_rolls_only_show_real_faces(cat):
    rng = random.Random(1)
    for _ in range(200):
        (r,) = dice.roll_virtual(dice.parse(cat, ["octopus"]), rng)
        assert r.faces[0] in ("blank", "tentacle")


# -- apply ----------------------------------------------------------------------------------------


def test_apply_leaves_its_input_alone(cat, table):
    before = table.to_json()
    new, _ = apply(table, Move("shark", -1), cat)
    assert table.to_json() == before
    assert new.data["tracks"]["shark"] == 4


def test_shark_off_the_card_is_refused_with_its_range(cat, table):
    with pytest.raises(RuleError, match=r"shark 9 is off the track: it runs 1\.\.5"):
        apply(table, SetValue("shark", 9), cat)


def test_hope_cannot_pass_the_bag(cat, table):
    t = table
    for seat in ("red", "yellow", "blue"):
        t, _ = apply(t, Move(f"{seat}.hope", 3), cat)
    assert t.pool_left("hope") == 16 - 4 - 9  # one each at setup, then 3 each
    with pytest.raises(RuleError, match="the supply has only 3 left"):
        apply(t, Move("green.hope", 4), cat)


def test_death_returns_hope_and_bottle_card(cat, table):
    t, res = apply(table, Draw("bottle", None, "green"), cat)
    assert t.deck("bottle")["held"]["green"]
    t, _ = apply(t, Move("green.strength", -2), cat)
    assert "green" in t.data["dead"]
    assert t.seat_values("green")["hope"] == 0
    assert "green" not in t.deck("bottle")["held"]
    assert res["card"] in t.deck("bottle")["draw"]
    with pytest.raises(RuleError, match="green is out of the game"):
        apply(t, Move("green.hope", 1), cat)


def test_rolls_come_from_the_table_state(cat, table):
    a, ra = apply(table, Roll(("d6", "d6")), cat)
    b, rb = apply(table, Roll(("d6", "d6")), cat)
    assert ra == rb  # same state, same dice: undo cannot re-roll
    c, rc = apply(a, Roll(("d6", "d6")), cat)
    assert a.data["rng"][1] == table.data["rng"][1] + 1


def test_seat_by_survivor_name(cat, table):
    who = table.seat_values("blue")["survivor"]
    t, _ = apply(table, Move(f"{who}.strength", -1), cat)
    assert t.seat_values("blue")["strength"][0] == 5


def test_a_place_on_the_table_is_typed_by_its_kind(cat, table):
    """Table.resolve gives one class per kind of component, its `kind` naming what its spec is."""
    from companion.components import Counter, Flag, Stack, Track

    specs = {"track": Track, "counter": Counter, "stack": Stack, "flag": Flag}
    names = {"track": "shark", "counter": "tentacles", "stack": "red.strength", "flag": "red.survivor"}
    for kind, name in names.items():
        tg = table.resolve(cat, name)
        assert tg.kind == kind and isinstance(tg.spec, specs[kind]) and tg.label == name
    assert table.resolve(cat, "shark") == table.resolve(cat, " Shark ")


@pytest.mark.parametrize("kind", [None, ["set"], {"k": 1}, 7])
def test_a_stored_action_of_no_known_kind_is_refused_by_name(kind):
    """A kind that is not a string (a log altered outside castaway) is refused like an unknown one, never a
    TypeError from the register's lookup."""
    from companion.actions import from_dict

    with pytest.raises(UsageError, match="unknown action kind"):
        from_dict({"kind": kind})


def test_per_seat_component_needs_a_seat(cat, table):
    with pytest.raises(UsageError, match="belongs to each seat"):
        apply(table, Move("strength", -1), cat)
    with pytest.raises(UsageError, match="nothing called 'sharks'"):
        apply(table, Move("sharks", -1), cat)


# -- the live path ----------------------------------------------------------------------------------


def test_the_live_path_follows_each_action_back_to_the_setup():
    """2 and 3 applied to the setup; 3 undone, 4 made on 2, then 5 on 4: the head 5 stands on 5, 4, 2."""
    from companion.events import live_path

    parents = {2: 0, 3: 2, 4: 2, 5: 4}
    assert live_path(parents, 5) == [5, 4, 2]
    assert live_path(parents, 3) == [3, 2]
    assert live_path(parents, 0) == []  # the setup itself: no action
    assert live_path({2: 0, 4: 3}, 4) == [4]  # event 3 missing from a damaged log: the walk stops there
    assert live_path({2: 3, 3: 2}, 3) == [3, 2]  # a loop a damaged log could hold is walked once
