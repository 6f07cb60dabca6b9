"""Anciento: place 72 stones by shape and pattern, Quatros double the score (after Gabor G. Laufer's 1993 game)."""
