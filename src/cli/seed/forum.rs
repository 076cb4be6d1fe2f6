//! The seeded forum's accounts, boards, threads and posts. Accounts go through the accounts
//! service (names checked as at sign-up) with one password hash for all; threads and posts are
//! written in bulk (`db::queries::bulk`), a batch per statement and transaction.

use super::words;
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::bulk::{self, BulkPost, BulkThread};
use crate::db::queries::forum;
use crate::domain::{Role, Username};
use crate::error::AppError;
use crate::markdown::{Images, RENDER_VERSION};
use chrono::{Duration, NaiveDateTime};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Rows per INSERT statement (and per write transaction).
const BATCH: usize = 1000;
/// Posts per thread on average.
const POSTS_PER_THREAD: usize = 25;
/// How far back the forum's history goes.
const HISTORY_DAYS: i64 = 730;

/// Makes `n` accounts (the first few judges) sharing the hash `hash`; returns them in order.
pub async fn accounts(
    state: &AppState,
    n: usize,
    hash: &str,
    bar: &indicatif::ProgressBar,
) -> Result<Vec<Account>, AppError> {
    let judges = (n / 20).clamp(1, 10);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let name = Username::parse(&words::account_name(i))?;
        let role = if i < judges {
            Role::Judge
        } else {
            Role::Player
        };
        let user =
            crate::forum::accounts::create_with_hash(state, name, hash.to_string(), role, None)
                .await?;
        out.push(Account::from_user(&user));
        bar.inc(1);
    }
    Ok(out)
}

/// The boards the seeded threads go to (made unless they exist).
pub async fn boards(state: &AppState) -> Result<Vec<i64>, AppError> {
    state
        .write(|c| {
            let mut ids = Vec::new();
            for (slug, title, about) in [
                (
                    "lobby",
                    "大厅 Lobby",
                    "闲聊、公告、新人报到 · chat and news",
                ),
                ("strategy", "策略 Strategy", "复盘与心得 · replays and tips"),
                (
                    "rules",
                    "规则 Rules",
                    "规则讨论 · questions about the rules",
                ),
            ] {
                let board = match forum::create_board(c, slug, title, about)? {
                    Some(b) => b,
                    None => forum::board_by_slug(c, slug)?.ok_or(AppError::NotFound)?,
                };
                ids.push(board.id);
            }
            Ok(ids)
        })
        .await
}

/// What [`posts`] wrote.
pub struct Written {
    pub threads: usize,
    pub posts: usize,
    pub quotes: usize,
    pub mentions: usize,
}

/// Writes `n` posts in threads over `boards`, by `authors`, over the last two years up to
/// `now`: each thread's posts on its floors in time order, some quoting an earlier post of
/// their thread, some naming an account with `@`.
pub async fn posts(
    state: &AppState,
    rng: &mut ChaCha8Rng,
    n: usize,
    boards: &[i64],
    authors: &[Account],
    now: NaiveDateTime,
    bar: &indicatif::ProgressBar,
) -> Result<Written, AppError> {
    let (first_thread, first_post, first_revision) = state.db(|c| Ok(bulk::next_ids(c)?)).await?;
    let threads = n.div_ceil(POSTS_PER_THREAD).max(1);
    // Posts per thread: a few long threads, many short ones.
    let mut counts = vec![0usize; threads];
    for _ in 0..n {
        let u: f64 = rng.random();
        counts[((u * u) * threads as f64) as usize % threads] += 1;
    }
    let start = now - Duration::days(HISTORY_DAYS);
    let span = (now - start).num_seconds().max(1);
    let mut written = Written {
        threads: 0,
        posts: 0,
        quotes: 0,
        mentions: 0,
    };
    let mut thread_rows = Vec::with_capacity(BATCH);
    let mut post_rows: Vec<BulkPost> = Vec::with_capacity(BATCH);
    let mut next_post = first_post;
    let mut next_revision = first_revision;
    for (t, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let id = first_thread + written.threads as i64;
        let created = start + Duration::seconds(span * t as i64 / threads as i64);
        let author = &authors[rng.random_range(0..authors.len())];
        thread_rows.push(BulkThread {
            id,
            board_id: boards[rng.random_range(0..boards.len())],
            author_id: author.id,
            title: words::title(rng),
            created_at: created,
        });
        written.threads += 1;
        let mut at = created;
        let mut earlier: Vec<(i64, String)> = Vec::new();
        for floor in 1..=count as i64 {
            let by = if floor == 1 {
                author
            } else {
                &authors[rng.random_range(0..authors.len())]
            };
            let mut body = String::new();
            let mut quoted = None;
            if floor > 1 && rng.random_bool(0.1) {
                let (qid, qbody) = &earlier[rng.random_range(0..earlier.len())];
                let first: String = qbody
                    .lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(40)
                    .collect();
                body.push_str(&format!("> {first}\n\n"));
                quoted = Some(*qid);
                written.quotes += 1;
            }
            if rng.random_bool(0.08) {
                let named = &authors[rng.random_range(0..authors.len())];
                body.push_str(&format!("@{} ", named.name));
                written.mentions += 1;
            }
            body.push_str(&words::body(rng));
            let html = crate::forum::render::html_of("user", &body, Images::Links);
            if earlier.len() < 20 {
                earlier.push((next_post, body.clone()));
            }
            post_rows.push(BulkPost {
                id: next_post,
                thread_id: id,
                author_id: by.id,
                body,
                html,
                html_version: RENDER_VERSION,
                quoted_post_id: quoted,
                created_at: at.min(now),
                floor,
            });
            next_post += 1;
            at += Duration::minutes(rng.random_range(1..600));
            if post_rows.len() >= BATCH {
                flush(state, &mut thread_rows, &mut post_rows, &mut next_revision).await?;
                bar.set_position((next_post - first_post) as u64);
            }
        }
    }
    flush(state, &mut thread_rows, &mut post_rows, &mut next_revision).await?;
    bar.set_position((next_post - first_post) as u64);
    written.posts = (next_post - first_post) as usize;
    let last_thread = first_thread + written.threads as i64 - 1;
    state
        .write(move |c| {
            bulk::finish_threads(c, first_thread, last_thread)?;
            bulk::advance_sequences(c)?;
            Ok(())
        })
        .await?;
    Ok(written)
}

/// Writes the threads and posts gathered so far, in one transaction.
async fn flush(
    state: &AppState,
    threads: &mut Vec<BulkThread>,
    posts: &mut Vec<BulkPost>,
    next_revision: &mut i64,
) -> Result<(), AppError> {
    let threads = std::mem::take(threads);
    let posts = std::mem::take(posts);
    let first_revision = *next_revision;
    *next_revision += posts.len() as i64;
    state
        .write(move |c| {
            if !threads.is_empty() {
                bulk::insert_threads(c, &threads)?;
            }
            if !posts.is_empty() {
                bulk::insert_posts(c, &posts, first_revision)?;
            }
            Ok(())
        })
        .await
}
