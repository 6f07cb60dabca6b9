"""Settings that stick: ``vconsole.toml``, ``VCONSOLE_*`` environment variables, then the command line.

A green-screen fan should not type ``--display mda --monitor green --scale 3`` on every run. The
settings are not a second list kept by hand: every option of a parser that says *how* to run
(display, monitor, scale, volume, ... and any option added later) is a setting, named as the option
without its dashes (``--no-mouse`` is ``mouse = false``), and its value is checked by the option's own
type and choices. What is *per run* (outputs, key scripts, the seed, ``--version``) is not a setting.

Precedence, lowest first: the option's default, the file, the environment, the command line.
A bad value is one line naming where it came from (file and line, or variable) and the key.
"""
from __future__ import annotations

import argparse
import os
import posixpath
import re
import sys
from typing import Any

from .names import host_path
from .records import record

FILE_NAME = "vconsole.toml"
ENV_PREFIX = "VCONSOLE_"
#: the environment's way of saying --config FILE
ENV_CONFIG = "VCONSOLE_CONFIG"
#: the table of per-program default switches: ``[switches]`` ``mill = "MS"``
SWITCHES = "switches"
#: option dests that belong to one run, not to the way every run looks and sounds
PER_RUN = frozenset({"help", "version", "list", "config", "headless", "keys", "screenshot", "dump_text",
                     "record_audio", "record", "record_video", "record_html", "video_rate", "seed", "program",
                     "switches", "files", "file", "journal"})
DEFAULT, FILE, ENVIRONMENT, COMMAND_LINE = "default", "file", "environment", "command line"
TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


class SettingError(Exception):
    """A bad setting: the message is one line naming the file and line (or the variable) and the key."""


class _Unset:
    def __repr__(self) -> str:
        return "<not on the command line>"


UNSET: Any = _Unset()


# Defined at every start, so records rather than dataclasses or NamedTuples (vconsole.records says why).
@record
class Setting:
    """One option of a parser seen as a setting."""

    key: str
    action: argparse.Action
    #: a true/false setting: ``key = true`` means the option's name without "no-" is on
    boolean: bool
    #: the option is "--no-KEY" (store_true) or "--KEY" (store_false): the dest holds the opposite
    inverted: bool = False

    @property
    def env(self) -> str:
        return ENV_PREFIX + self.key.upper().replace("-", "_")

    @property
    def default(self) -> Any:
        return self.action.default

    def shown(self, dest_value: Any) -> Any:
        """The setting's value as the file writes it, from the parser's value."""
        if self.boolean:
            return (not dest_value) if self.inverted else bool(dest_value)
        return dest_value

    def convert(self, raw: Any, *, text: bool) -> Any:
        """The parser's value for ``raw`` (a TOML value, or the environment's text); ValueError saying why."""
        if self.boolean:
            if text:
                word = str(raw).strip().lower()
                if word not in TRUE_WORDS + FALSE_WORDS:
                    raise ValueError(f"must be true or false (or 1/0, yes/no, on/off), not {raw!r}")
                on = word in TRUE_WORDS
            elif isinstance(raw, bool):
                on = raw
            else:
                raise ValueError(f"must be true or false, not {_toml(raw)}")
            if isinstance(self.action, argparse.BooleanOptionalAction):
                return on
            return (not on) if self.inverted else on
        a = self.action
        if a.nargs == "?" and not text and isinstance(raw, bool):  # --crt alone: its const
            return a.const if raw else a.default
        if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
            raise ValueError(f"must be {_what(a)}, not {_toml(raw)}")
        value: Any = str(raw)
        if a.type is not None:
            try:
                value = a.type(value)  # type: ignore[operator]
            except (argparse.ArgumentTypeError, ValueError, TypeError) as e:
                why = str(e) if isinstance(e, argparse.ArgumentTypeError) else f"not {_what(a)}: {raw!r}"
                raise ValueError(why) from None
        if a.choices is not None and value not in a.choices:
            raise ValueError(f"must be one of {', '.join(map(str, a.choices))}, not {raw!r}")
        return value


