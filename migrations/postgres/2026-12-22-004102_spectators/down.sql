DROP TABLE game_watchers;
