//! Death Note's output as typed messages (catalog `locales/<lang>/deathnote.ftl`, keys `dn-…`):
//! the public and private events, replies and refusals of `../shared/spec/replay.md`, read off
//! their JSON as the log stores it.

use serde_json::Value;

use crate::message::{Arg, ConsoleRow, Fields, Message, RevealRow, common_refusal, dashed};
use crate::reveal_rows;

/// A refusal code with a sentence of Death Note's own; the others are the shell's.
const OWN_REFUSALS: [&str; 13] = [
    "not_kira",
    "target_taken",
    "bad_notebook",
    "not_your_turn",
    "already_acted",
    "join_unavailable",
    "eye_unavailable",
    "eye_not_held",
    "eye_already_used",
    "eye_after_kill",
    "transfer_unavailable",
    "ballot_size",
    "duplicate_target",
];

/// The rule behind a refusal, for a tooltip.
fn refusal_rule(code: &str) -> Option<&'static str> {
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

pub fn refusal(code: &str) -> Message {
    let m = if OWN_REFUSALS.contains(&code) {
        Message::key(format!("dn-refusal-{}", dashed(code)))
    } else {
        common_refusal(code)
    };
    match refusal_rule(code) {
        Some(rule) => m.rule(rule),
        None => m,
    }
}

/// DN-27: `good`, `kira` or `draw`.
pub fn winner(winner: &str) -> Message {
    match winner {
        "good" | "kira" | "draw" => Message::key(format!("dn-winner-{winner}")),
        other => Message::text(other),
    }
}

/// Why a seat went out (DN-9, DN-6, DN-15, DN-16, DN-22, DN-19).
pub fn cause(cause: &str) -> Message {
    match cause {
        "killed" | "no_action" | "voted" | "no_vote" | "eye" | "transfer_expired" => {
            Message::key(format!("dn-cause-{}", dashed(cause)))
        }
        other => Message::text(other),
    }
}

/// DN-28: what became of an out Kira's notebooks.
fn fate(fate: &Value) -> Arg {
    let one = |f: &str| match f {
        "destroyed" | "recaptured" | "taken" => Arg::from(Message::key(format!("dn-fate-{f}"))),
        other => Arg::from(other),
    };
    match fate {
        Value::String(f) => one(f),
        Value::Array(list) => {
            Arg::List(list.iter().map(|f| one(f.as_str().unwrap_or(""))).collect())
        }
        _ => Arg::from(""),
    }
}

pub fn public(e: &Value) -> Option<Message> {
    Some(match e.s("type") {
        "kill_failed" => Message::key("dn-ev-kill-failed").arg("target", e.s("target")),
        "join" if e.flag("succeeded") == Some(true) => Message::key("dn-ev-join-succeeded"),
        "join" => Message::key("dn-ev-join-failed"),
        "notebook_transferred" => Message::key("dn-ev-notebook-transferred"),
        "eye_acquired" => Message::key("dn-ev-eye-acquired"),
        // DN-28: an out seat's role is told.
        "out" if e.flag("kira") == Some(true) => Message::key("dn-ev-out-kira")
            .arg("target", e.s("target"))
            .arg("cause", cause(e.s("cause")))
            .arg("notebook", fate(e.get("notebook").unwrap_or(&Value::Null))),
        "out" => Message::key("dn-ev-out-good")
            .arg("target", e.s("target"))
            .arg("cause", cause(e.s("cause"))),
        "redistributed" => Message::key("dn-ev-redistributed")
            .arg("count", e.get("count").and_then(Value::as_i64).unwrap_or(0)),
        "game_over" => Message::key("game-over").arg("winner", winner(e.s("winner"))),
        _ => return None,
    })
}

/// " (with N2)" after an action that names its notebook.
fn with_notebook(a: &Value) -> Message {
    match a.get("notebook").and_then(Value::as_i64) {
        Some(n) => Message::key("dn-with-notebook").arg("n", n),
        None => Message::nothing(),
    }
}

