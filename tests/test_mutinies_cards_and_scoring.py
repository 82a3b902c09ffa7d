"""21 Mutinies procedures, continued (21-mutinies-rulebook-en.txt): the mutiny cards, prestige bonuses and
treasures, the end and the final scoring, the two-player game, and random games that keep the books
balanced; on a table built by setup and changed only through actions (tests/mutinies_table.py)."""

from __future__ import annotations

import random

import pytest

from companion.engine import apply
from companion.errors import CompanionError, RuleError, UsageError
from companion.games.mutinies import game as M
from companion.games.mutinies import placing
from companion.games.mutinies.actions import Place, Plunder, Raid, Take, Tavern
from companion.games.mutinies.cards import Compulsory, DrawCard, PlayCard, Treasure
from companion.games.mutinies.sailors import Cabin, Mutiny
from companion.games.mutinies.score import Score, ScoreCards
from tests.mutinies_table import CAT, ready, run, seat

# -- cards ---------------------------------------------------------------------------------------


def after_mutiny(n=3, **opts):
    t = ready(n, **opts)
    t, _ = run(t, Place("red", "tavern"), Place("blue", "mutiny:1"), *[Place(s, "cabin") for s in ["green", "yellow", "purple"][:n - 2]])
    t, _ = run(t, Tavern(1), *[Cabin("prestige") for _ in range(n - 2)], Mutiny())
    return t


def test_compulsory_card_blocks_until_the_next_mutiny():
    t = after_mutiny()
    t, _ = run(t, DrawCard("sharks"), Compulsory(True))
    assert t.data["flow"]["cards"]["front"]["blue"] == ["sharks"]
    assert "wreck" not in placing.legal_spots(t, CAT, "blue")
    with pytest.raises(RuleError, match="blocked"):
        run(t, Place("blue", "wreck"))


def test_a_card_whose_deck_describes_no_effect_says_so(monkeypatch):
    """A mutiny card from a deck of one's own (CASTAWAY_DECKS) may have no effect written: the line says to read
    the card (it once said 'None')."""
    from companion.components import Card, Deck

    bare = Card(**{f: getattr(CAT.deck("mutiny").card("sharks"), f) for f in Card.FIELDS if f != "effect"}, effect=None)
    real = Deck.card
    monkeypatch.setattr(Deck, "card", lambda self, cid: bare if cid == "sharks" else real(self, cid))
    t, said = run(after_mutiny(), DrawCard("sharks"), Compulsory(True))
    assert "not described in the rulebooks: read the card" in said["say"] and "None" not in said["say"]


def test_refusing_a_compulsory_card_costs_two_prestige():
    t = after_mutiny()
    t, _ = run(t, DrawCard("reward"), Compulsory(False))
    assert seat(t, "blue")["prestige"] == 4 - 2 and t.data["flow"]["cards"]["discard"] == ["reward"]
    assert seat(t, "red")["doubloons"] == 3


def test_last_mutiny_is_the_bottom_card_and_starts_the_final_round():
    t = after_mutiny()
    with pytest.raises(RuleError, match="bottom"):
        run(t, DrawCard("last-mutiny"))
    t.data["flow"]["deck_left"] = 1
    with pytest.raises(RuleError, match="always the Last Mutiny"):
        run(t, DrawCard("tempest"))
    t, _ = run(t, DrawCard(None), Compulsory(True))
    assert t.data["flow"]["final_round"] == 2 and t.data["tracks"]["round"] == 2
    assert seat(t, "blue")["prestige"] == 4 + 3


