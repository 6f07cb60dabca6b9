"""Settings for the whole suite.

Hypothesis's per-example deadline (200 ms by default) is a wall-clock limit: on a busy
machine, or beside the other workers of a parallel run, a correct property test failed on
it.  Tests here never depend on how busy the machine is, so the deadline is off; the
properties themselves are unchanged.

Every test also sees vconsole's defaults, whatever settings the person running the tests keeps:
a developer's own ``vconsole.toml`` or ``VCONSOLE_DISPLAY`` would otherwise change what the command
line does in the tests (a green MDA screenshot where a test expects EGA). So the environment's
settings are removed and ``VCONSOLE_CONFIG`` names an empty settings file; subprocesses inherit both.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import settings

settings.register_profile("vconsole", deadline=None)
settings.load_profile("vconsole")

#: variables the test suite itself reads, not settings
KEEP = {"VCONSOLE_REQUIRE_X"}


def pytest_configure(config) -> None:
    for name in [n for n in os.environ if n.startswith("VCONSOLE_") and n not in KEEP]:
        del os.environ[name]
    empty = Path(tempfile.mkdtemp(prefix="vconsole-test-settings.")) / "vconsole.toml"
    empty.write_text("# no settings: the tests run on the defaults\n")
    os.environ["VCONSOLE_CONFIG"] = str(empty)
