//! The classic presets' output as typed messages (catalog `locales/<lang>/classic.ftl`, keys
//! `cl-…`), read off the JSON of `../shared/spec/replay.md`, "Classic presets".

use serde_json::Value;

use super::preset::Table;
use crate::message::{Fields, Message, common_refusal, dashed};
use crate::setups::RoleCode;
use crate::table::messages as table;

/// A refusal at the table `at` with a sentence of the presets' own, and its rule.
pub fn refusal(at: Table, code: &str) -> Message {
    match code {
        "not_your_role" | "not_now" => Message::key(format!("cl-refusal-{}", dashed(code))),
        "not_tied" => Message::key("cl-refusal-not-tied").rule("CL-7"),
        "series_repeat" => Message::key("cl-refusal-series-repeat").rule("CL-3"),
        // R4-3: the secret police's kill, once per game.
        "already_used" => Message::key("cl-refusal-already-used").rule("R4-3"),
        // R5-4 at a table that deals 5.0's forest elder: a silenced killer's explosion (CL-8)
        // or the ballot of a seat that elder silenced (one sentence for both: the code names
        // neither, and a table may deal both elders).
        "silenced" if at.setup().deals(RoleCode::DarkElder) => {
            Message::key("cl-refusal-silenced-dark").rule("R5-4")
        }
        // R4-5: a silenced killer's explosion (CL-8).
        "silenced" => Message::key("cl-refusal-silenced").rule("R4-5"),
        other => common_refusal(other),
    }
}

/// CL-10, CL-11, WJ-4: the killers, the good side, a wujian faction, or a draw.
pub fn winner(winner: &str) -> Message {
    match winner {
        "killers" | "good" | "draw" => Message::key(format!("cl-winner-{winner}")),
        "匪" => Message::key("cl-winner-bandits"),
        "警" => Message::key("cl-winner-cops"),
        other => Message::text(other),
    }
}

/// CL-2 (killed at night), CL-6 (voted), CL-8 (exploded).
pub fn cause(cause: &str) -> Message {
    match cause {
        "killed" | "voted" | "exploded" => Message::key(format!("cl-cause-{cause}")),
        other => Message::text(other),
    }
}

/// The presets' roles: killer, police, civilian, wujian's 匪 and 警; 4.0's doctor, butterfly,
/// secret police, forest elder and undercover and 5.0's sniper, magician, wizard, good and evil
/// civilians, needle doctor, forest elder (`dark_elder`) and butterfly (the shield butterfly) at
/// a table that deals one.
pub fn role(role: &str) -> Option<Message> {
    Some(Message::key(match role {
        "killer" | "police" | "civilian" | "doctor" | "sniper" | "butterfly" | "elder"
        | "undercover" | "magician" | "wizard" | "player" => format!("role-{role}"),
        "secret_police" => "role-secret-police".into(),
        "good_civilian" => "role-good-civilian".into(),
        "evil_civilian" => "role-evil-civilian".into(),
        "needle_doctor" => "role-needle-doctor".into(),
        "dark_elder" => "role-dark-elder".into(),
        "shield_butterfly" => "role-shield-butterfly".into(),
        "匪" => "role-bandit".into(),
        "警" => "role-cop".into(),
        _ => return None,
    }))
}

/// A wujian call (WJ-2: 匪 or 警) by name.
fn call(call: &str) -> Message {
    table::team(call)
}

pub fn public(e: &Value) -> Option<Message> {
    Some(match e.s("type") {
        "surrendered" => Message::key("cl-ev-surrendered").arg("team", table::team(e.s("team"))),
        "game_over" => Message::key("game-over").arg("winner", winner(e.s("winner"))),
        // R5-4: the night's dark votes were counted with round 1's ballots (no caster, no
        // target, no number).
        "dark_votes_counted" => Message::key("cl-ev-dark-votes-counted").rule("R5-4"),
        _ => return table::public(e, cause),
    })
}

