"""Airships' board: the pieces and the one render(view) that pastes them together (renderers/airships/render.py)."""
