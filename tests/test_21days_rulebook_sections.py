"""21 Days rules the audit (docs/rules-21days.md, part "The rulebooks, section by section") found without a
test, each named after its rulebook section and driven as pure functions of (state, dice)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.days21 import abilities as ab
from companion.games.days21 import attacks as at
from companion.games.days21 import bottle as bo
from companion.games.days21 import day21, legal
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import game as days21
from companion.games.days21 import hazards as hz
from companion.games.days21 import locations as lo

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


def hand(t, seat, cid):
    """The bottle card `cid` put in `seat`'s hand, as the table received it."""
    d = t.deck("bottle")
    card = next(c for c in d["draw"] + d["out"] if c.split(":")[0] == cid)
    for pile in ("draw", "out"):
        if card in d[pile]:
            d[pile].remove(card)
    d["held"].setdefault(seat, []).append(card)
    return card


def test_karty_lahve_each_card_does_what_it_says():
    """CS § Karty láhve: four flares (each 6 moves the ship), rotten fish (nothing), ship one right, a plank
    back, today's disaster cancelled, Extra hands (3 markers), the colour card +2 strength; each card leaves the
    hand when played."""
    t = table()
    ship = t.data["tracks"]["ship"]
    card = hand(t, "red", "four-flares")
    t, _ = do(t, bo.PlayCard("red", (6, 1, 6, 3)))
    assert t.data["tracks"]["ship"] == ship + 2 and card in t.deck("bottle")["out"] and "red" not in t.deck("bottle")["held"]
    hand(t, "red", "rotten-fish")
    before = (strengths(t), t.data["tracks"]["ship"])
    t, _ = do(t, bo.PlayCard("red"))
    assert (strengths(t), t.data["tracks"]["ship"]) == before and "red" not in t.deck("bottle")["held"]
    hand(t, "red", "ship-right")
    t, _ = do(t, bo.PlayCard("red"))
    assert t.data["tracks"]["ship"] == ship + 3
    t, _ = do(t, hz.PlankLoss(2))
    assert t.data["counters"]["planks"] == 5
    hand(t, "red", "plank-back")
    t, _ = do(t, bo.PlayCard("red"))
    assert t.data["counters"]["planks"] == 6
    hand(t, "red", "no-disaster")
    t, _ = do(t, bo.PlayCard("red"))
    assert "cancel-disaster" in t.data["d21"]["today"]
    hand(t, "yellow", "white-die")
    t, _ = do(t, bo.PlayCard("yellow"))
    assert t.data["d21"]["white_die"]["markers"] == 3 and t.data["d21"]["white_die"]["seat"] == "yellow"
    hand(t, "red", "strength-blue")
    t, _ = do(t, bo.PlayCard("red"))
    assert strengths(t)["blue"] == [4, 6]


def test_karty_lahve_a_colour_card_for_a_survivor_gone_leaves_the_game():
    """CS § Karty láhve: the colour card of a survivor no longer on the raft is removed from the game."""
    t = table()
    t.seat_values("blue")["strength"] = []
    t, _ = do(t, ev.Symbol("all-minus1"))  # the dead settle
    card = hand(t, "red", "strength-blue")
    t, _ = do(t, bo.PlayCard("red"))
    assert card in t.deck("bottle")["out"] and "red" not in t.deck("bottle")["held"]


def test_shark_attack_logbook_shark_1_or_6_bites_once_with_the_inner_die():
    """EN § Shark Attack, CS § Útok žraloků: the logbook's Shark 1 or Shark 6 bites once; the fin is known, so
    only the inner die counts: higher than the visible strength wounds 1, equal or lower nothing."""
    for fin in (1, 6):
        t = table()
        victim = t.data["d21"]["raft"][str(CAT.rules["raft"]["fins"][str(fin)])]
        v = t.visible(victim)
        t, _ = do(t, at.SharkBite(fin, (v,)))
        assert t.visible(victim) == v
        if v < 6:
            t, _ = do(t, at.SharkBite(fin, (v + 1,)))
            assert t.visible(victim) == v - 1


