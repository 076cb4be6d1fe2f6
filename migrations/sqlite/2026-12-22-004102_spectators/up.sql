-- Issue 41: accounts that watch a running game they do not sit in (docs/playing.md,
-- "Watching a game"). One row per account and game: `until` is set when the account stops
-- watching, and cleared when it watches again. A row, open or closed, also keeps the account
-- from ever becoming a substitute in that game.
CREATE TABLE game_watchers (
    game_id BIGINT NOT NULL REFERENCES games(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    since TIMESTAMP NOT NULL,
    until TIMESTAMP,
    PRIMARY KEY (game_id, user_id)
);