def test_a_sailor_card_is_refused_to_the_captain(tmp_path):
    """§ The Mutiny Cards: "Sailor: this card can only be played if the player is a sailor". The rulebook
    names no card's mark, so the table sets it in a file of its own (here: the Duel, who = "sailor");
    refused, nothing changes, and a sailor plays it."""
    from companion import catalog

    own = tmp_path / "duel.toml"
    own.write_text('[[deck]]\nid = "mutiny"\nname = "Mutiny cards"\nassumed = "our own cards"\n\n  [[deck.card]]\n  id = "duel"\n  name = "Duel"\n'
                   '  effect = "At the start of a round, you and the captain each roll a die."\n  type = "voluntary"\n'
                   '  who = "sailor"\n  assumed = "the mark printed on our Duel"\n', encoding="utf-8")
    cat = catalog.load_folder(catalog.folder_of("mutinies"), [own])
    t = after_mutiny()
    t, _ = apply(t, DrawCard("duel"), cat)
    assert t.data["flow"]["cards"]["held"]["blue"] == ["duel"] and t.data["flow"]["order"][0] == "blue"
    with pytest.raises(RuleError, match="Duel is a Sailor card: .*blue.* is the captain now"):
        apply(t, PlayCard("blue", "duel"), cat)
    t.data["flow"]["cards"]["held"] = {"blue": [], "red": ["duel"]}
    t, _ = apply(t, Place("blue", "wreck"), cat)
    t, r = apply(t, PlayCard("red", "duel"), cat)
    assert "Duel" in r["say"] and t.data["flow"]["cards"]["held"]["red"] == []
    _t, r = apply(after_mutiny(), DrawCard("duel"), CAT)  # castaway's own data marks no card
    assert CAT.deck("mutiny").card("duel").get("who") is None


def test_voluntary_cards_and_ignored_texts():
    t = after_mutiny()
    t, _ = run(t, DrawCard("telescope"))
    assert t.data["flow"]["cards"]["held"]["blue"] == ["telescope"]
    t2, r = run(t, PlayCard("blue", "telescope"))
    assert "discard it and draw another" in r["say"]
    quiet = after_mutiny(texts="ignore")
    quiet, _ = run(quiet, DrawCard("tempest"))
    assert quiet.data["flags"]["phase"] == "captain" and not quiet.data["flow"]["blocked"]


# -- prestige bonuses, treasures ---------------------------------------------------------------


def test_bonus_spaces_pay_once():
    """§ Initial Setup 1a: each bonus space pays once per player (spaces from the board, here 5 and 6)."""
    t = ready(bonuses="5:doubloon,6:rum")
    seat(t, "red")["treasure"] = 2
    t, _ = run(t, Treasure("red", "prestige"))
    assert (seat(t, "red")["prestige"], seat(t, "red")["doubloons"], seat(t, "red")["rum"]) == (5, 4, 1)
    seat(t, "red")["prestige"] = 3
    t, _ = run(t, Treasure("red", "prestige"))
    assert (seat(t, "red")["doubloons"], seat(t, "red")["rum"]) == (4, 1)


def test_a_bonus_space_jewel_has_its_colour_asked_next():
    """§ Initial Setup 1a (a bonus space gives 1 face-down jewel token) with § The Jewel Tokens (four colours
    and wild, kept for the black market): the guided game asks its colour next; Enter leaves it not said."""
    from companion.games.mutinies import jewels
    from companion.games.mutinies.actions import BonusJewel
    from companion.games.mutinies.guide import next_step

    t = ready(bonuses="5:jewel")
    seat(t, "red")["treasure"] = 1
    t, res = run(t, Treasure("red", "prestige"))
    assert seat(t, "red")["jewel"] == 1 and jewels.bonus_waiting(t) == ("red", 5)
    step = next_step(t, CAT)
    assert step.title == "A bonus jewel" and "red" in step.ask.prompt
    action = step.make(step.ask.parse("2"))
    assert action == BonusJewel("red", 5, jewels.colours(CAT)[1])
    t2, _ = run(t, action)
    assert jewels.known(t2, "red") == {jewels.colours(CAT)[1]: 1} and jewels.bonus_waiting(t2) is None
    t3, _ = run(t, next_step(t, CAT).make(next_step(t, CAT).ask.parse("")))  # Enter: not said
    assert jewels.unknown(t3, "red") == 1 and jewels.bonus_waiting(t3) is None
    with pytest.raises(RuleError, match="no bonus jewel"):
        run(t2, BonusJewel("red", 5, "red"))
    assert BonusJewel.parse(t, CAT, "red", "wild") == BonusJewel("red", 5, "wild")


