"""Journals: a run kept as the input that made it, one JSON object a line (docs/JOURNALS.md).

A run is a function of its program, switches, options, seed, switch-on date,
the files in its DOS directory at the start, and the input that came in from
outside, each piece stamped with the machine time it arrived at and the
number of the wait (``Machine.idle`` call) it arrived in.  A journal holds
exactly those: a header line, then the input, plus check lines (a digest of
the screen and of the speaker's output every few machine seconds and at the
end) so that a replay can tell where it stops matching instead of drifting
away in silence.

This package reads and writes the format (``format``: constants, digests, key
words; ``header``; ``reader``; ``recorder``); ``vconsole.tools.replay`` plays a
journal back.  The recorder stands in for a front end's ``Inputs`` and wraps
its host (to count the waits), so the machine knows nothing about journals.
"""
from __future__ import annotations

from .format import BUTTON_NAMES as BUTTON_NAMES
from .format import BUTTONS as BUTTONS
from .format import CHECK_EVERY_S as CHECK_EVERY_S
from .format import END_EXIT as END_EXIT
from .format import END_STOP as END_STOP
from .format import EVENT_KINDS as EVENT_KINDS
from .format import FORMAT as FORMAT
from .format import KIND as KIND
from .format import LINE_KINDS as LINE_KINDS
from .format import MACHINE_CLOCK as MACHINE_CLOCK
from .format import MADE_BY as MADE_BY
from .format import MAX_FILE as MAX_FILE
from .format import MAX_FILES as MAX_FILES
from .format import MAX_TIME as MAX_TIME
from .format import MAX_UTC_OFFSET as MAX_UTC_OFFSET
from .format import REAL_CLOCK as REAL_CLOCK
from .format import JournalError as JournalError
from .format import key_token as key_token
from .format import key_word as key_word
from .format import screen_digest as screen_digest
from .format import sound_digest as sound_digest
from .header import Header as Header
from .header import drive_files as drive_files
from .header import fill_drive as fill_drive
from .header import fixed as fixed
from .header import local_offset as local_offset
from .header import new_header as new_header
from .reader import MAX_JOURNAL as MAX_JOURNAL
from .reader import Journal as Journal
from .reader import Line as Line
from .reader import read as read
from .recorder import JournalInputs as JournalInputs
from .recorder import JournalRecorder as JournalRecorder
