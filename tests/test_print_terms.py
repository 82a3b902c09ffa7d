"""Czech kits of games without a Czech edition (issue 27, item 8): Robinson Crusoe's and Dieson Crusoe's
components keep the English rulebook's names and texts while castaway's labels are Czech, and the credits
page says so; 21 Mutinies (no edition, a catalog castaway translated) prints castaway's Czech and says that."""

from __future__ import annotations

import pytest

from companion import catalog, i18n
from companion.games import registry
from printables import cards, credits, terms, tokens
from printables.kit import KitOptions, plan
from tests.print_helpers import open_pdf


@pytest.fixture
def cs():
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def _text(data: bytes) -> str:
    return " ".join(" ".join(p.get_text().split()) for p in open_pdf(data))


def test_the_translated_games_are_the_ones_the_catalog_tool_extracts():
    from tools import locales

    assert set(terms.TRANSLATED) == set(locales.TRANSLATED_GAMES)


@pytest.mark.parametrize("game", ["robinson", "dieson"])
def test_a_game_without_a_czech_edition_keeps_its_english_names_under_czech_labels(game, cs):
    cat = catalog.load(game)
    faces = cards.all_faces(cat) + cards.all_faces(cat, token_decks=True) + cards.character_faces(cat)
    english = {d.name for d in cat.decks.values()} | {c.name for d in cat.decks.values() for c in d.cards}
    loose = [t for t in (cat.rules.get("print_templates") or {}).values() if isinstance(t, dict)]
    english |= {ch.name for ch in cat.characters.values()} | {t[k] for t in loose for k in ("name", "group") if k in t}
    assert faces and all(f.name in english for f in faces), [f.name for f in faces if f.name not in english]
    characters = i18n._(registry.get(game).characters_title)  # castaway's label of the characters' group
    assert characters != registry.get(game).characters_title
    assert all(f.group in english or f.group == characters for f in faces), {f.group for f in faces} - english
    pieces = [p for p in tokens.pieces(cat) if p.counter in cat.counters]
    assert all(p.name == cat.counters[p.counter].name for p in pieces) and (pieces or game == "dieson")
    part = next(p for p in plan(cat, KitOptions()) if p.file.endswith("-cards.pdf"))
    text = _text(part.build(None))
    assert "arch 1 z" in text and "sheet 1 of" not in text  # castaway's caption, in Czech
    some = next(f for f in faces if f.text is None or f.text)
    assert some.name.split()[0] in text
    note = _text(credits.render(cat))
    assert "tak, jak je uvádějí anglická pravidla" in note and "vlastním překladem" not in note


def test_robinsons_components_are_not_half_translated(cs):
    """The shared catalog translates 'Event card', 'Friday' and 'Dog' for other games: Robinson's stay English."""
    cat = catalog.load("robinson")
    text = _text(next(p for p in plan(cat, KitOptions()) if p.file.endswith("-cards.pdf")).build(None))
    assert "Karta událostí" not in text and "Pátek" not in text
    assert "Friday" in text


def test_21_mutinies_prints_castaways_czech_and_says_whose_translation_it_is(cs):
    cat = catalog.load("mutinies")
    faces = cards.all_faces(cat)
    assert any(f.name != c.name for f, c in zip(faces, (c for d in cat.decks.values() for c in d.cards)))
    note = _text(credits.render(cat))
    assert "vlastním překladem castaway" in note


def test_21_days_in_czech_is_its_edition_and_english_prints_no_note(cs):
    assert "nemá vydání" not in _text(credits.render(catalog.load("21days")))
    i18n.set_language("en")
    for game in catalog.game_ids():
        assert "no edition in this language" not in _text(credits.render(catalog.load(game)))
