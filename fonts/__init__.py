# Marker: pyproject.toml maps the package vconsole._fonts onto this directory,
# so the .hex glyph tables ship as package data in a non-editable install.
