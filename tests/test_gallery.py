"""The gallery and attract captures: pictures made by the programs' own tours, the same every time."""
from __future__ import annotations

import re

import numpy as np
from PIL import Image

from vconsole.capture import load_png
from vconsole.cli import main as cli
from vconsole.program import discover, find
from vconsole.tools import gallery


def test_every_program_declares_a_tour_that_runs(tmp_path):
    """Tours are the programs' own; one that leaves a blank screen is no picture."""
    for name, program in discover().items():
        outcome = gallery.run_script(program, gallery.tour_of(program), "ega", tmp_path / name)
        assert "".join(outcome.text).strip(), f"{name}'s tour leaves an empty screen"
    assert find("mill").tour and find("mill").attract
    assert find("testcard").tour and find("command").tour


def test_the_gallery_writes_pictures_and_an_index(tmp_path, capsys):
    out = tmp_path / "g"
    assert cli(["gallery", str(out), "--programs", "testcard", "mill", "--displays", "ega", "mda",
                "--monitors", "color", "amber", "--seconds", "2"]) == 0
    names = sorted(p.name for p in out.iterdir())
    pictures = [n for n in names if n.endswith(".png")]
    assert len(pictures) == 8 and "mill-mda-amber.png" in pictures and "testcard-ega-color.png" in pictures
    assert "mill.gif" in names and "testcard.gif" in names
    index = (out / "index.html").read_text()
    for name in pictures + ["mill.gif", "testcard.gif"]:
        assert f'src="{name}"' in index
    assert re.search(r"<h2>MILL</h2>", index) and "attract mode" in index
    # a picture is the screen the tour left, shown as the 4:3 monitor showed it
    outcome = gallery.run_script(find("mill"), find("mill").tour, "mda", tmp_path / "again")
    assert np.array_equal(load_png(out / "mill-mda-amber.png"), gallery.picture(outcome, "mda", "amber", 1))
    # and the same again next time: fixed seed and date
    again = tmp_path / "g2"
    assert cli(["gallery", str(again), "--programs", "mill", "--displays", "ega", "--monitors", "color",
                "--no-animation"]) == 0
    assert (again / "mill-ega-color.png").read_bytes() == (out / "mill-ega-color.png").read_bytes()
    assert "open" in capsys.readouterr().err


def test_attract_records_computer_play(tmp_path, capsys):
    out = tmp_path / "mill.gif"
    assert cli(["attract", "mill", str(out), "--seconds", "4", "--display", "cga", "--scale", "1"]) == 0
    with Image.open(out) as im:
        assert im.n_frames > 3
        total = 0
        for n in range(im.n_frames):
            im.seek(n)
            total += im.info["duration"]
    assert total >= 4000  # the attract keys, then four seconds of play
    assert "captured" in capsys.readouterr().err
    assert cli(["attract", "testcard", str(tmp_path / "t.gif")]) == 2
    err = capsys.readouterr().err
    assert "TESTCARD declares no attract mode" in err and "MILL" in err
    assert cli(["attract", "nosuch", str(tmp_path / "t.gif")]) == 2


def test_the_readmes_gallery_command_makes_the_pictures_committed(tmp_path):
    """docs/gallery holds exactly what the README's command writes (generated, not drawn by hand)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    line = next(ln.strip() for ln in (root / "README.md").read_text().splitlines()
                if ln.strip().startswith("vconsole gallery docs/gallery"))
    words = line.split()[2:]
    assert words[0] == "docs/gallery"
    assert cli(["gallery", str(tmp_path / "g"), *words[1:]]) == 0
    made = sorted(p.name for p in (tmp_path / "g").iterdir())
    assert made == sorted(p.name for p in (root / "docs" / "gallery").iterdir())
    readme = (root / "README.md").read_text()
    for shown in re.findall(r"\]\((docs/gallery/[^)]+)\)", readme):
        assert (root / shown).is_file(), shown
