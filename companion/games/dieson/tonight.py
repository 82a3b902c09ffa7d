"""Dieson Crusoe: what tonight takes as the board stands (the meal, the Weather and Raid penalties), and
the warning a step carries when that is the last health (§ Evening)."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...i18n import _
from ...table import Table
from . import rules as R
from .menus import res


def tonight(t: Table, cat: GameCatalog, ate: bool = False) -> tuple[int, list[str], list[str]]:
    """(health after tonight, what each step takes, what would spare the health) as the board stands: the
    meal (food, else health; `ate`: done already), the Weather penalty, the Raid penalty (§ Evening). No
    die is rolled: the Weather and Raid dice lie on their boxes, so this is what will happen unless the
    table changes it."""
    c = dict(t.data["counters"])
    s = R.dc(t)
    bits, spare = [], []
    if not ate:
        if c["food"]:
            c["food"] -= 1
        else:
            c["health"] -= 1
            bits.append(_("no food: -1 health"))
            spare.append(_("food"))
    w = s["icons"]["weather"]["v"]
    roofs, hurt = R.weather_penalty(w, c["roof"])
    c["roof"] -= roofs
    c["health"] -= hurt
    if roofs or hurt:
        bits.append(_("Weather {v}: {what}").format(v=w, what=_losses({"roof": roofs, "health": hurt})))
    if hurt:
        spare.append(_("roofs"))
    if c["health"] > 0:
        r = s["icons"]["raid"]["v"]
        card = cat.deck("areas").card(R.area(t))
        took = {k: min(c[k], n) for k, n in R.raid_penalty(r, card, c["fence"]).items()}
        for k, n in took.items():
            c[k] -= n
        if any(took.values()):
            bits.append(_("Raid {v} ({area}): {what}").format(v=r, area=card.name, what=_losses(took)))
        if took.get("health") and (card.get("raid") or {}).get("fence"):
            spare.append(_("fences"))
    return c["health"], bits, spare


def _losses(d: dict[str, int]) -> str:
    return ", ".join(f"-{n} {res(k)}" for k, n in d.items() if n)


def warning(t: Table, cat: GameCatalog, ate: bool = False):
    """The warning (Step.odds) when tonight takes the last health, else None: who dies, how sure it is
    (certain: no die is rolled), and what would spare them."""
    after, bits, spare = tonight(t, cat, ate)
    if after > 0:
        return None
    who = cat.characters[R.dc(t)["character"]].name
    hp = R.count(t, "health")
    spare.append(_("health"))

    def lines() -> list[str]:
        return [_("Warning: tonight {what}: the {who} dies for certain (health {hp} → 0; the dice lie on the board) "
                  "unless you get {spare} first.").format(what="; ".join(bits), who=who, hp=hp, spare=_(" or ").join(spare))]
    return lines
