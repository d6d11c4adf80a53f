"""Game-independent drawing: fonts, colour-blind-safe palette, sprites (markers and icons), PNG encoding."""
