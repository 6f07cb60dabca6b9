"""HELP and ``/?``: what each command does, in a line or two of our own words."""
from __future__ import annotations

import textwrap
from collections.abc import Iterable

from vconsole.program import Program

#: command -> (a few words for the list, what it does, how it is typed)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "CD": ("show the directory", "Shows the directory (there is one here: C:\\TOYS).", "CD"),
    "CLS": ("clear the screen", "Clears the screen.", "CLS"),
    "COPY": ("copy files", "Copies files within the directory; COPY CON NAME makes a file of the lines\n"
             "you type (end with F6 or Ctrl+Z, then Enter).", "COPY source [target]"),
    "DATE": ("show the date", "Shows the date (this PC keeps the host computer's clock).", "DATE"),
    "DEL": ("delete files", "Deletes files; wildcards allowed; /P asks about each one.", "DEL name [/P]"),
    "DIR": ("list files", "Lists files: /W wide, /P a page at a time, /B names only, /L lower case,\n"
            "/O sorted (N name, E extension, S size, D date; - reverses).",
            "DIR [name] [/W] [/P] [/B] [/L] [/O[-]N|E|S|D]"),
    "ECHO": ("show a message", "Shows a message, or turns the prompt's echo on or off;\n"
             "ECHO. shows an empty line.", "ECHO [ON | OFF | message]"),
    "ERASE": ("delete files", "The same as DEL.", "ERASE name [/P]"),
    "EXIT": ("leave vconsole", "Leaves vconsole.", "EXIT"),
    "HELP": ("this list", "Lists the commands; HELP name (or name /?) tells about one.", "HELP [command]"),
    "MEM": ("show the memory", "Shows the memory this PC has.", "MEM"),
    "MORE": ("page through text", "Shows text a screenful at a time: TYPE name | MORE, or MORE < name.",
             "MORE < name"),
    "PATH": ("show or set the path", "Shows or sets the search path; PATH ; clears it.", "PATH [dirs | ;]"),
    "PROMPT": ("change the prompt", "Sets the prompt: $P directory, $G >, $D date, $T time, $_ new line;\n"
               "PROMPT alone restores $P$G.", "PROMPT [text]"),
    "REN": ("rename files", "Renames files; wildcards allowed (REN *.SAV *.OLD).", "REN name newname"),
    "SET": ("show or set variables", "Shows the environment, or sets a variable\n"
            "(SET NAME=value; an empty value removes it).", "SET [NAME=[value]]"),
    "TIME": ("show the time", "Shows the time (this PC keeps the host computer's clock).", "TIME"),
    "TYPE": ("show a text file", "Shows a text file; add | MORE to see it a page at a time.", "TYPE name"),
    "VER": ("show the DOS version", "Shows the DOS version.", "VER"),
    "VOL": ("show the volume label", "Shows the disk's volume label and serial number.", "VOL"),
}
ALIASES = {"ERASE": "DEL", "RENAME": "REN", "CHDIR": "CD", "MKDIR": "MD", "RMDIR": "RD"}


def overview(programs: Iterable[Program] = ()) -> str:
    """The commands in two columns, then the programs here with a line about each."""
    lines = ["Commands:"]
    names = sorted(COMMANDS)
    half = (len(names) + 1) // 2
    for left, right in zip(names[:half], names[half:] + [""]):
        lines.append(f"  {left:<8}{COMMANDS[left][0]:<28}{right:<8}{COMMANDS[right][0] if right else ''}")
    lines.append("F3 brings back the last line; Esc or Ctrl+C drops the line being typed.")
    lines.append("Output can go to a file (DIR > LIST.TXT) or through MORE (TYPE NAME | MORE).")
    progs = list(programs)
    if progs:
        lines.append("Programs (type the name to run one, e.g. " + progs[0].name + "):")
        for p in progs:
            lines.append(f"  {p.name:<9}{textwrap.shorten(p.summary or p.title, 66, placeholder='...')}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def about(name: str) -> str | None:
    """The help for one command, or None when there is no such internal command."""
    name = ALIASES.get(name.upper(), name.upper())
    if name not in COMMANDS:
        return None
    _, what, usage = COMMANDS[name]
    return f"{what}\n\n  {usage}\n"
