"""Dice (§4, ruling §12.1): die definitions as data, face lists, seeded rolls, exact odds.

Free of click and of any game content: the faces a die has come from plugins or from a file.
"""
