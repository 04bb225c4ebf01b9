"""The store's schema, as the migrations that build it: a file in the wild may sit at any of these versions."""

from __future__ import annotations

# Migration N (1-based) runs in one transaction and leaves user_version = N. Append, never edit:
# a file in the wild may sit at any of these versions. Statements, not scripts, because
# executescript() would commit on its own and break the one-transaction promise.
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY, slug TEXT NOT NULL,
            guild_id INTEGER NOT NULL, channel_id INTEGER NOT NULL, thread_id INTEGER, creator_id INTEGER NOT NULL,
            options TEXT NOT NULL, seed INTEGER NOT NULL,
            status TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0, outcome TEXT,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL, seat INTEGER,
            PRIMARY KEY (game_id, user_id)
        )""",
        """CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL, seat INTEGER NOT NULL, payload TEXT NOT NULL,
            interaction_id INTEGER UNIQUE, created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""",
        """CREATE TABLE snapshots (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            version INTEGER NOT NULL, blob BLOB NOT NULL
        )""",
        "CREATE INDEX games_guild_status ON games (guild_id, status)",
        "CREATE INDEX games_thread ON games (thread_id)",
    ],
    [
        # The Discord messages a game keeps editing: its lobby, its invitation in the channel, and the
        # message of the turn being played (`version`: the game's version when that turn began).
        """CREATE TABLE posts (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            kind TEXT NOT NULL, channel_id INTEGER NOT NULL, message_id INTEGER NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (game_id, kind)
        )""",
    ],
    [
        # A seat the bot plays itself (an AI seat): its user_id is the AI's number, never a Discord id.
        "ALTER TABLE seats ADD COLUMN ai INTEGER NOT NULL DEFAULT 0",
    ],
    [
        # The turn clock: how long a turn may take and how often its player is reminded (NULL: never).
        "ALTER TABLE games ADD COLUMN turn_seconds INTEGER",
        "ALTER TABLE games ADD COLUMN reminder_seconds INTEGER",
        # A seat the autopilot plays until its player returns, and the deadlines it missed in a row.
        "ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0",
        # What falls due when (a deadline, the next reminder) for the turn that began at version `turn`
        # at time `since`; the scheduler finds the next one by the index, never by reading every game.
        """CREATE TABLE dues (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            kind TEXT NOT NULL, due_at REAL NOT NULL, turn INTEGER NOT NULL, since REAL NOT NULL,
            PRIMARY KEY (game_id, kind)
        )""",
        "CREATE INDEX dues_at ON dues (due_at)",
    ],
    [
        # What happened to the seats during play (a player leaving to the autopilot, a replacement): the log
        # shows each after the move it followed (`version`).
        """CREATE TABLE seat_events (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            version INTEGER NOT NULL, text TEXT NOT NULL, created_at TEXT NOT NULL
        )""",
        "CREATE INDEX seat_events_game ON seat_events (game_id, version)",
        # A vote of the other players to hand a seat to the autopilot; open until `expires_at` (a due time too).
        """CREATE TABLE kick_votes (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            target INTEGER NOT NULL, voters TEXT NOT NULL, yes TEXT NOT NULL, no TEXT NOT NULL,
            expires_at REAL NOT NULL
        )""",
        # A player's time away (in every game at once); kept after it ends for the 14-days-in-30 limit.
        """CREATE TABLE vacations (
            user_id INTEGER NOT NULL, starts REAL NOT NULL, ends REAL NOT NULL
        )""",
        "CREATE INDEX vacations_user ON vacations (user_id, ends)",
    ],
    [
        # How a person wants to be told it is their turn, across every game and server.
        """CREATE TABLE players (
            user_id INTEGER PRIMARY KEY, notify TEXT NOT NULL DEFAULT 'thread',
            quiet_start INTEGER, quiet_end INTEGER, timezone TEXT NOT NULL DEFAULT 'UTC',
            dm_refused INTEGER NOT NULL DEFAULT 0
        )""",
    ],
    [
        # A request to take back moves that showed a card or a die: every other person seated must approve.
        """CREATE TABLE undo_votes (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            requester INTEGER NOT NULL, to_version INTEGER NOT NULL, at_version INTEGER NOT NULL,
            voters TEXT NOT NULL, yes TEXT NOT NULL, expires_at REAL NOT NULL
        )""",
    ],
    [
        # Each seat's place in a game that finished by its rules, written once when it is rated; `rated`
        # orders the rated games, so replaying the results in that order rebuilds every rating. `user_id` 0 is
        # "Contrail AI": a seat the bot played from the start.
        """CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL, guild_id INTEGER NOT NULL, slug TEXT NOT NULL,
            user_id INTEGER NOT NULL, name TEXT NOT NULL, place INTEGER NOT NULL, score REAL,
            rated INTEGER NOT NULL, rated_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX results_player ON results (guild_id, slug, user_id, rated)",
        "CREATE INDEX results_order ON results (rated)",
        # The ratings the results add up to (a cache of them: recomputing from the results gives the same).
        """CREATE TABLE ratings (
            guild_id INTEGER NOT NULL, slug TEXT NOT NULL, user_id INTEGER NOT NULL, name TEXT NOT NULL,
            mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
            PRIMARY KEY (guild_id, slug, user_id)
        )""",
        # Community leagues: a league runs seasons of one game; a season has members and rounds of tables.
        """CREATE TABLE leagues (
            id INTEGER PRIMARY KEY, guild_id INTEGER NOT NULL, channel_id INTEGER NOT NULL,
            name TEXT NOT NULL, slug TEXT NOT NULL, table_size INTEGER NOT NULL,
            turn_seconds INTEGER, round_seconds INTEGER NOT NULL, rounds INTEGER NOT NULL,
            allow_ai INTEGER NOT NULL DEFAULT 0, points TEXT,
            season INTEGER NOT NULL DEFAULT 1, status TEXT NOT NULL, round INTEGER NOT NULL DEFAULT 0,
            round_ends REAL, creator_id INTEGER NOT NULL, created_at TEXT NOT NULL,
            UNIQUE (guild_id, name)
        )""",
        """CREATE TABLE league_members (
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            season INTEGER NOT NULL, user_id INTEGER NOT NULL, name TEXT NOT NULL, joined_at TEXT NOT NULL,
            PRIMARY KEY (league_id, season, user_id)
        )""",
        """CREATE TABLE league_games (
            league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
            season INTEGER NOT NULL, round INTEGER NOT NULL,
            game_id INTEGER NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
            PRIMARY KEY (league_id, season, round, game_id)
        )""",
        # The roles (besides Manage Server) that may run a server's leagues.
        """CREATE TABLE league_admins (
            guild_id INTEGER NOT NULL, role_id INTEGER NOT NULL,
            PRIMARY KEY (guild_id, role_id)
        )""",
    ],
    [
        # A due item being done: the claim that took it and until when. It stays in the table until that claim
        # finishes it, so a process that dies mid-way leaves it to be taken again once the claim runs out.
        "ALTER TABLE dues ADD COLUMN claimed_by TEXT",
        "ALTER TABLE dues ADD COLUMN claimed_until REAL",
        # Partial: the few taken rows only, so finding the earliest free due time still walks dues_at.
        "CREATE INDEX dues_claimed ON dues (claimed_until) WHERE claimed_until IS NOT NULL",
    ],
    [
        # A server's web pages: off until a member with Manage Server turns them on; off again, every link of
        # the server answers 404 at once (the links stay, so turning the pages on again brings the same ones back).
        """CREATE TABLE web_sites (
            guild_id INTEGER PRIMARY KEY, enabled INTEGER NOT NULL, changed_by INTEGER NOT NULL,
            changed_at TEXT NOT NULL
        )""",
        # The unguessable address of one page: a game, a league, or a game's leaderboard or statistics on a
        # server (`target` the game's or league's id, or the game's slug).
        """CREATE TABLE web_links (
            token TEXT PRIMARY KEY, guild_id INTEGER NOT NULL, kind TEXT NOT NULL, target TEXT NOT NULL,
            UNIQUE (guild_id, kind, target)
        )""",
        # Who asked to be told when a game ends, players or not (/game watch).
        """CREATE TABLE watchers (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL, since TEXT NOT NULL,
            PRIMARY KEY (game_id, user_id)
        )""",
    ],
    [
        # Who is to act in a live game, as a bit per seat (NULL: not known, e.g. a game stored before this column or
        # just taken back): at start the bot finds the games whose AI or autopilot seats owe a move with one indexed
        # query, instead of loading every live table to ask it.
        "ALTER TABLE games ADD COLUMN to_act INTEGER",
        # Partial: only the live games, oldest move first, which is the order owed moves are made in after a start.
        "CREATE INDEX games_live ON games (updated_at, id) WHERE status = 'active'",
    ],
    [
        # Whether the ratings have settled a finished game (its results written, or found to count for none): at
        # start the bot rates the finished games they have not, found through a small partial index instead of
        # looking for results of every finished game (40 ms at 90,000 of them, queued before every other read).
        "ALTER TABLE games ADD COLUMN settled INTEGER NOT NULL DEFAULT 0",
        "UPDATE games SET settled = 1 WHERE EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)",
        "CREATE INDEX games_unsettled ON games (updated_at, id) WHERE status = 'finished' AND settled = 0",
    ],
    [
        # How strongly each AI seat plays (casual, standard, strong); NULL for a person, and an AI seat stored
        # before levels existed played at the standard level.
        "ALTER TABLE seats ADD COLUMN level TEXT",
        "UPDATE seats SET level = 'standard' WHERE ai = 1",
        # Whether the table allows /hint: off unless its creator switched hints on in the lobby.
        "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        # The level a league's AI seats play at.
        "ALTER TABLE leagues ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'standard'",
    ],
    [
        # Data packs: a server's own cards for a game. The text of each pack is kept once, by its digest (the same
        # file uploaded twice, or to two servers, is one row), and never removed while a game or league names it:
        # a game plays the pack it started with, whatever becomes of the server's pack by that name.
        """CREATE TABLE pack_texts (
            digest TEXT PRIMARY KEY, game TEXT NOT NULL, text TEXT NOT NULL, created_at TEXT NOT NULL
        )""",
        # A server's packs by name (one name per server, whatever the game), each pointing at its text.
        """CREATE TABLE packs (
            guild_id INTEGER NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,
            digest TEXT NOT NULL REFERENCES pack_texts(digest), note TEXT NOT NULL,
            uploaded_by INTEGER NOT NULL, uploaded_at TEXT NOT NULL,
            PRIMARY KEY (guild_id, name)
        )""",
        # The pack a league's games play with (its digest; '' for the built-in cards), fixed when it is created.
        "ALTER TABLE leagues ADD COLUMN pack TEXT NOT NULL DEFAULT ''",
    ],
    [
        # A due item belongs to a game or to a league (a league's round to look at), never both; each has one of
        # a kind. The table is built again, since neither SQLite nor a primary key lets game_id become optional.
        """CREATE TABLE due_items (
            game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
            league_id INTEGER REFERENCES leagues(id) ON DELETE CASCADE,
            kind TEXT NOT NULL, due_at REAL NOT NULL, turn INTEGER NOT NULL, since REAL NOT NULL,
            claimed_by TEXT, claimed_until REAL,
            CHECK ((game_id IS NULL) <> (league_id IS NULL))
        )""",
        "INSERT INTO due_items (game_id, kind, due_at, turn, since, claimed_by, claimed_until)"
        " SELECT game_id, kind, due_at, turn, since, claimed_by, claimed_until FROM dues",
        "DROP TABLE dues",
        "ALTER TABLE due_items RENAME TO dues",
        "CREATE UNIQUE INDEX dues_of_game ON dues (game_id, kind) WHERE game_id IS NOT NULL",
        "CREATE UNIQUE INDEX dues_of_league ON dues (league_id, kind) WHERE league_id IS NOT NULL",
        "CREATE INDEX dues_at ON dues (due_at)",
        "CREATE INDEX dues_claimed ON dues (claimed_until) WHERE claimed_until IS NOT NULL",
        # A running league's round was looked at on every wake of the scheduler; now by its due item, at once.
        "INSERT INTO dues (league_id, kind, due_at, turn, since)"
        " SELECT id, 'league_round', 0, 0, 0 FROM leagues WHERE status = 'running'",
    ],
]
