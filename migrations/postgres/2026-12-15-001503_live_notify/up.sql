-- Issue 30: live updates across instances (game::live_listen). Every write that may move a
-- game's public mark tells every listening instance which game it was: `NOTIFY maku_live` with
-- the game's id, nothing else. Writes that move nothing public (a private submission, a team
-- thread's post) notify too; the instance re-reads the public mark, finds it unchanged and tells
-- no stream, so a notice says no more than a poll would. PostgreSQL folds equal notices of one
-- transaction into one.
CREATE FUNCTION maku_live_notify() RETURNS trigger AS $$
DECLARE
    row_data RECORD;
    gid BIGINT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row_data := OLD;
    ELSE
        row_data := NEW;
    END IF;
    IF TG_TABLE_NAME = 'games' THEN
        gid := row_data.id;
    ELSIF TG_TABLE_NAME = 'posts' THEN
        SELECT t.game_id INTO gid FROM threads t WHERE t.id = row_data.thread_id;
    ELSE
        gid := row_data.game_id;
    END IF;
    IF gid IS NOT NULL THEN
        PERFORM pg_notify('maku_live', gid::text);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER maku_live_game_events AFTER INSERT ON game_events
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
CREATE TRIGGER maku_live_posts AFTER INSERT OR UPDATE ON posts
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
CREATE TRIGGER maku_live_threads AFTER UPDATE ON threads
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
CREATE TRIGGER maku_live_games AFTER UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
CREATE TRIGGER maku_live_signups AFTER INSERT OR DELETE ON game_signups
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
CREATE TRIGGER maku_live_deadlines AFTER INSERT OR UPDATE OR DELETE ON deadlines
    FOR EACH ROW EXECUTE FUNCTION maku_live_notify();
