-- Issue 42, item 2: a word of one or two characters (most Chinese words) is found from an
-- index, not by a scan (docs/search.md). The trigram index (`posts_body_trgm`) cannot see a
-- word shorter than three characters; this one holds each post's grams, every character and
-- every pair of neighbouring characters, lower-cased (`db::grams` does the same for SQLite).
-- Only ASCII whitespace and control characters are left out of grams (a query splits on
-- them); other whitespace makes grams no word ever asks for.
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

-- The grams are stored, not recomputed at each search: a `tsvector` column whose lexemes are
-- the post's grams as they are (`array_to_tsvector`: no parser, no dictionary, so no gram is
-- cut or dropped, `,` and `'` included), with a GIN index. Being a column, it has statistics
-- (ANALYZE keeps its most common grams), so the planner knows that `狼` is in one post of ten
-- and walks the newest posts first, stopping at the page's end, while it takes the index for
-- a rare word. NULL for a post the index must not hold: it holds the same posts as
-- `posts_body_trgm` (open to search, not hidden, text posts), written by the trigger below on
-- every change that moves a post in or out (writing, an edit, a game's end, hiding and
-- restoring).
--
-- A tsvector holds at most 1 MB of lexemes, and past that `array_to_tsvector` corrupts it
-- silently (PostgreSQL 15: grams past the limit are not found): a post whose grams would not
-- fit (some 100,000 characters of varied text) gets the one lexeme ' ' instead, which no gram
-- is (a gram never holds ASCII whitespace); the search takes such a post as a candidate for
-- every short word and reads its body (`db::queries::search`).
ALTER TABLE posts ADD COLUMN grams tsvector;

CREATE FUNCTION maku_search_grams_vector(body text) RETURNS tsvector
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
    g text[] := maku_search_grams(body);
BEGIN
    IF (SELECT sum(octet_length(x)) FROM unnest(g) AS x) >= 1000000 THEN
        RETURN array_to_tsvector(ARRAY[' ']);
    END IF;
    RETURN array_to_tsvector(g);
END
$$;

-- The tsquery that finds the posts whose grams hold `word` (lower-cased): the word itself as
-- one lexeme if it has one or two characters (then a post has it exactly when its body
-- contains the word as `ILIKE` says: in a multibyte encoding `ILIKE` compares both sides
-- through `lower`), else its pairs AND-ed (a superset: the order of the pairs is not in it).
-- Each gram is quoted as a lexeme (`'` and `\` doubled) and the text read by tsquery's input
-- function, which neither parses nor normalises it. Immutable: with the word bound it is
-- computed once, before planning, and the planner sees the grams it estimates by.
CREATE FUNCTION maku_search_word_query(word text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
    SELECT array_to_string(ARRAY(
               SELECT '''' || replace(replace(g, '\', '\\'), '''', '''''') || ''''
               FROM (SELECT lower(word) AS w) AS l,
                    LATERAL (SELECT l.w WHERE char_length(l.w) <= 2
                             UNION ALL
                             SELECT substr(l.w, i, 2)
                             FROM generate_series(1, char_length(l.w) - 1) AS i
                             WHERE char_length(l.w) > 2) AS x(g)), ' & ')::tsquery
$$;

CREATE FUNCTION maku_posts_grams() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    NEW.grams := CASE
        WHEN NEW.kind IN ('user', 'judge') AND NEW.searchable AND NEW.hidden_at IS NULL
        THEN maku_search_grams_vector(NEW.body)
    END;
    RETURN NEW;
END
$$;
CREATE TRIGGER posts_grams BEFORE INSERT OR UPDATE OF body, kind, searchable, hidden_at
    ON posts FOR EACH ROW EXECUTE FUNCTION maku_posts_grams();

-- The posts already there (one UPDATE; the trigger does not fire for a `grams`-only update).
UPDATE posts SET grams = maku_search_grams_vector(body)
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
CREATE INDEX posts_grams ON posts USING gin (grams) WHERE grams IS NOT NULL;
-- The planner's statistics on the column: its 10,000 most common grams (10 times the default
-- target), so that a gram outside them is known to be rare (a gram's share of the posts is
-- estimated from these; with the default 1,000 a gram in 50 posts of 200,000 passed for one
-- in 500, and the newest-first walk took 180 ms). Taken now, not at autovacuum's next visit.
ALTER TABLE posts ALTER COLUMN grams SET STATISTICS 1000;
ANALYZE posts;
