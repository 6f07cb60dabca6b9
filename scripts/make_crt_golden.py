"""Remake tests/golden_crt/: the CRT look (vconsole.crt) of the test card, one crop per adapter.

These are snapshots that lock the look against accidental change; tests/test_crt.py checks
that the picture follows the preset figures (line counts, mask pitch, afterglow), and
vconsole/crt.py says which of those figures rest on a source and which do not.  Run after an
intended change of the look, look at every file, commit them.

    python scripts/make_crt_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_crt import CASES, GOLDEN, crt_crop  # noqa: E402 (found through the path set just above)

from vconsole.capture import save_png  # noqa: E402

if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for adapter, monitor in CASES:
        path = save_png(crt_crop(adapter, monitor), GOLDEN / f"{adapter}_{monitor}.png")
        print(path)
