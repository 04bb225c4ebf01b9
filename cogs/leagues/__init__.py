"""Community leagues: seasons, rounds of games opened on their own, standings and results."""
