//! The picture of a finished game, as data: seats down, acts across; each seat's role over the
//! acts, when and why it went out, and what passed between seats in each act (ballots, night
//! actions, a variant's own moves). Built from the reveal (its `roles` and its transcript with
//! the action each reply answers), so every fact in it is one the reveal publishes; the shell
//! draws it and lists it as a table without knowing the variant. The common picture of roles
//! dealt once is built in `reveal_picture.rs`.

use std::collections::BTreeMap;

use serde_json::Value;

use super::message::{Fields, Message, dashed};

/// A finished game told act by act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// How many acts the game had (columns).
    pub acts: u32,
    /// One lane per seat, in seat order (rows).
    pub lanes: Vec<Lane>,
    /// What passed between seats, act by act, in the order it happened.
    pub links: Vec<Link>,
    /// Each kind of link in the variant's words, for the legend.
    pub names: Vec<(LinkKind, Message)>,
}

/// The legend's words for the links every variant has: ballots and actions on seats.
pub fn common_names() -> Vec<(LinkKind, Message)> {
    [LinkKind::Vote, LinkKind::Revote, LinkKind::Night]
        .into_iter()
        .map(|k| (k, Message::key(format!("picture-link-{}", k.name()))))
        .collect()
}

/// One seat over the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lane {
    pub game_id: String,
    pub real_id: String,
    /// Its roles in order: the first from act 1, each next one from the act it changed in.
    pub spans: Vec<Span>,
    /// When and why it went out; `None`: in to the end.
    pub out: Option<Out>,
}

/// A role a seat held from an act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub from: u32,
    pub role: Message,
    pub tone: Tone,
}

/// When and why a seat went out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Out {
    pub act: u32,
    pub cause: Message,
}

/// The side a role plays for, as the picture tells it apart (by pattern and colour; a label
/// names the role itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tone {
    /// The side that hunts the hidden one (civilians, the good).
    Good,
    /// The hidden side (killers, the bad).
    Bad,
    /// The good side's investigators.
    Police,
    /// Anything else.
    Other,
}

impl Tone {
    /// Its stable name (the picture's pattern and class names).
    pub fn name(self) -> &'static str {
        match self {
            Tone::Good => "good",
            Tone::Bad => "bad",
            Tone::Police => "police",
            Tone::Other => "other",
        }
    }
}

/// One thing that passed from one seat to another (or to itself) in an act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub act: u32,
    pub kind: LinkKind,
    /// Game IDs.
    pub from: String,
    pub to: String,
    /// What it was, in words ("Kill", "Vote", "N1 given").
    pub label: Message,
}

/// How the picture draws a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LinkKind {
    /// A ballot of the act's first vote.
    Vote,
    /// A ballot of a later round of the act's vote (a revote between tied seats).
    Revote,
    /// A night action or any other action on a seat.
    Night,
    /// A notebook (or like object) passing from one seat to another.
    Pass,
    /// Two seats joining hands.
    Join,
    /// A seat seen through the Eye (or like power).
    Sight,
}

impl LinkKind {
    /// Its stable name (the picture's class names).
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Vote => "vote",
            LinkKind::Revote => "revote",
            LinkKind::Night => "night",
            LinkKind::Pass => "pass",
            LinkKind::Join => "join",
            LinkKind::Sight => "sight",
        }
    }
}

/// One accepted submission of the transcript: its act, its submitter, the action and the
/// reply it got.
pub struct Accepted<'a> {
    pub act: u32,
    pub by: &'a str,
    pub action: &'a Value,
    pub reply: &'a Value,
}

/// The transcript's accepted submissions, in order (replies with `ok` and the action they
/// answer).
pub fn accepted(transcript: &[Value]) -> impl Iterator<Item = Accepted<'_>> {
    transcript
        .iter()
        .filter(|l| l.s("kind") == "reply" && l.flag("ok") == Some(true))
        .filter_map(|l| {
            Some(Accepted {
                act: act_of(l),
                by: l.get("by")?.as_str()?,
                action: l.get("action")?,
                reply: l.get("reply").unwrap_or(&Value::Null),
            })
        })
}

/// The act a line or an out names (`u32::MAX` for one beyond any act).
pub fn act_of(v: &Value) -> u32 {
    u32::try_from(v.n("act")).unwrap_or(u32::MAX)
}

/// The last act any line or out names.
pub fn last_act(transcript: &[Value], lanes: &[Lane]) -> u32 {
    let lines = transcript.iter().map(act_of).filter(|&a| a != u32::MAX);
    let outs = lanes.iter().filter_map(|l| l.out.as_ref().map(|o| o.act));
    lines.chain(outs).max().unwrap_or(0).max(1)
}

