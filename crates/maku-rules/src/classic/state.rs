//! The state of one classic game and its phase machine: which phase is open, what comes after it
//! (`Game::resolve`), and the history of every phase so far (each with its step, act and kind).
//!
//! An act is a night and the day after it (wujian: act 1 is the peek night and day 1, later acts
//! are days only). The phases of an act, each existing only when it happens:
//! night → [last words of its victim] → speeches (one phase per turn) or one discussion → vote
//! round 1 → [PK → vote round 2 → [PK → vote round 3]] → [last words of the voted-out] → the next
//! act's night.

use super::event::{Audience, Cause, Event, Refusal, Reply, Winner};
use super::options::Options;
use super::preset::Table;
use super::roles::{Call, Role};
use crate::setups::LastWords;
use crate::table::{Core, Day, Seat, Speeches, Stage, Team, table_core};

/// Per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    pub alive: bool,
    /// When and why it went out.
    pub out: Option<(u32, Cause)>,
    /// WJ-4: it submitted a surrender (which stands until the end).
    pub surrendered: bool,
}

/// The night's submissions: each seat's counting (last) one with its sequence number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Night {
    pub kills: Vec<Option<(Seat, u64)>>,
    pub checks: Vec<Option<(Seat, u64)>>,
    pub peeks: Vec<Option<Call>>,
    /// R4-3: each doctor's save (its last submission counts).
    pub saves: Vec<Option<Seat>>,
    /// R5-1: each sniper's shot (its last submission counts).
    pub snipes: Vec<Option<Seat>>,
    /// R4-3: each butterfly's hug (its last submission counts; R4-4 (3): replaceable until the
    /// night ends) — 4.0's butterfly's or 5.0's shield butterfly's (R5-1), whichever the table
    /// deals (one at most: `setup-one-butterfly`).
    pub hugs: Vec<Option<Seat>>,
    /// R4-3: each secret police's kill (its last submission counts).
    pub secret_kills: Vec<Option<Seat>>,
    /// R4-3: each forest elder's silence (its last submission counts; it counts even if the
    /// elder dies this night, as R4-4 resolves every action of the night).
    pub silences: Vec<Option<Seat>>,
    /// R5-1: the magician's magic (his last submission counts).
    pub magics: Vec<Option<Seat>>,
    /// R5-1: the wizard's query (his last submission counts).
    pub queries: Vec<Option<Seat>>,
    /// R5-1: each good or evil civilian's dark vote (its last submission counts).
    pub dark_votes: Vec<Option<Seat>>,
    /// R5-1: each needle doctor's needle (its last submission counts).
    pub needles: Vec<Option<Seat>>,
    /// R5-1: 5.0's forest elder's silence (his last submission counts; it counts even if he
    /// dies this night: R5-3 resolves the night's actions at once, `dark_elder.rs`).
    pub dark_silences: Vec<Option<Seat>>,
}

impl Night {
    fn new(n: usize) -> Night {
        Night {
            kills: vec![None; n],
            checks: vec![None; n],
            peeks: vec![None; n],
            saves: vec![None; n],
            snipes: vec![None; n],
            hugs: vec![None; n],
            secret_kills: vec![None; n],
            silences: vec![None; n],
            magics: vec![None; n],
            queries: vec![None; n],
            dark_votes: vec![None; n],
            needles: vec![None; n],
            dark_silences: vec![None; n],
        }
    }

    /// Every submission taken back, each list kept at its length (the next act's night, in
    /// place of a new one: no list allocated again each act).
    fn clear(&mut self) {
        for i in 0..self.kills.len() {
            self.strike(i);
        }
    }

    /// The night's submissions with `struck`'s left out (R5-3 (2): the magicked seat loses
    /// its action this night), every other seat's as they were.
    pub(super) fn without(&self, struck: Seat) -> Night {
        let mut night = self.clone();
        night.strike(struck.index());
        night
    }

