//! The common picture of a finished game whose roles are dealt once and kept: its lanes from
//! the reveal's seats, its ballots and its actions on seats ([`super::timeline`]). A variant
//! that draws its own says so in its reading of the reveal ([`super::RevealReading`]).

use serde_json::Value;

use super::message::Fields;
use super::reveal_rows;
use super::timeline::{
    Lane, Out, Span, Timeline, Tone, act_of, actions_on_seats, ballots, common_names, last_act,
};
use super::variant::Variant;

/// The lanes of a reveal whose roles are dealt once and kept (`roles.seats[]` of `{game_id,
/// real_id, role, out: {act, cause} | null}`), each role's tone the seat's of `tones`.
pub fn kept_lanes(variant: Variant, roles: &Value, tones: &[Tone]) -> Vec<Lane> {
    let rows = reveal_rows::kept_roles(variant, roles);
    reveal_rows::seats(roles)
        .zip(rows)
        .enumerate()
        .map(|(i, (seat, row))| {
            let out = seat.get("out").filter(|o| o.is_object()).map(|o| Out {
                act: act_of(o),
                cause: variant.cause(o.s("cause")),
            });
            Lane {
                game_id: row.game_id,
                real_id: row.real_id,
                spans: vec![Span {
                    from: 1,
                    role: row.role,
                    tone: tones.get(i).copied().unwrap_or(Tone::Other),
                }],
                out,
            }
        })
        .collect()
}

/// The picture every variant of roles dealt once gets: its lanes (each seat's side as
/// `tones` draws it), its ballots and its actions on seats.
pub fn common(variant: Variant, roles: &Value, transcript: &[Value], tones: &[Tone]) -> Timeline {
    let lanes = kept_lanes(variant, roles, tones);
    let mut links = ballots(transcript);
    links.extend(actions_on_seats(transcript, &[]));
    Timeline {
        acts: last_act(transcript, &lanes),
        lanes,
        links,
        names: common_names(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::LinkKind;
    use serde_json::json;

    /// A classic reveal (CL-10): each seat keeps its dealt role, told apart by its side; the
    /// acts run to the last one any line or out names.
    #[test]
    fn a_classic_game_reads_as_roles_kept_and_outs() {
        let v = Variant::from_name("dongsha").expect("a variant");
        let roles = json!({"seats": [
            {"game_id": "K", "real_id": "u1", "role": "killer", "out": {"act": 3, "cause": "voted"}},
            {"game_id": "P", "real_id": "u2", "role": "police", "out": null},
            {"game_id": "C", "real_id": "u3", "role": "civilian", "out": {"act": 1, "cause": "killed"}},
        ]});
        let t = v.timeline(
            &roles,
            &[json!({"kind": "reply", "act": 2, "by": "K", "ok": true, "action": {"type": "kill", "target": "P"}})],
        );
        assert_eq!(t.acts, 3);
        let tones: Vec<Tone> = t.lanes.iter().map(|l| l.spans[0].tone).collect();
        assert_eq!(tones, [Tone::Bad, Tone::Police, Tone::Good]);
        assert!(
            t.lanes
                .iter()
                .all(|l| l.spans.len() == 1 && l.spans[0].from == 1)
        );
        let outs: Vec<Option<u32>> = t
            .lanes
            .iter()
            .map(|l| l.out.as_ref().map(|o| o.act))
            .collect();
        assert_eq!(outs, [Some(3), None, Some(1)]);
        assert_eq!(
            t.lanes[0].out.as_ref().map(|o| &o.cause),
            Some(&v.cause("voted"))
        );
        let links: Vec<(u32, LinkKind, &str, &str)> = t
            .links
            .iter()
            .map(|l| (l.act, l.kind, l.from.as_str(), l.to.as_str()))
            .collect();
        assert_eq!(links, [(2, LinkKind::Night, "K", "P")]);
    }
}
