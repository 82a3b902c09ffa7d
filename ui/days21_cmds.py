"""21 Days: one command per procedure. Each records the same action the guided game (`castaway play`)
records at that point; leave out --faces to roll virtually, or type the faces your dice show.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from companion import session
from companion.errors import UsageError
from companion.games.days21 import abilities as ab
from companion.games.days21 import attacks as at
from companion.games.days21 import bottle as bo
from companion.games.days21 import day21, scruffs
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import locations as lo
from companion.games.days21.core import ROLL
from companion.games.days21.correct import TableFix
from companion.i18n import N_, _
from ui import games
from ui.acting import act
from ui.common import command, emit_json, out, show_board, store
from ui.text import esc

# How each 21 Days action is typed, after `castaway 21days` (ui/nextwords.py words a refusal's Next with it):
# {field} is filled from what the refusal knows, FIELD is left for the table to give.
WORDS: dict[str, Any] = {  # a template, or a function of the Next's args giving one
    # -- attacks, hazards, abilities, events, Scruffs --------------------------------------------------
    "d21-shark-phase": "shark-phase", "d21-shark-attack": "shark-attack --faces FACES", "d21-shark-bite": "shark-bite {fin} --face FACE",  # untranslated: command words
    "d21-colour-token": "colour-token {seat}", "d21-octopus": "octopus --face {face}", "d21-tentacle": "tentacle --white FACE",  # untranslated: command words
    "d21-pjotr": "pjotr", "d21-jellyfish": lambda a: "dive --who {who} --suitcase {suitcase}" if a.get("opened") else "jellyfish" + (" --card {card}" if a.get("drawn") else ""), "d21-paranoia": "paranoia --face FACE", "d21-plank": "plank --face FACE",  # untranslated: command words
    "d21-steal-die": "steal-die --who WHO", "d21-disaster": "disaster --card CARD", "d21-logbook": "logbook SECTION SYMBOLS",  # untranslated: command words
    "d21-symbol": lambda a: "symbol swap-new --token {token}" if a.get("sym") == "swap-new" else "symbol SYMBOL", "d21-weather": "weather --face FACE", "d21-ability": "ability WHO", "d21-magnusson": "professor",  # untranslated: command words
    "d21-flip-token": "flip-token SEAT", "d21-special-hope": "special-hope SEAT TOKEN", "d21-dolphin": "dolphin SEAT --face FACE",  # untranslated: command words
    "d21-scruffs": lambda a: "scruffs --card {card}" if a.get("drawn") else "scruffs", "d21-scruffs-use": "scruffs-use",  # untranslated: command words


    # -- locations, the bottle, day 21, the day's flow -----------------------------------------------
    "d21-setup-done": "setup-done", "d21-setup-swap": "setup-swap TOKEN", "d21-activate": "activate", "d21-end-day": "end-day", "d21-flare": "flare",  # untranslated: command words
    "d21-hope": "hope-roll", "d21-swap": lambda a: "swap --card {card}" if a.get("drawn") else "swap", "d21-fishing": "fish", "d21-plank-spot": "plank-spot", "d21-kid": "kid",  # untranslated: command words
    "d21-place": lambda a: "place {seat} {location}" + (" --white" if a.get("extra") else ""),  # untranslated: command words
    "d21-place-all": "place {seat} {location}",  # untranslated: command words
    "d21-horvath": lambda a: "horvath --stop" if a.get("stop") else "horvath",  # untranslated: command words
    "d21-bottle": lambda a: "bottle {mode}" + (" --seat {seat}" if "seat" in a else "") + (" --card {card}" if a.get("drawn") else ""),  # untranslated: command words
    "d21-play-card": lambda a: "play-card {seat}" + (" --keep" if a.get("keep") else ""),  # untranslated: command words
    "d21-plant": lambda a: "plant --harvest" if a.get("harvest") else "plant",  # untranslated: command words
    "d21-day21": lambda a: {"rosina": "day21 rosina --where {where}", "pass": "day21 pass"}.get(a.get("what"), "day21 {what}"),  # untranslated: command words

}


GROUP = games.group("21days")


def over_why(table, cat, over: dict) -> str:
    """How the game ended, for the game-over line (ui/acting.py)."""
    return _(over["how"]) if over.get("how") else ""


Faces = Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The faces your dice show, e.g. 6,1,3 (leave out: virtual roll)."))]
Face = Annotated[Optional[str], typer.Option("--face", "-f", help=_("The face your die shows (leave out: virtual roll)."))]
Seats = Annotated[Optional[str], typer.Option("--seats", help=_("Who rolls there, e.g. red,blue (default: today's placements)."))]
To = Annotated[Optional[str], typer.Option("--to", help=_("Who receives, e.g. red,blue."))]
Use = Annotated[Optional[list[str]], typer.Option("--use", help=_("After the die showed, before it counts: aleta FACE, reroll SEAT FACE, scruffs FACE, special SEAT ±1|±2 FACE, dolphin SEAT, professor FACE, pjotr (a die other than the first: N:FACE); repeatable, in order."))]
Reroll = Annotated[Optional[str], typer.Option("--reroll", help=_("The reroll ability token's new face, once the die showed (its only holder's token)."))]


def helped(build, use=None, reroll=None):
    """The procedure, and what the table did to its die once it showed (--use, --reroll), in one action."""
    from companion.games.days21.afterdie import AfterDie

    uses = [*(use or []), *([f"reroll {reroll}"] if reroll else [])]
    if not uses:
        return build
    return lambda t, c: AfterDie.parse(t, c, build(t, c), uses)


def cmd(name: str, table: bool = True):
    return command(name, app=GROUP, table=table)


@cmd("shark-phase")
def shark_phase_cmd():
    """Shark phase: the card slides one step closer (it stays the day after an attack); Herr Pfennig's hope.

    Example: castaway 21days shark-phase
    """
    act(at.SharkPhase())


@cmd("shark-attack")
def shark_attack_cmd(
    faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("Shark dice as outer/inner, one per bite: 2/5,3/4,1/1,6/2."))] = None,
    tokens: Annotated[Optional[str], typer.Option("--tokens", help=_("Colour tokens that fell for bites at an empty spot, in order."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """The shark attack: four bites (outer die: the fin and raft spot; inner: the bite's strength).

    Example: castaway 21days shark-attack --faces 2/5,3/4,1/1,6/2
    """
    act(helped(lambda t, c: at.SharkAttack.parse(t, c, faces=faces, tokens=tokens or (ROLL if faces is None else None), all=faces is None), use, reroll))


@cmd("shark-bite")
def shark_bite_cmd(
    fin: Annotated[int, typer.Argument(help=_("1 or 6: the logbook's single shark."))],
    face: Face = None,
    token: Annotated[Optional[str], typer.Option("--token", help=_("The colour token, if that spot is empty."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """Shark 1 or Shark 6 bites once (only the inner die counts).

    Example: castaway 21days shark-bite 6 --face 4
    """
    act(helped(lambda t, c: at.SharkBite.parse(t, c, fin, face, token), use, reroll))


@cmd("colour-token")
def colour_token_cmd(seat: Annotated[Optional[str], typer.Argument(help=_("Whose token fell (leave out: virtual drop)."))] = None):
    """Drop the colour tokens: record whose fell (for an empty shark spot, a tie, or a victim to pick).

    Example: castaway 21days colour-token yellow
    """
    act(lambda t, c: at.ColourToken.parse(t, c, seat))


@cmd("octopus")
def octopus_cmd(face: Annotated[Optional[str], typer.Option("--face", "-f", help=_("blank or tentacle."))] = None,
                use: Use = None, reroll: Reroll = None):
    """Roll the octopus die: blank sleeps, a tentacle starts the fight.

    Example: castaway 21days octopus --face tentacle
    """
    act(helped(lambda t, c: at.Octopus.parse(t, c, face), use, reroll))


@cmd("tentacle")
def tentacle_cmd(
    white: Annotated[Optional[str], typer.Option("--white", help=_("The white die."))] = None,
    defence: Annotated[Optional[str], typer.Option("--defence", help=_("The grabbed survivor's placement die."))] = None,
    token: Annotated[Optional[str], typer.Option("--token", help=_("The colour token, when strengths tie."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """One tentacle of the octopus: white die picks the victim by visible strength, who defends.

    Example: castaway 21days tentacle --white 5 --defence 6
    """
    if (use or reroll) and bool(white) == bool(defence):
        raise UsageError(_("with --use or --reroll, give the one die that showed: --white or --defence"))
    if use or reroll:  # the die changed is the one given; the fight stops there for the next die
        build = (lambda t, c: at.Tentacle.parse(t, c, white, None, None)) if white else (lambda t, c: at.Tentacle.parse(t, c, None, None, defence))
        return act(helped(build, use, reroll))
    act(lambda t, c: at.Tentacle.parse(t, c, white or ROLL, token or ROLL, defence or ROLL))


@cmd("jellyfish")
def jellyfish_cmd(
    who: Annotated[Optional[str], typer.Option("--who", help=_("Who fell in (leave out: colour tokens, virtual)."))] = None,
    card: Annotated[Optional[str], typer.Option("--card", help=_("The card drawn: its number, name or id (swarm-a), its challenges '>1,>2,<3,<4', or 'draw' (castaway draws)."))] = None,
    faces: Faces = None,
    use: Use = None, reroll: Reroll = None,
):
    """A jellyfish swarm: four challenge rolls of the placement die, 1 strength per miss.

    Example: castaway 21days jellyfish --who red --card swarm-a --faces 2,3,1,3
    """
    act(helped(lambda t, c: at.Jellyfish.parse(t, c, who, card, faces), use, reroll))


@cmd("dive")
def dive_cmd(
    who: Annotated[str, typer.Option("--who", help=_("The diver (pays 2 hope)."))],
    card: Annotated[Optional[str], typer.Option("--card", help=_("The jellyfish card: its number, name or id, its challenges, or 'draw' (castaway draws)."))] = None,
    faces: Faces = None,
    suitcase: Annotated[Optional[str], typer.Option("--suitcase", help=_("The suitcase token turned up: kite, hope or empty; 'draw': castaway draws (left out: asked, or drawn by castaway with virtual decks)."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """Kite expansion: dive at the jellyfish location for a suitcase (2 hope, a jellyfish swim).

    Example: castaway 21days dive --who blue --card swarm-a --faces 3,4,1,2 --suitcase kite
    """
    act(helped(lambda t, c: at.Jellyfish.parse(t, c, who, card, faces, dive=True, suitcase=suitcase), use, reroll))


@cmd("paranoia")
def paranoia_cmd(
    who: Annotated[Optional[str], typer.Option("--who", help=_("Whom the colour tokens picked."))] = None,
    face: Face = None,
    pay: Annotated[int, typer.Option("--pay", help=_("Hope the victim pays from their own tokens, 1 per point."))] = 0,
    use: Use = None, reroll: Reroll = None,
):
    """Paranoia strikes: the placement die says how much strength is lost; own hope can buy it off.

    Example: castaway 21days paranoia --who blue --face 4 --pay 2
    """
    act(helped(lambda t, c: at.Paranoia.parse(t, c, who, face, pay), use, reroll))


@cmd("plank")
def plank_cmd(face: Face = None, use: Use = None, reroll: Reroll = None):
    """A plank drifts off: even by the flares, odd by the bottle; the survivor there moves or drowns.

    Example: castaway 21days plank --face 3
    """
    act(helped(lambda t, c: at.PlankLoss.parse(t, c, face), use, reroll))


@cmd("steal-die")
def steal_die_cmd(who: Annotated[Optional[str], typer.Option("--who", help=_("Whom the colour tokens picked."))] = None):
    """The octopus steals a strength die for good.

    Example: castaway 21days steal-die --who red
    """
    act(lambda t, c: at.StealDie.parse(t, c, who))


@cmd("pjotr")
def pjotr_cmd(let: Annotated[bool, typer.Option("--let", help=_("Let the wound stand instead."))] = False):
    """Pjotr pays 2 hope to cancel the shark or octopus wound just dealt.

    Example: castaway 21days pjotr
    """
    act(at.PjotrCancel(not let))


@cmd("disaster")
def disaster_cmd(
    card: Annotated[Optional[str], typer.Option("--card", help=_("The card drawn: its number, name or id; 'draw': castaway draws (left out: asked, or drawn by castaway with virtual decks)."))] = None,
    avert: Annotated[str, typer.Option("--avert", help=_("Who pays to avert it: red=1,blue=1; token:SEAT; no."))] = "no",
    token: Annotated[Optional[str], typer.Option("--token", help=_("The colour token the card's effect asks for (leave out: virtual)."))] = None,
    face: Face = None,
):
    """The starting player draws a disaster card; pay the hope shown to avert it, or suffer it.

    Example: castaway 21days disaster --card octopus-grab --token red --face 4
    """
    act(lambda t, c: ev.Disaster.parse(t, c, card=card, avert=avert, token=token, face=face))


@cmd("logbook")
def logbook_cmd(
    section: Annotated[str, typer.Argument(help=_("morning, midday or evening."))],
    symbols: Annotated[Optional[list[str]], typer.Argument(help=_("The symbols in the card's order: numbers on the symbol chart or names (castaway 21days symbols)."))] = None,
):
    """The symbols today's logbook card shows in one part of the day; each becomes a task.

    Example: castaway 21days logbook morning 3 12
    """
    act(lambda t, c: ev.LogbookSymbols.parse(t, c, section, tuple(symbols or ())))


@cmd("symbol")
def symbol_cmd(
    sym: Annotated[str, typer.Argument(help=_("A logbook symbol without dice: two-hope, ship-right, all-minus1, ..."))],
    to: To = None,
    token: Annotated[Optional[str], typer.Option("--token", help=_("Swap location token chosen or drawn: its number, name or id; 'draw': castaway draws."))] = None,
):
    """Apply one logbook symbol that needs no dice.

    Example: castaway 21days symbol two-hope --to red,blue
    """
    act(lambda t, c: ev.Symbol.parse(t, c, sym, to, token))


@cmd("weather")
def weather_cmd(
    face: Annotated[Optional[str], typer.Option("--face", "-f", help=_("clear, cloud or lightning."))] = None,
    result: Annotated[Optional[str], typer.Option("--result", help=_("What the flicked cloud covers (tomorrow's effect)."))] = None,
):
    """Weather expansion: roll the weather die; then record what the flicked cloud covers.

    Example: castaway 21days weather --face cloud   then   castaway 21days weather --result fishing
    """
    act(lambda t, c: ev.Weather.parse(t, c, face, result))


@cmd("place")
def place_cmd(
    seat: Annotated[str, typer.Argument(help=_("The survivor placing."))],
    location: Annotated[str, typer.Argument(help=_("flare, jellyfish, receive, play, swap, hope, fishing, plank, kid, none."))],
    extra: Annotated[bool, typer.Option("--white", help=_("The white die of the Extra hands bottle card."))] = False,
):
    """Place a survivor's placement die (not rolled yet).

    Example: castaway 21days place red flare
    """
    act(lambda t, cat: fl.Place.parse(t, cat, seat, location, extra))


@cmd("activate")
def activate_cmd():
    """All dice are placed: queue the locations in board order.

    Example: castaway 21days activate
    """
    act(fl.Activate())


@cmd("end-day")
def end_day_cmd():
    """End the day: the starting player passes clockwise, the next logbook page comes up.

    Example: castaway 21days end-day
    """
    act(fl.EndDay())


@cmd("fix")
def fix_cmd(
    what: Annotated[str, typer.Argument(help=_("swap (the swap location's token), held (the bottle cards a survivor holds), special (the special hope tokens used), ability (whose ability tokens are used)."))],
    items: Annotated[Optional[list[str]], typer.Argument(help=_("The token, cards, tokens or survivors as the table shows them; '-' or nothing: none."))] = None,
    seat: Annotated[Optional[str], typer.Option("--seat", help=_("Whose hand (held)."))] = None,
):
    """Correct what the table shows that is no track or count: a correction, accepted at any time.

    Example: castaway 21days fix swap dolphin · castaway 21days fix held rotten-fish --seat red
    """
    act(lambda t, cat: TableFix.parse(t, cat, what, seat or "", items or ()))


@cmd("flare")
def flare_cmd(seats: Seats = None, faces: Faces = None,
              anchor_to: Annotated[Optional[str], typer.Option("--anchor-to", help=_("Who gets the anchor hope, one per flare die."))] = None,
              use: Use = None, reroll: Reroll = None):
    """The flare location: a 6 moves the ship right; three dice with a 1 move it back.

    Example: castaway 21days flare --seats red,blue,yellow --faces 6,1,3
    """
    act(helped(lambda t, cat: lo.Flare.parse(t, cat, seats, faces, anchor_to), use, reroll))


@cmd("horvath")
def horvath_cmd(face: Face = None, stop: Annotated[bool, typer.Option("--stop", help=_("No more attempts."))] = False,
                use: Use = None, reroll: Reroll = None):
    """Horvath fires another flare at the flare location for 2 hope.

    Example: castaway 21days horvath --face 6
    """
    act(helped(lambda t, cat: lo.HorvathFlare.parse(t, cat, face, stop), use, reroll))


@cmd("bottle")
def bottle_cmd(
    mode: Annotated[str, typer.Argument(help=_("receive (2/4/6) or play (1/3/5)."))],
    seat: Annotated[Optional[str], typer.Option("--seat", help=_("Who rolls there (default: today's placement)."))] = None,
    face: Face = None,
    card: Annotated[Optional[str], typer.Option("--card", help=_("The bottle card received: its number, name or id; 'draw': castaway draws (left out: asked, or drawn by castaway with virtual decks)."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """The bottle location: receive first, then play.

    Example: castaway 21days bottle receive --seat yellow --face 4
    """
    act(helped(lambda t, cat: bo.Bottle.parse(t, cat, mode, seat, face, card), use, reroll))


@cmd("play-card")
def play_card_cmd(
    seat: Annotated[str, typer.Argument(help=_("Who plays their bottle card."))],
    faces: Faces = None,
    card: Annotated[Optional[str], typer.Option("--card", help=_("Which card, when holding two."))] = None,
    keep: Annotated[bool, typer.Option("--keep", help=_("Keep the card after all."))] = False,
    use: Use = None, reroll: Reroll = None,
):
    """Play a bottle card: its effect is applied and it leaves the game.

    Example: castaway 21days play-card red --faces 6,2,1,6
    """
    act(helped(lambda t, cat: bo.PlayCard.parse(t, cat, seat, faces, keep, card), use, reroll))


@cmd("swap")
def swap_cmd(seats: Seats = None, faces: Faces = None, to: To = None,
             card: Annotated[Optional[str], typer.Option("--card", help=_("Bottle swap: the card taken: its number, name or id; 'draw': castaway draws."))] = None,
             use: Use = None, reroll: Reroll = None):
    """The swap location with the token in play (Turtle, Bottle, Flare).

    Example: castaway 21days swap --seats blue --faces 5
    """
    act(helped(lambda t, cat: lo.Swap.parse(t, cat, seats, faces, to, card), use, reroll))


@cmd("hope-roll")
def hope_cmd(seats: Seats = None, faces: Faces = None, to: To = None, use: Use = None, reroll: Reroll = None):
    """The hope location: one token per 3 points; three dice and a 1 costs its roller a token.

    Example: castaway 21days hope-roll --seats red,blue,yellow --faces 1,5,6 --to red,blue,red,yellow
    """
    act(helped(lambda t, cat: lo.Hope.parse(t, cat, seats, faces, to), use, reroll))


@cmd("fish")
def fish_cmd(
    seat: Annotated[Optional[str], typer.Option("--seat", help=_("Who fishes (default: today's placement)."))] = None,
    face: Annotated[Optional[str], typer.Option("--faces", "--face", "-f", help=_("The fishing die."))] = None,
    to: Annotated[Optional[str], typer.Option("--to", help=_("Who gets each fish, e.g. red,blue,green,yellow,blue."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """Fishing: 1-4 fish, 4 on a 5, 4+1 on a 6; at most 2 each; nobody past 6.

    Example: castaway 21days fish --seat yellow --faces 6 --to red,blue,green,yellow,blue
    """
    act(helped(lambda t, cat: lo.Fishing.parse(t, cat, seat, face, to), use, reroll))


@cmd("plank-spot")
def plank_spot_cmd(face: Face = None, use: Use = None, reroll: Reroll = None):
    """The Plank Location promo card: a 6 brings a plank back.

    Example: castaway 21days plank-spot --face 6
    """
    act(helped(lambda t, cat: lo.PlankSpot.parse(t, cat, face), use, reroll))


@cmd("kid")
def kid_cmd(face: Face = None,
            choice: Annotated[Optional[str], typer.Option("--choice", help=_("On 5-6: cancel-disaster, strength, skip-page."))] = None,
            to: To = None, use: Use = None, reroll: Reroll = None):
    """The Kid's location (last): 1-2 nothing, 3-4 -1 strength, 5-6 a choice.

    Example: castaway 21days kid --face 5 --choice strength --to kid,red
    """
    act(helped(lambda t, cat: lo.Kid.parse(t, cat, face, choice, to), use, reroll))


@cmd("ability")
def ability_cmd(
    who: Annotated[str, typer.Argument(help=_("maya, aleta, tomi, mechanic or pastor."))],
    to: To = None,
    n: Annotated[int, typer.Option("--n", help=_("Pastor: how much hope passes."))] = 1,
    source: Annotated[Optional[str], typer.Option("--from", help=_("Pastor: who passes hope."))] = None,
):
    """A survivor's ability, paid from their hope (Maya +1 strength, Aleta's reroll, Tomi's fish, ...).

    Example: castaway 21days ability maya --to red
    """
    act(lambda t, c: ab.Ability.parse(t, c, who, to, n, source))


@cmd("professor")
def professor_cmd(face: Annotated[Optional[str], typer.Option("--face", "-f", help=_("blank or tentacle."))] = None,
                  keep: Annotated[bool, typer.Option("--keep", help=_("Keep the octopus die as it is."))] = False):
    """The Professor (Magnusson) rerolls the octopus die once for 2 hope.

    Example: castaway 21days professor --face blank
    """
    act(lambda t, c: ab.MagnussonReroll.parse(t, c, not keep, face))


@cmd("flip-token")
def flip_token_cmd(seat: Annotated[str, typer.Argument(help=_("Whose ability token."))], to: To = None):
    """Use a survivor's two-sided ability token (once a game).

    Example: castaway 21days flip-token red --to blue
    """
    act(lambda t, c: ab.FlipToken.parse(t, c, seat, to))


@cmd("special-hope")
def special_hope_cmd(seat: Annotated[str, typer.Argument(help=_("Who spends it."))],
                     token: Annotated[str, typer.Argument(help=_("plusminus1-a, plusminus1-b or plusminus2."))]):
    """Spend a special hope token to change a die by ±1 or ±2; it leaves the game. Not on day 21.

    Example: castaway 21days special-hope red plusminus1-a
    """
    act(lambda t, c: ab.SpecialHope.parse(t, c, seat, token))


@cmd("dolphin")
def dolphin_cmd(seat: Annotated[str, typer.Argument(help=_("Who throws a die to the Dolphin (pays 3 strength)."))],
                face: Annotated[Optional[int], typer.Option("--face", help=_("The face rolled (it becomes 7 minus it)."))] = None):
    """The Dolphin turns a die to its opposite face for 3 strength.

    Example: castaway 21days dolphin red --face 1
    """
    act(lambda t, c: ab.Dolphin.parse(t, c, seat, face))


@cmd("scruffs")
def scruffs_cmd(
    card: Annotated[Optional[str], typer.Option("--card", help=_("The token drawn: its number, name or id; 'draw': castaway draws (left out: asked, or drawn by castaway with virtual decks)."))] = None,
    needs: Annotated[Optional[str], typer.Option("--needs", help=_("The numbers printed on the token, e.g. 5,6."))] = None,
    face: Face = None,
    to: To = None,
    skip: Annotated[bool, typer.Option("--skip", help=_("No token today."))] = False,
    use: Use = None, reroll: Reroll = None,
):
    """Scruffs Up!: Scruffs (strength 5-6) plays a token at the start of Midday.

    Example: castaway 21days scruffs --card shark-reset --needs 5,6 --face 6
    """
    act(helped(lambda t, c: scruffs.ScruffsToken.parse(t, c, card, needs, face or ROLL, to, skip), use, reroll))


@cmd("scruffs-use")
def scruffs_use_cmd():
    """Use the multi-day Scruffs token in play (once a day).

    Example: castaway 21days scruffs-use
    """
    act(scruffs.ScruffsUse())


@cmd("day21")
def day21_cmd(
    what: Annotated[str, typer.Argument(help=_("exhaustion, flare, shout, diva, kite, rosina or end."))],
    seat: Annotated[Optional[str], typer.Option("--seat", help=_("Who does it."))] = None,
    face: Face = None,
    where: Annotated[Optional[str], typer.Option("--where", help=_("Rosina: a location open to her (flare, hope, fishing, receive, play, swap, jellyfish); roll there next, or give --face."))] = None,
    use: Use = None, reroll: Reroll = None,
):
    """Day 21: exhaustion, then flares, shouts, Diva, the kite; end when nothing more can be tried.

    Example: castaway 21days day21 flare --seat red --face 6
    """
    act(helped(lambda t, cat: day21.Day21.parse(t, cat, what, seat, face, where), use, reroll))


@cmd("plant")
def plant_cmd(
    harvest: Annotated[bool, typer.Option("--harvest", help=_("The evening harvest of the ripe plant."))] = False,
    hope_to: Annotated[Optional[str], typer.Option("--hope-to", help=_("Who gets the 3 hope, e.g. red,red,blue."))] = None,
    strength_to: Annotated[Optional[str], typer.Option("--strength-to", help=_("Who gets the 2 strength, e.g. yellow,blue."))] = None,
):
    """The Plant promo card: it grows a step before Midday placement; ripe after 3 days, harvested in the evening.

    Example: castaway 21days plant --harvest --hope-to red,red,blue --strength-to yellow,blue
    """
    act(lambda t, cat: fl.PlantGrow.parse(t, cat, harvest, hope_to, strength_to))


@cmd("setup-done")
def setup_done_cmd():
    """The physical table is set up: day 1 begins.

    Example: castaway 21days setup-done
    """
    act(fl.SetupDone())


@cmd("setup-swap")
def setup_swap_cmd(token: Annotated[str, typer.Argument(help=_("The swap location token turned up: its number, name or id; 'draw': castaway's, shown on the board, stands."))]):
    """Setup: the swap location token the table turned up at random (physical decks).

    Example: castaway 21days setup-swap dolphin
    """
    from companion.games.days21 import draws

    act(lambda t, c: draws.SetupSwap.parse(t, c, token))


@cmd("symbols", table=False)
def symbols_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The 21 Days logbook symbols by their numbers on the symbol chart, and what each does.

    Example: castaway 21days symbols
    """
    from companion import catalog
    from companion.games.days21.steps_common import symbol_chart

    cat = catalog.load("21days")
    syms = {k: v for k, v in cat.rules["symbols"].items() if k != "source"}
    syms.setdefault("places", _("Esperanza emblem: place the dice, then activate the locations (midday only)"))
    chart = symbol_chart(cat)
    if as_json:
        return emit_json([{"number": int(n), "id": k, "name": name, "does": _(syms.get(k, ""))} for n, k, _i, name in chart])
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))  # a long effect wraps inside its own column
    grid.add_column(justify="right", style="bold", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for n, k, _i, name in chart:
        grid.add_row(str(n), esc(name), k, esc(_(syms.get(k, ""))))
    out.print(grid)


@cmd("demo", table=False)
def demo_cmd(seed: Annotated[int, typer.Option(help=_("Seed for the demo's virtual dice."))] = 21):
    """A short non-interactive tour: a 21 Days game is set up, dice rolled, a card drawn, undone, and the board shown.

    Example: castaway 21days demo
    """
    from companion.actions import Move, Roll
    from companion.card_actions import Draw

    with store(create=True) as st:
        loaded = session.new_game(st, "21days", {"players": ["Ann", "Bob"]}, seed=seed, title="demo")
        gid = loaded.row.id

        def card_name(card: str) -> str:  # a bottle card as printed, not its id
            return _(loaded.cat.deck("bottle").card(card.split(":")[0]).name)

        out.print(_("[bold]Game {gid}[/]: a 21 Days table for Ann and Bob, seed {seed}.\n").format(gid=gid, seed=seed))
        steps = [
            (N_("The shark card slides one step closer"), Move("shark", -1)),
            (N_("The starting player rolls the shark die"), Roll(("shark",), None, _("a test bite"))),
            (N_("Red rolls a flare: a 6 would move the ship"), Roll(("red",), None, _("flare"))),
            (N_("The table rolled a real 6: typed in"), Roll(("red",), ((6,),), _("flare"))),
            (N_("The ship moves one space right"), Move("ship", +1)),
            (N_("Yellow draws a bottle card"), Draw("bottle", None, "yellow")),
        ]
        for say, action in steps:
            ev, table = session.act(st, gid, action)
            res = ""
            if isinstance(ev.result, dict) and "faces" in ev.result:
                res = "  →  " + "  ".join("/".join(map(str, f)) for f in ev.result["faces"])
            elif isinstance(ev.result, dict) and "card" in ev.result:
                res = f"  →  {card_name(ev.result['card'])}"
            out.print(f"{_(say)}:  [dim]#{ev.seq}[/] {session.event_text(ev)}{res}")
        ev, table, undone = session.undo(st, gid)
        out.print(_("Undo:  [dim]#{seq}[/] the bottle card goes back ({text})").format(seq=ev.seq, text=session.event_text(undone)))
        ev, table = session.act(st, gid, Draw("bottle", None, "yellow"))
        out.print(_("Draw again: the same card comes up, undo cannot re-roll →  {card}\n").format(card=card_name(ev.result['card'])))
        loaded = session.load(st, gid)
    show_board(loaded.table, loaded.cat, loaded.row)
    out.print(_("\nTry: castaway status · castaway dice roll 2d6 · castaway history · castaway undo · castaway --help"))
