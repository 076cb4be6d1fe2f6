//! Posting in a game's threads, as a game ID. The account behind a post is stored (for the
//! audit) but never shown before the end: readers see the seat's game ID, or the judge.
//!
//! - the game thread: everyone reads; living seats and the judge write (anyone seated, after
//!   the end);
//! - the graveyard: seats that are out and the judge read and write (everyone reads after the end);
//! - the variant's team thread, if it has one: the seats the engine puts in the
//!   team, and the judge (everyone reads after the end);
//! - the spectators' thread: the accounts that watch the game (as their account names: they are
//!   no seats), the seats that are out when the judge allows it (as their game IDs) and the
//!   judge read and write; no living seat reads it; everyone reads it after the end, and the
//!   seats and watchers may still write (as in the graveyard).
//!
//! A seat edits its own posts (as its game ID) while it may still post in that thread; the judge
//! edits her own. Every version is kept (`post_revisions`), and every reader of the thread may
//! read them, named by the game ID only: a silent edit would change a claim.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::{GameRow, Post};
use crate::db::queries::{forum, games};
use crate::domain::PostBody;
use crate::error::AppError;
use crate::game::log::Folded;
use crate::game::service::load_locked;
use crate::game::threads::{ActPost, Notice, SPECTATORS};
use chrono::NaiveDateTime;
use diesel::QueryResult;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameThread {
    Game,
    Graveyard,
    /// A variant's team thread, by its key ([`crate::rules::Variant::team_threads`]).
    Team(&'static str),
    /// The watchers' thread, shared with the seats that are out (issue 41).
    Spectators,
}

impl GameThread {
    /// The thread named `s` in a URL: `game`, `graveyard`, or a variant's team thread key. A
    /// key of another variant than the game's finds no thread (the game has none of that kind).
    pub fn parse(s: &str) -> Option<GameThread> {
        match s {
            "game" => Some(GameThread::Game),
            "graveyard" => Some(GameThread::Graveyard),
            SPECTATORS => Some(GameThread::Spectators),
            _ => crate::rules::Variant::all()
                .iter()
                .find_map(|v| v.team_threads().iter().copied().find(|t| *t == s))
                .map(GameThread::Team),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameThread::Game => "game",
            GameThread::Graveyard => "graveyard",
            GameThread::Team(key) => key,
            GameThread::Spectators => SPECTATORS,
        }
    }

    /// The thread's id in game `row`: a team's thread is the game's thread of that team's
    /// kind, when the game's variant has that team.
    pub fn thread_id(self, c: &mut DbConnection, row: &GameRow) -> QueryResult<Option<i64>> {
        Ok(match self {
            GameThread::Game => row.game_thread_id,
            GameThread::Graveyard => row.graveyard_thread_id,
            GameThread::Team(key) => {
                let has = crate::game::stored::variant_of(row)
                    .is_ok_and(|v| v.team_threads().contains(&key));
                if has {
                    forum::game_thread_of_kind(c, row.id, key)?
                } else {
                    None
                }
            }
            GameThread::Spectators => forum::game_thread_of_kind(c, row.id, SPECTATORS)?,
        })
    }
}

impl crate::game::snapshot::Snapshot {
    /// What `account` (`None`: a reader without one) may do in the game now ([`standing`]),
    /// but for watching: a snapshot does not know who watches ([`Standing::with_watching`]).
    pub fn standing(&self, account: Option<&Account>) -> Standing {
        let seat = account.and_then(|a| self.seat_of(a.id));
        standing_seated(&self.row, &self.folded, account, seat)
    }

    /// The id of a thread of the game ([`GameThread::thread_id`]).
    pub fn thread_id(&self, which: GameThread) -> Option<i64> {
        match which {
            GameThread::Game => self.row.game_thread_id,
            GameThread::Graveyard => self.row.graveyard_thread_id,
            GameThread::Team(key) => self.team_thread(key),
            GameThread::Spectators => self.team_thread(SPECTATORS),
        }
    }
}

/// Who a reader is in a game.
#[derive(Debug, Clone)]
pub struct Standing {
    pub is_judge: bool,
    /// (seat number, game ID, alive, the teams whose thread it is in now)
    pub seat: Option<(i32, String, bool, Vec<&'static str>)>,
    /// The seat may post in the game thread now ([`crate::rules::Game::may_post`]: while it is
    /// in, or only on its turn to speak).
    pub speaks: bool,
    /// It is this seat's turn to speak ([`crate::rules::Game::speaker`]): one speech.
    pub speaker: bool,
    pub over: bool,
    /// The account watches the game (a seatless account, not the judge: issue 41).
    pub watching: bool,
    /// The judge lets the seats that are out share the spectators' thread.
    pub dead_spectate: bool,
}

pub fn standing(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    account: Option<&Account>,
) -> Result<Standing, AppError> {
    let seat = match account {
        Some(a) => games::seat_of(c, row.id, a.id)?,
        None => None,
    };
    let who = standing_seated(row, folded, account, seat);
    let watching = match account {
        Some(a) if who.seat.is_none() && !who.is_judge => {
            crate::db::queries::spectators::is_watching(c, row.id, a.id)?
        }
        _ => false,
    };
    Ok(who.with_watching(watching))
}

/// [`standing`], for a caller that knows the account's seat in the game (`seat`: its number
/// and game ID), as a kept snapshot of the game does (`game::snapshot`).
pub fn standing_seated(
    row: &GameRow,
    folded: &Folded,
    account: Option<&Account>,
    seat: Option<(i32, String)>,
) -> Standing {
    let over = folded.is_over();
    let dead_spectate = folded.settings.spectators_dead;
    let Some(account) = account else {
        return Standing {
            is_judge: false,
            seat: None,
            speaks: false,
            speaker: false,
            over,
            watching: false,
            dead_spectate,
        };
    };
    let is_judge = crate::game::access::judges_unless_seated(row, account, seat.is_some());
    let (mut speaks, mut speaker) = (false, false);
    let seat = match (seat, folded.game.as_ref()) {
        (Some((n, name)), Some(game)) => {
            let alive = game.seats().iter().any(|s| s.game_id == name && s.alive);
            let teams = game.teams_of(&name);
            speaks = game.may_post(&name);
            speaker = game.speaker().as_deref() == Some(name.as_str());
            Some((n, name, alive, teams))
        }
        _ => None,
    };
    Standing {
        is_judge,
        seat,
        speaks,
        speaker,
        over,
        watching: false,
        dead_spectate,
    }
}

impl Standing {
    /// This standing, for a reader who watches the game (`watching`: as
    /// `db::queries::spectators::is_watching` says). A seat or the judge never watches.
    pub fn with_watching(mut self, watching: bool) -> Standing {
        self.watching = watching && self.seat.is_none() && !self.is_judge;
        self
    }

    /// Whether a signed-in reader could read more of the game if she watched it: no seat, not
    /// the judge, not watching yet (the page asks the store only then).
    pub fn may_watch(&self, signed_in: bool) -> bool {
        signed_in && self.seat.is_none() && !self.is_judge && !self.watching
    }

    pub fn can_read(&self, which: GameThread) -> bool {
        match which {
            GameThread::Game => true,
            GameThread::Graveyard => {
                self.over || self.is_judge || self.seat.as_ref().is_some_and(|s| !s.2)
            }
            GameThread::Team(key) => {
                self.over
                    || self.is_judge
                    || self
                        .seat
                        .as_ref()
                        .is_some_and(|s| s.3.contains(&key) && s.2)
            }
            GameThread::Spectators => {
                self.over
                    || self.is_judge
                    || self.watching
                    || (self.dead_spectate && self.seat.as_ref().is_some_and(|s| !s.2))
            }
        }
    }

    pub fn can_write(&self, which: GameThread) -> bool {
        if self.is_judge && self.seat.is_none() {
            return true;
        }
        let Some((_, _, alive, teams)) = &self.seat else {
            // A watcher writes in the spectators' thread (also after the end).
            return which == GameThread::Spectators && self.watching;
        };
        match which {
            GameThread::Game => self.speaks || self.over,
            GameThread::Graveyard => !*alive || self.over,
            GameThread::Team(key) => teams.contains(&key) && *alive && !self.over,
            GameThread::Spectators => self.over || (!*alive && self.dead_spectate),
        }
    }
}

/// A post as a reader sees it in a game thread, named by its floor in that thread (its id
/// would count the posts of every other thread, the private ones too).
#[derive(Debug, Clone)]
pub struct GamePost {
    pub floor: i64,
    /// The seat's game ID; `None` for the judge, a watcher and act posts.
    pub author: Option<String>,
    /// A watcher's account name, for a watcher's post in the spectators' thread (a watcher is
    /// no seat: she writes as herself).
    pub watcher: Option<String>,
    pub kind: String,
    pub body: String,
    /// The body rendered as the game's image setting says; empty for act posts.
    pub html: String,
    pub act: Option<ActPost>,
    /// A notice of the judge's clock (told in the reader's language by the page).
    pub notice: Option<Notice>,
    pub created_at: NaiveDateTime,
    /// Edited since it was posted (its versions are public to the thread's readers).
    pub edited: bool,
    /// The reader may edit it now.
    pub editable: bool,
    /// Hidden by a moderator: the reason, shown in place of the text (docs/moderation.md).
    pub hidden: Option<String>,
}

/// The reader of a thread as far as editing goes: her standing and account.
pub struct Reader<'a> {
    pub who: &'a Standing,
    pub account: Option<i64>,
    /// The game thread is locked for the seats.
    pub locked: bool,
}

impl Reader<'_> {
    /// Whether this reader may edit `post` in `which` now: her seat's own post (as its game ID;
    /// a substitute's seat keeps its posts) or, for the judge, her own judge's post, while she
    /// may still post in that thread (a seat that is out no longer writes in the game thread; a
    /// locked game thread takes no seat's edits). Act posts are never edited.
    pub fn may_edit(&self, which: GameThread, post: &PostOwner) -> bool {
        let who = self.who;
        // A hidden post stays as the moderator left it (docs/moderation.md).
        if post.hidden || !who.can_read(which) || !who.can_write(which) {
            return false;
        }
        match (&who.seat, post.kind.as_str()) {
            (Some((n, ..)), "user") => {
                post.as_seat == Some(*n) && !(which == GameThread::Game && self.locked)
            }
            (None, "judge") => who.is_judge && self.account == Some(post.author_id),
            // A watcher's own post in the spectators' thread.
            (None, "user") => {
                who.watching && post.as_seat.is_none() && self.account == Some(post.author_id)
            }
            _ => false,
        }
    }
}

