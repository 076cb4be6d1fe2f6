//! The game's event log: what each row says, and the fold that rebuilds the game from it.

use crate::db::models::GameEventRow;
use crate::domain::time::iso_time;
use crate::game::settings::GameSettings;
use crate::rules::{Action, Game, GameConfig, Line, SeatSpec};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One row of `game_events`, by kind. Payloads are JSON; the kind is also its own column.
///
/// A phase's `step` (its number in the game's order of phases) is stored under the key `act`,
/// the name kept from when every phase was an act; times are chrono values stored as ISO 8601
/// text (`2026-12-01T20:00:00Z`, `domain::time`). Old rows read and write back byte for byte.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameEvent {
    Created {
        title: String,
        settings: GameSettings,
    },
    SignedUp {
        user_id: i64,
        name: String,
    },
    Withdrew {
        user_id: i64,
        name: String,
    },
    /// The deal. Secret until the end: only the commitment is public before it.
    Started {
        seed: u64,
        seats: Vec<SeatSpec>,
        /// Account of each seat, in seat order.
        users: Vec<i64>,
        setup: Value,
        /// The exact text the commitment hashes (with the salt).
        deal_text: String,
        salt: String,
        commitment: String,
        fixed_deal: bool,
        /// The variant options the game plays by, pinned at the start (a ruling book's edition
        /// among them). Absent in logs written before pinning: `Variant::legacy_options` says
        /// what such games played by.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<Value>,
    },
    /// A seat's submission, accepted or refused (a refusal changes nothing but is the seat's
    /// record of what it sent).
    Submitted {
        #[serde(rename = "act")]
        step: u32,
        by: String,
        action: Value,
        /// The submission ended the phase at once (an explosion ends the day, a surrender the
        /// game): the notifier reads it as it reads a resolution. The fold needs no such mark.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        ends_phase: bool,
    },
    Resolved {
        #[serde(rename = "act")]
        step: u32,
        /// `deadline` or `judge`.
        trigger: String,
    },
    /// The judge moved the open phase's deadline later.
    DeadlineExtended {
        #[serde(rename = "act")]
        step: u32,
        #[serde(with = "iso_time")]
        from: NaiveDateTime,
        #[serde(with = "iso_time")]
        to: NaiveDateTime,
    },
    /// The judge stopped the clock; `remaining_secs` were left of the phase.
    Paused {
        #[serde(rename = "act")]
        step: u32,
        remaining_secs: i64,
    },
    /// The clock runs again; the phase now ends at `deadline`.
    Resumed {
        #[serde(rename = "act")]
        step: u32,
        #[serde(with = "iso_time")]
        deadline: NaiveDateTime,
    },
    /// The judge locked (or unlocked) the game thread for the seats.
    ThreadLocked {
        locked: bool,
    },
    /// The judge ended the game before the rules did.
    Ended {
        reason: String,
        winner: Option<String>,
    },
    /// Another account plays a seat from now on (替补). Game ID, role and history stay.
    Substituted {
        seat: i32,
        game_id: String,
        from_user: i64,
        to_user: i64,
        to_name: String,
    },
    SubstituteJoined {
        user_id: i64,
        name: String,
    },
    SubstituteLeft {
        user_id: i64,
        name: String,
    },
    /// The table's start time came with fewer than its fewest seats signed up: the sign-up
    /// stays open and the judge is told (issue 41).
    StartMissed {
        signed_up: usize,
        min: usize,
    },
}

