"""21 Days: the words for components that the state keys by id (ability tokens, special hope tokens).
Light on purpose: the board imports it, and `castaway status` loads only the core."""

from __future__ import annotations

from ...i18n import N_

TOKEN = {"hope21": N_("3 hope on day 21"), "reroll": N_("reroll a die"), "strength4": N_("4 strength to share"),
         "cancel-disaster": N_("cancel a disaster"), "swap-seats": N_("two survivors swap places"),
         "plusminus1-a": N_("special hope ±1"), "plusminus1-b": N_("special hope ±1"), "plusminus2": N_("special hope ±2")}
# the locations by the short names the boards show (the guided game's menus use flow.NAMES)
LOCATION = {"octopus": N_("Octopus"), "flare": N_("Flare"), "jellyfish": N_("Jellyfish"), "receive": N_("Bottle: receive"),
            "play": N_("Bottle: play"), "swap": N_("Swap location"), "hope": N_("Hope"), "fishing": N_("Fishing"),
            "plank": N_("Plank location"), "kid": N_("The Kid"), "none": N_("no placement")}
