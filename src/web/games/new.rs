//! The judge's form that creates a game: the fields every game has, and the chosen variant's
//! own options and phase lengths, drawn from the registry.

use super::see_other;
use crate::app::AppState;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::service;
use crate::game::settings::{AutoStart, GameSettings, PinnedSetup, SettingsError, SettingsRequest};
use crate::game::setups::{self, SetupRef};
use crate::i18n::Tr;
use crate::rules::{OptionInput, Variant};
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The create form's fields as typed, so that a refused form comes back intact. Besides the
/// fields every game has, the form carries the variant's own options (by their names,
/// [`crate::rules::Variant::option_fields`]) and phase lengths (`phase_<kind>`), both drawn
/// from the variant; any other field is refused.
#[derive(Deserialize, Serialize, Clone)]
pub struct NewGameForm {
    /// The variant's name; absent (forms made before there were several): the first variant.
    #[serde(default)]
    pub variant: String,
    /// A judge's own setup version, `<id>.<version>`, in place of a variant (issue 40).
    #[serde(default)]
    pub setup: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub act_minutes: String,
    #[serde(default)]
    pub deadline_time: String,
    #[serde(default)]
    pub timezone: String,
    #[serde(default)]
    pub min_seats: String,
    #[serde(default)]
    pub max_seats: String,
    #[serde(default)]
    pub characters: String,
    #[serde(default)]
    pub remind_hours: String,
    /// A checkbox: show external images in the game's posts.
    pub show_images: Option<String>,
    /// A checkbox of a setup's form: count the game on the setup version's own leaderboard.
    pub own_board: Option<String>,
    /// A checkbox: the spectators' thread is the watchers' alone, the seats that are out do
    /// not share it (issue 41; unticked, or a form without it, they do).
    pub spectators_without_dead: Option<String>,
    /// The game before this one in a series (CL-3): its id, or empty.
    #[serde(default)]
    pub series_after: String,
    /// How the table starts (issue 41): empty (by the judge), `when_full`, or `at`.
    #[serde(default)]
    pub start_mode: String,
    /// With `at`: the local time (`YYYY-MM-DDTHH:MM`) in the game's time zone.
    #[serde(default)]
    pub start_at: String,
    /// A checkbox: phases end a grace after everyone has acted.
    pub resolve_early: Option<String>,
    #[serde(default)]
    pub grace_seconds: String,
    /// The variant's options (a ticked box: present) and `phase_<kind>` lengths, as typed.
    #[serde(flatten)]
    pub extra: BTreeMap<String, String>,
}

impl NewGameForm {
    /// The fields as typed, for the flash of a refusal.
    fn to_flash(&self, message: String) -> Flash {
        let mut f = Flash::refusal("", message);
        if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(self) {
            for (k, v) in m {
                if let Some(v) = v.as_str() {
                    f = f.with(&k, v);
                }
            }
        }
        f
    }

    /// The form as a refusal's flash kept it.
    fn from_flash(f: &Flash) -> NewGameForm {
        let m: serde_json::Map<String, serde_json::Value> = f
            .fields
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        let variant = variant_of(f.field("variant"));
        serde_json::from_value(serde_json::Value::Object(m))
            .unwrap_or_else(|_| Self::defaults(variant))
    }

    fn defaults(variant: Variant) -> NewGameForm {
        let seats = variant.seats();
        let mut extra = BTreeMap::new();
        for o in variant.option_fields() {
            match o.input {
                OptionInput::Flag { default: true } => {
                    extra.insert(o.name.to_string(), "on".to_string());
                }
                OptionInput::Flag { default: false } => {}
                OptionInput::Choice { default, .. } => {
                    extra.insert(o.name.to_string(), default.to_string());
                }
            }
        }
        NewGameForm {
            variant: variant.name().to_string(),
            setup: String::new(),
            title: String::new(),
            act_minutes: "1440".into(),
            deadline_time: String::new(),
            timezone: "Asia/Shanghai".into(),
            min_seats: seats.start().to_string(),
            max_seats: seats.end().to_string(),
            remind_hours: "6".into(),
            characters: variant.default_characters().join("\n"),
            show_images: None,
            own_board: None,
            spectators_without_dead: None,
            series_after: String::new(),
            start_mode: String::new(),
            start_at: String::new(),
            resolve_early: None,
            grace_seconds: "60".into(),
            extra,
        }
    }
}

