"""21 Mutinies: each sailor's jewels by colour (four colours and wild, as decks/mutinies/rules.toml's
jewel pieces name them), and the black market's combinations checked against them.

A sailor's colours are kept in flow["jewels"][seat] ({colour: n}), made only when a jewel of a known colour
is first taken (a game stored before this keeps its state). The jewel count (seat value "jewel") stays the
truth of how many: jewels beyond the colours recorded are "colours unknown" (taken before colours were
asked, at joining, or set by a count correction) and fit any combination on trust, with a warning.
Source: 21-mutinies-rulebook-en.txt § The Jewel Tokens; § 5) Black Market.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from ...catalog import GameCatalog
from ...colours import read, word
from ...errors import UsageError
from ...i18n import N_, _
from ...table import Table
from . import core
from .core import flow

WILD = "wild"
UNKNOWN = "?"
CZECH = {"červený": "red", "cerveny": "red", "červená": "red", "modrý": "blue", "modry": "blue", "modrá": "blue",
         "zelený": "green", "zeleny": "green", "zelená": "green", "žlutý": "yellow", "zluty": "yellow", "žlutá": "yellow",
         "divoký": "wild", "divoky": "wild", "žolík": "wild", "zolik": "wild"}


def colour_name(colour: str) -> str:
    """A jewel's colour in the current language."""
    return _(N_("wild")) if colour == WILD else word(colour)


def colours(cat: GameCatalog) -> tuple[str, ...]:
    """The jewel colours as the printed pieces name them ("Red jewel" → red), wild last."""
    names = [p["name"].split()[0].lower() for p in cat.rules["print_pieces"]["jewels"]]
    return tuple(sorted(names, key=lambda c: c == WILD))


def parse_colour(cat: GameCatalog, text: str) -> str:
    """One jewel's colour as typed: red, blue, green, yellow or wild (Czech words, first letters too)."""
    raw = str(text).strip().lower()
    known = colours(cat)
    raw = CZECH.get(raw) or read(raw, known[:-1]) or raw
    hits = [c for c in known if c == raw] or ([c for c in known if c.startswith(raw)] if raw else [])
    if len(hits) != 1:
        raise UsageError(_("jewel colour {text!r}: accepted: {colours}").format(text=text, colours=", ".join(known)))
    return hits[0]


def parse_colours(cat: GameCatalog, text: str | None) -> tuple[str, ...] | None:
    """Jewels' colours as typed, by commas or spaces ('red,red,wild'; 'red:2,wild'); None when left out."""
    if text is None or not str(text).strip():
        return None
    out: list[str] = []
    for bit in str(text).replace(",", " ").split():
        word, _c, n = bit.partition(":")
        if n and (not n.isdecimal() or int(n) > 54):
            raise UsageError(_("jewels {text!r}: a colour, or COLOUR:N (e.g. red:2,wild)").format(text=text))
        out += [parse_colour(cat, word)] * (int(n) if n else 1)
    return tuple(out)


def known(t: Table, seat: str) -> dict[str, int]:
    """The colours recorded for the seat (only those the jewel count still covers)."""
    rec = {c: n for c, n in (flow(t).get("jewels") or {}).get(seat, {}).items() if n > 0}
    return rec if sum(rec.values()) <= core.value(t, seat, "jewel") else {}


def unknown(t: Table, seat: str) -> int:
    return core.value(t, seat, "jewel") - sum(known(t, seat).values())


def gained(t: Table, seat: str, colour: str | None) -> None:
    """One jewel just added to the seat's count: its colour recorded when the table said it."""
    if colour is None:
        return
    rec = flow(t).setdefault("jewels", {}).setdefault(seat, {})
    keep = known(t, seat)  # a stale record (the count set lower) is dropped first
    keep[colour] = keep.get(colour, 0) + 1
    rec.clear()
    rec.update(keep)


def spent(t: Table, seat: str, taken: tuple[str, ...]) -> None:
    """Jewels just handed in (before the count drops): the colours named leave the record; a colour the record
    lacks came from the unknown ones."""
    rec = (flow(t).get("jewels") or {}).get(seat)
    if rec is None:
        return
    keep = known(t, seat)
    for c in taken:
        if keep.get(c, 0) > 0:
            keep[c] -= 1
    rec.clear()
    rec.update({c: n for c, n in keep.items() if n > 0})


