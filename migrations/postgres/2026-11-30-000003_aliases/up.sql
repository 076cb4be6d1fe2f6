-- The text's way of playing: a login for the game ID with its own password. Such a session or
-- token is scoped to one seat of one game and sees nothing else.
CREATE TABLE game_aliases (
    game_id BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    password_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, seat)
);
ALTER TABLE sessions ADD COLUMN scope_game_id BIGINT REFERENCES games(id);
ALTER TABLE sessions ADD COLUMN scope_seat INTEGER;
ALTER TABLE api_tokens ADD COLUMN scope_game_id BIGINT REFERENCES games(id);
ALTER TABLE api_tokens ADD COLUMN scope_seat INTEGER;
