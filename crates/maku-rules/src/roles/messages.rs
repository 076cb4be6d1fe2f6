//! The role games' output as typed messages (catalog `locales/<lang>/roles.ftl`, keys `rg-…`;
//! the table they share with the classic presets reads from `classic.ftl`), read off the JSON
//! of `../shared/spec/replay.md`, "Role games".

use serde_json::Value;

use super::{RoleGame, RoleTable};
use crate::message::{Fields, Message, common_refusal, dashed};
use crate::table::messages as table;

/// A refusal with its sentence and rule; `self_target` depends on the game (R4-3: "one other
/// seat"; R5-1: "may not name themselves").
pub fn refusal(game: RoleGame, code: &str) -> Message {
    match code {
        "not_your_role" | "not_now" => Message::key(format!("rg-refusal-{}", dashed(code))),
        "not_tied" => Message::key("rg-refusal-not-tied").rule("CL-7"),
        // The secret police's kill, once per game (4.0); a silenced seat's vote (5.0).
        "already_used" => Message::key("rg-refusal-already-used").rule("R4-3"),
        "silenced" => Message::key("rg-refusal-silenced").rule("R5-4"),
        "self_target" => {
            Message::key("refusal-self-target").rule(if game.is_v4() { "R4-3" } else { "R5-1" })
        }
        other => common_refusal(other),
    }
}

/// R4-6, R5-5: the good side, the bad side, or the judge's foreseen draw.
pub fn winner(winner: &str) -> Message {
    match winner {
        "good" | "bad" | "draw" => Message::key(format!("rg-winner-{winner}")),
        other => Message::text(other),
    }
}

/// R4-4 (5), R5-4: `night` (announced without its cause), or `voted`.
pub fn cause(cause: &str) -> Message {
    match cause {
        "night" | "voted" => Message::key(format!("rg-cause-{cause}")),
        other => Message::text(other),
    }
}

/// A side (R4-6, R5-5: `good` 好人, `bad` 坏人).
pub fn side(side: &str) -> Message {
    match side {
        "good" | "bad" => Message::key(format!("rg-side-{side}")),
        other => Message::text(other),
    }
}

/// The roles of the two games (`role-<role>`).
pub fn role(role: &str) -> Option<Message> {
    const ROLES: [&str; 14] = [
        "killer",
        "police",
        "civilian",
        "butterfly",
        "elder",
        "doctor",
        "undercover",
        "secret_police",
        "sniper",
        "good_civilian",
        "magician",
        "wizard",
        "evil_civilian",
        "player",
    ];
    ROLES
        .contains(&role)
        .then(|| Message::key(format!("role-{}", dashed(role))))
}

pub fn public(e: &Value) -> Option<Message> {
    Some(match e.s("type") {
        // R5-4: a 5.0 day out says whether the seat is good or bad (the evil civilian counts
        // as good); nothing more of its role.
        "out" if e.get("side").is_some() => Message::key("rg-ev-out-side")
            .arg("target", e.s("target"))
            .arg("cause", cause(e.s("cause")))
            .arg("side", side(e.s("side"))),
        "game_over" => Message::key("game-over").arg("winner", winner(e.s("winner"))),
        _ => return table::public(e, cause),
    })
}

pub fn action(a: &Value) -> Option<Message> {
    let target = a.s("target");
    Some(match a.s("type") {
        "vote" => table::vote(a),
        // The night actions (R4-3, R5-1), each on one seat.
        t @ ("kill" | "check" | "hug" | "silence" | "save" | "secret_kill" | "needle" | "snipe"
        | "magic" | "query" | "dark_vote") => {
            Message::key(format!("rg-act-{}", dashed(t))).arg("target", target)
        }
        _ => return None,
    })
}

pub fn reply(r: &Value) -> Option<Message> {
    match r.s("type") {
        "vote_recorded"
        | "kill_recorded"
        | "check_recorded"
        | "hug_recorded"
        | "silence_recorded"
        | "save_recorded"
        | "secret_kill_recorded"
        | "needle_recorded"
        | "snipe_recorded"
        | "magic_recorded"
        | "query_recorded"
        | "dark_vote_recorded" => Some(table::recorded("rg", r)),
        _ => None,
    }
}

pub fn private(game: RoleTable, e: &Value) -> Option<Message> {
    Some(match e.s("type") {
        // R4-3: `killer` (a killer or the undercover) or `not_killer`; R5-3 4: `good` or `bad`
        // (the evil civilian reads good), or `blocked` (magicked, or the target hugged).
        "check_result" => match e.s("result") {
            r @ ("killer" | "not_killer" | "good" | "bad" | "blocked") => {
                Message::key(format!("rg-pev-check-{}", dashed(r)))
            }
            _ => return None,
        }
        .arg("target", e.s("target")),
        // R5-3 4: the seat the wizard's target acted on, `none`, or `blocked`.
        "query_result" => match e.s("acted_on") {
            "" => return None,
            "none" => Message::key("rg-pev-query-none").arg("target", e.s("target")),
            "blocked" => Message::key("rg-pev-query-blocked").arg("target", e.s("target")),
            acted => Message::key("rg-pev-query-acted")
                .arg("target", e.s("target"))
                .arg("acted", acted),
        },
        // R4-5, R5-4: the forest elder's silence, told to the seat alive at dawn.
        "silenced" => Message::key("rg-pev-silenced"),
        // R5-2: the new holder of the 5.0 kill.
        "kill_inherited" => Message::key("rg-pev-kill-inherited"),
        // R4-2: 4.0's police know one of them is the undercover (a judge's own table: if it
        // deals one).
        "teammates" => match game.team_note(e.s("team")) {
            Some(note) => table::teammates(e)
                .then(Message::text(" "))
                .then(Message::key(note).rule("R4-2")),
            None => table::teammates(e),
        },
        _ => return None,
    })
}
