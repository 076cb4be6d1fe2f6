//! Posting in a game's threads, as a game ID. The account behind a post is stored (for the
//! audit) but never shown before the end: readers see the seat's game ID, or the judge.
//!
//! - the game thread: everyone reads; living seats and the judge write (anyone seated, after
//!   the end);
//! - the graveyard: seats that are out and the judge read and write (everyone reads after the end);
//! - the joined Kiras' thread: the pair and the judge (everyone reads after the end).

use crate::db::DbConnection;
use crate::db::models::{GameRow, Post};
use crate::db::queries::{forum, games};
use crate::domain::PostBody;
use crate::game::log::Folded;
use crate::game::service::load_locked;
use crate::game::threads::ActPost;
use crate::web::error::AppError;
use crate::web::state::AppState;
use crate::web::viewer::Account;
use chrono::NaiveDateTime;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameThread {
    Game,
    Graveyard,
    Kira,
}

impl GameThread {
    pub fn parse(s: &str) -> Option<GameThread> {
        match s {
            "game" => Some(GameThread::Game),
            "graveyard" => Some(GameThread::Graveyard),
            "kira" => Some(GameThread::Kira),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameThread::Game => "game",
            GameThread::Graveyard => "graveyard",
            GameThread::Kira => "kira",
        }
    }

    pub fn thread_id(self, row: &GameRow) -> Option<i64> {
        match self {
            GameThread::Game => row.game_thread_id,
            GameThread::Graveyard => row.graveyard_thread_id,
            GameThread::Kira => row.kira_thread_id,
        }
    }
}

/// Who a reader is in a game.
#[derive(Debug, Clone)]
pub struct Standing {
    pub is_judge: bool,
    /// (seat number, game ID, alive, joined with the other Kira)
    pub seat: Option<(i32, String, bool, bool)>,
    pub over: bool,
}

pub fn standing(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    account: Option<&Account>,
) -> Result<Standing, AppError> {
    let over = folded.is_over();
    let Some(account) = account else {
        return Ok(Standing {
            is_judge: false,
            seat: None,
            over,
        });
    };
    let is_judge = crate::game::console::judges(c, row, account)?;
    let seat = match (games::seat_of(c, row.id, account.id)?, folded.game.as_ref()) {
        (Some((n, name)), Some(game)) => {
            let alive = game.seats().iter().any(|s| s.game_id == name && s.alive);
            let joined = game
                .view_for(&name)
                .and_then(|v| v.get("partner").cloned())
                .is_some_and(|p| !p.is_null());
            Some((n, name, alive, joined))
        }
        _ => None,
    };
    Ok(Standing {
        is_judge,
        seat,
        over,
    })
}

impl Standing {
    pub fn can_read(&self, which: GameThread) -> bool {
        match which {
            GameThread::Game => true,
            GameThread::Graveyard => {
                self.over || self.is_judge || self.seat.as_ref().is_some_and(|s| !s.2)
            }
            GameThread::Kira => {
                self.over || self.is_judge || self.seat.as_ref().is_some_and(|s| s.3 && s.2)
            }
        }
    }

    pub fn can_write(&self, which: GameThread) -> bool {
        if self.is_judge && self.seat.is_none() {
            return true;
        }
        let Some((_, _, alive, joined)) = &self.seat else {
            return false;
        };
        match which {
            GameThread::Game => *alive || self.over,
            GameThread::Graveyard => !*alive || self.over,
            GameThread::Kira => *joined && *alive && !self.over,
        }
    }
}

/// A post as a reader sees it in a game thread, named by its floor in that thread (its id
/// would count the posts of every other thread, the private ones too).
#[derive(Debug, Clone)]
pub struct GamePost {
    pub floor: i64,
    /// The seat's game ID; `None` for the judge and for act posts.
    pub author: Option<String>,
    pub kind: String,
    pub body: String,
    /// The body rendered as the game's image setting says; empty for act posts.
    pub html: String,
    pub act: Option<ActPost>,
    pub created_at: NaiveDateTime,
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
    state.throttle.post(account.id)?;
    let account = account.clone();
    state
        .write(move |c| {
            let (row, folded) = load_locked(c, game_id)?;
            // Who may post is decided before whether the thread exists: everyone who may not
            // post gets the same answer, so it never tells whether (or since when) a private
            // thread exists.
            let who = standing(c, &row, &folded, Some(&account))?;
            if !who.can_read(which) || !who.can_write(which) {
                return Err(AppError::Conflict("cannot_post_here"));
            }
            let thread = which.thread_id(&row).ok_or(AppError::NotFound)?;
            // A locked game thread takes the judge's posts only.
            if which == GameThread::Game && folded.thread_locked && who.seat.is_some() {
                return Err(AppError::Conflict("game_thread_locked"));
            }
            let (as_seat, kind) = match &who.seat {
                Some((n, ..)) => (Some(*n), "user"),
                None => (None, "judge"),
            };
            let post =
                forum::add_post_as(c, thread, account.id, body.as_str(), None, as_seat, kind)?;
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
) -> Result<(Vec<GamePost>, i64), AppError> {
    let thread = which.thread_id(row).ok_or(AppError::NotFound)?;
    let (posts, total) = forum::posts_page(c, thread, None, page)?;
    let names: std::collections::HashMap<i32, String> =
        games::seat_names(c, row.id)?.into_iter().collect();
    let images = crate::game::settings::GameSettings::images_of(row);
    Ok((
        posts.into_iter().map(|p| view(p, &names, images)).collect(),
        total,
    ))
}

fn view(
    p: Post,
    names: &std::collections::HashMap<i32, String>,
    images: crate::markdown::Images,
) -> GamePost {
    let act = (p.kind == "act")
        .then(|| serde_json::from_str::<ActPost>(&p.body).ok())
        .flatten();
    let html = if act.is_some() {
        String::new()
    } else {
        crate::markdown::render_with(&p.body, images)
    };
    GamePost {
        floor: p.floor,
        author: p.as_seat.and_then(|s| names.get(&s).cloned()),
        kind: p.kind,
        body: if act.is_some() { String::new() } else { p.body },
        html,
        act,
        created_at: p.created_at,
    }
}

/// The JSON form of a game post (API).
pub fn post_json(p: &GamePost) -> Value {
    serde_json::json!({
        "floor": p.floor,
        "author": p.author,
        "kind": p.kind,
        "body": if p.act.is_some() { Value::Null } else { Value::String(p.body.clone()) },
        "html": if p.act.is_some() { Value::Null } else { Value::String(p.html.clone()) },
        "act": p.act.as_ref().map(|a| serde_json::to_value(a).unwrap_or(Value::Null)),
        "created_at": crate::game::service::iso(p.created_at),
    })
}
