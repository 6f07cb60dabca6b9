"""The toolkit's one calling convention (docs/ARCHITECTURE.md): colours by theme role, one
``Controls`` for the mouse and the hot keys, one hot-key handler type."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from helpers import run_headless

import vconsole.toolkit as toolkit
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.controls import DEFAULT, Controls
from vconsole.toolkit.hot import Hot
from vconsole.toolkit.theme import Palette

#: pure functions over attribute values, not widgets: they take the byte they transform
ATTRIBUTE_MATHS = {"vconsole.toolkit.board.inverted"}
#: Busy always needs the program's handler and has no mouse option: it takes the handler alone
HANDLER_ALONE = {"vconsole.toolkit.think.Busy"}


def public_callables():
    for info in pkgutil.iter_modules(toolkit.__path__):
        if info.name == "controls":  # where the mouse and the hot keys do belong
            continue
        module = importlib.import_module(f"vconsole.toolkit.{info.name}")
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj):
                yield f"{module.__name__}.{name}", obj
            elif inspect.isclass(obj) and "__init__" in vars(obj):
                yield f"{module.__name__}.{name}", obj.__init__
                for meth_name, meth in vars(obj).items():
                    if inspect.isfunction(meth) and not meth_name.startswith("_"):
                        yield f"{module.__name__}.{name}.{meth_name}", meth


CALLABLES = sorted(public_callables(), key=lambda item: item[0])


def test_the_survey_finds_the_widgets():
    names = {name.removesuffix(".__init__") for name, _ in CALLABLES}
    assert {"vconsole.toolkit.menu.choose", "vconsole.toolkit.form.Form", "vconsole.toolkit.ask.ask_yes_no",
            "vconsole.toolkit.pick.pick_one", "vconsole.toolkit.board.CursorMark"} <= names


@pytest.mark.parametrize("name, func", CALLABLES, ids=[name for name, _ in CALLABLES])
def test_no_widget_takes_an_attribute_byte_or_its_own_mouse_and_hotkey_keywords(name, func):
    params = inspect.signature(func).parameters
    owner = name.removesuffix(".__init__")
    if owner not in ATTRIBUTE_MATHS:
        assert not [p for p in params if p == "attr" or p.endswith("_attr")], f"{name}: a colour by role, please"
    assert "mouse" not in params and "hotkey" not in params, f"{name}: take controls: Controls"
    if owner not in HANDLER_ALONE:
        handlers = [p for p, v in params.items() if "HotKey" in str(v.annotation) or "Hot | None]" in str(v.annotation)]
        assert not handlers, f"{name}: a hot-key handler goes in its Controls"
    if "controls" in params:
        assert params["controls"].annotation == "Controls" and params["controls"].default is DEFAULT


def test_controls_ask_the_handler_or_answer_none():
    assert DEFAULT == Controls(mouse=True, hotkey=None) and DEFAULT.hot(None) is None
    seen = []

    def handler(key):
        seen.append(key)
        return Hot.HANDLED

    assert Controls(hotkey=handler).hot("F1") == Hot.HANDLED and seen == ["F1"]
    with pytest.raises(AttributeError):
        DEFAULT.mouse = False  # one object shared by every widget: it cannot be changed under them


@pytest.mark.parametrize("mouse, answer", [(True, True), (False, False)])
def test_a_question_reads_the_mouse_and_the_hot_keys_from_its_controls(mouse, answer):
    theme = Palette({}, {}).pick(False)
    got, seen = [], []

    def main(dos):
        dos.mouse.show()
        hot = Controls(mouse=mouse, hotkey=lambda key: seen.append(key.name))
        got.append(ask_yes_no(dos, theme, "SURE? (Y/N)", 5, 8, controls=hot))

    run_headless(main, "F1 click:15,5 n")  # the Y of (Y/N) is at column 8 + 7
    assert got == [answer] and seen == ["F1"]
