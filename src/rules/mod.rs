//! Pure rules engines: state, actions, resolution. No I/O, no clock, no database.
//!
//! The server, `maku replay` and `maku simulate` talk to every variant through [`Game`]: a game
//! is a sequence of phases (Death Note: one per act), each taking submissions as JSON action
//! objects (exactly the replay/API objects) and ending with a resolution. Callers name a variant
//! only to construct it ([`Variant::from_name`]). Everything a game says comes out as transcript
//! [`Line`]s, each with its audience (public, one seat, or the reply to the submitter).

pub mod classic;
pub mod deathnote;
mod fixed_setup;
mod forms;
mod interface;
mod options;
pub mod roles;
pub mod scenario;
pub mod sim;
mod table;
#[cfg(feature = "test-variant")]
pub mod twophase;

use std::ops::RangeInclusive;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

pub use forms::{ActionForm, CONFIRM_FIELD, FieldInput, FormError, FormField, Slot};
pub use interface::{
    GameConfig, Line, Phase, PhaseKind, PublicSeat, Refused, SeatSpec, Submitted, Variant,
};
pub use options::{OptionField, OptionInput};

impl Variant {
    /// The variants a judge may choose.
    pub const ALL: [Variant; 7] = [
        Variant::DeathNote,
        Variant::Classic(classic::Preset::Dongsha),
        Variant::Classic(classic::Preset::Killgame),
        Variant::Classic(classic::Preset::Shengtui),
        Variant::Classic(classic::Preset::Wujian),
        Variant::Roles(roles::RoleGame::V4Wujian),
        Variant::Roles(roles::RoleGame::V5Emin),
    ];

