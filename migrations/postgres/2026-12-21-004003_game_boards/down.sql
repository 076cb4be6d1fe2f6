DROP INDEX games_board_status;
ALTER TABLE games DROP COLUMN board;
