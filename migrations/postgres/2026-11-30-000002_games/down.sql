ALTER TABLE posts DROP COLUMN kind;
ALTER TABLE posts DROP COLUMN as_seat;
ALTER TABLE threads DROP COLUMN game_id;
ALTER TABLE threads DROP COLUMN kind;
DROP TABLE deadlines;
DROP TABLE game_seats;
DROP TABLE game_signups;
DROP TABLE game_events;
DROP TABLE games;
