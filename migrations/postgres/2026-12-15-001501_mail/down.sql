DELETE FROM notify_cursors WHERE source = 'mail';
DROP TABLE mail_outbox;
DROP TABLE mail_prefs;
DROP TABLE account_emails;
