//! In-app notifications, derived from what is already stored: the game logs, the posts and the
//! open deadlines. [`tick`] reads each source after its cursor (advanced in the transaction that
//! adds the notifications), so the services need no hook and several instances may run it.
//!
//! A notification about a seat goes only to the account that plays it; nothing here is shown to
//! anyone else, and posts made as a game ID never notify (who wrote them stays hidden).

pub mod mentions;
pub mod renamed;
/// The notifier's rows and queries, in the store (`db::queries::notifications`).
pub use crate::db::queries::notifications as store;

use crate::app::AppState;
use crate::db::DbConnection;
use crate::db::models::GameEventRow;
use crate::db::queries::{games, users};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::GameSettings;
use crate::game::log::{GameEvent, fold, read_event};
use chrono::NaiveDateTime;
use serde_json::{Value, json};
use std::collections::HashMap;
use store::NewNotification;

/// A new act was posted in a game one plays (also act 1, at the start).
pub const ACT_POSTED: &str = "act_posted";
/// One's turn to act has come in the new act: the engine says the seat is on turn
/// (`SeatNow::on_turn`). Named so before issue 39 by one variant's turn; the old name is still
/// taken ([`renamed`]).
pub const ACTION_TURN: &str = "action_turn";
/// The deadline is near and one still owes a ballot or an action.
pub const BALLOT_MISSING: &str = "ballot_missing";
/// An act resolved with private results for one's seat (a notebook received, a join, …): one
/// notification per seat and act. Accepted or refused submissions notify nobody: the seat reads
/// the answer on the page (or in the API response) it submitted from. (The kind keeps its old
/// name, so the accounts' switches stay as they were; older rows, one per submission, still
/// render.)
pub const ACTION_REPLY: &str = "action_reply";
/// It is one's turn to speak in the game thread (an ordered speech, a PK speech, last words).
pub const SPEECH_TURN: &str = "speech_turn";
/// Someone quoted one's forum post.
pub const QUOTED: &str = "quoted";
/// Someone wrote `@name` of one's account in a forum post ([`mentions`]); a post that also
/// quotes one notifies as [`QUOTED`] only.
pub const MENTIONED: &str = "mentioned";
/// One was substituted into a game.
pub const SUBSTITUTED_IN: &str = "substituted_in";
/// News of a table (issue 41): a judge's table whose start time came with too few sign-ups,
/// or a finished table one played rehosted by its judge.
pub const TABLE_NEWS: &str = "table_news";

/// Every kind, in the order the settings page lists them.
pub const KINDS: [&str; 9] = [
    ACT_POSTED,
    ACTION_TURN,
    SPEECH_TURN,
    BALLOT_MISSING,
    ACTION_REPLY,
    QUOTED,
    MENTIONED,
    SUBSTITUTED_IN,
    TABLE_NEWS,
];

const EVENTS: &str = "game_events";
const POSTS: &str = "posts";
/// The post versions (`post_revisions`: a new post and each edit), read for mentions; the
/// `*_calendar` migrations start an existing database at its end.
const MENTIONS: &str = "mentions";
/// Rows read from a source per tick.
const BATCH: i64 = 500;

/// The kind `name` names: one of [`KINDS`], or an old name of one ([`renamed::OLD_NAMES`]).
pub fn kind_named(name: &str) -> Option<&'static str> {
    KINDS.iter().copied().find(|k| *k == name).or_else(|| {
        renamed::OLD_NAMES
            .iter()
            .find(|(old, _)| *old == name)
            .map(|(_, now)| *now)
    })
}

