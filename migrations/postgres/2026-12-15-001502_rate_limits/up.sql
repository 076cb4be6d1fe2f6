-- Issue 30 item 3: the sign-in, sign-up, posting and action limits of a site whose instances
-- share one PostgreSQL database are kept here, so every instance charges the same budgets
-- (auth::ratelimit). One row per key (`signin-addr:ADDRESS`, `signin-acct:NAME`,
-- `signup:ADDRESS`, `action:GAME:ACCOUNT`, `post:ACCOUNT`): GCRA's theoretical arrival time,
-- when the key's budget is whole again. A row whose `tat` has passed means a whole budget, as
-- no row does; the hourly housekeeping deletes those. SQLite (one process per database) keeps
-- its limits in memory and leaves this table empty; it exists there so the schema is one.
CREATE TABLE rate_limits (
    bucket TEXT PRIMARY KEY NOT NULL,
    tat TIMESTAMP NOT NULL
);
