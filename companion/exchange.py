"""Plays to and from other formats: CSV, castaway JSON, BoardGameGeek plays XML, BG Stats. Pure (text in,
text out; the CLI writes the files atomically).

An entry is a stored play: {"id", "uid", "game_id", "data"} where data is a validated play (plays.py).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import urllib.parse
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta

from .errors import UsageError
from .i18n import _
from .plays import ANONYMOUS, info, match_game, people, validate
from .playtimes import iso, local, parse_when
from .playwords import term

FORMAT = "castaway-plays"
MAX_MINUTES = 60 * 24 * 14  # the longest play validate() accepts
VERSION = 1
BGSTATS_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "castaway"

# -- castaway JSON: every field, importable back with no loss ----------------------------------------


def to_json(entries: list[dict], exported: str) -> str:
    plays = [{"id": e["id"], "uid": e["uid"], "game_id": e["game_id"], **e["data"]} for e in entries]
    return json.dumps({"format": FORMAT, "version": VERSION, "exported": exported, "plays": plays},
                      ensure_ascii=False, indent=2, sort_keys=True) + "\n"


TOP_KEYS = ("format", "version", "exported", "plays")  # what to_json writes


def _load(text, name: str):
    """The parsed document (a text is parsed here, bounded in size, nesting and number of values)."""
    from .bounded import MAX_VALUES, loads_json

    return loads_json(text, name, _("nothing was imported"), MAX_VALUES) if isinstance(text, str) else text


def read(text: str, name: str, fmt: str = "auto") -> tuple[str, object]:
    """("json" or "bgstats", the parsed document): the format read from the content, whatever the order
    of its keys: a castaway export says its "format"; a BG Stats export has "games" and "plays" lists."""
    doc = _load(text, name)
    if fmt == "auto":
        if isinstance(doc, dict) and "format" in doc:
            fmt = "json"
        elif isinstance(doc, dict) and "games" in doc and "plays" in doc:
            fmt = "bgstats"
        else:
            raise UsageError(_("{name}: neither a castaway plays export (\"format\": \"{format}\") nor a BG Stats export "
                               "(\"games\" and \"plays\" lists); nothing was imported").format(name=name, format=FORMAT))
    return fmt, doc


def _games() -> set[str]:
    from . import catalog
    from .plays import games

    return set(games()) | set(catalog.game_ids())


def _key(value):
    """A reference id as a dictionary key: ids are numbers or text; anything else matches nothing."""
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def from_json(text: str, name: str, now: datetime | None = None) -> list[dict]:
    """Entries ({uid, game_id, data}) from a castaway JSON export; every play is checked first."""
    doc = _load(text, name)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise UsageError(_("{name}: not a castaway plays export (no \"format\": \"{format}\"); nothing was imported")
                         .format(name=name, format=FORMAT))
    extra = [k for k in doc if k not in TOP_KEYS]
    if extra:
        raise UsageError(_("{name}: unknown key {key!r}; accepted: {keys}; nothing was imported")
                         .format(name=name, key=extra[0], keys=", ".join(TOP_KEYS)))
    if not isinstance(doc.get("exported", ""), str):
        raise UsageError(_("{name}: \"exported\" should be a date as text; nothing was imported").format(name=name))
    v = doc.get("version")
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= VERSION:
        raise UsageError(_("{name}: export version {version!r}; this castaway reads version {ours}; nothing was imported")
                         .format(name=name, version=doc.get("version"), ours=VERSION))
    plays = doc.get("plays")
    if not isinstance(plays, list):
        raise UsageError(_("{name}: \"plays\" should be a list; nothing was imported").format(name=name))
    out: list[dict] = []
    linked: dict[int, str] = {}  # a game's number -> the game its plays are of
    known = _games()
    for i, p in enumerate(plays):
        if not isinstance(p, dict):
            raise UsageError(_("{name}: play {n} should be an object; nothing was imported").format(name=name, n=i + 1))
        game = p.get("game")
        if not isinstance(game, str) or game.strip().lower() not in known:
            raise UsageError(_("{name}: play {n}: game {game!r} is not one castaway logs; accepted: {accepted}; nothing was imported")
                             .format(name=name, n=i + 1, game=game, accepted=", ".join(sorted(known))))
        ref = p.get("game_id")
        if ref is not None and (isinstance(ref, bool) or not isinstance(ref, int) or ref < 1):
            raise UsageError(_("{name}: play {n}: \"game_id\" {ref!r} should be a game's number or null; nothing was imported")
                             .format(name=name, n=i + 1, ref=ref))
        if ref is not None and linked.setdefault(ref, game.strip().lower()) != game.strip().lower():
            raise UsageError(_("{name}: play {n} of {game} is linked to game {ref}, whose other plays are of {other}; "
                               "nothing was imported").format(name=name, n=i + 1, game=game, ref=ref, other=linked[ref]))
        uid = p.get("uid")
        if not isinstance(uid, str) or not uid.strip():
            raise UsageError(_("{name}: play {n} has no \"uid\"; nothing was imported").format(name=name, n=i + 1))
        gid = p.get("game_id")
        try:
            data = validate(p, now)
        except UsageError as e:
            raise UsageError(_("{name}: play {n}: {error}; nothing was imported").format(name=name, n=i + 1, error=e)) from None
        out.append({"uid": uid.strip(), "game_id": gid if isinstance(gid, int) and not isinstance(gid, bool) else None,
                    "data": data})
    return out


# -- CSV: one row per player per play (a player holding several seats: one row, the seats joined) ------

CSV_COLUMNS = ("play", "date", "game", "game_name", "edition", "started", "ended", "duration_min", "location",
               "result", "outcome", "player", "seat", "colour", "role", "score", "winner", "new", "start",
               "alive", "expansions", "variants", "comments")


def to_csv(entries: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for e in entries:
        d = e["data"]
        base = [e["id"], local(d["started"], "%Y-%m-%d"), d["game"], info(d["game"]).name, d["edition"],
                d["started"], d["ended"], "" if d["duration_min"] is None else d["duration_min"], d["location"],
                d["result"], json.dumps(d["outcome"], ensure_ascii=False, sort_keys=True)]
        tail = ["; ".join(d["expansions"]), "; ".join(d["variants"]), d["comments"]]
        seats = d["players"] or []
        for p in people(d) if seats else [None]:
            if p is None:
                w.writerow(base + [""] * 9 + tail)
                continue
            mine = [s for s in seats if (s.get("name") or ANONYMOUS) == p["name"]]
            alive = [s.get("alive") for s in mine if s.get("alive") is not None]
            w.writerow(base + [p["name"] if any(s.get("name") for s in mine) else "", "/".join(p["seats"]),
                               "/".join(p["colours"]), "/".join(p["roles"]),
                               "" if p["score"] is None else p["score"], _yn(p["winner"]), _yn(p["new"]),
                               _yn(p["start"]), "/".join(_yn(a) for a in alive)] + tail)
    return buf.getvalue()


def _yn(v) -> str:
    return "" if v is None else ("1" if v else "0")


# -- BoardGameGeek plays XML (the XML API2 `plays` shape) ---------------------------------------------


def missing_bgg(entries: list[dict], bgg_ids: dict[str, int]) -> list[str]:
    return sorted({e["data"]["game"] for e in entries} - set(bgg_ids))


def _comments(d: dict) -> str:
    from .playwords import describe

    lines = [d["comments"]] if d["comments"] else []
    lines.append(f"{info(d['game']).name}: {describe(d)}")
    if d["expansions"]:
        lines.append(_("expansions: {names}").format(names=", ".join(term(x) for x in d["expansions"])))
    if d["variants"]:
        lines.append(_("variants: {names}").format(names=", ".join(term(x) for x in d["variants"])))
    return "\n".join(lines)


def to_bgg_xml(entries: list[dict], bgg_ids: dict[str, int]) -> str:
    missing = missing_bgg(entries, bgg_ids)
    if missing:
        raise UsageError(
            _("no BoardGameGeek id for {games}: BGG needs one per game; set it with "
              "castaway plays bgg-id {first} ID (the number in the game's boardgamegeek.com address)")
            .format(games=", ".join(missing), first=missing[0])
        )
    root = ET.Element("plays", {"username": "", "userid": "0", "total": str(len(entries)), "page": "1",
                                "termsofuse": "https://boardgamegeek.com/xmlapi/termsofuse"})
    for e in entries:
        d = e["data"]
        play = ET.SubElement(root, "play", {
            "id": str(e["id"]), "date": local(d["started"], "%Y-%m-%d"), "quantity": "1",
            "length": str(round(d["duration_min"] or 0)), "incomplete": "1" if d["result"] == "abandoned" else "0",
            "nowinstats": "0", "location": d["location"],
        })
        item = ET.SubElement(play, "item", {"name": info(d["game"]).name, "objecttype": "thing",
                                            "objectid": str(bgg_ids[d["game"]])})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        players = ET.SubElement(play, "players")
        for p in people(d):
            ET.SubElement(players, "player", {
                "username": "", "userid": "0", "name": p["name"], "startposition": str(p["position"]),
                "color": "/".join(p["colours"] or p["seats"]), "score": "" if p["score"] is None else str(p["score"]),
                "new": "1" if p["new"] else "0", "rating": "0", "win": "1" if p["winner"] else "0",
            })
        ET.SubElement(play, "comments").text = _comments(d)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# -- BG Stats: push-play JSON and its bgstats:// link ---------------------------------------------------


def to_bgstats(entry: dict, bgg_ids: dict[str, int]) -> dict:
    d = entry["data"]
    g = info(d["game"])
    who = people(d)
    game = {"name": g.name, "highestWins": True, "noPoints": not any(p["score"] is not None for p in who),
            "sourceGameId": d["game"]}
    if d["game"] in bgg_ids:
        game["bggId"] = bgg_ids[d["game"]]
    scores = sorted({p["score"] for p in who if p["score"] is not None}, reverse=True)
    players = []
    for p in who:
        row = {"name": p["name"], "winner": p["winner"], "role": ", ".join(p["roles"]),
               "startPlayer": p["start"], "sourcePlayerId": p["name"].lower()}
        if p["score"] is not None:
            row["score"] = p["score"]
            row["rank"] = scores.index(p["score"]) + 1
        players.append(row)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": entry["uid"],
        "playDate": local(d["started"], "%Y-%m-%d %H:%M:%S"),
        "durationMin": round(d["duration_min"] or 0),
        "location": d["location"],
        "comments": _comments(d),
        "game": game,
        "players": players,
    }


def bgstats_link(push: dict) -> str:
    return BGSTATS_LINK + urllib.parse.quote(json.dumps(push, ensure_ascii=False, separators=(",", ":")), safe="")


def decode_bgstats_link(link: str) -> dict:
    if not link.startswith(BGSTATS_LINK):
        raise UsageError(_("{link!r}... is not a BG Stats link; it should start with {start}").format(link=link[:40], start=BGSTATS_LINK))
    return json.loads(urllib.parse.unquote(link[len(BGSTATS_LINK):]))


def counted(entries: list[dict]) -> tuple[list[dict], list[dict]]:
    """(plays BG Stats may take, abandoned plays). BG Stats' push-play format (the createPlay link and
    its JSON) documents no field for a play that should not count, and a play pushed without a winner
    counts as a loss for everyone: abandoned plays stay out of the BG Stats exports."""
    kept = [e for e in entries if e["data"]["result"] != "abandoned"]
    return kept, [e for e in entries if e["data"]["result"] == "abandoned"]


def to_bgstats_json(entries: list[dict], bgg_ids: dict[str, int]) -> str:
    return json.dumps([to_bgstats(e, bgg_ids) for e in counted(entries)[0]], ensure_ascii=False, indent=2) + "\n"


def to_bgstats_links(entries: list[dict], bgg_ids: dict[str, int]) -> str:
    return "".join(bgstats_link(to_bgstats(e, bgg_ids)) + "\n" for e in counted(entries)[0])


# -- BG Stats export file (BGStatsExport.json) -------------------------------------------------------


def _by_id(doc: dict, key: str, name: str) -> dict:
    items = doc.get(key, [])
    if not isinstance(items, list) or not all(isinstance(x, dict) and _key(x.get("id")) is not None for x in items):
        raise UsageError(_("{name}: \"{key}\" should be a list of objects with an \"id\" (a number or text); nothing was imported")
                         .format(name=name, key=key))
    return {x["id"]: x for x in items}


def from_bgstats_export(text: str, name: str, bgg_ids: dict[str, int],
                        now: datetime | None = None) -> tuple[list[dict], dict[str, int]]:
    """Our four games' plays from a BG Stats export, and {other game's name: plays skipped}."""
    doc = _load(text, name)
    if not isinstance(doc, dict) or not isinstance(doc.get("plays"), list) or not isinstance(doc.get("games"), list):
        raise UsageError(_("{name}: not a BG Stats export (it needs \"games\" and \"plays\" lists); nothing was imported").format(name=name))
    games = _by_id(doc, "games", name)
    players = _by_id(doc, "players", name)
    places = _by_id(doc, "locations", name)
    ours = {}
    for gid, g in games.items():
        bgg = g.get("bggId") if isinstance(g.get("bggId"), int) else None
        ours[gid] = match_game(str(g.get("name") or ""), bgg, bgg_ids)
    out: list[dict] = []
    skipped: dict[str, int] = {}  # a game castaway does not log -> its plays left out
    for i, p in enumerate(doc["plays"]):
        where = _("{name}: play {n}").format(name=name, n=i + 1)
        if not isinstance(p, dict):
            raise UsageError(_("{where} should be an object; nothing was imported").format(where=where))
        ref = _key(p.get("gameRefId"))
        if ref not in games:
            raise UsageError(_("{where}: gameRefId {ref!r} is not in \"games\"; nothing was imported").format(where=where, ref=p.get("gameRefId")))
        game = ours[ref]
        if game is None:
            label = str(games[ref].get("name") or _("game {ref}").format(ref=ref))
            skipped[label] = skipped.get(label, 0) + 1
            continue
        try:
            out.append(_bgstats_play(p, game, games, players, places, now))
        except UsageError as e:
            raise UsageError(_("{where}: {error}; nothing was imported").format(where=where, error=e)) from None
    return out, skipped


def _bgstats_play(p: dict, game: str, games: dict, players: dict, places: dict, now) -> dict:
    started = parse_when(p.get("playDate"), "playDate", now)
    duration = p.get("durationMin") or None
    scores = p.get("playerScores") or []
    if not isinstance(scores, list):
        raise UsageError(_("playerScores should be a list"))
    seats = []
    for s in scores:
        if not isinstance(s, dict) or _key(s.get("playerRefId")) not in players:
            raise UsageError(_("player score {score!r} names no player in \"players\"").format(score=s))
        seats.append({
            "name": str(players[s["playerRefId"]].get("name") or ""),
            "role": str(s.get("role") or ""), "score": s.get("score"),
            "winner": bool(s.get("winner")), "new": bool(s.get("newPlayer")), "start": bool(s.get("startPlayer")),
        })
    won = any(x["winner"] for x in seats)
    place = p.get("locationRefId")
    if place is not None and _key(place) not in places:
        raise UsageError(_("locationRefId {ref!r} is not in \"locations\"").format(ref=place))
    loc = places[_key(place)].get("name", "") if place is not None else ""
    expansions = [str(games[x["gameRefId"]].get("name") or "") for x in p.get("expansionPlays") or []
                  if isinstance(x, dict) and _key(x.get("gameRefId")) in games]
    uid = p.get("uuid")
    if not isinstance(uid, str) or not uid:
        key = json.dumps([game, p.get("playDate"), [x["name"] for x in seats]], ensure_ascii=False)
        uid = hashlib.sha256(key.encode()).hexdigest()[:32]
    data = validate({
        "game": game, "started": iso(started),
        "ended": iso(started + timedelta(minutes=duration))
        if isinstance(duration, (int, float)) and not isinstance(duration, bool) and 0 <= duration <= MAX_MINUTES else "",
        "duration_min": duration, "location": str(loc or ""), "result": "won" if won else "lost",
        "players": seats, "expansions": expansions, "variants": [str(p["board"])] if p.get("board") else [],
        "comments": str(p.get("comments") or ""), "source": "bgstats",
        "outcome": {"rounds": p["rounds"]} if p.get("rounds") else {},
    }, now)
    return {"uid": f"bgstats:{uid}", "game_id": None, "data": data}
