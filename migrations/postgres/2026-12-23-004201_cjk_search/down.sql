DROP INDEX IF EXISTS posts_grams;
DROP TRIGGER IF EXISTS posts_grams ON posts;
DROP FUNCTION IF EXISTS maku_posts_grams();
ALTER TABLE posts DROP COLUMN IF EXISTS grams;
DROP FUNCTION IF EXISTS maku_search_word_query(text);
DROP FUNCTION IF EXISTS maku_search_grams_vector(text);
DROP FUNCTION IF EXISTS maku_search_grams(text);
