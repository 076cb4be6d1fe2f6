//! A game's settings, as the judge chose them at creation.
//!
//! A value parsed at the edge, in `domain` (it was `game::settings`, still its name there): the
//! forum renders a game thread's posts with the image policy it holds, and `forum` is a layer
//! below `game`.

use crate::rules::{PhaseKind, Variant};
use chrono::{NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Stored and sent as JSON; read back through [`GameSettings`]'s own `Deserialize`, which first
/// makes the handle of a pinned setup so that `variant` names a variant this process knows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct GameSettings {
    pub variant: Variant,
    /// The judge's own setup the game plays (docs/setups.md): which version, and its document,
    /// pinned with the game (`variant` is then `setup-<id>-v<version>-<digest>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<PinnedSetup>,
    #[serde(default)]
    pub options: serde_json::Value,
    pub characters: Vec<String>,
    /// Act length in minutes: the length of each phase the variant does not give one of its
    /// own (a variant of one phase per act: the phase).
    pub act_minutes: i64,
    /// The judge's lengths of the variant's phases, in minutes, by phase kind; a kind not here
    /// lasts its default ([`PhaseKind::default_minutes`], else `act_minutes`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub phase_minutes: BTreeMap<String, i64>,
    /// Deadlines fall at this local time (`HH:MM`) in `timezone`, if set.
    pub deadline_time: Option<String>,
    pub timezone: String,
    pub min_seats: usize,
    pub max_seats: usize,
    /// Hours before a deadline at which a seat that still owes a ballot or action is reminded
    /// (0: no reminder). Games created before this setting existed get the default.
    #[serde(default = "default_remind_hours")]
    pub remind_hours: i64,
    /// Show images from other sites in the game's posts. Off by default: each reader's address
    /// would reach those sites, so images are shown as links.
    #[serde(default)]
    pub show_images: bool,
    /// The game before this one in a series the judge links (CL-3): its id. Only for a
    /// variant whose rules link games ([`Variant::series_option`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_after: Option<i64>,
    /// A game of a judge's own setup that counts on the setup version's own leaderboard, not
    /// on its family's (issue 40: the judge asked for it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_board: bool,
    /// The game starts by itself (issue 41): when its seats are full, or at a time if enough
    /// signed up. Absent: the judge starts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_start: Option<AutoStart>,
    /// A phase ends early, `grace_seconds` after every living seat has done all it owes
    /// (issue 41); off by default.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resolve_early: bool,
    #[serde(
        default = "default_grace_seconds",
        skip_serializing_if = "is_default_grace"
    )]
    pub grace_seconds: i64,
    /// The finished game this one was rehosted from, and until when only that game's players
    /// may sign up (set by the server, never by the judge's hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rehost_of: Option<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::domain::time::iso_time::option"
    )]
    pub priority_until: Option<NaiveDateTime>,
    /// Seats that are out share the spectators' thread with the watchers (issue 41): on unless
    /// the judge turned it off; stored only when off, so games made before it read as on.
    #[serde(default = "spectators_dead_default", skip_serializing_if = "is_on")]
    pub spectators_dead: bool,
}

/// A game's seats that are out read the spectators' thread unless the judge said otherwise.
fn spectators_dead_default() -> bool {
    true
}

/// The default of an on-by-default flag, left out of the stored settings.
fn is_on(flag: &bool) -> bool {
    *flag
}

/// When an open table starts by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoStart {
    /// As soon as `max_seats` accounts signed up.
    WhenFull,
    /// At this time (UTC), if at least `min_seats` signed up; else the sign-up stays open and
    /// the judge is told.
    At(NaiveDateTime),
}

impl AutoStart {
    /// Reads what a judge sent: `when_full`, or an RFC 3339 time with its offset
    /// (`2026-12-24T20:00:00+08:00`), which must lie after `now`.
    pub fn parse(text: &str, now: NaiveDateTime) -> Result<AutoStart, SettingsError> {
        let parsed = AutoStart::read(text.trim()).ok_or(SettingsError::AutoStart)?;
        let AutoStart::At(at) = parsed else {
            return Ok(parsed);
        };
        if at <= now {
            return Err(SettingsError::AutoStartPast);
        }
        if at > now + chrono::Duration::days(90) {
            return Err(SettingsError::AutoStartFar);
        }
        Ok(AutoStart::At(at))
    }