def handed_in(t: Table, seat: str) -> None:
    """One jewel handed in without its colour said (before the count drops): one of unknown colour when the
    seat has any, else the one colour it holds; with several colours recorded, they all become unknown."""
    rec = known(t, seat)
    if not unknown(t, seat) and len(rec) == 1:
        spent(t, seat, tuple(rec))


def set_colours(t: Table, seat: str, taken: tuple[str, ...]) -> None:
    """A correction: the seat holds exactly these jewels."""
    t.seat_values(seat)["jewel"] = len(taken)
    flow(t).setdefault("jewels", {})[seat] = dict(Counter(taken))


def clear(t: Table, seat: str) -> None:
    rec = (flow(t).get("jewels") or {}).get(seat)
    if rec is not None:
        rec.clear()


def shown(t: Table, seat: str) -> str:
    """The seat's jewels by colour for the table: 'red 2, wild 1, ? 1'."""
    rec = known(t, seat)
    bits = [f"{colour_name(c)} {n}" for c, n in rec.items()]
    if unknown(t, seat):
        bits.append(_("{n} of unknown colour").format(n=unknown(t, seat)))
    return ", ".join(bits) or _("none")


def _pair(a: str, b: str) -> bool:
    return a == b or WILD in (a, b) or UNKNOWN in (a, b)


def fits(combo: str, need: int, jewels: tuple[str, ...]) -> bool:
    """Do these jewels make the combination? Wild replaces any colour; an unknown colour is taken on trust."""
    if len(jewels) != need:
        return False
    if combo.startswith("any"):
        return True
    if combo.startswith("same"):
        return len({j for j in jewels if j not in (WILD, UNKNOWN)}) <= 1
    a, b, c, d = jewels  # pairs: two pairs, each of one colour
    return any(_pair(*p) and _pair(*q) for p, q in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))))


def choose(t: Table, seat: str, combo: str, need: int, given: tuple[str, ...] | None) -> tuple[tuple[str, ...], bool] | None:
    """The jewels handed in for a combination: those the table named (checked against the seat's colours,
    an unknown one standing in for a colour not recorded), or castaway's pick (fewest wilds, no unknown
    where it can). Returns (colours, taken on trust) or None when the seat cannot make it."""
    held = known(t, seat)
    pool = {**held, UNKNOWN: unknown(t, seat)}
    if given is not None:
        if not fits(combo, need, given):
            return None
        short = sum(max(0, n - held.get(c, 0)) for c, n in Counter(given).items())
        if short > pool[UNKNOWN]:
            return None
        return given, bool(short) and not combo.startswith("any")
    best = None
    for pick in combinations_with_replacement(sorted(pool), need):
        counts = Counter(pick)
        if any(n > pool[c] for c, n in counts.items()) or not fits(combo, need, pick):
            continue
        rank = (counts[UNKNOWN], counts[WILD])
        if best is None or rank < best[0]:
            best = (rank, pick)
    if best is None:
        return None
    pick = best[1]
    return tuple(c for c in pick if c != UNKNOWN), UNKNOWN in pick and not combo.startswith("any")


def bonus_waiting(t: Table) -> tuple[str, int] | None:
    """The (seat, space) whose bonus jewel's colour is asked next (bonus_all_waiting's first), or None."""
    return next(iter(bonus_all_waiting(t)), None)


def bonus_all_waiting(t: Table) -> list[tuple[str, int]]:
    """Every (seat, space) whose face-down jewel from a prestige bonus space (§ Initial Setup 1a) has not had
    its colour asked, while the seat still holds jewels of unknown colour; in turn order."""
    f = flow(t)
    bonuses = (f.get("board") or {}).get("bonuses") or {}
    jewel_spaces = {int(k) for k, v in bonuses.items() if v == "jewel"}
    told = f.get("bonus_told") or {}
    return [(seat, space) for seat in f["order"] if seat != core.HENCHMAN and unknown(t, seat)
            for space in sorted(set(f["claimed"].get(seat, ())) & jewel_spaces) if space not in told.get(seat, ())]
