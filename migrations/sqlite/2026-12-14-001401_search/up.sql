-- Issue 29, item 1: full-text search (docs/search.md). An FTS5 index with the trigram
-- tokenizer (substring matching, so Chinese, which has no spaces between words, is found as
-- typed) over the bodies of text posts: an account's or seat's post (`user`) and the judge's
-- (`judge`). Act posts and notices are JSON, told in each reader's language: never indexed.
-- The index keeps no copy of the text (external content: `posts`); triggers keep it in step.
-- Who may read a hit is decided by the search query, not here.
CREATE VIRTUAL TABLE post_search USING fts5(
    body,
    content = 'posts',
    content_rowid = 'id',
    tokenize = 'trigram'
);
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
-- One trigger for both halves of an edit, in this order: an external-content index must be
-- told the old text before it takes the new one for the same row.
CREATE TRIGGER post_search_update AFTER UPDATE OF body, kind ON posts
BEGIN
    INSERT INTO post_search (post_search, rowid, body)
        SELECT 'delete', old.id, old.body WHERE old.kind IN ('user', 'judge');
    INSERT INTO post_search (rowid, body)
        SELECT new.id, new.body WHERE new.kind IN ('user', 'judge');
END;
