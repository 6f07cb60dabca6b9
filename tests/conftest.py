"""Settings for the whole suite.

Hypothesis's per-example deadline (200 ms by default) is a wall-clock limit: on a busy
machine, or beside the other workers of a parallel run, a correct property test failed on
it.  Tests here never depend on how busy the machine is, so the deadline is off; the
properties themselves are unchanged.
"""
from __future__ import annotations

from hypothesis import settings

settings.register_profile("vconsole", deadline=None)
settings.load_profile("vconsole")
