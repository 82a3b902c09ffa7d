"""The play log's records: what a play holds, how it is checked, filtered and changed (its times are in
playtimes.py, its words, how a play is described, in playwords.py).

Pure: no database, no terminal. A play is a JSON-shaped dict:

  game         the game's id (21days, robinson, mutinies, dieson, or any other id)
  edition      e.g. "en" or "cs"
  started      when it began, ISO 8601 in UTC ("2026-11-29T18:02:00+00:00")
  ended        when it ended (same form), or "" if not known
  duration_min minutes of play (None: not known)
  location     free text
  result       won, lost or abandoned (competitive games: won when someone won)
  players      [{name, seat, colour, role, score, winner, new, start, alive, left}]; left: handed the seat to
               another player during the game (whoever held a seat is in the play)
  outcome      the game's own terms (21 Days: day, ship, alive, difficulty; 21 Mutinies: prestige, winner,
               tiebreak; Robinson Crusoe: scenario, round; Dieson Crusoe: quest, day); any other keys kept
  expansions   [names], variants [names], comments (text)
  options      the setup choices (castaway games), event (the end event's number), source (castaway,
               manual, bgstats, import)
"""

from __future__ import annotations

import math
from datetime import datetime, timezone

from .errors import CompanionError, UsageError
from .i18n import N_, _
from .playtimes import iso, parse_when
from .valuetype import frozen

RESULTS = (N_("won"), N_("lost"), N_("abandoned"))  # stored in English, shown translated (see result_words)
ANONYMOUS = N_("Anonymous")  # the name of an unnamed seat: stored and exported in English, shown translated
SOURCES = ("castaway", "manual", "bgstats", "import")


@frozen
class GameInfo:
    id: str
    name: str
    names: tuple[str, ...]  # lower-case names other apps use for it (BG Stats, BGG)
    bgg_id: int | None  # where a public source gives it; the user can set any game's id
    bgg_source: str | None
    competitive: bool  # winners are players, not the whole table
    scored: bool  # players score points
    terms: tuple[tuple[str, str], ...]  # outcome key -> label, in display order
    won: str = "won"  # the word for a won play
    of_players: tuple[str, ...] = ()  # outcome keys shown as "N of <players>"
    extras: tuple[tuple[str, str, str], ...] = ()  # (setup option, expansion or variant, its name)


def games() -> dict[str, GameInfo]:
    """The play log's entry of every registered game (its terms come from the game, see registry.py)."""
    from .games import registry

    return {g.id: _entry(g) for g in registry.all_games()}


def _entry(g) -> GameInfo:
    p = g.play
    return GameInfo(g.id, g.id, p.names, p.bgg_id, p.bgg_source, p.competitive, p.scored, p.terms, p.won,
                    p.of_players, p.extras)


def info(game: str) -> GameInfo:
    """What the play log knows of a game, named as the catalog names it; any other id gets a plain,
    cooperative entry (an imported play of a game whose catalog is not installed still shows)."""
    from dataclasses import replace

    from . import catalog
    from .games import registry

    known = registry.find(game)  # this game's entry alone: a game ending imports no other game
    base = _entry(known) if known is not None else GameInfo(game, game, (game.lower(),), None, None, False, False, ())
    try:
        name = catalog.load(game).name if game in catalog.game_ids() else base.name
    except CompanionError:  # a broken user override must not stop the play log
        name = base.name
    return base if name == base.name else replace(base, name=name, names=(*base.names, name.lower()))


def match_game(name: str, bgg_id: int | None, bgg_ids: dict[str, int]) -> str | None:
    """Which of our games another app's game is: by BoardGameGeek id first, then by name."""
    if bgg_id:
        for gid, known in bgg_ids.items():
            if known == bgg_id:
                return gid
    key = " ".join((name or "").lower().split())
    for g in games().values():
        if key in g.names or key == g.id:
            return g.id
    return None


# -- validation ----------------------------------------------------------------------------------


def _text(v, field: str) -> str:
    if v is None:
        return ""
    if not isinstance(v, str):
        raise UsageError(_("play field {field!r}: {v!r} should be text").format(field=field, v=v))
    return v.strip()


