"""QR codes on printed pages decode, with an independent decoder (zxing-cpp) at 300 dpi, to their payloads;
and a scanned card payload is accepted by `castaway draw DECK --card ...`."""

from __future__ import annotations

import pytest

from companion import catalog
from printables import cards, qr, tokens
from tests.print_helpers import open_pdf, qr_texts


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_qr_on_a_card_sheet_decodes_to_its_payload(paper):
    cat = catalog.load("21days")
    faces = cards.all_faces(cat)
    opts = cards.Options(paper, "poker", 3.0, "none")
    from printables import packing

    per = packing.per_sheet(paper, 63.5, 88.9)
    doc = open_pdf(cards.render(faces[per:2 * per], opts, "qr"))  # the second sheet's worth: bottle cards and more
    assert sorted(qr_texts(doc[0])) == sorted(f.qr for f in faces[per:2 * per])


def test_every_qr_on_a_token_sheet_decodes():
    cat = catalog.load("21days")
    doc = open_pdf(tokens.render(cat, cards.Options("a4", "poker", 3.0, "none")))
    token_faces = cards.all_faces(cat, token_decks=True) + tokens.ability_tokens(cat)
    found = qr_texts(doc[0])
    assert found and sorted(found) == sorted(f.qr for f in token_faces if f.qr)


def test_qr_modules_are_never_under_0_4_mm():
    payload = "SCRUFFS/HOPE-2:2"
    side = qr.min_size(payload, "M")
    assert abs(side - qr.modules(payload, "M") * 0.4) < 1e-9
    import io

    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(io.BytesIO())
    assert qr.draw(c, payload, 0, 0, side, "M") >= 0.4 - 1e-9
    with pytest.raises(qr.QRTooSmall):
        qr.draw(c, payload, 0, 0, side - 0.5, "M")


def test_a_scanned_card_payload_is_accepted_by_draw(cli):
    cli.ok("new", "21days", "-p", "Ann", "--seed", "3", "--scruffs")
    cat = catalog.load("21days")
    face = next(f for f in cards.deck_faces(cat, cat.deck("scruffs")) if ":" in f.id)  # a second copy
    r = cli.ok("cards", "draw", "scruffs", "--card", face.qr)
    assert cat.deck("scruffs").card(face.id.split(":")[0]).name in r.output
    status = cli.ok("status", "--json").output
    assert face.id in status


def test_every_qr_code_of_a_whole_kit_file_decodes():
    """The 21 Days cards file of the kit on Letter (cards, track cards, tokens and pieces packed after them)."""
    from printables.kit import KitOptions, card_faces, plan

    cat = catalog.load("21days")
    part = next(p for p in plan(cat, KitOptions(paper="letter", backs="none")) if p.file.endswith("-cards.pdf"))
    doc = open_pdf(part.build(None))
    found = [t for page in doc for t in qr_texts(page, dpi=200)]
    expected = [f.qr for f in card_faces(cat) + cards.all_faces(cat, token_decks=True) if f.qr]
    assert sorted(found) == sorted(expected)


def test_the_cheap_mask_choice_makes_the_qrcode_packages_own_matrix():
    """Every level, alphanumeric and byte payloads, versions 1 to 10 or so: module for module the same code."""
    import random
    import string

    import qrcode

    rnd = random.Random(27)
    versions = set()
    for i in range(160):
        size = rnd.choice([1, 5, 12, 16, 25, 40, 60, 120, 200])
        alphabet = string.ascii_uppercase + string.digits + "/:-" if i % 2 else string.printable
        payload = "".join(rnd.choice(alphabet) for _ in range(size))
        level = "LMQH"[i % 4]
        q = qrcode.QRCode(error_correction=qr.LEVELS[level], border=0, box_size=1)
        q.add_data(payload)
        q.make(fit=True)
        versions.add(q.version)
        assert qr.matrix.__wrapped__(payload, level) == tuple(tuple(bool(v) for v in row) for row in q.get_matrix()), (payload, level)
    assert len(versions) >= 8 and max(versions) >= 7  # version information blocks included


def test_the_codewords_are_the_qrcode_packages_own():
    """Numeric, alphanumeric and byte payloads up to version 20 or so, every level: the same codewords."""
    import random
    import string

    import qrcode
    import qrcode.util

    rnd = random.Random(5)
    versions = set()
    for i in range(200):
        alphabet = (string.digits, string.ascii_uppercase + "/:-", string.printable)[i % 3]
        payload = "".join(rnd.choice(alphabet) for _ in range(rnd.choice([1, 3, 10, 40, 100, 250, 600])))
        q = qrcode.QRCode(error_correction=qr.LEVELS["LMQH"[i % 4]], border=0)
        q.add_data(payload)
        q.best_fit()
        versions.add(q.version)
        assert qr.codewords(q) == qrcode.util.create_data(q.version, q.error_correction, q.data_list), payload
    assert max(versions) >= 15
