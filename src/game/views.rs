//! What each reader may see of a game: the public view for everyone, the seat view for the
//! seat's own account, the reveal after the end. Which account plays which seat appears in none
//! of them before the end.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{games, users};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::Folded;
use crate::game::service::load;
use crate::rules::Variant;
use crate::rules::{Action, Event, Line, PublicSeat};
use chrono::NaiveDateTime;
use serde::Serialize;
use serde_json::{Value, json};

#[derive(Debug, Serialize)]
pub struct ActEvent {
    pub act: u32,
    pub event: Event,
}

/// The vote counts one resolution published (option `publish_votes`).
#[derive(Debug, Serialize)]
pub struct ActVotes {
    pub act: u32,
    pub votes: Vec<crate::game::threads::VoteCount>,
}

#[derive(Debug, Serialize)]
pub struct PublicGame {
    pub id: i64,
    pub title: String,
    pub variant: Variant,
    /// `signup`, `running` or `finished`.
    pub status: GameStatus,
    /// The act shown: the open one while the game runs, the one that ended it afterwards.
    pub act: u32,
    /// The phase shown (its step, act and kind): what a judge's request names by its step (an
    /// added field; for one phase per act the step is the act).
    pub phase: Option<crate::rules::Phase>,
    /// The seat whose turn it is to speak, in a phase of one speaker (an ordered speech, a PK
    /// speech, last words: CL-4, CL-5); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speaker: Option<String>,
    /// Sent as ISO 8601 UTC text.
    #[serde(serialize_with = "crate::game::service::iso_time::option::serialize")]
    pub deadline: Option<NaiveDateTime>,
    pub seats: Vec<PublicSeat>,
    pub public: Vec<ActEvent>,
    /// Each resolution's vote counts, only for a game whose options publish them (an added,
    /// optional field: absent otherwise). Counts per game ID, never who voted for whom.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub votes: Vec<ActVotes>,
    pub winner: Option<String>,
    /// Set when the judge ended the game: the reason stated.
    pub ended_reason: Option<String>,
    /// The judge has stopped the clock.
    pub paused: bool,
    /// The seats may not post in the game thread.
    pub thread_locked: bool,
    pub judge: String,
    /// The real IDs that signed up, by name (public: the rules may have seats guess from it):
    /// those that get a seat, the first `max_seats` in sign-up order.
    pub signups: Vec<String>,
    /// The sign-ups past the most seats, in line, first come first (issue 41; absent when
    /// none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<String>,
    /// When a table that starts at a time starts (issue 41).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::game::service::iso_time::option::serialize"
    )]
    pub starts_at: Option<NaiveDateTime>,
    /// When the open phase ends because every living seat has acted (issue 41), before its
    /// deadline.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::game::service::iso_time::option::serialize"
    )]
    pub ends_early_at: Option<NaiveDateTime>,
    /// The tables rehosted from this one, once it ended (issue 41).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rehosted_as: Vec<i64>,
    pub commitment: Option<String>,
    pub fixed_deal: bool,
    /// The edition of the ruling book the game plays by (pinned when it started).
    pub edition: Option<u8>,
    pub settings: Value,
    pub signup_thread_id: Option<i64>,
    pub game_thread_id: Option<i64>,
    pub graveyard_thread_id: Option<i64>,
}

impl PublicGame {
    /// The step of the phase shown: what a judge's form means.
    pub fn step(&self) -> u32 {
        self.phase.map(|p| p.step).unwrap_or(self.act)
    }
}

pub fn public_game(c: &mut DbConnection, game_id: i64) -> Result<PublicGame, AppError> {
    let (row, folded) = load(c, game_id)?;
    public_from(c, &row, &folded)
}

