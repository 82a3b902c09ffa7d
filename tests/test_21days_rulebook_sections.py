"""21 Days rules the audit (docs/rules-21days.md, part "The rulebooks, section by section") found without a
test, each named after its rulebook section and driven as pure functions of (state, dice)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError
from companion.games.days21 import abilities as ab
from companion.games.days21 import bottle as bo
from companion.games.days21 import day21
from companion.games.days21 import events as ev
from companion.games.days21 import game as days21

CAT = catalog.load("21days")
SURV = {"red": "diva", "yellow": "aleta", "blue": "maya", "green": "pjotr"}


def table(**opts):
    opts.setdefault("survivors", dict(SURV))
    opts.setdefault("strength", {"red": [3, 5], "yellow": [4, 4], "blue": [2, 6], "green": [6, 5]})
    return days21.setup(CAT, opts, 5)


def do(t, action):
    return apply(t, action, CAT)


def strengths(t):
    return {s: t.seat_values(s)["strength"] for s in t.seats}


def test_component_anatomy_hearts_move_every_survivor_by_one():
    """EN § Component Anatomy: the "+1!" heart gives every survivor 1 visible strength, the "-1!" heart takes one;
    nobody goes past 6 (CS § Lokalita rybolov: a 6 takes no more)."""
    t = table()
    t, _ = do(t, ev.Symbol("all-plus1"))
    assert strengths(t) == {"red": [4, 5], "yellow": [5, 4], "blue": [3, 6], "green": [6, 5]}
    t, _ = do(t, ev.Symbol("all-minus1"))
    assert strengths(t) == {"red": [3, 5], "yellow": [4, 4], "blue": [2, 6], "green": [5, 5]}


def test_karty_katastrof_example_1_exhaustion_suffered_skips_a_page_and_reshuffles():
    """CS § Karty katastrof, example card 1: not averted (2 hope), the survivors lose a whole day and the spent
    disaster cards go back into the deck."""
    t = table()
    d = t.deck("disaster")
    spent = d["draw"].pop()
    d["discard"].append(spent)
    card = next(c for c in d["draw"] if c.startswith("exhaustion"))
    t, _ = do(t, ev.Disaster(card=card, avert=()))
    assert t.data["d21"]["skip_pages"] == 1
    assert spent in t.deck("disaster")["draw"] and spent not in t.deck("disaster")["discard"]


def test_game_components_blowfish_every_survivor_loses_one():
    """EN § Game Components, Blowfish (promo): played, every survivor loses 1 strength."""
    t = table(promos=True)
    d = t.deck("bottle")
    card = next(c for c in d["draw"] + d["out"] if c.startswith("blowfish"))
    for pile in ("draw", "out"):
        if card in d[pile]:
            d[pile].remove(card)
    d["held"]["red"] = [card]
    t, _ = do(t, bo.PlayCard("red"))
    assert strengths(t) == {"red": [2, 5], "yellow": [3, 4], "blue": [1, 6], "green": [5, 5]}


def test_building_the_kite_on_day_21_and_the_kite_die():
    """EN § Building the Kite on Day 21, § Kite Die: 2 hope a roll; each kite face puts a piece up; the third
    flies the kite and moves the ship; then a kite face moves the ship again and a hope face gives a token."""
    t = table(kite=True)
    t.data["tracks"]["day"] = 21
    t.data["counters"]["kite"] = 3
    t.seat_values("red")["hope"] = 10
    ship = t.data["tracks"]["ship"]
    for _ in range(2):
        t, _ = do(t, day21.Day21("kite", "red", "kite"))
    assert t.data["d21"]["kite"]["built"] == 2 and t.data["tracks"]["ship"] == ship
    t, res = do(t, day21.Day21("kite", "red", "kite"))
    assert t.data["d21"]["kite"]["flying"] and t.data["tracks"]["ship"] == ship + 1
    t, _ = do(t, day21.Day21("kite", "red", "kite"))
    assert t.data["tracks"]["ship"] == ship + 2
    t, _ = do(t, day21.Day21("kite", "red", "hope"))
    assert t.seat_values("red")["hope"] == 10 - 5 * 2 + 1


def test_oboustranne_zetony_schopnosti_each_token_once():
    """CS § Oboustranné žetony schopností: 3 hope on day 21; 4 strength points shared among the living; two
    survivors trade places on the raft; each token only once a game."""
    t = table()
    tokens = t.data["d21"]["ability"]
    tokens.update({"red": {"id": "strength4", "used": False}, "yellow": {"id": "swap-seats", "used": False},
                   "blue": {"id": "hope21", "used": False}})
    t, _ = do(t, ab.FlipToken("red", ("red", "red", "blue", "yellow")))
    assert strengths(t)["red"] == [5, 5] and strengths(t)["blue"] == [3, 6] and strengths(t)["yellow"] == [5, 4]
    with pytest.raises(RuleError, match="no unused ability token"):
        do(t, ab.FlipToken("red", ("red",)))
    spot = {who: where for where, who in dict(t.data["d21"]["raft"]).items()}
    t, _ = do(t, ab.FlipToken("yellow", ("green",)))
    assert t.data["d21"]["raft"][spot["yellow"]] == "green" and t.data["d21"]["raft"][spot["green"]] == "yellow"
    with pytest.raises(RuleError, match="day 21"):
        do(t, ab.FlipToken("blue"))
    t.data["tracks"]["day"] = 21
    before = t.seat_values("blue")["hope"]
    t, _ = do(t, ab.FlipToken("blue"))
    assert t.seat_values("blue")["hope"] == before + 3


def test_symboly_colour_plus2_and_shared_loss():
    """CS § Symboly: +2 strength for the survivor of the colour shown; -2 / -3 strength shared as the players
    agree (one point a name)."""
    t = table()
    t, _ = do(t, ev.Symbol("colour-plus2", ("yellow",)))
    assert strengths(t)["yellow"] == [6, 4]
    t, _ = do(t, ev.Symbol("shared-loss", ("red", "red", "blue")))
    assert strengths(t)["red"] == [1, 5] and strengths(t)["blue"] == [1, 6]


def test_trosecnici_mechanic_hands_his_bottle_card_to_one_without():
    """CS § Trosečníci: the mechanic gives his bottle card, for 1 hope, to a survivor holding none, who may
    play it at once."""
    t = table(survivors={**SURV, "green": "mechanic"})
    d = t.deck("bottle")
    card, other = d["draw"].pop(), d["draw"].pop()
    d["held"].update({"green": [card], "blue": [other]})
    t.seat_values("green")["hope"] = 1
    with pytest.raises(RuleError, match="only a survivor with no bottle card"):
        do(t, ab.Ability("mechanic", to="blue"))
    t, _ = do(t, ab.Ability("mechanic", to="red"))
    assert t.deck("bottle")["held"]["red"] == [card] and "green" not in t.deck("bottle")["held"]
    assert t.seat_values("green")["hope"] == 0 and {"do": "card", "seat": "red"} in t.data["flow"]["queue"]


def test_trosecnici_pastor_passes_hope_only_on_his_location():
    """CS § Trosečníci: survivors on the pastor's location pass hope tokens freely among themselves; elsewhere
    not."""
    t = table(survivors={**SURV, "green": "pastor"})
    t.data["flow"]["placements"] = [["green", "hope"], ["red", "hope"], ["blue", "flare"]]
    t.seat_values("red")["hope"] = 3
    t.seat_values("green")["hope"] = 0
    t, _ = do(t, ab.Ability("pastor", to="green", n=2, source="red"))
    assert t.seat_values("red")["hope"] == 1 and t.seat_values("green")["hope"] == 2
    with pytest.raises(RuleError, match="pastor's location"):
        do(t, ab.Ability("pastor", to="blue", n=1, source="red"))
