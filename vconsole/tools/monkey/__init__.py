"""``vconsole monkey``: a seeded random player that hammers a program until something breaks.

Every random event is a key-script token from the start (``F7``, ``Alt+X``,
``"text"``, ``click:12,3``, ``wait:250`` ...), fed through the same host that
runs ``--keys`` scripts, only lazily: the next token is drawn whenever the
program waits and the previous one is used up.  So any failure replays exactly
with ``vconsole PROGRAM --seed S --keys '...'``, and the failing run's tokens
can be shrunk by delta debugging to the shortest script that still fails the
same way.

A failure is one of:

* an exception escaping the program (other than ``ProgramExit``), seen through
  ``vconsole.errors`` (internal-error listener) or as it leaves ``run_program``;
* a broken invariant: a program declares it with ``dos.declare_invariant(fn)``;
  ``fn()`` takes no arguments, is called when the program waits after taking
  new input (so the model must be consistent at every wait), and raises (e.g.
  AssertionError) when its model is inconsistent. Only the monkey calls it, so
  it costs normal runs nothing;
* a hang: the program keeps calling the machine without time passing and
  without taking input (STALL_LIMIT idle calls, or POLL_LIMIT keyboard polls
  with no wait between them), or no service call at all for ``watchdog``
  seconds of CPU time (2 s: Esc and F7 must always be answered; CPU time, so a
  loaded machine does not make a program fail).  The virtual clock makes a waiting program cheap, so
  these are the only ways a headless run could spin forever.

When the program exits by itself it is started again on the same drive (its
saves carry over), as a player would.  The failing run starts from the drive
as it was when that run began, so shrinking replays restore that snapshot.

The parts: ``player`` (the random tokens), ``host`` (failures and the host that
watches for them), ``run`` (one run, replays), ``shrink`` (delta debugging),
``session`` (the runs for one seed, the report) and ``command`` (``vconsole monkey``).
"""
from __future__ import annotations

from .command import _parser as _parser
from .command import main as main
from .host import WATCHDOG_S as WATCHDOG_S
from .host import Failure as Failure
from .host import MonkeyHost as MonkeyHost
from .player import TokenSource as TokenSource
from .run import Target as Target
from .run import replay as replay
from .run import restore as restore
from .run import run_once as run_once
from .run import snapshot as snapshot
from .session import Report as Report
from .session import monkey as monkey
from .shrink import SHRINK_S as SHRINK_S
from .shrink import ddmin as ddmin
from .shrink import shrink as shrink
