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
from typing import Any

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