def _number(v, field: str):
    if v is None or v == "":
        return None
    if isinstance(v, bool):
        raise UsageError(_("play field {field!r}: {v!r} should be a number").format(field=field, v=v))
    if isinstance(v, str):
        try:
            v = float(v.strip().replace(",", "."))
        except ValueError:
            raise UsageError(_("play field {field!r}: {short} should be a number").format(field=field, short=_short(v))) from None
    if not isinstance(v, (int, float)) or (isinstance(v, float) and not math.isfinite(v)):
        raise UsageError(_("play field {field!r}: {short} should be a number").format(field=field, short=_short(v)))
    if not -MAX_NUMBER <= v <= MAX_NUMBER:
        raise UsageError(_("play field {field!r}: {short}; accepted: a number from {value} to {MAX_NUMBER}").format(field=field, short=_short(v), value=-MAX_NUMBER, MAX_NUMBER=MAX_NUMBER))
    return int(v) if float(v).is_integer() else float(v)


MAX_NUMBER = 10**9  # scores, durations and other numbers of a play


def outcome_value(key: str, text: str):
    """An --outcome value as typed: a whole number (bounded) or a word."""
    t = text.strip()
    if t.lstrip("-").isdecimal():
        if len(t.lstrip("-")) > 10 or abs(int(t)) > MAX_NUMBER:
            from .bounded import clip

            raise UsageError(_("--outcome {key}={value}: accepted: a number from {lo} to {hi}, or a word").format(
                key=key, value=clip(t, 40), lo=-MAX_NUMBER, hi=MAX_NUMBER))
        return int(t)
    return t


