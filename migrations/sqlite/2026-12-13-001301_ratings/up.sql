-- Issue 28: a leaderboard per variant. Every row is derived from finished games and rebuilt
-- from them (`maku ratings rebuild`, and the variant's rows whenever one of its games ends):
-- a cache of the game logs, never the truth. docs/ratings.md says how the numbers are made.
CREATE TABLE ratings (
    variant TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    -- Weng-Lin skill estimate (mu) and its uncertainty (sigma).
    rating DOUBLE PRECISION NOT NULL,
    uncertainty DOUBLE PRECISION NOT NULL,
    -- The rating shown and ranked by: rating - 3 * uncertainty.
    score DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    -- The last game that moved this rating.
    last_game_id BIGINT NOT NULL REFERENCES games(id),
    PRIMARY KEY (variant, user_id)
);
CREATE INDEX ratings_board ON ratings (variant, score DESC, user_id);
