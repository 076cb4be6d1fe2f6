-- Tamper evidence: every game event and account event carries a hash chained to the previous
-- event of the same stream (the game's log, or one account's history).
ALTER TABLE game_events ADD COLUMN hash TEXT NOT NULL DEFAULT '';
ALTER TABLE account_events ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE account_events ADD COLUMN hash TEXT NOT NULL DEFAULT '';
CREATE INDEX account_events_stream ON account_events(user_id, seq);