    /// `when_full`, or an RFC 3339 time with its offset (as UTC), with no check of when: what
    /// the judge's [`AutoStart::parse`] and the stored settings both read.
    fn read(text: &str) -> Option<AutoStart> {
        if text == "when_full" {
            return Some(AutoStart::WhenFull);
        }
        chrono::DateTime::parse_from_rfc3339(text)
            .ok()
            .map(|t| AutoStart::At(t.naive_utc()))
    }

    /// The time it starts at, when it is one.
    pub fn at(self) -> Option<NaiveDateTime> {
        match self {
            AutoStart::At(t) => Some(t),
            AutoStart::WhenFull => None,
        }
    }
}

/// Stored as the judge sent it: `"when_full"`, or the time as ISO 8601 UTC.
impl Serialize for AutoStart {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AutoStart::WhenFull => s.serialize_str("when_full"),
            AutoStart::At(t) => s.serialize_str(&t.and_utc().to_rfc3339()),
        }
    }
}

impl<'de> Deserialize<'de> for AutoStart {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AutoStart, D::Error> {
        let text = String::deserialize(d)?;
        AutoStart::read(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("auto_start {text:?}")))
    }
}

/// The grace after everyone has acted, by default: a minute.
pub const DEFAULT_GRACE_SECONDS: i64 = 60;

fn default_grace_seconds() -> i64 {
    DEFAULT_GRACE_SECONDS
}

/// The grace is left out of the stored settings when it is the default (games made before it
/// store none).
fn is_default_grace(g: &i64) -> bool {
    *g == DEFAULT_GRACE_SECONDS
}

/// How long a rehosted table's sign-up is kept for the old table's players.
pub const REHOST_PRIORITY_MINUTES: i64 = 60;

impl Serialize for GameSettings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameSettings::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for GameSettings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameSettings, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(d)?;
        if let Some(pinned) = value.get("setup").filter(|p| !p.is_null()) {
            let pinned = PinnedSetup::deserialize(pinned).map_err(D::Error::custom)?;
            pinned.variant().map_err(D::Error::custom)?;
        }
        GameSettings::deserialize(value).map_err(D::Error::custom)
    }
}

/// One version of a judge's own setup, as a game pins it: the document it was when the game
/// was made (a version never changes, and the game reads it without the setups table).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PinnedSetup {
    pub id: i64,
    pub version: i64,
    pub name: String,
    pub document: serde_json::Value,
}

impl PinnedSetup {
    /// The name of the variant its games play: `setup-<id>-v<version>-<digest>`, the digest
    /// the first 8 bytes of the SHA-256 of its document's text (keys sorted). A handle is made
    /// once per name in a process; the digest keeps one name to one document even where one
    /// process serves several databases (the tests), whose setup ids repeat.
    pub fn variant_name(&self) -> String {
        use sha2::Digest;
        let text = serde_json::to_string(&self.document).unwrap_or_default();
        let digest = sha2::Sha256::digest(text.as_bytes());
        format!(
            "setup-{}-v{}-{}",
            self.id,
            self.version,
            hex::encode(&digest[..8])
        )
    }

    /// Its handle: made once per process from the document, then found by name (settings are
    /// read back on every page of the game: the document is read and checked only the first
    /// time).
    pub fn variant(&self) -> Result<Variant, SettingsError> {
        let name = self.variant_name();
        if let Some(made) = Variant::from_name(&name) {
            return Ok(made);
        }
        let setup = crate::rules::setups::read(&self.document)
            .map_err(|problems| SettingsError::Setup(problems.len()))?;
        let label = format!("{} v{}", self.name, self.version);
        crate::rules::setups::custom_variant(&name, &label, &setup)
            .ok_or(SettingsError::SetupNotPlayable)
    }
}

/// The default reminder lead time, in hours.
pub const DEFAULT_REMIND_HOURS: i64 = 6;

fn default_remind_hours() -> i64 {
    DEFAULT_REMIND_HOURS
}

