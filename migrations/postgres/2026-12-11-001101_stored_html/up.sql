-- Issue 14: a post is rendered once, when it is written (and each revision when it is made).
-- `html` is the sanitised HTML the pages show; `html_version` is the renderer's version that
-- made it (0: not rendered yet). `maku rerender`, and the server at start, re-render every row
-- whose version is older than the binary's (`markdown::RENDER_VERSION`).
ALTER TABLE posts ADD COLUMN html TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN html_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE post_revisions ADD COLUMN html TEXT NOT NULL DEFAULT '';
ALTER TABLE post_revisions ADD COLUMN html_version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX posts_html_version ON posts(html_version);
CREATE INDEX post_revisions_html_version ON post_revisions(html_version);
-- A thread keeps its last floor (floors run 1, 2, 3, … without gaps, so it is the number of
-- posts) and its newest post: the board page and the pager read them instead of counting.
ALTER TABLE threads ADD COLUMN last_floor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE threads ADD COLUMN last_post_id BIGINT;
UPDATE threads SET
    last_floor = (SELECT COALESCE(MAX(floor), 0) FROM posts WHERE posts.thread_id = threads.id),
    last_post_id = (SELECT MAX(id) FROM posts WHERE posts.thread_id = threads.id);
-- "Only this author" pages count and skip within one author's posts of a thread.
CREATE INDEX posts_thread_author_floor ON posts(thread_id, author_id, floor);
-- The last act post of a game thread (a speech turn counts the posts after it) is found on an
-- index, not by reading the thread.
CREATE INDEX posts_thread_kind_floor ON posts(thread_id, kind, floor);
