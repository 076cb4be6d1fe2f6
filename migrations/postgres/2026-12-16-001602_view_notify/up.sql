-- Issue 30: what the in-memory views of every instance depend on (db::epoch), told to every
-- listening instance on `maku_live` beside the games' ids: `a` when a session ends, an account
-- or a seat's holder changes, or a notification comes or is read (the cached sessions and bells
-- are read again); `t` and a thread's id when a forum thread or one of its posts changes (its
-- kept page parts are made again). A notice names no account and no post.
CREATE FUNCTION maku_view_accounts_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('maku_live', 'a');
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION maku_view_thread_notify() RETURNS trigger AS $$
DECLARE
    tid BIGINT;
BEGIN
    IF TG_TABLE_NAME = 'threads' THEN
        tid := NEW.id;
    ELSE
        tid := NEW.thread_id;
    END IF;
    PERFORM pg_notify('maku_live', 't' || tid::text);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER maku_view_sessions AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at)
    EXECUTE FUNCTION maku_view_accounts_notify();
CREATE TRIGGER maku_view_users AFTER UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION maku_view_accounts_notify();
CREATE TRIGGER maku_view_seats AFTER UPDATE ON game_seats
    FOR EACH ROW EXECUTE FUNCTION maku_view_accounts_notify();
CREATE TRIGGER maku_view_notifications AFTER INSERT OR UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION maku_view_accounts_notify();
CREATE TRIGGER maku_view_posts AFTER INSERT OR UPDATE ON posts
    FOR EACH ROW EXECUTE FUNCTION maku_view_thread_notify();
CREATE TRIGGER maku_view_threads AFTER UPDATE ON threads
    FOR EACH ROW EXECUTE FUNCTION maku_view_thread_notify();
