DROP TRIGGER IF EXISTS post_search_insert;
DROP TRIGGER IF EXISTS post_search_delete;
DROP TRIGGER IF EXISTS post_search_update;
ALTER TABLE posts DROP COLUMN searchable;
INSERT INTO post_search (post_search) VALUES ('delete-all');
INSERT INTO post_search (rowid, body)
    SELECT id, body FROM posts WHERE kind IN ('user', 'judge');
CREATE TRIGGER post_search_insert AFTER INSERT ON posts
    WHEN new.kind IN ('user', 'judge')
BEGIN
    INSERT INTO post_search (rowid, body) VALUES (new.id, new.body);
END;
CREATE TRIGGER post_search_delete AFTER DELETE ON posts
    WHEN old.kind IN ('user', 'judge')
BEGIN
    INSERT INTO post_search (post_search, rowid, body) VALUES ('delete', old.id, old.body);
END;
CREATE TRIGGER post_search_update AFTER UPDATE OF body, kind ON posts
BEGIN
    INSERT INTO post_search (post_search, rowid, body)
        SELECT 'delete', old.id, old.body WHERE old.kind IN ('user', 'judge');
    INSERT INTO post_search (rowid, body)
        SELECT new.id, new.body WHERE new.kind IN ('user', 'judge');
END;
