"""Menus: a column of items, a bar of items on one row, and a scrolling pop-up list.

DOS games offered their commands two ways.  A pop-up menu (Spider's control panel) opens
over the game, takes the keyboard and mouse until something is chosen or Esc backs out,
and puts back exactly the cells it covered.  A resident menu (Anciento's main menu down
the right edge and along the bottom line) stays on the screen while the program's own
loop runs, and only looks at the events the loop hands it.  ``Menu`` and ``MenuBar`` do
both: ``run()`` is the pop-up, ``draw()`` + ``handle(event)`` the resident one.

Keys: the arrows move the highlight bar (disabled items are skipped), Home/End go to the
first/last item, PgUp/PgDn a page, Enter picks; each item's hot key (a letter or digit,
shown highlighted) picks it at once, or, when several items share it, moves the bar to
the next of them.  A left click picks an item; in ``run()`` Esc, the right button or a
click outside the menu close it and return None, so item values must not be None.
Keyboard-only always works; ``Controls(mouse=False)`` ignores the mouse entirely.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import COLS, ROWS

from .controls import DEFAULT, Controls
from .hits import left_click, right_click
from .hot import STOPS
from .layers import Cover
from .popup import centre_left, show_panel
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

_AUTO = object()  # Item.hot default: the label's first letter or digit
UP_MARK, DOWN_MARK = "\x18", "\x19"  # CP437 arrows on the frame when a list has more items that way


@dataclass(frozen=True)
class Item:
    """One menu entry.  ``value`` defaults to the label; ``hot`` to the label's first letter or
    digit ("" for none); ``role`` draws the label in another theme role (Spider's UNDO, lit
    when using it would count as cheating)."""

    label: str
    value: Any = _AUTO
    hot: Any = _AUTO
    enabled: bool = True
    role: str | None = None

    @property
    def result(self) -> Any:
        return self.label if self.value is _AUTO else self.value

    @property
    def key(self) -> str:
        """The hot key, upper case, or '' when the item has none."""
        if self.hot is _AUTO:
            return next((ch.upper() for ch in self.label if ch.isalnum()), "")
        return str(self.hot)[:1].upper()

    @property
    def hot_index(self) -> int | None:
        """Where in the label the hot key is shown, or None."""
        k = self.key
        i = self.label.upper().find(k) if k else -1
        return i if i >= 0 else None


#: what a menu is given: Items, plain labels, or (label, value) pairs
ItemLike = Item | str | tuple[str, Any]


def as_items(items: Iterable[ItemLike]) -> list[Item]:
    """Items from Items, plain labels, or (label, value) pairs."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Item):
            out.append(it)
        elif isinstance(it, tuple):
            out.append(Item(it[0], it[1]))
        else:
            out.append(Item(str(it)))
    for it in out:
        if it.result is None:
            raise ValueError(f"menu item {it.label!r} has the value None, which means 'nothing chosen'")
    return out