def _what(action: argparse.Action) -> str:
    if action.choices is not None:
        return "one of " + ", ".join(map(str, action.choices))
    if action.type is int:
        return "a whole number"
    if action.type is float:
        return "a number"
    if action.type is host_path:
        return "a path"
    return "text" if action.type in (None, str) else "a value"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (str, os.PathLike)):
        return '"' + os.fspath(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"a {type(value).__name__}"


def settable(parser: argparse.ArgumentParser) -> dict[str, Setting]:
    """Every option of ``parser`` that is a setting, by key (the long option name without dashes)."""
    found: dict[str, Setting] = {}
    for a in parser._actions:
        longs = [s for s in a.option_strings if s.startswith("--")]
        if not longs or a.dest in PER_RUN:
            continue
        name = longs[0][2:]
        if isinstance(a, argparse.BooleanOptionalAction):
            found[name] = Setting(name, a, boolean=True)
        elif isinstance(a, (argparse._StoreTrueAction, argparse._StoreFalseAction)):
            store_true = isinstance(a, argparse._StoreTrueAction)
            negative = name.startswith("no-")
            key = name[3:] if negative else name
            found[key] = Setting(key, a, boolean=True, inverted=negative == store_true)
        elif type(a) is argparse._StoreAction and a.nargs in (None, "?"):
            found[name] = Setting(name, a, boolean=False)
    return found


def default_path() -> str:
    """``vconsole.toml`` in the user's config folder (``~/.config/vconsole`` on Linux)."""
    return os.path.join(user_folder("config"), FILE_NAME)


#: the per-user folders vconsole keeps: each one's XDG variable, and where it is in the home without it
_XDG_HOMES = {"config": ("XDG_CONFIG_HOME", ".config"), "data": ("XDG_DATA_HOME", ".local/share")}


def user_folder(kind: str) -> str:
    """vconsole's own folder of the user's ``kind`` of folders, "config" (the settings file) or "data"
    (the programs' drive): ``~/.config/vconsole`` and ``~/.local/share/vconsole`` on Linux, the folders
    platformdirs names."""
    home = _xdg_home(kind)
    if home is not None:
        return os.path.join(home, "vconsole")
    import platformdirs  # another system, or an unusual home: platformdirs knows its rules

    named = platformdirs.user_config_dir if kind == "config" else platformdirs.user_data_dir
    return named("vconsole", appauthor=False)


def _xdg_home(kind: str) -> str | None:
    """On Linux, the folder of the user's ``kind`` of folders that platformdirs names, worked out without
    importing it; None elsewhere.

    Every run looks for the settings file, and most find none, and a run without --drive names its
    drive: importing platformdirs for those names (its modules, their regular expressions, tempfile)
    cost about 1.5% of a headless start, more than the file check itself.  This is the plain XDG case
    platformdirs follows on Linux, an absolute ``$XDG_CONFIG_HOME`` (``$XDG_DATA_HOME``) or else
    ``$HOME/.config`` (``$HOME/.local/share``); anything less plain (Android, a relative or missing
    home, another system) is left to platformdirs.  tests/test_settings.py checks that both name the
    same folder.
    """
    if not sys.platform.startswith("linux") or hasattr(sys, "getandroidapilevel") or os.environ.get("ANDROID_DATA"):
        return None
    variable, under_home = _XDG_HOMES[kind]
    xdg = os.environ.get(variable, "")
    if posixpath.isabs(xdg):
        return xdg
    home = os.environ.get("HOME", "")
    if not posixpath.isabs(home):
        return None
    return home.rstrip("/") + "/" + under_home


@record
class Origin:
    """Where a setting's value came from: one of the four sources, and the file line or the variable."""

    source: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.source} ({self.where})" if self.where else self.source


@record
class ConfigFile:
    """A settings file as read: where it is, whether it was there, its values and switches with their lines."""

    path: str
    found: bool
    values: dict[str, tuple[Any, int]]
    switches: dict[str, tuple[str, int]]


def _line_of(lines: list[str], table: str | None, key: str) -> int:
    """The 1-based line where ``key`` is set in ``[table]`` (top level for None); 0 when not found."""
    current: str | None = None
    pattern = re.compile(r"""\s*(?:"|')?""" + re.escape(key) + r"""(?:"|')?\s*=""")
    dotted = re.compile(r"""\s*(?:"|')?""" + re.escape(f"{table}.{key}") + r"""(?:"|')?\s*=""") if table else None
    for n, line in enumerate(lines, 1):
        header = re.match(r"\s*\[\s*([^\]]+?)\s*\]", line)
        if header:
            current = header.group(1).strip("\"'")
            continue
        if current == table and pattern.match(line):
            return n
        if dotted is not None and current is None and dotted.match(line):
            return n
    return 0


