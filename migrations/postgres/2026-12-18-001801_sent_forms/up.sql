-- Issue 38 item 12: a reply or new-thread form posts once. Each form carries a one-time token;
-- the key (a digest of the account, the token and the text) of a form that made a post is kept
-- with where the post stands, so the same form sent again (the browser's Back, a resend) leads
-- to that post instead of making another. Pruned after a day.
CREATE TABLE sent_forms (
    form_key TEXT PRIMARY KEY NOT NULL,
    thread_id BIGINT NOT NULL,
    floor BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX sent_forms_created ON sent_forms(created_at);