/// The ballots cast: each seat's last accepted `vote` of each act and round (a later vote
/// replaces an earlier one; an empty one, abstaining, leaves none). A ballot names one
/// `target` or a list of `targets`; round 1 unless the action names another.
pub fn ballots(transcript: &[Value]) -> Vec<Link> {
    let mut last: BTreeMap<(u32, u64, &str), (usize, Vec<String>)> = BTreeMap::new();
    for (i, a) in accepted(transcript).enumerate() {
        if a.action.s("type") != "vote" {
            continue;
        }
        let round = a.action.get("round").and_then(Value::as_u64).unwrap_or(1);
        let named: Vec<String> = match (a.action.get("target"), a.action.get("targets")) {
            (Some(Value::String(t)), _) => vec![t.clone()],
            (_, Some(Value::Array(list))) => list
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        };
        last.insert((a.act, round, a.by), (i, named));
    }
    let mut cast: Vec<(usize, Link)> = last
        .into_iter()
        .flat_map(|((act, round, by), (i, named))| {
            named.into_iter().map(move |to| {
                (
                    i,
                    Link {
                        act,
                        kind: if round > 1 {
                            LinkKind::Revote
                        } else {
                            LinkKind::Vote
                        },
                        from: by.to_string(),
                        to,
                        label: if round > 1 {
                            Message::key("picture-revote").arg("round", round)
                        } else {
                            Message::key("action-vote")
                        },
                    },
                )
            })
        })
        .collect();
    cast.sort_by_key(|(i, l)| (l.act, *i));
    cast.into_iter().map(|(_, l)| l).collect()
}

/// Every other accepted action on a seat (one naming a `target`), each seat's last of each
/// type in each act, labelled by its form's name; the types in `except` are left out (the
/// variant draws them its own way).
pub fn actions_on_seats(transcript: &[Value], except: &[&str]) -> Vec<Link> {
    let mut last: BTreeMap<(u32, &str, &str), (usize, &str)> = BTreeMap::new();
    for (i, a) in accepted(transcript).enumerate() {
        let kind = a.action.s("type");
        if kind == "vote" || except.contains(&kind) {
            continue;
        }
        if let Some(target) = a.action.get("target").and_then(Value::as_str) {
            last.insert((a.act, a.by, kind), (i, target));
        }
    }
    let mut done: Vec<(usize, Link)> = last
        .into_iter()
        .map(|((act, by, kind), (i, target))| {
            (
                i,
                Link {
                    act,
                    kind: LinkKind::Night,
                    from: by.to_string(),
                    to: target.to_string(),
                    label: Message::key(format!("action-{}", dashed(kind))),
                },
            )
        })
        .collect();
    done.sort_by_key(|(i, l)| (l.act, *i));
    done.into_iter().map(|(_, l)| l).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn reply(act: u32, by: &str, ok: bool, action: Value) -> Value {
        json!({"kind": "reply", "act": act, "by": by, "ok": ok, "action": action,
               "reply": {"type": "vote_recorded"}})
    }

    fn seen(links: &[Link]) -> Vec<(u32, LinkKind, &str, &str)> {
        links
            .iter()
            .map(|l| (l.act, l.kind, l.from.as_str(), l.to.as_str()))
            .collect()
    }

    /// CL-6, DN-14: the ballot a seat leaves is its last accepted vote of the act and round;
    /// an abstention leaves none, a refused vote counts for nothing, a list names each.
    #[test]
    fn a_later_ballot_replaces_an_earlier_one() {
        let t = [
            reply(1, "A", true, json!({"type": "vote", "target": "B"})),
            reply(1, "B", true, json!({"type": "vote", "target": "A"})),
            reply(1, "A", true, json!({"type": "vote", "target": "C"})),
            reply(1, "B", true, json!({"type": "vote", "target": null})),
            reply(1, "C", false, json!({"type": "vote", "target": "A"})),
            reply(
                1,
                "C",
                true,
                json!({"type": "vote", "target": "A", "round": 2}),
            ),
            reply(2, "A", true, json!({"type": "vote", "targets": ["B", "C"]})),
            json!({"kind": "public", "act": 2, "event": {"type": "out", "target": "B"}}),
        ];
        assert_eq!(
            seen(&ballots(&t)),
            [
                (1, LinkKind::Vote, "A", "C"),
                (1, LinkKind::Revote, "C", "A"),
                (2, LinkKind::Vote, "A", "B"),
                (2, LinkKind::Vote, "A", "C"),
            ]
        );
    }

    #[test]
    fn an_action_on_a_seat_is_its_last_of_its_kind_in_the_act() {
        let t = [
            reply(1, "K", true, json!({"type": "kill", "target": "A"})),
            reply(1, "K", true, json!({"type": "kill", "target": "B"})),
            reply(1, "P", true, json!({"type": "check", "target": "K"})),
            reply(1, "P", false, json!({"type": "check", "target": "B"})),
            reply(1, "K", true, json!({"type": "explode"})),
            reply(1, "A", true, json!({"type": "vote", "target": "K"})),
            reply(2, "K", true, json!({"type": "kill", "target": "P"})),
        ];
        let links = actions_on_seats(&t, &[]);
        assert_eq!(
            seen(&links),
            [
                (1, LinkKind::Night, "K", "B"),
                (1, LinkKind::Night, "P", "K"),
                (2, LinkKind::Night, "K", "P"),
            ]
        );
        assert_eq!(links[1].label, Message::key("action-check"));
        assert!(
            actions_on_seats(&t, &["kill"])
                .iter()
                .all(|l| l.from == "P")
        );
    }
}
