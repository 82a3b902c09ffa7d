"""Cards at the table: draw, discard, return, remove, shuffle."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion.errors import UsageError
from companion.i18n import _, ngettext
from ui.acting import act
from ui.common import app, command, group

cards_app = group(help=_("Cards at the table: draw, discard, return, remove, shuffle."), no_args_is_help=True)
app.add_typer(cards_app, name="cards")


@command("draw", app=cards_app)
def draw_cmd(
    deck: Annotated[str, typer.Argument(help=_("A deck: bottle, disaster, jellyfish, swap, scruffs, ..."))],
    card: Annotated[Optional[str], typer.Option("--card", "-c", help=_("The physical card you drew (its id, or a scanned QR code)."))] = None,
    to: Annotated[Optional[str], typer.Option("--to", help=_("The seat that takes it; without it the card goes face up on the table."))] = None,
):
    """Draw the top card (virtual deck) or record the card drawn at the table.

    Example: castaway cards draw bottle --to red
    """
    from companion.card_actions import Draw

    def drawn(ev, loaded) -> str:
        c = loaded.cat.deck(deck.strip().lower()).card(ev.result["card"].split(":")[0])
        return f"  →  [bold]{_(c.name)}[/]" + (f": {_(c.effect)}" if c.effect else _(" (not described in the rulebooks: read it from your card)"))

    act(lambda t, cat: Draw.parse(t, cat, deck, card, to), drawn)


@command("discard", app=cards_app)
def discard_cmd(deck: Annotated[str, typer.Argument(help=_("The deck."))], card: Annotated[str, typer.Argument(help=_("The card id."))]):
    """Put a card on its deck's discard pile.

    Example: castaway cards discard disaster exhaustion
    """
    from companion.card_actions import Discard

    act(lambda t, cat: Discard.parse(t, cat, deck, card))


@command("return", app=cards_app)
def return_cmd(
    deck: Annotated[str, typer.Argument(help=_("The deck."))],
    card: Annotated[str, typer.Argument(help=_("The card id."))],
    top: Annotated[bool, typer.Option("--top", help=_("On top of the draw pile."))] = False,
    bottom: Annotated[bool, typer.Option("--bottom", help=_("At the bottom of the draw pile."))] = False,
):
    """Put a card back into its draw pile (shuffled in unless --top or --bottom): a card drawn by mistake, from
    wherever it went (a survivor's hand, the table, the discard pile).

    Example: castaway cards return bottle ship-right --top
    """
    from companion.card_actions import ReturnCard

    if top and bottom:
        raise UsageError(_("--top and --bottom together: choose one"))
    act(lambda t, cat: ReturnCard.parse(t, cat, deck, card, where="top" if top else "bottom" if bottom else "shuffle"))


@command("remove", app=cards_app)
def remove_cmd(deck: Annotated[str, typer.Argument(help=_("The deck."))], card: Annotated[str, typer.Argument(help=_("The card id."))]):
    """Take a card out of the game (back in the box).

    Example: castaway cards remove bottle rotten-fish
    """
    from companion.card_actions import RemoveCard

    act(lambda t, cat: RemoveCard.parse(t, cat, deck, card))


@command("shuffle", app=cards_app)
def shuffle_cmd(deck: Annotated[str, typer.Argument(help=_("The deck."))]):
    """Shuffle a deck's discards back into its draw pile.

    Example: castaway cards shuffle disaster
    """
    from companion.card_actions import Shuffle

    def counted(ev, _loaded) -> str:
        n = ev.result["cards"]
        return "  (" + ngettext("{n} card", "{n} cards", n).format(n=n) + ")"

    act(lambda t, cat: Shuffle.parse(t, cat, deck), counted)
