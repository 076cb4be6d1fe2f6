//! A variant as the rest of maku sees it: a handle on the variant's [`Rules`], the one trait
//! every rule set implements. Nothing outside a variant's own folder matches on variants; the
//! registry (the `registry!` call in `lib.rs`) is the only list of them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use serde_json::Value;

use super::action::{Action, ActionError};
use super::engine::Engine;
use super::interface::Owes;
use super::interface::{PhaseKind, RulesDoc, SeatSpec};
use super::message::{ConsoleRow, Message};
use super::options::OptionField;
use super::reveal_rows::{self, RevealReading};
use super::said::{Event, Reply, SeatView};
use super::sheet::SeatSheet;
use super::timeline::Tone;
use super::{ActionForm, ConfigError, sim};

/// Everything needed to start a game (the scenario minus its acts; the server's start request).
#[derive(Clone, Debug, PartialEq)]
pub struct GameConfig {
    pub variant: Variant,
    /// Variant options (`{"redistribute": false}`); `Value::Null` or `{}` for the defaults.
    pub options: Value,
    pub seed: u64,
    /// Seat order.
    pub seats: Vec<SeatSpec>,
    /// A fixed deal (`{"kira": [...]}`); `None`, `null`, or an empty list draws from `seed`.
    pub setup: Option<Value>,
}

/// A variant as data: its constants, which the create form, the pages, the API and the
/// scheduler read (game as data). A `const` of its folder; [`VariantInfo::DEFAULT`] fills what
/// it does not set.
#[derive(Clone, Debug)]
pub struct VariantInfo {
    /// Its stable name (`replay.md`'s `variant`; stored with every game).
    pub name: &'static str,
    /// Offered to judges (the create form, the API's list). Only the test variant and judges'
    /// own setups are not.
    pub offered: bool,
    /// What readers call it, for a judge's own setup (its name and version); the presets are
    /// named by the catalogs (`variant-<name>`).
    pub label: Option<&'static str>,
    /// The variant whose leaderboard its finished games count on (`None`: its own). A judge's
    /// own setup counts under its family's preset (issue 40).
    pub board: Option<&'static str>,
    /// Its rules page (`/rules/<name>`), if it has one.
    pub rules_doc: Option<RulesDoc>,
    /// The catalog key of the seat counts its rules recommend, for the create form.
    pub seats_hint: Option<&'static str>,
    /// Allowed seat counts.
    pub seats: RangeInclusive<usize>,
    /// The kinds of phase an act may hold, in their order within the act.
    pub phases: &'static [PhaseKind],
    /// The options a judge may set on the create form.
    pub option_fields: &'static [OptionField],
    /// The option by which a game of a judge's series knows the game before it, for a variant
    /// whose rules link games.
    pub series_option: Option<&'static str>,
    /// The action forms, one per action type.
    pub action_forms: &'static [ActionForm],
    /// The default list of game IDs.
    pub default_characters: &'static [&'static str],
    /// The winners a game of this variant may have (a judge ending a game may name one).
    pub outcomes: &'static [&'static str],
    /// The keys of the variant's private team threads, opened with the game's other threads.
    pub team_threads: &'static [&'static str],
    /// Leaving a submission undone is allowed and costs nothing (pages say "not yet
    /// submitted", not "owed").
    pub submissions_optional: bool,
    /// The catalog key of what a seat owes besides a ballot, as reminders and the owing banner
    /// say it.
    pub owed_action: &'static str,
    /// The console's own columns of the seats table: each heading's catalog key and the rule
    /// it shows (a tooltip, not words of the heading).
    pub console_columns: &'static [(&'static str, &'static str)],
    /// Its catalogs, `(language, Fluent text)`: the messages its [`Message`]s name, kept in the
    /// variant's own folder. The first is the fallback.
    pub catalogs: &'static [(&'static str, &'static str)],
}

impl VariantInfo {
    /// What a variant that sets nothing else has.
    pub const DEFAULT: VariantInfo = VariantInfo {
        name: "",
        offered: true,
        label: None,
        board: None,
        rules_doc: None,
        seats_hint: None,
        seats: 0..=0,
        phases: &[],
        option_fields: &[],
        series_option: None,
        action_forms: &[],
        default_characters: &[],
        outcomes: &[],
        team_threads: &[],
        submissions_optional: true,
        owed_action: "seat-owes-night-action",
        console_columns: &[],
        catalogs: &[],
    };
}

