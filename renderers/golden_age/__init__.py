"""1930's board: the pieces and the one render(view) that pastes them together (renderers/golden_age/render.py)."""
