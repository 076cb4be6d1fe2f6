-- Issue 9, item 4: post ids are one sequence over all threads, so they count hidden posts.
-- Public URLs name a post by its floor (楼层): its place in its own thread, 1, 2, 3, …
-- Existing posts get floors by their order in the thread.
ALTER TABLE posts ADD COLUMN floor BIGINT NOT NULL DEFAULT 0;
UPDATE posts SET floor = numbered.n
FROM (
    SELECT id, ROW_NUMBER() OVER (PARTITION BY thread_id ORDER BY id) AS n FROM posts
) AS numbered
WHERE numbered.id = posts.id;
ALTER TABLE posts ALTER COLUMN floor DROP DEFAULT;
CREATE UNIQUE INDEX posts_thread_floor ON posts(thread_id, floor);