/// What to word: every sentence a variant says of its own objects, asked through one
/// [`Rules::say`].
#[derive(Clone, Copy, Debug)]
pub enum Say<'a> {
    /// A public event.
    Public(&'a Event),
    /// A private event.
    Private(&'a Event),
    /// A submitted action ("you voted for …"), as its engine understood it.
    Action(&'a Action),
    /// A reply.
    Reply(&'a Reply),
    /// A refusal code explained, with the rule that refuses it.
    Refusal(&'a str),
    /// A winner's name.
    Winner(&'a str),
    /// Why a seat went out.
    Cause(&'a str),
    /// A role's name.
    Role(&'a str),
    /// A team thread's or a side's name.
    Team(&'a str),
    /// The line a resolution adds when its `events` do not tell the vote's outcome themselves
    /// (DN-15: "nobody was voted out"); `phase`: the resolved phase's kind, for a variant of
    /// several phases per act. `None`: the resolution adds nothing.
    NoVoteOut {
        events: &'a [Event],
        phase: Option<&'a str>,
    },
}

/// Which options [`Rules::options`] reads, and what it does with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pin {
    /// A judge's, before a game is created: checked, and pinned as at a start.
    Check,
    /// A game's at its start (or as its page tells them): pinned, not checked again.
    Start,
    /// A game's whose log was written before options were pinned at the start.
    Legacy,
}

/// The adapter: what a variant is besides its data — its deal, its engine, and how its output
/// reads (typed [`Message`]s that the shell renders through the variant's catalog).
/// Object-safe: the registry holds `&'static dyn Rules`. Twelve methods, four of them
/// required; the rest have the defaults of a variant without that feature.
pub trait Rules: Sync + Send + 'static {
    /// Its constants.
    fn info(&self) -> &VariantInfo;

    /// Starts a game: checks the seat count, options and setup.
    fn start(&self, config: &GameConfig) -> Result<Box<dyn Engine>, ConfigError>;

    /// Parses an action object (unknown `type`, missing field, wrong type → error). Fields the
    /// action does not have are ignored.
    fn parse_action(&self, value: &Value) -> Result<Action, ActionError>;

    /// The words for `what`; `None`: the variant has none (the shell's reading falls back on
    /// its common words, [`Variant::public`] and the others).
    fn say(&self, what: Say<'_>) -> Option<Message>;

    /// The secret teams of a deal of `seats` seats and their sizes, as the create form and the
    /// rules pages tell them.
    fn teams(&self, _seats: usize) -> Vec<(&'static str, usize)> {
        Vec::new()
    }

    /// Draws the secret roles of a deal for the seats `game_ids`: the part of `setup` besides
    /// the seats, as a fixed deal would give it. Default: no roles.
    fn draw_roles(&self, _game_ids: &[String], _rng: &mut dyn rand::Rng) -> Value {
        Value::Object(serde_json::Map::new())
    }

    /// Bots play the games whose seeds are in `seeds`; returns their totals. `None`: the
    /// common bots play ([`Variant::simulate`]).
    fn simulate(
        &self,
        _params: &sim::SimParams,
        _seeds: std::ops::Range<u64>,
        _progress: &sim::Progress,
    ) -> Option<sim::SimStats> {
        None
    }

    /// The options a game plays by, from the judge's `options`: the current edition of the
    /// ruling book pinned, so the log keeps what the game started with (for
    /// [`Pin::Legacy`], the edition a game logged before options were pinned started under).
    /// [`Pin::Check`] also checks them (an object, already checked to be one): known keys with
    /// values the engine accepts, else the error. Default: no edition; only the keys of its
    /// option fields.
    fn options(&self, options: &Value, pin: Pin) -> Result<Value, ConfigError> {
        if let (Pin::Check, Value::Object(map)) = (pin, options) {
            let known: Vec<&str> = self.info().option_fields.iter().map(|f| f.name).collect();
            only_known(map, &known)?;
        }
        Ok(options.clone())
    }

    /// A public event an act post shows as a title with lines under it (the ballots of a
    /// vote round), given the seats' order; `None` for an event of one sentence.
    fn listed(&self, _event: &Event, _order: &[String]) -> Option<(Message, Vec<Message>)> {
        None
    }

    /// How a finished game's reveal reads (`roles` is the reveal's `roles` object,
    /// `transcript` its lines with actions): its own seats table and picture, for a variant
    /// whose roles change or that has moves of its own; else the sides the common picture
    /// draws its seats as. Default: roles dealt once and kept, no sides.
    fn read_reveal(&self, roles: &Value, _transcript: &[Value]) -> RevealReading {
        RevealReading::Kept(reveal_rows::seats(roles).map(|_| Tone::Other).collect())
    }

    /// A seat's own page, from its view (`Engine::view_for`); `over`: the game has ended. The
    /// default: its role, nothing more ([`Variant::seat_sheet`] adds when it went out).
    fn seat_sheet(&self, view: &SeatView, _over: bool) -> SeatSheet {
        let role = view
            .json()
            .get("role")
            .and_then(Value::as_str)
            .unwrap_or("");
        SeatSheet::of_role(
            self.say(Say::Role(role))
                .unwrap_or_else(|| Message::text(role)),
        )
    }

    /// A seat on the judge's console: its dealt `role`, whether it is in, what it owes now
    /// (`Engine::seat_now`) and its facts (`Game::judge_facts`, from `SeatNow::facts`) at the
    /// act `act`.
    fn console_row(
        &self,
        role: Option<&str>,
        _alive: bool,
        owes: Owes,
        _facts: &serde_json::Map<String, Value>,
        _act: u32,
    ) -> ConsoleRow {
        let mut list = Vec::new();
        if owes.ballot {
            list.push(Message::key("seat-owes-ballot"));
        }
        if owes.action {
            list.push(Message::key("console-owes-action"));
        }
        ConsoleRow {
            role: role
                .map(|r| self.say(Say::Role(r)).unwrap_or_else(|| Message::text(r)))
                .unwrap_or_else(Message::nothing),
            marked: false,
            owes: list,
            cells: Vec::new(),
        }
    }
}

/// A variant: a copyable handle on its [`Rules`]. Two handles are equal when they name the
/// same variant.
#[derive(Copy, Clone)]
pub struct Variant(&'static dyn Rules);

impl Variant {
    /// The handle on `rules` (a variant's own constant; the registry lists them).
    pub const fn new(rules: &'static dyn Rules) -> Variant {
        Variant(rules)
    }

    /// A seat's own page from its view: the variant's sheet, and when and why the seat went
    /// out (the view's `out`: `[act, cause]`) where the sheet does not say.
    pub fn seat_sheet(self, view: &SeatView, over: bool) -> SeatSheet {
        let mut sheet = self.0.seat_sheet(view, over);
        if sheet.out.is_none()
            && let Some([act, cause]) = view
                .json()
                .get("out")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
        {
            sheet.out = Some(self.out(act.as_u64().unwrap_or(0), cause.as_str().unwrap_or("")));
        }
        sheet
    }

    /// Its rules.
    pub fn rules(self) -> &'static dyn Rules {
        self.0
    }

    /// Its constants.
    pub fn info(self) -> &'static VariantInfo {
        self.0.info()
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// A judge's own setup's name and version, as readers see it (`None`: a preset, named by
    /// the catalogs).
    pub fn label(self) -> Option<&'static str> {
        self.info().label
    }

    pub fn is_offered(self) -> bool {
        self.info().offered
    }

    /// The variant whose leaderboard its finished games count on: its own, or its family's
    /// for a judge's own setup.
    pub fn board(self) -> Variant {
        self.info()
            .board
            .and_then(Variant::from_name)
            .unwrap_or(self)
    }

    /// Its rules page, if it has one.
    pub fn rules_doc(self) -> Option<RulesDoc> {
        self.info().rules_doc
    }

    /// The seat counts its rules recommend, for the create form.
    pub fn seats_hint(self) -> Option<Message> {
        self.info().seats_hint.map(Message::key)
    }

    pub fn seats(self) -> RangeInclusive<usize> {
        self.info().seats.clone()
    }

    pub fn phases(self) -> &'static [PhaseKind] {
        self.info().phases
    }

    /// The kind named `name`, if this variant has it.
    pub fn phase_kind(self, name: &str) -> Option<&'static PhaseKind> {
        self.phases().iter().find(|k| k.name == name)
    }

    pub fn option_fields(self) -> &'static [OptionField] {
        self.info().option_fields
    }

    pub fn teams(self, seats: usize) -> Vec<(&'static str, usize)> {
        self.0.teams(seats)
    }

    pub fn series_option(self) -> Option<&'static str> {
        self.info().series_option
    }

    pub fn action_forms(self) -> &'static [ActionForm] {
        self.info().action_forms
    }

    /// The form of the action type `kind`, if this variant has one.
    pub fn action_form(self, kind: &str) -> Option<&'static ActionForm> {
        self.action_forms().iter().find(|f| f.kind == kind)
    }

    pub fn default_characters(self) -> &'static [&'static str] {
        self.info().default_characters
    }

    pub fn draw_roles<R: rand::Rng>(self, game_ids: &[String], rng: &mut R) -> Value {
        self.0.draw_roles(game_ids, rng)
    }

    pub fn outcomes(self) -> &'static [&'static str] {
        self.info().outcomes
    }

    pub fn team_threads(self) -> &'static [&'static str] {
        self.info().team_threads
    }

    pub fn submissions_optional(self) -> bool {
        self.info().submissions_optional
    }

    /// What a seat owes besides a ballot, as reminders and the owing banner say it.
    pub fn owed_action(self) -> Message {
        Message::key(self.info().owed_action)
    }

    /// The headings of the console's own columns, each with its rule.
    pub fn console_columns(self) -> Vec<Message> {
        self.info()
            .console_columns
            .iter()
            .map(|(key, rule)| Message::key(*key).rule(rule))
            .collect()
    }

    /// Its catalog in the language `lang` (`zh-CN`, `en`); the first it has for another.
    pub fn catalog(self, lang: &str) -> &'static str {
        let all = self.info().catalogs;
        all.iter()
            .find(|(l, _)| *l == lang)
            .or(all.first())
            .map_or("", |(_, text)| text)
    }

    /// The variant's words for `what`, if it has some.
    pub fn words(self, what: Say<'_>) -> Option<Message> {
        self.0.say(what)
    }

    /// Bots play the games whose seeds are in `seeds`: the variant's, else the common bots.
    pub fn simulate(
        self,
        params: &sim::SimParams,
        seeds: std::ops::Range<u64>,
        progress: &sim::Progress,
    ) -> sim::SimStats {
        self.0
            .simulate(params, seeds.clone(), progress)
            .unwrap_or_else(|| sim::common(self, params, seeds, progress))
    }

    /// The options a game starts with ([`Pin::Start`]).
    pub fn pinned_options(self, options: &Value) -> Value {
        self.0
            .options(options, Pin::Start)
            .unwrap_or_else(|_| options.clone())
    }

    /// The edition of its ruling book a game with these options starts with, for a variant
    /// whose book has editions.
    pub fn edition_of(self, options: &Value) -> Option<u64> {
        self.pinned_options(options)
            .get("edition")
            .and_then(Value::as_u64)
    }

    /// The options a game logged before options were pinned started with ([`Pin::Legacy`]).
    pub fn legacy_options(self, options: &Value) -> Value {
        self.0
            .options(options, Pin::Legacy)
            .unwrap_or_else(|_| options.clone())
    }

    /// Checks a judge's options before a game is created: an object of known keys with values
    /// the engine accepts ([`Pin::Check`]).
    pub fn check_options(self, options: &Value) -> Result<(), ConfigError> {
        if !options.is_object() {
            return Err(ConfigError::Options("options must be an object".into()));
        }
        self.0.options(options, Pin::Check).map(|_| ())
    }

    /// Parses an action object of this variant. Fields the action does not have are ignored,
    /// as `maku replay` and stored logs need.
    pub fn parse_action(self, value: &Value) -> Result<Action, ActionError> {
        self.0.parse_action(value)
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

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Variant {}

impl Hash for Variant {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Stored and sent by its name.
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Read by its name: a name no variant has is an error where it is read (a stored game's
/// settings, a request).
impl<'de> serde::Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        Variant::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown variant {name:?}")))
    }
}

/// `options` with `key` set to `value` unless the judge set it.
pub fn pin(options: &Value, key: &str, value: Value) -> Value {
    let mut map = match options {
        Value::Object(m) => m.clone(),
        _ => serde_json::Map::new(),
    };
    map.entry(key.to_string()).or_insert(value);
    Value::Object(map)
}

/// Refuses the first key of `options` not in `known`.
pub fn only_known(
    options: &serde_json::Map<String, Value>,
    known: &[&str],
) -> Result<(), ConfigError> {
    match options.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(ConfigError::Options(format!("unknown option {k:?}"))),
        None => Ok(()),
    }
}
