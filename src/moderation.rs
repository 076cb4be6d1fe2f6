//! Moderation (docs/moderation.md): reporting a post, the admins' queue, hiding a post with a
//! reason (and restoring it), suspending an account. Every act is an account event (the audit
//! log, hash-chained).
//!
//! Who may: any account that can read a post reports it; admins hide (and restore) anywhere, a
//! game's judge in that game's threads (the judge reads them all); admins resolve reports and
//! suspend.
//! A game-ID post never names its account: the queue and the audit show the game ID, and an
//! event about one is written to the stream of no account, so no account's history ties it
//! to the seat.
//!
//! A service of its own above `forum` and `game`, not inside `forum`: it moderates both kinds of
//! thread, and in a game's threads who may report or hide is the game's (a seat's standing, the
//! judge's powers: `game::posting`, `game::access`). From `forum`, a layer below `game`, those
//! were imports up a layer (docs/architecture.md).

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::{GameRow, Post, Thread};
use crate::db::queries::moderation::{self as q, OpenReport};
use crate::db::queries::{account_events, forum, games, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::suspension::refuse_if_suspended;
use crate::game::posting::{GameThread, standing};
use chrono::NaiveDateTime;
use serde_json::json;

/// The longest reason, in characters (reports, hiding, suspensions).
pub const REASON_MAX: usize = 500;
/// The longest suspension, in days (about ten years).
pub const DAYS_MAX: i64 = 3650;
/// How many open reports the queue lists at once.
const QUEUE_MAX: i64 = 200;

/// A reason as typed: at most [`REASON_MAX`] characters as sent (the API document's
/// `maxLength` counts the same), required, stored trimmed.
pub fn parse_reason(raw: &str) -> Result<String, AppError> {
    let reason = raw.trim();
    if reason.is_empty() {
        return Err(AppError::Invalid("reason_empty"));
    }
    if raw.chars().count() > REASON_MAX {
        return Err(AppError::Invalid("reason_too_long"));
    }
    Ok(reason.to_string())
}

/// A suspension's length: 1 to [`DAYS_MAX`] days.
pub fn parse_days(days: i64) -> Result<i64, AppError> {
    if (1..=DAYS_MAX).contains(&days) {
        Ok(days)
    } else {
        Err(AppError::Invalid("days_out_of_range"))
    }
}

/// A thread as moderation meets it: a forum thread, or one of a game's threads.
enum Place {
    Forum,
    Game(Box<GameRow>, GameThread),
}

/// The thread and where it stands; a missing thread (or a game's thread of no known kind) is
/// `NotFound`, a deleted forum thread `Gone`, as the thread pages answer.
fn place(c: &mut DbConnection, thread_id: i64) -> Result<(Thread, Place), AppError> {
    let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
    if crate::forum::posting::is_forum_thread(&thread) {
        if thread.deleted_at.is_some() {
            return Err(AppError::Gone);
        }
        return Ok((thread, Place::Forum));
    }
    let game_id = thread.game_id.ok_or(AppError::NotFound)?;
    let which = GameThread::parse(&thread.kind).ok_or(AppError::NotFound)?;
    let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    Ok((thread, Place::Game(Box::new(row), which)))
}

/// The post on `floor`, not a system post (act posts and notices are the game's words).
fn user_post(c: &mut DbConnection, thread_id: i64, floor: i64) -> Result<Post, AppError> {
    let post = forum::post_at(c, thread_id, floor)?.ok_or(AppError::NotFound)?;
    if crate::forum::render::is_system_kind(&post.kind) {
        return Err(AppError::Conflict("system_post"));
    }
    Ok(post)
}

/// The game ID of `seat` in a game, as its threads show it: a post's author (`None`: the
/// judge), a report's reporter.
fn game_author(c: &mut DbConnection, game_id: i64, post_as_seat: Option<i32>) -> Option<String> {
    let seat = post_as_seat?;
    games::seat_names(c, game_id)
        .ok()?
        .into_iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, name)| name)
}

