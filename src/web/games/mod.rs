//! Browser pages of games: the list and the create form, a game's public page, a seat's private
//! page with its action forms, the game's threads (as game IDs) and the reveal.
//!
//! Privacy is the product: before the end no page, form, error or ordering links an account to
//! a game ID, except a seat's own page, which shows its own real ID to itself.

pub mod banner;
mod console;
mod game;
mod list;
mod live;
mod reveal;
mod seat;
mod seat_generic;
mod threads;
mod turn;

use crate::game::threads::ActPost;
use crate::i18n::Tr;
use crate::web::pages::TimeView;
use actix_web::{HttpResponse, web};
use chrono::NaiveDateTime;
use serde_json::Value;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `/games/new` before `/games/{id}`, so that "new" is not taken for an id.
    cfg.service(list::list)
        .service(list::new_form)
        .service(list::create)
        .service(game::show)
        .service(game::signup)
        .service(game::withdraw)
        .service(game::start)
        .service(game::resolve)
        .service(seat::show)
        .service(seat::act)
        .service(threads::show)
        .service(threads::reply)
        .service(threads::edit_form)
        .service(threads::edit)
        .service(threads::history)
        .service(turn::pass)
        .service(reveal::show)
        .service(console::show)
        .service(console::deadline)
        .service(console::pause)
        .service(console::resume)
        .service(console::resolve)
        .service(console::lock)
        .service(console::post_as_judge)
        .service(console::end)
        .service(console::substitute)
        .service(game::join_substitutes)
        .service(game::leave_substitutes)
        .service(live::events);
}

fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish()
}

fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// A stored UTC ISO time (`…Z`) as a `TimeView`.
fn time_of(iso: &str) -> Option<TimeView> {
    NaiveDateTime::parse_from_str(iso, "%Y-%m-%dT%H:%M:%SZ")
        .ok()
        .map(TimeView::new)
}

/// Who won, in the reader's language.
/// The phase beside an act number (" (night)", "（夜晚）"), for a variant of several phases per
/// act; empty without one.
pub fn phase_suffix(tr: &Tr, kind: Option<&str>) -> String {
    match kind {
        Some(k) if !k.is_empty() => tr.t1(
            "phase-suffix",
            "phase",
            &tr.t(&format!("phase-{}", k.replace('_', "-"))),
        ),
        _ => String::new(),
    }
}

/// A notice of the judge's clock as the reader reads it, with its time in the game's zone.
pub fn notice_text(tr: &Tr, n: &crate::game::threads::Notice) -> String {
    use chrono::TimeZone;
    let zone: chrono_tz::Tz = n
        .zone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::Asia::Shanghai);
    let when =
        n.at.as_deref()
            .and_then(|t| chrono::NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%SZ").ok())
            .map(|t| {
                zone.from_utc_datetime(&t)
                    .format("%Y-%m-%d %H:%M %Z")
                    .to_string()
            })
            .unwrap_or_default();
    match n.notice.as_str() {
        "deadline_moved" => tr.t1("notice-deadline-moved", "when", &when),
        "paused" => tr.t("notice-paused"),
        "resumed" => tr.t1("notice-resumed", "when", &when),
        _ => tr.t("notice-other"),
    }
}

pub fn winner_text(tr: &Tr, winner: &str) -> String {
    match winner {
        "good" | "kira" | "draw" => tr.t(&format!("dn-winner-{winner}")),
        other => other.to_string(),
    }
}

fn cause_text(tr: &Tr, cause: &str) -> String {
    let key = format!("dn-cause-{}", cause.replace('_', "-"));
    if tr.has(&key) {
        tr.t(&key)
    } else {
        cause.to_string()
    }
}

