-- Issue 42: a frequent short word is found by walking the newest posts and stopping at the
-- page's end (`db::queries::search`). The walk reads only what search may show: members' and
-- judges' posts, open to search, not hidden. By the primary key it also stepped over every act
-- summary and system post (a third of the rows of a forum of many games: 200 ms for `狼` at
-- one million posts, where the newest 390,000 rows were games' act posts); this index holds
-- only the posts the search's WHERE may return.
CREATE INDEX IF NOT EXISTS posts_searchable_newest ON posts (id)
    WHERE kind IN ('user', 'judge') AND searchable AND hidden_at IS NULL;