/// Reports the post on `floor` of a thread the account can read.
pub async fn report(
    state: &AppState,
    account: &Account,
    thread_id: i64,
    floor: i64,
    reason: &str,
) -> Result<(), AppError> {
    let reason = parse_reason(reason)?;
    state.throttle.post(account.id).await?;
    let account = account.clone();
    state
        .write(move |c| {
            refuse_if_suspended(c, account.id)?;
            let (thread, place) = place(c, thread_id)?;
            // Whether the reader may read the thread is decided before the floor is looked up,
            // as the thread pages do: a private thread's floors are never probed.
            let reporter_seat = match &place {
                // A game-ID login acts only in its game.
                Place::Forum if account.is_alias() => return Err(AppError::Forbidden),
                Place::Forum => None,
                Place::Game(row, which) => {
                    if !account.reaches_game(row.id) {
                        return Err(AppError::Forbidden);
                    }
                    let (_, folded) = crate::game::service::load(c, row.id)?;
                    let who = standing(c, row, &folded, Some(&account))?;
                    if !who.can_read(*which) {
                        return Err(AppError::Forbidden);
                    }
                    who.seat.map(|(number, name, ..)| (number, name))
                }
            };
            let post = user_post(c, thread.id, floor)?;
            if post.hidden_at.is_some() {
                return Err(AppError::Conflict("already_hidden"));
            }
            if q::has_open_report(c, post.id, account.id)? {
                return Err(AppError::Conflict("already_reported"));
            }
            // A seat reports as its seat, kept with the report: the queue names it by game ID
            // even after a substitution (the reporter's account would tell who played it).
            let id = q::add_report(
                c,
                post.id,
                account.id,
                reporter_seat.as_ref().map(|(number, _)| *number),
                &reason,
            )?;
            // A seat reports as its game ID: its account's history would tie it to the seat.
            let (stream, reporter) = match reporter_seat {
                Some((_, game_name)) => (None, json!({ "game_id": game_name })),
                None => (Some(account.id), json!(null)),
            };
            let detail = json!({
                "report": id, "thread": thread.id, "floor": floor,
                "reason": reason, "reporter": reporter,
            });
            account_events::append(c, stream, stream, "post_reported", &detail.to_string())?;
            Ok(())
        })
        .await
}

/// Hides the post on `floor` with a reason: admins anywhere, a game's judge in its threads;
/// everyone else `403`, before the floor is looked up. The text stays in the row, its
/// revisions and the audit event; every page, feed and API answer shows the placeholder.
pub async fn hide(
    state: &AppState,
    actor: &Account,
    thread_id: i64,
    floor: i64,
    reason: &str,
) -> Result<(), AppError> {
    let reason = parse_reason(reason)?;
    let actor = actor.clone();
    state
        .write(move |c| {
            refuse_if_suspended(c, actor.id)?;
            let (thread, place) = place(c, thread_id)?;
            refuse_unless_moderator(c, &actor, &place)?;
            let post = user_post(c, thread.id, floor)?;
            if post.hidden_at.is_some() {
                return Err(AppError::Conflict("already_hidden"));
            }
            hide_post(c, &actor, &thread, &place, &post, &reason)
        })
        .await?;
    // Kept anonymous pages are old now: no reader is given the text again.
    state.live.note_change();
    Ok(())
}

