"""Settings (issue 25): vconsole.toml, VCONSOLE_* variables and the command line, in that order of strength.

Every option of the run parser that says how to run is a setting, so the precedence test walks the
parser's own options: one added later (full screen, keyboard layout, CRT) is covered without an edit.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from helpers import one_line

from vconsole import cli, settings
from vconsole.names import host_path
from vconsole.program import Program

#: values for the settings whose option has neither choices nor a true/false form: three distinct, valid ones
SAMPLES = {"scale": (2, 3, "4"), "volume": (10, 20, "30"), "drive": ("d1", "d2", "d3")}


def _three(s: settings.Setting):
    """(file value, environment text, command-line words) giving three different results for setting ``s``."""
    if s.boolean:
        flag = s.action.option_strings[-1]
        on_cli = s.shown(s.action.const if s.action.const is not None else True)  # what the flag sets
        return on_cli, ("0" if on_cli else "1"), [flag]  # default, file, variable, flag: each one changes it
    if s.action.choices is not None:
        choices = [c for c in s.action.choices if c != s.action.default] + [s.action.default]
        a, b, c = (choices * 3)[:3]
        return a, str(b), [s.action.option_strings[-1], str(c)]
    assert s.key in SAMPLES, f"setting {s.key}: add three sample values to SAMPLES"
    a, b, c = SAMPLES[s.key]
    return a, str(b), [s.action.option_strings[-1], str(c)]


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, int) else f'"{value}"'


KEYS = sorted(settings.settable(cli._parser()))


def test_the_settings_are_the_run_options_that_say_how_to_run():
    assert {"display", "monitor", "scale", "volume", "speaker", "mouse", "mute", "drive", "shareware"} <= set(KEYS)
    assert not {"keys", "screenshot", "record", "seed", "version", "config", "headless"} & set(KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_each_setting_default_then_file_then_environment_then_command_line(key, tmp_path):
    parser_settings = settings.settable(cli._parser())
    s = parser_settings[key]
    file_value, env_text, words = _three(s)
    conf = tmp_path / "v.toml"
    conf.write_text(f"# mine\n\n{key} = {_toml_value(file_value)}\n")
    env = {"VCONSOLE_CONFIG": str(tmp_path / "empty.toml")}
    (tmp_path / "empty.toml").write_text("")

    def resolve(argv, environ):
        args, r = settings.parse(cli._parser(), argv, environ=environ)
        return s.shown(getattr(args, s.action.dest)), r.origins[key]

    value, origin = resolve([], env)
    assert origin.source == "default" and value == s.shown(s.action.default)
    value, origin = resolve(["--config", str(conf)], env)
    assert origin.source == "file" and f"{conf}, line 3" in str(origin)
    from_file = value
    assert from_file != s.shown(s.action.default) or s.action.default is None
    value, origin = resolve(["--config", str(conf)], {**env, s.env: env_text})
    assert origin.source == "environment" and origin.where == s.env
    from_env = value
    value, origin = resolve(["--config", str(conf), *words], {**env, s.env: env_text})
    assert origin.source == "command line"
    if not s.boolean:  # each value as its source gave it (a path in the file is beside the file)
        expected_file = s.convert(file_value, text=False)
        if s.action.type is host_path:
            expected_file = str(conf.parent / expected_file)
        assert from_file == expected_file
        assert from_env == s.convert(env_text, text=True)
        assert value == s.convert(words[-1], text=True)
        assert from_env != from_file or len(s.action.choices or "xyz") < 3
    else:  # the default, the file, the variable and the flag each turn it over
        assert from_file != s.shown(s.action.default) and from_env != from_file and value != from_env


def test_the_default_file_is_vconsole_toml_in_the_config_folder(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("VCONSOLE_CONFIG")
    assert settings.default_path() == str(platformdirs.user_config_path("vconsole", appauthor=False) / "vconsole.toml")
    monkeypatch.setattr(settings, "default_path", lambda: tmp_path / "vconsole.toml")
    args, r = settings.parse(cli._parser(), [])
    assert not r.file.found and args.display == "ega"  # no file: no complaint
    (tmp_path / "vconsole.toml").write_text('display = "mda"\nmonitor = "green"\nscale = 3\n')
    args, r = settings.parse(cli._parser(), [])
    assert (args.display, args.monitor, args.scale) == ("mda", "green", 3)


@pytest.mark.parametrize("kind", ["config", "data"])
@pytest.mark.parametrize("xdg, home", [(None, "/home/ann"), ("/srv/conf/", "/home/ann"), ("", "/home/ann/"),
                                       ("relative/conf", "/home/ann"), (None, "/"), (None, "relative"), (None, "")])
def test_the_user_folders_are_platformdirs_without_importing_it(monkeypatch, kind, xdg, home):
    """settings names the XDG folders itself on Linux (no platformdirs import at start-up): the same folders,
    the settings file's and the default drive's."""
    import platformdirs

    from vconsole.frontends import default_drive

    variable = {"config": "XDG_CONFIG_HOME", "data": "XDG_DATA_HOME"}[kind]
    for name, value in ((variable, xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    monkeypatch.delenv("VCONSOLE_CONFIG", raising=False)
    named = platformdirs.user_config_dir if kind == "config" else platformdirs.user_data_dir
    try:
        expected = named("vconsole", appauthor=False)
    except RuntimeError:  # platformdirs finds no home at all: neither does the fast path
        assert settings._xdg_home(kind) is None
        return
    assert settings.user_folder(kind) == expected
    if kind == "config":
        assert settings.default_path() == os.path.join(expected, "vconsole.toml")
    else:
        assert default_drive() == os.path.join(expected, "TOYS")


def test_vconsole_config_prints_each_setting_and_its_source(tmp_path, capsys, monkeypatch):
    conf = tmp_path / "v.toml"
    conf.write_text('display = "mda"\nmouse = false\n\n[switches]\nmill = "MS"\n')
    monkeypatch.setenv("VCONSOLE_MONITOR", "amber")
    assert cli.main(["config", "--config", str(conf), "--scale", "2"]) == 0
    out = capsys.readouterr().out
    lines = {ln.split(" = ")[0]: ln for ln in out.splitlines() if " = " in ln and not ln.startswith("#")}
    assert lines["display"].startswith('display = "mda"') and f"file ({conf}, line 1)" in lines["display"]
    assert lines["mouse"].startswith("mouse = false") and "line 2" in lines["mouse"]
    assert lines["monitor"].startswith('monitor = "amber"') and "environment (VCONSOLE_MONITOR)" in lines["monitor"]
    assert lines["scale"].startswith("scale = 2") and "command line" in lines["scale"]
    assert lines["speaker"].startswith('speaker = "ideal"') and "# default" in lines["speaker"]
    assert lines["mill"].startswith('mill = "MS"') and "line 5" in lines["mill"]
    import tomllib

    assert tomllib.loads(out)["display"] == "mda"  # what it prints is itself a settings file


@pytest.mark.parametrize("text, words", [
    ('display = "mda"\nscale = 30\n', ["line 2", "scale", "1 to 16"]),
    ('\nmonitor = "pink"\n', ["line 2", "monitor", "pink"]),
    ('mouse = "no"\n', ["line 1", "mouse", "true or false"]),
    ('volume = 101\n', ["line 1", "volume", "0 to 100"]),
    ('display = [1]\n', ["line 1", "display"]),
    ('colour = "mda"\n', ["line 1", "colour", "not a setting"]),
    ('display = "mda"\ndisplay = "vga"\n', ["line 2", "not a TOML file"]),
    ('display = mda\n', ["line 1", "not a TOML file"]),
    ('[switches]\nmill = 3\n', ["line 2", "switches.mill"]),
])
def test_a_bad_settings_file_is_one_line_naming_file_line_and_key_exit_2(tmp_path, capsys, text, words):
    conf = tmp_path / "bad.toml"
    conf.write_text(text)
    assert cli.main(["--config", str(conf), "--headless", "--drive", str(tmp_path)]) == 2
    line = one_line(capsys)
    assert line.startswith(f"vconsole: {conf}: ")
    for w in words:
        assert w in line


def test_bad_bytes_a_missing_file_and_a_bad_variable_are_one_line_too(tmp_path, capsys, monkeypatch):
    conf = tmp_path / "bad.toml"
    conf.write_bytes(b'display = "mda"\nmonitor = "gr\xffen"\n')
    assert cli.main(["config", "--config", str(conf)]) == 2
    assert "line 2" in one_line(capsys)
    assert cli.main(["config", "--config", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in one_line(capsys)
    monkeypatch.setenv("VCONSOLE_SCALE", "big")
    assert cli.main(["--headless", "--drive", str(tmp_path)]) == 2
    line = one_line(capsys)
    assert "VCONSOLE_SCALE" in line and "scale" in line


def test_the_file_gives_a_program_its_default_switches_and_the_command_line_replaces_them(tmp_path, monkeypatch,
                                                                                          capsys):
    seen = []
    prog = Program(name="TOY", main=lambda dos: seen.append(sorted(dos.switches)) or 0, switches=("M", "S"))
    monkeypatch.setattr(cli, "find", lambda name: prog)
    conf = tmp_path / "v.toml"
    conf.write_text('[switches]\ntoy = "MS"\n')
    base = ["toy", "--config", str(conf), "--headless", "--drive", str(tmp_path)]
    assert cli.main(base) == 0
    assert cli.main([*base[:1], "S", *base[1:]]) == 0
    assert seen == [["M", "S"], ["S"]]
    conf.write_text('[switches]\ntoy = "Q"\n')
    assert cli.main(base) == 2
    line = one_line(capsys)
    assert str(conf) in line and "line 2" in line and "switches.toy" in line


def test_a_drive_in_the_file_is_relative_to_the_file(tmp_path):
    conf = tmp_path / "cfg" / "v.toml"
    conf.parent.mkdir()
    conf.write_text('drive = "dos"\n')
    args, _ = settings.parse(cli._parser(), ["--config", str(conf)], environ={})
    assert args.drive == str(tmp_path / "cfg" / "dos")


def _tone(dos):
    dos.speaker.play("MB T120 L4 O4 C")
    dos.keyboard.read()


@pytest.mark.parametrize("source", ["option", "file"])
def test_volume_scales_the_wav_peak_and_0_keeps_the_timing(tmp_path, monkeypatch, source):
    from vconsole.synth import read_wav

    monkeypatch.setattr(cli, "find", lambda name: Program(name="TONE", main=_tone))
    peaks, lengths = {}, {}
    for volume in (100, 50, 0):
        wav = tmp_path / f"v{volume}.wav"
        extra = ["--volume", str(volume)]
        if source == "file":
            (tmp_path / "v.toml").write_text(f"volume = {volume}\n")
            extra = ["--config", str(tmp_path / "v.toml")]
        assert cli.main(["tone", "--headless", "--drive", str(tmp_path), "--record-audio", str(wav), *extra]) == 0
        pcm, _rate = read_wav(wav)
        peaks[volume], lengths[volume] = int(np.abs(pcm.astype(np.int32)).max()), len(pcm)
    assert peaks[100] > 1000
    assert abs(peaks[50] - peaks[100] / 2) <= 1  # linear: half the volume, half the peak (rounding)
    assert peaks[0] == 0
    assert lengths[0] == lengths[50] == lengths[100]  # silence keeps the timing


@pytest.mark.parametrize("bad", ["-1", "101", "loud", "50.5"])
def test_a_bad_volume_is_one_line(tmp_path, capsys, bad):
    assert cli.main(["--volume", bad, "--headless", "--drive", str(tmp_path)]) == 2
    assert "--volume" in one_line(capsys)


def test_the_command_line_takes_its_choices_from_the_modules_that_use_them():
    from vconsole.adapters import ADAPTERS, MONITORS
    from vconsole.names import ADAPTER_NAMES, SPEAKER_MODELS
    from vconsole.synth import MODELS

    assert tuple(sorted(ADAPTERS)) == ADAPTER_NAMES and MONITORS and SPEAKER_MODELS == MODELS


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["config", "--help"]])
def test_help_and_version_import_no_numpy_no_machine_no_programs(argv):
    code = (f"import sys\nfrom vconsole.cli import main\ntry:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "heavy = sorted(m for m in sys.modules"
            " if m.split('.')[0] in ('numpy', 'pyglet', 'PIL', 'vconsole_programs')"
            " or m in ('vconsole.machine', 'vconsole.program'))\nprint('HEAVY', heavy)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().splitlines()[-1] == "HEAVY []"


def test_python_dash_m_vconsole_runs_the_command_line():
    from vconsole import __version__

    r = subprocess.run([sys.executable, "-m", "vconsole", "--version"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == f"vconsole {__version__}"


def test_settings_are_generic_over_option_kinds():
    """An option added later of any ordinary kind is a setting: a flag, a --no- flag, a choice, an optional value."""
    p = argparse.ArgumentParser()
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--no-blink", action="store_true")
    p.add_argument("--keyboard", choices=["us", "uk", "de", "fr"], default="us")
    p.add_argument("--crt", nargs="?", const="auto", default=None, choices=["auto", "mda"])
    found = settings.settable(p)
    assert set(found) == {"fullscreen", "blink", "keyboard", "crt"}
    assert found["fullscreen"].convert(True, text=False) is True
    assert found["blink"].convert(False, text=False) is True  # blink = false sets --no-blink
    assert found["keyboard"].convert("de", text=True) == "de"
    assert found["crt"].convert(True, text=False) == "auto" and found["crt"].convert("mda", text=False) == "mda"
    with pytest.raises(ValueError, match="us, uk, de, fr"):
        found["keyboard"].convert("xx", text=False)


def test_docs_settings_lists_every_setting():
    text = (Path(__file__).resolve().parent.parent / "docs" / "SETTINGS.md").read_text()
    for key in KEYS:
        assert f"`{key}`" in text, f"docs/SETTINGS.md does not describe {key}"