impl GameEvent {
    pub fn kind(&self) -> &'static str {
        match self {
            GameEvent::Created { .. } => "created",
            GameEvent::SignedUp { .. } => "signed_up",
            GameEvent::Withdrew { .. } => "withdrew",
            GameEvent::Started { .. } => "started",
            GameEvent::Submitted { .. } => crate::db::queries::games::PRIVATE_KIND,
            GameEvent::Resolved { .. } => "resolved",
            GameEvent::DeadlineExtended { .. } => "deadline_extended",
            GameEvent::Paused { .. } => "paused",
            GameEvent::Resumed { .. } => "resumed",
            GameEvent::ThreadLocked { .. } => "thread_locked",
            GameEvent::Ended { .. } => "ended",
            GameEvent::Substituted { .. } => "substituted",
            GameEvent::SubstituteJoined { .. } => "substitute_joined",
            GameEvent::SubstituteLeft { .. } => "substitute_left",
            GameEvent::StartMissed { .. } => "start_missed",
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A transcript line with the log position that produced it.
#[derive(Debug, Clone)]
pub struct LoggedLine {
    pub seq: i64,
    pub line: Line,
    /// For a reply: the action that was submitted, as the engine understood it (its JSON, at
    /// the edges, is what the engine understood, not the stored object).
    pub action: Option<Action>,
}

/// The game as its log says it is now.
#[derive(Clone)]
pub struct Folded {
    pub settings: GameSettings,
    pub last_seq: i64,
    pub started: Option<StartedDeal>,
    pub game: Option<Game>,
    pub lines: Vec<LoggedLine>,
    /// Set while the judge has stopped the clock.
    pub paused: Option<Pause>,
    /// Whether the seats may not post in the game thread.
    pub thread_locked: bool,
    /// The event that opened the current phase (the start or the last resolution): the
    /// phase's submissions are the ones after it.
    pub phase_opened_seq: i64,
    /// Set when the judge ended the game.
    pub ended: Option<JudgeEnd>,
    /// Substitutions in order.
    pub substitutions: Vec<Substitution>,
    /// Accounts on the substitute list, in joining order.
    pub substitutes: Vec<Substitute>,
    /// The vote counts published with each resolution, for games whose options publish them;
    /// empty otherwise.
    pub votes: Vec<PublishedVotes>,
}

/// The judge's stopped clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pause {
    /// The step of the phase paused.
    pub step: u32,
    /// Seconds that were left of it.
    pub remaining_secs: i64,
}

/// The judge's end of a game before the rules ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeEnd {
    pub reason: String,
    /// The winner the judge stated, if any.
    pub winner: Option<String>,
}

/// An account on the substitute list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Substitute {
    pub user_id: i64,
    pub name: String,
}

/// The vote counts a resolution published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedVotes {
    /// The step of the phase resolved.
    pub step: u32,
    /// Votes per game ID, as the engine counted them.
    pub counts: Vec<(String, u32)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Substitution {
    pub seq: i64,
    pub seat: i32,
    pub game_id: String,
    pub from_user: i64,
    pub to_user: i64,
    pub to_name: String,
}

impl Folded {
    /// Over by the rules or by the judge.
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.as_ref().is_some_and(|g| g.is_over())
    }

    /// The winner: the rules' one, or the one the judge stated when ending.
    pub fn winner(&self) -> Option<String> {
        if let Some(w) = self.game.as_ref().and_then(|g| g.outcome()) {
            return Some(w.to_string());
        }
        self.ended.as_ref().and_then(|e| e.winner.clone())
    }
}

#[derive(Debug, Clone)]
pub struct StartedDeal {
    pub seats: Vec<SeatSpec>,
    pub users: Vec<i64>,
    pub deal_text: String,
    pub salt: String,
    pub commitment: String,
    pub fixed_deal: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum FoldError {
    #[error("event {seq} does not parse: {reason}")]
    Parse { seq: i64, reason: String },
    #[error("the log does not begin with `created`")]
    NoCreated,
    #[error("event {seq} does not fit the game: {reason}")]
    Invalid { seq: i64, reason: String },
}

/// Rebuilds a game from its log by running every event through the engine again.
pub fn fold(rows: &[GameEventRow]) -> Result<Folded, FoldError> {
    let mut folded: Option<Folded> = None;
    for row in rows {
        let event = read_event(row)?;
        let seq = row.seq;
        if let GameEvent::Created { .. } = &event {
            folded = Some(Folded::begin(seq, event)?);
            continue;
        }
        let f = folded.as_mut().ok_or(FoldError::NoCreated)?;
        f.last_seq = seq;
        apply(f, seq, event)?;
    }
    folded.ok_or(FoldError::NoCreated)
}

/// A stored row's event, read from its payload: the log's edge, read once per fold.
pub fn read_event(row: &GameEventRow) -> Result<GameEvent, FoldError> {
    serde_json::from_str(&row.payload).map_err(|e| FoldError::Parse {
        seq: row.seq,
        reason: e.to_string(),
    })
}

impl Folded {
    /// The fold of a log's first event, `created` (number `seq`), already read from its row.
    pub fn begin(seq: i64, event: GameEvent) -> Result<Folded, FoldError> {
        let GameEvent::Created { settings, .. } = event else {
            return Err(FoldError::NoCreated);
        };
        Ok(Folded {
            settings,
            last_seq: seq,
            started: None,
            game: None,
            lines: Vec::new(),
            paused: None,
            thread_locked: false,
            phase_opened_seq: seq,
            ended: None,
            substitutions: Vec::new(),
            substitutes: Vec::new(),
            votes: Vec::new(),
        })
    }

