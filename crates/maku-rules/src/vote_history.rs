//! The day at a glance (issue 41): each act's votes as the rules published them — the ballots
//! round by round (who voted for whom), the tallies, the tie and the outcome — read only from
//! what a game has already published: its public events and, where its options publish them,
//! the vote counts of each resolution (DN-15's `publish_votes`).
//!
//! Nothing sealed can come out of here: a ballot is read from a `votes` event, which the classic
//! presets and 4.0 publish when the round resolves (CL-6), never while it is open; Death Note
//! publishes only who is out and, with `publish_votes`, the counts (DN-14, DN-15); 5.0 only who
//! is out (R5-4). The reveal adds nothing here: it is the submissions, a different record.
//!
//! The published ballots are an object keyed by game ID, which loses the order the engines
//! write them in (every living seat in seat order, CL-6); the history gives them back in seat
//! order, the seats' public order.

use crate::said::Event;
use serde::Serialize;
use serde_json::Value;

/// What a game's rules have published of its votes, by kind: the ballots (who voted for whom),
/// the counts alone, or only who is out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Published {
    Ballots,
    Counts,
    Outcome,
}

/// The votes of a game, act by act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VoteHistory {
    /// The most any act published: ballots, counts or the outcome only.
    pub published: Published,
    /// Acts in order: every act before the one open now, and any later act whose vote has
    /// published something.
    pub days: Vec<Day>,
}

/// One act's vote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Day {
    pub act: u32,
    /// Its rounds in order (round 1, then each PK round); empty when the rules published
    /// nothing but the outcome.
    pub rounds: Vec<Round>,
    pub outcome: Outcome,
}

/// One round of a day's vote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// 1, then 2 and 3 for the PK rounds (CL-7).
    pub round: u8,
    /// Every seat that could vote, in seat order, with its choice (`None`: it cast none);
    /// `None` where the rules publish only counts.
    pub ballots: Option<Vec<Ballot>>,
    /// Votes per seat named, most first, then in seat order.
    pub tallies: Vec<Tally>,
    /// Seats that could vote and named nobody (0 where ballots are not published).
    pub abstained: u32,
    /// The seats tied at the top, in seat order; empty when the round was not a tie.
    pub tie: Vec<String>,
    /// The night's unseen dark votes were counted with this round's ballots (R5-4): the
    /// tallies above are the ballots' alone.
    pub dark_votes: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ballot {
    pub voter: String,
    pub choice: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub seat: String,
    pub votes: u32,
}

/// How a day's vote ended, as published.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Seats voted out, in the order published.
    pub out: Vec<String>,
    /// A seat that exploded, ending the day at once (CL-8).
    pub exploded: Option<String>,
    /// Seats out for casting no ballot (DN-16).
    pub no_vote: Vec<String>,
    /// The day put nobody out, and the rules said so (`peaceful`).
    pub peaceful: bool,
}