def test_symboly_the_octopus_steals_a_die_for_good():
    """CS § Symboly: the octopus steals one survivor die, picked by the colour tokens; it is gone for good."""
    t = table()
    t, _ = do(t, hz.StealDie("blue"))
    assert strengths(t)["blue"] == [6]


def test_survivors_horvath_fires_again_for_two_hope_each():
    """EN § Survivors: Horvath at the Flare location makes more attempts, 2 hope each; a 6 moves the ship."""
    t = table(survivors={**SURV, "blue": "horvath"})
    t.seat_values("blue")["hope"] = 4
    ship = t.data["tracks"]["ship"]
    t, _ = do(t, lo.HorvathFlare(6))
    assert t.data["tracks"]["ship"] == ship + 1 and t.seat_values("blue")["hope"] == 2
    t, _ = do(t, lo.HorvathFlare(3))
    assert t.data["tracks"]["ship"] == ship + 1 and t.seat_values("blue")["hope"] == 0
    with pytest.raises(RuleError):
        do(t, lo.HorvathFlare(6))


def test_survivors_horvath_fires_again_only_when_his_die_is_at_the_flare_location():
    """EN § Survivors: 'when present on the Flare location': with today's dice placed elsewhere his extra
    attempt is refused and costs nothing; placed there, it is taken."""
    t = table(survivors={**SURV, "blue": "horvath"})
    t.seat_values("blue")["hope"] = 4
    t.data["flow"]["placements"] = [["blue", "hope"], ["red", "flare"]]
    with pytest.raises(RuleError, match="only from the Flare location"):
        do(t, lo.HorvathFlare(6))
    assert t.seat_values("blue")["hope"] == 4
    t.data["flow"]["placements"] = [["blue", "flare"], ["red", "hope"]]
    t, _ = do(t, lo.HorvathFlare(6))
    assert t.seat_values("blue")["hope"] == 2


def test_game_components_plank_location_card_a_six_brings_a_plank_back():
    """EN § Game Components, Plank Location (promo): its owner's die there; a 6 brings a plank back, then the
    card is discarded."""
    t = table(promos=True)
    t, _ = do(t, hz.PlankLoss(1))
    hand(t, "red", "plank-location")
    t, _ = do(t, bo.PlayCard("red"))
    t, _ = do(t, lo.PlankSpot(5))
    assert t.data["counters"]["planks"] == 5 and t.data["d21"]["plank_card"] == "red"
    t, _ = do(t, lo.PlankSpot(6))
    assert t.data["counters"]["planks"] == 6 and t.data["d21"]["plank_card"] is None
    assert any(c.startswith("plank-location") for c in t.deck("bottle")["discard"])


def test_game_components_the_plant_grows_three_days_then_gives_3_hope_and_2_strength():
    """EN § Game Components, Plant (promo): it grows a step each day; harvested before it is grown, nothing;
    after the third day, 3 hope and 2 strength, shared as the table likes."""
    t = table(promos=True)
    hand(t, "red", "plant")
    t, _ = do(t, bo.PlayCard("red"))
    for _ in range(2):
        t, _ = do(t, fl.PlantGrow())
    t, res = do(t, fl.PlantGrow(True, ("red",), ("blue",)))
    assert "not ripe" in res["say"] and t.data["d21"]["plant"]["days"] == 2
    t, _ = do(t, fl.PlantGrow())
    hope = {s: t.seat_values(s)["hope"] for s in t.seats}
    t, _ = do(t, fl.PlantGrow(True, ("red", "red", "yellow"), ("blue", "blue")))
    assert t.seat_values("red")["hope"] == hope["red"] + 2 and t.seat_values("yellow")["hope"] == hope["yellow"] + 1
    assert strengths(t)["blue"] == [4, 6] and t.data["d21"]["plant"] is None


