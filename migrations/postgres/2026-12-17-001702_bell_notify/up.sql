-- An account's notifications renew its own kept sessions only (db::epoch::bell_changed): a
-- notification is often news of a secret, and every other reader's session staying kept means
-- no timing tells of it. The `a` notice (every session) becomes `b` and the account's id.
DROP TRIGGER maku_view_notifications ON notifications;

CREATE FUNCTION maku_view_bell_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('maku_live', 'b' || NEW.user_id::text);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER maku_view_bells AFTER INSERT OR UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION maku_view_bell_notify();
