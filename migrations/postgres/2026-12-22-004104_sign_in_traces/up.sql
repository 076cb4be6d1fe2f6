-- Issue 41 item 6 (one person, one seat): what an account signed in from, kept 30 days and only
-- as keyed hashes (auth::traces): `net` is the client address's network (IPv4 /24, IPv6 /48),
-- `browser` the long-lived `maku_device` cookie's value, each HMAC-SHA256 under the server key
-- `server_keys.trace_key`. Two accounts sharing a row's (kind, hash) are linked for the judge's
-- console and the admins; nobody else reads this table. The hourly housekeeping deletes rows
-- not seen for 30 days.
CREATE TABLE sign_in_traces (
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('net', 'browser')),
    hash TEXT NOT NULL,
    first_seen TIMESTAMP NOT NULL,
    last_seen TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, kind, hash)
);
CREATE INDEX sign_in_traces_by_hash ON sign_in_traces (kind, hash);
CREATE INDEX sign_in_traces_by_last_seen ON sign_in_traces (last_seen);
