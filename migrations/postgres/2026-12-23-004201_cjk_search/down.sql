DROP INDEX IF EXISTS posts_body_grams;
DROP FUNCTION IF EXISTS maku_search_word_grams(text);
DROP FUNCTION IF EXISTS maku_search_grams(text);
