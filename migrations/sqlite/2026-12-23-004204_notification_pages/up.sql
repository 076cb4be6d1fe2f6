-- Issue 42: the bell at size. The list (newest first, 100) walks (user_id, id) and stops; the
-- unread count reads (user_id, read_at, game_id) alone, never the rows (an account of a long
-- forum life holds ten thousand notifications: the list sorted them all, 400 ms a view).
CREATE INDEX notifications_user_newest ON notifications (user_id, id);
CREATE INDEX notifications_user_unread ON notifications (user_id, read_at, game_id);