pub fn action(a: &Value) -> Option<Message> {
    let target = a.s("target");
    Some(match a.s("type") {
        "kill" => Message::key("cl-act-kill").arg("target", target),
        "vote" => table::vote(a),
        "check" => Message::key("cl-act-check").arg("target", target),
        // R4-3: a doctor's save.
        "save" => Message::key("cl-act-save").arg("target", target),
        // R5-1: a sniper's shot.
        "snipe" => Message::key("cl-act-snipe").arg("target", target),
        // R4-3: a butterfly's hug (R5-1: the shield butterfly's too) and a secret police's
        // kill.
        "hug" => Message::key("cl-act-hug").arg("target", target),
        "secret_kill" => Message::key("cl-act-secret-kill").arg("target", target),
        // R4-3: a forest elder's silence.
        "silence" => Message::key("cl-act-silence").arg("target", target),
        // R5-1: a magician's magic.
        "magic" => Message::key("cl-act-magic").arg("target", target),
        // R5-1: a wizard's query.
        "query" => Message::key("cl-act-query").arg("target", target),
        // R5-1: a good or evil civilian's dark vote.
        "dark_vote" => Message::key("cl-act-dark-vote").arg("target", target),
        // R5-1: a needle doctor's needle.
        "needle" => Message::key("cl-act-needle").arg("target", target),
        "peek" => match a.s("call") {
            "none" => Message::key("cl-act-peek-none"),
            c => Message::key("cl-act-peek").arg("call", call(c)),
        },
        "explode" => Message::key("cl-act-explode").then(table::round_suffix(a)),
        "surrender" => Message::key("cl-act-surrender"),
        _ => return None,
    })
}

pub fn reply(r: &Value) -> Option<Message> {
    match r.s("type") {
        "kill_recorded"
        | "check_recorded"
        | "save_recorded"
        | "snipe_recorded"
        | "hug_recorded"
        | "secret_kill_recorded"
        | "silence_recorded"
        | "magic_recorded"
        | "query_recorded"
        | "dark_vote_recorded"
        | "needle_recorded"
        | "peek_recorded"
        | "exploded"
        | "surrendered"
        | "vote_recorded" => Some(table::recorded("cl", r)),
        _ => None,
    }
}

/// A private event of a game at the table `at`.
pub fn private(at: Table, e: &Value) -> Option<Message> {
    Some(match e.s("type") {
        // CL-2: `killer` or `not_killer`.
        "check_result" => match e.s("result") {
            "killer" => Message::key("cl-pev-check-killer"),
            "not_killer" => Message::key("cl-pev-check-not-killer"),
            _ => return None,
        }
        .arg("target", e.s("target")),
        // R4-2: the police do not know which member of their team is the undercover; their
        // notice says the team may hold one, only at a table that deals one (a preset's words
        // are as they were).
        "teammates" if e.s("team") == "police" && at.setup().deals(RoleCode::Undercover) => {
            table::teammates(e)
                .then(Message::text(" "))
                .then(Message::key("cl-team-note-police-undercover").rule("R4-2"))
        }
        "teammates" => table::teammates(e),
        // R5-3 (3), R5-4: 5.0's forest elder's silence, told to the seat alive at dawn: no
        // voice and no vote.
        "silenced" if e.get("votes").and_then(Value::as_bool) == Some(false) => {
            Message::key("cl-pev-silenced-dark").rule("R5-4")
        }
        // R4-4 (5), R4-5: the forest elder's silence, told to the seat alive at dawn.
        "silenced" => Message::key("cl-pev-silenced"),
        // R5-2: the kill passes to the heir — the magician once every killer is out, the
        // wizard once the magician dealt is out too (one sentence for both: the event names
        // no role, as the role games' does).
        "kill_inherited" => Message::key("cl-pev-kill-inherited").rule("R5-2"),
        // R5-3 (4): the seat the wizard's target acted on, `none`, or `blocked` (the role
        // games' event, in the classic catalog's words).
        "query_result" => match e.s("acted_on") {
            "" => return None,
            "none" => Message::key("cl-pev-query-none").arg("target", e.s("target")),
            "blocked" => Message::key("cl-pev-query-blocked").arg("target", e.s("target")),
            acted => Message::key("cl-pev-query-acted")
                .arg("target", e.s("target"))
                .arg("acted", acted),
        }
        .rule("R5-3"),
        // WJ-2: the others who opened at the same call, possibly none.
        "peek_seen" => {
            let c = call(e.s("call"));
            if e.get("seats")
                .and_then(Value::as_array)
                .is_none_or(Vec::is_empty)
            {
                Message::key("cl-pev-peek-seen-none").arg("call", c)
            } else {
                Message::key("cl-pev-peek-seen")
                    .arg("call", c)
                    .arg("seats", e.names("seats"))
            }
        }
        _ => return None,
    })
}
