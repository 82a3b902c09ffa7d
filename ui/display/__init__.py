"""The table display (`castaway display`): a live board for a screen the whole table sees, and phones as
dice pads.

boards/    one SVG board drawing per game, found with boards.board_for(game id)
svg.py     the drawings' shared SVG helpers
view.py    what the page shows besides the board: the guided game's current step, its odds, the last roll
page.py    the HTML of the board page, its live fragment and the pad
qr.py      QR codes: in the terminal and as SVG, from the qrcode package's matrix
server.py  the Starlette app put together from its parts: run.py (one run of the display), routes_board.py,
           routes_pad.py, routes_join.py, guard.py (who may ask what), writes.py (the pad's writes), reader.py
           (a store per worker thread, games loaded once per row), fragments.py (drawn once per version),
           hub.py (the watcher and the event streams), pads.py, connections.py, bodies.py, refusals.py
static/    the scripts and the style sheet (no CDN: tables are often offline)

Starlette, uvicorn and qrcode are imported here only, and only by the display command.
"""