pub fn public_from(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
) -> Result<PublicGame, AppError> {
    let judge = users::by_id(c, row.judge_id)?
        .map(|u| u.username)
        .unwrap_or_default();
    // Seated first (by name, as before), then those in line in the order they came.
    let by_name = games::signups(c, row.id)?;
    // Only an open table has a line (its start removes the sign-ups still in it).
    let order = if row.status == crate::domain::GameStatus::Signup {
        games::signup_order(c, row.id)?
    } else {
        by_name.iter().map(|(id, _)| *id).collect()
    };
    let max = folded.settings.max_seats;
    let seated: std::collections::HashSet<i64> = order.iter().take(max).copied().collect();
    let signups: Vec<String> = by_name
        .iter()
        .filter(|(id, _)| seated.contains(id))
        .map(|(_, n)| n.clone())
        .collect();
    let names: std::collections::HashMap<i64, String> = by_name.into_iter().collect();
    let waiting: Vec<String> = order
        .iter()
        .skip(max)
        .filter_map(|id| names.get(id).cloned())
        .collect();
    // A row of step 0 is the table's start time, not a phase's deadline.
    let (deadline, starts_at) = match games::deadline(c, row.id)? {
        Some((0, at)) => (None, Some(at)),
        d => (d, None),
    };
    let ends_early_at = match deadline {
        Some(_) => games::early(c, row.id)?,
        None => None,
    };
    let rehosted_as = if row.status == crate::domain::GameStatus::Finished {
        games::rehosts_of(c, row.id)?
    } else {
        Vec::new()
    };
    let game = folded.game.as_ref();
    Ok(PublicGame {
        id: row.id,
        title: row.title.clone(),
        variant: folded.settings.variant,
        status: row.status,
        act: game.map(|g| g.phase_of(g.shown_phase()).act).unwrap_or(0),
        phase: game.map(|g| g.phase_of(g.shown_phase())),
        speaker: game.filter(|g| !g.is_over()).and_then(|g| g.speaker()),
        deadline: deadline.map(|(_, due)| due),
        seats: game.map(|g| g.seats()).unwrap_or_default(),
        public: folded
            .lines
            .iter()
            .filter_map(|l| match &l.line {
                Line::Public { act, event } => Some(ActEvent {
                    act: *act,
                    event: event.clone(),
                }),
                _ => None,
            })
            .collect(),
        votes: folded
            .votes
            .iter()
            .map(|published| ActVotes {
                act: published.step,
                votes: published
                    .counts
                    .iter()
                    .map(|(game_id, votes)| crate::game::threads::VoteCount {
                        game_id: game_id.clone(),
                        votes: *votes,
                    })
                    .collect(),
            })
            .collect(),
        winner: folded.winner(),
        ended_reason: folded.ended.as_ref().map(|e| e.reason.clone()),
        paused: folded.paused.is_some(),
        thread_locked: folded.thread_locked,
        judge,
        signups,
        waiting,
        starts_at,
        ends_early_at,
        rehosted_as,
        commitment: folded.started.as_ref().map(|s| s.commitment.clone()),
        fixed_deal: row.fixed_deal,
        edition: game.and_then(|g| g.edition()),
        settings: serde_json::to_value(&folded.settings).unwrap_or(Value::Null),
        signup_thread_id: row.signup_thread_id,
        game_thread_id: row.game_thread_id,
        graveyard_thread_id: row.graveyard_thread_id,
    })
}

/// One seat's private page: its game ID, role, private log and the actions allowed now.
#[derive(Debug, Serialize)]
pub struct SeatView {
    pub game_id: String,
    pub role: String,
    pub alive: bool,
    /// Replies (with the action submitted) and private events, as transcript lines.
    pub private: Vec<OwnLine>,
    pub actions: Vec<&'static str>,
    /// The engine's own view of the seat, as the variant shapes it (without its private log:
    /// that is `private`).
    pub state: crate::rules::SeatView,
    /// The variant's first team thread, while this seat belongs to it.
    pub team_thread_id: Option<i64>,
    /// Every team thread this seat is in now, by its team's key: what
    /// `/games/{id}/threads/{key}` it may read and write.
    pub team_threads: Vec<&'static str>,
    /// The seat's own notes, in the order written (issue 41; `game::notes`): the seat's alone
    /// while the game runs.
    pub notes: Vec<crate::game::notes::Note>,
}

/// The seat view of `user_id`, or `None` when that account has no seat in the game.
pub fn seat_view(
    c: &mut DbConnection,
    game_id: i64,
    user_id: i64,
) -> Result<Option<SeatView>, AppError> {
    let (row, folded) = load(c, game_id)?;
    seat_view_from(c, &row, &folded, user_id)
}

/// [`seat_view`] of a game already loaded.
pub fn seat_view_from(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    user_id: i64,
) -> Result<Option<SeatView>, AppError> {
    let Some((seat, name)) = games::seat_of(c, row.id, user_id)? else {
        return Ok(None);
    };
    let Some(game) = folded.game.as_ref() else {
        return Ok(None);
    };
    let notes = crate::game::notes::of_seat(c, row.id, seat)?;
    // Its private log is replaced by `private` below, which also holds refusals and what was
    // submitted.
    let state = game
        .view_for(&name)
        .map(crate::rules::SeatView::without_log)
        .unwrap_or_default();
    // The engine's answer for the seat, asked once (an engine may build the seat's whole view).
    let now = game.seat_now(&name);
    let role = now.as_ref().map(|s| s.role.to_string()).unwrap_or_default();
    let alive = game.seats().iter().any(|s| s.game_id == name && s.alive);
    let private = private_lines(folded, &name);
    let open = !folded.is_over() && folded.paused.is_none();
    let (team_threads, allowed) = now.map(|s| (s.teams, s.allowed)).unwrap_or_default();
    let in_team = game
        .variant()
        .team_threads()
        .first()
        .is_some_and(|t| team_threads.contains(t));
    Ok(Some(SeatView {
        actions: if open { allowed } else { Vec::new() },
        team_thread_id: if in_team { row.team_thread_id } else { None },
        team_threads,
        game_id: name,
        role,
        alive,
        private,
        state,
        notes,
    }))
}

/// A line of a seat's own log: a transcript line, with the action a reply answers. Worded by
/// the variant ([`Variant::log_entry`]); the API sends it as the transcript line with its
/// `action` ([`Line::to_json_with`]).
#[derive(Debug, Clone)]
pub struct OwnLine {
    pub line: Line,
    pub action: Option<Action>,
}

