//! A finished game replayed as one seat lived it, act by act (Lichess's replay stepper, for a
//! game of hidden roles): the seat's private replies and events of the act, the team threads it
//! could read by the end of the act, and the act's public posts and events.
//!
//! Only after the end. Before it, every reader gets exactly the answer a game that does not
//! exist gets (`404`): a replay shows what only the reveal may show, and a different answer
//! would tell that the game exists and is still hidden.
//!
//! Where an act ends is read off the log, not the clock: the last event that ended one of its
//! phases (a resolution, or a submission that ended the phase at once), or the judge's end for
//! the act a judge ended. Folding the log up to that event gives the game as it stood then, the
//! same state the seat's page showed at the time.

use crate::db::DbConnection;
use crate::db::models::{GameEventRow, GameRow};
use crate::db::queries::forum::{self, Bodies, POSTS_PER_PAGE};
use crate::db::queries::games;
use crate::db::schema::posts;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::{Folded, GameEvent};
use crate::game::posting::{self, GamePost, GameThread, Reader};
use crate::game::service::load;
use crate::game::views::{OwnLine, private_lines};
use crate::rules::{Event, Game, Line, SeatView, Variant};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Deserialize;

/// What a replay is asked for (`?seat=G&act=N`): the seat's game ID (default: the first seat)
/// and the act (default: 1). Any other field is refused (`400`): a misspelt `seet` must not
/// silently show the first seat.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayQuery {
    pub seat: Option<String>,
    /// Read as text and parsed by [`ReplayQuery::act`], so that the refusal names the field.
    pub act: Option<String>,
}

impl ReplayQuery {
    /// The act asked for, 1 when none is; `400` for anything but a whole number (an act the
    /// game did not play is the service's `404`).
    pub fn act(&self) -> Result<u32, AppError> {
        match self.act.as_deref() {
            None => Ok(1),
            Some(text) => text.trim().parse().map_err(|_| {
                AppError::BadRequest(format!("act must be an act number (1, 2, …), not {text:?}"))
            }),
        }
    }
}

/// One act of a finished game as one seat saw it.
#[derive(Debug)]
pub struct SeatReplay {
    pub game: i64,
    pub title: String,
    pub variant: Variant,
    /// The seat's game ID.
    pub seat: String,
    /// Every seat's game ID in seat order (the page's seat chooser).
    pub seats: Vec<String>,
    pub act: u32,
    /// The acts the game played (the last one is the act that ended it).
    pub acts: u32,
    /// The seat's own view at the end of the act ([`Game::view_for`] of the game folded up to
    /// then), without its private log (that is `private`).
    pub view: SeatView,
    /// Its role then, as the view names it.
    pub role: String,
    /// Whether it was still in at the end of the act.
    pub alive: bool,
    /// The seat's replies (each with the action it sent) and the private events told to it in
    /// this act, as transcript lines (as `GET /api/v1/games/{id}/me` gives them).
    pub private: Vec<OwnLine>,
    /// The posts of each team thread the seat could read by the end of the act, written up to
    /// then (or up to when it left the team), thread by thread in the variant's order.
    pub team: Vec<ReplayPost>,
    /// The game thread from the post that opened the act to the one that closed it, inclusive.
    pub public: Vec<ReplayPost>,
    /// The public events of the act, in the ruling book's order.
    pub events: Vec<Event>,
    /// The seat's own notes written in this act, in order (issue 41: private until the end).
    pub notes: Vec<crate::game::notes::Note>,
}

/// A post of a replay, with the thread it is in (`game`, or a team's key).
#[derive(Debug)]
pub struct ReplayPost {
    pub thread: &'static str,
    pub post: GamePost,
}