def test_treasure_tokens():
    t = ready()
    seat(t, "red")["treasure"] = 3
    with pytest.raises(UsageError, match="exchange:PAY:GAIN"):
        Treasure.parse(t, CAT, "red", "exchange")
    turned, said = run(t, Treasure("red", "exchange"))  # turned over in the guided game: what it prints is asked next
    assert turned.data["flow"]["exchange"] == "red" and seat(turned, "red")["treasure"] == 3
    with pytest.raises(UsageError, match="give what it prints"):
        run(t, Treasure("red", "exchange", 3, None))
    t, _ = run(t, Treasure("red", "exchange", 3, 1), Treasure("red", "jewel"), Treasure("red", "rum"))
    assert (seat(t, "red")["doubloons"], seat(t, "red")["prestige"], seat(t, "red")["jewel"], seat(t, "red")["rum"]) == (0, 4, 1, 2)

def test_treasures_and_voluntary_cards_wait_for_their_holders_turn():
    """§ The Treasure Tokens: before or after placing one's pawn, or as one's part resolves; § The Mutiny
    Cards: a voluntary card on its holder's subsequent turns."""
    t = ready()
    seat(t, "green")["treasure"] = 1
    with pytest.raises(RuleError, match="not .*green.*'s turn"):
        run(t, Treasure("green", "prestige"))
    t, _ = run(t, Place("red", "wreck"), Place("blue", "wreck"))
    t2, _ = run(t, Treasure("green", "prestige"))  # green places next
    assert seat(t2, "green")["prestige"] == 5
    t, _ = run(t, Place("green", "cabin"))
    t3, _ = run(t, Treasure("green", "doubloons"))  # just after placing
    with pytest.raises(RuleError, match="turn"):
        run(t, Plunder((1, 1)), Treasure("green", "doubloons"))  # red's part resolves, not green's

# -- the end and the final scoring ------------------------------------------------------------


def final_scoring(t):
    t.data["flow"]["final_round"] = 1
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "cabin"), Plunder((1, 1)),
               Cabin("doubloon"), Cabin("doubloon"))
    assert t.data["flags"]["phase"] == "scoring"
    return t


def test_final_scoring_steps_in_order():
    """§ Final Score and Winner: treasures, jewels → doubloons, cards → doubloons, 3 doubloons a
    point (leftovers kept), end-of-game cards, -1 a rum; bonus spaces pay nothing now."""
    t = ready(bonuses="4:doubloon,5:doubloon,6:doubloon,7:doubloon")
    seat(t, "red").update(treasure=2, jewel=2, rum=2, doubloons=1)
    t.data["flow"]["cards"]["held"]["red"] = ["seven-seas", "telescope"]
    t = final_scoring(t)
    t, r = run(t, Score.parse("rum,prestige"))
    assert seat(t, "red")["prestige"] == 5 and seat(t, "red")["doubloons"] == 1 and seat(t, "red")["rum"] == 2
    t, _ = run(t, Score())  # jewels: 1 + 2
    assert seat(t, "red")["doubloons"] == 3
    t, _ = run(t, Score())  # cards: + 2
    assert seat(t, "red")["doubloons"] == 5
    t, _ = run(t, Score())  # 5 doubloons: 1 point, 2 kept
    assert (seat(t, "red")["prestige"], seat(t, "red")["doubloons"]) == (6, 2)
    with pytest.raises(RuleError, match="0..3"):
        run(t, ScoreCards(4))
    t, _ = run(t, ScoreCards(2), Score())
    assert seat(t, "red")["prestige"] == 8 - 2
    assert t.data["over"]["winners"] == ["red"]


def test_ignored_texts_pay_a_point_for_two_doubloons():
    t = ready(texts="ignore")
    seat(t, "blue")["doubloons"] = 5
    t = final_scoring(t)  # blue takes a doubloon in the cabin: 6
    t, _ = run(t, Score(), Score(), Score())
    assert (seat(t, "blue")["prestige"], seat(t, "blue")["doubloons"]) == (3 + 3, 0)


