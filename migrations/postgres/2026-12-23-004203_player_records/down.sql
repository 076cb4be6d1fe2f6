DROP TABLE player_records;