fn n_of(v: &Value, key: &str) -> u64 {
    v.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// DN-19: a giver's recapture window (the engine's `WindowView`) as one sentence, worded by the
/// message `key` (the seat page speaks to the giver, the console about him). `now` is the act
/// shown; once the window's first resolution has passed, only its last one is named.
fn window_text(tr: &Tr, key: &str, w: &Value, now: u64) -> String {
    let (first, last) = (n_of(w, "first_resolution"), n_of(w, "last_resolution"));
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    tr.ta(
        key,
        &[
            ("n", n_of(w, "notebook").to_string()),
            ("act", n_of(w, "transferred_in").to_string()),
            ("first", first.to_string()),
            ("last", last.to_string()),
            (
                "span",
                if first >= last || now > first {
                    "one"
                } else {
                    "two"
                }
                .into(),
            ),
            (
                "out",
                yes_no(
                    w.get("expires_out")
                        .and_then(Value::as_bool)
                        .unwrap_or(true),
                ),
            ),
        ],
    )
}

/// DN-22: the Eye holder's count of own turns and her death act (the engine's `EyeView`),
/// worded by the message `key` (or `key-turns` while no death act is known).
fn eye_text(tr: &Tr, key: &str, e: &Value) -> String {
    let turns = n_of(e, "own_turns").to_string();
    match e.get("death_act").and_then(Value::as_u64) {
        Some(death) => tr.ta(key, &[("turns", turns), ("act", death.to_string())]),
        None => tr.ta(&format!("{key}-turns"), &[("turns", turns)]),
    }
}

/// When and why a seat went out ("out in act 3 (voted out)").
fn out_text(tr: &Tr, act: u64, cause: &str) -> String {
    tr.ta(
        "seat-out",
        &[("act", act.to_string()), ("cause", cause_text(tr, cause))],
    )
}

/// A seat's role with its notebooks; for a seat that is out, the role it went out with (DN-28).
fn role_text(tr: &Tr, kira: bool, alive: bool, notebooks: &[u64]) -> String {
    if kira && !alive {
        // An out seat holds no notebook.
        tr.t("seat-role-kira-out")
    } else if kira {
        let names: Vec<String> = notebooks.iter().map(|n| format!("N{n}")).collect();
        tr.t1(
            "seat-role-kira",
            "notebooks",
            &names.join(tr.t("dn-list-sep").as_str()),
        )
    } else {
        tr.t("seat-role-good")
    }
}

fn fate_text(tr: &Tr, fate: &Value) -> String {
    let one = |f: &str| {
        let key = format!("dn-fate-{f}");
        if tr.has(&key) {
            tr.t(&key)
        } else {
            f.to_string()
        }
    };
    match fate {
        Value::String(f) => one(f),
        Value::Array(list) => list
            .iter()
            .map(|f| one(f.as_str().unwrap_or("")))
            .collect::<Vec<_>>()
            .join(tr.t("dn-list-sep").as_str()),
        _ => String::new(),
    }
}

/// One public event (replay.md, "Deathnote public events") as a sentence.
pub fn public_sentence(tr: &Tr, e: &Value) -> String {
    match s(e, "type") {
        "kill_failed" => tr.t1("dn-ev-kill-failed", "target", &s(e, "target")),
        "join" => {
            if e.get("succeeded").and_then(Value::as_bool) == Some(true) {
                tr.t("dn-ev-join-succeeded")
            } else {
                tr.t("dn-ev-join-failed")
            }
        }
        "notebook_transferred" => tr.t("dn-ev-notebook-transferred"),
        "eye_acquired" => tr.t("dn-ev-eye-acquired"),
        "out" => {
            let cause = cause_text(tr, s(e, "cause"));
            if e.get("kira").and_then(Value::as_bool) == Some(true) {
                tr.ta(
                    "dn-ev-out-kira",
                    &[
                        ("target", s(e, "target").to_string()),
                        ("cause", cause),
                        (
                            "notebook",
                            fate_text(tr, e.get("notebook").unwrap_or(&Value::Null)),
                        ),
                    ],
                )
            } else {
                tr.ta(
                    "dn-ev-out-good",
                    &[("target", s(e, "target").to_string()), ("cause", cause)],
                )
            }
        }
        "redistributed" => tr.t1(
            "dn-ev-redistributed",
            "count",
            &e.get("count").and_then(Value::as_i64).unwrap_or(0),
        ),
        "game_over" => tr.t1(
            "dn-ev-game-over",
            "winner",
            &winner_text(tr, s(e, "winner")),
        ),
        other => other.to_string(),
    }
}

fn notebook_suffix(tr: &Tr, a: &Value) -> String {
    match a.get("notebook").and_then(Value::as_i64) {
        Some(n) => tr.t1("dn-with-notebook", "n", &n),
        None => String::new(),
    }
}

/// A submitted action object as a sentence ("you voted for …").
pub fn action_sentence(tr: &Tr, a: &Value) -> String {
    let target = s(a, "target").to_string();
    let nb = notebook_suffix(tr, a);
    match s(a, "type") {
        "kill" => {
            tr.ta(
                "dn-act-kill",
                &[("target", target), ("real_id", s(a, "real_id").to_string())],
            ) + &nb
        }
        "join" => tr.t1("dn-act-join", "target", &target) + &nb,
        "pass" => tr.t("dn-act-pass") + &nb,
        "eye_request" => tr.t("dn-act-eye-request"),
        "eye_use" => tr.t1("dn-act-eye-use", "target", &target),
        "transfer" => tr.t1("dn-act-transfer", "target", &target) + &nb,
        "heir" => tr.t1("dn-act-heir", "target", &target) + &nb,
        "vote" => {
            let names: Vec<&str> = a
                .get("targets")
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            tr.t1(
                "dn-act-vote",
                "targets",
                &names.join(tr.t("dn-list-sep").as_str()),
            )
        }
        other => other.to_string(),
    }
}

/// A reply (replay.md, "Deathnote replies") as a sentence.
pub fn reply_sentence(tr: &Tr, r: &Value) -> String {
    match s(r, "type") {
        "kill_failed" => match r.get("real_id").and_then(Value::as_str) {
            Some(real) => tr.t1("dn-reply-kill-failed", "real_id", &real),
            None => tr.t("dn-reply-kill-failed-eye"),
        },
        "join_succeeded" => tr.t1("dn-reply-join-succeeded", "partner", &s(r, "partner")),
        "eye_seen" => {
            let key = if r.get("kira").and_then(Value::as_bool) == Some(true) {
                "dn-reply-eye-seen-kira"
            } else {
                "dn-reply-eye-seen-good"
            };
            tr.ta(
                key,
                &[
                    ("target", s(r, "target").to_string()),
                    ("real_id", s(r, "real_id").to_string()),
                ],
            )
        }
        t @ ("kill_succeeded" | "join_failed" | "passed" | "eye_granted" | "transferred"
        | "heir_set" | "vote_recorded") => tr.t(&format!("dn-reply-{}", t.replace('_', "-"))),
        other => other.to_string(),
    }
}

/// A rule's refusal code (replay.md, "Deathnote errors") explained; a code without a sentence
/// gets a general one, never the code itself.
pub fn refusal_text(tr: &Tr, code: &str) -> String {
    let key = format!("dn-refusal-{}", code.replace('_', "-"));
    if tr.has(&key) {
        tr.t(&key)
    } else {
        tr.t("dn-refusal-other")
    }
}

/// The ruling book's rule behind a refusal, for a `title` tooltip (the sentence names none).
pub fn refusal_rule(code: &str) -> Option<&'static str> {
    Some(match code {
        "not_your_turn" => "DN-4",
        "already_acted" => "DN-6",
        "target_taken" => "DN-9",
        "join_unavailable" => "DN-12",
        "ballot_size" => "DN-14",
        "transfer_unavailable" => "DN-18",
        "eye_unavailable" => "DN-20",
        "eye_already_used" | "eye_after_kill" => "DN-21",
        _ => return None,
    })
}