    /// Folds the next event (number `seq`, which must follow `last_seq`), already read from its
    /// row: for a reader that reads the rows itself and must not read them twice.
    pub fn fold_event(&mut self, seq: i64, event: GameEvent) -> Result<(), FoldError> {
        if seq != self.last_seq + 1 {
            return Err(FoldError::Invalid {
                seq,
                reason: format!("expected event {}", self.last_seq + 1),
            });
        }
        if matches!(event, GameEvent::Created { .. }) {
            return Err(FoldError::Invalid {
                seq,
                reason: "a second `created`".into(),
            });
        }
        self.last_seq = seq;
        apply(self, seq, event)
    }
}

/// Folds the events that came after `f` (rows with `seq > f.last_seq`, in order) onto it.
pub fn fold_more(f: &mut Folded, rows: &[GameEventRow]) -> Result<(), FoldError> {
    let known = f.last_seq;
    for row in rows.iter().filter(|r| r.seq > known) {
        if row.seq != f.last_seq + 1 {
            return Err(FoldError::Invalid {
                seq: row.seq,
                reason: format!("expected event {}", f.last_seq + 1),
            });
        }
        f.fold_event(row.seq, read_event(row)?)?;
    }
    Ok(())
}

fn apply(f: &mut Folded, seq: i64, event: GameEvent) -> Result<(), FoldError> {
    let invalid = |reason: String| FoldError::Invalid { seq, reason };
    match event {
        GameEvent::Created { .. }
        | GameEvent::SignedUp { .. }
        | GameEvent::Withdrew { .. }
        | GameEvent::StartMissed { .. } => {}
        GameEvent::Started {
            seed,
            seats,
            users,
            setup,
            deal_text,
            salt,
            commitment,
            fixed_deal,
            options,
        } => {
            let variant = f.settings.variant;
            let options = options.unwrap_or_else(|| variant.legacy_options(&f.settings.options));
            let config = GameConfig {
                variant,
                options,
                seed,
                seats: seats.clone(),
                setup: Some(setup),
            };
            let game = Game::start(&config).map_err(|e| invalid(e.to_string()))?;
            // What the game told at its start (the classic presets' teammates, CL-0).
            for line in game.transcript() {
                f.lines.push(LoggedLine {
                    seq,
                    line,
                    action: None,
                });
            }
            f.game = Some(game);
            f.phase_opened_seq = seq;
            f.started = Some(StartedDeal {
                seats,
                users,
                deal_text,
                salt,
                commitment,
                fixed_deal,
            });
        }
        GameEvent::Submitted { by, action, .. } => {
            let game = f
                .game
                .as_mut()
                .ok_or_else(|| invalid("not started".into()))?;
            let parsed = game
                .parse_action(&action)
                .map_err(|e| invalid(e.to_string()))?;
            let before = game.phase();
            let submitted = game.submit(&by, &parsed);
            // A submission may end the phase itself (an explosion ends the day, CL-8).
            if game.phase() != before {
                f.phase_opened_seq = seq;
            }
            // What the engine understood, not the stored object: logs written before the API
            // refused unknown fields may carry padding or forged fields; readers never see them.
            for line in submitted.lines {
                let is_reply = matches!(line, Line::Reply { .. });
                f.lines.push(LoggedLine {
                    seq,
                    line,
                    action: is_reply.then(|| parsed.clone()),
                });
            }
        }
        GameEvent::Resolved { .. } => {
            let game = f
                .game
                .as_mut()
                .ok_or_else(|| invalid("not started".into()))?;
            if !game.is_over()
                && let Some(counts) = game.published_votes()
            {
                f.votes.push(PublishedVotes {
                    step: game.phase(),
                    counts,
                });
            }
            f.phase_opened_seq = seq;
            for line in game.resolve_phase() {
                f.lines.push(LoggedLine {
                    seq,
                    line,
                    action: None,
                });
            }
        }
        GameEvent::DeadlineExtended { .. } => {}
        GameEvent::Paused {
            step,
            remaining_secs,
        } => {
            f.paused = Some(Pause {
                step,
                remaining_secs,
            })
        }
        GameEvent::Resumed { .. } => f.paused = None,
        GameEvent::ThreadLocked { locked } => f.thread_locked = locked,
        GameEvent::Ended { reason, winner } => {
            f.paused = None;
            f.ended = Some(JudgeEnd { reason, winner });
        }
        GameEvent::Substituted {
            seat,
            game_id,
            from_user,
            to_user,
            to_name,
        } => {
            f.substitutes.retain(|s| s.user_id != to_user);
            f.substitutions.push(Substitution {
                seq,
                seat,
                game_id,
                from_user,
                to_user,
                to_name,
            });
        }
        GameEvent::SubstituteJoined { user_id, name } => {
            if !f.substitutes.iter().any(|s| s.user_id == user_id) {
                f.substitutes.push(Substitute { user_id, name });
            }
        }
        GameEvent::SubstituteLeft { user_id, .. } => f.substitutes.retain(|s| s.user_id != user_id),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rows(events: &[GameEvent]) -> Vec<GameEventRow> {
        events
            .iter()
            .enumerate()
            .map(|(i, e)| GameEventRow {
                id: i as i64 + 1,
                game_id: 1,
                seq: i as i64 + 1,
                kind: e.kind().to_string(),
                actor_id: None,
                payload: e.to_json(),
                created_at: chrono::NaiveDateTime::default(),
                hash: String::new(),
            })
            .collect()
    }

    fn a_game() -> Vec<GameEvent> {
        let settings = GameSettings::parse(crate::game::settings::SettingsRequest::of("deathnote"))
            .expect("settings");
        let names = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"];
        let seats: Vec<SeatSpec> = names
            .iter()
            .enumerate()
            .map(|(i, g)| SeatSpec {
                game_id: g.to_string(),
                real_id: format!("u{i}"),
            })
            .collect();
        let mut events = vec![
            GameEvent::Created {
                title: "t".into(),
                settings,
            },
            GameEvent::Started {
                seed: 7,
                seats,
                users: (1..=6).collect(),
                setup: json!({"kira": ["夜神月", "弥海砂"]}),
                deal_text: String::new(),
                salt: String::new(),
                commitment: String::new(),
                fixed_deal: true,
                options: None,
            },
            GameEvent::Submitted {
                step: 1,
                by: "夜神月".into(),
                action: json!({"type": "kill", "target": "L", "real_id": "u1"}),
                ends_phase: false,
            },
        ];
        for n in names {
            events.push(GameEvent::Submitted {
                step: 1,
                by: n.into(),
                action: json!({"type": "vote", "targets": ["尼亚"]}),
                ends_phase: false,
            });
        }
        events.push(GameEvent::Resolved {
            step: 1,
            trigger: "deadline".into(),
        });
        events.push(GameEvent::Submitted {
            step: 2,
            by: "L".into(),
            action: json!({"type": "vote", "targets": ["梅洛"]}),
            ends_phase: false,
        });
        events
    }

    fn lines(f: &Folded) -> Vec<String> {
        f.lines
            .iter()
            .map(|l| {
                format!(
                    "{} {}",
                    l.seq,
                    serde_json::to_string(&l.line).unwrap_or_default()
                )
            })
            .collect()
    }

    #[test]
    fn folding_more_onto_a_prefix_equals_folding_everything() {
        let all = rows(&a_game());
        let whole = fold(&all).expect("folds");
        for cut in 1..all.len() {
            let mut part = fold(&all[..cut]).expect("prefix folds");
            fold_more(&mut part, &all[cut..]).expect("the rest folds on");
            assert_eq!(part.last_seq, whole.last_seq);
            assert_eq!(lines(&part), lines(&whole), "cut at {cut}");
            assert!(part.game == whole.game, "cut at {cut}");
        }
        assert!(
            whole
                .lines
                .iter()
                .any(|l| matches!(l.line, Line::Public { .. }))
        );
    }

    /// Rows whose payloads are exactly `text`'s lines (a stored log).
    fn stored(text: &str) -> Vec<GameEventRow> {
        text.lines()
            .enumerate()
            .map(|(i, payload)| GameEventRow {
                id: i as i64 + 1,
                game_id: 1,
                seq: i as i64 + 1,
                kind: String::new(),
                actor_id: None,
                payload: payload.to_string(),
                created_at: chrono::NaiveDateTime::default(),
                hash: String::new(),
            })
            .collect()
    }

    fn public_events(f: &Folded, act: u32) -> Vec<Value> {
        f.lines
            .iter()
            .filter_map(|l| match &l.line {
                Line::Public { act: a, event } if *a == act => Some(event.to_json()),
                _ => None,
            })
            .collect()
    }

    const FIRST_EDITION_LOG: &str = include_str!("../../tests/fixtures/first-edition-log.jsonl");

    #[test]
    fn a_first_edition_log_stored_before_the_second_edition_still_folds_the_same() {
        let f = fold(&stored(FIRST_EDITION_LOG)).expect("the stored log folds");
        // DN-19 first edition: the window covers resolution T+1, so the giver recaptures.
        assert_eq!(
            public_events(&f, 2),
            vec![
                json!({"type": "out", "target": "g3", "cause": "voted", "kira": true,
                        "notebook": "recaptured"})
            ]
        );
        let g = f.game.as_ref().expect("started");
        let me = g.view_for("g2").expect("seat").into_json();
        assert_eq!(me["role"], "kira");
        assert_eq!(me["edition"], 1);
    }

    #[test]
    fn a_game_started_now_pins_the_second_edition_in_its_log() {
        // The same log with the options pinned at the start, as the server writes it now.
        let pinned = FIRST_EDITION_LOG.replace(
            "\"fixed_deal\":true}",
            "\"fixed_deal\":true,\"options\":{\"redistribute\":true,\"edition\":2}}",
        );
        assert_ne!(pinned, FIRST_EDITION_LOG);
        let f = fold(&stored(&pinned)).expect("folds");
        // DN-19 second edition: resolution T+1 is before the window: destroyed.
        assert_eq!(
            public_events(&f, 2),
            vec![
                json!({"type": "out", "target": "g3", "cause": "voted", "kira": true,
                        "notebook": "destroyed"})
            ]
        );
        assert_eq!(
            f.game
                .as_ref()
                .and_then(|g| g.view_for("g2"))
                .map(|v| v.into_json()["edition"].clone()),
            Some(json!(2))
        );
        // And the pinning itself: a new game's options carry the current edition; a judge's
        // explicit choice is kept.
        let v = crate::rules::Variant::from_name("deathnote").expect("a variant");
        assert_eq!(v.pinned_options(&json!({})), json!({"edition": 2}));
        assert_eq!(
            v.pinned_options(&json!({"edition": 1, "redistribute": false})),
            json!({"edition": 1, "redistribute": false})
        );
        assert_eq!(
            v.legacy_options(&json!({"redistribute": true})),
            json!({"redistribute": true, "edition": 1})
        );
    }

    /// Issue 39: a reader that reads the rows itself (the replay) folds the events it read,
    /// once each, to the same game the fold of the rows gives; a row out of order or a second
    /// `created` is refused as `fold_more` refuses it.
    #[test]
    fn events_read_once_fold_as_the_rows_do() {
        let events = a_game();
        let rows = rows(&events);
        let whole = fold(&rows).expect("folds");
        let mut read = rows.iter().map(|r| (r.seq, read_event(r).expect("reads")));
        let (seq, created) = read.next().expect("a first row");
        let mut f = Folded::begin(seq, created).expect("begins");
        for (seq, event) in read {
            f.fold_event(seq, event).expect("folds");
        }
        assert_eq!(f.last_seq, whole.last_seq);
        assert_eq!(f.phase_opened_seq, whole.phase_opened_seq);
        assert_eq!(f.game, whole.game);
        let lines = |f: &Folded| {
            f.lines
                .iter()
                .map(|l| (l.seq, l.line.clone(), l.action.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(lines(&f), lines(&whole));
        let next = f.last_seq + 2;
        assert!(matches!(
            f.clone().fold_event(next, events[2].clone()),
            Err(FoldError::Invalid { .. })
        ));
        assert!(matches!(
            f.clone().fold_event(f.last_seq + 1, events[0].clone()),
            Err(FoldError::Invalid { .. })
        ));
        assert!(matches!(
            Folded::begin(1, events[2].clone()),
            Err(FoldError::NoCreated)
        ));
    }

    #[test]
    fn a_stored_action_with_unknown_fields_is_shown_as_understood() {
        // Logs written before the API refused unknown fields may hold padding and forgeries.
        let mut events = a_game();
        events.push(GameEvent::Submitted {
            step: 2,
            by: "尼亚".into(),
            action: json!({"type": "vote", "targets": ["L"], "pad": "xxxx", "by": "L"}),
            ends_phase: false,
        });
        let f = fold(&rows(&events)).expect("folds");
        let last = f.lines.last().expect("a reply");
        assert!(matches!(&last.line, Line::Reply { by, .. } if by == "尼亚"));
        assert_eq!(
            last.action.as_ref().map(|a| a.to_json()),
            Some(json!({"type": "vote", "targets": ["L"]})),
            "readers see what the engine understood"
        );
    }

    /// Stored rows as the server has always written them: each reads into the typed event
    /// (the step under its stored key `act`, times as chrono values) and writes back the same
    /// bytes, so the audit chain over the payloads still verifies.
    #[test]
    fn stored_rows_read_typed_and_write_back_byte_for_byte() {
        let at = |s: &str| crate::domain::time::parse_iso(s).expect("a time");
        let rows = [
            (
                r#"{"kind":"submitted","act":3,"by":"L","action":{"targets":["尼亚"],"type":"vote"}}"#,
                GameEvent::Submitted {
                    step: 3,
                    by: "L".into(),
                    action: json!({"type": "vote", "targets": ["尼亚"]}),
                    ends_phase: false,
                },
            ),
            (
                r#"{"kind":"submitted","act":2,"by":"阿飞","action":{"type":"explode"},"ends_phase":true}"#,
                GameEvent::Submitted {
                    step: 2,
                    by: "阿飞".into(),
                    action: json!({"type": "explode"}),
                    ends_phase: true,
                },
            ),
            (
                r#"{"kind":"resolved","act":1,"trigger":"deadline"}"#,
                GameEvent::Resolved {
                    step: 1,
                    trigger: "deadline".into(),
                },
            ),
            (
                r#"{"kind":"deadline_extended","act":2,"from":"2026-12-01T20:00:00Z","to":"2026-12-02T08:30:00Z"}"#,
                GameEvent::DeadlineExtended {
                    step: 2,
                    from: at("2026-12-01T20:00:00Z"),
                    to: at("2026-12-02T08:30:00Z"),
                },
            ),
            (
                r#"{"kind":"paused","act":2,"remaining_secs":3600}"#,
                GameEvent::Paused {
                    step: 2,
                    remaining_secs: 3600,
                },
            ),
            (
                r#"{"kind":"resumed","act":2,"deadline":"2026-12-03T09:00:00Z"}"#,
                GameEvent::Resumed {
                    step: 2,
                    deadline: at("2026-12-03T09:00:00Z"),
                },
            ),
        ];
        for (text, typed) in rows {
            let read: GameEvent = serde_json::from_str(text).expect(text);
            assert_eq!(read, typed, "{text}");
            assert_eq!(read.to_json(), text, "written back as stored");
        }
        assert!(
            serde_json::from_str::<GameEvent>(r#"{"kind":"resumed","act":2,"deadline":"soon"}"#)
                .is_err(),
            "a time is parsed where the row is read"
        );
    }

    /// The judge's clock and end fold into named values (no tuples): the pause keeps its step
    /// and the seconds left; the end its reason and winner; the substitute list its accounts.
    #[test]
    fn the_judges_events_fold_into_named_values() {
        let mut events = a_game();
        events.push(GameEvent::Paused {
            step: 2,
            remaining_secs: 90,
        });
        events.push(GameEvent::SubstituteJoined {
            user_id: 9,
            name: "替补".into(),
        });
        let f = fold(&rows(&events)).expect("folds");
        assert_eq!(
            f.paused,
            Some(Pause {
                step: 2,
                remaining_secs: 90
            })
        );
        assert_eq!(
            f.substitutes,
            [Substitute {
                user_id: 9,
                name: "替补".into()
            }]
        );
        events.push(GameEvent::Ended {
            reason: "abandoned".into(),
            winner: Some("kira".into()),
        });
        let f = fold(&rows(&events)).expect("folds");
        assert_eq!(f.paused, None, "an end stops the clock for good");
        assert_eq!(
            f.ended,
            Some(JudgeEnd {
                reason: "abandoned".into(),
                winner: Some("kira".into())
            })
        );
        assert_eq!(f.winner().as_deref(), Some("kira"));
    }

    #[test]
    fn folding_more_refuses_a_gap() {
        let all = rows(&a_game());
        let mut part = fold(&all[..3]).expect("prefix folds");
        assert!(
            fold_more(&mut part, &all[4..]).is_err(),
            "event 4 is missing"
        );
    }
}
