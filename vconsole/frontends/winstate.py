"""The window's last size, scale and place, remembered between runs.

A small JSON file in the user's state folder (platformdirs' user_state_dir,
e.g. ~/.local/state/vconsole/window.json), one entry per display adapter since
each has its own picture size.  It is written atomically when the window
closes; a file that cannot be read is said in one line and ignored, and one
that cannot be written only costs the memory of the size.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

FILE_NAME = "window.json"
MAX_BYTES = 64 * 1024  # a state file larger than this is not ours


@dataclass(frozen=True)
class WindowState:
    width: int
    height: int
    x: int | None = None  # None: the window manager places it
    y: int | None = None
    scale: int = 0  # the whole scale it was drawn at; 0: any size (sharp bilinear)


def default_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_state_dir("vconsole", appauthor=False)) / FILE_NAME


def load(adapter: str, path: Path | None = None) -> WindowState | None:
    """The remembered state for `adapter`, or None (no file, no entry, or a file that says one line why)."""
    path = path or default_path()
    try:
        if not path.exists():
            return None
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("too large")
        entry = json.loads(path.read_text("utf-8")).get("adapters", {}).get(adapter)
        if entry is None:
            return None
        state = WindowState(**{k: entry.get(k) for k in ("width", "height", "x", "y", "scale") if k in entry})
        if not (isinstance(state.width, int) and isinstance(state.height, int) and state.width > 0
                and state.height > 0 and all(v is None or isinstance(v, int) for v in (state.x, state.y))
                and isinstance(state.scale, int) and state.scale >= 0):
            raise ValueError(f"bad entry for {adapter}")
        return state
    except (OSError, ValueError, TypeError, AttributeError) as e:
        print(f"vconsole: ignoring the window state in {path} ({e})", file=sys.stderr)
        return None


def save(adapter: str, state: WindowState, path: Path | None = None) -> bool:
    """Remember `state` for `adapter` (other adapters' entries kept); False when it could not be written."""
    from ..disk import atomic_write

    path = path or default_path()
    data: dict[str, Any] = {"adapters": {}}  # JSON read back: whatever the file held
    try:
        if path.exists() and path.stat().st_size <= MAX_BYTES:
            old = json.loads(path.read_text("utf-8"))
            if isinstance(old, dict) and isinstance(old.get("adapters"), dict):
                data = old
    except (OSError, ValueError):
        pass  # an unreadable file is replaced
    data["adapters"][adapter] = asdict(state)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    except OSError:
        return False
    return True


def fits(state: WindowState, screen_w: int, screen_h: int) -> bool:
    """Whether the remembered size still fits the screen (a smaller monitor now: open as new)."""
    return state.width <= screen_w and state.height <= screen_h
