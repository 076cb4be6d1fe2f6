//! The classic presets' engine (东杀 `dongsha`, killgame 纸牌 `killgame`, 生推 `shengtui`, 无间道
//! `wujian`): `../shared/rules/classic.md` (second edition), rule numbers CL-0..CL-11, WJ-1..WJ-4.
//!
//! A pure, deterministic state machine of phases: `Game::submit_as` checks then applies one
//! submission (refusals change nothing but the log), `Game::resolve` ends the open phase and
//! opens the next. No clock and no randomness but the seeded draw of a deal nobody fixed. Every
//! reply and event is logged with its audience (`Entry`), so pages are projections of one log.
//!
//! # Phases
//! The server runs a game as a sequence of phases, finer than the replay's acts (`state.rs`):
//! `night` (CL-1, CL-2; wujian: the one peek night, WJ-2), `last_words` (CL-4: one per seat out
//! that leaves them, at dawn or after the vote), `speech` (CL-5 ordered: one per turn; wujian
//! day 1 has two rounds of turns, WJ-3), `discussion` (CL-5 free: one for the day), `vote`
//! (CL-6, rounds 1 to 3) and `pk` (CL-7: ordered, one per turn; free, one for its speakers). A
//! phase exists only when it happens. An explosion (CL-8) and a surrender (CL-9, WJ-4) change the
//! phase inside the submission.
//!
//! # Roles across books
//! A judge's own classic setup may deal 4.0's doctor (`doctor.rs`), 5.0's sniper (`sniper.rs`),
//! 4.0's butterfly (`butterfly.rs`), secret police (`secret_police.rs`), forest elder (`elder.rs`)
//! and undercover (`undercover.rs`), 5.0's magician (`magician.rs`), wizard (`wizard.rs`),
//! good and evil civilians (`dark_vote.rs`), forest elder (`dark_elder.rs`, the code
//! `dark_elder`) and butterfly (`shield.rs`: the shield butterfly, never beside 4.0's;
//! `docs/setups.md`): the doctor `save`s one living seat a night (R4-3), the
//! sniper `snipe`s one (R5-1), the butterfly `hug`s one other seat (R4-3), the secret police
//! `secret_kill`s one other seat once per game (R4-3), the elder `silence`s one seat (R4-3), the undercover is told both
//! teams, sits in the killers' thread in act 1 only and `check`s with the police, wins with the
//! killers and reads `killer` (R4-2, R4-3, R4-6), the magician knows nobody, `magic`s one other
//! seat (R5-1) and holds the kill once every killer is out (R5-2), wins with the killers and reads
//! `killer` (R5-3 (4), R5-5), the wizard knows nobody, `query`s one other seat and is told what its
//! own submission of the night named (R5-1, R5-3 (4)), holds the kill once every killer and the
//! magician dealt are out (R5-2), wins with the killers and reads `killer`, the good and the evil
//! civilian know nobody and `dark_vote` one seat, itself allowed (R5-1), the dark votes that land
//! (R5-3 (5)) added unseen to the next day's first vote round (R5-4), the good civilian counted
//! among the civilians, the evil civilian winning with the killers but counted nowhere and read
//! `not_killer` (R5-3 (4), R5-5), 5.0's needle doctor (`needle.rs`, a code of its own beside
//! 4.0's doctor) knows nobody and `needle`s one living seat, itself allowed (R5-1), counted among
//! the civilians and read `not_killer`, 5.0's forest elder knows nobody, `silence`s one seat,
//! itself allowed (R5-1), the silenced seat neither speaking nor voting the next day (R5-4),
//! holds the kill once every killer and the magician dealt are out (R5-2), wins with the killers
//! and reads `killer`, 5.0's butterfly `hug`s one other seat, which is immune that night to
//! everything aimed at it while what lands on the butterfly lands on it too (R5-1, R5-3
//! (1)-(4)); and the night resolves with 5.0's hug first (R5-3 (1): magic aimed at its hugged
//! seat has no effect), then the magic (R5-3 (2): the magicked seat's submissions count for
//! nothing), then in
//! R4-4's order — the kills (the killers', CL-1; the secret police's; the shots with them, R5-3
//! (3)), the hug's effects on them (R4-4 (1); 5.0's, R5-3 (1), (3), on the save and the check
//! too), the save (R4-4 (2): it spares the killers' kill
//! only), the secret police's immunity (R4-4 (3)), the needles (R5-3 (5): each cancels one kill
//! or shot left on its seat), the deaths, the doctor's rule (R4-4 (4)), the empty needles' rule
//! (R5-3 (5): a seat given its second empty needle dies), the
//! check (CL-2), the wizard's answer (R5-3 (4)), the silence (R4-4 (5)), 5.0's elder's silence
//! (R5-3 (3)) and the dark votes that land (R5-3 (5)); the seat 4.0's elder silenced keeps its
//! vote but not its voice the next day (R4-5), the one 5.0's silenced keeps neither (R5-4). A table without them plays exactly as before:
//! same forms, deal draw, bots and transcripts.
//!
//! # Options
//! `speeches` (`"ordered"`, the default, or `"free"`), `previous_first_victim` (CL-3, a game
//! ID), `edition` (only 2, pinned at the start); anything else is refused.
//!
//! # Readings of the ruling book
//! Where the book leaves a point open, this engine decides:
//! - Every turn of a day follows the day's speaking order (CL-5: from the first living seat
//!   after the last seat out, seat 1 when nobody is out yet): the PK speeches too (the tied
//!   seats, then every other living seat), each list in that order. A PK with nobody to speak
//!   (every living seat tied at the second tie) has no phase: the vote opens at once.
//! - A day's round is 1 from dawn to the first vote, 2 from the first tie to the second vote, 3
//!   after the second tie. A vote or an explosion naming another round than the open one is
//!   `not_now`; a vote is taken only in a vote phase. An explosion may come in any phase of the
//!   day (dawn's last words, speeches, PK, votes), not in the last words after the day's vote.
//! - CL-2: "alive when the night began" is every officer alive before the night's kill; the
//!   check and the kill each count each seat's last submission, ties to the earliest counting
//!   submission of the tied seats.
//! - CL-9: a surrender needs the night and no living teammate (`not_now` otherwise); a civilian
//!   or a seat of a preset without it: `not_your_role`. WJ-4: a wujian seat may surrender at any
//!   time while the game runs; it is accepted again (`surrendered`) and changes nothing.
//! - CL-10 is checked in its order (killers, police, civilians); CL-11's "2 or fewer civilians"
//!   only after a vote-out. WJ-4's "3 seats remain" is 3 or fewer; a wujian day with nobody
//!   voted for in round 1 publishes `peaceful` before `game_over`, a third tie only `tie` and
//!   `game_over` (as killgame's draw). Wujian's night publishes nothing (there is no kill).
//! - CL-4's count includes the seat just out; an exploded killer leaves none (CL-8), nor does a
//!   seat out when its going ends the game.
//! - A night with a role of another book may put out more than one seat (the kill's victim —
//!   the butterfly and its hugged seat —, the secret kill's, the shot seats in seat order, the
//!   doctor's rule's, the empty needles' in seat order): they go out in that order, all announced
//!   `killed` (R4-4: by game ID only; R5-4: without causes; so a shot, the doctor's rule or a
//!   second empty needle reads as a kill); each leaves last words by CL-4's count in that
//!   order; the end is
//!   checked once all are out (CL-10 in its order); the day's speeches start after the last
//!   seat out (CL-5). An explosion during dawn's last words ends the day: last words still
//!   owed are not given.
//! - CL-2 with a doctor or a sniper: the check is R4-4's last step, but every officer alive
//!   when the night began is told (the one who dies this night too, whatever kills him, a
//!   shot too), so the result is told before dawn's `out`s, as without one. The doctor and the
//!   sniper read `not_killer`.
//! - CL-10, CL-11: a doctor, a needle doctor, a sniper, a butterfly, an elder and a good
//!   civilian count among the civilians (good seats outside the teams); a secret police counts
//!   with the police for
//!   CL-10 (R4-6), not for CL-4's count of last words (R4-1); an undercover, a magician, 5.0's
//!   forest elder and a wizard count with the killers (R4-6, R5-5); an evil civilian counts nowhere and wins with
//!   the killers (R5-5: civilians do not count).
//! - A judge's table under the parity win rule (`win.rule: "parity"`) is checked in CL-10's
//!   place, with the same counts: the killers win once their side is at least as many as the
//!   police and civilians, good once their side is out, both at once a draw (`end.rs`).
//! - CL-6 with R5-4 (`dark_vote.rs`): round 1 counts the night's dark votes with the ballots;
//!   the published `votes` are the day's ballots alone, followed at such a table by
//!   `dark_votes_counted` (said every first round, a vote counted or not); the outcome (out, tie, nobody) follows the combined count. PK
//!   rounds count the ballots alone.
//! - CL-9 with an undercover: he never surrenders; a killer is the last of his team when no
//!   other killer lives; an officer is not while the undercover lives (`undercover.rs`). The
//!   magician, 5.0's forest elder and the wizard never surrender nor keep the killers standing
//!   (`magician.rs`, `dark_elder.rs`, `wizard.rs`).
//! - R5-2: the heir who now holds the kill (the magician once every killer is out, 5.0's
//!   forest elder once the magician dealt is out too, the wizard once the elder dealt is out
//!   too: `Role::HEIRS`) is told `kill_inherited` as the end is
//!   checked after the seat before him went out (not when the game ended there), before any
//!   last words.
//! - R4-5 at a classic day (a table that deals 4.0's forest elder, `elder.rs`): the seat
//!   silenced at the night's end has no speech (CL-5: passed over), no PK speech (CL-7), no
//!   post in the game thread, no last words when voted out (CL-4) and no explosion (CL-8:
//!   `silenced`); it still votes (CL-6, CL-7). It lasts that one day.
//! - R5-4 at a classic day (a table that deals 5.0's forest elder, `dark_elder.rs`): the seat
//!   he silenced at the night's end loses the same as R4-5's and its ballot too, in every round
//!   (refused `silenced`; it owes none, and the published ballots list it as one that cast
//!   none). Silenced by both elders, it does not vote. It lasts that one day.
//! - CL-3: a saved first-night victim did not die, so the series carries no victim; with a
//!   sniper the series carries the first seat out on night 1 (the kill's victim if it died,
//!   else a shot seat: the announcement does not say which was which).
//! - The spec's action types of other games (`join`, `hug`, …) parse and are refused
//!   `not_your_role`; any other type is malformed.
//! - A replay act's lines are all dated with that act (a vote refused after the day ended is
//!   still of the act it was submitted in); after the end the acts count on.
//! - After the end, submissions are refused `game_over` and resolutions publish nothing.

mod action;
pub mod bot;
mod butterfly;
mod dark_elder;
mod dark_vote;
mod doctor;
mod elder;
mod end;
mod event;
mod forms;
mod lines;
mod magician;
mod messages;
mod needle;
mod night;
mod options;
mod play;
mod preset;
mod roles;
mod rules;
mod secret_police;
mod setup;
mod shield;
mod sniper;
mod state;
mod submit;
mod undercover;
mod variant;
mod view;
mod vote;
mod wizard;

pub use action::{Across, Action};
pub use event::{Audience, Cause, Entry, Event, Item, Refusal, Reply, Seen, Side, Winner};
pub use forms::forms;
pub use options::{EDITION, Options};
pub use preset::{Custom, Preset, Table, ThirdTie};
pub use roles::{Call, Faction, Role};
pub use setup::{SetupError, draw_roles, start};
pub use state::{Game, Night, SeatState};
pub use variant::{DONGSHA, KILLGAME, SHENGTUI, WUJIAN, custom};
// What the classic presets share with the role games, at the paths it always had.
pub use crate::table::{
    CAST, Count, Day, History, Kind, PHASES, PhaseRecord, Seat, Seating, Speeches, Stage, Team,
    count, majority,
};