/// Who wrote a post and how, as far as editing goes ([`Reader::may_edit`]).
#[derive(Debug, Clone)]
pub struct PostOwner {
    /// `user` (a seat's), `judge`, `act` or `notice`.
    pub kind: String,
    pub as_seat: Option<i32>,
    pub author_id: i64,
    pub hidden: bool,
}

impl PostOwner {
    pub fn of(post: &Post) -> PostOwner {
        PostOwner {
            kind: post.kind.clone(),
            as_seat: post.as_seat,
            author_id: post.author_id,
            hidden: post.hidden_at.is_some(),
        }
    }
}

/// Posts `body` in a game thread as the account's seat (or as the judge); returns its floor.
pub async fn post(
    state: &AppState,
    account: &Account,
    game_id: i64,
    which: GameThread,
    body: &str,
) -> Result<i64, AppError> {
    let body = PostBody::parse(body)?;
    state.throttle.post(account.id).await?;
    let account = account.clone();
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            let (row, folded) = load_locked(c, game_id)?;
            // Who may post is decided before whether the thread exists: everyone who may not
            // post gets the same answer, so it never tells whether (or since when) a private
            // thread exists.
            let who = standing(c, &row, &folded, Some(&account))?;
            if !who.can_read(which) || !who.can_write(which) {
                return Err(AppError::Conflict("cannot_post_here"));
            }
            let thread = match which {
                // Opened at the start; a game that started before it existed opens it now.
                GameThread::Spectators => crate::game::threads::spectators_thread(c, &row)?,
                _ => which.thread_id(c, &row)?.ok_or(AppError::NotFound)?,
            };
            // A locked game thread takes the judge's posts only.
            if which == GameThread::Game && folded.thread_locked && who.seat.is_some() {
                return Err(AppError::Conflict("game_thread_locked"));
            }
            let (as_seat, kind) = match &who.seat {
                Some((n, ..)) => (Some(*n), "user"),
                None if who.is_judge => (None, "judge"),
                // A watcher, as her account.
                None => (None, "user"),
            };
            // A turn to speak takes one speech (CL-5); the seat may still edit it on its turn.
            if which == GameThread::Game
                && who.speaker
                && !who.over
                && let Some(n) = as_seat
                && forum::posts_since_last_act(c, thread, n)? > 0
            {
                return Err(AppError::Conflict("one_speech"));
            }
            let post = crate::forum::render::add_post(
                c,
                thread,
                account.id,
                body.as_str(),
                as_seat,
                kind,
            )?;
            Ok(post.floor)
        })
        .await
}