pub fn action(a: &Value) -> Option<Message> {
    let target = a.s("target");
    Some(match a.s("type") {
        "kill" => Message::key("dn-act-kill")
            .arg("target", target)
            .arg("real_id", a.s("real_id"))
            .then(with_notebook(a)),
        "join" => Message::key("dn-act-join")
            .arg("target", target)
            .then(with_notebook(a)),
        "pass" => Message::key("dn-act-pass").then(with_notebook(a)),
        "eye_request" => Message::key("dn-act-eye-request"),
        "eye_use" => Message::key("dn-act-eye-use").arg("target", target),
        "transfer" => Message::key("dn-act-transfer")
            .arg("target", target)
            .then(with_notebook(a)),
        "heir" => Message::key("dn-act-heir")
            .arg("target", target)
            .then(with_notebook(a)),
        "vote" => Message::key("dn-act-vote").arg("targets", a.names("targets")),
        _ => return None,
    })
}

pub fn reply(r: &Value) -> Option<Message> {
    Some(match r.s("type") {
        "kill_failed" => match r.get("real_id").and_then(Value::as_str) {
            Some(real) => Message::key("dn-reply-kill-failed").arg("real_id", real),
            None => Message::key("dn-reply-kill-failed-eye"),
        },
        "join_succeeded" => Message::key("dn-reply-join-succeeded").arg("partner", r.s("partner")),
        "eye_seen" => Message::key(if r.flag("kira") == Some(true) {
            "dn-reply-eye-seen-kira"
        } else {
            "dn-reply-eye-seen-good"
        })
        .arg("target", r.s("target"))
        .arg("real_id", r.s("real_id")),
        t @ ("kill_succeeded" | "join_failed" | "passed" | "eye_granted" | "transferred"
        | "heir_set" | "vote_recorded") => Message::key(format!("dn-reply-{}", dashed(t))),
        _ => return None,
    })
}

pub fn private(e: &Value) -> Option<Message> {
    let n = e.get("notebook").and_then(Value::as_i64).unwrap_or(0);
    Some(match e.s("type") {
        "joined" => Message::key("dn-pev-joined").arg("partner", e.s("partner")),
        "notebook_received" if e.flag("transferable") == Some(true) => {
            Message::key("dn-pev-notebook-received-transferable").arg("n", n)
        }
        "notebook_received" => Message::key("dn-pev-notebook-received").arg("n", n),
        "recaptured" => Message::key("dn-pev-recaptured").arg("n", n),
        _ => return None,
    })
}

/// DN-28: one entry of a seat's role history ("act 2: received N1 from 夜神月 → Kira");
/// `cause` is why the seat went out, if it did.
pub fn history_entry(c: &Value, cause: &str) -> Message {
    let change = match c.s("change") {
        change @ ("dealt" | "received" | "recaptured" | "took" | "redealt" | "gave"
        | "lost_to_recapture" | "lost_to_killer" | "destroyed") => {
            Message::key(format!("reveal-change-{}", dashed(change)))
                .arg("n", c.n("notebook"))
                .arg("with", c.get("with").and_then(Value::as_str).unwrap_or("?"))
                .arg("cause", self::cause(cause))
        }
        other => Message::text(other),
    };
    let role = match c.s("role_after") {
        "kira" => Message::key("reveal-kira"),
        "out" => Message::key("reveal-role-out"),
        _ => Message::key("reveal-good"),
    };
    Message::key("reveal-history-entry")
        .arg("act", c.n("act"))
        .arg("change", change)
        .arg("role", role)
}