class _Choices:
    """What a column and a bar share: items, the highlight, hot keys, the mouse, the pop-up loop."""

    NEXT: tuple[str, ...] = ()
    PREV: tuple[str, ...] = ()

    def __init__(self, dos: Dos, theme: Theme, items: Iterable[ItemLike], *, selected: int = 0,
                 controls: Controls = DEFAULT, arrows: bool = True, wrap: bool = True, hot: str = "pick",
                 show_hot: bool = True) -> None:
        self.dos, self.theme = dos, theme
        self.items = as_items(items)
        self.controls, self.arrows, self.wrap = controls, arrows, wrap
        if hot not in ("pick", "move"):
            raise ValueError("hot must be 'pick' or 'move'")
        self.hot, self.show_hot = hot, show_hot
        self.current = self._first_enabled(selected, 1)
        self.used = False  # did the last ``handle`` use its event?
        self._cover: Cover | None = None

    # -- the highlight -------------------------------------------------------------------
    def _first_enabled(self, start: int, step: int) -> int:
        n = len(self.items)
        for k in range(n):
            i = start + step * k
            if 0 <= i < n and self.items[i].enabled:
                return i
        return max(0, min(start, n - 1))

    def _step(self, step: int) -> None:
        n = len(self.items)
        i = self.current
        for _ in range(n):
            i += step
            if not 0 <= i < n:
                if not self.wrap:
                    return
                i %= n
            if self.items[i].enabled:
                self.select(i)
                return

    def select(self, index: int) -> None:
        """Move the highlight bar to ``index`` (a disabled item cannot hold it)."""
        if 0 <= index < len(self.items) and self.items[index].enabled:
            self.current = index
            self._reveal()

    def _reveal(self) -> None:  # a scrolling list keeps the bar in view
        pass

    @property
    def value(self) -> Any:
        """The highlighted item's value (None when every item is disabled)."""
        it = self.items[self.current] if self.items else None
        return it.result if it is not None and it.enabled else None

    def set_items(self, items: Iterable[ItemLike]) -> None:
        """New items (a menu whose entries change: K shown only with a mouse driver); redraw yourself."""
        self.items = as_items(items)
        self.current = self._first_enabled(min(self.current, len(self.items) - 1), 1)
        self._reveal()

    # -- events ------------------------------------------------------------------------------
    def _page(self) -> int:
        return len(self.items)

    def handle(self, ev: Key | MouseEvent | None) -> Any:
        """A resident menu's share of the program's loop: the value of an item picked by this
        event, else None; ``self.used`` says whether the event meant something to the menu
        (so the loop passes the others on).  The menu redraws itself when it changes."""
        self.used = False
        if isinstance(ev, Key):
            return self._key(ev)
        if isinstance(ev, MouseEvent) and self.controls.mouse:
            return self._mouse(ev)
        return None

    def _key(self, key: Key) -> Any:
        before = self.current
        name = key.name
        if self.arrows and self.items:
            if name in self.NEXT:
                self._step(1)
            elif name in self.PREV:
                self._step(-1)
            elif name == "Home":
                self.current = self._first_enabled(0, 1)
            elif name == "End":
                self.current = self._first_enabled(len(self.items) - 1, -1)
            elif name in ("PgDn", "PgUp"):
                page = self._page()
                target = self.current + (page if name == "PgDn" else -page)
                target = max(0, min(len(self.items) - 1, target))
                self.current = self._first_enabled(target, -1 if name == "PgDn" else 1)
            elif name == "Enter":
                self.used = True
                return self.value
            else:
                return self._hot(key)
            self.used = True
            self._reveal()
            if self.current != before:
                self.draw()
            return None
        return self._hot(key)

    def _hot(self, key: Key) -> Any:
        ch = key.char.upper()
        if not ch or ch == " ":
            return None
        matches = [i for i, it in enumerate(self.items) if it.enabled and it.key == ch]
        if not matches:
            return None
        self.used = True
        if len(matches) == 1 and self.hot == "pick":
            self.current = matches[0]
            self._reveal()
            self.draw()
            return self.items[matches[0]].result
        later = [i for i in matches if i > self.current]
        self.select(later[0] if later else matches[0])
        self.draw()
        return None

    def _mouse(self, ev: MouseEvent) -> Any:
        if not left_click(ev):
            return None
        i = self.index_at(ev.row, ev.col)
        if i is None:
            return self._other_click(ev)
        self.used = True
        if not self.items[i].enabled:
            return None
        self.current = i
        self.draw()
        return self.items[i].result

    def _other_click(self, ev: MouseEvent) -> None:
        return None

    # -- what the subclasses give ------------------------------------------------------------
    def index_at(self, row: int, col: int) -> int | None:
        raise NotImplementedError

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of every cell the menu draws on."""
        raise NotImplementedError

    def draw(self) -> None:
        raise NotImplementedError

    def contains(self, row: int, col: int) -> bool:
        top, left, bottom, right = self.bounds()
        return top <= row <= bottom and left <= col <= right

    def _label(self, row: int, col: int, width: int, it: Item, lit: bool) -> None:
        """One item: the label padded to ``width`` with a space before it, its hot key marked."""
        th, scr = self.theme, self.dos.screen
        if lit:
            attr, key_attr = th["menu_bar"], th["menu_bar_key"]
        elif not it.enabled:
            attr = key_attr = th["menu_disabled"]
        elif it.role:
            # an item in its own colours: the letter keeps their background (the menu's key
            # colour could be the background itself, red on red) in white, or yellow on white
            attr = th[it.role]
            key_attr = (attr & 0xF0) | (0x0E if attr & 0x0F == 0x0F else 0x0F)
        else:
            attr = th["menu"]
            key_attr = th["menu_key"]
        scr.write(row, col, (" " + it.label).ljust(width)[:width], attr)
        if not it.enabled and not lit:  # mono dims by underlining: the words only, not the padding
            scr.set_attr(row, col, th["menu"])
            scr.set_attr(row, col + 1 + len(it.label), th["menu"], max(0, width - 1 - len(it.label)))
        hi = it.hot_index
        if self.show_hot and hi is not None and it.enabled and 1 + hi < width:
            scr.set_attr(row, col + 1 + hi, key_attr)

    # -- the pop-up --------------------------------------------------------------------------
    def open(self) -> None:
        """Keep the cells (and the cursor) the menu is about to cover, then draw it."""
        scr = self.dos.screen
        if self._cover is None:
            self._cover = Cover(scr, *self.bounds())
        scr.hide_cursor()
        self.draw()

    def close(self) -> None:
        """Put back exactly what ``open`` covered."""
        if self._cover is not None:
            self._cover.close()
            self._cover = None

    def run(self) -> Any:
        """Pop up, wait for a choice and put the screen back: the value, None (Esc, the right
        button, a click outside), or the program's hot-key answer when it is one of
        ``hot.STOPS`` (Hot.QUIT: F7 answered yes, which the caller must honour)."""
        self.open()
        try:
            while True:
                ev = self.dos.input()
                if isinstance(ev, Key) and ev.name == "Esc":
                    return None
                if isinstance(ev, MouseEvent):
                    if not self.controls.mouse:
                        continue
                    if right_click(ev) or (left_click(ev) and not self.contains(ev.row, ev.col)):
                        return None
                value = self.handle(ev)
                if value is not None:
                    return value
                if isinstance(ev, Key) and not self.used:
                    act = self.controls.hot(ev)
                    if act in STOPS:
                        return act
        finally:
            self.close()


class Menu(_Choices):
    """A column of items, framed (a pop-up) or bare (a resident menu down a screen edge).

    Placed at (top, left), or with its corner at ``near`` (a click) moved in to fit the screen,
    or centred.  ``width`` is the inside width (default: the longest
    label or the title, with a space each side); ``rows`` the most items shown at once: a
    longer list scrolls, with arrows on the frame saying there is more (a click on one
    turns a page).  ``footer`` is a short hint written into the bottom edge of the frame.
    """

    NEXT, PREV = ("Down",), ("Up",)

    def __init__(self, dos: Dos, theme: Theme, items: Iterable[ItemLike], *, title: str = "",
                 top: int | None = None, left: int | None = None, width: int | None = None,
                 rows: int | None = None, frame: bool = True, double: bool = False, footer: str = "",
                 near: tuple[int, int] | None = None, selected: int = 0, controls: Controls = DEFAULT,
                 arrows: bool = True, wrap: bool = True, hot: str = "pick", show_hot: bool = True) -> None:
        super().__init__(dos, theme, items, selected=selected, controls=controls, arrows=arrows, wrap=wrap,
                         hot=hot, show_hot=show_hot)
        self.title, self.frame, self.double, self.footer = title, frame, double, footer
        edge = 1 if frame else 0
        need = max([len(it.label) + 2 for it in self.items] + [len(title) + 4 if title else 0,
                                                                 len(footer) + 4 if footer else 0, 4])
        self.inner = need if width is None else width
        if self.inner < need:
            raise ValueError(f"menu width {self.inner} is too narrow for its labels (needs {need})")
        room = ROWS - 2 * edge
        self.rows = max(1, min(len(self.items) or 1, rows or room, room))
        h, w = self.rows + 2 * edge, self.inner + 2 * edge
        if near is not None:  # pop up at a click, moved in so that all of it is on the screen
            top, left = min(max(0, near[0]), ROWS - h), min(max(0, near[1]), COLS - w)
        self.top = top if top is not None else max(0, (ROWS - h) // 2)
        self.left = left if left is not None else centre_left(theme, w)
        if self.top + h > ROWS or self.left + w > COLS or self.top < 0 or self.left < 0:
            raise ValueError(f"menu of {h}x{w} cells at ({self.top}, {self.left}) leaves the 80x25 screen")
        self.first = 0  # the item shown on the first row
        self._reveal()

    @property
    def item_top(self) -> int:
        return self.top + (1 if self.frame else 0)

    @property
    def item_left(self) -> int:
        return self.left + (1 if self.frame else 0)

    def bounds(self) -> tuple[int, int, int, int]:
        edge = 1 if self.frame else 0
        return (self.top, self.left, self.top + self.rows - 1 + 2 * edge, self.left + self.inner - 1 + 2 * edge)

    def _page(self) -> int:
        return self.rows

    def _reveal(self) -> None:
        if self.current < self.first:
            self.first = self.current
        elif self.current >= self.first + self.rows:
            self.first = self.current - self.rows + 1
        self.first = max(0, min(self.first, len(self.items) - self.rows))

    @property
    def more_above(self) -> bool:
        return self.first > 0

    @property
    def more_below(self) -> bool:
        return self.first + self.rows < len(self.items)

    def index_at(self, row: int, col: int) -> int | None:
        if not (self.item_left <= col < self.item_left + self.inner):
            return None
        i = self.first + row - self.item_top
        if 0 <= row - self.item_top < self.rows and i < len(self.items):
            return i
        return None

    def _other_click(self, ev: MouseEvent) -> None:
        if not self.frame:
            return None
        right = self.left + self.inner + 1
        if ev.col == right and ev.row == self.item_top and self.more_above:
            self.first = max(0, self.first - self.rows)
        elif ev.col == right and ev.row == self.item_top + self.rows - 1 and self.more_below:
            self.first = min(len(self.items) - self.rows, self.first + self.rows)
        else:
            return None
        self.used = True
        self.current = min(max(self.current, self.first), self.first + self.rows - 1)
        self.current = self._first_enabled(self.current, 1)
        self._reveal()
        self.draw()
        return None

    def draw(self) -> None:
        th, scr = self.theme, self.dos.screen
        top, left, bottom, right = self.bounds()
        if self.frame:
            scr.box(top, left, bottom, right, th["menu_frame"], double=self.double)
            if self.title:
                scr.centre(top, f" {self.title} ", th["menu_title"], left, right)
            if self.footer:
                scr.centre(bottom, f" {self.footer} ", th["menu_frame"], left, right)
        for k in range(self.rows):
            i = self.first + k
            row = self.item_top + k
            if i < len(self.items):
                self._label(row, self.item_left, self.inner, self.items[i], self.arrows and i == self.current)
            else:
                scr.fill(row, self.item_left, row, self.item_left + self.inner - 1, " ", th["menu"])
        if self.frame:
            if self.more_above:
                scr.put(self.item_top, right, UP_MARK, th["menu_title"])
            if self.more_below:
                scr.put(self.item_top + self.rows - 1, right, DOWN_MARK, th["menu_title"])


class MenuBar(_Choices):
    """Items along one row (Anciento's bottom line): Left/Right move, the rest as ``Menu``.

    Each item takes its label and a space either side; ``gap`` blank cells separate them.
    The row from ``left`` to ``right`` (default: to the last item) is what it draws on.
    """

    NEXT, PREV = ("Right",), ("Left",)

    def __init__(self, dos: Dos, theme: Theme, items: Iterable[ItemLike], *, row: int, left: int = 0,
                 gap: int = 1, right: int | None = None, selected: int = 0, controls: Controls = DEFAULT,
                 arrows: bool = True, wrap: bool = True, hot: str = "pick", show_hot: bool = True) -> None:
        super().__init__(dos, theme, items, selected=selected, controls=controls, arrows=arrows, wrap=wrap,
                         hot=hot, show_hot=show_hot)
        self.row, self.left, self.gap = row, left, gap
        self.cells: list[tuple[int, int]] = []  # (col, width) of each item
        col = left
        for it in self.items:
            w = len(it.label) + 2
            self.cells.append((col, w))
            col += w + gap
        end = col - gap - 1 if self.items else left
        self.right = end if right is None else right
        if end > self.right or self.right >= COLS or not 0 <= row < ROWS:
            raise ValueError(f"menu bar items need columns {left}-{end} on row {row}; the screen has 0-79")

    def bounds(self) -> tuple[int, int, int, int]:
        return self.row, self.left, self.row, self.right

    def index_at(self, row: int, col: int) -> int | None:
        if row != self.row:
            return None
        for i, (c, w) in enumerate(self.cells):
            if c <= col < c + w:
                return i
        return None

    def draw(self) -> None:
        scr, th = self.dos.screen, self.theme
        scr.fill(self.row, self.left, self.row, self.right, " ", th["menu"])
        for i, (it, (c, w)) in enumerate(zip(self.items, self.cells, strict=True)):
            self._label(self.row, c, w, it, self.arrows and i == self.current)


def choose(dos: Dos, theme: Theme, title: str, options: Sequence[ItemLike], *, rows: int | None = None,
           selected: int = 0, controls: Controls = DEFAULT, empty: str = "NOTHING TO CHOOSE FROM",
           footer: str = "ENTER: PICK  ESC: BACK", top: int | None = None, left: int | None = None) -> Any:
    """Pick one of a possibly long list (saved games): the value, None, or the ``hot.STOPS``
    result of a hot key that closed it (see ``Menu.run``).

    The list scrolls when it is longer than ``rows`` (default: as many as fit); typing a
    letter or digit moves the bar to the next entry that starts with it, never picks, since
    names in a list are not commands.  With nothing to choose from, ``empty`` is shown in a
    panel until a key or click, and the answer is None; the key goes on to the hot keys
    (F7 there still quits).
    """
    items = as_items(options)
    if not items:
        ev = show_panel(dos, theme, title, [empty], controls=controls)
        act = controls.hot(ev) if isinstance(ev, Key) else None
        return act if act in STOPS else None
    room = ROWS - 4
    menu = Menu(dos, theme, items, title=title, rows=min(rows or room, room), selected=selected,
                controls=controls, hot="move", show_hot=False, double=True, wrap=False, top=top, left=left,
                footer=footer if len(footer) + 4 <= COLS - 2 else "")
    return menu.run()
