//! The console's view of a game: its seats, this phase's submissions, who still owes what,
//! what the phase would resolve to now, and the ballot tally.

use super::substitutes::seat_chains;
use crate::db::DbConnection;
use crate::db::queries::{console as q, games, users};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::service::load;
use crate::rules::Variant;
use crate::rules::{Action, Event, Line, Reply};
use chrono::NaiveDateTime;
use serde::Serialize;
use serde_json::Value;

/// One submission of the open act, as the judge sees it.
#[derive(Debug, Serialize)]
pub struct ConsoleSubmission {
    pub seq: i64,
    pub seat: Option<i32>,
    pub game_id: String,
    /// The account that sent it.
    pub real_id: String,
    /// What the engine understood (the API sends its JSON; `null` where the log kept none).
    #[serde(serialize_with = "action_json")]
    pub action: Option<Action>,
    pub ok: bool,
    pub reply: Option<Reply>,
    pub error: Option<String>,
    /// Sent as ISO 8601 UTC text.
    #[serde(with = "crate::game::service::iso_time")]
    pub time: NaiveDateTime,
}

/// A seat that still owes a submission, and what it may send.
#[derive(Debug, Serialize)]
pub struct Owing {
    pub game_id: String,
    pub real_id: String,
    pub actions: Vec<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct ConsoleSeat {
    pub seat: i32,
    pub game_id: String,
    pub real_id: String,
    pub alive: bool,
    /// Accounts that played the seat, in order (the signed-up one first).
    pub chain: Vec<String>,
    /// The engine's role for the seat (for a seat that is out, the role it went out with).
    pub role: Option<String>,
    /// When and why it went out.
    pub out: Option<SeatOut>,
    /// What the variant tells the judge of the seat besides (what it owes, its ballot…), as
    /// `rules::Game::judge_facts` gives it.
    #[serde(flatten)]
    pub facts: serde_json::Map<String, Value>,
    /// What it still owes in this phase (the engine's answer; the API tells it in `facts`).
    #[serde(skip)]
    pub owes: crate::rules::Owes,
}

#[derive(Debug, Serialize)]
pub struct SeatOut {
    pub act: u64,
    pub cause: String,
}

/// One line of the ballot tally: a game ID and the votes the current ballots give it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct TallyRow {
    pub game_id: String,
    pub votes: usize,
}

/// What the open act would resolve to now (computed, not saved).
#[derive(Debug, Serialize)]
pub struct Preview {
    pub events: Vec<Event>,
    pub winner: Option<String>,
    /// The vote counts the resolution would publish (option `publish_votes`); absent when the
    /// game publishes none (an empty list: nobody voted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub votes: Option<Vec<crate::game::threads::VoteCount>>,
}

/// Two accounts signed up to (or seated in) the game that signed in from one network or one
/// browser within the last 30 days (`auth::traces`): a hint that one person holds two seats.
/// Names both accounts and the kinds (`net`, `browser`), never a hash or an address.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct ConsoleLink {
    /// The two account names, in name order.
    pub accounts: [String; 2],
    pub kinds: Vec<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct ConsoleView {
    pub id: i64,
    pub title: String,
    pub variant: Variant,
    pub status: GameStatus,
    /// The open phase's step (the one the judge's forms mean; after the end, the last one).
    pub act: u32,
    /// The open phase: its act and kind.
    pub phase: Option<crate::rules::Phase>,
    /// Sent as ISO 8601 UTC text.
    #[serde(serialize_with = "crate::game::service::iso_time::option::serialize")]
    pub deadline: Option<NaiveDateTime>,
    /// Seconds left when paused; `None` while the clock runs.
    pub paused_remaining_secs: Option<i64>,
    pub thread_locked: bool,
    pub ended_reason: Option<String>,
    pub winner: Option<String>,
    pub seats: Vec<ConsoleSeat>,
    pub submissions: Vec<ConsoleSubmission>,
    pub owing: Vec<Owing>,
    pub preview: Option<Preview>,
    /// Names on the substitute list.
    pub substitutes: Vec<String>,
    /// The current ballots counted as the variant counts them: votes per game ID, most first
    /// (ties in seat order).
    pub tally: Vec<TallyRow>,
    /// Living seats with no ballot yet in this phase.
    pub no_ballot: usize,
    /// The game's time zone (IANA name), in which the judge enters and reads deadlines.
    pub timezone: String,
    /// Pairs of its accounts that share a network or a browser, while the game takes sign-ups
    /// or runs (empty after the end).
    pub links: Vec<ConsoleLink>,
}

