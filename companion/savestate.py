"""A state from outside (a save code) checked field by field before a game is made of it.

A save code's checksum only catches typos: a code with a valid checksum can carry any JSON. Before
`castaway resume` creates a game, the state must have the shape the game's own setup gives (the same
parts with the same kinds of values), every number within its component's range, every id known to the
catalog (game, edition, seats, survivors, cards), and the game must be able to say what comes next.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .bounded import check_shape, shown
from .errors import CompanionError, UsageError
from .i18n import N_, _
from .table import PILES, Table

TOP = ("game", "edition", "options", "seats", "tracks", "counters", "flags", "pools", "seat", "decks", "limits", "rng",
       "last", "over", "dead")
RESULTS = ("won", "lost", "abandoned")
MAX_RNG = 2**63 - 1


def _refuse(where: str, what: Any, accepted: str) -> NoReturn:
    text = shown(what)
    raise UsageError(_("save code: {where} is {what}; accepted: {accepted}").format(where=where, what=text, accepted=accepted))


def _kind(v) -> str:
    return "bool" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else type(v).__name__


KIND_WORDS = {"bool": N_("true or false"), "number": N_("a number"), "str": N_("a text"), "list": N_("a list"),
              "dict": N_("an object")}  # what a refusal says a save code's value should be


def _int(v, where: str, lo: int | None, hi: int | None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _refuse(where, v, _("a whole number"))
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _refuse(where, v, f"{lo if lo is not None else '...'}..{hi if hi is not None else '...'}")
    return v


def _same_shape(value, ref, where: str) -> None:
    """`value` has the kind of `ref` (a state the game's own setup made): the same keys in objects (more
    may appear as a game goes on), the same kinds of values; a part setup leaves empty (None) may hold
    anything a later state holds."""
    if ref is None:
        return
    if isinstance(ref, dict):
        if not isinstance(value, dict):
            _refuse(where, value, _("an object like the game's own state"))
        for key, sub in ref.items():
            if key not in value:
                _refuse(f"{where}.{key}", None, _("the part the game's state always has"))
            _same_shape(value[key], sub, f"{where}.{key}")
        return
    if value is None and not isinstance(ref, (dict, list)):  # a place left empty (a dead survivor's raft spot)
        return
    if _kind(value) != _kind(ref):  # list items vary as a game goes on: their size and numbers are bounded above
        kind = _kind(ref)
        _refuse(where, value, _(KIND_WORDS[kind]) if kind in KIND_WORDS else _("a value of kind {kind}").format(kind=kind))


def same_shape(value, ref, where: str) -> None:
    """`value` has every part of `ref` (a state of the same game's setup), each of its kind."""
    for key, sub in ref.items():
        if key not in value:
            _refuse(key, None, _("the part the game's state always has"))
        if key in ("tracks", "counters", "pools"):
            _same_shape(value[key], sub, key)


def check(data, follow: bool = True) -> Table:
    """The state as a Table, or a UsageError that names the first field that is wrong; with `follow`, the game
    must also be able to say what comes next (a cached state is checked without it: `status` stays light)."""
    from . import catalog as catmod
    from .games import registry

    if not isinstance(data, dict):
        _refuse(_("the state"), data, _("an object"))
    check_shape(data, _("save code"))
    extra = [k for k in data if k not in TOP and not isinstance(k, str)]
    if extra:
        _refuse(_("a key"), extra[0], _("text"))
    game = data.get("game")
    if not isinstance(game, str) or game not in catmod.game_ids():
        _refuse("game", game, ", ".join(catmod.game_ids()))
    edition = data.get("edition", "")
    editions = ["", "en", *catmod.editions(game)]
    if not isinstance(edition, str) or edition not in editions:
        _refuse("edition", edition, ", ".join(repr(e) for e in editions))
    cat = catmod.load(game, edition or None)
    options = data.get("options")
    if not isinstance(options, dict):
        _refuse("options", options, _("an object of setup choices"))
    rng = data.get("rng")
    if not (isinstance(rng, list) and len(rng) == 2):
        _refuse("rng", rng, _("[seed, draws]"))
    seed = _int(rng[0], "rng[0]", 0, MAX_RNG)
    _int(rng[1], "rng[1]", 0, MAX_RNG)
    try:
        rules = registry.get(cat.id)
        ref = rules.setup(cat, rules.table_options(dict(options)), seed).data
    except CompanionError as e:
        raise UsageError(_("save code: its setup choices are refused: {e}").format(e=e)) from None
    for key in ref:
        if key not in data:
            _refuse(key, None, _("the part every {game} state has").format(game=cat.name))
    for key in data:
        if key not in ref and key not in TOP:
            _refuse(_("a part named {name!r}").format(name=key), data[key], ", ".join(ref))
    t = Table(data)
    _seats(t, cat, ref)
    _components(t, cat)
    _decks(t, cat)
    for key, sub in ref.items():
        if key not in ("options", "seats", "tracks", "counters", "flags", "seat", "decks", "rng", "limits", "last", "over"):
            _same_shape(data[key], sub, key)
    over = data.get("over")
    if over is not None and (not isinstance(over, dict) or over.get("result") not in RESULTS):
        _refuse("over", over, _("nothing, or an end with a result: {results}").format(results=", ".join(RESULTS)))
    last = data.get("last")
    if last is not None and not isinstance(last, dict):
        _refuse("last", last, _("nothing, or the last roll or draw"))
    game_rules = registry.find(cat.id)
    if game_rules is not None:
        try:
            game_rules.check_state(t, cat)
        except UsageError as e:
            raise UsageError(_("save code: {e}; nothing was created").format(e=e)) from None
    if follow and game_rules is not None and not data.get("over"):
        try:
            game_rules.next_step(t.copy(), cat)
        except CompanionError:
            pass
        except Exception as e:  # the state passed every field check but the game cannot go on from it
            raise UsageError(_("save code: the state does not hold together ({kind} in what comes next); nothing was created").format(kind=type(e).__name__)) from None
    return t


def _seats(t: Table, cat, ref: dict) -> None:
    seats = t.data.get("seats")
    if not isinstance(seats, list) or not seats or len(set(map(str, seats))) != len(seats):
        _refuse("seats", seats, _("a list of different seats"))
    for s in seats:
        if s not in cat.seats:
            _refuse(_("a seat"), s, ", ".join(cat.seats))
    per = t.data.get("seat")
    if not isinstance(per, dict) or set(per) != set(seats):
        _refuse("seat", per, _("one object per seat: {seats}").format(seats=", ".join(seats)))
    sample: dict[str, Any] = next(iter(ref["seat"].values()), {}) if isinstance(ref.get("seat"), dict) else {}
    for seat, vals in per.items():
        if not isinstance(vals, dict):
            _refuse(f"seat.{seat}", vals, _("an object"))
        who = vals.get("survivor")
        if who is not None and (not isinstance(who, str) or (cat.characters and who not in cat.characters)):
            _refuse(f"seat.{seat}.survivor", who, _("a character of {game}").format(game=cat.name))
        player = vals.get("player")
        if player is not None and not isinstance(player, str):
            _refuse(f"seat.{seat}.player", player, _("a name"))
        for key, value in sample.items():
            if key in vals and key not in ("survivor", "player"):
                _same_shape(vals[key], value, f"seat.{seat}.{key}")
    dead = t.data.get("dead", [])
    if not isinstance(dead, list) or any(s not in seats for s in dead):
        _refuse("dead", dead, _("a list of seats"))


def _components(t: Table, cat) -> None:
    d = t.data
    limits = d.get("limits")
    if not isinstance(limits, dict):
        _refuse("limits", limits, _("an object"))
    for key, lim in limits.items():
        if key not in cat.tracks and key not in cat.counters:
            _refuse("limits", key, _("a track or counter of {game}").format(game=cat.name))
        if not (isinstance(lim, list) and len(lim) == 2):
            _refuse(f"limits.{key}", lim, "[min, max]")  # untranslated: the shape a save code holds
        _int(lim[0], f"limits.{key}[0]", -1000, 1000)
        _int(lim[1], f"limits.{key}[1]", lim[0], 1000)
    for part, table in (("tracks", cat.tracks), ("counters", cat.counters)):
        values = d.get(part)
        if not isinstance(values, dict):
            _refuse(part, values, _("an object"))
        for key, value in values.items():
            spec = table.get(key)
            if spec is None or spec.per_seat:
                _refuse(f"{part}", key, ", ".join(k for k, s in table.items() if not s.per_seat))
            lo, hi = t.limits(spec)
            _int(value, f"{part}.{key}", lo, hi)
        for key, spec in table.items():
            if not spec.per_seat and key not in values:
                _refuse(f"{part}.{key}", None, _("its value"))
    pools = d.get("pools")
    if not isinstance(pools, dict):
        _refuse("pools", pools, _("an object"))
    for key, pool in pools.items():
        spec = cat.counters.get(key)
        if spec is None or not spec.pool or not isinstance(pool, dict):
            _refuse("pools", key, ", ".join(k for k, s in cat.counters.items() if s.pool))
        _int(pool.get("supply"), f"pools.{key}.supply", 0, 1000)
    flags = d.get("flags")
    if not isinstance(flags, dict):
        _refuse("flags", flags, _("an object"))
    for key, value in flags.items():
        if not isinstance(key, str) or not isinstance(value, (str, bool, int, type(None))) or isinstance(value, float):
            _refuse(f"flags.{key}", value, _("a word"))
        spec = cat.flags.get(key)
        if spec is not None and spec.boolean:
            if not isinstance(value, bool):
                _refuse(f"flags.{key}", value, "true, false")  # untranslated: the JSON words a save code holds
        elif spec is not None and spec.values and value not in spec.values:
            _refuse(f"flags.{key}", value, ", ".join(spec.values))
    for seat in t.seats:
        vals = t.seat_values(seat)
        for key, value in vals.items():
            spec = cat.tracks.get(key) or cat.counters.get(key)
            if spec is not None and spec.per_seat:
                lo, hi = t.limits(spec)
                if spec.id in cat.counters and cat.counters[spec.id].pool:
                    hi = (pools.get(spec.id) or {}).get("supply", hi)
                _int(value, f"seat.{seat}.{key}", lo, hi)
            stack = cat.stacks.get(key)
            if stack is not None:
                if not isinstance(value, list) or len(value) > stack.dice:
                    _refuse(f"seat.{seat}.{key}", value, _("at most {n} dice").format(n=stack.dice))
                for i, face in enumerate(value):
                    _int(face, f"seat.{seat}.{key}[{i}]", 1, stack.faces)
    for key, spec in cat.counters.items():
        if spec.pool and key in pools:
            held = sum(t.seat_values(s).get(key, 0) for s in t.seats)
            if held > pools[key]["supply"]:
                _refuse(f"pools.{key}", held, _("at most the supply, {n}").format(n=pools[key]["supply"]))


def _decks(t: Table, cat) -> None:
    decks = t.data.get("decks")
    if not isinstance(decks, dict):
        _refuse("decks", decks, _("an object"))
    for deck_id, st in decks.items():
        deck = cat.decks.get(deck_id)
        if deck is None:
            _refuse("decks", deck_id, ", ".join(cat.decks) or _("none"))
        if not isinstance(st, dict):
            _refuse(f"decks.{deck_id}", st, _("an object with draw, discard, out, table and held"))
        known = set(deck.all_copies())
        seen: set[str] = set()
        piles = [(p, st.get(p)) for p in PILES]
        held = st.get("held")
        if not isinstance(held, dict):
            _refuse(f"decks.{deck_id}.held", held, _("an object of seat: cards"))
        for seat, cards in held.items():
            if seat not in t.seats:
                _refuse(f"decks.{deck_id}.held", seat, ", ".join(t.seats))
            piles.append((f"held.{seat}", cards))
        for name, cards in piles:
            if not isinstance(cards, list):
                _refuse(f"decks.{deck_id}.{name}", cards, _("a list of cards"))
            for card in cards:
                if not isinstance(card, str) or (known and card not in known):
                    _refuse(f"decks.{deck_id}.{name}", card, _("a card of the {deck} deck").format(deck=deck_id))
                if card in seen:
                    _refuse(f"decks.{deck_id}.{name}", card, _("each card once"))
                seen.add(card)
