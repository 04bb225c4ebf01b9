"""Pure game rules, one package per game: no I/O, no clocks, no global random."""