    /// `"deathnote"` → `Variant::DeathNote`, `"dongsha"` → `Variant::Classic(Dongsha)`, …;
    /// `None` for a name this build does not know.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "deathnote" => Some(Variant::DeathNote),
            #[cfg(feature = "test-variant")]
            "twophase" => Some(Variant::TwoPhase),
            _ => classic::Preset::from_name(name)
                .map(Variant::Classic)
                .or_else(|| roles::RoleGame::from_name(name).map(Variant::Roles)),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::DeathNote => "deathnote",
            Variant::Classic(p) => p.name(),
            Variant::Roles(r) => r.name(),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => "twophase",
        }
    }

    /// Allowed seat counts.
    pub fn seats(self) -> RangeInclusive<usize> {
        match self {
            Variant::DeathNote => deathnote::SEATS,
            Variant::Classic(p) => p.seats(),
            Variant::Roles(r) => r.seats(),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => twophase::SEATS,
        }
    }

    /// The kinds of phase an act may hold, in their order within the act.
    pub fn phases(self) -> &'static [PhaseKind] {
        match self {
            Variant::DeathNote => &deathnote::PHASES,
            Variant::Classic(_) | Variant::Roles(_) => &classic::PHASES,
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &twophase::PHASES,
        }
    }

    /// The kind named `name`, if this variant has it.
    pub fn phase_kind(self, name: &str) -> Option<&'static PhaseKind> {
        self.phases().iter().find(|k| k.name == name)
    }

    /// The options a judge may set on the create form, as data.
    pub fn option_fields(self) -> &'static [OptionField] {
        match self {
            Variant::DeathNote => &options::DEATHNOTE,
            Variant::Classic(_) | Variant::Roles(roles::RoleGame::V4Wujian) => &options::CLASSIC,
            // R5-4 fixes 5.0's speeches.
            Variant::Roles(roles::RoleGame::V5Emin) => &[],
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &[],
        }
    }

    /// The secret teams of a deal of `seats` seats and their sizes (Death Note: the two Kiras),
    /// as the create form and the rules pages tell them; a role game's whole deal, role by role
    /// (its roles are its secret).
    pub fn teams(self, seats: usize) -> Vec<(&'static str, usize)> {
        match self {
            Variant::DeathNote => vec![("kira", 2)],
            Variant::Classic(p) if p.is_wujian() => {
                // WJ-1: ⌈n/2⌉ cards each; with n odd one stays undealt.
                let half = seats.div_ceil(2);
                vec![("fei", half), ("jing", half)]
            }
            Variant::Classic(p) => {
                let (killers, police) = p.team_sizes(seats);
                [("killers", killers), ("police", police)]
                    .into_iter()
                    .filter(|(_, n)| *n > 0)
                    .collect()
            }
            Variant::Roles(r) => r.deal().iter().map(|(role, k)| (role.name(), *k)).collect(),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => Vec::new(),
        }
    }

    /// The option by which a game of a judge's series knows the game before it, for a variant
    /// whose rules link games (the classic presets' CL-3: `previous_first_victim`, the game ID
    /// in the new game of the seat the rules carry over); `None` for the others.
    pub fn series_option(self) -> Option<&'static str> {
        match self {
            Variant::DeathNote => None,
            // Wujian has no night kill to repeat.
            Variant::Classic(p) if p.is_wujian() => None,
            Variant::Classic(_) => Some("previous_first_victim"),
            Variant::Roles(_) => None,
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => None,
        }
    }

    /// The action forms, one per action type: what a page offers a seat and what
    /// [`form_to_action`] accepts.
    pub fn action_forms(self) -> &'static [ActionForm] {
        match self {
            Variant::DeathNote => &deathnote::FORMS,
            Variant::Classic(p) => classic::forms(p),
            Variant::Roles(r) => roles::forms(r),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &twophase::FORMS,
        }
    }

    /// The form of the action type `kind`, if this variant has one.
    pub fn action_form(self, kind: &str) -> Option<&'static ActionForm> {
        self.action_forms().iter().find(|f| f.kind == kind)
    }

    /// The default list of game IDs (a judge may edit it per game).
    pub fn default_characters(self) -> &'static [&'static str] {
        match self {
            Variant::DeathNote => &deathnote::CAST,
            Variant::Classic(_) => &classic::CAST,
            Variant::Roles(_) => roles::CAST,
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &twophase::CAST,
        }
    }

    /// Draws the secret roles of a deal for the seats `game_ids` (in seat order): the part of
    /// `setup` besides the seats, as a fixed deal would give it (Death Note: `{"kira": [a, b]}`;
    /// classic: `{"killers": […], "police": […]}` or `{"factions": {…}}`).
    pub fn draw_roles<R: rand::Rng + ?Sized>(self, game_ids: &[String], rng: &mut R) -> Value {
        match self {
            Variant::DeathNote => deathnote::draw_kiras(game_ids, rng),
            Variant::Classic(p) => classic::draw_roles(p, game_ids, rng),
            Variant::Roles(r) => roles::draw_roles(r, game_ids, rng),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => Value::Object(serde_json::Map::new()),
        }
    }

    /// The winners a game of this variant may have (a judge ending a game may name one).
    pub fn outcomes(self) -> &'static [&'static str] {
        match self {
            Variant::DeathNote => &["good", "kira", "draw"],
            Variant::Classic(p) => p.outcomes(),
            // R5-5: the judge's foreseen draw is one of them.
            Variant::Roles(_) => &["good", "bad", "draw"],
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &["survivors"],
        }
    }

    /// The keys of the variant's private team threads (Death Note: the joined Kiras', `kira`;
    /// dongsha and killgame: `killers` and `police`; a team of one or a preset of no teams has
    /// none), opened with the game's other threads at the start.
    pub fn team_threads(self) -> &'static [&'static str] {
        match self {
            Variant::DeathNote => &["kira"],
            Variant::Classic(p) => p.team_threads(),
            Variant::Roles(r) => r.team_threads(),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => &[],
        }
    }

    /// The catalog key of a note the `teammates` line of `team` must carry for its readers to
    /// know what the rules tell them (4.0's police team: one of them is the undercover, R4-2).
    pub fn team_note(self, team: &str) -> Option<&'static str> {
        match self {
            Variant::Roles(r) => r.team_note(team),
            _ => None,
        }
    }

    /// Bots play the games whose seeds are in `seeds`; returns their totals.
    pub fn simulate(
        self,
        params: &sim::SimParams,
        seeds: std::ops::Range<u64>,
        progress: &sim::Progress,
    ) -> sim::SimStats {
        match self {
            Variant::DeathNote => deathnote::bot::simulate(params, seeds, progress),
            Variant::Classic(p) => classic::bot::simulate(p, params, seeds, progress),
            Variant::Roles(r) => roles::bot::simulate(r, params, seeds, progress),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => twophase::simulate(params, seeds, progress),
        }
    }

    /// The options a game starting now plays by: the judge's, with the current edition of the
    /// ruling book pinned (`edition`), so the log keeps what the game started with.
    pub fn pinned_options(self, options: &Value) -> Value {
        match self {
            Variant::DeathNote => pin(
                options,
                "edition",
                deathnote::Edition::CURRENT.number().into(),
            ),
            Variant::Classic(_) => pin(options, "edition", classic::EDITION.into()),
            Variant::Roles(_) => pin(options, "edition", roles::EDITION.into()),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => options.clone(),
        }
    }

    /// The options of a game whose log was written before options were pinned at the start:
    /// such a game started under the first edition of the ruling book.
    pub fn legacy_options(self, options: &Value) -> Value {
        match self {
            Variant::DeathNote => pin(
                options,
                "edition",
                deathnote::Edition::First.number().into(),
            ),
            // Classic and role games were never played before options were pinned.
            Variant::Classic(_) => pin(options, "edition", classic::EDITION.into()),
            Variant::Roles(_) => pin(options, "edition", roles::EDITION.into()),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => options.clone(),
        }
    }

    /// Checks a judge's options before a game is created: an object of known keys with values
    /// the engine accepts.
    pub fn check_options(self, options: &Value) -> Result<(), ConfigError> {
        let Value::Object(map) = options else {
            return Err(ConfigError::Options("options must be an object".into()));
        };
        match self {
            Variant::DeathNote => {
                const KNOWN: [&str; 3] = ["redistribute", "edition", "publish_votes"];
                if let Some(k) = map.keys().find(|k| !KNOWN.contains(&k.as_str())) {
                    return Err(ConfigError::Options(format!("unknown option {k:?}")));
                }
                serde_json::from_value::<deathnote::Options>(options.clone())
                    .map(|_| ())
                    .map_err(|e| ConfigError::Options(e.to_string()))
            }
            Variant::Classic(_) => classic::Options::from_json(options)
                .map(|_| ())
                .map_err(ConfigError::Options),
            Variant::Roles(r) => roles::options(r, options)
                .map(|_| ())
                .map_err(ConfigError::Options),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => match map.keys().next() {
                Some(k) => Err(ConfigError::Options(format!("unknown option {k:?}"))),
                None => Ok(()),
            },
        }
    }

    /// Parses an action object of this variant (unknown `type`, missing field, wrong type → error).
    /// Fields the action does not have are ignored, as `maku replay` and stored logs need.
    pub fn parse_action(self, value: &Value) -> Result<Action, ActionError> {
        match self {
            Variant::DeathNote => deathnote::Action::<String>::from_json(value)
                .map(Action::DeathNote)
                .map_err(|e| ActionError::Invalid(e.to_string())),
            Variant::Classic(_) => classic::Action::from_json(value)
                .map(Action::Classic)
                .map_err(ActionError::Invalid),
            Variant::Roles(_) => roles::Action::from_json(value)
                .map(Action::Roles)
                .map_err(ActionError::Invalid),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => twophase::Action::from_json(value)
                .map(Action::TwoPhase)
                .map_err(ActionError::Invalid),
        }
    }

    /// Like [`Variant::parse_action`], refusing a field the action does not have: a typo or a
    /// forged field (`"by"`, padding) must not be accepted, let alone stored.
    pub fn parse_action_strict(self, value: &Value) -> Result<Action, ActionError> {
        let action = self.parse_action(value)?;
        let known = action.fields();
        if let Value::Object(map) = value
            && let Some(k) = map
                .keys()
                .find(|k| k.as_str() != "type" && !known.contains(&k.as_str()))
        {
            return Err(ActionError::UnknownField(k.clone()));
        }
        Ok(action)
    }
}

