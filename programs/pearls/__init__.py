"""Tommy's String of Pearls for vconsole: 2-6 players or solitaire, with computer players."""
