DROP TRIGGER maku_view_bells ON notifications;
DROP FUNCTION maku_view_bell_notify();
CREATE TRIGGER maku_view_notifications AFTER INSERT OR UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION maku_view_accounts_notify();
