"""Front ends own the clock and the event loop; they know nothing about any program's rules."""
from __future__ import annotations

import os


def default_drive() -> str:
    """The programs' DOS directory when --drive is not given: TOYS in vconsole's folder of the user's
    data (``~/.local/share/vconsole/TOYS`` on Linux), named without importing platformdirs there."""
    from ..settings import user_folder

    return os.path.join(user_folder("data"), "TOYS")
