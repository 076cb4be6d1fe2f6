-- Issue 42, item 2: a word of any length, one or two characters (most Chinese words) included,
-- is found from an index, not by a scan (docs/search.md). The trigram index
-- (`posts_body_trgm`) cannot see a word shorter than three characters; this one holds each
-- post's grams, every character and every pair of neighbouring characters, lower-cased
-- (`db::grams` does the same for SQLite). A word of one character is looked up by its gram,
-- a longer one by its pairs (`maku_search_word_grams`), and the search's `ILIKE` confirms the
-- order of a longer word's pairs. Only ASCII whitespace and control characters are left out
-- of grams (a query splits on them); other whitespace makes grams no word ever asks for.
CREATE FUNCTION maku_search_grams(body text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT coalesce(array_agg(DISTINCT g.gram), '{}')
    FROM (SELECT u.c, lead(u.c) OVER (ORDER BY u.i) AS next
          FROM unnest(string_to_array(lower(body), NULL)) WITH ORDINALITY AS u(c, i)) AS s
    CROSS JOIN LATERAL (VALUES (s.c), (s.c || s.next)) AS g(gram)
    WHERE g.gram IS NOT NULL
      AND ascii(s.c) > 32 AND ascii(s.c) NOT BETWEEN 127 AND 159
      AND (g.gram = s.c OR (ascii(s.next) > 32 AND ascii(s.next) NOT BETWEEN 127 AND 159))
$$;
-- The grams a post must have to contain `word`: its one character, or its pairs.
CREATE FUNCTION maku_search_word_grams(word text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT CASE WHEN char_length(word) < 2 THEN ARRAY[lower(word)]
        ELSE ARRAY(SELECT substr(lower(word), i, 2)
                   FROM generate_series(1, char_length(word) - 1) AS i) END
$$;
-- The same posts as `posts_body_trgm`: open to search, not hidden, text posts. Building it
-- indexes the posts already there.
CREATE INDEX posts_body_grams ON posts USING gin (maku_search_grams(body))
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
