"""The table display's SVG boards: each game's board draws for a fresh game and for games played some
guided steps on, parses as SVG, shows the components' names as printed (Czech for the Czech edition),
never an internal id, and draws whatever a player typed as text, never as markup."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from companion import i18n, session
from companion.errors import CompanionError
from companion.games import registry

NS = "{http://www.w3.org/2000/svg}"
MODULES = {"21days": "days21", "robinson": "robinson", "mutinies": "mutinies", "dieson": "dieson"}
GAMES = [
    ("21days", {"players": ["Ann", "Bob"]}),
    ("21days", {"players": ["Ann", "Bob", "Cid"], "edition": "cs"}),
    ("21days", {"players": ["Ann"], "scruffs": True, "promos": True}),
    ("robinson", {"players": ["Ann", "Bob", "Cid"], "weather": "2:rain 5:rain+winter"}),
    ("mutinies", {"players": ["Ann", "Bob", "Cid", "Dora"]}),
    ("mutinies", {"players": ["Ann", "Bob"]}),
    ("dieson", {}),
]
IDS = [f"{g}-{'-'.join(o.get('players', []))}{'-' + o['edition'] if 'edition' in o else ''}" for g, o in GAMES]
WORDS = ["", "0", "1", "2", "3,4", "5,6", "roll", "none", "yes", "no", "wood", "food", "gather", "rest",
         "2d 1d1r 0 3d", "1d 0 2r 1d"]


def board(loaded) -> str:
    mod = importlib.import_module(f"ui.display.boards.{MODULES[loaded.cat.id]}")
    return mod.board_svg(loaded.table, loaded.cat)


def answer(ask, rng: random.Random):
    """An answer a table might give: virtual dice, a random choice, a plausible word."""
    if ask.kind == "dice":
        return None
    if ask.kind == "confirm":
        return rng.random() < 0.5
    if ask.kind == "number":
        return rng.randint(ask.lo or 0, ask.hi or 0)
    if ask.kind == "choice":
        values = [v for v, _label in ask.choices]
        if ask.multiple:
            return tuple(rng.sample(values, min(len(values), rng.randint(0, 2))))
        return rng.choice(values)
    if ask.default is not None and rng.random() < 0.5:
        return ask.parse(None)
    return ask.parse(rng.choice(WORDS))


def advance(st, loaded, steps: int, seed: int):
    """The game played `steps` guided steps on (answers refused by the rules are skipped)."""
    rules = registry.get(loaded.cat.id)
    rng = random.Random(seed)
    done = 0
    for _ in range(steps * 10):
        cur = session.load(st, loaded.row.id)
        step = rules.next_step(cur.table, cur.cat)
        if step is None or done >= steps:
            break
        try:
            session.act(st, loaded.row.id, step.make(answer(step.ask, rng)), expect=cur.row.version)
        except CompanionError:
            continue
        done += 1
    return session.load(st, loaded.row.id)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.get("width") == "100%" and root.get("height") == "100%"
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox"))
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(el.itertext()) for el in root.iter(NS + "text")]


def internal_ids(cat) -> set[str]:
    """Ids a board must never show: characters' ids, and the ids of cards and tokens that are not plain
    words (`strength4`, `plusminus1-a`, `turtle-two`; a card id like `flare` is also an English word)."""
    out = set(cat.characters)
    for deck in cat.decks.values():
        out |= {c.id for c in deck.cards}
    for key in ("ability_tokens", "special_hope"):
        out |= set((cat.rules.get(key) or {}).get("ids", []))
    return {i for i in out if i in cat.characters or re.search(r"[-0-9]", i)}


def assert_no_ids(words: list[str], cat) -> None:
    ids = internal_ids(cat)
    for line in words:
        assert "{" not in line and "None" not in line, f"unfilled text {line!r}"
        for token in re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*", line):
            assert token not in ids, f"internal id {token!r} shown in {line!r}"


def assert_names(loaded, words: list[str]) -> None:
    """The names as printed of what the table holds: survivors, characters, quests, players."""
    t, cat = loaded.table, loaded.cat
    joined = "\n".join(words)
    for seat in t.seats:
        vals = t.seat_values(seat)
        who = vals.get("survivor")
        if who in cat.characters and cat.id != "dieson":
            assert i18n._(cat.characters[who].name) in joined, (who, joined)
        if vals.get("player"):
            assert vals["player"] in joined
    if cat.id == "21days":
        swap = (t.data.get("d21") or {}).get("swap")
        if swap:
            assert i18n._(cat.deck("swap").card(swap.split(":")[0]).name) in joined
    if cat.id == "dieson":
        assert i18n._(cat.deck("quests").card(t.data["dc"]["quest"]).name) in joined


@pytest.mark.parametrize("game,options", GAMES, ids=IDS)
def test_every_board_draws_fresh_and_after_guided_steps(db, game, options):
    if options.get("edition") == "cs":
        i18n.set_language("cs")
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, game, dict(options), seed=7)
        for steps in (0, 12, 40):
            cur = advance(st, loaded, steps, seed=steps + 3) if steps else loaded
            root = parse(board(cur))
            words = texts(root)
            assert len(words) > 20
            assert_no_ids(words, cur.cat)
            assert_names(cur, words)


def test_czech_edition_speaks_czech_with_its_printed_names(db):
    i18n.set_language("cs")
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"], "edition": "cs"}, seed=3)
        words = texts(parse(board(loaded)))
    joined = "\n".join(words)
    for word in ("Den", "Záchr. loď", "Žraloci", "Chapadla", "Prkna", "Chobotnice", "Naděje"):
        assert word in joined, word
    assert "Rescue ship" not in joined
    names = [loaded.cat.characters[loaded.table.seat_values(s)["survivor"]].name for s in loaded.table.seats]
    assert all(n in joined for n in names)


def test_english_game_with_lang_cs_is_drawn_in_czech(db):
    i18n.set_language("cs")
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann"]}, seed=3)
        joined = "\n".join(texts(parse(board(loaded))))
    assert "Záchr. loď" in joined and "Rescue ship" not in joined


@pytest.mark.parametrize("game", ["21days", "robinson", "mutinies"])
def test_player_names_are_drawn_as_text_never_as_markup(db, game):
    evil = '<b>&"\'x'
    players = [evil, "Bob"] if game != "robinson" else [evil, "Bob"]
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, game, {"players": players}, seed=5)
        svg = board(loaded)
    assert "<b>" not in svg
    root = parse(svg)
    assert not list(root.iter(NS + "b")) and not list(root.iter("b"))
    assert any(evil in w for w in texts(root))


def test_21days_raft_shows_spots_fins_and_survivors(db):
    from ui.display.boards.days21 import ABILITY

    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=11)
        t, cat = loaded.table, loaded.cat
        words = texts(parse(board(loaded)))
    # the six shark fins by number, the four raft spots, each survivor's dice as digits, their ability token
    for fin in map(str, cat.rules["raft"]["fins"]):
        assert fin in words
    for spot in t.data["d21"]["raft"]:
        assert spot in words
    for seat in t.seats:
        for face in t.seat_values(seat)["strength"]:
            assert str(face) in words
        assert ABILITY[t.data["d21"]["ability"][seat]["id"]] in words
    assert cat.deck("swap").card(t.data["d21"]["swap"].split(":")[0]).name in words


def test_robinson_board_lists_the_planned_actions(cli):
    cli.ok("new", "robinson", "-p", "Ann", "-p", "Bob", "--opt", "weather=1:rain", "--opt", "characters=cook,explorer")
    for words in (["robinson", "morale"], ["robinson", "produce"], ["robinson", "plan", "rest", "cook"],
                  ["robinson", "plan", "explore", "explorer+friday"], ["robinson", "plan", "done"]):
        cli.ok(*words)
    with session.open_store(cli.db) as st:
        loaded = session.load(st, session.current_id(st))
    words = texts(parse(board(loaded)))
    for label in ("Planned actions", "Rest", "Exploration", "Explorer + Friday", "Cook", "IV. Action", "Morale", "rain"):
        assert label in words, label
    assert_no_ids(words, loaded.cat)


def test_dieson_board_shows_quest_checklist_and_supplies(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "dieson", {"quest": "2"}, seed=2)
        cur = advance(st, loaded, 15, seed=2)
    words = texts(parse(board(cur)))
    joined = "\n".join(words)
    assert "Quest 2: Rescue Signal" in joined
    assert "make the Flag" in joined and "reach the top of the mountain" in joined
    for name in ("Health", "Food", "Wood", "Stone", "Leather", "Event disc"):
        assert name in joined


def test_mutinies_board_shows_turn_order_and_cards_left(db):
    with session.open_store(db, create=True) as st:
        loaded = session.new_game(st, "mutinies", {"players": ["Ann", "Bob", "Cid"]}, seed=9)
        cur = advance(st, loaded, 20, seed=9)
    t = cur.table
    words = texts(parse(board(cur)))
    assert str(t.data["flow"]["deck_left"]) in words
    assert "Prestige" in words and "Trade routes" in words
    order = [t.seat_values(s)["player"] for s in t.data["flow"]["order"]]
    for i, who in enumerate(order, 1):
        assert who in words and f"{i}." in words
