"""vconsole: an IBM PC in 80x25 text mode for programs that write character cells."""
__version__ = "0.1.0"
