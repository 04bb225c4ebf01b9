"""Each game's view as frozen dataclasses (docs/<game>-view.md): built by the game's rules, drawn by its renderer."""
