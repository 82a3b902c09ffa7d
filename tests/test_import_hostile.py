"""`plays import` reads the format from the content, refuses what it does not know in one line, and stays
small in memory on a 32 MiB file (issue 25, item 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _refused(r, *quoted: str) -> str:
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.exit_code in (1, 2) and len(lines) == 1 and lines[0].startswith("error: "), (r.exit_code, r.output)
    for q in quoted:
        assert q in lines[0], (q, lines[0])
    return lines[0]


def _export(cli, tmp_path) -> dict:
    cli.ok("new", "21days", "--seed", "2")
    cli.ok("end", "--result", "won", "--yes")
    out = tmp_path / "plays.json"
    cli.ok("plays", "export", "json", str(out))
    return json.loads(out.read_text())


def test_the_format_is_read_from_the_content_not_the_key_order(cli, tmp_path):
    doc = _export(cli, tmp_path)
    doc["plays"][0]["uid"] = "another"
    doc["plays"] = doc["plays"] * 200  # "format" far from the start of the file
    doc["plays"] = [{**p, "uid": f"u{i}"} for i, p in enumerate(doc["plays"])]
    f = tmp_path / "late.json"
    f.write_text(json.dumps({"plays": doc["plays"], "exported": doc["exported"], "version": 1, "format": "castaway-plays"}))
    assert "200 plays imported" in cli.ok("plays", "import", str(f)).stdout


@pytest.mark.parametrize("change, quoted", [
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
    (lambda d: d.update(version=True), "version True"),
    (lambda d: d.update(version=0), "version 0"),
    (lambda d: d["plays"][0].update(game="chess"), "game 'chess'"),
    (lambda d: d["plays"][0].update(game=7), "game 7"),
    (lambda d: d["plays"][0].update(game_id="1"), "game_id"),
    (lambda d: d["plays"][0].update(game_id=True), "game_id"),
    (lambda d: d["plays"].append({**d["plays"][0], "uid": "x2", "game": "robinson"}), "linked to game 1"),
])
def test_a_hostile_castaway_export_is_refused_in_one_line(cli, tmp_path, db, change, quoted):
    doc = _export(cli, tmp_path)
    doc["plays"][0]["uid"] = "another"
    change(doc)
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc))
    before = db.read_bytes()
    _refused(cli("plays", "import", str(f)), quoted, "nothing was imported")
    assert db.read_bytes() == before


def test_a_play_linked_to_another_games_row_here_is_refused(cli, tmp_path, db):
    doc = _export(cli, tmp_path)
    doc["plays"][0].update(uid="another", game="robinson", outcome={})
    f = tmp_path / "cross.json"
    f.write_text(json.dumps(doc))
    _refused(cli("plays", "import", str(f)), "linked to game 1", "21days", "nothing was imported")
    del doc["plays"][0]["game_id"]
    f.write_text(json.dumps(doc))
    cli.ok("plays", "import", str(f))


def _peak_kib(path: Path, tmp: Path) -> tuple[int, str]:
    # VmHWM: this process's own peak (getrusage's ru_maxrss keeps the forking parent's size across exec)
    code = ("import sys\nsys.argv = ['castaway', 'plays', 'import', sys.argv[1]]\nimport cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "hwm = [ln.split()[1] for ln in open('/proc/self/status') if ln.startswith('VmHWM:')]\n"
            "print('peak', hwm[0], file=sys.stderr)\n")
    env = {**os.environ, "CASTAWAY_DB": str(tmp / "mem.db")}
    r = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    peak = [ln for ln in r.stderr.splitlines() if ln.startswith("peak ")]
    assert peak, r.stderr
    return int(peak[0].split()[1]), r.stderr


@pytest.mark.parametrize("kind", ["numbers", "texts"])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc to read a process's peak memory")
def test_a_32_mib_file_is_refused_under_200_mb(tmp_path, kind):
    size = 32 * 1024 * 1024
    f = tmp_path / f"{kind}.json"
    if kind == "numbers":  # 16 million numbers: counted, never parsed
        f.write_text("[" + "1," * ((size - 3) // 2) + "1]")
    else:  # the most a file may hold: just under the limit of values, each a long text
        item = '"' + "x" * 64 + '",'
        n = 499_000  # 32 MiB, and parsed: each text is a value of its own
        f.write_text('{"format":"castaway-plays","version":1,"plays":[{"x":[' + item * (n - 1) + '"x"]}]}')
    kib, err = _peak_kib(f, tmp_path)
    print(f"{kind}: {f.stat().st_size} bytes, peak RSS {kib / 1024:.0f} MiB")
    assert "error: " in err and "nothing was imported" in err
    assert kib < 200 * 1024, f"peak RSS {kib} KiB"
