"""The rulebook's component list of a game (rules.components in decks/GAME/components.toml) against what
its kit prints: for docs/components.md (tools/components_doc.py) and tests/test_components.py.

Each entry names the component as the rulebook lists it, the rulebook's count, how it is printed (printed,
write-in, stickers, not printed) and, for what the kit prints, where in the kit (`kit`):
`deck:ID`, `tokens:ID` (a deck of tokens), `templates:KEY` (write-in templates no deck stands for),
`characters` or `characters:ID+ID`, `pieces:ID+ID` (counter pieces and rules.print_tokens), `ability`
(two-sided ability tokens), `tracks` (track cards) or `dice` (dice with stickers); ids joined by `+`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.catalog import GameCatalog


@dataclass(frozen=True)
class Component:
    name: str
    count: int
    printed_as: str  # printed, write-in, stickers, not printed
    kit: str
    why: str


def listed(cat: GameCatalog) -> list[Component]:
    spec = cat.rules.get("components") or {}
    return [Component(str(e["name"]), int(e.get("count", 0)), str(e.get("as", "not printed")), str(e.get("kit", "")),  # untranslated: a data value of components.toml (English docs)
                      str(e.get("why", ""))) for e in spec.get("list", ())]


def kit_counts(cat: GameCatalog) -> dict[str, Counter]:
    """How many of each the kit prints: by deck, token deck, template key, character, piece id; ability tokens,
    track cards and dice as one count each."""
    from . import cards, tokens

    faces = cards.all_faces(cat) + cards.character_faces(cat)
    out: dict[str, Counter] = {
        "deck": Counter(f.group_id for f in faces if f.group_id in cat.decks),
        "templates": Counter(f.group_id for f in faces if f.group_id not in cat.decks and f.group_id != "character"),
        "characters": Counter(f.id.split(":")[0] for f in faces if f.group_id == "character"),
        "tokens": Counter(f.group_id for f in cards.all_faces(cat, token_decks=True)),
        "pieces": Counter(p.counter for p in tokens.pieces(cat)),
        "ability": Counter({"": len(tokens.ability_tokens(cat))}),
        "tracks": Counter({"": len(tokens.track_cards(cat))}),
        "dice": Counter({"": sum(d.count for d in cat.dice.values() if all(p.faces for p in d.parts))}),
    }
    return out


def printed(counts: dict[str, Counter], kit: str) -> int:
    """What the kit prints for one entry's `kit` pointer (0 for none)."""
    if not kit:
        return 0
    kind, _sep, ids = kit.partition(":")
    got = counts.get(kind)
    if got is None:
        raise ValueError(f"kit {kit!r}: unknown kind {kind!r}; known: {', '.join(counts)}")
    if not ids:
        return sum(got.values())
    return sum(got.get(i, 0) for i in ids.split("+"))
