"""The toolkit: what any DOS-style text-mode program reuses, whatever game it is.

It sits between the machine (``vconsole``: screen, keyboard, mouse, speaker, disk) and a
program or a house style such as the Tommy's Toys chrome.  See docs/ARCHITECTURE.md for
the layers and what may import what.

Pure modules (no screen, no disk; rules models may use them): ``rng``, ``history``, ``cards``.
"""
