-- Issue 30: live updates across instances are PostgreSQL's (LISTEN/NOTIFY, triggers in the
-- PostgreSQL migration of this name). SQLite serves one instance, whose live hub polls; this
-- migration keeps the two histories in step.
SELECT 1;
