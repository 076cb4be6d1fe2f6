DROP INDEX suspensions_user;
DROP TABLE suspensions;
DROP INDEX post_reports_queue;
DROP INDEX post_reports_open;
DROP TABLE post_reports;
ALTER TABLE posts DROP COLUMN hidden_reason;
ALTER TABLE posts DROP COLUMN hidden_by;
ALTER TABLE posts DROP COLUMN hidden_at;
