-- Issue 42, item 2: a word of one or two characters (most Chinese words) is found from an
-- index, not by `LIKE` over the posts (docs/search.md). The trigram index (`post_search`)
-- cannot see a word shorter than three characters; this one holds each post's grams, every
-- character and every pair of neighbouring characters, folded (`db::grams`), written as ASCII
-- tokens by the function `maku_search_grams`, which the application registers on each of its
-- connections (a connection without it, such as the sqlite3 shell, cannot write posts).
-- The same posts as `post_search`: open to search, not hidden, text posts. Contentless (the
-- grams are computed, not stored) with contentless_delete (SQLite 3.43): a row leaves by its
-- rowid. detail=none: a gram is looked up alone, never as a phrase.
CREATE VIRTUAL TABLE post_grams USING fts5(
    grams,
    content = '',
    contentless_delete = 1,
    detail = none,
    tokenize = 'ascii'
);
INSERT INTO post_grams (rowid, grams)
    SELECT id, maku_search_grams(body) FROM posts
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
CREATE TRIGGER post_grams_insert AFTER INSERT ON posts
    WHEN new.kind IN ('user', 'judge') AND new.searchable AND new.hidden_at IS NULL
BEGIN
    INSERT INTO post_grams (rowid, grams) VALUES (new.id, maku_search_grams(new.body));
END;
CREATE TRIGGER post_grams_delete AFTER DELETE ON posts
    WHEN old.kind IN ('user', 'judge') AND old.searchable AND old.hidden_at IS NULL
BEGIN
    DELETE FROM post_grams WHERE rowid = old.id;
END;
-- Every change that moves a post in or out (an edit, a game's end, hiding and restoring), as
-- `post_search_update` does.
CREATE TRIGGER post_grams_update AFTER UPDATE OF body, kind, searchable, hidden_at ON posts
BEGIN
    DELETE FROM post_grams WHERE rowid = old.id
        AND old.kind IN ('user', 'judge') AND old.searchable AND old.hidden_at IS NULL;
    INSERT INTO post_grams (rowid, grams)
        SELECT new.id, maku_search_grams(new.body)
        WHERE new.kind IN ('user', 'judge') AND new.searchable AND new.hidden_at IS NULL;
END;