/// Who may hide a post, or restore one: admins anywhere, a game's judge in its threads;
/// anyone else `403` (decided from the thread alone, before any floor is looked up).
fn refuse_unless_moderator(
    c: &mut DbConnection,
    actor: &Account,
    place: &Place,
) -> Result<(), AppError> {
    let may = match place {
        Place::Forum => actor.is_admin(),
        Place::Game(row, _) => actor.is_admin() || crate::game::access::judges(c, row, actor)?,
    };
    if may {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Restores a hidden post on `floor` with a reason (a hide made by mistake): the same
/// moderators as [`hide`], refused the same way before the floor is looked up. The text in
/// the row is shown again everywhere (pages, feeds, API answers, search).
pub async fn unhide(
    state: &AppState,
    actor: &Account,
    thread_id: i64,
    floor: i64,
    reason: &str,
) -> Result<(), AppError> {
    let reason = parse_reason(reason)?;
    let actor = actor.clone();
    state
        .write(move |c| {
            refuse_if_suspended(c, actor.id)?;
            let (thread, place) = place(c, thread_id)?;
            refuse_unless_moderator(c, &actor, &place)?;
            let post = user_post(c, thread.id, floor)?;
            if post.hidden_at.is_none() || !q::unhide_post(c, post.id)? {
                return Err(AppError::Conflict("not_hidden"));
            }
            let mut detail = json!({ "thread": thread.id, "floor": post.floor, "reason": reason });
            let stream = event_stream(c, &place, &post, &mut detail);
            account_events::append(
                c,
                stream,
                Some(actor.id),
                "post_unhidden",
                &detail.to_string(),
            )?;
            Ok(())
        })
        .await?;
    // Kept anonymous pages show the placeholder: the next reader gets the text again.
    state.live.note_change();
    Ok(())
}

/// Hides `post` and records it; its open reports are resolved as hidden.
fn hide_post(
    c: &mut DbConnection,
    actor: &Account,
    thread: &Thread,
    place: &Place,
    post: &Post,
    reason: &str,
) -> Result<(), AppError> {
    let text = q::stored_body(c, post.id)?;
    if !q::hide_post(c, post.id, actor.id, reason)? {
        return Err(AppError::Conflict("already_hidden"));
    }
    q::resolve_reports_of_post(c, post.id, actor.id, "hide")?;
    let mut detail = json!({
        "thread": thread.id, "floor": post.floor, "reason": reason, "text": text,
    });
    let stream = event_stream(c, place, post, &mut detail);
    account_events::append(
        c,
        stream,
        Some(actor.id),
        "post_hidden",
        &detail.to_string(),
    )?;
    Ok(())
}

/// The stream of an event about `post` (its hiding or restoring), naming its game in `detail`.
/// A game ID's post is recorded under its game ID in the stream of no account; a forum post or
/// the judge's (who is public) in its author's history.
fn event_stream(
    c: &mut DbConnection,
    place: &Place,
    post: &Post,
    detail: &mut serde_json::Value,
) -> Option<i64> {
    match (place, post.as_seat) {
        (Place::Game(row, _), Some(seat)) => {
            detail["game"] = row.id.into();
            detail["game_id"] = game_author(c, row.id, Some(seat)).into();
            None
        }
        (Place::Game(row, _), None) => {
            detail["game"] = row.id.into();
            Some(post.author_id)
        }
        (Place::Forum, _) => Some(post.author_id),
    }
}

/// An open report as the queue shows it: the post named as its thread shows it, the reporter
/// by account (or, for a seat reporting in its game, by its game ID).
#[derive(Debug, Clone)]
pub struct QueueEntry {
    pub id: i64,
    pub thread_id: i64,
    pub floor: i64,
    pub reason: String,
    pub reporter: String,
    /// The post's author as its thread shows it; `None` for a game's judge.
    pub author: Option<String>,
    /// The start of the post's text.
    pub excerpt: String,
    pub hidden: bool,
    pub created_at: NaiveDateTime,
    /// The page of the post (its thread page, or its game's).
    pub href: String,
}

/// The open reports, oldest first (admins).
pub fn queue(c: &mut DbConnection, admin: &Account) -> Result<Vec<QueueEntry>, AppError> {
    if !admin.is_admin() {
        return Err(AppError::Forbidden);
    }
    let rows = q::open_reports(c, QUEUE_MAX)?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        out.push(entry(c, r)?);
    }
    Ok(out)
}

fn entry(c: &mut DbConnection, r: OpenReport) -> Result<QueueEntry, AppError> {
    let page = forum::page_of_floor(r.floor);
    let (author, reporter, href) = match r.game_id {
        Some(game) if !matches!(r.thread_kind.as_str(), "forum" | "signup") => {
            // Never the account behind a game ID: the post's author and a seated reporter
            // are shown as the thread shows them; the reporter by the seat the report was made
            // as, whoever holds it now (a substituted reporter is no longer seated). A report
            // from before the seat was kept: the seat its account holds now, if any.
            let author = game_author(c, game, r.as_seat);
            let reporter = match r.reporter_seat {
                Some(seat) => game_author(c, game, Some(seat)),
                None => games::seat_of(c, game, r.reporter_id)?.map(|(_, name)| name),
            }
            .unwrap_or(r.reporter);
            let href = format!(
                "/games/{game}/threads/{}?page={page}#p{}",
                r.thread_kind, r.floor
            );
            (author, reporter, href)
        }
        _ => {
            let author = users::names(c, &[r.author_id])?.remove(&r.author_id);
            let href = format!("/t/{}?page={page}#p{}", r.thread_id, r.floor);
            (author, r.reporter, href)
        }
    };
    let excerpt: String = r.body.chars().take(200).collect();
    Ok(QueueEntry {
        id: r.id,
        thread_id: r.thread_id,
        floor: r.floor,
        reason: r.reason,
        reporter,
        author,
        excerpt,
        hidden: r.hidden,
        created_at: r.created_at,
        href,
    })
}

/// What an admin does with a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Nothing to do: the report is closed.
    Dismiss,
    /// The post is hidden with a reason (and every open report of it closed).
    Hide,
}