def test_tie_broken_by_doubloons_then_shared():
    t = ready()
    for s in ("red", "blue", "green"):
        seat(t, s).update(doubloons=0, rum=0)
    seat(t, "blue")["doubloons"] = 2
    t = final_scoring(t)  # blue and green +1 doubloon: blue 3, green 1
    t, _ = run(t, Score(), Score(), Score(), Score())
    assert [seat(t, s)["prestige"] for s in ("red", "blue", "green")] == [3, 4, 3]
    t2 = ready()
    for s in ("red", "blue", "green"):
        seat(t2, s).update(doubloons=2, rum=0)
    seat(t2, "red")["doubloons"] = 3
    t2 = final_scoring(t2)
    t2, _ = run(t2, Score(), Score(), Score(), Score())
    assert sorted(t2.data["over"]["winners"]) == ["blue", "green", "red"]


def test_last_jewel_taken_means_one_more_round():
    t = ready()
    t.data["counters"]["jewels"] = 1
    t, _ = run(t, Place("red", "beyond"), Place("blue", "cabin"), Place("green", "cabin"), Raid(True))
    assert t.data["flow"]["final_round"] == 2
    t, _ = run(t, Cabin("prestige"), Cabin("prestige"))
    assert t.data["tracks"]["round"] == 2 and t.data["flags"]["phase"] == "captain"


# -- two players -------------------------------------------------------------------------------


def test_henchman_costs_the_captain_and_keeps_nothing():
    """§ Rules For A Game With 2 Players: captain, henchman, sailor; the captain pays, the henchman keeps nothing."""
    t = ready(2, costs=["2d", "2d", "0", "0"])
    assert t.data["flow"]["order"] == ["red", "henchman", "blue"]
    with pytest.raises(RuleError, match="cannot pay"):
        run(t, Place("red", "routes:2"), Place("henchman", "routes:1"))
    t, _ = run(t, Place("red", "routes:1"), Place("henchman", "routes:3"), Place("blue", "mutiny:1"))
    t, _ = run(t, Take(), Take(), Mutiny())
    assert seat(t, "red")["jewel"] == 1 and t.data["counters"]["jewels-out"] == 1
    assert t.data["flow"]["order"] == ["blue", "henchman", "red"]


# -- invariants over random games --------------------------------------------------------------


def test_random_games_keep_the_books_balanced():
    """Random legal play from the guided steps: pools within their supply, prestige never below 0,
    every jewel accounted for, and each game ends with a winner."""
    from companion.games.mutinies.guide import next_step

    for seed in range(6):
        rng = random.Random(seed)
        t = M.setup(CAT, {"count": str(2 + seed % 4)}, seed)
        t.data["counters"]["jewels"] = 12  # shorter games
        for _ in range(2000):
            step = next_step(t, CAT)
            if step is None:
                break
            for _try in range(40):
                try:
                    t, _ = apply(t, step.make(_answer(step, rng)), CAT)
                    break
                except CompanionError:
                    continue
            else:
                pytest.fail(f"seed {seed}: stuck at {step.title}")
            for pool in ("rum", "doubloons"):
                assert 0 <= t.pool_held(pool) <= t.pool_supply(pool)
            assert all(t.seat_values(s)["prestige"] >= 0 for s in t.seats)
            routes = sum(sq["token"] for sq in t.data["flow"]["routes"])
            held = sum(t.seat_values(s)["jewel"] for s in t.seats)
            c = t.data["counters"]
            assert c["jewels"] + routes + held + c["jewels-out"] <= 12 + len(t.data["flow"]["routes"]) + 24
        assert t.data["over"]["winners"]


def _answer(step, rng):
    a = step.ask
    if a.kind == "choice":
        return rng.choice(a.choices)[0]
    if a.kind == "confirm":
        return rng.random() < 0.7
    if a.kind == "number":
        return rng.randint(a.lo, a.hi)
    if a.kind in ("dice", "none"):
        return None
    if a.prompt.startswith(("Price of square", "Prices of squares")):
        n = a.prompt.split(" (")[0].count(",") + 1
        return " ".join(rng.choice(["0", "1d", "2d", "1d1r"]) for _ in range(n))
    if "Rum added" in a.prompt:
        return "0 2 1"
    if a.id == "mut-exchange":  # an exchange token's print: doubloons paid, prestige gained
        return "0 1"
    n = int(step.say.split("turns over ")[1].split()[0])
    return ",".join(rng.choice(["prestige", "doubloons", "rum", "jewel"]) for _ in range(n))
