DROP TRIGGER IF EXISTS post_grams_update;
DROP TRIGGER IF EXISTS post_grams_delete;
DROP TRIGGER IF EXISTS post_grams_insert;
DROP TABLE IF EXISTS post_grams;
