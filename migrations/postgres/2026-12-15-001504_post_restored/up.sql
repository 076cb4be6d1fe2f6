-- A hidden post restored by a moderator (docs/moderation.md): when, so that its feed entry's
-- `updated` moves forward past the hiding and feed readers take the restored text.
ALTER TABLE posts ADD COLUMN restored_at TIMESTAMP;
