-- Issue 41: a seat's private notes, one row per note, appended and never changed. They belong
-- to the seat (a substitute who takes it over reads them), not to the account that wrote them;
-- nobody else reads them while the game runs (not the judge, not an admin: they are not in the
-- game's event log, which the audit shows), and after the end they are part of the seat's
-- replay, by the act they were written in.
CREATE TABLE seat_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    act INTEGER NOT NULL,
    author_id BIGINT NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX seat_notes_seat ON seat_notes (game_id, seat, id);
