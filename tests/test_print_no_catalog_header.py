"""An empty label stays empty: gettext keeps the catalog's header under the empty string, so a lookup of ""
printed "Project-Id-Version ... Generated-By: Babel" on Czech printouts (issue 27). Every printable and the
table display are scanned in both languages."""

from __future__ import annotations

import pytest

from companion import catalog, i18n, session
from printables.kit import KitOptions, plan
from tests.display_server import make_games
from tests.print_helpers import open_pdf

HEADER = ("Project-Id-Version", "Generated-By", "Content-Type: text/plain")
KITS = [(g, None) for g in catalog.game_ids()] + [("21days", "cs")]


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")


def test_an_empty_message_is_empty_in_every_language(lang):
    for code in i18n.LANGUAGES:
        lang(code)
        assert i18n._("") == ""
    assert i18n.in_every_language("") == ("",)


@pytest.mark.parametrize("code", ["en", "cs"])
@pytest.mark.parametrize("game,edition", KITS)
def test_no_printable_carries_the_catalog_header(game, edition, code, lang):
    lang(code)
    cat = catalog.load(game, edition)
    found = []
    for part in plan(cat, KitOptions(edition=edition), merge=False):
        data = part.build(None)
        if data:
            text = "".join(page.get_text() for page in open_pdf(data))
            found += [f"{part.file}: {h}" for h in HEADER if h in text]
    assert not found, found


@pytest.mark.parametrize("code", ["en", "cs"])
def test_the_display_carries_no_catalog_header(tmp_path, code, lang):
    from ui.display import page
    from ui.display.boards import board_for

    db = tmp_path / "c.db"
    ids = make_games(db)
    lang(code)
    with session.open_store(db) as st:
        for kind, gid in ids.items():
            cur = session.load(st, gid)
            svg = board_for(kind).board_svg(cur.table, cur.cat)
            html = page.board_fragment(cur.row.version, cur.table, cur.cat, svg) + page.pad_fragment(cur.row.version, cur.table, cur.cat)
            assert not [h for h in HEADER if h in html], kind


@pytest.mark.parametrize("game", ["robinson", "mutinies", "dieson"])
def test_a_czech_kit_of_a_game_without_a_czech_edition_says_so_on_its_credits_page(game, lang):
    from printables import credits

    lang("cs")
    text = " ".join(" ".join(p.get_text().split()) for p in open_pdf(credits.render(catalog.load(game))))
    assert "nemá vydání v tomto jazyce" in text
    lang("en")
    assert "no edition in this language" not in " ".join(p.get_text() for p in open_pdf(credits.render(catalog.load(game))))


def test_a_czech_kit_of_21_days_has_its_edition_and_no_such_note(lang):
    from printables import credits

    lang("cs")
    text = " ".join(" ".join(p.get_text().split()) for p in open_pdf(credits.render(catalog.load("21days", "cs"))))
    assert "nemá vydání" not in text
