-- Games. The event log (game_events) is the truth; the other game tables are indexes and caches
-- that the service keeps in the same transaction as the event that changes them.
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    variant TEXT NOT NULL,
    judge_id BIGINT NOT NULL REFERENCES users(id),
    -- JSON: options, characters, act_minutes, deadline_time, timezone, min_seats, max_seats.
    settings TEXT NOT NULL,
    -- signup | running | finished (a cache of the log, for listings).
    status TEXT NOT NULL,
    signup_thread_id BIGINT REFERENCES threads(id),
    game_thread_id BIGINT REFERENCES threads(id),
    graveyard_thread_id BIGINT REFERENCES threads(id),
    kira_thread_id BIGINT REFERENCES threads(id),
    fixed_deal BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE game_events (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games(id),
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    actor_id BIGINT REFERENCES users(id),
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    -- A stale writer (two resolvers, two tabs) loses here.
    UNIQUE (game_id, seq)
);

CREATE TABLE game_signups (
    game_id BIGINT NOT NULL REFERENCES games(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Which account plays which seat: secret until the end; never joined into a public query.
CREATE TABLE game_seats (
    game_id BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    game_name TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX game_seats_user ON game_seats(game_id, user_id);

-- The open act's deadline; the scheduler claims a row by moving it on in the resolving transaction.
CREATE TABLE deadlines (
    game_id BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    act INTEGER NOT NULL,
    due_at TIMESTAMP NOT NULL
);
CREATE INDEX deadlines_due ON deadlines(due_at);

ALTER TABLE threads ADD COLUMN kind TEXT NOT NULL DEFAULT 'forum';
ALTER TABLE threads ADD COLUMN game_id BIGINT REFERENCES games(id);
-- In game threads a post is written as a seat (its game ID), or by the system (an act post).
ALTER TABLE posts ADD COLUMN as_seat INTEGER;
ALTER TABLE posts ADD COLUMN kind TEXT NOT NULL DEFAULT 'user';