/// One page of a game thread for a reader allowed to read it.
pub fn thread_posts(
    c: &mut DbConnection,
    row: &GameRow,
    which: GameThread,
    page: i64,
    reader: &Reader,
    bodies: forum::Bodies,
) -> Result<(Vec<GamePost>, i64), AppError> {
    let thread = match which.thread_id(c, row)? {
        Some(t) => t,
        // A spectators' thread not opened yet (a game from before it) has no posts.
        None if which == GameThread::Spectators => return Ok((Vec::new(), 0)),
        None => return Err(AppError::NotFound),
    };
    let (posts, total) = thread_page(c, row, thread, page, bodies)?;
    Ok((
        posts
            .into_iter()
            .map(|(mut p, owner)| {
                p.editable = reader.may_edit(which, &owner);
                p
            })
            .collect(),
        total,
    ))
}

/// One page of game thread `thread_id` as every reader of it sees it (none may edit), with
/// who wrote each post, for a caller that decides per reader ([`Reader::may_edit`]). The
/// caller has checked that the reader may read the thread.
pub fn thread_page(
    c: &mut DbConnection,
    row: &GameRow,
    thread_id: i64,
    page: i64,
    bodies: forum::Bodies,
) -> Result<(Vec<(GamePost, PostOwner)>, i64), AppError> {
    let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
    let (posts, total) = forum::posts_page(c, &thread, None, page, bodies)?;
    let names: std::collections::HashMap<i32, String> =
        games::seat_names(c, row.id)?.into_iter().collect();
    let watchers = watcher_names(c, &posts)?;
    let images = crate::game::settings::GameSettings::images_of(&row.settings);
    Ok((
        posts
            .into_iter()
            .map(|p| {
                let owner = PostOwner::of(&p);
                let watcher = watcher_post(&p)
                    .then(|| watchers.get(&p.author_id).cloned())
                    .flatten();
                let mut view = view(p, &names, images, false);
                view.watcher = watcher;
                (view, owner)
            })
            .collect(),
        total,
    ))
}