/// The vote history of a game whose seats are `seats` (game IDs in seat order), from its public
/// events (`(act, event)` in log order) and the counts each resolution published (`(act,
/// counts)`, counts most first as published). `acts_closed`: the acts before the one open now
/// (or before the last one, after the end), each listed even when it published nothing.
pub fn vote_history(
    seats: &[String],
    public: &[(u32, Event)],
    counts: &[(u32, Vec<(String, u32)>)],
    acts_closed: u32,
) -> VoteHistory {
    let mut days: Vec<Day> = (1..=acts_closed).map(empty_day).collect();
    let position = |id: &str| seats.iter().position(|s| s == id).unwrap_or(usize::MAX);
    for (act, event) in public {
        let e = event.json();
        let s = |k: &str| e.get(k).and_then(Value::as_str);
        match s("type") {
            Some("votes") => {
                let round = round_of(e);
                let mut ballots: Vec<Ballot> = e
                    .get("ballots")
                    .and_then(Value::as_object)
                    .map(|m| {
                        m.iter()
                            .map(|(voter, choice)| Ballot {
                                voter: voter.clone(),
                                choice: choice.as_str().map(str::to_string),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                ballots.sort_by_key(|b| position(&b.voter));
                let abstained = ballots.iter().filter(|b| b.choice.is_none()).count() as u32;
                let mut tallies: Vec<Tally> = Vec::new();
                for choice in ballots.iter().filter_map(|b| b.choice.as_deref()) {
                    match tallies.iter_mut().find(|t| t.seat == choice) {
                        Some(t) => t.votes += 1,
                        None => tallies.push(Tally {
                            seat: choice.to_string(),
                            votes: 1,
                        }),
                    }
                }
                tallies.sort_by(|a, b| {
                    b.votes
                        .cmp(&a.votes)
                        .then(position(&a.seat).cmp(&position(&b.seat)))
                });
                day(&mut days, *act).rounds.push(Round {
                    round,
                    ballots: Some(ballots),
                    tallies,
                    abstained,
                    tie: Vec::new(),
                    dark_votes: false,
                });
            }
            Some("tie") => {
                let round = round_of(e);
                let mut seats: Vec<String> = e
                    .get("seats")
                    .and_then(Value::as_array)
                    .map(|l| {
                        l.iter()
                            .filter_map(Value::as_str)
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_default();
                seats.sort_by_key(|g| position(g));
                let d = day(&mut days, *act);
                if let Some(r) = d.rounds.iter_mut().rev().find(|r| r.round == round) {
                    r.tie = seats;
                }
            }
            Some("dark_votes_counted") => {
                if let Some(r) = day(&mut days, *act).rounds.last_mut() {
                    r.dark_votes = true;
                }
            }
            Some("peaceful") if s("phase") == Some("day") => {
                day(&mut days, *act).outcome.peaceful = true;
            }
            Some("out") => {
                let Some(target) = s("target").map(str::to_string) else {
                    continue;
                };
                match s("cause") {
                    Some("voted") => day(&mut days, *act).outcome.out.push(target),
                    Some("exploded") => day(&mut days, *act).outcome.exploded = Some(target),
                    Some("no_vote") => day(&mut days, *act).outcome.no_vote.push(target),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    for (act, published) in counts {
        let d = day(&mut days, *act);
        if d.rounds.iter().any(|r| r.ballots.is_some()) {
            continue;
        }
        d.rounds = vec![Round {
            round: 1,
            ballots: None,
            tallies: published
                .iter()
                .map(|(seat, votes)| Tally {
                    seat: seat.clone(),
                    votes: *votes,
                })
                .collect(),
            abstained: 0,
            tie: Vec::new(),
            dark_votes: false,
        }];
    }
    let rounds = || days.iter().flat_map(|d| &d.rounds);
    let published = if rounds().any(|r| r.ballots.is_some()) {
        Published::Ballots
    } else if !counts.is_empty() {
        Published::Counts
    } else {
        Published::Outcome
    };
    VoteHistory { published, days }
}

fn empty_day(act: u32) -> Day {
    Day {
        act,
        rounds: Vec::new(),
        outcome: Outcome::default(),
    }
}

/// A vote's round as published (1 when it names none).
fn round_of(e: &Value) -> u8 {
    e.get("round")
        .and_then(Value::as_u64)
        .and_then(|r| u8::try_from(r).ok())
        .unwrap_or(1)
}

/// The day of `act`, made in its place (acts in order) when it is not there yet.
fn day(days: &mut Vec<Day>, act: u32) -> &mut Day {
    let at = match days.binary_search_by_key(&act, |d| d.act) {
        Ok(i) => i,
        Err(i) => {
            days.insert(i, empty_day(act));
            i
        }
    };
    &mut days[at]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;
    use crate::{Game, Line};
    use serde_json::json;

    /// The public events of a played scenario, as `GET /api/v1/games/{id}` lists them.
    fn public_of(lines: &[Line]) -> Vec<(u32, Event)> {
        lines
            .iter()
            .filter_map(|l| match l {
                Line::Public { act, event } => Some((*act, event.clone())),
                _ => None,
            })
            .collect()
    }

    fn ids(seats: &[&str]) -> Vec<String> {
        seats.iter().map(|s| s.to_string()).collect()
    }

    fn ballot(voter: &str, choice: Option<&str>) -> Ballot {
        Ballot {
            voter: voter.into(),
            choice: choice.map(str::to_string),
        }
    }

    fn tally(seat: &str, votes: u32) -> Tally {
        Tally {
            seat: seat.into(),
            votes,
        }
    }

    const SEATS: [&str; 8] = [
        "周伯通",
        "zero",
        "夜雨",
        "令狐冲",
        "黄药师",
        "阿飞",
        "Ghost",
        "杨过",
    ];

    /// A 东杀 table of eight: killers 夜雨 and 阿飞, police 令狐冲 and 杨过, with `acts`.
    fn dongsha(acts: Value) -> Vec<Line> {
        let seats: Vec<Value> = SEATS
            .iter()
            .enumerate()
            .map(|(i, g)| json!({"game_id": g, "real_id": format!("u{i}")}))
            .collect();
        let text = json!({
            "variant": "dongsha", "seed": 0, "seats": seats,
            "setup": {"killers": ["夜雨", "阿飞"], "police": ["令狐冲", "杨过"]},
            "acts": acts,
        });
        Scenario::parse(&text.to_string())
            .expect("a scenario")
            .run()
            .expect("it plays")
    }

    fn vote(by: &str, target: Option<&str>, round: u8) -> Value {
        json!({"by": by, "action": {"type": "vote", "target": target, "round": round}})
    }

    /// CL-6, CL-7: a classic day's ballots in seat order (not the published object's key
    /// order), its tallies most first, a tie that goes to the PK round and that round's
    /// ballots, then the next day's; nothing of the act still open.
    #[test]
    fn classic_days_list_ballots_in_seat_order_with_tallies_and_outcome() {
        let lines = dongsha(json!([
            {"submit": [
                {"by": "夜雨", "action": {"type": "kill", "target": "周伯通"}},
                vote("zero", Some("夜雨"), 1),
                vote("夜雨", Some("zero"), 1),
                vote("令狐冲", Some("夜雨"), 1),
                vote("黄药师", Some("zero"), 1),
                vote("阿飞", None, 1),
                vote("Ghost", Some("黄药师"), 1),
                vote("杨过", Some("夜雨"), 1),
                // Round 1 tied? No: 夜雨 3, zero 2. 夜雨 is out.
            ]},
            {"submit": [
                {"by": "阿飞", "action": {"type": "kill", "target": "Ghost"}},
                vote("zero", Some("阿飞"), 1),
                vote("令狐冲", Some("黄药师"), 1),
                vote("黄药师", Some("阿飞"), 1),
                vote("阿飞", Some("黄药师"), 1),
                vote("杨过", None, 1),
                vote("zero", Some("阿飞"), 2),
                vote("令狐冲", Some("阿飞"), 2),
                vote("黄药师", Some("阿飞"), 2),
                vote("阿飞", Some("黄药师"), 2),
                vote("杨过", Some("阿飞"), 2),
            ]},
        ]));
        let h = vote_history(&ids(&SEATS), &public_of(&lines), &[], 1);
        assert_eq!(h.published, Published::Ballots);
        assert_eq!(h.days.len(), 2, "{h:?}");
        let d1 = &h.days[0];
        assert_eq!(d1.act, 1);
        assert_eq!(d1.rounds.len(), 1);
        let r = &d1.rounds[0];
        assert_eq!(
            r.ballots.as_deref(),
            Some(
                &[
                    ballot("zero", Some("夜雨")),
                    ballot("夜雨", Some("zero")),
                    ballot("令狐冲", Some("夜雨")),
                    ballot("黄药师", Some("zero")),
                    ballot("阿飞", None),
                    ballot("Ghost", Some("黄药师")),
                    ballot("杨过", Some("夜雨")),
                ][..]
            ),
            "every living seat in seat order"
        );
        assert_eq!(
            r.tallies,
            [tally("夜雨", 3), tally("zero", 2), tally("黄药师", 1)]
        );
        assert_eq!(r.abstained, 1);
        assert!(r.tie.is_empty());
        assert_eq!(d1.outcome.out, ["夜雨"]);
        assert!(!d1.outcome.peaceful);

        let d2 = &h.days[1];
        assert_eq!(d2.act, 2);
        assert_eq!(d2.rounds.len(), 2, "round 1 tied, then the PK: {d2:?}");
        assert_eq!(d2.rounds[0].tie, ["黄药师", "阿飞"], "in seat order");
        assert_eq!(d2.rounds[0].tallies, [tally("黄药师", 2), tally("阿飞", 2)]);
        assert_eq!(d2.rounds[1].round, 2);
        assert_eq!(d2.rounds[1].tallies, [tally("阿飞", 4), tally("黄药师", 1)]);
        assert_eq!(d2.outcome.out, ["阿飞"]);
    }

    /// A day that ends in peace (nobody voted for) says so; the act list holds every act
    /// before the open one even when nothing was published of it.
    #[test]
    fn a_peaceful_day_and_closed_acts_without_votes() {
        let lines = dongsha(json!([
            {"submit": [
                {"by": "夜雨", "action": {"type": "kill", "target": "周伯通"}},
            ]},
        ]));
        let h = vote_history(&ids(&SEATS), &public_of(&lines), &[], 1);
        assert_eq!(h.days.len(), 1);
        let d = &h.days[0];
        assert!(d.outcome.peaceful, "{d:?}");
        assert!(d.outcome.out.is_empty());
        assert!(d.rounds[0].tallies.is_empty());
        assert_eq!(d.rounds[0].abstained, 7);
        let none = vote_history(&ids(&SEATS), &[], &[], 2);
        assert_eq!(none.days.iter().map(|d| d.act).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(none.published, Published::Outcome);
    }

    /// CL-8: an explosion ends the day at once: the day says who exploded, no round.
    #[test]
    fn an_explosion_is_the_days_outcome() {
        let lines = dongsha(json!([
            {"submit": [
                {"by": "夜雨", "action": {"type": "kill", "target": "周伯通"}},
                {"by": "阿飞", "action": {"type": "explode"}},
            ]},
        ]));
        let h = vote_history(&ids(&SEATS), &public_of(&lines), &[], 1);
        assert_eq!(h.days[0].outcome.exploded.as_deref(), Some("阿飞"), "{h:?}");
        assert!(h.days[0].rounds.is_empty());
    }

    /// A played Death Note act: the seats, the public events, the counts published.
    type Played = (
        Vec<String>,
        Vec<(u32, Event)>,
        Vec<(u32, Vec<(String, u32)>)>,
    );

    fn deathnote(publish_votes: bool) -> Played {
        let names = ["夜神月", "L", "弥海砂", "尼亚", "梅洛", "松田"];
        let seats: Vec<Value> = names
            .iter()
            .map(|n| json!({"game_id": n, "real_id": format!("u-{n}")}))
            .collect();
        let text = json!({
            "variant": "deathnote", "seed": 7, "seats": seats,
            "options": {"publish_votes": publish_votes},
            "setup": {"kira": ["夜神月", "弥海砂"]},
        });
        let scenario = Scenario::parse(&text.to_string()).expect("a scenario");
        let mut g = Game::start(&scenario.config).expect("starts");
        let mut lines = g.transcript();
        let mut counts = Vec::new();
        for (by, target) in [
            ("夜神月", "L"),
            ("L", "夜神月"),
            ("弥海砂", "L"),
            ("尼亚", "L"),
            ("梅洛", "L"),
            ("松田", "梅洛"),
        ] {
            let action = json!({"type": "vote", "targets": [target]});
            lines.extend(g.submit_json(by, &action).expect("parses").lines);
        }
        if let Some(c) = g.published_votes() {
            counts.push((1, c));
        }
        lines.extend(g.resolve_phase());
        (ids(&names), public_of(&lines), counts)
    }

    /// DN-14, DN-15: Death Note never publishes who voted for whom: without `publish_votes`
    /// the day has its outcome alone; with it, the counts, still no ballot.
    #[test]
    fn death_note_publishes_no_ballot() {
        let (seats, public, counts) = deathnote(false);
        let h = vote_history(&seats, &public, &counts, 1);
        assert_eq!(h.published, Published::Outcome);
        assert_eq!(h.days.len(), 1, "{h:?}");
        assert!(h.days[0].rounds.is_empty());
        assert_eq!(h.days[0].outcome.out, ["L"]);

        let (seats, public, counts) = deathnote(true);
        let h = vote_history(&seats, &public, &counts, 1);
        assert_eq!(h.published, Published::Counts);
        let r = &h.days[0].rounds[0];
        assert_eq!(r.ballots, None);
        assert_eq!(
            r.tallies,
            [tally("L", 4), tally("夜神月", 1), tally("梅洛", 1)]
        );
        assert_eq!(h.days[0].outcome.out, ["L"]);
        let text = serde_json::to_string(&h).expect("json");
        assert!(!text.contains("voter"), "{text}");
    }

    /// 5.0 publishes neither ballots nor ties (R5-4): only who is out.
    #[test]
    fn a_five_point_oh_day_is_its_outcome() {
        let public = vec![
            (
                1,
                Event::from_stored(json!({"type": "out", "target": "g3", "cause": "night"})),
            ),
            (
                1,
                Event::from_stored(
                    json!({"type": "out", "target": "g5", "cause": "voted", "side": "bad"}),
                ),
            ),
        ];
        let seats = ids(&["g1", "g2", "g3", "g4", "g5"]);
        let h = vote_history(&seats, &public, &[], 0);
        assert_eq!(h.published, Published::Outcome);
        assert_eq!(h.days.len(), 1);
        assert_eq!(h.days[0].outcome.out, ["g5"]);
        assert!(h.days[0].rounds.is_empty());
    }
}
