DROP TABLE notify_cursors;
DROP TABLE notification_prefs;
DROP TABLE notifications;
