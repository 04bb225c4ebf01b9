"""The services: the table manager and the features it serves (seating, the turn clock, undo, leagues, ratings, replays)."""