def read_file(path: str | os.PathLike[str], known: dict[str, Setting], *, must_exist: bool) -> ConfigFile:
    """The settings in ``path``, each checked by its option; SettingError naming file, line and key."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        if must_exist:
            raise SettingError(f"{path}: no such settings file") from None
        return ConfigFile(path, False, {}, {})
    except OSError as e:
        raise SettingError(f"{path}: cannot read it: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise SettingError(f"{path}: line {line}: not UTF-8 text") from None
    import tomllib  # here, not at the top: most runs have no settings file to parse

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        where = re.search(r"\(at line (\d+), column \d+\)", str(e))
        why = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e)).rstrip(".").lower()
        at = f"line {where.group(1)}: " if where else ""
        raise SettingError(f"{path}: {at}not a TOML file: {why}") from None
    lines = text.splitlines()
    values: dict[str, tuple[Any, int]] = {}
    switches: dict[str, tuple[str, int]] = {}
    for key, raw_value in data.items():
        line = _line_of(lines, None, key)
        if key == SWITCHES and isinstance(raw_value, dict):
            for name, words in raw_value.items():
                n = _line_of(lines, SWITCHES, name)
                if isinstance(words, list) and all(isinstance(w, str) for w in words):
                    words = " ".join(words)
                if not isinstance(words, str):
                    raise SettingError(f"{path}: line {n}: {SWITCHES}.{name}: must be text such as \"MS\", "
                                       f"not {_toml(words)}")
                switches[name.lower()] = (words, n)
            continue
        setting = known.get(key)
        if setting is None:
            raise SettingError(f"{path}: line {line}: {key}: not a setting (settings: "
                               f"{', '.join(sorted(known))}, [{SWITCHES}])")
        try:
            value = setting.convert(raw_value, text=False)
        except ValueError as e:
            raise SettingError(f"{path}: line {line}: {key}: {e}") from None
        if setting.action.type is host_path:  # a path in the file: ~ is the home folder, relative is beside the file
            value = os.path.join(os.path.dirname(path), os.path.expanduser(value))
        values[key] = (value, line)
    return ConfigFile(path, True, values, switches)


def config_path(cli_value: str | os.PathLike[str] | None, environ: dict[str, str]) -> tuple[str, bool]:
    """The settings file to read and whether it must exist (named with --config or VCONSOLE_CONFIG)."""
    if cli_value is not None:
        return os.fspath(cli_value), True
    if environ.get(ENV_CONFIG):
        return os.path.expanduser(environ[ENV_CONFIG]), True
    return default_path(), False


@record
class Resolved:
    """The settings in force for one command: each key's parser value and where it came from."""

    file: ConfigFile
    settings: dict[str, Setting]
    origins: dict[str, Origin]

    def switches_for(self, program: str) -> tuple[str, int] | None:
        return self.file.switches.get(program.lower())


def parse(parser: argparse.ArgumentParser, argv: list[str], *, reference: argparse.ArgumentParser | None = None,
          environ: dict[str, str] | None = None, intermixed: bool = True) -> tuple[argparse.Namespace, Resolved]:
    """``parser``'s arguments with the settings filled in under the command line.

    ``reference`` is the parser whose options are the settings a file may hold (the run parser);
    ``parser`` takes from them the ones it has. SettingError for a bad file or variable.
    """
    environ = dict(os.environ if environ is None else environ)
    mine = settable(parser)
    known = {**settable(reference), **mine} if reference is not None else mine
    saved = {key: s.action.default for key, s in mine.items()}
    for s in mine.values():
        s.action.default = UNSET
    try:
        args = (parser.parse_intermixed_args if intermixed else parser.parse_args)(argv)
    finally:
        for key, s in mine.items():
            s.action.default = saved[key]
    if getattr(args, "version", False):  # --version answers without reading anything
        for key, s in mine.items():
            if getattr(args, s.action.dest) is UNSET:
                setattr(args, s.action.dest, saved[key])
        return args, Resolved(ConfigFile("", False, {}, {}), mine, {})
    path, must_exist = config_path(getattr(args, "config", None), environ)
    file = read_file(path, known, must_exist=must_exist)
    origins: dict[str, Origin] = {}
    for key, s in known.items():  # the environment's values are checked even for options this command lacks
        if s.env in environ and key not in mine:
            try:
                s.convert(environ[s.env], text=True)
            except ValueError as e:
                raise SettingError(f"environment {s.env}: {key}: {e}") from None
    for key, s in mine.items():
        dest = s.action.dest
        if getattr(args, dest) is not UNSET:
            origins[key] = Origin(COMMAND_LINE)
            continue
        if s.env in environ:
            try:
                value = s.convert(environ[s.env], text=True)
            except ValueError as e:
                raise SettingError(f"environment {s.env}: {key}: {e}") from None
            if s.action.type is host_path:
                value = os.path.expanduser(value)
            setattr(args, dest, value)
            origins[key] = Origin(ENVIRONMENT, s.env)
        elif key in file.values:
            value, line = file.values[key]
            setattr(args, dest, value)
            origins[key] = Origin(FILE, f"{path}, line {line}")
        else:
            setattr(args, dest, saved[key])
            origins[key] = Origin(DEFAULT)
    return args, Resolved(file, mine, origins)


def report(args: argparse.Namespace, resolved: Resolved) -> str:
    """The settings in force as a TOML file would hold them, each with where it came from."""
    file = resolved.file
    state = "" if file.found else "  (not found: every value below is a default, variable or option)"
    out = [f"# vconsole settings in force; the settings file is {file.path}{state}",
           "# precedence, lowest first: default, file, environment (VCONSOLE_...), command line"]
    for key in sorted(resolved.settings):
        s = resolved.settings[key]
        value = getattr(args, s.action.dest)
        origin = resolved.origins[key]
        if value is None:
            out.append(f"{f'# {key} is not set':<32} # {origin}")
        else:
            text = f"{key} = {_toml(s.shown(value))}"
            out.append(f"{text:<32} # {origin}")
    if file.switches:
        out.append(f"\n[{SWITCHES}]")
        for name, (words, line) in sorted(file.switches.items()):
            out.append(f"{f'{name} = {_toml(words)}':<32} # file ({file.path}, line {line})")
    return "\n".join(out) + "\n"