/// A private event (replay.md, "Deathnote private events") as a sentence.
pub fn private_sentence(tr: &Tr, e: &Value) -> String {
    let nb = e.get("notebook").and_then(Value::as_i64).unwrap_or(0);
    match s(e, "type") {
        "joined" => tr.t1("dn-pev-joined", "partner", &s(e, "partner")),
        "notebook_received" => {
            let key = if e.get("transferable").and_then(Value::as_bool) == Some(true) {
                "dn-pev-notebook-received-transferable"
            } else {
                "dn-pev-notebook-received"
            };
            tr.t1(key, "n", &nb)
        }
        "recaptured" => tr.t1("dn-pev-recaptured", "n", &nb),
        other => other.to_string(),
    }
}

/// One transcript line (reply with its action, private or public event) as a sentence, for the
/// seat's log and the reveal.
pub fn line_sentence(tr: &Tr, l: &Value) -> String {
    match s(l, "kind") {
        "reply" => {
            let action = l
                .get("action")
                .map(|a| action_sentence(tr, a))
                .unwrap_or_default();
            let outcome = if l.get("ok").and_then(Value::as_bool) == Some(true) {
                reply_sentence(tr, l.get("reply").unwrap_or(&Value::Null))
            } else {
                tr.t1("dn-log-refused", "reason", &refusal_text(tr, s(l, "error")))
            };
            tr.ta("dn-log-reply", &[("action", action), ("outcome", outcome)])
        }
        "private" => private_sentence(tr, l.get("event").unwrap_or(&Value::Null)),
        "public" => public_sentence(tr, l.get("event").unwrap_or(&Value::Null)),
        "outcome" => match l.get("winner").and_then(Value::as_str) {
            Some(w) => tr.t1("dn-ev-game-over", "winner", &winner_text(tr, w)),
            None => String::new(),
        },
        other => other.to_string(),
    }
}

