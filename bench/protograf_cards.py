"""The protograf side of bench_print.py: the same 100 poker cards (title, wrapped paragraph, QR code).

Run by bench_print.py in protograf's own environment (its pins clash with castaway's: pillow<13, rich<15).
Prints the seconds spent making the cards, imports excluded. Arguments come by environment because
protograf parses the command line itself.
"""

import json
import os
import sys
import time

OUT = os.environ["PG_OUT"]
CARDS = json.loads(os.environ["PG_CARDS"])
sys.argv = sys.argv[:1]

from protograf import Card, Create, Data, Deck, Save, T, qrcode, text  # noqa: E402

t0 = time.perf_counter()
Create(filename=OUT, paper="A4", units="mm", margin=10)
Data(data_list=[["title", "body", "qr"]] + [[c["title"], c["body"], c["qr"]] for c in CARDS])
Deck(cards=len(CARDS), card_size="poker")
Card("all", text(text=T("{{ title }}"), x=5, y=8, width=53, font_size=12),
     text(text=T("{{ body }}"), x=4, y=20, width=55, height=40, wrap=True, font_size=8),
     # one PNG a card (protograf draws QR codes as images, cached under ~/.protograf); the payload by template
     qrcode(source=[f"bench-qr-{i}.png" for i in range(len(CARDS))], text=T("{{ qr }}"), x=41, y=66, width=18, height=18,
            scaling=4))
Save()
print(f"{time.perf_counter() - t0:.6f}")
