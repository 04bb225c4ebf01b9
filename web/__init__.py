"""The web companion: read-only pages of a server's games, leagues, leaderboards and statistics."""
