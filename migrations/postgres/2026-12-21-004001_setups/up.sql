-- Issue 40: judges' own setups (版本) as data. A setup has an author, a name and "based on"
-- (the setup and version it was forked from); its documents are versions, appended and never
-- changed (an edit makes version N+1; a version a game used stays as it was).
CREATE TABLE setups (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    author_id BIGINT NOT NULL REFERENCES users(id),
    based_on_id BIGINT REFERENCES setups(id),
    based_on_version BIGINT,
    created_at TIMESTAMP NOT NULL
);
CREATE TABLE setup_versions (
    setup_id BIGINT NOT NULL REFERENCES setups(id),
    version BIGINT NOT NULL,
    -- The document as the rules read it back (`Setup::to_json`): JSON text.
    document TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (setup_id, version)
);
