DROP TABLE game_counts;
