"""Every kit page, read back with pymupdf: no text under 6 pt, none cut off, none across a cut line or off the
printable page; and the density, backs and file names the hobbyist prints as they come (issue 15)."""

from __future__ import annotations

import pytest

from companion import catalog, i18n
from printables import sizes
from printables.kit import KitOptions, plan
from tests.print_helpers import PT, black_lines, open_pdf, text_blocks

KITS = [(g, None, "en") for g in catalog.game_ids()] + [("21days", "cs", "cs")]


def _kit(game, edition, lang, paper, backs="long", size="poker"):
    i18n.set_language(lang)
    try:
        cat = catalog.load(game, edition)
        return [(p.file, p.build(None)) for p in plan(cat, KitOptions(paper=paper, backs=backs, size=size, edition=edition))]
    finally:
        i18n.set_language("en")


def cut_lines(page):
    """The grid's cut lines from the crop marks: (axis, position, low, high) in mm."""
    vert, hor = {}, {}
    for x0, y0, x1, y1 in black_lines(page):
        if abs(x0 - x1) < 0.01:
            k = round(x0, 2)
            lo, hi = vert.get(k, (1e9, -1e9))
            vert[k] = (min(lo, y0, y1), max(hi, y0, y1))
        elif abs(y0 - y1) < 0.01:
            k = round(y0, 2)
            lo, hi = hor.get(k, (1e9, -1e9))
            hor[k] = (min(lo, x0, x1), max(hi, x0, x1))
    return [("x", k, lo, hi) for k, (lo, hi) in vert.items()] + [("y", k, lo, hi) for k, (lo, hi) in hor.items()]


def text_problems(doc) -> list[str]:
    bad = []
    for n, page in enumerate(doc, 1):
        pw, ph = page.rect.width * PT, page.rect.height * PT
        cuts = cut_lines(page)
        for block in text_blocks(page):
            for line in block.get("lines", []):
                for span in line["spans"]:
                    t = span["text"]
                    if not t.strip():
                        continue
                    if span["size"] < 5.99:
                        bad.append(f"page {n}: {t!r} is {span['size']:.2f} pt")
                    if "…" in t:
                        bad.append(f"page {n}: {t!r} is cut off")
                    x0, y0, x1, y1 = span["bbox"]
                    x0, x1, y0, y1 = x0 * PT, x1 * PT, ph - y1 * PT, ph - y0 * PT
                    if x0 < sizes.EDGE - 0.2 or y0 < sizes.EDGE - 0.6 or x1 > pw - sizes.EDGE + 0.2 or y1 > ph - sizes.EDGE + 0.6:
                        bad.append(f"page {n}: {t!r} runs off the printable page")
                    for axis, at, lo, hi in cuts:
                        a0, a1, b0, b1 = (x0, x1, y0, y1) if axis == "x" else (y0, y1, x0, x1)
                        if a0 - 0.8 < at < a1 + 0.8 and b1 > lo + 0.5 and b0 < hi - 0.5:
                            bad.append(f"page {n}: {t!r} touches the cut line at {axis}={at:.1f} mm")
    return bad


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,edition,lang", KITS)
def test_every_text_span_of_every_kit_page_is_6pt_or_more_whole_and_inside_its_box(game, edition, lang, paper):
    problems = []
    for name, data in _kit(game, edition, lang, paper):
        problems += [f"{name} {p}" for p in text_problems(open_pdf(data))]
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("size", ["mini", "bridge", "tarot"])
def test_other_card_sizes_keep_the_same_rules(size):
    problems = []
    for name, data in _kit("21days", None, "en", "a4", "gutterfold", size):
        problems += [f"{name} {p}" for p in text_problems(open_pdf(data))]
    assert not problems, "\n".join(problems[:30])
