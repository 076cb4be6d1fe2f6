-- A game as its pages read it is kept in memory by every instance (game::snapshot, db::epoch):
-- `g` and the game's id on `maku_live` when what it is read from changes — its log, its row,
-- its seats, its sign-ups, its deadline. A post does not send it (a post in a team thread must
-- not renew the public pages of the game, whose timing would tell of it); posts have their own
-- `t` notices (`*_view_notify`). Nor does a seat's submission, for the same reason: it sends
-- `p` and its actor's account id, and only that account's views are read again
-- (`db::epoch::private_changed`; the kind is `db::queries::games::PRIVATE_KIND`).
CREATE FUNCTION maku_view_game_notify() RETURNS trigger AS $$
DECLARE
    gid BIGINT;
BEGIN
    -- Nested: plpgsql may evaluate both sides of an AND, and only game_events has `kind`.
    IF TG_TABLE_NAME = 'game_events' THEN
        IF NEW.kind = 'submitted' AND NEW.actor_id IS NOT NULL THEN
            PERFORM pg_notify('maku_live', 'p' || NEW.actor_id::text);
            RETURN NULL;
        END IF;
    END IF;
    IF TG_TABLE_NAME = 'games' THEN
        gid := NEW.id;
    ELSIF TG_OP = 'DELETE' THEN
        gid := OLD.game_id;
    ELSE
        gid := NEW.game_id;
    END IF;
    PERFORM pg_notify('maku_live', 'g' || gid::text);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER maku_view_game_events AFTER INSERT ON game_events
    FOR EACH ROW EXECUTE FUNCTION maku_view_game_notify();
CREATE TRIGGER maku_view_games AFTER UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION maku_view_game_notify();
CREATE TRIGGER maku_view_game_seats AFTER INSERT OR UPDATE ON game_seats
    FOR EACH ROW EXECUTE FUNCTION maku_view_game_notify();
CREATE TRIGGER maku_view_game_signups AFTER INSERT OR DELETE ON game_signups
    FOR EACH ROW EXECUTE FUNCTION maku_view_game_notify();
CREATE TRIGGER maku_view_game_deadlines AFTER INSERT OR UPDATE OR DELETE ON deadlines
    FOR EACH ROW EXECUTE FUNCTION maku_view_game_notify();