/// `(kind, value)` changes sent by name, each named now ([`kind_named`]): a name this build does
/// not know is refused, and so is a kind sent under its old and its new name with two values;
/// nothing is written then.
pub fn by_kind<T: PartialEq>(
    changes: Vec<(String, T)>,
) -> Result<Vec<(&'static str, T)>, AppError> {
    let mut named: Vec<(&'static str, T)> = Vec::with_capacity(changes.len());
    for (name, value) in changes {
        let kind = kind_named(&name)
            .ok_or_else(|| AppError::BadRequest(format!("unknown kind {name:?}")))?;
        match named.iter().find(|(k, _)| *k == kind) {
            Some((_, v)) if *v != value => {
                return Err(AppError::BadRequest(format!(
                    "kind {kind:?} sent twice (also by its old name) with two values"
                )));
            }
            Some(_) => {}
            None => named.push((kind, value)),
        }
    }
    Ok(named)
}

/// Marks the notifications of `user` read (a game-ID login: those of its game, `scope`): every
/// one, or (`upto`) those made at or before it, the ones a list shown then held (one that came
/// after it stays unread); returns how many.
pub async fn mark_read(
    state: &AppState,
    user: i64,
    scope: Option<i64>,
    upto: Option<chrono::NaiveDateTime>,
) -> Result<usize, AppError> {
    let now = state.clock.now();
    state
        .write(move |c| Ok(store::mark_read(c, user, scope, upto, now)?))
        .await
}

/// Turns kinds of notification on or off for `user`, by name (an old name too, [`by_kind`]);
/// a kind this build does not know is refused before anything is written.
pub async fn set_kinds(
    state: &AppState,
    user: i64,
    changes: Vec<(String, bool)>,
) -> Result<(), AppError> {
    let changes = by_kind(changes)?;
    state
        .write(move |c| {
            for (kind, on) in &changes {
                store::set_enabled(c, user, kind, *on)?;
            }
            Ok(())
        })
        .await
}

pub async fn tick(state: &AppState) -> Result<usize, AppError> {
    let now = state.clock.now();
    let from_events = state.write(move |c| from_events(c, now)).await?;
    let from_posts = state.write(move |c| from_posts(c, now)).await?;
    let from_posts = from_posts + state.write(move |c| from_mentions(c, now)).await?;
    let reminders = state.write(move |c| reminders(c, now)).await?;
    Ok(from_events + from_posts + reminders)
}

fn add(
    c: &mut DbConnection,
    now: NaiveDateTime,
    user_id: i64,
    kind: &str,
    (game_id, act, post_id): (i64, i32, i64),
    payload: Value,
) -> Result<usize, AppError> {
    let n = NewNotification {
        user_id,
        kind,
        game_id,
        act,
        post_id,
        payload: payload.to_string(),
    };
    Ok(usize::from(store::add(c, &n, now)?))
}

fn from_events(c: &mut DbConnection, now: NaiveDateTime) -> Result<usize, AppError> {
    let after = store::cursor(c, EVENTS)?;
    let rows = store::events_after(c, after, BATCH)?;
    let Some(last) = rows.last().map(|r| r.id) else {
        return Ok(0);
    };
    let mut logs: HashMap<i64, Vec<GameEventRow>> = HashMap::new();
    let mut added = 0;
    for row in &rows {
        match row.kind.as_str() {
            // A submission that ended its phase (an explosion, a surrender) is told as a
            // resolution is.
            "started" | "resolved" | "submitted" if row.kind != "submitted" || ends_phase(row) => {
                let log = match logs.entry(row.game_id) {
                    std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(games::events(c, row.game_id)?)
                    }
                };
                added += on_act(c, now, row, log)?;
            }
            "substituted" => added += on_substituted(c, now, row)?,
            "created" | "start_missed" => added += on_table_news(c, now, row)?,
            _ => {}
        }
    }
    store::set_cursor(c, EVENTS, last)?;
    Ok(added)
}

/// Whether a submission's log row says it ended its phase.
fn ends_phase(row: &GameEventRow) -> bool {
    matches!(
        read_event(row),
        Ok(GameEvent::Submitted {
            ends_phase: true,
            ..
        })
    )
}

fn title_of(c: &mut DbConnection, game_id: i64) -> Result<String, AppError> {
    Ok(games::get(c, game_id)?.map(|g| g.title).unwrap_or_default())
}

