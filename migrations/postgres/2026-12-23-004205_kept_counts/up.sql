-- Issue 42: nothing on a page view grows with history.
-- The lobby reads open tables by (status, id) and a variant's games by (variant, id), each
-- newest first, and stops at the page (without them SQLite walked every game by its id to find
-- the one open table: 1,200 pages a view). `IF NOT EXISTS`: a database of the first draft of
-- `*_player_records` has the first one.
CREATE INDEX IF NOT EXISTS games_status_id ON games (status, id);
CREATE INDEX IF NOT EXISTS games_variant_id ON games (variant, id);
-- A player's totals, kept beside `player_records` as each game's record is kept (and taken off
-- again when a game's record is kept anew): a profile reads a few rows (one per variant and
-- role), never its every game.
CREATE TABLE player_totals (
    user_id BIGINT NOT NULL,
    variant TEXT NOT NULL,
    role TEXT NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    PRIMARY KEY (user_id, variant, role)
);
INSERT INTO player_totals (user_id, variant, role, games, wins)
SELECT user_id, variant, role, COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END)
FROM player_records GROUP BY user_id, variant, role;
