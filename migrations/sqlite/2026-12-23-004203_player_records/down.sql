DROP INDEX games_status_id;
DROP TABLE player_records;
