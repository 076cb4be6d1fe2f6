-- Issue 40: the leaderboard a game's finish counts on (`Variant::board`): its variant's own,
-- or, for a game of a judge's own setup, its family's preset. Kept beside the variant so that a
-- board's finished games are one indexed query on either backend.
ALTER TABLE games ADD COLUMN board TEXT NOT NULL DEFAULT '';
UPDATE games SET board = variant;
CREATE INDEX games_board_status ON games (board, status);
