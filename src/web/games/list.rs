//! The list of games and the judge's create form.

use super::see_other;
use crate::app::AppState;
use crate::db::queries::{games, users};
use crate::error::AppError;
use crate::game::service;
use crate::game::settings::{GameSettings, SettingsError};
use crate::i18n::Tr;
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

pub struct GameRowView {
    pub id: i64,
    pub title: String,
    pub status: String,
    pub signups: usize,
    pub judge: String,
    pub fixed_deal: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/list.html")]
struct ListPage {
    page: PageCtx,
    games: Vec<GameRowView>,
    can_create: bool,
}

#[get("/games")]
pub async fn list(viewer: Viewer, state: web::Data<AppState>) -> Result<ListPage, AppError> {
    let rows = state
        .db(|c| {
            let mut out = Vec::new();
            for g in games::list(c)? {
                let signups = games::signups(c, g.id)?.len();
                let judge = users::by_id(c, g.judge_id)?
                    .map(|u| u.username)
                    .unwrap_or_default();
                out.push(GameRowView {
                    id: g.id,
                    title: g.title,
                    status: g.status,
                    signups,
                    judge,
                    fixed_deal: g.fixed_deal,
                });
            }
            Ok(out)
        })
        .await?;
    Ok(ListPage {
        can_create: viewer.account.as_ref().is_some_and(|a| a.is_judge()),
        page: viewer.page(),
        games: rows,
    })
}

/// The create form's fields as typed, so that a refused form comes back intact.
#[derive(Deserialize, Serialize, Clone)]
pub struct NewGameForm {
    #[serde(default, skip_serializing)]
    csrf: String,
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
    /// A checkbox: present when ticked.
    pub redistribute: Option<String>,
    /// A checkbox: show external images in the game's posts.
    pub show_images: Option<String>,
    /// A checkbox: publish the vote counts after each act (option `publish_votes`).
    pub publish_votes: Option<String>,
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
        serde_json::from_value(serde_json::Value::Object(m)).unwrap_or_else(|_| Self::defaults())
    }

    fn defaults() -> NewGameForm {
        NewGameForm {
            csrf: String::new(),
            title: String::new(),
            act_minutes: "1440".into(),
            deadline_time: String::new(),
            timezone: "Asia/Shanghai".into(),
            min_seats: "6".into(),
            max_seats: "40".into(),
            remind_hours: "6".into(),
            characters: crate::rules::deathnote::CAST.join("\n"),
            redistribute: Some("on".into()),
            show_images: None,
            publish_votes: None,
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/new.html")]
struct NewPage {
    page: PageCtx,
    form: NewGameForm,
    error: Option<String>,
}

fn require_judge(viewer: &Viewer) -> Result<&crate::auth::account::Account, AppError> {
    let a = viewer.require()?;
    if a.is_judge() {
        Ok(a)
    } else {
        Err(AppError::Forbidden)
    }
}

#[get("/games/new")]
pub async fn new_form(viewer: Viewer, state: web::Data<AppState>) -> Result<NewPage, AppError> {
    require_judge(&viewer)?;
    let flash = flash::take(&state, &viewer, NEW_PATH).await?;
    Ok(NewPage {
        page: viewer.page(),
        form: flash
            .as_ref()
            .map_or_else(NewGameForm::defaults, NewGameForm::from_flash),
        error: flash.and_then(|f| f.error_for("")),
    })
}

const NEW_PATH: &str = "/games/new";

fn number<T: std::str::FromStr>(tr: &Tr, raw: &str, label: &str) -> Result<Option<T>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    raw.parse::<T>()
        .map(Some)
        .map_err(|_| tr.t1("new-bad-number", "field", &tr.t(label)))
}

fn settings_message(tr: &Tr, e: &SettingsError) -> String {
    match e {
        SettingsError::ActLength => tr.t("new-error-act-length"),
        SettingsError::DeadlineTime => tr.t("new-error-deadline-time"),
        SettingsError::TimeZone(z) => tr.t1("new-error-timezone", "zone", z),
        SettingsError::Seats(min, max) => tr.ta(
            "new-error-seats",
            &[("min", min.to_string()), ("max", max.to_string())],
        ),
        SettingsError::Characters => tr.t("new-error-characters"),
        SettingsError::RemindHours => tr.t("new-error-remind-hours"),
        other => tr.t1("new-error-other", "detail", &other.to_string()),
    }
}

/// The form → settings, or the message to show above the kept form.
fn parse_form(tr: &Tr, f: &NewGameForm) -> Result<GameSettings, String> {
    let act = number::<i64>(tr, &f.act_minutes, "new-field-act-minutes")?;
    let min = number::<usize>(tr, &f.min_seats, "new-field-min-seats")?;
    let max = number::<usize>(tr, &f.max_seats, "new-field-max-seats")?;
    let remind = number::<i64>(tr, &f.remind_hours, "new-field-remind-hours")?;
    let characters: Vec<String> = f
        .characters
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let characters = (!characters.is_empty()).then_some(characters);
    let mut options = serde_json::json!({"redistribute": f.redistribute.is_some()});
    if f.publish_votes.is_some() {
        // Off by default: only a ticked box adds the option.
        options["publish_votes"] = true.into();
    }
    GameSettings::parse(
        "deathnote",
        Some(options),
        characters,
        act,
        Some(f.deadline_time.clone()),
        Some(f.timezone.clone()),
        min,
        max,
    )
    .and_then(|s| s.with_remind_hours(remind))
    .map(|s| s.with_show_images(f.show_images.is_some()))
    .map_err(|e| settings_message(tr, &e))
}

#[post("/games")]
pub async fn create(
    viewer: Viewer,
    state: web::Data<AppState>,
    form: web::Form<NewGameForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = require_judge(&viewer)?;
    let form = form.into_inner();
    let settings = match parse_form(&viewer.tr, &form) {
        Ok(s) => s,
        Err(message) => {
            return flash::redirect(&state, &viewer, NEW_PATH, form.to_flash(message)).await;
        }
    };
    match service::create(&state, account, &form.title, settings).await {
        Ok(id) => Ok(see_other(&format!("/games/{id}"))),
        Err(e @ (AppError::Input(_) | AppError::BadRequest(_))) => {
            let f = form.to_flash(e.message(&viewer.tr));
            flash::redirect(&state, &viewer, NEW_PATH, f).await
        }
        Err(e) => Err(e),
    }
}
