"""Tools that drive a machine from outside, beside the front ends: the monkey tester, the
``render`` command, journals and their replay, animated captures and the gallery.

They sit in the top layer with ``vconsole.frontends`` and the CLI: they may import the
machine, the front ends and programs; nothing in the machine imports them.
"""
