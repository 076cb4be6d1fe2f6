-- Issue 39: the kind of notification "one's turn to act has come" was named after one variant's
-- turn ('kira_turn'); it is 'action_turn' now, for every variant. Stored rows move to the new
-- name: the notifications, the accounts' switches (notification_prefs) and mail modes
-- (mail_prefs), and the mails waiting (mail_outbox: turning the kind off withdraws them). An
-- unsubscribe address already mailed keeps its old name and still works (mail::unsubscribe). A
-- row the new name already has wins; the old one is then dropped (none is expected).
UPDATE notifications SET kind = 'action_turn'
 WHERE kind = 'kira_turn'
   AND NOT EXISTS (SELECT 1 FROM notifications n
                    WHERE n.user_id = notifications.user_id AND n.kind = 'action_turn'
                      AND n.game_id = notifications.game_id AND n.act = notifications.act
                      AND n.post_id = notifications.post_id);
DELETE FROM notifications WHERE kind = 'kira_turn';
UPDATE notification_prefs SET kind = 'action_turn'
 WHERE kind = 'kira_turn'
   AND NOT EXISTS (SELECT 1 FROM notification_prefs p
                    WHERE p.user_id = notification_prefs.user_id AND p.kind = 'action_turn');
DELETE FROM notification_prefs WHERE kind = 'kira_turn';
UPDATE mail_prefs SET kind = 'action_turn'
 WHERE kind = 'kira_turn'
   AND NOT EXISTS (SELECT 1 FROM mail_prefs p
                    WHERE p.user_id = mail_prefs.user_id AND p.kind = 'action_turn');
DELETE FROM mail_prefs WHERE kind = 'kira_turn';
UPDATE mail_outbox SET kind = 'action_turn' WHERE kind = 'kira_turn';
