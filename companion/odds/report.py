"""The shape every odds query answers in, for the terminal and for `--json`.

A report: {"query", "title", "rows": [{"label", "cells": [{"name", "p", "exact"}], "note"}],
"dists": {name: [{"outcome", "p", "exact"}]}, "notes": [...], "assumptions": [...]}. Chances are
floats in 0..1 with the exact fraction beside them as "n/d" where one exists.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .dist import as_json

if TYPE_CHECKING:
    from collections.abc import Iterable


def cell(name: str, p) -> dict:
    exact = f"{p.numerator}/{p.denominator}" if isinstance(p, Fraction) else None
    return {"name": name, "p": float(p), "exact": exact}


def row(label: str, cells: list[dict], note: str = "") -> dict:
    return {"label": label, "cells": cells, "note": note}


def report(query: str, title: str, rows: list[dict], dists: dict | None = None, notes: Iterable[str] = (),
           assumptions: Iterable[str] = ()) -> dict:
    return {"query": query, "title": title, "rows": rows,
            "dists": {k: as_json(v) for k, v in (dists or {}).items()}, "notes": list(notes),
            "assumptions": list(assumptions)}
