"""Input named on the command line (key script files, --drive) that cannot work: one line, exit 2,
before anything runs and without reading without end."""
from __future__ import annotations

import pytest
from helpers import one_line

from vconsole import cli, keyscript


def test_a_key_script_is_read_only_up_to_its_limit(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(keyscript, "MAX_SCRIPT", 100)
    big = tmp_path / "big.keys"
    big.write_text("a " * 100)
    assert cli.main(["--keys", f"@{big}"]) == 2
    assert one_line(capsys) == f"vconsole: cannot read key script {big}: bigger than 0 MB"


def test_dev_zero_is_not_a_key_script(capsys):
    assert cli.main(["--keys", "@/dev/zero"]) == 2
    assert one_line(capsys) == "vconsole: cannot read key script /dev/zero: bigger than 1 MB"


def test_a_key_script_that_is_not_utf8_names_its_line(capsys, tmp_path):
    bad = tmp_path / "latin1.keys"
    bad.write_bytes(b"a b\nEnter \xe9t\xe9\n")
    assert cli.main(["--keys", f"@{bad}"]) == 2
    assert one_line(capsys) == f"vconsole: cannot read key script {bad}: line 2 is not UTF-8 text"


@pytest.mark.parametrize("under", ["x", "x/y/z"])
def test_a_drive_under_a_file_is_refused(capsys, tmp_path, under):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert cli.main(["--headless", "--drive", str(afile / under)]) == 2
    assert one_line(capsys) == f"vconsole: --drive {afile / under}: {afile} is not a directory"


def test_help_names_the_other_commands_and_the_key_script_syntax(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for command in ("render", "view", "monkey", "replay", "gallery", "attract"):
        assert f"\n  vconsole {command} " in out, command
    # issue 25: the epilog sends an installed user to "vconsole help keys", not to a README they lack
    assert "wait:MS" in out and "@FILE" in out and "vconsole help keys" in out
    assert "(- for standard output)" in " ".join(out.split())


@pytest.mark.parametrize("token, words", [
    ("wait:abc", "unknown key-script token 'wait:abc': wait:MS needs a number of milliseconds (0 or more)"),
    ("wait:-5", "'wait:-5': wait:MS needs a number of milliseconds"),
    ("click:1", "'click:1': click:COL,ROW needs a text cell"),
    ("rclick:x,y", "rclick:COL,ROW needs a text cell"),
    ("move:1", "move:COL,ROW needs a text cell"),
    ("wheel:x", "'wheel:x': wheel:N needs a whole number of notches"),
    ("Wheel:1000", "wheel:N needs a whole number of notches, -999 to 999"),
])
def test_a_bad_value_names_the_form_its_token_takes(capsys, token, words):
    assert cli.main(["--keys", token]) == 2
    line = one_line(capsys)
    assert line.startswith("vconsole: ") and words in line, line
