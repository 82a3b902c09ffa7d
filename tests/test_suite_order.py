"""The suite's own scheduling list (tests/conftest.py LONGEST_FIRST) names test files that exist: a file renamed
or removed would silently drop out of the order and run wherever collection puts it."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONGEST_FIRST


def test_every_file_the_longest_first_list_names_exists_once():
    here = Path(__file__).resolve().parent
    assert [n for n in LONGEST_FIRST if not (here / f"test_{n}.py").is_file()] == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