def test_the_plant_harvested_with_only_scruffs_left_gives_its_strength_and_leaves_the_hope_in_the_bag():
    """Scruffs holds no hope (EN § Scruffs): a ripe plant harvested when the others are gone gives him its
    strength, and its hope stays in the bag (a random game found the harvest dividing by nobody)."""
    t = days21.setup(CAT, {"scruffs": True, "promos": True, "players": ["Ann"]}, 5)
    scruffs = next(s for s in t.seats if t.seat_values(s).get("survivor") == "scruffs")
    holder = next(s for s in t.seats if s != scruffs)
    hand(t, holder, "plant")
    t, _ = do(t, bo.PlayCard(holder))
    for _ in range(3):
        t, _ = do(t, fl.PlantGrow())
    for s in t.seats:
        if s != scruffs:
            t.seat_values(s)["strength"] = []
    t.data["dead"] = [s for s in t.seats if s != scruffs]
    before = list(t.seat_values(scruffs)["strength"])
    t, res = do(t, fl.PlantGrow(True))
    assert t.seat_values(scruffs)["hope"] == 0 and t.seat_values(scruffs)["strength"] != before
    assert "stays in the bag" in res["say"] and t.data["d21"]["plant"] is None


def test_survivors_tomi_catches_one_more_fish_for_two_hope():
    """EN § Survivors: when Tomi fishes at the Fishing location he catches one extra fish, for himself or
    someone else, for 2 hope; not on a day he did not fish."""
    t = table(survivors={**SURV, "yellow": "tomi"})
    t.seat_values("yellow")["hope"] = 2
    with pytest.raises(RuleError, match="when he fishes"):
        do(t, ab.Ability("tomi", to="blue"))
    t.data["flow"]["fished"] = t.data["tracks"]["day"]
    t, _ = do(t, ab.Ability("tomi", to="blue"))
    assert strengths(t)["blue"] == [3, 6] and t.seat_values("yellow")["hope"] == 0


def swap_token(t, cid):
    """The swap location token `cid` on the board, the one there back in the stack."""
    d = t.deck("swap")
    d["draw"] += d["table"]
    d["draw"].remove(cid)
    d["table"] = [cid]
    t.data["d21"]["swap"] = cid


def test_vymenna_lokalita_flare_swap_rolls_for_hope_and_each_6_moves_the_ship():
    """CS § Výměnná lokalita, Světlice: for the hope the card asks, up to 3 rolls; each 6 moves the ship right."""
    t = table()
    swap_token(t, "flare-swap")
    t.data["flow"]["placements"] = [["red", "swap"]]
    t.seat_values("red")["hope"] = 3
    cost, rolls = CAT.rules["flare"]["swap_cost"], CAT.rules["flare"]["swap_rolls"]
    ship = t.data["tracks"]["ship"]
    t, _ = do(t, lo.Swap(("red",), (6,) + (2,) * (rolls - 1)))
    assert rolls == 3 and t.data["tracks"]["ship"] == ship + 1 and t.seat_values("red")["hope"] == 3 - cost


def test_vymenna_lokalita_flare_swap_takes_one_to_three_rolls_and_refuses_more_without_charging():
    """CS § Výměnná lokalita, Světlice: 'až 3x': the table may stop after one or two rolls; four faces (or
    none typed as an empty list) are refused before any hope is paid; virtually all three are rolled."""
    cost, most = CAT.rules["flare"]["swap_cost"], CAT.rules["flare"]["swap_rolls"]
    for faces, moved in (((6,), 1), ((6, 6), 2), ((2, 6, 6), 2)):
        t = table()
        swap_token(t, "flare-swap")
        t.data["flow"]["placements"] = [["red", "swap"]]
        t.seat_values("red")["hope"] = 3
        ship = t.data["tracks"]["ship"]
        t, r = do(t, lo.Swap(("red",), faces))
        assert t.data["tracks"]["ship"] == ship + moved and t.seat_values("red")["hope"] == 3 - cost, faces
    for faces in ((6, 6, 6, 6), ()):
        t = table()
        swap_token(t, "flare-swap")
        t.data["flow"]["placements"] = [["red", "swap"]]
        t.seat_values("red")["hope"] = 3
        with pytest.raises(UsageError, match=f"up to {most} times: 1 to {most} faces"):
            do(t, lo.Swap(("red",), faces))
        assert t.seat_values("red")["hope"] == 3
    t = table()
    swap_token(t, "flare-swap")
    t.data["flow"]["placements"] = [["red", "swap"]]
    t.seat_values("red")["hope"] = 3
    t, r = do(t, lo.Swap(("red",)))
    assert len(r["faces"]) == most


