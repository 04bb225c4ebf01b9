"""Playing a game: moves, the turn messages and their prompts, taking moves back, and looking at the game."""
