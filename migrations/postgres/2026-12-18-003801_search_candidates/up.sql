-- Issue 38, item 3: a private post is not a search candidate until the rules open it. The
-- trigram index held the posts of team threads and graveyards too, and the search's visibility
-- rule was applied to what it matched, so a search's time grew with the private posts that
-- matched (docs/search.md). Now a post says whether it is open to search (`searchable`: written
-- by `db::queries::forum::add_post` from the rule of `db::queries::search`, and set for every
-- post of a game's threads in the transaction that ends the game), and the index is partial on
-- open, visible text posts: a hidden post leaves it while hidden. The search query repeats the
-- predicate so the planner may use it.
ALTER TABLE posts ADD COLUMN searchable BOOLEAN NOT NULL DEFAULT FALSE;
-- The rule (`OPEN` in db::queries::search): forum, sign-up and game threads; any other thread
-- of a game once the game is finished.
UPDATE posts p SET searchable = TRUE
    FROM threads t LEFT JOIN games g ON g.id = t.game_id
    WHERE t.id = p.thread_id
      AND (t.kind IN ('forum', 'signup', 'game')
           OR (t.game_id IS NOT NULL AND g.status = 'finished'));
DROP INDEX IF EXISTS posts_body_trgm;
CREATE INDEX posts_body_trgm ON posts USING gin (body gin_trgm_ops)
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