/// An act post, as the reader reads it.
pub struct ActView {
    /// The act resolved (for a variant of several phases per act, the resolved phase's act,
    /// with the phase in `resolved_phase`: " (night)").
    pub resolved: Option<u32>,
    /// "Resolution of act 1", "Resolution of act 1 (night)".
    pub resolved_title: String,
    pub events: Vec<String>,
    pub alive: String,
    pub opens: Option<u32>,
    /// "The game starts; act 1 opens." / "Act 2 (day) opens; deadline:".
    pub opening_text: String,
    pub next_text: String,
    pub deadline: Option<TimeView>,
    pub winner: Option<String>,
    /// A resolution that put nobody out by the vote (DN-15) says so, whatever the options.
    pub nobody_voted_out: bool,
    /// The published vote counts, one line per game ID (only with the option
    /// `publish_votes`; empty list: nobody voted).
    pub votes: Option<Vec<String>>,
    /// "It is X's turn to speak." for a phase of one speaker (CL-5, CL-4).
    pub speaker_text: Option<String>,
    /// "X did not speak in time and was skipped." (CL-5).
    pub skipped_text: Option<String>,
}

impl ActView {
    pub fn new(tr: &Tr, a: &ActPost) -> ActView {
        let voted_out = a
            .events
            .iter()
            .any(|e| s(e, "type") == "out" && s(e, "cause") == "voted");
        let act_of =
            |step: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| match label {
                Some(p) => step.map(|_| p.act),
                None => step,
            };
        let resolved = act_of(a.resolved, &a.resolved_phase);
        let opens = act_of(a.opens, &a.opens_phase);
        let with_phase =
            |key: &str, act: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| {
                tr.ta(
                    key,
                    &[
                        ("act", act.unwrap_or(0).to_string()),
                        (
                            "phase",
                            phase_suffix(tr, label.as_ref().map(|p| p.kind.as_str())),
                        ),
                    ],
                )
            };
        ActView {
            resolved_title: with_phase("thread-act-resolved", resolved, &a.resolved_phase),
            opening_text: with_phase("thread-act-opening", opens, &a.opens_phase),
            next_text: with_phase("thread-act-next", opens, &a.opens_phase),
            nobody_voted_out: a.resolved.is_some() && !voted_out,
            votes: a.votes.as_ref().map(|counts| {
                counts
                    .iter()
                    .map(|c| {
                        tr.ta(
                            "thread-act-vote-count",
                            &[("name", c.game_id.clone()), ("votes", c.votes.to_string())],
                        )
                    })
                    .collect()
            }),
            resolved,
            // The winner has its own line: the engine's `game_over` event would say it twice.
            events: a
                .events
                .iter()
                .filter(|e| a.winner.is_none() || s(e, "type") != "game_over")
                .map(|e| public_sentence(tr, e))
                .collect(),
            alive: a.alive.join(tr.t("dn-list-sep").as_str()),
            speaker_text: a.speaker.as_ref().map(|name| {
                let key = match a.opens_phase.as_ref().map(|p| p.kind.as_str()) {
                    Some("last_words") => "turn-last-words",
                    _ => "turn-speaker",
                };
                tr.t1(key, "name", name)
            }),
            skipped_text: a
                .skipped
                .as_ref()
                .map(|name| tr.t1("turn-skipped", "name", name)),
            opens,
            deadline: a.deadline.as_deref().and_then(time_of),
            winner: a.winner.as_deref().map(|w| winner_text(tr, w)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

    #[test]
    fn every_refusal_and_event_has_a_sentence() {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for code in [
                "unknown_seat",
                "out",
                "not_kira",
                "bad_notebook",
                "not_your_turn",
                "already_acted",
                "bad_target",
                "self_target",
                "target_taken",
                "join_unavailable",
                "eye_unavailable",
                "eye_not_held",
                "eye_already_used",
                "eye_after_kill",
                "transfer_unavailable",
                "ballot_size",
                "duplicate_target",
                "game_over",
            ] {
                assert_ne!(refusal_text(&tr, code), code, "{code}");
            }
            let out = json!({"type": "out", "target": "L", "cause": "killed", "kira": true,
                             "notebook": ["destroyed", "taken"]});
            let text = public_sentence(&tr, &out);
            assert!(text.contains('L') && !text.contains("dn-"), "{text}");
            for cause in [
                "killed",
                "no_action",
                "voted",
                "no_vote",
                "eye",
                "transfer_expired",
            ] {
                assert_ne!(cause_text(&tr, cause), cause);
            }
            let vote = json!({"kind": "reply", "ok": true, "reply": {"type": "vote_recorded"},
                              "action": {"type": "vote", "targets": ["L", "尼亚"]}});
            let text = line_sentence(&tr, &vote);
            assert!(text.contains("尼亚") && !text.contains("dn-"), "{text}");
        }
    }
}
