-- The kind takes its old name back (issue 39's up.sql, reversed).
UPDATE notifications SET kind = 'kira_turn'
 WHERE kind = 'action_turn'
   AND NOT EXISTS (SELECT 1 FROM notifications n
                    WHERE n.user_id = notifications.user_id AND n.kind = 'kira_turn'
                      AND n.game_id = notifications.game_id AND n.act = notifications.act
                      AND n.post_id = notifications.post_id);
DELETE FROM notifications WHERE kind = 'action_turn';
UPDATE notification_prefs SET kind = 'kira_turn'
 WHERE kind = 'action_turn'
   AND NOT EXISTS (SELECT 1 FROM notification_prefs p
                    WHERE p.user_id = notification_prefs.user_id AND p.kind = 'kira_turn');
DELETE FROM notification_prefs WHERE kind = 'action_turn';
UPDATE mail_prefs SET kind = 'kira_turn'
 WHERE kind = 'action_turn'
   AND NOT EXISTS (SELECT 1 FROM mail_prefs p
                    WHERE p.user_id = mail_prefs.user_id AND p.kind = 'kira_turn');
DELETE FROM mail_prefs WHERE kind = 'action_turn';
UPDATE mail_outbox SET kind = 'kira_turn' WHERE kind = 'action_turn';
