"""Lobbies and seats: opening a game, joining, leaving and starting it, and handing seats over during play."""
