//! The state of one role game and its phase machine: which phase is open, what comes after it
//! (`Game::resolve`), and the history of every phase (step, act, kind), as the classic presets
//! have it (the phase kinds are theirs).
//!
//! An act is a night and the day after it. Its phases, each existing only when it happens:
//! night → dawn last words (4.0: of the first 2 seats out, CL-4; 5.0: of every night death,
//! one phase each in seat order, R5-4) → speeches (one phase per turn, silenced seats skipped) or
//! one discussion → vote round 1 → [4.0: PK → round 2 → [PK → round 3]] → [last words of the
//! voted-out] → the next act's night.

use super::action::NightAct;
use super::event::{Audience, Cause, Event, Refusal, Reply, Winner};
use super::role::{Role, RoleGame, Side};
use super::table::RoleTable;
use crate::table::{Core, Day, Seat, Speeches, Stage, Team, table_core};

/// One seat's counting (last) night action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NightSub {
    pub act: NightAct,
    pub target: Seat,
    /// Its place among the game's accepted submissions (CL-1, CL-2 break ties with it).
    pub seq: u64,
}

/// Per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub alive: bool,
    /// When and why it went out.
    pub out: Option<(u32, Cause)>,
}

/// The day's state besides the classic turns and votes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Today {
    /// The classic day: speaking order, turns, round, candidates, ballots.
    pub vote: Day,
    /// R4-5, R5-3: the seats that lost their voice this day.
    pub silenced: Vec<bool>,
    /// R5-3 5.: the night's dark votes that count (voter, target), unseen.
    pub dark: Vec<(Seat, Seat)>,
    /// The seats whose dawn last words are still to come, in order.
    pub dawn: Vec<Seat>,
}

impl Today {
    fn new(n: usize) -> Today {
        Today {
            vote: Day::new(n),
            silenced: vec![false; n],
            dark: Vec::new(),
            dawn: Vec::new(),
        }
    }
}

/// One role game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) core: Core<Reply, Refusal, Event, Winner>,
    /// The table: a preset's or a judge's own setup of the book whose mechanics it plays.
    pub(super) table: RoleTable,
    pub(super) speeches: Speeches,
    pub(super) roles: Vec<Role>,
    pub(super) seats: Vec<SeatState>,
    /// Each seat's counting action of the open night.
    pub(super) night: Vec<Option<NightSub>>,
    pub(super) today: Today,
    /// The seat that left last words last (5.0's speeches start after it, R5-4).
    pub(super) last_words: Option<Seat>,
    /// R4-4 (3): the secret police's kill is spent.
    pub(super) secret_spent: bool,
    /// R4-4 (4): the doctor's save of the night before, and whether that seat was attacked.
    pub(super) last_save: Option<(Seat, bool)>,
    /// R5-3 5.: empty needles each seat has had so far.
    pub(super) empty_needles: Vec<u8>,
    /// CL-4 (R4-1): the police dealt, whose count the document's `police` last words read.
    pub(super) police_at_setup: usize,
}

table_core!(Game, Core<Reply, Refusal, Event, Winner>);

impl Game {
    /// A game of `names` (seat order) dealt `roles` (checked by the caller); tells 4.0's teams
    /// their members (R4-2: the table's team threads) and opens the first night.
    pub(super) fn new(
        table: RoleTable,
        speeches: Speeches,
        names: Vec<String>,
        real_ids: Vec<String>,
        roles: Vec<Role>,
    ) -> Game {
        let n = names.len();
        let mut g = Game {
            core: Core::new(names, real_ids),
            table,
            speeches,
            roles,
            seats: vec![
                SeatState {
                    alive: true,
                    out: None,
                };
                n
            ],
            night: vec![None; n],
            today: Today::new(n),
            last_words: None,
            secret_spent: false,
            last_save: None,
            empty_needles: vec![0; n],
            police_at_setup: 0,
        };
        g.police_at_setup = g.roles.iter().filter(|&&r| r == Role::Police).count();
        if table.is_v4() {
            let teams = table
                .team_threads()
                .iter()
                .filter_map(|t| Team::from_name(t));
            for team in teams {
                let seats = g.team_seats(team);
                for &s in &seats {
                    let seats = seats.clone();
                    g.say(Audience::Seat(s), Event::Teammates { team, seats });
                }
            }
        }
        g.open(Stage::Night);
        g
    }

