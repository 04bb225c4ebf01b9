"""Pure platform logic shared by every game: stored records, turns, undo, leagues, ratings, notifications, export."""
