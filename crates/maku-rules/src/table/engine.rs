//! The `Engine` both table engines (the classic presets, the role games) answer alike. Each
//! engine's `Game` holds a table [`super::Core`] (read as its own, [`table_core!`]) and has
//! inherent methods of the same names and shapes, by seat (`is_alive`, `view_for`, `ballots`,
//! `play_act`…); [`table_engine!`] writes the name-to-seat dispatch once for both, and each
//! engine adds the methods only it has in the same `impl`, and its own inherent `teams_now`,
//! `silenced_now` and `series_carry` (its team threads, silences, series carry).

/// `impl Engine for $game` from its inherent methods, its typed `$action` and its `$edition`,
/// plus the engine's own methods given in braces.
macro_rules! table_engine {
    ($game:ty, $action:ty, $edition:expr, { $($own:tt)* }) => {
        impl $crate::engine::Engine for $game {
            fn submit(
                &mut self,
                by: &str,
                action: &$crate::action::Action,
            ) -> $crate::interface::Submitted {
                match action.get::<$action>() {
                    Some(a) => <$game>::submit(self, by, a),
                    None => $crate::engine::foreign_action(),
                }
            }
            fn resolve_phase(&mut self) -> Vec<$crate::interface::Line> {
                self.resolve_lines()
            }
            fn phase_of(&self, step: u32) -> $crate::interface::Phase {
                // The core's (the table's phases), not this trait's own name again.
                std::ops::Deref::deref(self).phase_of(step)
            }
            fn table_now(&self) -> $crate::interface::TableNow {
                let name = |s| self.game_id(s).to_string();
                $crate::interface::TableNow {
                    phase: self.phase(),
                    shown_step: self.shown_step(),
                    outcome: self.winner().map(|w| w.name()),
                    edition: Some($edition),
                    seats: self
                        .all_seats()
                        .map(|s| $crate::interface::PublicSeat {
                            game_id: name(s),
                            alive: self.is_alive(s),
                        })
                        .collect(),
                    owing: <$game>::owing(self).into_iter().map(name).collect(),
                    speaker: <$game>::speaker(self).map(name),
                    vote_round: <$game>::vote_round(self),
                    vote_candidates: self.candidates().iter().map(|&s| name(s)).collect(),
                    ballots: <$game>::ballots(self)
                        .into_iter()
                        .map(|(s, b)| (name(s), b.map(|t| t.map(name).into_iter().collect())))
                        .collect(),
                    published_votes: None,
                    series_carry: <$game>::series_carry(self),
                }
            }
            /// What it owes (an action, a ballot), CL-4, CL-5 and the phase's own rule for
            /// posting, its team threads and silence (the engine's own `teams_now`,
            /// `silenced_now`), and the console's facts of it.
            fn seat_now(&self, game_id: &str) -> Option<$crate::interface::SeatNow> {
                let s = self.seat_of(game_id)?;
                let (action, ballot) = <$game>::owes(self, s);
                Some($crate::interface::SeatNow {
                    role: self.role(s).name(),
                    out: self.seat_state(s).out.map(|(act, cause)| (act, cause.name())),
                    owes: $crate::interface::Owes {
                        action,
                        ballot,
                        optional: true,
                    },
                    on_turn: false,
                    may_post: <$game>::may_post(self, s),
                    silenced: <$game>::silenced_now(self, s),
                    teams: <$game>::teams_now(self, s),
                    allowed: <$game>::allowed_actions(self, s),
                    facts: $crate::interface::JudgeFacts::of(|running| {
                        <$game>::judge_facts(self, s, running)
                    }),
                })
            }
            fn view_for(&self, game_id: &str) -> Option<$crate::SeatView> {
                self.seat_of(game_id)
                    .map(|s| $crate::said::SeatView::new(<$game>::view_for(self, s)))
            }
            /// The night's submissions, then each vote round's, resolving on to the next act.
            fn play_act(
                &mut self,
                subs: &[$crate::engine::Submission],
            ) -> Vec<$crate::interface::Line> {
                let subs: Vec<(&str, &$action)> = subs
                    .iter()
                    .filter_map(|s| s.action.get::<$action>().map(|a| (s.by.as_str(), a)))
                    .collect();
                <$game>::play_act(self, &subs)
            }
            fn transcript(&self) -> Vec<$crate::interface::Line> {
                self.lines_since(0)
            }
            fn reveal_now(&self) -> serde_json::Value {
                <$game>::reveal_now(self)
            }
            $($own)*
        }
    };
}

pub(crate) use table_engine;

/// A table game reads its `core` (a [`super::Core`]) as its own fields and methods: the seats,
/// the act and phase, the winner and the log are the core's, written once for both engines.
macro_rules! table_core {
    ($game:ty, $core:ty) => {
        impl std::ops::Deref for $game {
            type Target = $core;
            fn deref(&self) -> &$core {
                &self.core
            }
        }

        impl std::ops::DerefMut for $game {
            fn deref_mut(&mut self) -> &mut $core {
                &mut self.core
            }
        }
    };
}

pub(crate) use table_core;
