"""docs/commands.md is the CLI's own help, written by tools/commands_doc.py: it fails when the file is not
what the script writes now (as sqlite-utils keeps its CLI reference with cog), and the script's walk leaves
no visible command out."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "commands.md"
REGENERATE = "python tools/commands_doc.py (or make docs)"


def written_now(env_extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(env_extra)
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "commands_doc.py"), "--stdout"], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_commands_md_is_up_to_date():
    # a Czech locale on the machine: the reference is English all the same
    now = written_now({"LANG": "cs_CZ.UTF-8", "LANGUAGE": "cs", "COLUMNS": "40"})
    stored = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    if stored != now:
        diff = "".join(list(difflib.unified_diff(stored.splitlines(True), now.splitlines(True), "docs/commands.md",
                                                 "what tools/commands_doc.py writes now", n=1))[:60])
        raise AssertionError(f"docs/commands.md is out of date: run `{REGENERATE}` and commit it\n{diff}")


# the Click tree walked in a process of its own (no test's own game registered in it), apart from the script
WALK = r"""
import json, sys
sys.argv = ["castaway", "--lang", "en"]
import cli
from typer.main import get_command


def walk(cmd, path):
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        if not sub.hidden:
            yield {"path": [*path, name], "help": sub.help or ""}
            yield from walk(sub, [*path, name])


print(json.dumps(list(walk(get_command(cli.app), []))))
"""


def test_every_visible_command_has_its_section():
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-c", WALK], cwd=ROOT, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)
    assert done.returncode == 0, done.stderr
    commands = json.loads(done.stdout)
    assert len(commands) > 150
    text = DOC.read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}
    missing = [" ".join(["castaway", *c["path"]]) for c in commands if " ".join(["castaway", *c["path"]]) not in headings]
    assert not missing, f"not in docs/commands.md: {missing}; run `{REGENERATE}`"
    # and every example line a help text gives is in it
    for c in commands:
        for line in c["help"].splitlines():
            if line.strip().startswith("Example: castaway"):
                example = line.strip().removeprefix("Example: ").split(" (")[0]
                assert example in text.replace("\\|", "|"), (c["path"], example)


def test_the_reference_is_english():
    from companion import i18n

    text = DOC.read_text(encoding="utf-8")
    for message in ("Machine-readable output.", "A player's name; repeat for each.", "Free text."):
        english, czech = i18n.in_every_language(message)
        assert english in text and czech not in text, (english, czech)
