"""No import circles in companion/ and printables/: every import counts, lazy ones inside functions and
ones under `if TYPE_CHECKING:` included. What two modules need goes in a module below both."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    out = {}
    for f in [*ROOT.glob("companion/**/*.py"), *ROOT.glob("printables/**/*.py")]:
        name = ".".join(f.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = f
    return out


def graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the modules it imports. `from P import x` imports P, and P.x where that is a module."""
    g = {m: set() for m in mods}
    for m, f in mods.items():
        pkg = m if f.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")
                    parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                    base = ".".join(parts + ([base] if base else []))
                targets = [base, *(f"{base}.{a.name}" for a in node.names)]
            else:
                continue
            g[m] |= {t for t in targets if t in mods and t != m}
    return g


def circles(g: dict[str, set[str]], mods: dict[str, Path]) -> list[list[str]]:
    """The strongly connected components of more than one module (a package's __init__ left out)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []

    def visit(v: str) -> None:  # Tarjan's algorithm (a few hundred modules: recursion is fine)
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comp = sorted(x for x in comp if mods[x].name != "__init__.py")
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles_in_companion_and_printables():
    mods = modules()
    assert len(mods) > 80
    found = circles(graph(mods), mods)
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_finder_finds_a_circle_lazy_imports_included(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from b import x\n")
    b.write_text("def f():\n    import a\n")
    mods = {"a": a, "b": b}
    assert circles(graph(mods), mods) == [["a", "b"]]
