-- Issue 42: a board's list of threads is kept in memory per instance (db::epoch::board); a
-- listed thread's row changing (a post, a lock, a deletion) tells every instance `l` and the
-- board's id. Threads that are not listed (a team's, a graveyard's, the spectators') send no
-- board notice: a post in a private thread changes no board page's timing anywhere.
CREATE FUNCTION maku_view_board_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('maku_live', 'l' || NEW.board_id::text);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER maku_view_boards AFTER INSERT OR UPDATE ON threads
    FOR EACH ROW WHEN (NEW.kind IN ('forum', 'signup', 'game'))
    EXECUTE FUNCTION maku_view_board_notify();
