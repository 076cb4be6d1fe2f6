DROP INDEX api_tokens_user;
DROP INDEX api_tokens_public_id;
ALTER TABLE api_tokens DROP COLUMN last_used_at;
ALTER TABLE api_tokens DROP COLUMN public_id;
ALTER TABLE sessions DROP COLUMN last_seen_at;
