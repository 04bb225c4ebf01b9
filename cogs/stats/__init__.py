"""/stats: a game's figures over this server's finished games."""
