//! The forum through HTTP, as browsers and API clients see it (issue 2).
//! Every test runs on SQLite, and again on PostgreSQL when MAKU_TEST_PG_URL is set.

mod helpers;

mod accounts;
mod api;
mod posting;
