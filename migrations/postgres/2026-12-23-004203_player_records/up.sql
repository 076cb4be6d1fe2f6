-- Issue 42: a player's record kept as each game ends (one row per seat of a finished game: the
-- account that held it at the end, the role it ended with, whether its side won; NULL for a
-- draw or no winner), so a profile sums rows instead of folding every game it played.
-- Games finished before this table are filled at the server's start (`maku records rebuild`
-- rebuilds them all from the logs).
CREATE TABLE player_records (
    game_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    variant TEXT NOT NULL,
    role TEXT NOT NULL,
    won BOOLEAN,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX player_records_user ON player_records (user_id, game_id);