/// A submitted action form of `variant` (its `type` is `kind`; `fields` are the other fields as
/// posted, the shell's own such as the CSRF token taken out) → the action object the API takes,
/// or why not. A field the form does not have is refused, as [`Variant::parse_action_strict`]
/// refuses an unknown JSON field.
pub fn form_to_action(
    variant: Variant,
    kind: &str,
    fields: &[(&str, &str)],
) -> Result<Value, FormError> {
    forms::to_action(variant.action_forms(), kind, fields)
}

/// A game that cannot start as configured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    #[error("bad options: {0}")]
    Options(String),
    #[error("bad setup: {0}")]
    Setup(String),
    /// A fixed deal's key that the variant's setup does not have ([`Variant::check_fixed_roles`]).
    #[error("unknown setup key {0:?}")]
    UnknownSetupKey(String),
    #[error("{0}")]
    Deathnote(#[from] deathnote::SetupError),
}

/// An action object that does not parse (a 400 at the API, a malformed scenario for replay).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("invalid action: {0}")]
    Invalid(String),
    /// Only from [`Variant::parse_action_strict`].
    #[error("unknown field {0:?} in the action")]
    UnknownField(String),
}

/// A parsed action of some variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    DeathNote(deathnote::Action<String>),
    Classic(classic::Action),
    Roles(roles::Action),
    #[cfg(feature = "test-variant")]
    TwoPhase(twophase::Action),
}

impl Action {
    /// The action object as the engine understood it: what the log stores and the reveal shows.
    pub fn to_json(&self) -> Value {
        match self {
            Action::DeathNote(a) => a.to_json(),
            Action::Classic(a) => a.to_json(),
            Action::Roles(a) => a.to_json(),
            #[cfg(feature = "test-variant")]
            Action::TwoPhase(a) => a.to_json(),
        }
    }

    /// The fields this action's type may carry besides `type`.
    pub fn fields(&self) -> &'static [&'static str] {
        match self {
            Action::DeathNote(a) => a.kind().fields(),
            Action::Classic(a) => a.fields(),
            Action::Roles(a) => a.fields(),
            #[cfg(feature = "test-variant")]
            Action::TwoPhase(a) => a.fields(),
        }
    }
}

/// One submission of a replay act: the game ID of the submitter (possibly unknown: refused
/// `unknown_seat`) and its parsed action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub by: String,
    pub action: Action,
}

/// What a seat still owes in the open phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Owes {
    pub ballot: bool,
    pub action: bool,
    /// Leaving them undone is allowed and costs nothing (an abstention, CL-6, R5-4; a night
    /// without action, CL-1, R4-3, R5-1): pages say "not yet submitted", not "owed". Death
    /// Note's are duties: a missing one is a suicide (DN-6, DN-16).
    pub optional: bool,
}