    /// Takes back every submission of seat `i`.
    fn strike(&mut self, i: usize) {
        // Every list named, so that a list added to the night is struck (and cleared) too.
        let Night {
            kills,
            checks,
            peeks,
            saves,
            snipes,
            hugs,
            secret_kills,
            silences,
            magics,
            queries,
            dark_votes,
            needles,
            dark_silences,
        } = self;
        kills[i] = None;
        checks[i] = None;
        peeks[i] = None;
        saves[i] = None;
        snipes[i] = None;
        hugs[i] = None;
        secret_kills[i] = None;
        silences[i] = None;
        magics[i] = None;
        queries[i] = None;
        dark_votes[i] = None;
        needles[i] = None;
        dark_silences[i] = None;
    }

    /// The seat `s`'s own submission of the night names, whatever became of it (R5-3 (4): the
    /// wizard learns "the seat its target acted on, whether or not it took effect"): its own
    /// kill (not the killers' majority), check, save, shot, hug, secret kill, silence (4.0's
    /// elder's or 5.0's), magic, query, dark vote (a dark vote on a seat that dies this night
    /// too: it was cast) or needle (an empty one too). A seat holds one role, so one of these at
    /// most; `None` if it submitted nothing. A wujian peek names a call, not a seat (and wujian
    /// deals no wizard).
    pub(super) fn acted_on(&self, s: Seat) -> Option<Seat> {
        let i = s.index();
        // Every list named, so that a list added to the night is read too.
        let Night {
            kills,
            checks,
            peeks: _,
            saves,
            snipes,
            hugs,
            secret_kills,
            silences,
            magics,
            queries,
            dark_votes,
            needles,
            dark_silences,
        } = self;
        kills[i]
            .or(checks[i])
            .map(|(t, _)| t)
            .or(saves[i])
            .or(snipes[i])
            .or(hugs[i])
            .or(secret_kills[i])
            .or(silences[i])
            .or(magics[i])
            .or(queries[i])
            .or(dark_votes[i])
            .or(needles[i])
            .or(dark_silences[i])
    }
}

/// One classic game: the table's core (seats, phases, log; read as its own fields) and what
/// the presets add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) core: Core<Reply, Refusal, Event, Winner>,
    pub(super) table: Table,
    pub(super) options: Options,
    pub(super) roles: Vec<Role>,
    pub(super) seats: Vec<SeatState>,
    /// Police at setup (CL-4 counts last words against it).
    pub(super) police_at_setup: usize,
    /// Civilians at setup, the doctor, the sniper, the butterfly, the elder, the good civilian
    /// and the needle doctor counted with them (CL-10, `Role::counts_as_civilian`; not the evil
    /// civilian).
    pub(super) civilians_at_setup: usize,
    /// CL-10's police at setup: the police and the secret police (`Role::counts_as_police`,
    /// R4-6).
    pub(super) police_group_at_setup: usize,
    pub(super) night: Night,
    pub(super) day: Day,
    /// R4-4 (4): the seats saved last night that no kill named then (empty after a night
    /// without a save).
    pub(super) saved_unattacked: Vec<Seat>,
    /// R5-3 (5): the empty needles each seat has been given so far, by any needle doctor, over
    /// the game, by seat (a seat given two dies; `needle.rs`): sized to the seats at the first
    /// empty needle, so empty until then (and at a table without a needle doctor).
    pub(super) empty_needles: Vec<u8>,
    /// R4-3, R4-4 (3): the secret police's seats whose kill is spent (a night resolved with
    /// it, even a void one).
    pub(super) secret_spent: Vec<Seat>,
    /// CL-4: the night's dead still to leave dawn last words after the open ones, the next
    /// last (a night with a doctor or a sniper may put out more than one seat).
    pub(super) dawn_words: Vec<Seat>,
    /// R4-5: the seats 4.0's forest elder silenced for today (R4-4 (5): set at the night's end,
    /// alive after its deaths), cleared when the next act opens: it lasts one day. One seat, or
    /// two when the silence named 5.0's butterfly and landed on its hugged seat too (R5-3 (3):
    /// `shield.rs`).
    pub(super) silenced: Vec<Seat>,
    /// R5-4: the seats 5.0's forest elder silenced for today (R5-3 (3): set at the night's end,
    /// alive after its deaths): no voice, as the 4.0 elder's, and no ballot either; cleared
    /// when the next act opens (`dark_elder.rs`). One seat, or two when the silence named 5.0's
    /// butterfly and landed on its hugged seat too (R5-3 (3): `shield.rs`); each seat keeps the
    /// kind that silenced it by the list it is in (this one's takes the ballot, `silenced`'s
    /// does not).
    pub(super) dark_silenced: Vec<Seat>,
    /// R5-2: the last heir of the kill told he holds it (the magician, 5.0's forest elder,
    /// then the wizard; each once: the seats before him in the line never come back).
    pub(super) heir_told: Option<Seat>,
    /// R5-3 (5), R5-4: the night's dark votes that landed (caster, target; the caster may have
    /// died that night, the target lives at dawn), kept unseen for the day's first vote round
    /// and gone when the next act opens (`dark_vote.rs`).
    pub(super) dark_votes: Vec<(Seat, Seat)>,
}

