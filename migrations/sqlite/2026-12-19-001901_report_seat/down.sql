ALTER TABLE post_reports DROP COLUMN reporter_seat;
