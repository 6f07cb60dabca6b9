"""The toolkit: what any DOS-style text-mode program reuses, whatever game it is.

It sits between the machine (``vconsole``: screen, keyboard, mouse, speaker, disk) and a
program or a house style such as the Tommy's Toys chrome.  See docs/ARCHITECTURE.md for
the layers and what may import what.

Pure modules (no screen, no disk; rules models may use them): ``rng``, ``history``, ``cards``.

Modules:

* ``theme``: attributes by role for colour and mono (``Palette``, ``Theme``)
* ``controls``: how a widget is worked, the mouse and the hot keys (``Controls``, ``HotKey``)
* ``hits``: mouse hit maps in text cells; ``hot``: what a hot key did (``Hot``)
* ``pointer``: the mouse pointer's shape (a cross for picking a place), and back
* ``popup``: panels that put back what they covered; ``pager``: a text over the screen
* ``lines``: message and prompt lines; ``lineinput``: one-line text entry; ``ask``: Y/N
* ``legend``: the function-key legend; ``think``: staying responsive while busy (``Busy``)
* ``menu``: pop-up and resident menus, menu bars, scrolling lists (``Menu``, ``MenuBar``, ``choose``)
* ``form``: small forms (``Form``, ``player_names``); ``fields``: their fields (``Text``,
  ``Number``, ``YesNo``, ``Choice``)
* ``board``: board geometry, the board cursor, cursor marks and blinking (``Board``, ``BoardCursor``)
* ``cardview``: cards drawn as cells, hands and compressed columns
* ``hiscore``: high-score tables in a file, their pop-up and name entry
* ``pick``: choose one of a few things on the screen: they flash, a key or a click picks
* ``autosave``: NAME.TMP; ``sound``: sound effects; ``rng``, ``history``, ``cards``: pure

The names below may be imported from ``vconsole.toolkit`` itself; each module is loaded only
when one of its names is first used, so a rules model importing ``vconsole.toolkit.cards``
does not pull in the screen, keyboard and mouse with it.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The names as a type checker sees them; at run time ``__getattr__`` below loads each module when
# one of its names is first used (tests/test_toolkit_init.py keeps the two lists equal).
if TYPE_CHECKING:
    from .ask import ask_yes_no as ask_yes_no
    from .autosave import AutoSave as AutoSave
    from .board import Blinker as Blinker
    from .board import Board as Board
    from .board import BoardCursor as BoardCursor
    from .board import CursorMark as CursorMark
    from .board import paint_cursor as paint_cursor
    from .cards import Card as Card
    from .cards import counts as counts
    from .cards import pack as pack
    from .cards import packs as packs
    from .cardview import ColumnView as ColumnView
    from .cardview import draw_back as draw_back
    from .cardview import draw_card as draw_card
    from .cardview import draw_column as draw_column
    from .cardview import draw_empty as draw_empty
    from .cardview import draw_face as draw_face
    from .cardview import draw_pile as draw_pile
    from .cardview import draw_row as draw_row
    from .cardview import face_text as face_text
    from .controls import Controls as Controls
    from .controls import HotKey as HotKey
    from .fields import Choice as Choice
    from .fields import Field as Field
    from .fields import Number as Number
    from .fields import Text as Text
    from .fields import YesNo as YesNo
    from .form import Form as Form
    from .form import ask_form as ask_form
    from .form import player_names as player_names
    from .hiscore import Entry as _ScoreEntry
    from .hiscore import HiScoreTable as HiScoreTable
    from .hiscore import add_score as add_score
    from .hiscore import enter_name as enter_name
    from .hiscore import show_table as show_table
    from .history import History as History
    from .hits import HitMap as HitMap
    from .hits import any_click as any_click
    from .hits import hit as hit
    from .hits import left_click as left_click
    from .hits import right_click as right_click
    from .hot import STOPS as STOPS
    from .hot import Hot as Hot
    from .legend import Legend as Legend
    from .lineinput import dos_name_char as dos_name_char
    from .lineinput import read_line as read_line
    from .lines import MessageArea as MessageArea
    from .lines import PromptLine as PromptLine
    from .menu import Item as Item
    from .menu import Menu as Menu
    from .menu import MenuBar as MenuBar
    from .menu import choose as choose
    from .pager import Pager as Pager
    from .pager import show_text as show_text
    from .pick import Flash as Flash
    from .pick import Option as _PickOption
    from .pick import pick_one as pick_one
    from .pointer import pointer_shape as pointer_shape
    from .pointer import set_shape as set_shape
    from .popup import Panel as Panel
    from .popup import show_panel as show_panel
    from .popup import wait_any as wait_any
    from .rng import GameRandom as GameRandom
    from .sound import Sound as Sound
    from .theme import WIDGET_COLOUR as WIDGET_COLOUR
    from .theme import WIDGET_MONO as WIDGET_MONO
    from .theme import Palette as Palette
    from .theme import Theme as Theme
    from .think import Busy as Busy
    from .think import Thought as Thought
    from .think import run_demo as run_demo

    ScoreEntry = _ScoreEntry  # legend has an Entry too
    PickOption = _PickOption

_EXPORTS: dict[str, tuple[str, str]] = {}
for _module, _names in {
    "theme": "Palette Theme WIDGET_COLOUR WIDGET_MONO",
    "controls": "Controls HotKey",
    "hits": "HitMap left_click right_click any_click hit",
    "pointer": "pointer_shape set_shape",
    "hot": "Hot STOPS",
    "popup": "Panel show_panel wait_any",
    "pager": "Pager show_text",
    "lines": "MessageArea PromptLine",
    "lineinput": "read_line dos_name_char",
    "ask": "ask_yes_no",
    "legend": "Legend",
    "think": "Busy Thought run_demo",
    "autosave": "AutoSave",
    "sound": "Sound",
    "menu": "Item Menu MenuBar choose",
    "form": "Form ask_form player_names",
    "fields": "Field Text Number YesNo Choice",
    "board": "Board BoardCursor CursorMark Blinker paint_cursor",
    "cardview": "draw_card draw_face draw_back draw_empty draw_pile draw_row draw_column ColumnView face_text",
    "hiscore": "HiScoreTable show_table enter_name add_score",
    "pick": "pick_one Flash",
    "rng": "GameRandom",
    "history": "History",
    "cards": "Card pack packs counts",
}.items():
    for _name in _names.split():
        _EXPORTS[_name] = (_module, _name)
_EXPORTS["ScoreEntry"] = ("hiscore", "Entry")  # legend has an Entry too
_EXPORTS["PickOption"] = ("pick", "Option")

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    try:
        module, attr = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'vconsole.toolkit' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
