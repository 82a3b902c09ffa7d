"""Text is never under a QR code (issue 27): at every card size a card accepts, each text span's box is read back
from the PDF and checked against each QR code's box (its quiet zone included); the code is made smaller,
moved beside the words, or left out (cards under sizes.QR_ALWAYS mm whose words need the room)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.errors import UsageError
from printables import cards, sizes, tokens
from tests.print_helpers import open_pdf, overlaps, qr_boxes, spans
from tests.test_print_text import text_problems

FACES: list = []
SIDES_W = (25.0, 27.0, 30.0, 44.0, 180.0)
SIDES_H = (25.0, 27.0, 38.0, 88.9, 250.0)
SIZES = list(sizes.CARD_SIZES) + [f"{w:g}x{h:g}" for w in SIDES_W for h in SIDES_H]


def every_face() -> list:
    """Every card, character and token face of every game: the longest names, texts and fact lists there are."""
    if not FACES:
        for game in catalog.game_ids():
            cat = catalog.load(game)
            FACES.extend(cards.all_faces(cat) + cards.character_faces(cat) + cards.all_faces(cat, token_decks=True)
                         + tokens.ability_tokens(cat))
    return FACES


def boxes(p: cards.FrontPlan) -> list[sizes.Box]:
    return [b for b in (p.name_box, p.facts_box, p.icon_box, p.panel) if b is not None and b.h > 0]


@pytest.mark.parametrize("size", SIZES)
def test_no_text_span_touches_a_qr_code_and_every_word_is_whole(size):
    doc = open_pdf(cards.render(every_face(), cards.Options("a4", size, 3.0, "none"), "test"))
    covered, codes = [], 0
    for n, page in enumerate(doc, 1):
        qrs = qr_boxes(page)
        codes += len(qrs)
        covered += [f"page {n}: {t!r}" for t, box in spans(page) if any(overlaps(box, q) for q in qrs)]
    assert not covered, covered[:20]
    assert not text_problems(doc), text_problems(doc)[:10]
    w, h = sizes.card_size(size)
    with_qr = sum(1 for f in every_face() if f.qr)
    if min(w, h) >= sizes.QR_ALWAYS:
        assert codes == with_qr  # from QR_ALWAYS up no card loses its code
    else:
        assert codes > 0 or min(w, h) < 27


def test_the_layout_keeps_the_code_clear_of_the_words_on_a_fine_sweep_of_sizes():
    faces = [f for f in every_face() if f.qr]
    for w in range(25, 64, 3):
        for h in range(25, 92, 3):
            for f in faces:
                p = cards.plan_front(f, float(w), float(h))
                if p.qr_box is None:
                    assert min(w, h) < sizes.QR_ALWAYS, (f.name, w, h)
                    continue
                q = p.qr_box
                qb = (q.x, q.y, q.right, q.top)
                assert not [b for b in boxes(p) if overlaps((b.x, b.y, b.right, b.top), qb)], (f.name, w, h)
                assert q.x >= 0 and q.y >= 0 and q.right <= w and q.top <= h


@pytest.mark.parametrize("bad", ["24x60", "60x24", "20x20"])
def test_a_card_too_small_for_its_words_is_refused_with_the_accepted_range(bad):
    with pytest.raises(UsageError, match=r"25\.\.180 x 25\.\.250 mm"):
        sizes.card_size(bad)