/// A running game of any variant. Variants differ in size; a game is held once per cached fold,
/// so the difference costs nothing worth a box.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Game {
    DeathNote(deathnote::Game),
    Classic(classic::Game),
    Roles(roles::Game),
    #[cfg(feature = "test-variant")]
    TwoPhase(twophase::Game),
}

fn to_value<T: Serialize>(t: &T) -> Value {
    // Our own event/reply types always serialize (plain enums, strings and numbers).
    serde_json::to_value(t).unwrap_or(Value::Null)
}

impl Game {
    /// Starts a game: checks the seat count, options and setup of the variant.
    pub fn start(config: &GameConfig) -> Result<Game, ConfigError> {
        match config.variant {
            Variant::DeathNote => {
                let n = config.seats.len();
                if !deathnote::SEATS.contains(&n) {
                    return Err(deathnote::SetupError::SeatCount(n).into());
                }
                let options: deathnote::Options = match &config.options {
                    Value::Null => deathnote::Options::default(),
                    v @ Value::Object(_) => serde_json::from_value(v.clone())
                        .map_err(|e| ConfigError::Options(e.to_string()))?,
                    _ => return Err(ConfigError::Options("options must be an object".into())),
                };
                let pairs: Vec<(&str, &str)> = config
                    .seats
                    .iter()
                    .map(|s| (s.game_id.as_str(), s.real_id.as_str()))
                    .collect();
                let roster = Arc::new(deathnote::Roster::new(&pairs)?);
                let kiras = deathnote_setup(config.setup.as_ref(), &roster)?;
                let game = match kiras {
                    Some(k) => deathnote::Game::new(roster, k, options, config.seed)?,
                    None => deathnote::Game::new_random(roster, options, config.seed)?,
                };
                Ok(Game::DeathNote(game))
            }
            Variant::Classic(p) => {
                classic::start(p, config)
                    .map(Game::Classic)
                    .map_err(|e| match e {
                        classic::SetupError::Options(m) => ConfigError::Options(m),
                        e => ConfigError::Setup(e.to_string()),
                    })
            }
            Variant::Roles(r) => roles::start(r, config)
                .map(Game::Roles)
                .map_err(|e| match e {
                    roles::SetupError::Options(m) => ConfigError::Options(m),
                    e => ConfigError::Setup(e.to_string()),
                }),
            #[cfg(feature = "test-variant")]
            Variant::TwoPhase => twophase::Game::start(config)
                .map(Game::TwoPhase)
                .map_err(ConfigError::Setup),
        }
    }

    pub fn variant(&self) -> Variant {
        match self {
            Game::DeathNote(_) => Variant::DeathNote,
            Game::Classic(g) => Variant::Classic(g.preset()),
            Game::Roles(g) => Variant::Roles(g.kind()),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => Variant::TwoPhase,
        }
    }

    /// Parses an action object for this game's variant.
    pub fn parse_action(&self, value: &Value) -> Result<Action, ActionError> {
        self.variant().parse_action(value)
    }

    /// Parses an action object, refusing fields it does not have (the server's submissions).
    pub fn parse_action_strict(&self, value: &Value) -> Result<Action, ActionError> {
        self.variant().parse_action_strict(value)
    }

    /// Takes one submission by the seat whose game ID is `by`.
    pub fn submit(&mut self, by: &str, action: &Action) -> Submitted {
        match (self, action) {
            (Game::DeathNote(g), Action::DeathNote(a)) => {
                let seat = g.roster().seat_of(by);
                let act = g.act();
                let Some(seat) = seat else {
                    return refused(act, by, deathnote::Refusal::UnknownSeat);
                };
                let mark = g.log().len();
                let engine_action = a.to_seats(g.roster());
                match g.submit(seat, &engine_action) {
                    Ok(reply) => Submitted {
                        result: Ok(to_value(&reply)),
                        lines: dn_lines(g, &g.log()[mark..]),
                    },
                    Err(r) => refused(act, by, r),
                }
            }
            (Game::Classic(g), Action::Classic(a)) => g.submit(by, a),
            (Game::Roles(g), Action::Roles(a)) => g.submit(by, a),
            #[cfg(feature = "test-variant")]
            (Game::TwoPhase(g), Action::TwoPhase(a)) => g.submit(by, a),
            _ => Submitted {
                result: Err(Refused {
                    error: "bad_request",
                    message: "an action of another variant".into(),
                }),
                lines: Vec::new(),
            },
        }
    }

    /// Parses and takes one submission.
    pub fn submit_json(&mut self, by: &str, action: &Value) -> Result<Submitted, ActionError> {
        let action = self.parse_action(action)?;
        Ok(self.submit(by, &action))
    }

