-- Issue 40: a setup version's balance estimate (the bots' games at one seat count), computed
-- once off the request threads and kept: the version never changes, so neither does it.
CREATE TABLE setup_balances (
    setup_id BIGINT NOT NULL REFERENCES setups(id),
    version BIGINT NOT NULL,
    seats BIGINT NOT NULL,
    games BIGINT NOT NULL,
    -- JSON: {SIDE: {"rate", "low", "high"}}.
    sides TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (setup_id, version, seats)
);
