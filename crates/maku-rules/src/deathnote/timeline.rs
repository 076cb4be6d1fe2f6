//! DN-28's picture: each seat Kira or good over the acts (a notebook changing hands changes
//! roles), the notebooks passing between seats (DN-17, DN-18, DN-24), the joins (DN-11), the
//! Eye's sightings (DN-21), the kills (DN-7) and every act's ballots (DN-14).

use serde_json::Value;

use super::messages;
use crate::message::{Fields, Message, dashed};
use crate::reveal_rows;
use crate::timeline::{self, Lane, Link, LinkKind, Out, Span, Timeline, Tone, accepted, ballots};

/// The picture from the reveal (`roles.seats[]` of `{game_id, real_id, kira_at_start, out:
/// [act, cause], history: [{act, notebook, change, with, role_after}]}`) and the transcript.
pub fn timeline(roles: &Value, transcript: &[Value]) -> Timeline {
    let lanes: Vec<Lane> = reveal_rows::seats(roles).map(lane).collect();
    let mut links = ballots(transcript);
    links.extend(passes(roles));
    for a in accepted(transcript) {
        let (kind, label) = match a.action.s("type") {
            "join" => (LinkKind::Join, Message::key("action-join")),
            "eye_use" => (LinkKind::Sight, Message::key("action-eye-use")),
            "kill" => (
                LinkKind::Night,
                Message::key(format!("dn-picture-{}", dashed(a.reply.s("type")))),
            ),
            _ => continue,
        };
        if let Some(target) = a.action.get("target").and_then(Value::as_str) {
            links.push(Link {
                act: a.act,
                kind,
                from: a.by.to_string(),
                to: target.to_string(),
                label,
            });
        }
    }
    links.sort_by_key(|l| l.act);
    let mut names = timeline::common_names();
    names.extend([
        (LinkKind::Pass, Message::key("dn-picture-link-pass")),
        (LinkKind::Join, Message::key("dn-picture-link-join")),
        (LinkKind::Sight, Message::key("dn-picture-link-sight")),
    ]);
    Timeline {
        acts: timeline::last_act(transcript, &lanes),
        lanes,
        links,
        names,
    }
}

/// A seat's roles: Kira from act 1 if dealt a notebook (DN-2), then each change of its role
/// history that made it Kira or good again (DN-28).
fn lane(seat: &Value) -> Lane {
    let kira = |n: Option<u64>| Span {
        from: 1,
        role: match n {
            Some(n) => Message::key("reveal-kira-nb").arg("n", n),
            None => Message::key("reveal-kira"),
        },
        tone: Tone::Bad,
    };
    let good = || Span {
        from: 1,
        role: Message::key("reveal-good"),
        tone: Tone::Good,
    };
    let mut spans = vec![match seat.get("kira_at_start").and_then(Value::as_u64) {
        Some(n) => kira(Some(n)),
        None => good(),
    }];
    for c in seat
        .get("history")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let now = match c.s("role_after") {
            "kira" => kira(Some(c.n("notebook")).filter(|&n| n > 0)),
            "good" => good(),
            _ => continue,
        };
        let act = u32::try_from(c.n("act")).unwrap_or(u32::MAX);
        let last = spans.last().map(|s| (s.tone, &s.role));
        if last != Some((now.tone, &now.role)) {
            spans.push(Span { from: act, ..now });
        }
    }
    Lane {
        game_id: seat.s("game_id").to_string(),
        real_id: seat.s("real_id").to_string(),
        spans,
        out: seat
            .get("out")
            .and_then(Value::as_array)
            .and_then(|o| Some((o.first()?.as_u64()?, o.get(1)?.as_str()?)))
            .map(|(act, cause)| Out {
                act: u32::try_from(act).unwrap_or(u32::MAX),
                cause: messages::cause(cause),
            }),
    }
}

/// Every notebook that changed hands, from the receiving seat's history: given (DN-18),
/// recaptured (DN-17), taken by its holder's killer (DN-17).
fn passes(roles: &Value) -> Vec<Link> {
    let mut links = Vec::new();
    for seat in reveal_rows::seats(roles) {
        for c in seat
            .get("history")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let change = c.s("change");
            let (Some(from), true) = (
                c.get("with").and_then(Value::as_str),
                matches!(change, "received" | "recaptured" | "took"),
            ) else {
                continue;
            };
            links.push(Link {
                act: u32::try_from(c.n("act")).unwrap_or(u32::MAX),
                kind: LinkKind::Pass,
                from: from.to_string(),
                to: seat.s("game_id").to_string(),
                label: Message::key(format!("reveal-change-{}", dashed(change)))
                    .arg("n", c.n("notebook"))
                    .arg("with", from),
            });
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn reply(act: u32, by: &str, action: Value) -> Value {
        json!({"kind": "reply", "act": act, "by": by, "ok": true, "action": action,
               "reply": {"type": "join_recorded"}})
    }

    fn seen(links: &[Link]) -> Vec<(u32, LinkKind, &str, &str)> {
        links
            .iter()
            .map(|l| (l.act, l.kind, l.from.as_str(), l.to.as_str()))
            .collect()
    }

    /// DN-28: a notebook passing makes its receiver Kira from that act; the giver is good
    /// again; a join and the Eye are drawn as their own links, a kill with its outcome.
    #[test]
    fn a_death_note_game_reads_its_role_history() {
        let roles = json!({"seats": [
            {"game_id": "月", "real_id": "a", "kira_at_start": 1, "role": "good", "out": null,
             "history": [{"act": 2, "notebook": 1, "change": "gave", "with": "L", "role_after": "good"}]},
            {"game_id": "L", "real_id": "b", "role": "kira", "out": [4, "voted"],
             "history": [{"act": 2, "notebook": 1, "change": "received", "with": "月", "role_after": "kira"},
                         {"act": 4, "notebook": 1, "change": "destroyed", "role_after": "out"}]},
            {"game_id": "M", "real_id": "c", "kira_at_start": 2, "role": "kira", "out": null, "history": []},
        ]});
        let mut kill = reply(
            3,
            "L",
            json!({"type": "kill", "target": "M", "real_id": "c"}),
        );
        kill["reply"] = json!({"type": "kill_succeeded"});
        let t = timeline(
            &roles,
            &[
                reply(
                    1,
                    "M",
                    json!({"type": "join", "target": "月", "notebook": 2}),
                ),
                reply(1, "月", json!({"type": "eye_use", "target": "L"})),
                kill,
            ],
        );
        assert_eq!(t.acts, 4);
        let spans = |i: usize| -> Vec<(u32, Tone)> {
            t.lanes[i].spans.iter().map(|s| (s.from, s.tone)).collect()
        };
        assert_eq!(spans(0), [(1, Tone::Bad), (2, Tone::Good)]);
        assert_eq!(spans(1), [(1, Tone::Good), (2, Tone::Bad)]);
        assert_eq!(spans(2), [(1, Tone::Bad)]);
        assert_eq!(t.lanes[1].out.as_ref().map(|o| o.act), Some(4));
        assert_eq!(
            seen(&t.links),
            [
                (1, LinkKind::Join, "M", "月"),
                (1, LinkKind::Sight, "月", "L"),
                (2, LinkKind::Pass, "月", "L"),
                (3, LinkKind::Night, "L", "M"),
            ]
        );
        assert_eq!(t.links[3].label, Message::key("dn-picture-kill-succeeded"));
    }
}