/// An act was posted (the start, or a resolution): every seat hears of it, the seats whose
/// notebook is on turn in the new act are told so, and after a resolution each seat with private
/// results in the resolved act gets them in one notification.
fn on_act(
    c: &mut DbConnection,
    now: NaiveDateTime,
    row: &GameEventRow,
    log: &[GameEventRow],
) -> Result<usize, AppError> {
    let upto: Vec<GameEventRow> = log.iter().filter(|e| e.seq <= row.seq).cloned().collect();
    // The event that opened the phase this resolution ended (the start or the resolution
    // before): the phase's private results come after it. A variant of several phases per act
    // dates its lines by act, so the act alone would also take in earlier phases' lines (the
    // teams told at the start, in act 1 too).
    let opened = upto
        .iter()
        .filter(|e| e.seq < row.seq && matches!(e.kind.as_str(), "started" | "resolved"))
        .map(|e| e.seq)
        .max()
        .unwrap_or(0);
    let folded = match fold(&upto) {
        Ok(f) => f,
        Err(e) => {
            tracing::warn!(game_id = row.game_id, error = %e, "notifier: the log does not fold");
            return Ok(0);
        }
    };
    let Some(game) = folded.game.as_ref() else {
        return Ok(0);
    };
    // The step this row ended: a resolution's, or a submission's that ended its phase.
    let resolved = match read_event(row) {
        Ok(GameEvent::Resolved { step, .. } | GameEvent::Submitted { step, .. }) => Some(step),
        _ => None,
    };
    // The act this post opens (one past the last when the game ended).
    let act = resolved.map(|a| a + 1).unwrap_or(1) as i32;
    let over = game.is_over();
    let title = title_of(c, row.game_id)?;
    let key = (row.game_id, act, 0);
    let mut added = 0;
    let alive: Vec<String> = game
        .seats()
        .into_iter()
        .filter(|s| s.alive)
        .map(|s| s.game_id)
        .collect();
    // A turn passing to the next speaker is told to that speaker only: every seat hears of a
    // resolution that published something, and of every other phase that opens.
    let speaker = if over { None } else { game.speaker() };
    let published = folded
        .lines
        .iter()
        .any(|l| l.seq == row.seq && matches!(l.line, crate::rules::Line::Public { .. }));
    let quiet_turn = resolved.is_some() && speaker.is_some() && !published;
    for (user, _, name) in games::seat_holders(c, row.game_id)? {
        let mut info = json!({"title": title, "act": act, "resolved": resolved, "over": over});
        with_phase(&mut info, game, act as u32);
        if speaker.as_deref() == Some(name.as_str()) {
            added += add(c, now, user, SPEECH_TURN, key, info.clone())?;
        }
        if !quiet_turn {
            added += add(c, now, user, ACT_POSTED, key, info)?;
        }
        if let Some(done) = resolved {
            let events = private_results(&folded.lines, &name, opened, row.seq);
            if !events.is_empty() {
                let mut info = json!({"title": title, "events": events,
                                      "variant": game.variant().name()});
                with_phase(&mut info, game, done);
                added += add(
                    c,
                    now,
                    user,
                    ACTION_REPLY,
                    (row.game_id, done as i32, 0),
                    info,
                )?;
            }
        }
        if over || !alive.contains(&name) {
            continue;
        }
        if game.seat_now(&name).is_some_and(|s| s.on_turn) {
            let info = json!({"title": title, "act": act});
            added += add(c, now, user, ACTION_TURN, key, info)?;
        }
    }
    Ok(added)
}

/// Adds the phase of step `step` (its act and kind) to a notification's payload, for a variant
/// of several phases per act: the sentence then names the act and the phase, not the step.
fn with_phase(info: &mut Value, game: &crate::rules::Game, step: u32) {
    if let (Some(label), Value::Object(m)) = (
        crate::game::threads::PhaseLabel::of(game.variant(), game.phase_of(step)),
        info,
    ) {
        m.insert("phase".into(), json!(label));
    }
}

/// The private events one seat received in a phase (during the phase, opened by the log row
/// `opened`, and at its resolution, the log row `seq`), oldest first.
fn private_results(
    lines: &[crate::game::log::LoggedLine],
    seat: &str,
    opened: i64,
    seq: i64,
) -> Vec<crate::rules::Event> {
    lines
        .iter()
        .filter_map(|l| match &l.line {
            crate::rules::Line::Private { to, event, .. }
                if to == seat && l.seq > opened && l.seq <= seq =>
            {
                Some(event.clone())
            }
            _ => None,
        })
        .collect()
}

/// A substitute took a seat (the event comes from the substitution feature: read by its kind,
/// `payload.to_user` is the new account). Only the new account is told.
fn on_substituted(
    c: &mut DbConnection,
    now: NaiveDateTime,
    row: &GameEventRow,
) -> Result<usize, AppError> {
    let Ok(GameEvent::Substituted { to_user: to, .. }) = read_event(row) else {
        return Ok(0);
    };
    let title = title_of(c, row.game_id)?;
    add(
        c,
        now,
        to,
        SUBSTITUTED_IN,
        (row.game_id, 0, row.seq),
        json!({"title": title}),
    )
}