impl Serialize for OwnLine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.line.to_json_with(self.action.as_ref()).serialize(s)
    }
}

/// The lines addressed to one seat, in order.
pub fn private_lines(folded: &Folded, name: &str) -> Vec<OwnLine> {
    folded
        .lines
        .iter()
        .filter(|l| match &l.line {
            Line::Reply { by, .. } => by == name,
            Line::Private { to, .. } => to == name,
            _ => false,
        })
        .map(|l| OwnLine {
            line: l.line.clone(),
            action: l.action.clone(),
        })
        .collect()
}

/// Everything, after the end (the variant's reveal): real IDs, roles, every private action and the
/// commitment with the exact text it commits to. The page reads it as it is; the API sends it as
/// JSON ([`Reveal::to_json`]).
pub struct Reveal {
    pub id: i64,
    pub winner: Option<String>,
    pub ended_reason: Option<String>,
    pub seats: Vec<crate::rules::SeatSpec>,
    /// Each seat's accounts in order (by game ID): the signed-up one, then its substitutes.
    pub accounts: std::collections::BTreeMap<String, Vec<String>>,
    /// The variant's own reveal of the seats, as the engine gives it (an edge: the API sends it
    /// as it is, and the variant reads it back, [`Variant::read_reveal`]).
    pub roles: Value,
    pub transcript: Vec<OwnLine>,
    pub commitment: RevealCommitment,
    pub fixed_deal: bool,
}

/// The deal's commitment with the text and salt it hashes, checked again.
pub struct RevealCommitment {
    pub hash: String,
    pub text: String,
    pub salt: String,
    pub verified: bool,
}

impl Reveal {
    /// The reveal as `GET /api/v1/games/{id}/reveal` sends it (its keys as they always were).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "winner": self.winner,
            "ended_reason": self.ended_reason,
            "seats": self.seats,
            "accounts": self.accounts,
            "roles": self.roles,
            "transcript": self.transcript,
            "commitment": {
                "hash": self.commitment.hash,
                "text": self.commitment.text,
                "salt": self.commitment.salt,
                "algorithm": "sha256(text + \"\\n\" + salt)",
                "verified": self.commitment.verified,
            },
            "fixed_deal": self.fixed_deal,
        })
    }
}

/// The reveal of a finished game; `game_not_over` before the end.
pub fn reveal(c: &mut DbConnection, game_id: i64) -> Result<Reveal, AppError> {
    let (row, folded) = load(c, game_id)?;
    let game = folded
        .game
        .as_ref()
        .ok_or(AppError::Conflict("game_not_over"))?;
    if !folded.is_over() || row.status != GameStatus::Finished {
        return Err(AppError::Conflict("game_not_over"));
    }
    let started = folded
        .started
        .as_ref()
        .ok_or(AppError::Internal("no deal".into()))?;
    let recomputed = crate::game::deal::commitment(&started.deal_text, &started.salt);
    Ok(Reveal {
        id: row.id,
        winner: folded.winner(),
        ended_reason: folded.ended.as_ref().map(|e| e.reason.clone()),
        seats: started.seats.clone(),
        accounts: crate::game::console::seat_chains(&folded)
            .into_iter()
            .collect(),
        roles: game.reveal().unwrap_or_else(|| game.reveal_now()),
        transcript: folded
            .lines
            .iter()
            .map(|l| OwnLine {
                line: l.line.clone(),
                action: l.action.clone(),
            })
            .collect(),
        commitment: RevealCommitment {
            hash: started.commitment.clone(),
            text: started.deal_text.clone(),
            salt: started.salt.clone(),
            verified: recomputed == started.commitment,
        },
        fixed_deal: started.fixed_deal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Reply;

    /// Issue 39: a seat's own line goes out as it always did, the transcript line with its
    /// action, keys in order (`GET /api/v1/games/{id}/me`'s `private`).
    #[test]
    fn a_seats_own_line_is_sent_as_before() {
        let v = Variant::from_name("deathnote").expect("a variant");
        let action = v
            .parse_action(&json!({"type": "vote", "targets": ["L"], "pad": 1}))
            .expect("an action");
        let line = OwnLine {
            line: Line::Reply {
                act: 1,
                by: "尼亚".into(),
                ok: true,
                reply: Some(Reply::from_stored(json!({"type": "vote_recorded"}))),
                error: None,
            },
            action: Some(action),
        };
        assert_eq!(
            serde_json::to_string(&line).expect("json"),
            r#"{"act":1,"action":{"targets":["L"],"type":"vote"},"by":"尼亚","kind":"reply","ok":true,"reply":{"type":"vote_recorded"}}"#
        );
        let told = OwnLine {
            line: Line::Private {
                act: 2,
                to: "尼亚".into(),
                event: crate::rules::Event::from_stored(json!({"type": "eye_granted"})),
            },
            action: None,
        };
        assert_eq!(
            serde_json::to_string(&told).expect("json"),
            r#"{"act":2,"event":{"type":"eye_granted"},"kind":"private","to":"尼亚"}"#
        );
    }
}
