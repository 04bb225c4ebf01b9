"""The store: the action log and everything kept beside it, on SQLite (the default) or PostgreSQL."""
