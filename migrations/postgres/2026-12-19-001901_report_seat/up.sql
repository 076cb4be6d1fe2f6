-- Issue 38, item 17.3: a report made by a seat names the seat it was made as (its number in
-- the game; the queue shows its game ID), fixed when the report is made. The queue used to look
-- the reporter's seat up when it was shown, so a reporter substituted out since was shown by
-- account: which account had played the seat, while the game ran. NULL: a report made as an
-- account (the forum, a judge, a reader of a public game thread), or made before this column.
ALTER TABLE post_reports ADD COLUMN reporter_seat INTEGER;
