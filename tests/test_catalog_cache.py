"""The catalog's JSON cache (companion/catalog_read.py) keeps the parsed TOML and the files' digest: what a
command reads through it is what it reads without it, after any edit of a file (even one that keeps its size
and puts its mtime back) and whatever a damaged cache file holds."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from companion import catalog, catalog_read


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    f = tmp_path / "21days"
    shutil.copytree(catalog.folder_of("21days"), f, ignore=shutil.ignore_patterns("editions"))
    monkeypatch.setenv("CASTAWAY_CACHE", str(tmp_path / "cache"))
    return f


def uncached(folder: Path, monkeypatch):
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    try:
        return catalog_read.load_folder(folder, [])
    finally:
        monkeypatch.undo()


def same(a, b) -> bool:
    return a.digest == b.digest and a.tracks == b.tracks and a.counters == b.counters and a.name == b.name


def test_a_cached_read_is_the_uncached_one(folder, monkeypatch):
    first = catalog_read.load_folder(folder, [])
    cache = catalog_read._cache_file(sorted(folder.glob("*.toml")))
    assert cache is not None and cache.exists() and json.loads(cache.read_text())["digest"] == first.digest
    again = catalog_read.load_folder(folder, [])
    assert same(again, first)
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    assert same(catalog_read.load_folder(folder, []), first)


def test_an_edit_keeping_size_and_mtime_is_read(folder, monkeypatch):
    before = catalog_read.load_folder(folder, [])
    game = folder / "game.toml"
    text = game.read_text()
    st = game.stat()
    line = f'name = "{before.name}"'
    assert line in text
    renamed = text.replace(line, f'name = "{before.name[::-1]}"', 1)
    assert len(renamed.encode()) == len(text.encode()) and renamed != text
    game.write_text(renamed)
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert game.stat().st_size == st.st_size and game.stat().st_mtime_ns == st.st_mtime_ns
    after = catalog_read.load_folder(folder, [])
    assert after.name == before.name[::-1] and after.digest != before.digest
    assert same(after, uncached(folder, monkeypatch))


@pytest.mark.parametrize("damage", ["garbage", "truncated", "digest", "data", "short"])
def test_a_damaged_cache_file_is_read_past(folder, monkeypatch, damage):
    first = catalog_read.load_folder(folder, [])
    cache = catalog_read._cache_file(sorted(folder.glob("*.toml")))
    saved = json.loads(cache.read_text())
    if damage == "garbage":
        cache.write_bytes(b"\xff\x00 not json")
    elif damage == "truncated":
        cache.write_text(cache.read_text()[:200])
    elif damage == "digest":
        cache.write_text(json.dumps({**saved, "digest": 3}))
    elif damage == "data":
        cache.write_text(json.dumps({**saved, "data": {"game": {}}}))
    else:
        cache.write_text(json.dumps({**saved, "data": saved["data"][:-1]}))
    assert same(catalog_read.load_folder(folder, []), first)
