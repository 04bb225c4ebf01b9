"""Air Alliance's board: the pieces and the one render(view) that pastes them together (renderers/air_alliance/render.py)."""
