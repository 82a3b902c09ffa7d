"""Static checks in the suite: ruff's pyflakes rules, import order, and the banned-api rule that keeps every
terminal, web and PDF library out of the core (pyproject.toml [tool.ruff]); a grep never enforced it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    exe = Path(sys.executable).with_name("ruff")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("ruff")
    if found is None:
        pytest.fail("ruff is not installed: it is in the test extra (make test installs it)")
    return [found]


def test_ruff_finds_nothing():
    r = subprocess.run([*_ruff(), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_banned_api_rule_refuses_a_ui_library_in_the_core():
    """The rule itself works: a core module importing typer or reportlab is reported (read from stdin as if it
    were a module of companion/; nothing is written to the tree)."""
    source = "import typer\nfrom reportlab.pdfgen import canvas\n\nprint(typer, canvas)\n"
    r = subprocess.run([*_ruff(), "check", "--no-cache", "--select", "TID251", "--stdin-filename", "companion/probe.py", "-"],
                       cwd=ROOT, input=source, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and r.stdout.count("TID251") == 2, r.stdout
    r = subprocess.run([*_ruff(), "check", "--no-cache", "--select", "TID251", "--stdin-filename", "ui/probe.py", "-"],
                       cwd=ROOT, input=source, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout


def test_mypy_finds_nothing():
    """mypy with the settings in pyproject.toml [tool.mypy] (companion/ and printables/, untyped bodies
    checked, unused ignores reported): no error."""
    r = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
