"""The monkey runs every installed program with the 2 s watchdog (a short run each, for CI).

The watchdog counts the process's CPU time without a service call, so a busy machine does
not make a program fail: a program that computes for 2 s of CPU without serving the
keyboard is one whose Esc and F7 go unanswered on any machine.
"""
from __future__ import annotations

import pytest

from vconsole.program import discover
from vconsole.tools import monkey

EVENTS = 400


def test_the_watchdog_is_two_seconds():
    assert monkey.WATCHDOG_S == 2.0


@pytest.mark.parametrize("name", sorted(discover()))
def test_every_program_answers_within_the_watchdog(tmp_path, name):
    report = monkey.monkey(monkey.Target(discover()[name], seed=1), EVENTS, tmp_path / "C", shrink_seconds=5)
    assert report.failure is None, report.text()
    assert report.events == EVENTS
