-- Issue 41: open tables and acts that end when everyone has acted.
-- `early_at`: the time the open phase ends because every living seat has done all it owes
-- (its grace after the last submission); the planned deadline stays in `due_at`, which pages
-- and feeds show. A row of act 0 is a table's scheduled start.
ALTER TABLE deadlines ADD COLUMN early_at TIMESTAMP;
CREATE INDEX deadlines_early ON deadlines(early_at);
-- The finished game a table was rehosted from: its page links the new table.
ALTER TABLE games ADD COLUMN rehost_of BIGINT;
CREATE INDEX games_rehost_of ON games(rehost_of);