/// Why settings were refused (a 400 with this text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("unknown variant {0:?}")]
    Variant(String),
    #[error("the act length must be 1 to 10080 minutes")]
    ActLength,
    #[error("the variant has no phase {0:?}")]
    Phase(String),
    #[error("the deadline time must be HH:MM")]
    DeadlineTime,
    #[error("unknown time zone {0:?}")]
    TimeZone(String),
    #[error("the seat range must lie within {0}..={1}, min ≤ max")]
    Seats(usize, usize),
    #[error("there must be at least as many characters as the most seats")]
    Characters,
    #[error("{0}")]
    Character(crate::domain::CastError),
    #[error("options must be an object")]
    Options,
    /// A pinned setup's document that does not hold (never stored so: a server fault).
    #[error("the setup's document does not hold ({0} problems)")]
    Setup(usize),
    /// `own_board` asked for a game of a preset (a preset's board is its own already).
    #[error("only a game of a judge's own setup may have its own leaderboard")]
    OwnBoard,
    /// A setup no engine plays (every book's own setups play today: a guard).
    #[error("no engine plays this setup")]
    SetupNotPlayable,
    #[error("{0}")]
    BadOption(String),
    #[error("the reminder must come 0 to 72 hours before the deadline")]
    RemindHours,
    #[error("auto_start must be \"when_full\" or a time such as 2026-12-24T20:00:00+08:00")]
    AutoStart,
    #[error("the start time has passed")]
    AutoStartPast,
    #[error("the start time must lie within 90 days")]
    AutoStartFar,
    #[error("the grace must be 10 to 3600 seconds")]
    Grace,
    /// An option only the server writes: the series link (CL-3) comes from `series_after`, the
    /// previous game's own log, never from the judge's hand (`options.<key>`).
    #[error("options.{0} is set by the server from series_after, not by hand")]
    ServerOption(&'static str),
}

/// What a judge asks for (the create form, the API): the variant, and every setting that
/// may be left out for its default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingsRequest {
    pub variant: String,
    /// A judge's own setup in place of `variant`.
    pub setup: Option<PinnedSetup>,
    pub options: Option<serde_json::Value>,
    pub characters: Option<Vec<String>>,
    pub act_minutes: Option<i64>,
    pub deadline_time: Option<String>,
    pub timezone: Option<String>,
    pub min_seats: Option<usize>,
    pub max_seats: Option<usize>,
}

impl SettingsRequest {
    /// A request for a game of `variant`, every other setting its default.
    pub fn of(variant: &str) -> SettingsRequest {
        SettingsRequest {
            variant: variant.to_string(),
            ..SettingsRequest::default()
        }
    }
}

