"""The sheet engine, read back from the PDF: trims, backs per duplex mode, crop marks, scale check (GUIDE §6)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.errors import UsageError
from printables import cards, fonts, sheet
from tests.print_helpers import black_lines, cut_rects, open_pdf, spans

FACES = None


def faces():
    global FACES
    if FACES is None:
        FACES = cards.all_faces(catalog.load("21days")) + cards.character_faces(catalog.load("21days"))
    return FACES


def render(paper, size="poker", backs="none", offset=(0.0, 0.0), n=None):
    opts = cards.Options(paper, size, 3.0, backs, offset)
    lay = cards.layout_for(opts)
    items = faces()[: n or len(lay.slots)]
    return lay, open_pdf(cards.render(items, opts, "test"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "euro", "tarot", "70x100"])
def test_every_trim_is_nominal_and_where_the_layout_puts_it(paper, size):
    lay, doc = render(paper, size)
    page = doc[0]
    pw, ph = sheet.PAPERS[paper]
    assert abs(page.rect.width * 25.4 / 72 - pw) < 0.05 and abs(page.rect.height * 25.4 / 72 - ph) < 0.05
    w, h = sheet.card_size(size)
    rects = cut_rects(page)
    assert len(rects) == len(lay.slots) > 0
    for (x, y, rw, rh), slot in zip(rects, lay.slots):
        expect = (h, w) if slot.rotated else (w, h)
        assert abs(rw - expect[0]) <= 0.1 and abs(rh - expect[1]) <= 0.1, (size, rw, rh)
        assert abs(x - slot.x) <= 0.1 and abs(y - slot.y) <= 0.1
        # artwork (bleed included) stays 10 mm from the page edge
        assert x - lay.bleed >= sheet.MARGIN - 0.01 and y - lay.bleed >= sheet.MARGIN - 0.01
        assert x + rw + lay.bleed <= pw - sheet.MARGIN + 0.01 and y + rh + lay.bleed <= ph - sheet.MARGIN + 0.01
    # the grid is centred across the page
    left = min(r[0] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    block = lay.block
    if block.y + block.h < min(r[1] for r in rects):  # scale check below the grid
        assert abs(left - (pw - right)) <= 0.1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode,offset", [("long", (0.0, 0.0)), ("long", (1.5, -2.0)), ("short", (0.0, 0.0)),
                                         ("short", (-0.7, 0.4)), ("gutterfold", (0.0, 0.0))])
def test_backs_sit_at_the_mirrored_place_of_their_fronts(paper, mode, offset):
    lay, doc = render(paper, "poker", mode, offset)
    pw, ph = sheet.PAPERS[paper]
    dx, dy = offset
    n = len(lay.slots)
    if mode == "gutterfold":
        assert doc.page_count == 1
        rects = cut_rects(doc[0])
        fronts, backs = rects[:n], rects[n:]
        fold = lay.fold_y
    else:
        assert doc.page_count == 2
        fronts, backs = cut_rects(doc[0]), cut_rects(doc[1])
    assert len(fronts) == len(backs) == n
    for (fx, fy, fw, fh), (bx, by, bw, bh) in zip(fronts, backs):
        if mode == "long":
            expect = (pw - fx - fw + dx, fy + dy)
        elif mode == "short":
            expect = (fx + dx, ph - fy - fh + dy)
        else:
            expect = (fx, 2 * fold - fy - fh)
        assert abs(bx - expect[0]) <= 0.01 and abs(by - expect[1]) <= 0.01, (mode, (bx, by), expect)
        assert abs(bw - fw) <= 0.01 and abs(bh - fh) <= 0.01


def _dist_to_rect(px, py, r):
    x, y, w, h = r
    dx = max(x - px, 0, px - (x + w))
    dy = max(y - py, 0, py - (y + h))
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", ["none", "long", "gutterfold"])
def test_crop_marks_stay_off_the_trims_and_off_the_page_edge(paper, mode):
    lay, doc = render(paper, "poker", mode)
    pw, ph = sheet.PAPERS[paper]
    for page in doc:
        rects = cut_rects(page)
        blocks = [lay.block, sheet.mirrored_block(lay)]
        marks = [seg for seg in black_lines(page)
                 if not any(b.x - 0.5 <= seg[0] <= b.right + 0.5 and b.y - 0.5 <= seg[1] <= b.top + 0.5 for b in blocks)]
        assert len(marks) >= 4 * 2  # at least the four corners' pairs
        for x0, y0, x1, y1 in marks:
            for px, py in ((x0, y0), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
                assert min(px, py, pw - px, ph - py) >= 3.0, "a crop mark runs towards the page edge"
                assert min(_dist_to_rect(px, py, r) for r in rects) >= sheet.MARK_GAP - 0.01, "a crop mark touches a trim"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_has_the_50mm_square_and_print_at_100_percent(paper):
    lay, doc = render(paper, "poker", "long")
    for page in doc:
        text = page.get_text()
        assert "Print at 100% / actual size" in text and "50 mm" in text
        h = page.rect.height
        squares = [d["rect"] for d in page.get_drawings() if d.get("color") and d.get("fill") is None
                   and abs(d["rect"].width * 25.4 / 72 - 50) < 0.05 and abs(d["rect"].height * 25.4 / 72 - 50) < 0.05]
        assert squares, "no 50 mm square"
        assert h > 0


def test_text_stays_inside_its_card_safe_area_and_names_are_printed():
    lay, doc = render("a4", "poker", "none", n=len(faces()))
    text = " ".join(" ".join(p.get_text().split()) for p in doc)
    for f in faces():
        assert f.name in text, f.name
    for page in doc:
        safe = [(x + 3.0, y + 3.0, w - 6.0, h - 6.0) for x, y, w, h in cut_rects(page)]
        blk = lay.block
        allowed = safe + [(blk.x, blk.y, blk.w, blk.h)]
        for t, (x0, y0, x1, y1) in spans(page):
            assert any(x0 >= ax - 0.3 and y0 >= ay - 0.3 and x1 <= ax + aw + 0.3 and y1 <= ay + ah + 0.3
                       for ax, ay, aw, ah in allowed), f"text {t!r} is outside its box"


def test_shrink_to_fit_never_overflows():
    long = "A very long effect text that goes on and on about the rescue ship, the sharks and the octopus " * 6
    for w, h in ((20, 5), (40, 12), (55, 30), (8, 4)):
        f = fonts.fit(long + " Supercalifragilisticexpialidocious", fonts.SANS, w, h, 12)
        assert f.height <= h + 1e-6
        assert all(fonts.width(line, fonts.SANS, f.size) <= w + 1e-6 for line in f.lines)


def test_czech_letters_print_with_the_embedded_font():
    face = cards.Face("21 dní", "Karty láhve", "bottle", "x", "Řeřicha a ůžasné ě", "Přidej 1 naději.", qr="BOTTLE/X")
    doc = open_pdf(cards.render([face], cards.Options("a4", "poker", 3.0, "none"), "cz"))
    assert "Řeřicha a ůžasné ě" in " ".join(doc[0].get_text().split())
    fonts_used = doc[0].get_fonts()
    assert fonts_used and all(f[1] == "ttf" or "TrueType" in f[2] for f in fonts_used), fonts_used


@pytest.mark.parametrize("bad", [dict(paper="a3"), dict(size="huge"), dict(backs="sideways"), dict(offset=(6.0, 0.0)),
                                 dict(size="170x240")])
def test_bad_sheet_options_are_refused_with_what_is_accepted(bad):
    args = {"paper": "a4", "size": "poker", "backs": "none", "offset": (0.0, 0.0)} | bad
    with pytest.raises(UsageError):
        sheet.layout(args["paper"], *sheet.card_size(args["size"]), 3.0, args["backs"], args["offset"])
