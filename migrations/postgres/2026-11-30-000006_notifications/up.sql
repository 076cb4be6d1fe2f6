-- In-app notifications, derived from the game log and the posts by `maku::notify::tick`.
-- The key columns use 0 for "none" (NULLs would be distinct in UNIQUE), so each notification
-- exists at most once.
CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    game_id BIGINT NOT NULL DEFAULT 0,
    act INTEGER NOT NULL DEFAULT 0,
    post_id BIGINT NOT NULL DEFAULT 0,
    payload TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    read_at TIMESTAMP,
    UNIQUE (user_id, kind, game_id, act, post_id)
);
CREATE INDEX notifications_by_user ON notifications (user_id, read_at);

-- A kind an account turned off (no row: on).
CREATE TABLE notification_prefs (
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, kind)
);

-- How far the notifier has read each source. An existing database starts at its end: no
-- notifications for the past.
CREATE TABLE notify_cursors (
    source TEXT PRIMARY KEY NOT NULL,
    last_id BIGINT NOT NULL
);
INSERT INTO notify_cursors (source, last_id) SELECT 'game_events', COALESCE(MAX(id), 0) FROM game_events;
INSERT INTO notify_cursors (source, last_id) SELECT 'posts', COALESCE(MAX(id), 0) FROM posts;