/// The pairs of the game's accounts (signed up, or holding a seat now) sharing a sign-in trace
/// at `now`.
fn links(
    c: &mut DbConnection,
    game_id: i64,
    now: NaiveDateTime,
) -> Result<Vec<ConsoleLink>, AppError> {
    let mut accounts: std::collections::BTreeMap<i64, String> =
        games::signups(c, game_id)?.into_iter().collect();
    for (id, _, _) in games::seat_holders(c, game_id)? {
        if let std::collections::btree_map::Entry::Vacant(e) = accounts.entry(id) {
            e.insert(users::by_id(c, id)?.map(|u| u.username).unwrap_or_default());
        }
    }
    let ids: Vec<i64> = accounts.keys().copied().collect();
    let mut out: Vec<ConsoleLink> = crate::auth::traces::links_in(c, &ids, now)?
        .into_iter()
        .map(|l| {
            let name = |id: i64| accounts.get(&id).cloned().unwrap_or_default();
            let (mut a, mut b) = (name(l.accounts.0), name(l.accounts.1));
            if crate::domain::account::name_key(&b) < crate::domain::account::name_key(&a) {
                std::mem::swap(&mut a, &mut b);
            }
            ConsoleLink {
                accounts: [a, b],
                kinds: l.kinds,
            }
        })
        .collect();
    out.sort_by_key(|l| {
        l.accounts
            .clone()
            .map(|n| crate::domain::account::name_key(&n))
    });
    Ok(out)
}