    /// Ends the current phase (its deadline has come); returns the lines it published.
    pub fn resolve_phase(&mut self) -> Vec<Line> {
        match self {
            Game::DeathNote(g) => {
                let mark = g.log().len();
                g.resolve();
                dn_lines(g, &g.log()[mark..])
            }
            Game::Classic(g) => g.resolve_lines(),
            Game::Roles(g) => g.resolve_lines(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.resolve(),
        }
    }

    /// The vote counts of the open act to publish with its resolution (per game ID, most votes
    /// first), when the game's options publish them; read before [`Game::resolve_phase`].
    pub fn published_votes(&self) -> Option<Vec<(String, u32)>> {
        match self {
            Game::DeathNote(g) => g.published_votes().map(|counts| {
                counts
                    .into_iter()
                    .map(|(seat, n)| (g.game_id(seat).to_string(), n))
                    .collect()
            }),
            // The classic presets and 4.0 publish every ballot (CL-6) as an event; 5.0's judge
            // says only who is out (R5-4).
            Game::Classic(_) | Game::Roles(_) => None,
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => None,
        }
    }

    /// The current phase's step ([`Phase::step`]; Death Note: the act).
    pub fn phase(&self) -> u32 {
        self.current_phase().step
    }

    /// The phase open now (after the end: the step after the last one resolved).
    pub fn current_phase(&self) -> Phase {
        match self {
            Game::DeathNote(g) => Phase {
                step: g.act(),
                act: g.act(),
                kind: deathnote::PHASES[0].name,
            },
            Game::Classic(g) => g.phase(),
            Game::Roles(g) => g.phase(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.phase(),
        }
    }

    /// The phase of step `step` (the act and kind a past or present step had).
    pub fn phase_of(&self, step: u32) -> Phase {
        match self {
            Game::DeathNote(_) => Phase {
                step,
                act: step,
                kind: deathnote::PHASES[0].name,
            },
            Game::Classic(g) => g.phase_of(step),
            Game::Roles(g) => g.phase_of(step),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => twophase::phase_of(step),
        }
    }

    /// The phase to show a reader: the current one while the game runs, the one that ended it
    /// afterwards (a page never says "act N+1" after the end).
    pub fn shown_phase(&self) -> u32 {
        match self {
            Game::DeathNote(g) => g.shown_act(),
            Game::Classic(g) => g.shown_step(),
            Game::Roles(g) => g.shown_step(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.shown_step(),
        }
    }

    /// The edition of the ruling book the game plays by, for variants whose book has editions.
    pub fn edition(&self) -> Option<u8> {
        match self {
            Game::DeathNote(g) => Some(g.edition().number()),
            Game::Classic(_) => Some(classic::EDITION),
            Game::Roles(_) => Some(roles::EDITION),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => None,
        }
    }

    /// The winner's name (`good`, `kira`, `draw`, …), `None` while running.
    pub fn outcome(&self) -> Option<&'static str> {
        match self {
            Game::DeathNote(g) => g.winner().map(|w| w.name()),
            Game::Classic(g) => g.winner().map(|w| w.name()),
            Game::Roles(g) => g.winner().map(|w| w.name()),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.winner(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Seats in seat order with who is still in.
    pub fn seats(&self) -> Vec<PublicSeat> {
        match self {
            Game::DeathNote(g) => (0..g.seat_count())
                .map(|i| {
                    let s = deathnote::Seat(i as u8);
                    PublicSeat {
                        game_id: g.game_id(s).to_string(),
                        alive: g.is_alive(s),
                    }
                })
                .collect(),
            Game::Classic(g) => g
                .all_seats()
                .map(|s| PublicSeat {
                    game_id: g.game_id(s).to_string(),
                    alive: g.is_alive(s),
                })
                .collect(),
            Game::Roles(g) => g.public_seats(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.seats(),
        }
    }

    /// What the seat `game_id` sees (role, notebooks, turn, private log, allowed actions).
    pub fn view_for(&self, game_id: &str) -> Option<Value> {
        match self {
            Game::DeathNote(g) => {
                let seat = g.roster().seat_of(game_id)?;
                g.view_for(seat).map(|v| to_value(&v))
            }
            Game::Classic(g) => g.seat_of(game_id).map(|s| g.view_for(s)),
            Game::Roles(g) => g.seat_of(game_id).map(|s| g.view_for(s)),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.view_for(game_id),
        }
    }

    /// What the judge's console shows of the seat `game_id` besides its role and whether it is
    /// in (`running`: it is in and the game goes on): what it owes, its ballot, and the
    /// variant's own counts (Death Note: notebooks, DN-19 windows, the DN-22 Eye).
    pub fn judge_facts(&self, game_id: &str, running: bool) -> serde_json::Map<String, Value> {
        let facts = match self {
            Game::DeathNote(_) => {
                let view = self.view_for(game_id).unwrap_or(Value::Null);
                deathnote::judge::seat_facts(&view, running)
            }
            Game::Classic(g) => match g.seat_of(game_id) {
                Some(s) => Value::Object(g.judge_facts(s, running)),
                None => Value::Null,
            },
            Game::Roles(g) => Value::Object(
                g.seat_of(game_id)
                    .map(|s| g.judge_facts(s, running))
                    .unwrap_or_default(),
            ),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => serde_json::json!({
                "owes": running && g.owing().iter().any(|o| o == game_id),
            }),
        };
        match facts {
            Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }

    /// The ballots of this phase: every living seat (while the game runs) with its ballot, or
    /// `None` while it has none. Empty for a phase without a vote.
    pub fn ballots(&self) -> Vec<(String, Option<Vec<String>>)> {
        if self.is_over() {
            return Vec::new();
        }
        match self {
            Game::DeathNote(g) => (0..g.seat_count())
                .map(|i| deathnote::Seat(i as u8))
                .filter(|&s| g.is_alive(s))
                .map(|s| {
                    let name = g.game_id(s).to_string();
                    let ballot = self
                        .view_for(&name)
                        .and_then(|v| v.get("ballot").cloned())
                        .and_then(|b| serde_json::from_value::<Vec<String>>(b).ok());
                    (name, ballot)
                })
                .collect(),
            Game::Classic(g) => g
                .ballots()
                .into_iter()
                .map(|(s, b)| {
                    let ballot =
                        b.map(|t| t.map(|t| g.game_id(t).to_string()).into_iter().collect());
                    (g.game_id(s).to_string(), ballot)
                })
                .collect(),
            Game::Roles(g) => g.named_ballots(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.ballots(),
        }
    }

    /// `ballots` (as [`Game::ballots`] gave them) counted as the rules count them: votes per
    /// game ID, most first, ties in seat order (Death Note: DN-15, each name on a ballot one
    /// vote).
    pub fn tally(&self, ballots: &[(String, Option<Vec<String>>)]) -> Vec<(String, usize)> {
        let order: Vec<String> = self.seats().into_iter().map(|s| s.game_id).collect();
        let cast: Vec<Vec<String>> = ballots.iter().filter_map(|(_, b)| b.clone()).collect();
        deathnote::judge::tally(&cast, &order)
    }

    /// What the seat `game_id` still owes in this phase, read off [`Game::judge_facts`]: a
    /// ballot, and an action (Death Note: a notebook's, DN-6; another variant: whatever its
    /// phase asks). Reminders and the owing banner ask this.
    pub fn owes(&self, game_id: &str) -> Owes {
        let facts = self.judge_facts(game_id, true);
        let flag = |k: &str| facts.get(k).and_then(Value::as_bool) == Some(true);
        Owes {
            optional: !matches!(self, Game::DeathNote(_)),
            ballot: flag("owes_ballot"),
            action: flag("owes")
                || facts
                    .get("owes_notebooks")
                    .and_then(Value::as_array)
                    .is_some_and(|l| !l.is_empty()),
        }
    }

    /// The seat of this game that the rules carry over into the next game of a series
    /// ([`Variant::series_option`]; CL-3: the first night's victim), by its game ID.
    pub fn series_carry(&self) -> Option<String> {
        match self {
            Game::DeathNote(_) | Game::Roles(_) => None,
            Game::Classic(_) => self.transcript().into_iter().find_map(|l| match l {
                Line::Public { act: 1, event }
                    if event["type"] == "out" && event["cause"] == "killed" =>
                {
                    event["target"].as_str().map(str::to_string)
                }
                _ => None,
            }),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => None,
        }
    }

    /// Whether the seat `game_id` may read and write the team thread `team` now
    /// ([`Variant::team_threads`]; Death Note `kira`: while joined, DN-12; classic `killers`
    /// and `police`: a living member of that team).
    pub fn in_team(&self, team: &str, game_id: &str) -> bool {
        match self {
            Game::DeathNote(g) => {
                team == "kira"
                    && g.roster()
                        .seat_of(game_id)
                        .and_then(|s| g.partner(s))
                        .is_some()
            }
            Game::Classic(g) => match (classic::Team::from_name(team), g.seat_of(game_id)) {
                (Some(t), Some(s)) => g.is_alive(s) && g.role(s).team() == Some(t),
                _ => false,
            },
            Game::Roles(g) => g.in_team_named(team, game_id),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(_) => false,
        }
    }

    /// The seat whose ordered turn (speech, PK) or last words it is now; `None` in a phase
    /// without one (and for variants without turns).
    pub fn speaker(&self) -> Option<String> {
        match self {
            Game::Classic(g) => g.speaker().map(|s| g.game_id(s).to_string()),
            Game::Roles(g) => g.speaker().map(|s| g.game_id(s).to_string()),
            _ => None,
        }
    }

    /// Whether the seat `game_id` may post in the game thread now (classic: CL-4, CL-5 and the
    /// phase's own rule; other variants: any living seat).
    pub fn may_post(&self, game_id: &str) -> bool {
        match self {
            Game::Classic(g) => g.seat_of(game_id).is_some_and(|s| g.may_post(s)),
            Game::Roles(g) => g.seat_of(game_id).is_some_and(|s| g.may_post(s)),
            _ => self.seats().iter().any(|s| s.game_id == game_id && s.alive),
        }
    }

    /// Whether the seat `game_id` lost its voice for the day (role games: R4-5, R5-4; a silence
    /// lasts from the dawn it is told at to the next night). Other variants silence nobody.
    pub fn is_silenced(&self, game_id: &str) -> bool {
        match self {
            Game::Roles(g) => g.seat_of(game_id).is_some_and(|s| g.is_silenced(s)),
            _ => false,
        }
    }

    /// The round of the vote open now (classic CL-7: 1, 2 or 3); `None` outside a vote and for
    /// variants without rounds.
    pub fn vote_round(&self) -> Option<u8> {
        match self {
            Game::Classic(g) => g.vote_round(),
            Game::Roles(g) => g.vote_round(),
            _ => None,
        }
    }

    /// The seats the open vote (or the vote after the open PK) is for, in seat order; empty
    /// when there is none (and for variants that vote for any living seat).
    pub fn vote_candidates(&self) -> Vec<String> {
        match self {
            Game::Classic(g) => g
                .candidates()
                .iter()
                .map(|&s| g.game_id(s).to_string())
                .collect(),
            Game::Roles(g) => g
                .candidates()
                .iter()
                .map(|&s| g.game_id(s).to_string())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Plays one replay act (`../shared/spec/replay.md`): Death Note and the two-phase variant
    /// take each submission, then resolve once; a classic preset takes its submissions phase
    /// by phase (the night's, then each vote round's) and resolves on to the next act.
    pub fn play_act(&mut self, subs: &[Submission]) -> Vec<Line> {
        if let Game::Classic(g) = self {
            let subs: Vec<(&str, &classic::Action)> = subs
                .iter()
                .filter_map(|s| match &s.action {
                    Action::Classic(a) => Some((s.by.as_str(), a)),
                    // A scenario parses its actions with the game's variant.
                    _ => None,
                })
                .collect();
            return g.play_act(&subs);
        }
        if let Game::Roles(g) = self {
            let subs: Vec<(&str, &roles::Action)> = subs
                .iter()
                .filter_map(|s| match &s.action {
                    Action::Roles(a) => Some((s.by.as_str(), a)),
                    _ => None,
                })
                .collect();
            return g.play_act(&subs);
        }
        let mut lines = Vec::new();
        for s in subs {
            lines.extend(self.submit(&s.by, &s.action).lines);
        }
        lines.extend(self.resolve_phase());
        lines
    }

    /// Action types the seat `game_id` could submit successfully now.
    pub fn allowed_actions(&self, game_id: &str) -> Vec<&'static str> {
        match self {
            Game::DeathNote(g) => g
                .roster()
                .seat_of(game_id)
                .map(|s| g.allowed_actions(s).iter().map(|k| k.name()).collect())
                .unwrap_or_default(),
            Game::Classic(g) => g
                .seat_of(game_id)
                .map(|s| g.allowed_actions(s))
                .unwrap_or_default(),
            Game::Roles(g) => g
                .seat_of(game_id)
                .map(|s| g.allowed_actions(s))
                .unwrap_or_default(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.allowed_actions(game_id),
        }
    }

    /// Game IDs of the seats that still owe a submission in this phase.
    pub fn owing(&self) -> Vec<String> {
        match self {
            Game::DeathNote(g) => g
                .owing()
                .iter()
                .map(|&s| g.game_id(s).to_string())
                .collect(),
            Game::Classic(g) => g
                .owing()
                .into_iter()
                .map(|s| g.game_id(s).to_string())
                .collect(),
            Game::Roles(g) => g
                .owing()
                .into_iter()
                .map(|s| g.game_id(s).to_string())
                .collect(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.owing(),
        }
    }

    /// Every line so far (the archive transcript, without the final outcome line).
    pub fn transcript(&self) -> Vec<Line> {
        match self {
            Game::DeathNote(g) => dn_lines(g, g.log()),
            Game::Classic(g) => g.lines_since(0),
            Game::Roles(g) => g.lines_since(0),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.transcript(),
        }
    }

    /// The end-of-game reveal (DN-28); `None` while running.
    pub fn reveal(&self) -> Option<Value> {
        match self {
            Game::DeathNote(g) => g.reveal().map(|r| to_value(&r)),
            Game::Classic(g) => g.reveal(),
            Game::Roles(g) => g.reveal(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.winner().map(|_| g.reveal()),
        }
    }

    /// The reveal as things stand, for a game the judge ended before the rules did.
    pub fn reveal_now(&self) -> Value {
        match self {
            Game::DeathNote(g) => to_value(&g.reveal_now()),
            Game::Classic(g) => g.reveal_now(),
            Game::Roles(g) => g.reveal_now(),
            #[cfg(feature = "test-variant")]
            Game::TwoPhase(g) => g.reveal(),
        }
    }
}

fn refused(act: u32, by: &str, r: deathnote::Refusal) -> Submitted {
    Submitted {
        result: Err(Refused {
            error: r.code(),
            message: r.to_string(),
        }),
        lines: vec![Line::Reply {
            act,
            by: by.to_string(),
            ok: false,
            reply: None,
            error: Some(r.code()),
        }],
    }
}

/// Death Note log entries → transcript lines.
fn dn_lines(g: &deathnote::Game, entries: &[deathnote::Entry]) -> Vec<Line> {
    use deathnote::{Audience, Item};
    let name = |s: deathnote::Seat| g.game_id(s).to_string();
    let mut lines = Vec::with_capacity(entries.len());
    for e in entries {
        let act = e.act;
        match (&e.item, e.audience) {
            (Item::Reply { by, reply }, _) => lines.push(Line::Reply {
                act,
                by: name(*by),
                ok: true,
                reply: Some(to_value(reply)),
                error: None,
            }),
            (Item::Refused { by, error }, _) => lines.push(Line::Reply {
                act,
                by: name(*by),
                ok: false,
                reply: None,
                error: Some(error.code()),
            }),
            (Item::Event(ev), Audience::Public) => lines.push(Line::Public {
                act,
                event: to_value(ev),
            }),
            (Item::Event(ev), Audience::Seat(s)) => lines.push(Line::Private {
                act,
                to: name(s),
                event: to_value(ev),
            }),
            (Item::Event(ev), Audience::Pair(a, b)) => {
                for s in [a, b] {
                    lines.push(Line::Private {
                        act,
                        to: name(s),
                        event: to_value(ev),
                    });
                }
            }
        }
    }
    lines
}

/// `options` with `key` set to `value` unless the judge set it.
fn pin(options: &Value, key: &str, value: Value) -> Value {
    let mut map = match options {
        Value::Object(m) => m.clone(),
        _ => serde_json::Map::new(),
    };
    map.entry(key.to_string()).or_insert(value);
    Value::Object(map)
}

/// `setup.kira` of DN-2: two different seats, or absent/empty for a seeded draw.
fn deathnote_setup(
    setup: Option<&Value>,
    roster: &deathnote::Roster,
) -> Result<Option<[deathnote::Seat; 2]>, ConfigError> {
    let kira = match setup {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(m)) => m.get("kira"),
        Some(_) => return Err(ConfigError::Setup("setup must be an object".into())),
    };
    let list = match kira {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(list)) if list.is_empty() => return Ok(None),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(ConfigError::Setup("setup.kira must be a list".into())),
    };
    if list.len() != 2 {
        return Err(ConfigError::Setup(format!(
            "setup.kira must name exactly 2 seats, not {}",
            list.len()
        )));
    }
    let mut seats = [deathnote::Seat::UNKNOWN; 2];
    for (i, v) in list.iter().enumerate() {
        let Value::String(name) = v else {
            return Err(ConfigError::Setup("setup.kira must list game IDs".into()));
        };
        seats[i] = roster
            .seat_of(name)
            .ok_or_else(|| ConfigError::Setup(format!("unknown seat {name:?} in setup.kira")))?;
    }
    if seats[0] == seats[1] {
        return Err(ConfigError::Setup(
            "setup.kira names the same seat twice".into(),
        ));
    }
    Ok(Some(seats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strict_parsing_refuses_fields_the_action_does_not_have() {
        let v = Variant::DeathNote;
        let vote = json!({"type": "vote", "targets": ["L"], "seat": 3});
        assert!(
            v.parse_action(&vote).is_ok(),
            "replay and stored logs ignore it"
        );
        assert_eq!(
            v.parse_action_strict(&vote),
            Err(ActionError::UnknownField("seat".into()))
        );
        let kill = json!({"type": "kill", "target": "L", "real_id": "bob", "notebook": 1});
        assert!(v.parse_action_strict(&kill).is_ok());
        // A field of another action type is unknown here.
        let eye = json!({"type": "eye_request", "target": "L"});
        assert_eq!(
            v.parse_action_strict(&eye),
            Err(ActionError::UnknownField("target".into()))
        );
        assert!(matches!(
            v.parse_action_strict(&json!({"type": "dance"})),
            Err(ActionError::Invalid(_))
        ));
    }

    #[test]
    fn another_games_type_keeps_its_own_fields_for_its_refusal() {
        // A 4.0 seat's wujian peek, a dongsha seat's 5.0 needle: parsed with the fields they
        // have in their own games (the engine refuses them `not_your_role`), nothing more.
        for (name, action) in [
            ("v4wujian", json!({"type": "peek", "call": "none"})),
            ("v5emin", json!({"type": "explode", "round": 1})),
            ("dongsha", json!({"type": "needle", "target": "x"})),
            (
                "v4wujian",
                json!({"type": "transfer", "target": "x", "notebook": 1}),
            ),
        ] {
            let v = Variant::from_name(name).expect("a variant");
            assert!(v.parse_action_strict(&action).is_ok(), "{name}: {action}");
            let mut extra = action.clone();
            extra["seat"] = json!(3);
            assert_eq!(
                v.parse_action_strict(&extra),
                Err(ActionError::UnknownField("seat".into())),
                "{name}: {extra}"
            );
        }
    }
}
