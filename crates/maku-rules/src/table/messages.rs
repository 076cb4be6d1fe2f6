//! The sentences of what classic and role games share (the table: outs, peaceful phases, ties,
//! CL-6's ballots, CL-0's teammates), as typed messages (catalog `classic.ftl`, keys `cl-…`).

use serde_json::Value;

use crate::message::{Arg, Fields, Message, dashed};

/// A vote round (1, 2 or 3; absent: 1).
fn round_of(v: &Value) -> u64 {
    v.get("round").and_then(Value::as_u64).unwrap_or(1)
}

/// A team (`killers`, `police`) or wujian faction (`匪`, `警`) by name.
pub fn team(team: &str) -> Message {
    match team {
        "killers" | "police" => Message::key(format!("cl-team-{team}")),
        "匪" => Message::key("cl-team-bandits"),
        "警" => Message::key("cl-team-cops"),
        other => Message::text(other),
    }
}

/// The ballots of a `votes` event (CL-6: who voted for whom, every living seat), one line each
/// ("A → B", "C abstained"): voters in `order` (game IDs in seat order) first, in that order,
/// then the others as the event lists them.
pub fn ballots(e: &Value, order: &[String]) -> Vec<Message> {
    let Some(ballots) = e.get("ballots").and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut voters: Vec<(&String, &Value)> = ballots.iter().collect();
    voters.sort_by_key(|(v, _)| order.iter().position(|o| o == *v).unwrap_or(usize::MAX));
    voters
        .into_iter()
        .map(|(voter, target)| match target.as_str() {
            Some(t) => Message::key("cl-ballot")
                .arg("voter", voter.as_str())
                .arg("target", t),
            None => Message::key("cl-ballot-abstain").arg("voter", voter.as_str()),
        })
        .collect()
}

/// A `votes` event as a title and its ballots as lines under it (never empty: "nobody voted").
pub fn votes_listed(e: &Value, order: &[String]) -> Option<(Message, Vec<Message>)> {
    if e.s("type") != "votes" {
        return None;
    }
    let lines = ballots(e, order);
    let lines = if lines.is_empty() {
        vec![Message::key("cl-ballots-none")]
    } else {
        lines
    };
    Some((
        Message::key("cl-ev-votes-title").arg("round", round_of(e)),
        lines,
    ))
}

/// The table's public events, with `cause` wording a cause of going out.
pub fn public(e: &Value, cause: impl Fn(&str) -> Message) -> Option<Message> {
    Some(match e.s("type") {
        // CL-0: roles stay hidden until the end.
        "out" => Message::key("cl-ev-out")
            .arg("target", e.s("target"))
            .arg("cause", cause(e.s("cause"))),
        "peaceful" if e.s("phase") == "night" => Message::key("cl-ev-peaceful-night"),
        "peaceful" => Message::key("cl-ev-peaceful-day"),
        "tie" => Message::key("cl-ev-tie")
            .arg("round", round_of(e))
            .arg("seats", e.names("seats")),
        "votes" => {
            let lines = ballots(e, &[]);
            let ballots = if lines.is_empty() {
                Arg::from(Message::key("cl-ballots-none"))
            } else {
                Arg::List(lines.into_iter().map(Arg::from).collect())
            };
            Message::key("cl-ev-votes")
                .arg("round", round_of(e))
                .arg("ballots", ballots)
        }
        _ => return None,
    })
}

/// A vote (CL-6: a game ID, or `null` to abstain), with its round when it names one.
pub fn vote(a: &Value) -> Message {
    let ballot = match a.get("target").and_then(Value::as_str) {
        Some(t) => Message::key("cl-act-vote").arg("target", t),
        None => Message::key("cl-act-abstain"),
    };
    ballot.then(round_suffix(a))
}

/// " (round 2)" after a vote or explosion that names its round.
pub fn round_suffix(a: &Value) -> Message {
    match a.get("round").and_then(Value::as_u64) {
        Some(r) => Message::key("cl-with-round").arg("round", r),
        None => Message::nothing(),
    }
}

/// CL-0: the whole team in seat order, the recipient included.
pub fn teammates(e: &Value) -> Message {
    Message::key("cl-pev-teammates")
        .arg("team", team(e.s("team")))
        .arg("seats", e.names("seats"))
}

/// A reply of the table (`vote_recorded`, `kill_recorded`, …) by its type.
pub fn recorded(prefix: &str, r: &Value) -> Message {
    Message::key(format!("{prefix}-reply-{}", dashed(r.s("type"))))
}
