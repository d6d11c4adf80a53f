"""Game-independent drawing: canvas, fonts, colour-blind-safe player palette, markers and the icon
table type each game fills, PNG encoding, and the ``Pictures`` protocol of the seam."""