def _outcome_value(key, v):
    """A stored outcome value: numbers bounded like every number of a play."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return _number(v, f"outcome.{key}")
    return v


def _short(v) -> str:
    from .bounded import shown

    return shown(v)


def _flag(v, field: str) -> bool | None:
    if v is None or isinstance(v, bool):
        return v
    if v in (0, 1):
        return bool(v)
    raise UsageError(_("play field {field!r}: {v!r} should be true or false").format(field=field, v=v))


def _names(v, field: str) -> list[str]:
    if v is None:
        return []
    if not isinstance(v, list):
        raise UsageError(_("play field {field!r}: {v!r} should be a list of names").format(field=field, v=v))
    return [_text(x, field) for x in v if _text(x, field)]


def validate(data, now: datetime | None = None) -> dict:
    """A checked, normalised copy of a play; raises UsageError naming the field that is wrong."""
    if not isinstance(data, dict):
        raise UsageError(_("a play should be an object with game, started, players...; got {name}").format(name=type(data).__name__))
    game = _text(data.get("game"), "game").lower()
    if not game:
        raise UsageError(_("play field 'game' is missing; say which game was played, e.g. 21days"))
    started = parse_when(data.get("started"), _("play field {field!r}").format(field="started"), now)
    ended_raw = data.get("ended") or ""
    ended = parse_when(ended_raw, _("play field {field!r}").format(field="ended"), now) if ended_raw else None
    if ended and ended < started:
        raise UsageError(_("play field 'ended' {ended_raw!r} is before it started ({get!r})").format(ended_raw=ended_raw, get=data.get('started')))
    duration = _number(data.get("duration_min"), "duration_min")
    if duration is not None and not 0 <= duration <= 60 * 24 * 14:
        raise UsageError(_("play field 'duration_min': {duration!r} minutes; accepted: 0 to {value}").format(duration=duration, value=60 * 24 * 14))
    result = _text(data.get("result") or "abandoned", "result").lower()
    if result not in RESULTS:
        raise UsageError(_("play field 'result': {result!r}; accepted: {join}").format(result=result, join=', '.join(RESULTS)))
    raw_players = data.get("players") or []
    if not isinstance(raw_players, list):
        raise UsageError(_("play field 'players' should be a list of players"))
    players = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, dict):
            raise UsageError(_("play field 'players[{i}]': {p!r} should be an object with a name").format(i=i, p=p))
        players.append({
            "name": _text(p.get("name"), f"players[{i}].name"),
            "seat": _text(p.get("seat"), f"players[{i}].seat"),
            "colour": _text(p.get("colour"), f"players[{i}].colour"),
            "role": _text(p.get("role"), f"players[{i}].role"),
            "score": _number(p.get("score"), f"players[{i}].score"),
            "winner": bool(_flag(p.get("winner"), f"players[{i}].winner")),
            "new": bool(_flag(p.get("new"), f"players[{i}].new")),
            "start": bool(_flag(p.get("start"), f"players[{i}].start")),
            "alive": _flag(p.get("alive"), f"players[{i}].alive"),
            "left": bool(_flag(p.get("left"), f"players[{i}].left")),
        })
    for key in ("outcome", "options"):
        if data.get(key) is not None and not isinstance(data.get(key), dict):
            raise UsageError(_("play field {key!r}: {get!r} should be an object").format(key=key, get=data.get(key)))
    source = _text(data.get("source") or "castaway", "source")
    if source not in SOURCES:
        raise UsageError(_("play field 'source': {source!r}; accepted: {join}").format(source=source, join=', '.join(SOURCES)))
    out = {
        "game": game,
        "edition": _text(data.get("edition"), "edition"),
        "started": iso(started),
        "ended": iso(ended) if ended else "",
        "duration_min": duration,
        "location": _text(data.get("location"), "location"),
        "result": result,
        "players": players,
        "outcome": {str(k): _outcome_value(k, v) for k, v in (data.get("outcome") or {}).items()},
        "expansions": _names(data.get("expansions"), "expansions"),
        "variants": _names(data.get("variants"), "variants"),
        "comments": _text(data.get("comments"), "comments"),
        "options": dict(data.get("options") or {}),
        "source": source,
    }
    if data.get("event") is not None:
        if not isinstance(data["event"], int) or isinstance(data["event"], bool):
            raise UsageError(_("play field 'event': {event!r} should be an event number").format(event=data['event']))
        out["event"] = data["event"]
    return out


def normalize(data: dict) -> dict:
    """A stored play in today's shape: checked if it can be, else with every field present (a play written
    by an older castaway, or one whose times were set on a machine with another clock, still shows).
    A competitive play logged with its winners only in the outcome (21 Mutinies before the winner was
    carried over to the players) gets them back."""
    try:
        d = validate(data, now=datetime(9000, 1, 1, tzinfo=timezone.utc))
        if (d["result"] == "won" and d["source"] == "castaway" and not any(p["winner"] for p in d["players"])
                and (d["outcome"].get("winners") or d["outcome"].get("winner"))):
            d["players"] = settle_players(d["players"], d["outcome"], d["result"], info(d["game"]).competitive)
        return d
    except UsageError:
        d = dict(data)
        for key, empty in (("edition", ""), ("ended", ""), ("duration_min", None), ("location", ""),
                           ("result", "abandoned"), ("outcome", {}), ("expansions", []), ("variants", []),
                           ("comments", ""), ("options", {}), ("source", "castaway"), ("players", [])):
            d.setdefault(key, empty)
        d["players"] = [{"name": "", "seat": "", "colour": "", "role": "", "score": None, "winner": False,
                         "new": False, "start": False, "alive": None, **p} for p in d["players"] if isinstance(p, dict)]
        return d


def settle_players(players: list[dict], outcome: dict, result: str, competitive: bool) -> list[dict]:
    """Fill scores and winners from a game's outcome: `scores`/`prestige` as {seat or name: points},
    `winner` (or `winners`) as a seat, a name or a list of them. Cooperative games: everyone wins when the table won."""
    points = outcome.get("scores") or outcome.get("prestige") or {}
    won = outcome.get("winner") or outcome.get("winners")  # 21 Mutinies' outcome names its winners (a tie shares)
    winners = set(won if isinstance(won, list) else [won] if won else [])
    out = []
    for p in players:
        p = dict(p)
        keys = {p.get("seat"), p.get("name")} - {None, ""}
        if p.get("score") is None and isinstance(points, dict):
            for k in keys:
                v = points.get(k)
                if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
                    p["score"] = v
        if winners:
            p["winner"] = bool(keys & winners)
        elif not competitive:
            p["winner"] = result == "won"
        out.append(p)
    return out


def extras(game: str, options: dict) -> tuple[list[str], list[str]]:
    """(expansions, variants) from a castaway game's setup options."""
    exp = [str(x) for x in options.get("expansions") or [] if x]
    var = [str(x) for x in options.get("variants") or [] if x]
    for key, kind, name in info(game).extras:
        if options.get(key):
            (exp if kind == "expansion" else var).append(name)
    return exp, var


# -- people: players grouped by name (one person may hold several seats) ---------------------------


