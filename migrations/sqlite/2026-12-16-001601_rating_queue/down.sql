DROP TABLE rating_pending;
DROP TABLE rating_boards;
