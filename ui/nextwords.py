"""A refusal's `Next` (companion/errors.py) worded as the command a table types: the core says which
action resolves the step; each game's command module says how that action is typed (its `WORDS`: action
kind -> the words after the game's group, with {field} for what is known and FIELD for what the table
gives), so renaming a command never touches the rules."""

from __future__ import annotations

import importlib

from companion.errors import Next
from companion.i18n import _

# the generic actions, typed at the top level
GENERIC = {"set": "set {target} VALUE", "move": "move {target} ±N", "roll": "dice roll DICE", "draw": "cards draw {deck}",  # untranslated: command words
           "undo": "undo", "end": "end", "new": "new GAME", "use": "use ID", "play": "play", "check": "check --repair"}  # untranslated: command words


def words(nxt: Next) -> str:
    """`castaway …` for a Next: its game's group and words, the known fields filled in, the missing ones in
    capitals; "a or b" for its alternatives."""
    shown = [_one(n) for n in (nxt, *nxt.alt)]
    return _(" or ").join(s for s in shown if s)


def _one(nxt: Next) -> str:
    from companion.games import registry

    game = registry.owner_of_kind(nxt.kind)
    if game is None:
        template, group = GENERIC.get(nxt.kind, nxt.kind), ""
    else:
        module = importlib.import_module(game.commands) if game.commands else None
        table = getattr(module, "WORDS", {}) if module is not None else {}
        template = table.get(nxt.kind, nxt.kind[len(game.prefix):])
        if callable(template):  # a kind typed in more than one way (a flag): its words for what the Next knows
            template = template(nxt.args)
        group = game.id + " "
    filled = template
    for key, value in nxt.args.items():
        filled = filled.replace("{" + key + "}", str(value))
    for key in nxt.missing:
        filled = filled.replace("{" + key + "}", key.upper())
    return f"castaway {group}{filled}".strip()
