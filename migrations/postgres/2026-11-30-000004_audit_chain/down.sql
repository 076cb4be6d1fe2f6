DROP INDEX account_events_stream;
ALTER TABLE account_events DROP COLUMN hash;
ALTER TABLE account_events DROP COLUMN seq;
ALTER TABLE game_events DROP COLUMN hash;
