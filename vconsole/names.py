"""The names the command line offers (adapters, monitors, speaker models), without importing numpy.

``vconsole --help`` and ``--version`` must answer at once, so the parser takes its choices from
here rather than from the modules that build the adapters and the synthesiser; those modules use
these same tuples, and tests/test_settings.py checks they agree.  ``host_path`` is the type of the
options that name a host file or folder, which the settings reader knows a path setting by.
"""
ADAPTER_NAMES = ("cga", "ega", "hercules", "mda", "vga")
MONITORS = ("color", "green", "amber", "white")
SPEAKER_MODELS = ("ideal", "filtered")
#: the DOS keyboard layouts --keyboard offers (frontends.layouts holds their tables)
KEYBOARD_LAYOUTS = ("us", "uk", "de", "fr")
#: the display every subcommand starts with when neither a setting nor --display says otherwise
DEFAULT_DISPLAY = "ega"


def host_path(text: str) -> str:
    """The type of an option naming a file or folder of the host (--drive, --screenshot, ...): the name
    as typed, a str.  Not a ``pathlib.Path``: pathlib (with the URL parsing it imports) was the largest
    part of a start-up beyond numpy, and everything such a name goes to takes a str or an os.PathLike.
    A path setting (``drive``) in the settings file is read beside that file, with ``~`` expanded."""
    return text