/// A watcher's post: written as an account in a game's thread (only the spectators' thread
/// takes such posts), neither a seat's nor the judge's nor the system's.
fn watcher_post(post: &Post) -> bool {
    post.as_seat.is_none() && post.kind == "user"
}

/// The account names of the watchers who wrote some of `posts`.
fn watcher_names(
    c: &mut DbConnection,
    posts: &[Post],
) -> QueryResult<std::collections::HashMap<i64, String>> {
    let mut ids: Vec<i64> = posts
        .iter()
        .filter(|p| watcher_post(p))
        .map(|p| p.author_id)
        .collect();
    if ids.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    ids.sort_unstable();
    ids.dedup();
    crate::db::queries::users::names(c, &ids)
}

/// The post on `floor` of a thread the reader may read; the floor is looked up only after the
/// reading right is checked, so a private thread answers alike whether the floor exists.
fn readable_post(
    c: &mut DbConnection,
    row: &GameRow,
    who: &Standing,
    which: GameThread,
    floor: i64,
) -> Result<Post, AppError> {
    if !who.can_read(which) {
        return Err(AppError::Forbidden);
    }
    let thread = which.thread_id(c, row)?.ok_or(AppError::NotFound)?;
    forum::post_at(c, thread, floor)?.ok_or(AppError::NotFound)
}

/// The author a game post shows: its seat's game ID, a watcher's account name, or `None` for
/// the judge.
fn author_of(c: &mut DbConnection, row: &GameRow, post: &Post) -> Result<Option<String>, AppError> {
    Ok(match post.as_seat {
        Some(n) => games::seat_names(c, row.id)?
            .into_iter()
            .find(|(s, _)| *s == n)
            .map(|(_, name)| name),
        None if watcher_post(post) => {
            watcher_names(c, std::slice::from_ref(post))?.remove(&post.author_id)
        }
        None => None,
    })
}

/// The text to quote from the post on `floor` (its author as the game ID, or `None` for the
/// judge), for a reader of the thread; `None` for an act post or a missing floor.
pub fn quotable(
    c: &mut DbConnection,
    row: &GameRow,
    who: &Standing,
    which: GameThread,
    floor: i64,
) -> Result<Option<(Option<String>, String)>, AppError> {
    let post = match readable_post(c, row, who, which, floor) {
        Ok(p) => p,
        Err(AppError::NotFound) => return Ok(None),
        Err(e) => return Err(e),
    };
    if is_system(&post) {
        return Ok(None);
    }
    Ok(Some((author_of(c, row, &post)?, post.body)))
}

