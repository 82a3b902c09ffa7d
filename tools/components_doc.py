"""docs/components.md: per game, every component of the rulebook's list, how castaway prints it, and how many
the kit prints (from decks/GAME/components.toml and the kit itself).

    python tools/components_doc.py           # (re)write docs/components.md
    python tools/components_doc.py --stdout  # print what it would write
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DOC = ROOT / "docs" / "components.md"
GAMES = ("21days", "robinson", "mutinies", "dieson")


def render() -> str:
    os.environ["LANGUAGE"] = "en"
    from companion.catalog import load
    from printables import components

    out = ["# Components: what the kits print", "",
           "Written by `tools/components_doc.py` (`make docs`) from each game's `decks/GAME/components.toml` and the kit",
           "itself; `tests/test_components.py` fails when a kit prints another number than this list says. **printed**:",
           "the component as the rulebook describes it; **write-in**: a template with the component's name and ruled",
           "lines, to copy the real piece onto; **stickers**: for blank dice of your own; **not printed**: with why.",
           "Counts the rulebook does not give are assumed in the data files (`castaway rules assumptions`).", ""]
    for gid in GAMES:
        cat = load(gid)
        counts = components.kit_counts(cat)
        out += [f"## {cat.name}", "", f"From {cat.rules['components']['source']}.", "",
                "| component | rulebook | printed as | the kit prints | notes |", "|---|---|---|---|---|"]
        for c in components.listed(cat):
            n = components.printed(counts, c.kit) if c.kit else 0
            shown = str(c.count) if c.count else "—"
            kit = str(n) if c.kit else "—"
            out.append(f"| {c.name} | {shown} | {c.printed_as} | {kit} | {c.why} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = render()
    if "--stdout" in argv:
        sys.stdout.write(text)
        return 0
    tmp = DOC.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, DOC)
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