impl Resolution {
    pub fn parse(s: &str) -> Result<Resolution, AppError> {
        match s {
            "dismiss" => Ok(Resolution::Dismiss),
            "hide" => Ok(Resolution::Hide),
            _ => Err(AppError::Invalid("resolution_unknown")),
        }
    }
}

/// Resolves an open report (admins): dismissed, or its post hidden with `reason`.
pub async fn resolve(
    state: &AppState,
    admin: &Account,
    report_id: i64,
    action: Resolution,
    reason: Option<&str>,
) -> Result<(), AppError> {
    if !admin.is_admin() {
        return Err(AppError::Forbidden);
    }
    let reason = match action {
        Resolution::Hide => Some(parse_reason(reason.unwrap_or(""))?),
        Resolution::Dismiss => None,
    };
    let admin = admin.clone();
    state
        .write(move |c| {
            refuse_if_suspended(c, admin.id)?;
            let r = q::report(c, report_id)?.ok_or(AppError::NotFound)?;
            if !r.open {
                return Err(AppError::Conflict("report_resolved"));
            }
            let post = forum::post(c, r.post_id)?.ok_or(AppError::NotFound)?;
            match (&reason, post.hidden_at) {
                (Some(reason), None) => {
                    let (thread, place) = place(c, post.thread_id)?;
                    hide_post(c, &admin, &thread, &place, &post, reason)?;
                }
                // Hidden since the report: the hiding resolved it already, unless it was
                // hidden before (then it is closed as hidden).
                _ => {
                    let how = if post.hidden_at.is_some() {
                        "hide"
                    } else {
                        "dismiss"
                    };
                    q::resolve_report(c, report_id, admin.id, how)?;
                }
            }
            let kind = match action {
                Resolution::Dismiss => "report_dismissed",
                Resolution::Hide => "report_upheld",
            };
            let detail = json!({ "report": report_id, "reason": reason });
            account_events::append(c, None, Some(admin.id), kind, &detail.to_string())?;
            Ok(())
        })
        .await?;
    state.live.note_change();
    Ok(())
}

/// Suspends the account `name` for `days` days (admins); returns the end (UTC). A longer
/// suspension in force stays: the account is refused until the later end.
pub async fn suspend(
    state: &AppState,
    admin: &Account,
    name: &str,
    days: i64,
    reason: &str,
) -> Result<NaiveDateTime, AppError> {
    if !admin.is_admin() {
        return Err(AppError::Forbidden);
    }
    let days = parse_days(days)?;
    let reason = parse_reason(reason)?;
    let key = name_key(name);
    let admin = admin.clone();
    state
        .write(move |c| {
            refuse_if_suspended(c, admin.id)?;
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            if user.id == admin.id {
                return Err(AppError::Conflict("suspend_self"));
            }
            let until = crate::db::queries::now() + chrono::Duration::days(days);
            q::add_suspension(c, user.id, until, &reason, admin.id)?;
            let detail = json!({
                "days": days, "until": crate::game::service::iso(until), "reason": reason,
            });
            account_events::append(
                c,
                Some(user.id),
                Some(admin.id),
                "suspended",
                &detail.to_string(),
            )?;
            Ok(until)
        })
        .await
}

/// Lifts the suspensions of `name` in force (admins).
pub async fn lift(state: &AppState, admin: &Account, name: &str) -> Result<(), AppError> {
    if !admin.is_admin() {
        return Err(AppError::Forbidden);
    }
    let key = name_key(name);
    let admin = admin.clone();
    state
        .write(move |c| {
            let user = users::by_key(c, &key)?.ok_or(AppError::NotFound)?;
            let now = crate::db::queries::now();
            if q::lift_suspensions(c, user.id, admin.id, now)? == 0 {
                return Err(AppError::Conflict("not_suspended"));
            }
            account_events::append(c, Some(user.id), Some(admin.id), "suspension_lifted", "")?;
            Ok(())
        })
        .await
}