table_core!(Game, Core<Reply, Refusal, Event, Winner>);

impl Game {
    /// A game of `names` (seat order) dealt `roles`; tells each team its members (CL-0; R4-2:
    /// the undercover is told both teams and named in both) and opens the first phase. The
    /// caller has checked the deal.
    pub(super) fn new(
        table: Table,
        options: Options,
        names: Vec<String>,
        real_ids: Vec<String>,
        roles: Vec<Role>,
    ) -> Game {
        let n = names.len();
        let mut g = Game {
            core: Core::new(names, real_ids),
            table,
            options,
            seats: vec![
                SeatState {
                    alive: true,
                    out: None,
                    surrendered: false,
                };
                n
            ],
            police_at_setup: roles.iter().filter(|r| **r == Role::Police).count(),
            civilians_at_setup: roles.iter().filter(|r| r.counts_as_civilian()).count(),
            police_group_at_setup: roles.iter().filter(|r| r.counts_as_police()).count(),
            roles,
            night: Night::new(n),
            day: Day::new(n),
            saved_unattacked: Vec::new(),
            empty_needles: Vec::new(),
            secret_spent: Vec::new(),
            dawn_words: Vec::new(),
            silenced: Vec::new(),
            dark_silenced: Vec::new(),
            heir_told: None,
            dark_votes: Vec::new(),
        };
        for team in [Team::Killers, Team::Police] {
            let seats = g.team_seats(team);
            for &s in &seats {
                g.say(
                    Audience::Seat(s),
                    Event::Teammates {
                        team,
                        seats: seats.clone(),
                    },
                );
            }
        }
        g.open(Stage::Night);
        g
    }

    /// The table it plays: its preset's or a judge's own setup.
    pub fn table(&self) -> Table {
        self.table
    }

