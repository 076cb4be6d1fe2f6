DROP INDEX notifications_user_unread;
DROP INDEX notifications_user_newest;
