-- Issue 14: a board keeps the number of its listed threads (forum, sign-up and game threads
-- not deleted), so the board index and a board's pager read one row instead of counting
-- every thread the forum ever had.
ALTER TABLE boards ADD COLUMN listed_threads BIGINT NOT NULL DEFAULT 0;
UPDATE boards SET listed_threads = (
    SELECT COUNT(*) FROM threads
    WHERE threads.board_id = boards.id
      AND threads.deleted_at IS NULL
      AND threads.kind IN ('forum', 'signup', 'game')
);
