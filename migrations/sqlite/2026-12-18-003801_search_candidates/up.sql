-- Issue 38, item 3: a private post is not a search candidate until the rules open it. The
-- search's visibility rule used to be applied after the full-text index matched, so the index
-- held the posts of team threads and graveyards too, and a search's time grew with the private
-- posts that matched (docs/search.md). Now a post says whether it is open to search
-- (`searchable`: written by `db::queries::forum::add_post` from the rule of
-- `db::queries::search`, and set for every post of a game's threads in the transaction that
-- ends the game), and the index holds only open, visible text posts: a hidden post leaves it
-- while hidden.
DROP TRIGGER IF EXISTS post_search_insert;
DROP TRIGGER IF EXISTS post_search_delete;
DROP TRIGGER IF EXISTS post_search_update;
ALTER TABLE posts ADD COLUMN searchable BOOLEAN NOT NULL DEFAULT 0;
-- The rule (`OPEN` in db::queries::search): forum, sign-up and game threads; any other thread
-- of a game once the game is finished.
UPDATE posts SET searchable = 1
    WHERE thread_id IN (
        SELECT t.id FROM threads t LEFT JOIN games g ON g.id = t.game_id
        WHERE t.kind IN ('forum', 'signup', 'game')
           OR (t.game_id IS NOT NULL AND g.status = 'finished'));
-- The private and hidden posts already indexed leave it: emptied, then filled again with the
-- candidates only (never FTS5's `rebuild`, which would index every post).
INSERT INTO post_search (post_search) VALUES ('delete-all');
INSERT INTO post_search (rowid, body)
    SELECT id, body FROM posts
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
CREATE TRIGGER post_search_insert AFTER INSERT ON posts
    WHEN new.kind IN ('user', 'judge') AND new.searchable AND new.hidden_at IS NULL
BEGIN
    INSERT INTO post_search (rowid, body) VALUES (new.id, new.body);
END;
CREATE TRIGGER post_search_delete AFTER DELETE ON posts
    WHEN old.kind IN ('user', 'judge') AND old.searchable AND old.hidden_at IS NULL
BEGIN
    INSERT INTO post_search (post_search, rowid, body) VALUES ('delete', old.id, old.body);
END;
-- One trigger for every change that moves a post in or out (an edit, a game's end, hiding and
-- restoring), in this order: an external-content index must be told the old text before it
-- takes the new one for the same row.
CREATE TRIGGER post_search_update AFTER UPDATE OF body, kind, searchable, hidden_at ON posts
BEGIN
    INSERT INTO post_search (post_search, rowid, body)
        SELECT 'delete', old.id, old.body
        WHERE old.kind IN ('user', 'judge') AND old.searchable AND old.hidden_at IS NULL;
    INSERT INTO post_search (rowid, body)
        SELECT new.id, new.body
        WHERE new.kind IN ('user', 'judge') AND new.searchable AND new.hidden_at IS NULL;
END;
