-- Issue 9, item 3: every started game has its Kiras' thread from the start, so neither the
-- thread's existence nor its id (one sequence over all threads) tells when the Kiras joined.
INSERT INTO threads (board_id, author_id, title, locked, created_at, last_post_at, kind, game_id)
SELECT t.board_id, g.judge_id, g.title || ' · 联手', FALSE, t.created_at, t.created_at, 'kira', g.id
FROM games g JOIN threads t ON t.id = g.game_thread_id
WHERE g.kira_thread_id IS NULL AND g.status = 'running';
UPDATE games SET kira_thread_id = (
    SELECT MAX(id) FROM threads WHERE threads.game_id = games.id AND threads.kind = 'kira'
) WHERE kira_thread_id IS NULL AND status = 'running';
