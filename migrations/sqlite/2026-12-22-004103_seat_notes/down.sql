DROP INDEX seat_notes_seat;
DROP TABLE seat_notes;