/// Act `act` of game `game_id` as the seat `seat` saw it. `404` before the end, for a seat the
/// game does not have, and for an act it did not play.
pub fn seat_replay(
    c: &mut DbConnection,
    game_id: i64,
    seat: Option<&str>,
    act: u32,
) -> Result<SeatReplay, AppError> {
    let (row, folded) = load(c, game_id)?;
    let game = finished(&row, &folded)?;
    let seats: Vec<String> = game.seats().into_iter().map(|s| s.game_id).collect();
    let seat = match seat {
        Some(s) => seats.iter().find(|g| *g == s),
        None => seats.first(),
    }
    .cloned()
    .ok_or(AppError::NotFound)?;
    let acts = acts_played(game);
    if act < 1 || act > acts {
        return Err(AppError::NotFound);
    }
    let rows = games::events(c, game_id)?;
    // Each stored row read once: to find the act's end, and to fold up to it.
    let events = rows.iter().map(parse).collect::<Result<Vec<_>, _>>()?;
    let judge_ended = folded.ended.is_some() && act == acts;
    let end = end_of_act(&events, game, act, judge_ended)?;
    let end_at = rows[end].created_at;
    let variant = game.variant();
    let teams = variant.team_threads();
    let logged = rows.iter().zip(events).take(end + 1);
    let then = walk(logged, &seat, teams, end_at)?;
    let then_game = then
        .folded
        .game
        .as_ref()
        .ok_or_else(|| AppError::Internal("replay: no deal before the act's end".into()))?;
    // The private log is `private` below (refusals and actions included).
    let view = then_game
        .view_for(&seat)
        .map(SeatView::without_log)
        .unwrap_or_default();
    let role = then_game
        .seat_now(&seat)
        .map(|s| s.role.to_string())
        .unwrap_or_default();
    let alive = then_game
        .seats()
        .iter()
        .any(|s| s.game_id == seat && s.alive);

    let who = posting::standing(c, &row, &folded, None)?;
    let reader = Reader {
        who: &who,
        account: None,
        locked: false,
    };
    let mut team = Vec::new();
    for (key, until) in then.read_until {
        let which = GameThread::Team(key);
        if which.thread_id(c, &row)?.is_none() {
            continue;
        }
        let posts = posts_from(c, &row, &reader, which, 1, |p| p.created_at <= until)?;
        team.extend(
            posts
                .into_iter()
                .map(|post| ReplayPost { thread: key, post }),
        );
    }
    let public = public_posts(c, &row, &reader, game, act, judge_ended.then_some(end_at))?;
    // The seat's notes: the game is over (checked above), so they are the replay's.
    let notes = match games::seat_names(c, game_id)?
        .into_iter()
        .find(|(_, name)| *name == seat)
    {
        Some((number, _)) => crate::game::notes::of_seat(c, game_id, number)?
            .into_iter()
            .filter(|n| n.act == act)
            .collect(),
        None => Vec::new(),
    };
    Ok(SeatReplay {
        game: game_id,
        title: row.title.clone(),
        variant,
        private: private_lines(&folded, &seat)
            .into_iter()
            .filter(|l| l.line.act() == Some(act))
            .collect(),
        events: folded
            .lines
            .iter()
            .filter_map(|l| match &l.line {
                Line::Public { act: a, event } if *a == act => Some(event.clone()),
                _ => None,
            })
            .collect(),
        seat,
        seats,
        act,
        acts,
        view,
        role,
        alive,
        team,
        public,
        notes,
    })
}

/// The game of a finished game; for any other, the `404` of a game that does not exist (the
/// reveal's own test of the end: over by the rules or the judge, and the row finished).
fn finished<'a>(row: &GameRow, folded: &'a Folded) -> Result<&'a Game, AppError> {
    match folded.game.as_ref() {
        Some(game) if folded.is_over() && row.status == GameStatus::Finished => Ok(game),
        _ => Err(AppError::NotFound),
    }
}

/// The acts a finished game played: up to the act of the phase it ended in (the one a judge
/// ended it in, or the one whose resolution ended it).
fn acts_played(game: &Game) -> u32 {
    game.phase_of(game.shown_phase()).act.max(1)
}

/// The step of the phase an event ended: a resolution's, or a submission's that ended its phase
/// at once (both name the phase by its step).
fn ended_step(event: &GameEvent) -> Option<u32> {
    match event {
        GameEvent::Resolved { step, .. } => Some(*step),
        GameEvent::Submitted {
            step,
            ends_phase: true,
            ..
        } => Some(*step),
        _ => None,
    }
}

fn parse(row: &GameEventRow) -> Result<GameEvent, AppError> {
    serde_json::from_str(&row.payload)
        .map_err(|e| AppError::Internal(format!("event {} does not parse: {e}", row.seq)))
}

/// The index in `rows` of the event that ended act `act`: the judge's end for the act the judge
/// ended the game in, else the last event that ended one of the act's phases (an act of several
/// phases has several).
fn end_of_act(
    events: &[GameEvent],
    game: &Game,
    act: u32,
    judge_ended: bool,
) -> Result<usize, AppError> {
    let mut end = None;
    for (i, event) in events.iter().enumerate() {
        if judge_ended {
            if matches!(event, GameEvent::Ended { .. }) {
                end = Some(i);
            }
        } else if ended_step(event).is_some_and(|step| game.phase_of(step).act == act) {
            end = Some(i);
        }
    }
    // A finished log always has it; the last event stands in for a log that somehow does not.
    end.or(events.len().checked_sub(1))
        .ok_or_else(|| AppError::Internal("replay: an empty log".into()))
}

