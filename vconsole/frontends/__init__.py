"""Front ends own the clock and the event loop; they know nothing about any program's rules."""