/// News of a table (issue 41): its judge hears that its start time came with too few
/// sign-ups; each account that played a finished table hears that its judge rehosted it (the
/// new table's `created` event names the old one), and may sign up first.
fn on_table_news(
    c: &mut DbConnection,
    now: NaiveDateTime,
    row: &GameEventRow,
) -> Result<usize, AppError> {
    match read_event(row) {
        Ok(GameEvent::StartMissed { signed_up, min }) => {
            let Some(game) = games::get(c, row.game_id)? else {
                return Ok(0);
            };
            add(
                c,
                now,
                game.judge_id,
                TABLE_NEWS,
                (row.game_id, 0, row.seq),
                json!({"title": game.title, "news": "start_missed",
                       "signed_up": signed_up, "min": min}),
            )
        }
        Ok(GameEvent::Created { title, settings }) => {
            let Some(old) = settings.rehost_of else {
                return Ok(0);
            };
            let mut told = std::collections::HashSet::new();
            let mut added = 0;
            for (user, _, _) in games::seat_holders(c, old)? {
                if told.insert(user) {
                    added += add(
                        c,
                        now,
                        user,
                        TABLE_NEWS,
                        (row.game_id, 0, row.seq),
                        json!({"title": title, "news": "rehosted",
                               "until": settings.priority_until.map(crate::domain::time::iso)}),
                    )?;
                }
            }
            Ok(added)
        }
        _ => Ok(0),
    }
}

/// Quotes in the forum notify the quoted author. Posts written as a game ID (or by the system)
/// never do, and are never the quoted side either: that would tell who is behind a game ID.
fn from_posts(c: &mut DbConnection, now: NaiveDateTime) -> Result<usize, AppError> {
    let after = store::cursor(c, POSTS)?;
    let rows = store::posts_after(c, after, BATCH)?;
    let Some(last) = rows.last().map(|(p, _)| p.id) else {
        return Ok(0);
    };
    let mut added = 0;
    for (post, _) in &rows {
        let Some(quoted_author) = mentions::quoted_author(c, post)? else {
            continue;
        };
        let by = users::by_id(c, post.author_id)?
            .map(|u| u.username)
            .unwrap_or_default();
        // The link names the post by its floor (ids count hidden threads' posts too).
        let info = json!({"thread_id": post.thread_id, "floor": post.floor, "by": by});
        added += add(c, now, quoted_author, QUOTED, (0, 0, post.id), info)?;
    }
    store::set_cursor(c, POSTS, last)?;
    Ok(added)
}

/// Mentions (`@name`) in new posts and edits notify the accounts named, once per post and
/// account (the notification's identity), by the quotes' rules ([`mentions`]). A post that
/// quotes an account and mentions it too notifies it once, as a quote; when that account turned
/// quotes off, the mention still tells it.
fn from_mentions(c: &mut DbConnection, now: NaiveDateTime) -> Result<usize, AppError> {
    let after = store::cursor(c, MENTIONS)?;
    let rows = mentions::posts_after_revisions(c, after, BATCH)?;
    let Some(last) = rows.last().map(|r| r.0) else {
        return Ok(0);
    };
    let mut added = 0;
    for (_, editor_id, body, post) in &rows {
        let named = mentions::accounts_mentioned(c, *editor_id, body, post)?;
        if named.is_empty() {
            continue;
        }
        let quoted = mentions::quoted_author(c, post)?;
        let by = users::by_id(c, post.author_id)?
            .map(|u| u.username)
            .unwrap_or_default();
        for user in named {
            // Quoted too: one notification, the quote's (also when it came before an edit
            // that added the mention, even if quotes were turned off since).
            if quoted == Some(user)
                && (store::enabled(c, user, QUOTED)?
                    || store::has_for_post(c, user, QUOTED, post.id)?)
            {
                continue;
            }
            let info = json!({"thread_id": post.thread_id, "floor": post.floor, "by": by});
            added += add(c, now, user, MENTIONED, (0, 0, post.id), info)?;
        }
    }
    store::set_cursor(c, MENTIONS, last)?;
    Ok(added)
}

/// The reminder lead time of a game, from its stored settings.
fn remind_hours(settings: &str) -> i64 {
    serde_json::from_str::<GameSettings>(settings)
        .map(|s| s.remind_hours)
        .unwrap_or(crate::game::settings::DEFAULT_REMIND_HOURS)
}

/// When the reminder of an act that opened at `opened` and is due at `due` comes: `hours`
/// before the deadline, but never in the first half of the act, so an act shorter than the
/// lead time (or one opened by a resolution close to its deadline) does not remind at the
/// moment it opens. `None`: no reminder (0 hours).
pub fn remind_at(
    opened: Option<NaiveDateTime>,
    due: NaiveDateTime,
    hours: i64,
) -> Option<NaiveDateTime> {
    if hours <= 0 {
        return None;
    }
    let lead = due - chrono::Duration::hours(hours);
    match opened {
        Some(o) if o < due => Some(lead.max(o + (due - o) / 2)),
        _ => Some(lead),
    }
}