/// The game as it stood after the last of `rows`, and until when the seat could read each team
/// thread by then.
struct Then {
    folded: Folded,
    /// (team key, time): the seat was in that team (and in the game) at some point, and could
    /// read its thread up to that time: the end of the act while it stayed in, else the event
    /// that took it out (it went out, or the team changed).
    read_until: Vec<(&'static str, NaiveDateTime)>,
}

/// Folds the log's events (each with its row, already read) one by one, asking after each
/// whether `seat` is in each of `teams` (as the team thread's reading right does: in the team
/// and still in the game).
fn walk<'r>(
    mut logged: impl Iterator<Item = (&'r GameEventRow, GameEvent)>,
    seat: &str,
    teams: &[&'static str],
    end_at: NaiveDateTime,
) -> Result<Then, AppError> {
    let internal = |e: crate::game::log::FoldError| AppError::Internal(format!("replay: {e}"));
    let (first, created) = logged
        .next()
        .ok_or_else(|| AppError::Internal("replay: an empty log".into()))?;
    let mut folded = Folded::begin(first.seq, created).map_err(internal)?;
    let mut inside = vec![false; teams.len()];
    let mut until: Vec<Option<NaiveDateTime>> = vec![None; teams.len()];
    for (row, event) in logged {
        folded.fold_event(row.seq, event).map_err(internal)?;
        let Some(game) = folded.game.as_ref() else {
            continue;
        };
        let alive = game.seats().iter().any(|s| s.game_id == seat && s.alive);
        for (k, team) in teams.iter().enumerate() {
            let now = alive && game.in_team(team, seat);
            if inside[k] && !now {
                until[k] = Some(row.created_at);
            }
            inside[k] = now;
        }
    }
    let read_until = teams
        .iter()
        .zip(inside.iter().zip(until))
        .filter_map(|(team, (inside, until))| {
            let until = if *inside { Some(end_at) } else { until };
            until.map(|t| (*team, t))
        })
        .collect();
    Ok(Then { folded, read_until })
}

/// The game thread's posts of act `act`: from the act post that opened it (for act 1 the
/// start's) to the act post that resolved its last phase, both included. For the act a judge
/// ended the game in (`judge_end`: the end's time), up to the judge's closing post, which is
/// the first post written at or after the end.
fn public_posts(
    c: &mut DbConnection,
    row: &GameRow,
    reader: &Reader,
    game: &Game,
    act: u32,
    judge_end: Option<NaiveDateTime>,
) -> Result<Vec<ReplayPost>, AppError> {
    let Some(thread) = row.game_thread_id else {
        return Ok(Vec::new());
    };
    let act_posts: Vec<(i64, String)> = posts::table
        .filter(posts::thread_id.eq(thread))
        .filter(posts::kind.eq("act"))
        .order(posts::floor.asc())
        .select((posts::floor, posts::body))
        .load(c)?;
    let act_of = |step: Option<u32>| step.map(|s| game.phase_of(s).act);
    let mut opened = None;
    let mut closed = None;
    for (floor, body) in &act_posts {
        // Only the two steps that bound the act; the posts in range are read whole once, as
        // the thread shows them (`posts_from`).
        let Ok(post) = serde_json::from_str::<ActSteps>(body) else {
            continue;
        };
        if opened.is_none() && act_of(post.opens) == Some(act) {
            opened = Some(*floor);
        }
        if act_of(post.resolved) == Some(act) {
            closed = Some(*floor);
        }
    }
    let from = opened.unwrap_or(1);
    let posts = match (judge_end, closed) {
        (Some(end), _) => {
            let mut past_end = false;
            posts_from(c, row, reader, GameThread::Game, from, |p| {
                let take = !past_end;
                past_end = past_end || p.created_at >= end;
                take
            })?
        }
        (None, Some(to)) => posts_from(c, row, reader, GameThread::Game, from, |p| p.floor <= to)?,
        (None, None) => {
            tracing::warn!(game = row.id, act, "replay: no act post closes the act");
            Vec::new()
        }
    };
    Ok(posts
        .into_iter()
        .map(|post| ReplayPost {
            thread: GameThread::Game.name(),
            post,
        })
        .collect())
}

/// The steps an act post names (the rest of [`crate::game::threads::ActPost`] is skipped, not
/// read into values): the phase it resolved and the one it opened.
#[derive(Deserialize)]
struct ActSteps {
    resolved: Option<u32>,
    opens: Option<u32>,
}

/// The posts of `which` from floor `from` on, in floor order, for as long as `take` says so,
/// each as the thread's own pages show it to a reader after the end (game IDs, stored HTML,
/// act posts and notices as data): read page by page on the thread's floor index.
fn posts_from(
    c: &mut DbConnection,
    row: &GameRow,
    reader: &Reader,
    which: GameThread,
    from: i64,
    mut take: impl FnMut(&GamePost) -> bool,
) -> Result<Vec<GamePost>, AppError> {
    let mut out = Vec::new();
    let mut page = forum::page_of_floor(from.max(1));
    loop {
        let bodies = Bodies::UnlessRenderedBy(crate::markdown::RENDER_VERSION);
        let (posts, total) = posting::thread_posts(c, row, which, page, reader, bodies)?;
        for p in posts.into_iter().filter(|p| p.floor >= from) {
            if !take(&p) {
                return Ok(out);
            }
            out.push(p);
        }
        if page * POSTS_PER_PAGE >= total {
            return Ok(out);
        }
        page += 1;
    }
}
