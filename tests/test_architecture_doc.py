"""ARCHITECTURE.md follows the code: every module under companion/, ui/ and printables/ is named in the
tree at the top of it, as `name.py` within its folder's entry (or by its whole path anywhere in the file),
and every folder holding modules has its entry."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "ARCHITECTURE.md"
PACKAGES = ("companion", "ui", "printables")
FOLDER_INDENT = 16  # a folder's entry starts before the column its description does


def tree() -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"^```\n(.*?)^```", text, re.S | re.M)
    assert m, "ARCHITECTURE.md has no tree (a ``` block)"
    return m.group(1)


def named_by_folder(block: str) -> dict[str, set[str]]:
    """folder path ('companion/games/days21') -> the `name.py` words in its entries."""
    named: dict[str, set[str]] = {}
    stack: list[tuple[int, str]] = []
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        first = line.split()[0]
        if first.endswith("/") and indent < FOLDER_INDENT and re.fullmatch(r"[\w.]+/", first):
            while stack and stack[-1][0] >= indent:
                stack.pop()
            stack.append((indent, first.rstrip("/")))
            named.setdefault("/".join(n for _i, n in stack), set())
        folder = "/".join(n for _i, n in stack)
        named.setdefault(folder, set()).update(re.findall(r"(?<![\w/])(\w+\.py)\b", line))
    return named


def modules() -> list[Path]:
    return sorted(p.relative_to(ROOT) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
                  if "__pycache__" not in p.parts)


def test_every_module_is_named_in_architecture_md():
    named = named_by_folder(tree())
    whole = DOC.read_text(encoding="utf-8")
    found = modules()
    assert len(found) > 100
    missing = []
    for path in found:
        folder = path.parent.as_posix()
        if path.name == "__init__.py":
            if folder not in named:
                missing.append(f"{folder}/ (a folder of its own in the tree)")
            continue
        if path.name not in named.get(folder, set()) and path.as_posix() not in whole:
            missing.append(path.as_posix())
    assert not missing, f"ARCHITECTURE.md does not name: {', '.join(missing)}"


def test_the_tree_names_no_module_that_is_gone():
    named = named_by_folder(tree())
    gone = [f"{folder}/{name}" for folder, names in named.items() if folder.split("/")[0] in PACKAGES
            for name in names if not (ROOT / folder / name).exists()]
    assert not gone, f"ARCHITECTURE.md names modules that do not exist: {gone}"