/// The console of a game at `now`. The caller checks that the reader is its judge or an admin.
pub fn console_view(
    c: &mut DbConnection,
    game_id: i64,
    now: NaiveDateTime,
) -> Result<ConsoleView, AppError> {
    let (row, folded) = load(c, game_id)?;
    let deadline = games::deadline(c, game_id)?;
    let mut names = std::collections::HashMap::new();
    let mut name_of = |c: &mut DbConnection, id: i64| -> Result<String, AppError> {
        if let Some(n) = names.get(&id) {
            return Ok(String::clone(n));
        }
        let n = users::by_id(c, id)?.map(|u| u.username).unwrap_or_default();
        names.insert(id, n.clone());
        Ok(n)
    };
    let seat_rows = games::seat_names(c, game_id)?;
    let mut seats = Vec::new();
    let chains = seat_chains(&folded);
    let game = folded.game.as_ref();
    let over = folded.is_over();
    for (n, name) in &seat_rows {
        let holder = games::seat_holder(c, game_id, *n)?;
        let real_id = match holder {
            Some((id, _)) => name_of(c, id)?,
            None => String::new(),
        };
        // The engine's answer for the seat: the judge sees what the seat sees, and more.
        let now = game.and_then(|g| g.seat_now(name));
        let alive = game.is_some_and(|g| g.seats().iter().any(|s| &s.game_id == name && s.alive));
        let running = alive && !over;
        seats.push(ConsoleSeat {
            seat: *n,
            game_id: name.clone(),
            real_id,
            alive,
            chain: chains
                .iter()
                .find(|(g, _)| g == name)
                .map(|(_, ch)| ch.clone())
                .unwrap_or_default(),
            role: now.as_ref().map(|s| s.role.to_string()),
            out: now
                .as_ref()
                .and_then(|s| s.out)
                .map(|(act, cause)| SeatOut {
                    act: act.into(),
                    cause: cause.to_string(),
                }),
            facts: game
                .map(|g| g.judge_facts(name, running))
                .unwrap_or_default(),
            owes: now
                .as_ref()
                .filter(|_| running)
                .map(|s| s.owes)
                .unwrap_or_default(),
        });
    }
    let ballots = game.map(|g| g.ballots()).unwrap_or_default();
    let tally: Vec<TallyRow> = game
        .map(|g| g.tally(&ballots))
        .unwrap_or_default()
        .into_iter()
        .map(|(game_id, votes)| TallyRow { game_id, votes })
        .collect();
    let no_ballot = ballots.iter().filter(|(_, b)| b.is_none()).count();
    let act = game.map(|g| g.current_phase().act).unwrap_or(0);
    let step = game.map(|g| g.shown_phase()).unwrap_or(0);
    let times: std::collections::HashMap<i64, (NaiveDateTime, Option<i64>)> =
        q::event_times(c, game_id)?
            .into_iter()
            .map(|(seq, t, a)| (seq, (t, a)))
            .collect();
    let mut submissions = Vec::new();
    for l in &folded.lines {
        let Line::Reply {
            act: a,
            by,
            ok,
            reply,
            error,
        } = &l.line
        else {
            continue;
        };
        // This phase's submissions: those after the event that opened it.
        if l.seq <= folded.phase_opened_seq || *a != act || folded.is_over() {
            continue;
        }
        let (time, actor) = times.get(&l.seq).copied().unwrap_or_default();
        let real_id = match actor {
            Some(id) => name_of(c, id)?,
            None => String::new(),
        };
        submissions.push(ConsoleSubmission {
            seq: l.seq,
            seat: seat_rows.iter().find(|(_, n)| n == by).map(|(s, _)| *s),
            game_id: by.clone(),
            real_id,
            action: l.action.clone(),
            ok: *ok,
            reply: reply.clone(),
            error: error.map(str::to_string),
            time,
        });
    }
    let mut owing = Vec::new();
    let mut preview = None;
    if let Some(g) = game.filter(|_| !folded.is_over()) {
        for name in g.owing() {
            let real_id = seats
                .iter()
                .find(|s| s.game_id == name)
                .map(|s| s.real_id.clone())
                .unwrap_or_default();
            owing.push(Owing {
                actions: g.allowed_actions(&name),
                game_id: name,
                real_id,
            });
        }
        let mut copy = g.clone();
        // Read before the resolution clears the ballots, as the real resolution does.
        let votes = copy.published_votes().map(|counts| {
            counts
                .into_iter()
                .map(|(game_id, votes)| crate::game::threads::VoteCount { game_id, votes })
                .collect()
        });
        let events = copy
            .resolve_phase()
            .into_iter()
            .filter_map(|l| match l {
                Line::Public { event, .. } => Some(event),
                _ => None,
            })
            .collect();
        preview = Some(Preview {
            events,
            winner: copy.outcome().map(str::to_string),
            votes,
        });
    }
    let links = match row.status {
        GameStatus::Signup | GameStatus::Running => links(c, game_id, now)?,
        GameStatus::Finished => Vec::new(),
    };
    Ok(ConsoleView {
        links,
        id: row.id,
        title: row.title.clone(),
        variant: folded.settings.variant,
        status: row.status,
        act: step,
        phase: game.map(|g| g.phase_of(step)),
        deadline: deadline.map(|(_, d)| d),
        paused_remaining_secs: folded.paused.map(|p| p.remaining_secs),
        thread_locked: folded.thread_locked,
        ended_reason: folded.ended.as_ref().map(|e| e.reason.clone()),
        winner: folded.winner(),
        seats,
        submissions,
        owing,
        preview,
        substitutes: folded.substitutes.iter().map(|s| s.name.clone()).collect(),
        tally,
        no_ballot,
        timezone: folded.settings.timezone.clone(),
    })
}

/// A submission's action as the API sends it: the engine's understanding, `null` for none.
fn action_json<S: serde::Serializer>(a: &Option<Action>, s: S) -> Result<S::Ok, S::Error> {
    a.as_ref().map(Action::to_json).serialize(s)
}