impl GameSettings {
    /// Checks and completes what a judge submitted.
    pub fn parse(request: SettingsRequest) -> Result<GameSettings, SettingsError> {
        let SettingsRequest {
            variant,
            setup,
            options,
            characters,
            act_minutes,
            deadline_time,
            timezone,
            min_seats,
            max_seats,
        } = request;
        let variant = variant.as_str();
        let v = match &setup {
            Some(pinned) => pinned.variant()?,
            None => Variant::from_name(variant)
                .filter(|v| v.label().is_none())
                .ok_or_else(|| SettingsError::Variant(variant.into()))?,
        };
        let range = v.seats();
        let options = match options {
            None | Some(serde_json::Value::Null) => serde_json::json!({}),
            Some(o @ serde_json::Value::Object(_)) => o,
            Some(_) => return Err(SettingsError::Options),
        };
        v.check_options(&options)
            .map_err(|e| SettingsError::BadOption(e.to_string()))?;
        // CL-3: the seat a series protects is read from the previous game's log at the start
        // (`series_after`); a judge who could write it could protect any seat of their choosing.
        if let Some(key) = v.series_option()
            && options.get(key).is_some()
        {
            return Err(SettingsError::ServerOption(key));
        }
        let act_minutes = act_minutes.unwrap_or(24 * 60);
        if !(1..=7 * 24 * 60).contains(&act_minutes) {
            return Err(SettingsError::ActLength);
        }
        let deadline_time = match deadline_time.map(|t| t.trim().to_string()) {
            Some(t) if t.is_empty() => None,
            Some(t) => {
                NaiveTime::parse_from_str(&t, "%H:%M").map_err(|_| SettingsError::DeadlineTime)?;
                Some(t)
            }
            None => None,
        };
        let timezone = timezone
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "Asia/Shanghai".into());
        timezone
            .parse::<Tz>()
            .map_err(|_| SettingsError::TimeZone(timezone.clone()))?;
        let min_seats = min_seats.unwrap_or(*range.start());
        let max_seats = max_seats.unwrap_or(*range.end());
        if min_seats > max_seats || !range.contains(&min_seats) || !range.contains(&max_seats) {
            return Err(SettingsError::Seats(*range.start(), *range.end()));
        }
        let characters: Vec<String> = match characters {
            Some(list) => list,
            None => v
                .default_characters()
                .iter()
                .map(|c| c.to_string())
                .collect(),
        };
        // Game IDs follow the rules of names (bounded, printable, no look-alikes in one game).
        let characters: Vec<String> = crate::domain::game_id::cast(&characters)
            .map_err(SettingsError::Character)?
            .into_iter()
            .map(crate::domain::GameId::into_string)
            .collect();
        if characters.len() < max_seats {
            return Err(SettingsError::Characters);
        }
        Ok(GameSettings {
            variant: v,
            setup,
            options,
            characters,
            act_minutes,
            phase_minutes: BTreeMap::new(),
            deadline_time,
            timezone,
            min_seats,
            max_seats,
            remind_hours: DEFAULT_REMIND_HOURS,
            show_images: false,
            series_after: None,
            own_board: false,
            auto_start: None,
            resolve_early: false,
            grace_seconds: DEFAULT_GRACE_SECONDS,
            rehost_of: None,
            priority_until: None,
            spectators_dead: true,
        })
    }

    /// How the table starts ([`AutoStart`]; none: by its judge).
    pub fn with_auto_start(mut self, auto: Option<AutoStart>) -> GameSettings {
        self.auto_start = auto;
        self
    }

    /// Whether phases end early once everyone has acted, and the grace after (10 s to an hour;
    /// none: a minute).
    pub fn with_resolve_early(
        mut self,
        on: bool,
        grace_seconds: Option<i64>,
    ) -> Result<GameSettings, SettingsError> {
        if let Some(g) = grace_seconds {
            if !(10..=3600).contains(&g) {
                return Err(SettingsError::Grace);
            }
            self.grace_seconds = g;
        }
        self.resolve_early = on;
        Ok(self)
    }

    /// The judge's lengths of some of the variant's phases (minutes by phase kind; each 1 to
    /// 10080, each a phase the variant has).
    pub fn with_phase_minutes(
        mut self,
        lengths: Option<BTreeMap<String, i64>>,
    ) -> Result<GameSettings, SettingsError> {
        let variant = self.variant;
        for (kind, minutes) in lengths.unwrap_or_default() {
            if variant.phase_kind(&kind).is_none() {
                return Err(SettingsError::Phase(kind));
            }
            if !(1..=7 * 24 * 60).contains(&minutes) {
                return Err(SettingsError::ActLength);
            }
            self.phase_minutes.insert(kind, minutes);
        }
        Ok(self)
    }

    /// How long a phase of `kind` lasts, in minutes.
    pub fn minutes_of(&self, kind: &PhaseKind) -> i64 {
        self.phase_minutes
            .get(kind.name)
            .copied()
            .or(kind.default_minutes)
            .unwrap_or(self.act_minutes)
    }

    /// The kind of phase named `name` in this game's variant. A name the variant does not know
    /// (never stored by this build) is taken as a phase as long as the act.
    pub fn phase_kind(&self, name: &str) -> PhaseKind {
        self.variant.phase_kind(name).copied().unwrap_or(PhaseKind {
            name: "act",
            default_minutes: None,
            aligned: true,
            turn: "turn-speaker",
        })
    }

    /// Whether external images in the game's posts are shown (the judge's choice).
    pub fn with_show_images(mut self, show: bool) -> GameSettings {
        self.show_images = show;
        self
    }

    /// Counts the game on its setup version's own leaderboard (only a game of a judge's own
    /// setup has one).
    pub fn with_own_board(mut self, own: bool) -> Result<GameSettings, SettingsError> {
        if own && self.setup.is_none() {
            return Err(SettingsError::OwnBoard);
        }
        self.own_board = own;
        Ok(self)
    }

    /// The leaderboard the game's finish counts on: its setup version's own when the judge
    /// asked for it, else its variant's (a judge's setup: its family's, `Variant::board`).
    pub fn board(&self) -> Variant {
        if self.own_board {
            self.variant
        } else {
            self.variant.board()
        }
    }

    /// Whether the seats that are out share the spectators' thread (the judge's choice).
    pub fn with_spectators_dead(mut self, shared: bool) -> GameSettings {
        self.spectators_dead = shared;
        self
    }

    /// Links the game to the one before it in a series (CL-3); the service checks that game.
    pub fn with_series_after(mut self, previous: Option<i64>) -> GameSettings {
        self.series_after = previous;
        self
    }

    /// How the game's posts render images.
    pub fn images(&self) -> crate::domain::Images {
        if self.show_images {
            crate::domain::Images::Shown
        } else {
            crate::domain::Images::Links
        }
    }

    /// The image policy of a game row's settings column (`GameRow::settings`); links when it
    /// does not parse.
    pub fn images_of(settings: &str) -> crate::domain::Images {
        serde_json::from_str::<GameSettings>(settings)
            .map(|s| s.images())
            .unwrap_or_default()
    }

    /// How many hours before a deadline a seat that still owes is reminded (0: never).
    pub fn with_remind_hours(mut self, hours: Option<i64>) -> Result<GameSettings, SettingsError> {
        if let Some(h) = hours {
            if !(0..=72).contains(&h) {
                return Err(SettingsError::RemindHours);
            }
            self.remind_hours = h;
        }
        Ok(self)
    }

    pub fn tz(&self) -> Tz {
        self.timezone.parse().unwrap_or(chrono_tz::Asia::Shanghai)
    }

    /// The deadline of a phase of kind `phase` (its name) opening at `now`: its length later,
    /// then, for a phase aligned to the time of day, on to the first `deadline_time` in the
    /// judge's zone, if one is set.
    pub fn next_deadline(&self, now: NaiveDateTime, phase: &str) -> NaiveDateTime {
        let kind = self.phase_kind(phase);
        let earliest = now + chrono::Duration::minutes(self.minutes_of(&kind));
        let Some(t) = self
            .deadline_time
            .as_deref()
            .filter(|_| kind.aligned)
            .and_then(|t| NaiveTime::parse_from_str(t, "%H:%M").ok())
        else {
            return earliest;
        };
        let tz = self.tz();
        let local = tz.from_utc_datetime(&earliest);
        for day in 0..3 {
            let date = local.date_naive() + chrono::Duration::days(day);
            // A time skipped by a DST change falls to the next valid instant.
            let candidate = tz
                .from_local_datetime(&date.and_time(t))
                .earliest()
                .map(|d| d.naive_utc());
            if let Some(c) = candidate
                && c >= earliest
            {
                return c;
            }
        }
        earliest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::InputError;
    use serde_json::json;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
    }

    impl GameSettings {
        /// Death Note's one phase, the act.
        fn next_deadline_act(&self, now: NaiveDateTime) -> NaiveDateTime {
            self.next_deadline(now, "act")
        }
    }

    /// A game made from a judge's own setup pins the version's document in its settings; a
    /// process that never saw the setup reads the settings back and plays the same variant (a
    /// second instance on the same database, or a restart).
    #[test]
    fn settings_pinning_a_setup_read_back_to_its_variant() {
        let (_, text) = crate::rules::setups::PRESETS[0];
        let mut document: serde_json::Value = serde_json::from_str(text).expect("JSON");
        document["deal"][1]["count"] = json!(1);
        let pinned = PinnedSetup {
            id: 7001,
            version: 3,
            name: "一警东杀".into(),
            document,
        };
        let s = GameSettings::parse(SettingsRequest {
            variant: pinned.variant_name(),
            setup: Some(pinned.clone()),
            ..SettingsRequest::default()
        })
        .expect("a game of the setup");
        assert!(s.variant.name().starts_with("setup-7001-v3-"));
        // Another document under the same id and version (another database) is another handle.
        let mut other = pinned.clone();
        other.document["deal"][1]["count"] = json!(2);
        let o = GameSettings::parse(SettingsRequest {
            variant: other.variant_name(),
            setup: Some(other),
            ..SettingsRequest::default()
        })
        .expect("a game of the other setup");
        assert_ne!(o.variant, s.variant);
        assert_eq!(o.variant.teams(8), vec![("killers", 2), ("police", 2)]);
        assert_eq!(s.variant.teams(8), vec![("killers", 2), ("police", 1)]);
        assert_eq!(s.variant.label(), Some("一警东杀 v3"));
        assert_eq!((s.min_seats, s.max_seats), (8, 16));
        let stored = serde_json::to_string(&s).expect("JSON");
        assert!(stored.contains("\"setup\""), "{stored}");
        let back: GameSettings = serde_json::from_str(&stored).expect("it reads back");
        assert_eq!(back, s);
        // A setup's variant is not one a judge may name without the setup.
        assert!(GameSettings::parse(SettingsRequest::of(s.variant.name())).is_err());
        // An unknown setup name in stored settings without its document does not read.
        let orphan = stored.replace(s.variant.name(), "setup-7001-v4-0000000000000000");
        let orphan: serde_json::Value = serde_json::from_str(&orphan).expect("JSON");
        let mut orphan = orphan;
        orphan.as_object_mut().expect("an object").remove("setup");
        assert!(serde_json::from_value::<GameSettings>(orphan).is_err());
    }

    #[test]
    fn dn_1_seat_range_and_other_defaults_and_bounds() {
        let s = GameSettings::parse(SettingsRequest::of("deathnote")).expect("ok");
        assert_eq!(s.act_minutes, 1440);
        assert_eq!(s.characters.len(), 40);
        assert_eq!((s.min_seats, s.max_seats), (6, 40));
        assert!(GameSettings::parse(SettingsRequest::of("chess")).is_err());
        assert!(
            GameSettings::parse(SettingsRequest {
                variant: "deathnote".to_string(),
                act_minutes: Some(0),
                ..SettingsRequest::default()
            })
            .is_err()
        );
        assert!(
            GameSettings::parse(SettingsRequest {
                variant: "deathnote".to_string(),
                deadline_time: Some("25:00".into()),
                ..SettingsRequest::default()
            })
            .is_err()
        );
        assert!(
            GameSettings::parse(SettingsRequest {
                variant: "deathnote".to_string(),
                timezone: Some("Mars/Base".into()),
                ..SettingsRequest::default()
            })
            .is_err()
        );
        assert!(
            GameSettings::parse(SettingsRequest {
                variant: "deathnote".to_string(),
                min_seats: Some(5),
                ..SettingsRequest::default()
            })
            .is_err()
        );
        let few = Some(vec!["a".to_string(), "b".to_string()]);
        assert_eq!(
            GameSettings::parse(SettingsRequest {
                variant: "deathnote".to_string(),
                characters: few,
                min_seats: Some(6),
                max_seats: Some(9),
                ..SettingsRequest::default()
            }),
            Err(SettingsError::Characters)
        );
    }

    #[test]
    fn cl_3_the_series_link_is_not_a_judges_option() {
        for hand_set in [json!("令狐冲"), json!(null)] {
            let request = SettingsRequest {
                options: Some(json!({"previous_first_victim": hand_set})),
                ..SettingsRequest::of("dongsha")
            };
            assert_eq!(
                GameSettings::parse(request),
                Err(SettingsError::ServerOption("previous_first_victim"))
            );
        }
        let speeches = SettingsRequest {
            options: Some(json!({"speeches": "free"})),
            ..SettingsRequest::of("dongsha")
        };
        assert!(GameSettings::parse(speeches).is_ok());
    }

    #[test]
    fn characters_follow_the_rules_of_game_ids() {
        let parse = |list: &[&str]| {
            let list = list.iter().map(|c| c.to_string()).collect();
            GameSettings::parse(SettingsRequest {
                variant: "shengtui".to_string(),
                characters: Some(list),
                ..SettingsRequest::default()
            })
        };
        let six = ["甲", "乙", "丙", "丁", "戊", "己"];
        let ok = parse(&[&six[..], &[" ＡＢ ", "庚"]].concat()).expect("valid");
        assert_eq!(ok.characters[6], "AB", "trimmed and NFKC, as names are");
        let why = |list: &[&str]| match parse(list) {
            Err(SettingsError::Character(e)) => (e.name, e.why),
            other => panic!("{other:?}"),
        };
        let nul = format!("a{}b", '\0');
        let long = "长".repeat(1000);
        for (bad, code) in [
            (nul.as_str(), InputError::ControlCharacters),
            (long.as_str(), InputError::GameIdLength),
            ("", InputError::GameIdLength),
            ("<i>", InputError::GameIdCharacters),
            ("法官", InputError::GameIdReserved),
            ("甲", InputError::GameIdLookalike),
        ] {
            let list = [&six[..], &[bad, "庚", "辛"]].concat();
            assert_eq!(why(&list), (bad.to_string(), code), "{bad:?}");
        }
    }

    #[test]
    fn deadlines_fall_at_the_judges_local_time() {
        let s = GameSettings::parse(SettingsRequest {
            variant: "deathnote".to_string(),
            act_minutes: Some(1440),
            deadline_time: Some("22:00".into()),
            ..SettingsRequest::default()
        })
        .expect("ok");
        // Started 15:00 UTC = 23:00 Shanghai; 24 h later is 23:00 local, so 22:00 local the day after.
        assert_eq!(
            s.next_deadline_act(at("2026-12-01 15:00")),
            at("2026-12-03 14:00")
        );
        // Resolved exactly at 22:00 local (14:00 UTC): the next act ends 24 h later.
        assert_eq!(
            s.next_deadline_act(at("2026-12-03 14:00")),
            at("2026-12-04 14:00")
        );
        let plain = GameSettings::parse(SettingsRequest {
            variant: "deathnote".to_string(),
            act_minutes: Some(90),
            ..SettingsRequest::default()
        })
        .expect("ok");
        assert_eq!(
            plain.next_deadline_act(at("2026-12-01 15:00")),
            at("2026-12-01 16:30")
        );
    }

    #[test]
    #[cfg(feature = "test-variant")]
    fn each_phase_has_its_own_length_and_only_aligned_ones_move_to_the_time_of_day() {
        let s = GameSettings::parse(SettingsRequest {
            variant: "twophase".to_string(),
            act_minutes: Some(600),
            deadline_time: Some("22:00".into()),
            timezone: Some("UTC".into()),
            ..SettingsRequest::default()
        })
        .expect("ok");
        // The day lasts the act length, then moves on to 22:00; the night its default hour.
        assert_eq!(
            s.next_deadline(at("2026-12-01 08:00"), "day"),
            at("2026-12-01 22:00")
        );
        assert_eq!(
            s.next_deadline(at("2026-12-01 22:00"), "night"),
            at("2026-12-01 23:00")
        );
        let judged = s
            .clone()
            .with_phase_minutes(Some(BTreeMap::from([("night".to_string(), 90)])))
            .expect("a phase of the variant");
        assert_eq!(
            judged.next_deadline(at("2026-12-01 22:00"), "night"),
            at("2026-12-01 23:30")
        );
        assert_eq!(
            s.clone()
                .with_phase_minutes(Some(BTreeMap::from([("dusk".to_string(), 90)]))),
            Err(SettingsError::Phase("dusk".into()))
        );
        assert_eq!(
            s.with_phase_minutes(Some(BTreeMap::from([("night".to_string(), 0)]))),
            Err(SettingsError::ActLength)
        );
    }

    /// Issue 41: the dead share the spectators' thread unless the judge turned it off; the flag
    /// is stored only when off, so settings stored before it read as on and write back the
    /// same.
    #[test]
    fn spectators_dead_is_on_by_default_and_stored_only_when_off() {
        let on = GameSettings::parse(SettingsRequest::of("deathnote")).expect("settings");
        assert!(on.spectators_dead);
        let text = serde_json::to_string(&on).expect("json");
        assert!(!text.contains("spectators_dead"), "{text}");
        let back: GameSettings = serde_json::from_str(&text).expect("settings");
        assert!(back.spectators_dead);
        let off = on.with_spectators_dead(false);
        let text = serde_json::to_string(&off).expect("json");
        assert!(text.contains(r#""spectators_dead":false"#), "{text}");
        let back: GameSettings = serde_json::from_str(&text).expect("settings");
        assert!(!back.spectators_dead);
    }
}
