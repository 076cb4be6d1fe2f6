DROP TRIGGER maku_view_threads ON threads;
DROP TRIGGER maku_view_posts ON posts;
DROP TRIGGER maku_view_notifications ON notifications;
DROP TRIGGER maku_view_seats ON game_seats;
DROP TRIGGER maku_view_users ON users;
DROP TRIGGER maku_view_sessions ON sessions;
DROP FUNCTION maku_view_thread_notify();
DROP FUNCTION maku_view_accounts_notify();
