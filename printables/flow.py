"""A page that is not a grid (reference aids, dice stickers, rules in full, credits): a cursor running down
the content area, starting a new page when full; the footer carries the caption, and the first page of
a file the 50 mm scale bar."""

from __future__ import annotations

from typing import Callable

from companion.i18n import _

from . import fonts, sheet


class Flow:
    def __init__(self, c, paper: str, caption: str, on_page: Callable[[], None] | None = None, first: bool = True):
        self.c, self.paper, self.caption, self.on_page = c, paper, caption, on_page
        self.content = sheet.free_page(paper)
        self.page = 1
        self.first = first  # this flow starts the file: its first page carries the scale bar
        self.y = self.content.top

    def room(self) -> float:
        return self.y - self.content.y

    def need(self, h: float) -> float:
        """Room for h mm (a new page when it is not there): the y of the part's top."""
        if h > self.room() and self.y < self.content.top:
            self.new_page()
        top = self.y
        self.y -= h
        return top

    def new_page(self) -> None:
        self.finish()
        self.page += 1
        self.y = self.content.top

    def finish(self) -> None:
        sheet.footer(self.c, self.paper, _("{caption} · page {page}").format(caption=self.caption, page=self.page),
                     self.first and self.page == 1)
        self.c.showPage()
        if self.on_page:
            self.on_page()

    def text(self, text: str, font=fonts.SANS, size: float = 8.5, indent: float = 0.0, colour=(0, 0, 0), gap: float = 0.8) -> None:
        """A paragraph wrapped to the content's width at its size (never shrunk)."""
        w = self.content.w - indent
        f = fonts.fit(text, font, w, 1e6, size, size)
        h = f.height + gap
        if h > self.content.h:  # longer than a page: split by lines
            for line in f.lines:
                self.text(line, font, size, indent, colour, 0.2)
            self.y -= gap
            return
        top = self.need(h)
        fonts.draw_fit(self.c, text, self.content.x + indent, top - f.height, w, f.height + 0.01, font, size, colour=colour,
                       min_size=size)
