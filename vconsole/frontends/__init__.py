"""Front ends own the clock and the event loop; they know nothing about any program's rules."""
from __future__ import annotations

from pathlib import Path


def default_drive() -> Path:
    """The programs' DOS directory when --drive is not given: a per-user data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("vconsole", appauthor=False)) / "TOYS"