/// DN-28: the reveal's seats (`kira_at_start`, `role` when out or at the end, `history`, `out`
/// as `[act, cause]`).
pub fn reveal_rows(roles: &Value) -> Vec<RevealRow> {
    reveal_rows::seats(roles)
        .map(|seat| {
            let kira = seat.s("role") == "kira";
            let cause = seat.pointer("/out/1").and_then(Value::as_str).unwrap_or("");
            RevealRow {
                game_id: seat.s("game_id").to_string(),
                real_id: seat.s("real_id").to_string(),
                start: match seat.get("kira_at_start").and_then(Value::as_u64) {
                    Some(n) => Message::key("reveal-kira-nb").arg("n", n),
                    None => Message::key("reveal-good"),
                },
                role: Message::key(if kira { "reveal-kira" } else { "reveal-good" }),
                history: seat
                    .get("history")
                    .and_then(Value::as_array)
                    .map(|h| h.iter().map(|c| history_entry(c, cause)).collect())
                    .unwrap_or_default(),
                out: reveal_rows::out(
                    seat.pointer("/out/0").and_then(Value::as_u64),
                    seat.get("out")
                        .filter(|o| o.is_array())
                        .map(|_| self::cause(cause)),
                ),
            }
        })
        .collect()
}

/// DN-19: a giver's recapture window (the engine's `WindowView`) as one sentence, worded by the
/// message `key` (the seat page speaks to the giver, the console about him). `now` is the act
/// shown; once the window's first resolution has passed, only its last one is named.
pub fn window(key: &'static str, w: &Value, now: u64) -> Message {
    let (first, last) = (w.n("first_resolution"), w.n("last_resolution"));
    let span = if first >= last || now > first {
        "one"
    } else {
        "two"
    };
    let out = if w.flag("expires_out").unwrap_or(true) {
        "yes"
    } else {
        "no"
    };
    Message::key(key)
        .arg("n", w.n("notebook"))
        .arg("act", w.n("transferred_in"))
        .arg("first", first)
        .arg("last", last)
        .arg("span", span)
        .arg("out", out)
}

/// DN-22: the Eye holder's count of own turns and her death act (the engine's `EyeView`),
/// worded by the message `key` (or `key-turns` while no death act is known).
pub fn eye_status(key: &'static str, e: &Value) -> Message {
    match e.get("death_act").and_then(Value::as_u64) {
        Some(death) => Message::key(key)
            .arg("turns", e.n("own_turns"))
            .arg("act", death),
        None => Message::key(format!("{key}-turns")).arg("turns", e.n("own_turns")),
    }
}

/// A seat's role with its notebooks; for a seat that is out, the role it went out with (DN-28).
pub fn seat_role(kira: bool, alive: bool, notebooks: &[u64]) -> Message {
    if kira && !alive {
        // An out seat holds no notebook.
        Message::key("seat-role-kira-out")
    } else if kira {
        let names = notebooks
            .iter()
            .map(|n| Arg::from(format!("N{n}")))
            .collect();
        Message::key("seat-role-kira").arg("notebooks", Arg::List(names))
    } else {
        Message::key("seat-role-good")
    }
}

/// The notebook numbers listed at `key` of a seat's facts.
fn numbers(facts: &serde_json::Map<String, Value>, key: &str) -> Vec<u64> {
    facts
        .get(key)
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// A seat on the judge's console (the facts of `judge::seat_facts`): its role with its
/// notebooks, what it owes (a ballot, each notebook's action), its DN-19 windows and its DN-22
/// Eye count.
pub fn console_row(
    role: Option<&str>,
    alive: bool,
    owed: crate::interface::Owes,
    facts: &serde_json::Map<String, Value>,
    act: u32,
) -> ConsoleRow {
    let kira = role == Some("kira");
    let mut owes = Vec::new();
    if owed.ballot {
        owes.push(Message::key("seat-owes-ballot"));
    }
    for n in numbers(facts, "owes_notebooks") {
        owes.push(Message::key("console-owes-notebook").arg("n", n));
    }
    let windows = facts
        .get("windows")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|w| window("console-window", w, u64::from(act)))
        .collect();
    let eye = facts
        .get("eye_status")
        .filter(|e| e.is_object())
        .map(|e| eye_status("console-eye-status", e))
        .into_iter()
        .collect();
    ConsoleRow {
        role: match role {
            Some(_) => seat_role(kira, alive, &numbers(facts, "notebooks")),
            None => Message::nothing(),
        },
        marked: kira,
        owes,
        cells: vec![windows, eye],
    }
}