/// Seats that still owe a ballot or an action when their game's reminder time has come (see
/// [`remind_at`]): once per seat and act (the notification's key).
fn reminders(c: &mut DbConnection, now: NaiveDateTime) -> Result<usize, AppError> {
    let mut added = 0;
    for (game_id, act, due) in store::open_deadlines(c)? {
        if now >= due {
            continue;
        }
        let Some(row) = games::get(c, game_id)? else {
            continue;
        };
        if row.status != GameStatus::Running {
            continue;
        }
        let opened = store::act_opened_at(c, game_id)?;
        match remind_at(opened, due, remind_hours(&row.settings)) {
            Some(at) if now >= at => {}
            _ => continue,
        }
        let folded = match crate::game::cache::folded(c, game_id) {
            Ok(f) => f,
            Err(e) => {
                tracing::warn!(game_id, error = %e, "notifier: the log does not fold");
                continue;
            }
        };
        let Some(game) = folded.game.as_ref() else {
            continue;
        };
        if game.is_over() || game.phase() != act as u32 {
            continue;
        }
        let owing = game.owing();
        for (user, _, name) in games::seat_holders(c, game_id)? {
            if !owing.contains(&name) {
                continue;
            }
            let owes = game.owes(&name);
            let mut info = json!({
                "title": row.title,
                "act": act,
                "due": crate::domain::time::iso(due),
                "ballot": owes.ballot,
                "action": owes.action,
                "optional": owes.optional,
            });
            with_phase(&mut info, game, act as u32);
            added += add(c, now, user, BALLOT_MISSING, (game_id, act, 0), info)?;
        }
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Tr};

    #[test]
    fn every_kind_has_a_label_in_both_languages() {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for k in KINDS {
                assert!(
                    tr.has(&format!("notify-kind-{}", k.replace('_', "-"))),
                    "{k}"
                );
            }
        }
    }

    /// Every kind is named by itself; an old name names the kind now, which is a kind of this
    /// build and never an old name itself; anything else names none.
    #[test]
    fn old_names_name_the_kinds_now() {
        for k in KINDS {
            assert_eq!(kind_named(k), Some(k));
        }
        for (old, now) in renamed::OLD_NAMES {
            assert!(!KINDS.contains(&old), "{old} is not a kind now");
            assert!(KINDS.contains(&now), "{now} is a kind");
            assert_eq!(kind_named(old), Some(now));
        }
        assert_eq!(kind_named("nonsense"), None);
        assert_eq!(kind_named(""), None);
    }

    #[test]
    fn changes_by_an_old_name_go_to_the_kind_now() {
        let (old, now) = renamed::OLD_NAMES[0];
        let changes = vec![(old.to_string(), false), (QUOTED.to_string(), true)];
        assert_eq!(
            by_kind(changes).expect("known"),
            vec![(now, false), (QUOTED, true)]
        );
        // Both names with one value: one change; with two values: refused.
        let both = vec![(old.to_string(), true), (now.to_string(), true)];
        assert_eq!(by_kind(both).expect("one value"), vec![(now, true)]);
        let clash = vec![(now.to_string(), true), (old.to_string(), false)];
        assert!(matches!(by_kind(clash), Err(AppError::BadRequest(_))));
        let unknown = vec![(QUOTED.to_string(), true), ("nonsense".to_string(), true)];
        assert!(matches!(by_kind(unknown), Err(AppError::BadRequest(_))));
    }

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
    }

    #[test]
    fn a_reminder_never_comes_in_the_first_half_of_the_act() {
        let due = at("2026-12-02 20:00");
        // A day-long act: six hours before the deadline.
        let day = Some(at("2026-12-01 20:00"));
        assert_eq!(remind_at(day, due, 6), Some(at("2026-12-02 14:00")));
        // A one-hour act with a six-hour lead: half-way, not at the opening.
        let hour = Some(at("2026-12-02 19:00"));
        assert_eq!(remind_at(hour, due, 6), Some(at("2026-12-02 19:30")));
        // No reminder at all.
        assert_eq!(remind_at(day, due, 0), None);
        // The opening unknown: the lead time alone.
        assert_eq!(remind_at(None, due, 6), Some(at("2026-12-02 14:00")));
    }

    #[test]
    fn games_without_the_setting_are_reminded_six_hours_ahead() {
        assert_eq!(remind_hours(r#"{"no": "settings"}"#), 6);
    }
}
