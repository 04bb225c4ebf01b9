"""The web pages from Discord: /web on, off and status, /game watch and unwatch, and the watchers' DMs."""
