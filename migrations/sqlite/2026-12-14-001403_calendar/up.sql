-- Issue 29: the deadline calendar and mentions.
--
-- One private iCalendar feed per account (`/calendar/{token}.ics`). The token is
-- HMAC-SHA256(server key `calendar_key`, account and generation), so the account page and
-- `GET /api/v1/account/calendar` can show the same address again; only its SHA-256 is stored,
-- to find the account a feed request names. Revoking bumps the generation and replaces the
-- hash: the old address stops answering at once.
CREATE TABLE calendar_feeds (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users(id),
    generation BIGINT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- Mentions (`@name`) are read from the post versions (`post_revisions`: a new post and every
-- edit). An existing database starts at its end: no notifications for the past.
INSERT INTO notify_cursors (source, last_id) SELECT 'mentions', COALESCE(MAX(id), 0) FROM post_revisions;
