-- Boards kept up to date one game at a time (docs/ratings.md, "Storage and rebuilds"): a game
-- that ends is played onto its variant's stored ratings instead of every finished game again.
--
-- What each variant's rows in `ratings` were made from: the last game they read in the order
-- games finished (its end, the time of its last ending event, and its id; NULL before any),
-- and how many finished games they rated and left out. A variant without a row here has not
-- been rebuilt since this table exists: its next update rebuilds it whole.
CREATE TABLE rating_boards (
    variant TEXT PRIMARY KEY NOT NULL,
    last_finished_at TIMESTAMP,
    last_game_id BIGINT,
    rated BIGINT NOT NULL,
    left_out BIGINT NOT NULL
);

-- Finished games that their board has not read yet: a row is written by the transaction that
-- finishes the game (so no finished game can be missed, whatever fails after it) and deleted
-- by the update that reads the game.
CREATE TABLE rating_pending (
    game_id BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    variant TEXT NOT NULL
);
CREATE INDEX rating_pending_variant ON rating_pending (variant);
