"""Air Alliance: airlines carry passengers between 24 airports with their own planes, code sharing and alliances."""
