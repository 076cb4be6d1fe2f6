-- Accounts, sessions, the forum. Timestamps are UTC, stored as TIMESTAMP (diesel MultiConnection).
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL,
    -- DN-7 compares real IDs trimmed and ASCII-case-insensitively: names are unique under that key.
    username_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'player',
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE api_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);

-- Append-only account history: sign-ins, failures, role and password changes.
CREATE TABLE account_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT REFERENCES users(id),
    actor_id BIGINT REFERENCES users(id),
    kind TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX account_events_user ON account_events(user_id, id);

CREATE TABLE server_keys (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

CREATE TABLE boards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE threads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    board_id BIGINT NOT NULL REFERENCES boards(id),
    author_id BIGINT NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    last_post_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX threads_board ON threads(board_id, last_post_at);

CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id BIGINT NOT NULL REFERENCES threads(id),
    author_id BIGINT NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    quoted_post_id BIGINT REFERENCES posts(id),
    created_at TIMESTAMP NOT NULL,
    edited_at TIMESTAMP
);
CREATE INDEX posts_thread ON posts(thread_id, id);

-- Every version of every post, the first included: edits never lose text.
CREATE TABLE post_revisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id BIGINT NOT NULL REFERENCES posts(id),
    editor_id BIGINT NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX post_revisions_post ON post_revisions(post_id, id);

CREATE TABLE thread_reads (
    user_id BIGINT NOT NULL REFERENCES users(id),
    thread_id BIGINT NOT NULL REFERENCES threads(id),
    last_read_post_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, thread_id)
);
