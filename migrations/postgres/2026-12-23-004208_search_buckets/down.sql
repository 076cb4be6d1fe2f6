DROP INDEX IF EXISTS posts_grams;
DROP FUNCTION IF EXISTS maku_search_bucket_queries(text[], bigint);
DROP FUNCTION IF EXISTS maku_search_asked_grams(text[]);
DROP FUNCTION IF EXISTS maku_search_grams_vector(bigint, text);

-- As migration `*_cjk_search` left them.
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

CREATE OR REPLACE FUNCTION maku_posts_grams() RETURNS trigger
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

UPDATE posts SET grams = maku_search_grams_vector(body) WHERE grams IS NOT NULL;
CREATE INDEX posts_grams ON posts USING gin (grams) WHERE grams IS NOT NULL;
ALTER TABLE posts ALTER COLUMN grams SET STATISTICS 1000;
CREATE INDEX posts_body_trgm ON posts USING gin (body gin_trgm_ops)
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
ANALYZE posts;
