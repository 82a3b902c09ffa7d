"""The core speaks rules, not commands: a refusal carries what resolves the step as data (errors.Next), and
the terminal words it as the command the table types (ui/nextwords.py)."""

from __future__ import annotations

from companion.errors import Next, RuleError
from ui.common import refusal
from ui.nextwords import words


def test_a_generic_next_is_worded_at_the_top_level():
    assert words(Next("undo")) == "castaway undo"
    assert words(Next("set", {"target": "day"})) == "castaway set day VALUE"


def test_a_game_next_is_worded_under_its_group_with_known_and_missing_fields():
    from companion.games import registry

    game = registry.get("dieson")
    kind = game.prefix + "no-such-kind-words"
    assert words(Next(kind)) == "castaway dieson no-such-kind-words"


def test_alternatives_are_joined_and_the_refusal_line_names_the_command():
    e = RuleError("nothing to undo here", next=Next("undo", alt=(Next("check"),)))
    assert refusal(e) == "nothing to undo here; next: castaway undo or castaway check --repair"
    assert refusal(RuleError("plain")) == "plain"
    assert e.next.kind == "undo" and str(e) == "nothing to undo here"