/// The variant a form names; an unknown or missing name is the first variant's form.
fn variant_of(name: &str) -> Variant {
    Variant::from_name(name)
        .filter(|v| v.is_offered())
        .unwrap_or_else(Variant::first)
}

/// One option of the variant, ready to draw.
pub struct OptionView {
    pub name: &'static str,
    pub label: String,
    /// A checkbox (else a select of `choices`).
    pub flag: bool,
    pub checked: bool,
    /// (value, label, selected)
    pub choices: Vec<(&'static str, String, bool)>,
}

/// One phase kind's length input.
pub struct PhaseView {
    /// Its field name, `phase_<kind>`.
    pub field: String,
    pub label: String,
    /// Its length unless the judge sets one ("the act's length" when it has none of its own).
    pub placeholder: String,
    pub value: String,
}

/// A deal's teams and their sizes ([`Variant::teams`]).
type Teams = Vec<(&'static str, usize)>;

/// A judge's setup version as the chooser lists it.
pub struct SetupChoice {
    pub link: String,
    pub label: String,
    pub author: String,
}

/// A variant as the chooser shows it: its name, seats and teams by seat count.
pub struct VariantView {
    pub name: &'static str,
    pub label: String,
    pub seats: String,
    /// The seat counts the variant's rules recommend, in words.
    pub seats_hint: Option<String>,
    pub teams: Vec<String>,
}

impl VariantView {
    fn new(tr: &Tr, v: Variant) -> VariantView {
        let range = v.seats();
        // Seat counts with the same teams, as the presets table groups them ("8–10: …").
        let mut teams: Vec<(usize, usize, Teams)> = Vec::new();
        for n in range.clone() {
            let t = v.teams(n);
            match teams.last_mut() {
                Some((_, hi, last)) if *last == t => *hi = n,
                _ => teams.push((n, n, t)),
            }
        }
        let teams = teams
            .into_iter()
            .filter(|(_, _, t)| !t.is_empty())
            .map(|(lo, hi, t)| {
                let seats = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}–{hi}")
                };
                let sizes = t
                    .iter()
                    .map(|(team, k)| {
                        let n = ("n", k.to_string());
                        // A team (`team-<name>`), or a role of a role game's deal.
                        let key = format!("team-{team}");
                        if tr.has(&key) {
                            tr.ta("new-team-size", &[("team", tr.t(&key)), n])
                        } else {
                            tr.ta("new-role-size", &[("role", tr.say(&v.role(team))), n])
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(tr.t("list-sep").as_str());
                tr.ta("new-teams-line", &[("seats", seats), ("teams", sizes)])
            })
            .collect();
        VariantView {
            name: v.name(),
            label: tr.variant(v.name()),
            // A game of a fixed size (the role games) says one number.
            seats: if range.start() == range.end() {
                tr.t1("new-variant-seats-fixed", "n", range.start())
            } else {
                tr.ta(
                    "new-variant-seats",
                    &[
                        ("min", range.start().to_string()),
                        ("max", range.end().to_string()),
                    ],
                )
            },
            seats_hint: v.seats_hint().map(|m| tr.say(&m)),
            teams,
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/new.html")]
struct NewPage {
    page: PageCtx,
    /// `None`: the chooser of variants.
    variant: Option<VariantView>,
    /// The chooser's variants and judges' setups.
    variants: Vec<VariantView>,
    setups: Vec<SetupChoice>,
    /// The chosen setup version's page (its rules), when the form is a setup's.
    setup: Option<String>,
    /// The bots' estimate of the chosen setup version: its note and one line per side.
    balance: Option<(String, Vec<String>)>,
    form: NewGameForm,
    options: Vec<OptionView>,
    phases: Vec<PhaseView>,
    seat_range: (usize, usize),
    /// The judge's finished games of this variant that a new one may follow (CL-3): (id,
    /// title, chosen); `None` for a variant whose rules link no games.
    series: Option<Vec<(i64, String, bool)>>,
    error: Option<String>,
    /// The field the refusal is about (its name), or empty.
    invalid: String,
}

impl NewPage {
    /// Issue 38 item 13e: the seat range is asked only of a variant whose games may differ in
    /// size (the engine's [`Variant::seats`]); a game of one size (the role games) says it.
    fn seats_vary(&self) -> bool {
        self.seat_range.0 != self.seat_range.1
    }

    /// The attributes of field `name` when the refusal is about it.
    fn invalid(&self, name: &str) -> &'static str {
        crate::web::pages::invalid_attrs(&self.invalid, name)
    }
}

fn require_judge(viewer: &Viewer) -> Result<&crate::auth::account::Account, AppError> {
    let a = viewer.require()?;
    if a.is_judge() {
        Ok(a)
    } else {
        Err(AppError::Forbidden)
    }
}

#[derive(Deserialize)]
pub struct NewQuery {
    variant: Option<String>,
    /// A setup version, `<id>.<version>`.
    setup: Option<String>,
}

/// A setup version the form names: `<id>.<version>`.
fn setup_ref(raw: &str) -> Option<SetupRef> {
    let (id, version) = raw.trim().split_once('.')?;
    Some(SetupRef {
        id: id.parse().ok()?,
        version: version.parse().ok()?,
    })
}

/// The setup version a form or a link names, pinned as a game would pin it, and the variant
/// that plays it: `404` for one that does not exist, `400` for one no engine plays.
async fn chosen_setup(state: &AppState, raw: &str) -> Result<(PinnedSetup, Variant), AppError> {
    let r = setup_ref(raw).ok_or(AppError::NotFound)?;
    let pinned = match setups::pinned(state, r).await {
        Err(AppError::Invalid("setup_unknown")) => return Err(AppError::NotFound),
        other => other?,
    };
    let variant = pinned
        .variant()
        .map_err(|_| AppError::Invalid("setup_not_playable"))?;
    Ok((pinned, variant))
}

/// Where the form returns after a refusal: the variant's form, or the setup's.
fn form_path(form: &NewGameForm) -> String {
    match setup_ref(&form.setup) {
        Some(r) => format!("{NEW_PATH}?setup={}.{}", r.id, r.version),
        None => format!("{NEW_PATH}?variant={}", variant_of(&form.variant).name()),
    }
}

#[get("/games/new")]
pub async fn new_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    q: web::Query<NewQuery>,
) -> Result<NewPage, AppError> {
    require_judge(&viewer)?;
    let tr = viewer.tr;
    let flash = flash::take(&state, &viewer, NEW_PATH).await?;
    let setup_raw = match &flash {
        Some(f) => Some(f.field("setup").to_string()).filter(|s| !s.is_empty()),
        None => q.setup.clone(),
    };
    if let Some(raw) = setup_raw {
        let (pinned, variant) = chosen_setup(&state, &raw).await?;
        return variant_form(&state, &viewer, variant, flash, Some(pinned)).await;
    }
    let chosen = match (&flash, q.variant.as_deref()) {
        (Some(f), _) => Some(variant_of(f.field("variant"))),
        (None, Some(name)) => Some(
            Variant::from_name(name)
                .filter(|v| v.is_offered())
                .ok_or(AppError::NotFound)?,
        ),
        (None, None) if Variant::offered().count() == 1 => Some(Variant::first()),
        (None, None) => None,
    };
    let variants = Variant::offered()
        .map(|v| VariantView::new(&tr, v))
        .collect();
    let Some(variant) = chosen else {
        // Every book's own setups play (a setup no engine plays would be refused on its form).
        let setups = setups::names(&state)
            .await?
            .into_iter()
            .map(|s| SetupChoice {
                link: format!("{NEW_PATH}?setup={}.{}", s.id, s.version),
                label: format!("{} v{}", s.name, s.version),
                author: s.author,
            })
            .collect();
        return Ok(NewPage {
            page: viewer.page(),
            variant: None,
            variants,
            setups,
            setup: None,
            balance: None,
            form: NewGameForm::defaults(Variant::first()),
            options: Vec::new(),
            phases: Vec::new(),
            seat_range: (0, 0),
            series: None,
            error: None,
            invalid: String::new(),
        });
    };
    variant_form(&state, &viewer, variant, flash, None).await
}

/// The form of one variant, or of one setup version (`pinned`, played by `variant`).
async fn variant_form(
    state: &AppState,
    viewer: &Viewer,
    variant: Variant,
    flash: Option<Flash>,
    pinned: Option<PinnedSetup>,
) -> Result<NewPage, AppError> {
    let tr = viewer.tr;
    let mut form = flash
        .as_ref()
        .map_or_else(|| NewGameForm::defaults(variant), NewGameForm::from_flash);
    if let Some(p) = &pinned {
        form.setup = format!("{}.{}", p.id, p.version);
        form.variant = String::new();
    }
    let (setup, balance) = match &pinned {
        Some(p) => {
            let link = format!("/setups/{}?version={}", p.id, p.version);
            let balance =
                crate::web::setups::balance_lines(state, &tr, p.id, p.version, Some(variant)).await;
            (Some(link), balance)
        }
        None => (None, None),
    };
    let options = variant
        .option_fields()
        .iter()
        .map(|o| {
            let typed = form.extra.get(o.name).map(String::as_str);
            let key = format!("option-{}", o.name.replace('_', "-"));
            match o.input {
                OptionInput::Flag { .. } => OptionView {
                    name: o.name,
                    label: tr.t(&key),
                    flag: true,
                    checked: typed.is_some(),
                    choices: Vec::new(),
                },
                OptionInput::Choice { values, default } => OptionView {
                    name: o.name,
                    label: tr.t(&key),
                    flag: false,
                    checked: false,
                    choices: values
                        .iter()
                        .map(|v| {
                            let label = tr.t(&format!("{key}-{}", v.replace('_', "-")));
                            (*v, label, typed.unwrap_or(default) == *v)
                        })
                        .collect(),
                },
            }
        })
        .collect();
    let phases = if variant.phases().len() > 1 {
        variant
            .phases()
            .iter()
            .map(|k| {
                let field = format!("phase_{}", k.name);
                PhaseView {
                    label: tr.t(&format!("phase-{}", k.name.replace('_', "-"))),
                    placeholder: match k.default_minutes {
                        Some(m) => m.to_string(),
                        None => tr.t("new-phase-act-length"),
                    },
                    value: form.extra.get(&field).cloned().unwrap_or_default(),
                    field,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let range = variant.seats();
    let series = match variant.series_option() {
        Some(_) => {
            let judge = viewer.require()?.id;
            let chosen = form.series_after.trim().parse::<i64>().ok();
            let rows = state
                .db(move |c| {
                    let finished =
                        games::list_filtered(c, Some(variant.name()), Some(GameStatus::Finished))?;
                    Ok(finished
                        .into_iter()
                        .filter(|g| g.judge_id == judge)
                        .map(|g| (g.id, g.title, chosen == Some(g.id)))
                        .collect::<Vec<_>>())
                })
                .await?;
            Some(rows)
        }
        None => None,
    };
    Ok(NewPage {
        series,
        page: viewer.page(),
        variant: Some(VariantView::new(&tr, variant)),
        variants: Vec::new(),
        setups: Vec::new(),
        setup,
        balance,
        form,
        options,
        phases,
        seat_range: (*range.start(), *range.end()),
        invalid: flash
            .as_ref()
            .map(|f| f.invalid_in("").to_string())
            .unwrap_or_default(),
        error: flash.and_then(|f| f.error_for("")),
    })
}

const NEW_PATH: &str = "/games/new";

/// A refusal of the form: its message and the field it is about (empty: none).
type Refusal = (String, String);

fn number<T: std::str::FromStr>(
    tr: &Tr,
    raw: &str,
    label: &str,
    field: &str,
) -> Result<Option<T>, Refusal> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse::<T>().map(Some).map_err(|_| {
        (
            tr.t1("new-bad-number", "field", &tr.t(label)),
            field.to_string(),
        )
    })
}

/// The field of the form a settings error is about.
fn settings_field(e: &SettingsError) -> &'static str {
    match e {
        SettingsError::ActLength => "act_minutes",
        SettingsError::DeadlineTime => "deadline_time",
        SettingsError::TimeZone(_) => "timezone",
        SettingsError::Seats(..) => "min_seats",
        SettingsError::Characters | SettingsError::Character(_) => "characters",
        SettingsError::RemindHours => "remind_hours",
        SettingsError::AutoStart | SettingsError::AutoStartPast | SettingsError::AutoStartFar => {
            "start_at"
        }
        SettingsError::Grace => "grace_seconds",
        _ => "",
    }
}

/// Why the settings are refused, in the reader's language (the form and the API).
pub(crate) fn settings_message(tr: &Tr, e: &SettingsError) -> String {
    match e {
        SettingsError::ActLength => tr.t("new-error-act-length"),
        SettingsError::DeadlineTime => tr.t("new-error-deadline-time"),
        SettingsError::TimeZone(z) => tr.t1("new-error-timezone", "zone", z),
        SettingsError::Seats(min, max) => tr.ta(
            "new-error-seats",
            &[("min", min.to_string()), ("max", max.to_string())],
        ),
        SettingsError::Characters => tr.t("new-error-characters"),
        SettingsError::Character(e) => tr.ta(
            "new-error-character",
            &[("name", e.name.clone()), ("why", tr.t(e.why.message_key()))],
        ),
        SettingsError::RemindHours => tr.t("new-error-remind-hours"),
        SettingsError::ServerOption(key) => tr.t1("new-error-unknown-field", "field", key),
        SettingsError::SetupNotPlayable => tr.t("error-setup-not-playable"),
        SettingsError::OwnBoard => tr.t("error-own-board-preset"),
        SettingsError::AutoStart => tr.t("new-error-start-at"),
        SettingsError::AutoStartPast => tr.t("new-error-start-past"),
        SettingsError::AutoStartFar => tr.t("new-error-start-far"),
        SettingsError::Grace => tr.t("new-error-grace"),
        other => tr.t1("new-error-other", "detail", &other.to_string()),
    }
}

/// The variant a form names (none: the first).
fn form_variant(tr: &Tr, f: &NewGameForm) -> Result<Variant, Refusal> {
    if f.variant.trim().is_empty() {
        return Ok(Variant::first());
    }
    Variant::from_name(f.variant.trim())
        .filter(|v| v.is_offered())
        .ok_or_else(|| {
            (
                tr.t1("new-error-other", "detail", &f.variant),
                String::new(),
            )
        })
}

/// The form → settings, or the message to show above the kept form and its field.
fn parse_form(
    tr: &Tr,
    f: &NewGameForm,
    pinned: Option<(PinnedSetup, Variant)>,
    now: chrono::NaiveDateTime,
) -> Result<GameSettings, Refusal> {
    let (variant, setup) = match pinned {
        Some((p, v)) => (v, Some(p)),
        None => (form_variant(tr, f)?, None),
    };
    let variant_name = match &setup {
        Some(p) => p.variant_name(),
        None => variant.name().to_string(),
    };
    let act = number::<i64>(tr, &f.act_minutes, "new-field-act-minutes", "act_minutes")?;
    let min = number::<usize>(tr, &f.min_seats, "new-field-min-seats", "min_seats")?;
    let max = number::<usize>(tr, &f.max_seats, "new-field-max-seats", "max_seats")?;
    let remind = number::<i64>(
        tr,
        &f.remind_hours,
        "new-field-remind-hours",
        "remind_hours",
    )?;
    let characters: Vec<String> = f
        .characters
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let characters = (!characters.is_empty()).then_some(characters);
    // Every option the variant has: an unticked box is `false`, a select its value.
    let mut options = serde_json::Map::new();
    for o in variant.option_fields() {
        let typed = f.extra.get(o.name);
        let value = match o.input {
            OptionInput::Flag { .. } => serde_json::Value::Bool(typed.is_some()),
            OptionInput::Choice { default, .. } => serde_json::Value::String(
                typed
                    .map(|t| t.trim().to_string())
                    .unwrap_or_else(|| default.to_string()),
            ),
        };
        // Off by default and left off: not stored (the rules' default). A flag on by default
        // and left off is stored off.
        let on_by_default = matches!(o.input, OptionInput::Flag { default: true });
        if value != serde_json::Value::Bool(false) || on_by_default {
            options.insert(o.name.to_string(), value);
        }
    }
    let series_after = number::<i64>(
        tr,
        &f.series_after,
        "new-field-series-after",
        "series_after",
    )?;
    let grace = number::<i64>(tr, &f.grace_seconds, "new-field-grace", "grace_seconds")?;
    let auto_start = form_auto_start(f, now);
    let mut lengths = BTreeMap::new();
    for (k, v) in &f.extra {
        if variant.option_fields().iter().any(|o| o.name == k) {
            continue;
        }
        match k.strip_prefix("phase_") {
            Some(kind) if variant.phase_kind(kind).is_some() => {
                if let Some(m) = number::<i64>(tr, v, "new-field-phase-minutes", k)? {
                    lengths.insert(kind.to_string(), m);
                }
            }
            _ => return Err((tr.t1("new-error-unknown-field", "field", k), String::new())),
        }
    }
    GameSettings::parse(SettingsRequest {
        setup,
        variant: variant_name,
        options: Some(serde_json::Value::Object(options)),
        characters,
        act_minutes: act,
        deadline_time: Some(f.deadline_time.clone()),
        timezone: Some(f.timezone.clone()),
        min_seats: min,
        max_seats: max,
    })
    .and_then(|s| s.with_remind_hours(remind))
    .and_then(|s| s.with_phase_minutes(Some(lengths)))
    .map(|s| s.with_series_after(series_after))
    .map(|s| s.with_show_images(f.show_images.is_some()))
    .and_then(|s| s.with_own_board(f.own_board.is_some()))
    .and_then(|s| Ok(s.with_auto_start(auto_start?)))
    .and_then(|s| s.with_resolve_early(f.resolve_early.is_some(), grace))
    .map(|s| s.with_spectators_dead(f.spectators_without_dead.is_none()))
    .map_err(|e| (settings_message(tr, &e), settings_field(&e).to_string()))
}

/// The form's start (issue 41): by the judge, when full, or at a local time of the game's
/// time zone (a zone the settings refuse is reported by them; here it reads as Shanghai).
fn form_auto_start(
    f: &NewGameForm,
    now: chrono::NaiveDateTime,
) -> Result<Option<AutoStart>, SettingsError> {
    use chrono::TimeZone;
    match f.start_mode.trim() {
        "" => Ok(None),
        "when_full" => Ok(Some(AutoStart::WhenFull)),
        "at" => {
            let local = chrono::NaiveDateTime::parse_from_str(f.start_at.trim(), "%Y-%m-%dT%H:%M")
                .map_err(|_| SettingsError::AutoStart)?;
            let tz: chrono_tz::Tz = f
                .timezone
                .trim()
                .parse()
                .unwrap_or(chrono_tz::Asia::Shanghai);
            let at = tz
                .from_local_datetime(&local)
                .earliest()
                .ok_or(SettingsError::AutoStart)?;
            AutoStart::parse(&at.to_rfc3339(), now).map(Some)
        }
        _ => Err(SettingsError::AutoStart),
    }
}

#[post("/games")]
pub async fn create(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<NewGameForm>,
) -> Result<HttpResponse, AppError> {
    let account = require_judge(&viewer)?;
    let pinned = match form.setup.trim() {
        "" => None,
        raw => Some(chosen_setup(&state, raw).await?),
    };
    let settings = match parse_form(&viewer.tr, &form, pinned, state.clock.now()) {
        Ok(s) => s,
        Err((message, field)) => {
            let to = form_path(&form);
            let f = form.to_flash(message).about(&field);
            return flash::redirect(&state, &viewer, &to, f).await;
        }
    };
    match service::create(&state, account, &form.title, settings).await {
        Ok(id) => Ok(see_other(&format!("/games/{id}"))),
        Err(e @ (AppError::Input(_) | AppError::BadRequest(_))) => {
            // What the settings passed and the service refused: the title, or the game the
            // new one would follow (CL-3).
            let field = if crate::domain::Title::parse(&form.title).is_err() {
                "title"
            } else if !form.series_after.trim().is_empty() {
                "series_after"
            } else {
                ""
            };
            let f = form.to_flash(e.message(&viewer.tr)).about(field);
            let to = form_path(&form);
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}