def test_vymenna_lokalita_bottle_swap_takes_a_card_then_one_is_played():
    """CS § Výměnná lokalita, Láhev: take a bottle card, then play one; with two in hand the holder chooses."""
    t = table()
    swap_token(t, "bottle-swap")
    t.data["flow"]["placements"] = [["red", "swap"]]
    old = hand(t, "red", "rotten-fish")
    new = next(c for c in t.deck("bottle")["draw"] if c.startswith("ship-right"))
    t, _ = do(t, lo.Swap(("red",), card=new))
    assert set(t.deck("bottle")["held"]["red"]) == {old, new} and {"do": "card", "seat": "red"} in t.data["flow"]["queue"]
    t, _ = do(t, bo.PlayCard("red", card=new))
    assert t.deck("bottle")["held"]["red"] == [old]


def _die_change_table():
    """Scruffs Up! with the Die alteration token in play, red alone at the Flare location."""
    t = days21.setup(CAT, {"scruffs": True, "players": ["Ann"], "survivors": {"red": "diva", "yellow": "aleta", "blue": "maya"}}, 5)
    t, _ = apply(t, fl.SetupDone(), CAT)
    t.seat_values("green")["strength"] = [6]
    t.data["decks"]["scruffs"]["table"] = ["die-change"]
    t.data["d21"]["scruffs"]["active"] = {"card": "die-change", "uses": 2, "last": None}
    t.data["flow"]["placements"] = [["red", "flare"]]
    t.data["flow"]["queue"] = [{"do": "flare"}, {"do": "evening"}]
    return t


def _guided(t, text):
    step = days21.next_step(t, CAT)
    action = step.make(step.ask.parse(text))
    legal.check(t, action, CAT)
    return apply(t, action, CAT)


@pytest.mark.parametrize(("shown", "changed", "ship"), [(5, "6", 1), (1, "6", 1), (6, "1", 0)])
def test_scruffs_tokens_die_alteration_one_up_or_down_with_6_and_1_wrapping(shown, changed, ship):
    """EN § Scruffs Tokens, Die alteration: a die shown may become one more or one less; a 6 may become a 1
    and a 1 a 6; a change of more than one is refused."""
    t = _die_change_table()
    before = t.data["tracks"]["ship"]
    t, _ = _guided(t, str(shown))
    with pytest.raises((RuleError, UsageError)):
        _guided(t, "scruffs 3")
    t, _ = _guided(t, f"scruffs {changed}")
    t, _ = _guided(t, "")
    assert t.data["tracks"]["ship"] == before + ship
    assert t.data["d21"]["scruffs"]["active"]["uses"] == 1


def test_priprava_hry_j_strength_example_total_8_visible_2():
    """CS § Příprava hry J, example: the yellow survivor's dice 2 on 6 make total strength 8 and visible strength
    2 (the top die); a wound takes the top die down first, then the die is gone and the lower one shows."""
    t = table(strength={"red": [3, 5], "yellow": [2, 6], "blue": [2, 6], "green": [6, 5]})
    assert t.visible("yellow") == 2 and sum(t.seat_values("yellow")["strength"]) == 8
    t, _ = do(t, ev.Symbol("shared-loss", ("yellow", "yellow")))
    assert t.seat_values("yellow")["strength"] == [6] and t.visible("yellow") == 6
