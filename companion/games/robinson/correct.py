"""Robinson Crusoe: corrections of what the table shows beyond the catalog's tracks and counters (the threat
cards on the board, the explored tiles, the camp tile, the First Player, the Starting Items' uses, the
scenario's rounds), as one typed action, rc-set. Like every correction it is accepted at any time; what the
rules could not reach is accepted with a one-line warning saying so (nothing is clamped).

Source: robinson-crusoe-rulebook-en.txt § Setup, § I. Event phase (the Threat Action fields), § Exploration,
§ Moving the Camp, § Starting Items.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...action_base import Action, register
from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import N_, _
from ...table import Table
from ...valuetype import frozen
from . import state as S
from .state import parse_event, parse_tile, rc, say, seat_of, tile_words, who

# the fields rc-set corrects, as the table names them
FIELDS = {"threat-left": N_("the threat card on the left Threat Action field"),
          "threat-right": N_("the threat card on the right Threat Action field"),
          "tiles": N_("the explored Island tiles"), "camp": N_("the camp tile"), "first": N_("the First Player"),
          "items": N_("the Starting Items and their uses left"), "rounds": N_("the rounds on the Scenario card"),
          "round": N_("the round, put at its start"),
          "shuffled": N_("the Adventure and Mystery cards shuffled into the Event deck")}
NONE = ("-", "none", "empty", "nic", "žádná", "prázdné")
THREAT_ICONS = ("book", "build", "gather", "explore", "wreckage")


def fields_accepted() -> str:
    return ", ".join(FIELDS)


def threat_words(card: dict | None) -> str:
    """A threat card as rc-set reads it back: 'book Heavy rain 2', or '-' for an empty field."""
    if not card:
        return "-"
    return f"{card.get('icon') or 'book'} {S.shown(card['name'])} {card.get('pawns') or 1}"


def tiles_words(t: Table) -> str:
    return "; ".join(tile_words(x) for _k, x in sorted(rc(t)["tiles"].items(), key=lambda kv: int(kv[0])))


def items_words(t: Table) -> str:
    return ", ".join(f"{S.shown(i['name'])} {i['uses']}" for i in rc(t)["items"] if i["uses"] is not None)


def shuffled_words(t: Table) -> str:
    got = rc(t).get("shuffled") or {}
    return f"{int(got.get('adventure', 0))} {int(got.get('mystery', 0))}"


def _shuffled(text: str) -> tuple[int, int]:
    bits = str(text).replace(",", " ").split()
    if len(bits) != 2 or not all(b.isdecimal() and len(b) < 4 for b in bits):
        raise UsageError(_("shuffled {text!r}: the Adventure cards, then the Mystery cards shuffled into the Event deck, "
                           "e.g. '2 1'").format(text=text))
    return int(bits[0]), int(bits[1])


def _threat(text: str) -> dict | None:
    raw = str(text).strip()
    if raw.lower() in NONE:
        return None
    words = raw.split()
    if words and words[0].lower() == "wreckage":
        rest = words[1:]
        pawns = int(rest.pop()) if rest and rest[-1].isdecimal() else 1
        if pawns not in (1, 2):
            raise UsageError(_("card {text!r}: a threat action takes 1 or 2 pawns, not {pawns}").format(text=text, pawns=pawns))
        return {"name": " ".join(rest) or "Wreckage", "pawns": pawns, "icon": "wreckage"}
    kind, name, printed = parse_event(raw)
    if kind not in THREAT_ICONS:
        raise UsageError(_("threat card {text!r}: an Event card by its icon (book, build, gather, explore, or "
                           "wreckage), its name and its threat action's pawns, e.g. 'book Heavy rain 2'; '-' for "
                           "an empty field").format(text=text))
    return {"name": name or _("Event card"), "pawns": printed or 1, "icon": kind}


def _items(text: str) -> tuple:
    out = []
    for part in [p.strip() for p in str(text).replace(";", ",").split(",") if p.strip()]:
        words = part.split()
        if len(words) < 2 or not words[-1].isdecimal():
            raise UsageError(_("starting items {text!r}: each item's name and its uses left, e.g. 'Hammer 2, "
                               "Bible 1'").format(text=text))
        out.append((" ".join(words[:-1]), int(words[-1])))
    if not out:
        raise UsageError(_("starting items {text!r}: each item's name and its uses left, e.g. 'Hammer 2, "
                           "Bible 1'").format(text=text))
    return tuple(out)


@register
@frozen
class RcSet(Action):
    """A correction of a Robinson Crusoe field (FIELDS), its value typed: a threat card {name, pawns, icon}
    or None; the tiles (each parse_tile's facts); the camp: a tile's facts; the First Player's seat; the
    items ((name, uses left), ...); the rounds: a whole number."""

    kind: ClassVar[str] = "rc-set"
    field: str
    value: Any

    def text(self) -> str:
        v = self.value
        if self.field.startswith("threat"):
            shown = threat_words(v)
        elif self.field == "tiles":
            shown = "; ".join(tile_words(x) for x in v)
        elif self.field == "camp":
            shown = tile_words(v)
        elif self.field == "items":
            shown = ", ".join(f"{S.shown(n)} {u}" for n, u in v)
        elif self.field == "shuffled":
            shown = " ".join(str(n) for n in v)
        else:
            shown = str(v)
        return _("correction: {field} {value}").format(field=self.field, value=shown)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, field: str, text: str) -> "RcSet":
        """What the table typed for a field (`castaway robinson set FIELD VALUE`), read against the table."""
        f = str(field).strip().lower()
        if f not in FIELDS:
            raise UsageError(_("field {field!r}: accepted: {fields}").format(field=field, fields=fields_accepted()))
        raw = str(text).strip()
        if f.startswith("threat"):
            return cls(f, _threat(raw))
        if f == "tiles":
            parts = [p for p in raw.split(";") if p.strip()]
            if not parts:
                raise UsageError(_("tiles {text!r}: each explored tile as '5 plains food beast', separated by ';'")
                                 .format(text=text))
            return cls(f, tuple(parse_tile(p) for p in parts))
        if f == "camp":
            words = raw.split()
            if len(words) == 1 and words[0] in rc(t)["tiles"]:
                return cls(f, dict(rc(t)["tiles"][words[0]]))
            if len(words) == 1:
                known = ", ".join(sorted(rc(t)["tiles"], key=int))
                raise UsageError(_("tile {tile!r} is not on the island yet (known: {known}); describe it: "
                                   "'{tile} plains food wood shelter'").format(tile=raw, known=known))
            return cls(f, parse_tile(raw))
        if f == "first":
            return cls(f, seat_of(t, cat, raw))
        if f == "shuffled":
            return cls(f, _shuffled(raw))
        if f == "items":
            return cls(f, _items(raw))
        if f == "round":
            if not raw.isdecimal() or not 1 <= int(raw) <= cat.tracks["round"].max:
                raise UsageError(_("round {value!r}: a round of the game, 1..{hi}").format(value=text, hi=cat.tracks["round"].max))
            return cls(f, int(raw))
        if not raw.isdecimal() or not 1 <= int(raw) <= cat.tracks["round"].max:
            raise UsageError(_("rounds={value!r}: the number of rounds on the Scenario card, 1..{hi}").format(
                value=text, hi=cat.tracks["round"].max))
        return cls(f, int(raw))

    def run(self, t: Table, cat: GameCatalog):
        r, v, warn = rc(t), self.value, []
        if self.field in ("threat-left", "threat-right"):
            if v is not None and (not isinstance(v, dict) or v.get("pawns") not in (1, 2) or not v.get("name")):
                raise UsageError(_("threat card {text!r}: a name and 1 or 2 pawns").format(text=v))
            r["threat"][0 if self.field == "threat-left" else 1] = None if v is None else dict(v)
        elif self.field == "tiles":
            tiles = {x["tile"]: dict(S.check_tile(dict(x))) for x in v}
            if r["camp"] not in tiles:
                tiles[r["camp"]] = r["tiles"][r["camp"]]
                warn.append(_("the camp's tile {tile} is kept on the island (set the camp to move it)").format(
                    tile=r["camp"]))
            r["tiles"] = tiles
            r["terrains"] = sorted({x["terrain"] for x in tiles.values()})
        elif self.field == "camp":
            tile = dict(S.check_tile(dict(v)))
            r["tiles"][tile["tile"]] = tile
            r["camp"] = tile["tile"]
            c = t.data["counters"]
            c["camp-food"], c["camp-wood"] = min(tile["food"], 2), min(tile["wood"], 2)
            t.data["flags"]["camp-shelter"] = bool(tile["shelter"])
            if tile["terrain"] not in r["terrains"]:
                r["terrains"] = sorted({*r["terrains"], tile["terrain"]})
        elif self.field == "first":
            if v not in t.seats:
                raise UsageError(_("seat {seat!r} is not at this table; accepted: {seats}").format(
                    seat=v, seats=", ".join(t.seats)))
            r["first"] = t.seats.index(v)
        elif self.field == "items":
            built = [i for i in r["items"] if i["uses"] is None]
            r["items"] = [{"name": str(n), "uses": int(u)} for n, u in v] + built
            if any(int(u) > 2 for _n, u in v):
                warn.append(_("each Starting Item works twice in the game: more uses than the rules give"))
        elif self.field == "rounds":
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise UsageError(_("rounds={value!r}: the number of rounds on the Scenario card, 1..{hi}").format(
                    value=v, hi=cat.tracks["round"].max))
            r["rounds"] = v
            t.data["limits"]["round"] = [1, max(v, t.data["tracks"]["round"])]
            if t.data["tracks"]["round"] > v:
                warn.append(_("round {n} is past the scenario's {rounds} rounds: the rules would have ended the "
                              "game").format(n=t.data["tracks"]["round"], rounds=v))
        elif self.field == "shuffled":
            if not isinstance(v, (tuple, list)) or len(v) != 2 or any(
                    isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in v):
                raise UsageError(_("shuffled {text!r}: the Adventure cards, then the Mystery cards shuffled into the "
                                   "Event deck, e.g. '2 1'").format(text=v))
            r["shuffled"] = {"adventure": v[0], "mystery": v[1]}
            deck = t.data["counters"]["event-deck"]
            if v[0] + v[1] > deck:
                warn.append(_("the Event deck counts {deck} cards, fewer than the {n} shuffled in: set event-deck "
                              "too").format(deck=deck, n=v[0] + v[1]))
        elif self.field == "round":
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= cat.tracks["round"].max:
                raise UsageError(_("round {value!r}: a round of the game, 1..{hi}").format(value=v, hi=cat.tracks["round"].max))
            if v > r["rounds"]:
                warn.append(_("round {n} is past the scenario's {rounds} rounds: the rules would have ended the "
                              "game").format(n=v, rounds=r["rounds"]))
            t.data["limits"]["round"] = [1, max(r["rounds"], v)]
            t.data["tracks"]["round"] = v
            S.restart(t, "event")
        else:
            raise UsageError(_("field {field!r}: accepted: {fields}").format(field=self.field, fields=fields_accepted()))
        if self.field == "first":
            return say([_("{name} is the First Player").format(name=who(t, cat, v))])
        return say([_("warning: {message}").format(message=w) for w in warn]) if warn else None


def corrected(t: Table, cat: GameCatalog, tg) -> dict | None:
    """What a generic correction (set, move, next) makes of the round (Game.corrected): the round set puts the
    table at the start of its phase order (the first round's at the Morale phase: § I. Event phase is skipped
    in the first round); wounds past the life track are accepted with a warning."""
    if "rc" not in t.data:
        return None
    r, warn = rc(t), []
    if tg.seat is None and tg.spec.id == "round":
        n = t.data["tracks"]["round"]
        if n > r["rounds"]:
            warn.append(_("round {n} is past the scenario's {rounds} rounds: the rules would have ended the "
                          "game").format(n=n, rounds=r["rounds"]))
        S.restart(t, "event")
    elif tg.seat is not None and tg.spec.id == "wounds" and tg.seat in t.seats:
        n, top = t.seat_values(tg.seat)["wounds"], S.life(t, cat, tg.seat)
        if n > top:
            r.setdefault("wounds_set", {})[tg.seat] = n  # kept as the table set it (game.settle)
            warn.append(_("{name}: {n} wounds is past the life track's {top}: the rules stop the Wound marker "
                          "on its last space, where the character dies").format(name=who(t, cat, tg.seat), n=n, top=top))
    if not warn:
        return None
    return {"say": "; ".join(_("warning: {message}").format(message=w) for w in warn), "warning": warn}
