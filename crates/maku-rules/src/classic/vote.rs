//! The day's vote (CL-6) and its ties (CL-7); at a table that deals 5.0's civilians, the
//! night's dark votes added to round 1, unseen (R5-4, `dark_vote.rs`).

use super::event::{Audience, Cause, Event};
use super::state::Game;
use crate::setups::ThirdTie;
use crate::table::{Count, Seat, Stage, count};

impl Game {
    /// Ends a round's vote: the ballots are published, then the seat out, the tie (with the PK
    /// and the next round, or the last tie's rule: CL-7's third, `day.pk_rounds`) or the peaceful day. In round 1 the
    /// night's dark votes count with the ballots, one each (R5-4); the published ballots stay
    /// the day's alone, and a table that deals dark votes adds one line that any were counted.
    pub(super) fn resolve_vote(&mut self) {
        let round = self.day.round;
        let ballots: Vec<(Seat, Option<Seat>)> = self
            .living()
            .map(|s| (s, self.day.ballots[s.index()].flatten()))
            .collect();
        let mut cast: Vec<Option<Seat>> = ballots.iter().map(|(_, b)| *b).collect();
        let dark = self.take_dark_votes(round);
        cast.extend(dark.iter().copied().map(Some));
        let result = count(&cast, &self.day.candidates, round);
        self.say(Audience::Public, Event::Votes { round, ballots });
        // The line is said after every first round at a table that deals dark votes, whether
        // or not one counted: said only when one counted, it would tell that a civilian lived
        // and voted (R5-4: the dark votes are unseen).
        if round == 1 && self.deals_dark_votes() {
            self.say(Audience::Public, Event::DarkVotesCounted);
        }
        match result {
            Count::Nobody => self.day_without_out(false),
            Count::Out(seat) => {
                self.put_out(seat, Cause::Voted);
                if self.check_end(true) {
                    return;
                }
                // R4-5: a seat voted out on the day it is silenced leaves no last words (it
                // still counts among the seats out for CL-4).
                if self.leaves_last_words() && !self.is_silenced(seat) {
                    self.open(Stage::LastWords { seat, dawn: false });
                } else {
                    self.next_act();
                }
            }
            Count::Tie(seats) => {
                self.say(
                    Audience::Public,
                    Event::Tie {
                        round,
                        seats: seats.clone(),
                    },
                );
                match round {
                    // The last tie (CL-7's third; the first or second with fewer PK rounds,
                    // `day.pk_rounds`): the document's rule, no PK.
                    _ if self.table.last_tie(round) => match self.table.third_tie() {
                        ThirdTie::Peaceful | ThirdTie::Ends => self.day_without_out(true),
                        ThirdTie::Draw => self.finish(super::event::Winner::Draw),
                    },
                    // First tie: the tied seats speak, then a revote for them.
                    1 => self.open_pk(2, seats.clone(), seats),
                    // Second tie: every other living seat speaks, then a revote for this tie
                    // (the silenced seat not: `open_pk`, R4-5).
                    _ => {
                        let others: Vec<Seat> =
                            self.living().filter(|s| !seats.contains(s)).collect();
                        self.open_pk(3, seats, others);
                    }
                }
            }
        }
    }