/// The post on `floor` when `account` may edit it now (see [`Reader::may_edit`]).
pub fn editable(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    account: &Account,
    which: GameThread,
    floor: i64,
) -> Result<Post, AppError> {
    let who = standing(c, row, folded, Some(account))?;
    let post = readable_post(c, row, &who, which, floor)?;
    if !who.can_write(which) {
        return Err(AppError::Conflict("cannot_post_here"));
    }
    if which == GameThread::Game && folded.thread_locked && who.seat.is_some() {
        return Err(AppError::Conflict("game_thread_locked"));
    }
    let reader = Reader {
        who: &who,
        account: Some(account.id),
        locked: folded.thread_locked,
    };
    if !reader.may_edit(which, &PostOwner::of(&post)) {
        return Err(AppError::Forbidden);
    }
    Ok(post)
}

/// Edits the post on `floor` of a game thread as the account's seat (or as the judge); the
/// earlier versions stay in the revisions.
pub async fn edit(
    state: &AppState,
    account: &Account,
    game_id: i64,
    which: GameThread,
    floor: i64,
    body: &str,
) -> Result<(), AppError> {
    let body = PostBody::parse(body)?;
    // Every version is kept: edits count as posts.
    state.throttle.post(account.id).await?;
    let account = account.clone();
    state
        .write(move |c| {
            crate::forum::suspension::refuse_if_suspended(c, account.id)?;
            let (row, folded) = load_locked(c, game_id)?;
            let post = editable(c, &row, &folded, &account, which, floor)?;
            if post.body != body.as_str() {
                crate::forum::render::edit_post(c, &post, account.id, body.as_str())?;
            }
            Ok(())
        })
        .await
}

/// One version of a game post, as its thread's readers see it: no editor account, only the
/// post's author (its game ID, or the judge).
pub struct GameRevision {
    pub body: String,
    /// Its stored HTML and the renderer's version that made it.
    pub html: String,
    pub html_version: i32,
    pub created_at: NaiveDateTime,
}

/// Every version of the post on `floor` (oldest first) and its author, for every reader of
/// the thread.
pub fn history(
    c: &mut DbConnection,
    row: &GameRow,
    who: &Standing,
    which: GameThread,
    floor: i64,
) -> Result<(Option<String>, Vec<GameRevision>), AppError> {
    let post = readable_post(c, row, who, which, floor)?;
    if is_system(&post) {
        return Err(AppError::NotFound);
    }
    let revisions = forum::revisions(c, post.id)?
        .into_iter()
        .map(|r| GameRevision {
            body: r.body,
            html: r.html,
            html_version: r.html_version,
            created_at: r.created_at,
        })
        .collect();
    Ok((author_of(c, row, &post)?, revisions))
}

/// An act post or a notice: written by the system, never quoted, edited or given a history.
fn is_system(post: &Post) -> bool {
    matches!(post.kind.as_str(), "act" | "notice")
}

fn view(
    mut p: Post,
    names: &std::collections::HashMap<i32, String>,
    images: crate::markdown::Images,
    editable: bool,
) -> GamePost {
    let act = (p.kind == "act")
        .then(|| serde_json::from_str::<ActPost>(&p.body).ok())
        .flatten();
    let notice = (p.kind == "notice")
        .then(|| serde_json::from_str::<Notice>(&p.body).ok())
        .flatten();
    let system = act.is_some() || notice.is_some();
    let html = if system {
        String::new()
    } else {
        crate::forum::render::post_html(&mut p, images)
    };
    let hidden = p
        .hidden_at
        .map(|_| p.hidden_reason.clone().unwrap_or_default());
    GamePost {
        hidden,
        floor: p.floor,
        author: p.as_seat.and_then(|s| names.get(&s).cloned()),
        watcher: None,
        kind: p.kind,
        body: if system { String::new() } else { p.body },
        html,
        act,
        notice,
        created_at: p.created_at,
        edited: p.edited_at.is_some(),
        editable,
    }
}

/// The JSON form of a game post (API).
pub fn post_json(p: &GamePost) -> Value {
    let system = p.act.is_some() || p.notice.is_some();
    serde_json::json!({
        "floor": p.floor,
        "author": p.author,
        "watcher": p.watcher,
        "kind": p.kind,
        "body": if system { Value::Null } else { Value::String(p.body.clone()) },
        "html": if system { Value::Null } else { Value::String(p.html.clone()) },
        "act": p.act.as_ref().map(|a| serde_json::to_value(a).unwrap_or(Value::Null)),
        "notice": p.notice.as_ref().map(|n| serde_json::to_value(n).unwrap_or(Value::Null)),
        "created_at": crate::game::service::iso(p.created_at),
        "edited": p.edited,
        "hidden": p.hidden.is_some(),
        "hidden_reason": p.hidden,
    })
}