def people(play: dict) -> list[dict]:
    """One entry per person: their seats, colours and roles joined; unnamed seats are 'Anonymous'."""
    order: list[str] = []
    by: dict[str, dict] = {}
    for pos, p in enumerate(play.get("players") or [], start=1):
        name = p.get("name") or ANONYMOUS
        if name not in by:
            order.append(name)
            by[name] = {"name": name, "seats": [], "colours": [], "roles": [], "score": None, "winner": False,
                        "new": False, "start": False, "position": pos}
        e = by[name]
        for key, field in (("seats", "seat"), ("colours", "colour"), ("roles", "role")):
            if p.get(field):
                e[key].append(p[field])
        if e["score"] is None and p.get("score") is not None:
            e["score"] = p["score"]
        e["winner"] |= bool(p.get("winner"))
        e["new"] |= bool(p.get("new"))
        e["start"] |= bool(p.get("start"))
    return [by[n] for n in order]


# -- filters and edits -----------------------------------------------------------------------------


def select(entries: list[dict], game: str | None = None, player: str | None = None,
           since: str | None = None, until: str | None = None, now: datetime | None = None) -> list[dict]:
    """Entries ({id, data, ...}) whose game, player (any seat's name) and start date match, oldest first by
    the time the play started (a play added later for an earlier date takes its place by date)."""
    lo = parse_when(since, "--since", now) if since else None
    hi = parse_when(until, "--until", now, end_of_day=True) if until else None
    if lo and hi and hi < lo:
        raise UsageError(_("--until {until!r} is before --since {since!r}").format(until=until, since=since))
    who = player.strip().lower() if player else None
    out = []
    for e in entries:
        d = e["data"]
        if game and d["game"] != game:
            continue
        if who and not any((p.get("name") or "").lower() == who for p in d.get("players") or []):
            continue
        when = datetime.fromisoformat(d["started"])
        if (lo and when < lo) or (hi and when > hi):
            continue
        out.append(e)
    out.sort(key=lambda e: (e["data"]["started"], e.get("id") or 0))  # oldest first, as played
    return out


def edit(data: dict, changes: dict, now: datetime | None = None) -> dict:
    """A play with changes applied, checked again. `changes` holds fields to replace plus per-player
    edits: scores {name: points}, winners [names] (the others lose), new [names], roles {name: role},
    add [{name, colour}] (a player the play left out), remove [names]."""
    d = {k: v for k, v in data.items()}
    d["players"] = [dict(p) for p in data.get("players") or []]
    names = {(p.get("name") or "").lower(): p for p in d["players"]}

    def player(name: str) -> dict:
        p = names.get(name.strip().lower())
        if p is None:
            shown = ", ".join(p.get("name") or _("(unnamed)") for p in d["players"]) or _("none")
            raise UsageError(_("player {name!r} is not in this play; its players: {shown}").format(name=name, shown=shown))
        return p

    for key in ("started", "ended", "duration_min", "location", "comments", "result", "edition",
                "expansions", "variants", "players"):
        if key in changes:
            d[key] = changes[key]
    if "players" in changes:
        names = {(p.get("name") or "").lower(): p for p in d["players"]}
    for name in changes.get("remove") or []:
        gone = player(name)
        d["players"] = [p for p in d["players"] if p is not gone]
        names = {(p.get("name") or "").lower(): p for p in d["players"]}
    for new_player in changes.get("add") or []:
        if new_player["name"].strip().lower() in names:
            raise UsageError(_("player {name!r} is in this play already").format(name=new_player["name"]))
        won = d.get("result") == "won" and not info(d["game"]).competitive
        d["players"].append({"name": new_player["name"].strip(), "seat": new_player.get("colour", ""),
                             "colour": new_player.get("colour", ""), "winner": won})
        names = {(p.get("name") or "").lower(): p for p in d["players"]}
    for name, score in (changes.get("scores") or {}).items():
        player(name)["score"] = score
    if changes.get("winners") is not None:
        chosen = {id(player(n)) for n in changes["winners"]}
        for p in d["players"]:
            p["winner"] = id(p) in chosen
    for name in changes.get("new") or []:
        player(name)["new"] = True
    for name, role in (changes.get("roles") or {}).items():
        player(name)["role"] = role
    if changes.get("outcome"):
        d["outcome"] = {**(d.get("outcome") or {}), **changes["outcome"]}
    return validate(d, now)
