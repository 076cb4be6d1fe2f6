-- Issue 10 item 1: one-time messages and refills after a form's redirect (post/redirect/get).
-- A row is claimed (read and deleted) by the page it was made for; the random token that
-- names it lives only in the browser's session cookie. Unclaimed rows are pruned after a day.
CREATE TABLE flashes (
    token TEXT PRIMARY KEY NOT NULL,
    path TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX flashes_created ON flashes(created_at);
