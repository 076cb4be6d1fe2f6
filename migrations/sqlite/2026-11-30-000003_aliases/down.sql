ALTER TABLE api_tokens DROP COLUMN scope_seat;
ALTER TABLE api_tokens DROP COLUMN scope_game_id;
ALTER TABLE sessions DROP COLUMN scope_seat;
ALTER TABLE sessions DROP COLUMN scope_game_id;
DROP TABLE game_aliases;
