//! The server through HTTP, as browsers and API clients see it: the forum and games.
//! Every test runs on SQLite, and again on PostgreSQL when MAKU_TEST_PG_URL is set.

mod helpers;

mod account_api;
mod account_trust;
mod accounts;
mod alias;
mod api;
mod audit;
mod bounds;
mod caching;
mod calendar;
mod classic_api;
mod classic_forum;
mod concurrency;
mod console;
mod edges;
mod game_pages;
mod games;
mod live;
mod mail;
mod mailbox;
mod many_instances;
mod mentions;
mod moderation;
mod notify;
mod page_cache;
mod phases;
mod picture;
mod posting;
mod prg;
mod privacy;
mod ratings;
mod replay;
mod roles_api;
mod roles_forum;
mod rules_pages;
mod scheduler;
mod search;
mod seat_forms;
mod seat_words;
mod second_edition;
mod shared_limits;
mod side_channels;
mod stored_html;
mod strict_requests;
