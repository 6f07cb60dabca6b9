"""Spider, the two-pack patience, for vconsole (after J.-E. Doucet's Atari ST game)."""
