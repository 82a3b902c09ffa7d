"""The kit for every game in the catalog builds on A4 and Letter; files land only inside --out."""

from __future__ import annotations

import json

import pymupdf
import pytest

from companion import catalog
from printables import sizes

GAMES = catalog.game_ids()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_kit_builds_for_every_game(cli, tmp_path, game, paper):
    out = tmp_path / "kit"
    r = cli.ok("print", "kit", game, "--paper", paper, "--out", str(out), "--json")
    written = json.loads(r.output)
    assert written, f"{game}: the kit printed nothing"
    names = {w["file"].rsplit("/", 1)[-1] for w in written}
    cat = catalog.load(game)
    if cat.decks or cat.characters:
        assert f"{game}-en-{paper}-cards.pdf" in names
    if cat.dice:
        assert f"{game}-en-{paper}-dice.pdf" in names
    if cat.reference:
        assert f"{game}-en-{paper}-reference.pdf" in names
    assert f"{game}-en-{paper}-credits.pdf" in names
    pw, ph = sizes.PAPERS[paper]
    for w in written:
        doc = pymupdf.open(w["file"])
        assert doc.page_count >= 1
        for page in doc:
            assert abs(page.rect.width * 25.4 / 72 - pw) < 0.05 and abs(page.rect.height * 25.4 / 72 - ph) < 0.05
        assert "actual size" in doc[0].get_text()  # the scale bar: the first sheet of each file
    assert sorted(p.name for p in out.iterdir()) == sorted(names)  # no temp files left, nothing else


def test_kit_cards_hold_every_card_name_of_the_catalog(cli, tmp_path):
    for game in GAMES:
        cat = catalog.load(game)
        if not cat.decks:
            continue
        cli.ok("print", "cards", game, "--out", str(tmp_path), "--backs", "none")
        doc = pymupdf.open(tmp_path / f"{game}-en-a4-cards.pdf")
        text = " ".join(" ".join(p.get_text().split()) for p in doc)
        for deck in cat.decks.values():
            for card in deck.cards:
                if card.get("print") is False:  # castaway's stand-in: the deck's write-in templates print instead
                    assert "A card castaway does not know" not in text and "Another My Friend card" not in text
                    continue
                assert " ".join(card.name.split()) in text, f"{game}/{deck.id}/{card.id}"


def test_bad_options_and_paths_write_nothing(cli, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    for args, word in ((["--paper", "a3"], "a3"), (["--size", "giant"], "giant"), (["--backs", "both"], "both"),
                       (["--offset", "9,0"], "offset"), (["--out", str(target)], "is a file"), (["--sticker", "2"], "sticker")):
        r = cli("print", "kit", "21days", *args, "--out" if "--out" not in args else "--json",
                *([str(tmp_path / "k")] if "--out" not in args else []))
        assert r.exit_code == 2, (args, r.output)
        assert word in r.output, (args, r.output)
    assert not (tmp_path / "k").exists()
    r = cli("print", "kit", "nosuchgame", "--out", str(tmp_path / "k"))
    assert r.exit_code == 2 and "unknown game" in r.output


def test_write_all_refuses_names_that_leave_the_folder(tmp_path):
    from companion.errors import UsageError
    from ui.print_cmds import write_all

    with pytest.raises(UsageError, match="outside"):
        write_all(tmp_path.resolve(), [("../escape.pdf", b"%PDF")])
    assert not (tmp_path.parent / "escape.pdf").exists()


def test_own_cards_from_a_toml_file_print_the_same_way(cli, tmp_path):
    own = tmp_path / "mine.toml"
    own.write_text('[[deck]]\nid = "house"\nname = "House rules"\nsource = "our table"\n'
                   '[[deck.card]]\nid = "second-wind"\nname = "Second wind"\neffect = "Gain 1 strength."\nsource = "our table"\n'
                   '[[deck.card]]\nid = "blank-one"\nname = "Blank one"\nassumed = "to fill in"\n')
    cli.ok("print", "cards", "21days", "--file", str(own), "--out", str(tmp_path))
    doc = pymupdf.open(tmp_path / "21days-en-a4-cards-own.pdf")
    text = " ".join(doc[0].get_text().split())
    assert "Second wind" in text and "Blank one" in text and "Gain 1 strength." in text
    assert "rulebook" not in text  # a write-in template: its name and ruled lines, nothing else
    ruled = [d for d in doc[0].get_drawings() if d.get("color") and all(abs(v - 0.7) < 0.01 for v in d["color"])]
    assert len(ruled) >= 5


def test_print_commands_do_not_load_reportlab_for_status():
    import subprocess
    import sys

    code = "import sys, cli; assert 'reportlab' not in sys.modules and 'qrcode' not in sys.modules, 'loaded'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(__import__("pathlib").Path(__file__).parent.parent))


def test_czech_and_english_kits_share_a_folder_without_overwriting(cli, tmp_path):
    out = tmp_path / "kit"
    en = {w["file"] for w in json.loads(cli.ok("print", "kit", "21days", "--out", str(out), "--json").output)}
    cs = {w["file"] for w in json.loads(cli.ok("--lang", "cs", "print", "kit", "21days", "--edition", "cs", "--out", str(out), "--json").output)}
    en_cs = {w["file"] for w in json.loads(cli.ok("--lang", "cs", "print", "kit", "21days", "--out", str(out), "--json").output)}
    assert en and cs and en_cs and not (en & cs) and not (en & en_cs) and not (cs & en_cs)
    assert len(list(out.iterdir())) == len(en) + len(cs) + len(en_cs)
