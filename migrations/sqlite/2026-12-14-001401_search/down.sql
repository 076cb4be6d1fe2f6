DROP TRIGGER IF EXISTS post_search_update;
DROP TRIGGER IF EXISTS post_search_delete;
DROP TRIGGER IF EXISTS post_search_insert;
DROP TABLE IF EXISTS post_search;
