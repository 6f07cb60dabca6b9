"""Every test sees vconsole's defaults, whatever settings the person running the tests keeps.

A developer's own ``vconsole.toml`` or ``VCONSOLE_DISPLAY`` would otherwise change what the command
line does in the tests (a green MDA screenshot where a test expects EGA). So the environment's
settings are removed and ``VCONSOLE_CONFIG`` names an empty settings file; subprocesses inherit both.
"""
import os
import tempfile
from pathlib import Path

#: variables the test suite itself reads, not settings
KEEP = {"VCONSOLE_REQUIRE_X"}


def pytest_configure(config) -> None:
    for name in [n for n in os.environ if n.startswith("VCONSOLE_") and n not in KEEP]:
        del os.environ[name]
    empty = Path(tempfile.mkdtemp(prefix="vconsole-test-settings.")) / "vconsole.toml"
    empty.write_text("# no settings: the tests run on the defaults\n")
    os.environ["VCONSOLE_CONFIG"] = str(empty)
