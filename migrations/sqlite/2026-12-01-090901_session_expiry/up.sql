-- Issue 9: sessions end after a configurable idle time (last_seen_at, written at most once an
-- hour per session); API tokens get an opaque public id (for listing and revoking; never the
-- secret or its hash) and the time they were last used.
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMP;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE api_tokens ADD COLUMN public_id TEXT;
ALTER TABLE api_tokens ADD COLUMN last_used_at TIMESTAMP;
UPDATE api_tokens SET public_id = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX api_tokens_public_id ON api_tokens(public_id);
CREATE INDEX api_tokens_user ON api_tokens(user_id);
