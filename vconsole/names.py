"""The names the command line offers (adapters, monitors, speaker models), without importing numpy.

``vconsole --help`` and ``--version`` must answer at once, so the parser takes its choices from
here rather than from the modules that build the adapters and the synthesiser; those modules use
these same tuples, and tests/test_settings.py checks they agree.
"""
ADAPTER_NAMES = ("cga", "ega", "hercules", "mda", "vga")
MONITORS = ("color", "green", "amber", "white")
SPEAKER_MODELS = ("ideal", "filtered")
#: the DOS keyboard layouts --keyboard offers (frontends.layouts holds their tables)
KEYBOARD_LAYOUTS = ("us", "uk", "de", "fr")
#: the display every subcommand starts with when neither a setting nor --display says otherwise
DEFAULT_DISPLAY = "ega"