    pub fn options(&self) -> &Options {
        &self.options
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

    pub fn seat_state(&self, s: Seat) -> &SeatState {
        &self.seats[s.index()]
    }

    /// The team's seats in seat order (all of them, in or out) as CL-0 tells them: the
    /// undercover among the killers and among the police (R4-2).
    pub fn team_seats(&self, team: Team) -> Vec<Seat> {
        self.all_seats()
            .filter(|&s| self.role(s).told_in(team))
            .collect()
    }

    /// R4-5, R5-4: whether a forest elder silenced `s` for today — 4.0's or 5.0's — (no post,
    /// no speech, no last words, no explosion; it votes unless 5.0's silenced it:
    /// [`Game::is_vote_silenced`]).
    pub fn is_silenced(&self, s: Seat) -> bool {
        self.silenced.contains(&s) || self.dark_silenced.contains(&s)
    }

    /// R5-4: whether 5.0's forest elder silenced `s` for today, so that it does not vote
    /// either ("every living, unsilenced seat votes"), in every round of the day; silenced by
    /// both elders, it does not vote (the stricter).
    pub fn is_vote_silenced(&self, s: Seat) -> bool {
        self.dark_silenced.contains(&s)
    }

    pub fn day(&self) -> &Day {
        &self.day
    }

    pub fn night(&self) -> &Night {
        &self.night
    }

    /// The seat whose ordered turn (speech, PK) or last words it is.
    pub fn speaker(&self) -> Option<Seat> {
        self.day.speaker(self.stage, self.options.speeches)
    }

    /// Ends the game: `game_over` with the winner.
    pub(super) fn finish(&mut self, winner: Winner) {
        self.core.finish(Event::GameOver { winner }, winner);
    }

    /// `seat` goes out (announced by game ID only, CL-0).
    pub(super) fn put_out(&mut self, seat: Seat, cause: Cause) {
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
            },
        );
    }

    /// CL-4: whether the seat just out (counted in `outs`) leaves last words, as the setup's
    /// `day.last_words` says (WJ-3: none; shengtui: every seat).
    pub(super) fn leaves_last_words(&self) -> bool {
        match self.table.setup().day.last_words {
            LastWords::None => false,
            LastWords::All => true,
            LastWords::UpToPolice | LastWords::R5 => self.outs <= self.police_at_setup,
        }
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
                match self.day.next_turn(self.stage, self.options.speeches) {
                    Some(turn) => self.open(turn),
                    None => self.open_vote(),
                }
            }
            Stage::Vote => self.resolve_vote(),
        }
    }

    /// CL-4: the next of the night's dead to leave last words at dawn, in the order they went
    /// out; then the day's speeches.
    pub(super) fn next_dawn_words(&mut self) {
        match self.dawn_words.pop() {
            Some(seat) => self.open(Stage::LastWords { seat, dawn: true }),
            None => self.start_day(),
        }
    }

    /// CL-5: the day's speeches open, in order from the first living seat after the last seat
    /// out (seat 1 when nobody is out yet, as on wujian's day 1). R4-5, R5-4: a seat a forest
    /// elder silenced has no turn (it is passed over, as the role games pass it); the order
    /// itself keeps it, so the day's later turns are counted from the same seats.
    pub(super) fn start_day(&mut self) {
        self.dawn_words.clear();
        let n = self.seat_count();
        self.day.order = Day::speaking_order(n, self.last_out, |s| self.is_alive(s));
        self.day.round = 1;
        let voiced: Vec<Seat> = self
            .day
            .order
            .iter()
            .copied()
            .filter(|&s| !self.is_silenced(s))
            .collect();
        match self.options.speeches {
            Speeches::Ordered => {
                let mut speakers = voiced.clone();
                if self.table.is_wujian() && self.act == 1 {
                    // WJ-3: two rounds of speeches on day 1.
                    speakers.extend_from_slice(&voiced);
                }
                let nobody = speakers.is_empty();
                self.day.speakers = speakers;
                if nobody {
                    // Every living seat silenced: nobody to speak, the vote at once.
                    self.open_vote();
                } else {
                    self.open(Stage::Speech(0));
                }
            }
            Speeches::Free => {
                self.day.speakers = voiced;
                self.open(Stage::Discussion);
            }
        }
    }

    /// Opens the vote of the day's current round (round 1: for every living seat).
    pub(super) fn open_vote(&mut self) {
        let living = self.living().collect();
        self.day.open_vote(living);
        self.open(Stage::Vote);
    }

    /// CL-7: the PK before round `round`'s vote, for `speakers` (in the day's order) but the
    /// seats silenced today (R4-5, R5-4: a silenced seat gives no PK speech, tied or not);
    /// with nobody to speak, the vote at once.
    pub(super) fn open_pk(&mut self, round: u8, candidates: Vec<Seat>, speakers: Vec<Seat>) {
        let (silenced, dark) = (&self.silenced, &self.dark_silenced);
        let speaks =
            |s: Seat| speakers.contains(&s) && !silenced.contains(&s) && !dark.contains(&s);
        if self.day.pk(round, candidates, speaks) {
            self.open(Stage::Pk(0));
        } else {
            self.open_vote();
        }
    }

    /// The next act opens: a night (wujian: a day, WJ-3).
    pub(super) fn next_act(&mut self) {
        let n = self.seat_count();
        self.act += 1;
        // CL-8: an explosion during dawn's last words ends the day; the words still owed go.
        self.dawn_words.clear();
        // R4-5, R5-4: the silences last the one day.
        self.silenced.clear();
        self.dark_silenced.clear();
        // R5-4: the dark votes are the one day's (counted in its first round, or gone with a
        // day that held no vote).
        self.dark_votes.clear();
        self.night.clear();
        self.day = Day::new(n);
        if self.table.is_wujian() {
            self.start_day();
        } else {
            self.open(Stage::Night);
        }
    }
}