    /// A day that put nobody out (after the `last_tie`, or nobody voted for): `peaceful`, then
    /// the next act (wujian: the end, WJ-4, with no `peaceful` after its last tie).
    fn day_without_out(&mut self, last_tie: bool) {
        if !(self.table.is_wujian() && last_tie) {
            self.say(Audience::Public, Event::Peaceful { day: true });
        }
        if self.table.is_wujian() {
            self.end_wujian(true);
        } else {
            self.next_act();
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::Game;
    use crate::classic::doctor::tests::{
        cast, dongsha_deal, dongsha_with, handle, public, started, to_vote,
    };

    /// 东杀 (9 seats: killers g1 g2, police g3 g4, civilians g5..g9) with `day.pk_rounds` and
    /// `day.third_tie` as given, named `name`.
    fn table(name: &str, pk_rounds: u8, third_tie: &str) -> Game {
        let v = handle(dongsha_with(&[]), name, |d| {
            d["day"]["pk_rounds"] = json!(pk_rounds);
            d["day"]["third_tie"] = json!(third_tie);
        });
        started(v, 9, dongsha_deal(json!({})))
    }

    /// The open round resolved with g1 g2 on g5 and g3 g4 on g6 (a tie of g5 and g6, CL-7);
    /// the public events it published.
    fn tie_g5_g6(g: &mut Game) -> Vec<Value> {
        to_vote(g);
        cast(g, &[("g1", "g5"), ("g2", "g5"), ("g3", "g6"), ("g4", "g6")]);
        public(g.resolve_phase())
    }

    fn kinds(events: &[Value]) -> Vec<&str> {
        events.iter().filter_map(|e| e["type"].as_str()).collect()
    }

    fn night_1(g: &mut Game) {
        assert_eq!(g.current_phase().kind, "night");
        g.resolve_phase();
    }

    /// CL-7 with `pk_rounds: 0`: the first tie is the last — no PK speeches open, and the
    /// document's third tie applies at once: `peaceful` puts nobody out and the day ends, `draw`
    /// ends the game a draw.
    #[test]
    fn cl_7_no_pk_rounds_a_round_1_tie_is_the_last() {
        let mut g = table("cl-7-pk0-peaceful", 0, "peaceful");
        night_1(&mut g);
        let said = tie_g5_g6(&mut g);
        assert_eq!(kinds(&said), ["votes", "tie", "peaceful"], "{said:?}");
        assert_eq!(
            said[1],
            json!({"type": "tie", "round": 1, "seats": ["g5", "g6"]})
        );
        assert_eq!(g.current_phase().kind, "night", "no PK: the next night");
        assert_eq!(g.outcome(), None);
        assert_eq!(
            g.seats().iter().filter(|s| s.alive).count(),
            9,
            "nobody out"
        );

        let mut g = table("cl-7-pk0-draw", 0, "draw");
        night_1(&mut g);
        let said = tie_g5_g6(&mut g);
        assert_eq!(kinds(&said), ["votes", "tie", "game_over"], "{said:?}");
        assert_eq!(g.outcome(), Some("draw"));
    }

    /// CL-7 with `pk_rounds: 1`: the first tie gets its PK speeches by the tied seats and the
    /// revote among them (round 2); a tie there is the last: no round of the others' speeches.
    #[test]
    fn cl_7_one_pk_round_a_round_2_tie_is_the_last() {
        for (name, tie, outcome) in [
            ("cl-7-pk1-peaceful", "peaceful", None),
            ("cl-7-pk1-draw", "draw", Some("draw")),
        ] {
            let mut g = table(name, 1, tie);
            night_1(&mut g);
            let said = tie_g5_g6(&mut g);
            assert_eq!(kinds(&said), ["votes", "tie"], "{name}: {said:?}");
            assert_eq!(g.current_phase().kind, "pk", "{name}: the tied seats' PK");
            let said = tie_g5_g6(&mut g);
            assert_eq!(
                said[1],
                json!({"type": "tie", "round": 2, "seats": ["g5", "g6"]})
            );
            assert_eq!(g.outcome(), outcome, "{name}");
            if outcome.is_none() {
                assert_eq!(kinds(&said), ["votes", "tie", "peaceful"], "{name}");
                assert_eq!(g.current_phase().kind, "night", "{name}: no third round");
            }
        }
    }

    /// CL-7 with `pk_rounds: 2` said in the document: the presets' reading (two PK rounds, the
    /// third tie's rule in round 3), and the same setup as leaving it out.
    #[test]
    fn cl_7_two_pk_rounds_are_the_default() {
        let mut g = table("cl-7-pk2-draw", 2, "draw");
        night_1(&mut g);
        for round in 1..=2 {
            let said = tie_g5_g6(&mut g);
            assert_eq!(kinds(&said), ["votes", "tie"], "round {round}");
            assert_eq!(g.current_phase().kind, "pk", "round {round}");
        }
        let said = tie_g5_g6(&mut g);
        assert_eq!(said[1]["round"], json!(3));
        assert_eq!(g.outcome(), Some("draw"));
        let mut d = dongsha_with(&[]);
        d["day"]["pk_rounds"] = json!(2);
        let said = crate::setups::read(&d).expect("it holds");
        assert_eq!(
            crate::setups::played_as(&said).map(|(n, _)| n),
            Some("dongsha")
        );
    }

    /// WJ-4 with `pk_rounds: 0`: a round-1 tie is the last tie and ends the game at once (no
    /// `peaceful`, as after CL-7's third), while a round 1 that votes for nobody is a peaceful
    /// day that ends it too.
    #[test]
    fn wj_4_no_pk_rounds_a_round_1_tie_ends_wujian() {
        let text = crate::setups::PRESETS
            .iter()
            .find(|(n, _)| *n == "wujian")
            .map(|(_, t)| *t)
            .unwrap_or_default();
        let doc: Value = serde_json::from_str(text).expect("JSON");
        let v = handle(doc, "wj-4-pk0", |d| d["day"]["pk_rounds"] = json!(0));
        let mut g =
            Game::start(&crate::classic::doctor::tests::config(v, 10, None)).expect("it starts");
        to_vote(&mut g);
        cast(&mut g, &[("g1", "g5"), ("g2", "g6")]);
        let said = public(g.resolve_phase());
        assert_eq!(said[1]["type"], json!("tie"), "{said:?}");
        assert!(!kinds(&said).contains(&"peaceful"), "{said:?}");
        assert!(g.outcome().is_some(), "the game is over");
    }
}
