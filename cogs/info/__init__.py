"""Information about games: their status, the server's and a person's games, and the rules."""