    /// The book's mechanics the game plays by (a preset, or the preset of its setup's book).
    pub fn kind(&self) -> RoleGame {
        self.table.game()
    }

    /// The table: a preset's, or a judge's own setup.
    pub fn table(&self) -> RoleTable {
        self.table
    }

    pub fn living(&self) -> impl Iterator<Item = Seat> + '_ {
        self.all_seats().filter(|s| self.seats[s.index()].alive)
    }

    pub fn is_alive(&self, s: Seat) -> bool {
        self.seats[s.index()].alive
    }

    pub fn role(&self, s: Seat) -> Role {
        self.roles[s.index()]
    }

    pub fn side(&self, s: Seat) -> Side {
        self.table.side(self.role(s))
    }

    pub fn seat_state(&self, s: Seat) -> &SeatState {
        &self.seats[s.index()]
    }

    /// The seat dealt `role` (the first, for a role of several).
    pub fn seat_with(&self, role: Role) -> Option<Seat> {
        self.all_seats().find(|&s| self.role(s) == role)
    }

    /// 4.0's team `team` in this act (R4-2), in seat order, in or out.
    pub fn team_seats(&self, team: Team) -> Vec<Seat> {
        self.all_seats()
            .filter(|&s| super::role::in_team(team, self.role(s), self.act))
            .collect()
    }

    /// R5-2: the living bad special that holds the kill (5.0); `None` in 4.0.
    pub fn kill_holder(&self) -> Option<Seat> {
        if self.table.is_v4() {
            return None;
        }
        Role::SUCCESSION
            .iter()
            .filter_map(|&r| self.seat_with(r))
            .find(|&s| self.is_alive(s))
    }

    /// Whether `s` lost its voice today (R4-5, R5-3).
    pub fn is_silenced(&self, s: Seat) -> bool {
        self.today.silenced[s.index()]
    }

    pub fn secret_spent(&self) -> bool {
        self.secret_spent
    }

    pub fn night_sub(&self, s: Seat) -> Option<NightSub> {
        self.night[s.index()]
    }

    pub fn today(&self) -> &Today {
        &self.today
    }

    /// The seat whose ordered turn (speech, PK) or last words it is.
    pub fn speaker(&self) -> Option<Seat> {
        self.today.vote.speaker(self.stage, self.speeches)
    }

    /// Opens `stage` as the next phase, and keeps who leaves last words (R5-4).
    pub(super) fn open(&mut self, stage: Stage) {
        self.core.open(stage);
        if let Stage::LastWords { seat, .. } = stage {
            self.last_words = Some(seat);
        }
    }

    /// Ends the game: `game_over` with the winner.
    pub(super) fn finish(&mut self, winner: Winner) {
        self.core.finish(Event::GameOver { winner }, winner);
    }

    /// `seat` goes out (by game ID only; a 5.0 day out with its published `side`); returns the
    /// count of seats out so far, this one included.
    pub(super) fn put_out(&mut self, seat: Seat, cause: Cause, side: Option<Side>) -> usize {
        let act = self.act;
        let st = &mut self.seats[seat.index()];
        st.alive = false;
        st.out = Some((act, cause));
        self.outs += 1;
        self.last_out = Some(seat);
        self.say(
            Audience::Public,
            Event::Out {
                target: seat,
                cause,
                side,
            },
        );
        self.outs
    }

    /// Ends the open phase (its deadline came, or the judge or the speaker ended it) and opens
    /// the next; after the end, nothing.
    pub fn resolve(&mut self) {
        match self.stage {
            Stage::Over => {}
            Stage::Night => self.resolve_night(),
            Stage::LastWords { dawn: true, .. } => self.next_dawn_words(),
            Stage::LastWords { dawn: false, .. } => self.next_act(),
            Stage::Speech(_) | Stage::Pk(_) | Stage::Discussion => {
                match self.today.vote.next_turn(self.stage, self.speeches) {
                    Some(turn) => self.open(turn),
                    None => self.open_vote(),
                }
            }
            Stage::Vote => self.resolve_vote(),
        }
    }

    /// The night's deaths `dead` (in announcement order) are out; the end is checked, 5.0's kill
    /// passes on (R5-2), and dawn's last words or the day open.
    pub(super) fn dawn(&mut self, dead: &[Seat]) {
        let holder = self.kill_holder();
        let mut words = Vec::new();
        for &s in dead {
            let outs = self.put_out(s, Cause::Night, None);
            if !self.table.is_v4() || self.leaves_last_words(outs) {
                words.push(s);
            }
        }
        if dead.is_empty() {
            self.say(Audience::Public, Event::Peaceful { day: false });
        }
        if self.check_end() {
            return;
        }
        self.pass_the_kill(holder);
        // 5.0: in seat order; 4.0: in the order they went out.
        if !self.table.is_v4() {
            words.sort_unstable();
        }
        words.reverse();
        self.today.dawn = words;
        self.next_dawn_words();
    }

    /// R4-1 (CL-4): whether the `outs`-th seat out leaves last words, as the document's
    /// `day.last_words` says (4.0's book: the first 2 seats out, its 2 police).
    pub(super) fn leaves_last_words(&self, outs: usize) -> bool {
        self.table.last_words(outs, self.police_at_setup)
    }

    /// R5-2: when the kill's holder `before` is out, its new holder is told at once.
    pub(super) fn pass_the_kill(&mut self, before: Option<Seat>) {
        let now = self.kill_holder();
        if let Some(s) = now
            && now != before
        {
            self.say(Audience::Seat(s), Event::KillInherited);
        }
    }

    /// The next dawn last words, or the day's speeches.
    fn next_dawn_words(&mut self) {
        match self.today.dawn.pop() {
            Some(seat) => self.open(Stage::LastWords { seat, dawn: true }),
            None => self.start_day(),
        }
    }

    /// The day's speeches (CL-5; R5-4): every living unsilenced seat, in order from the first
    /// living seat after the last seat out (4.0) or after the last seat that left last words
    /// (5.0); seat 1 first when there is none.
    fn start_day(&mut self) {
        let n = self.seat_count();
        let after = if self.table.is_v4() {
            self.last_out
        } else {
            self.last_words
        };
        let order = Day::speaking_order(n, after, |s| self.is_alive(s));
        let day = &mut self.today.vote;
        day.speakers = order
            .iter()
            .copied()
            .filter(|s| !self.today.silenced[s.index()])
            .collect();
        day.order = order;
        day.round = 1;
        match self.speeches {
            Speeches::Ordered if !self.today.vote.speakers.is_empty() => {
                self.open(Stage::Speech(0))
            }
            Speeches::Ordered => self.open_vote(),
            Speeches::Free => self.open(Stage::Discussion),
        }
    }

    /// Opens the vote of the day's round (round 1: for every living seat).
    pub(super) fn open_vote(&mut self) {
        let living = self.living().collect();
        self.today.vote.open_vote(living);
        self.open(Stage::Vote);
    }

    /// CL-7 (4.0): the PK before round `round`'s vote, for the unsilenced `speakers` in the
    /// day's order; with nobody to speak, the vote at once.
    pub(super) fn open_pk(&mut self, round: u8, candidates: Vec<Seat>, speakers: &[Seat]) {
        let silenced = &self.today.silenced;
        let speaks = |s: Seat| speakers.contains(&s) && !silenced[s.index()];
        if self.today.vote.pk(round, candidates, speaks) {
            self.open(Stage::Pk(0));
        } else {
            self.open_vote();
        }
    }

    /// The voted-out `seat` leaves last words, if it does, or the next act opens.
    pub(super) fn after_vote_out(&mut self, seat: Seat, leaves_words: bool) {
        if leaves_words && !self.is_silenced(seat) {
            self.open(Stage::LastWords { seat, dawn: false });
        } else {
            self.next_act();
        }
    }

    /// The next act's night.
    pub(super) fn next_act(&mut self) {
        let n = self.seat_count();
        self.act += 1;
        self.night = vec![None; n];
        self.today = Today::new(n);
        self.open(Stage::Night);
    }
}
