"""Words every Tommy's Toys screen writes the same way."""
from __future__ import annotations


def quoted_key(name: str) -> str:
    """A key's name as these all-capitals screens quote it: 'TAB', 'X', and "'" for the quote key."""
    up = name.upper()
    return f'"{up}"' if "'" in up else f"'{up}'"
