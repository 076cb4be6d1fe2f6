-- Issue 29, item 2: moderation (docs/moderation.md). A hidden post keeps its text in its row
-- and its revisions ("the log keeps it"): the pages, feeds and the API read it masked
-- (db::models::Post), and search leaves out rows with hidden_at set.
ALTER TABLE posts ADD COLUMN hidden_at TIMESTAMP;
-- No foreign key: SQLite cannot drop a column that has one (down.sql).
ALTER TABLE posts ADD COLUMN hidden_by BIGINT;
ALTER TABLE posts ADD COLUMN hidden_reason TEXT;

-- Reports of posts, for the admins' queue. One open report per post and reporter.
CREATE TABLE post_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id BIGINT NOT NULL REFERENCES posts(id),
    reporter_id BIGINT NOT NULL REFERENCES users(id),
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    resolved_at TIMESTAMP,
    resolved_by BIGINT REFERENCES users(id),
    -- 'dismiss' or 'hide'.
    resolution TEXT
);
CREATE UNIQUE INDEX post_reports_open ON post_reports (post_id, reporter_id)
    WHERE resolved_at IS NULL;
CREATE INDEX post_reports_queue ON post_reports (resolved_at, id);

-- Suspensions: the account cannot post or act until `until` (UTC) unless lifted.
CREATE TABLE suspensions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    until TIMESTAMP NOT NULL,
    reason TEXT NOT NULL,
    by_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    lifted_at TIMESTAMP,
    lifted_by BIGINT REFERENCES users(id)
);
CREATE INDEX suspensions_user ON suspensions (user_id, until);
