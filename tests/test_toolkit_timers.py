"""The toolkit's game clocks: a stopwatch and a countdown that waits, in machine seconds."""
import pytest

from vconsole.toolkit.timers import Countdown, Stopwatch, clock_text


def test_clock_text():
    assert [clock_text(s) for s in (0, 59.9, 61, 3600 + 62, -5)] == [
        "0:00:00", "0:00:59", "0:01:01", "1:01:02", "0:00:00"]


def test_stopwatch_counts_from_its_start_plus_a_base():
    w = Stopwatch(10.0, base=100.0)
    assert w.elapsed(15.5) == 105.5
    assert w.next_tick(15.5) == pytest.approx(0.5)
    assert w.next_tick(15.0) == pytest.approx(1.0)
    assert w.next_tick(15.995) == pytest.approx(1.005)   # a tick of almost nothing waits a second more


def test_countdown_runs_waits_and_restarts():
    c = Countdown(60, now=0.0)
    assert c.update(10.0) == 50.0 and not c.expired
    c.wait(True, now=20.0)                 # the ten seconds before the wait still count
    assert c.left == 40.0 and c.until_expiry() is None
    assert c.update(500.0) == 40.0         # nothing passes while waiting
    c.wait(False, now=500.0)
    assert c.update(530.0) == 10.0 and c.until_expiry() == 10.0
    assert c.update(545.0) == 0.0 and c.expired
    c.restart(600.0)
    assert c.left == 60.0 and not c.waiting and c.update(601.0) == 59.0


def test_countdown_needs_a_positive_limit():
    with pytest.raises(ValueError):
        Countdown(0, now=0.0)
