//! The judge's console page (its judge and admins; never a game-ID login): the open act's
//! submissions, who still owes what, a preview of the resolution, and a form for each of the
//! judge's actions. A refused action re-renders the console with the reason.
//! Also the substitute-list buttons of the game page.

use super::{action_sentence, public_sentence, refusal_text, reply_sentence, time_of, winner_text};
use crate::db::queries::games;
use crate::game::console::{self, ConsoleView};
use crate::game::posting::{self, GameThread};
use crate::game::service;
use crate::web::accounts::render_with;
use crate::web::api::console::requested_deadline;
use crate::web::error::AppError;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::state::AppState;
use crate::web::viewer::{Account, Viewer};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;
use serde_json::Value;

pub struct SubmissionRow {
    pub seat: String,
    pub game_id: String,
    pub real_id: String,
    pub action: String,
    pub reply: String,
    pub ok: bool,
    pub time: Option<TimeView>,
}

pub struct OwingRow {
    pub game_id: String,
    pub real_id: String,
    pub actions: String,
}

pub struct SeatRow {
    pub game_id: String,
    pub real_id: String,
    pub alive: bool,
    pub chain: String,
}

#[derive(Template)]
#[template(path = "console/console.html")]
pub struct ConsolePage {
    page: PageCtx,
    v: ConsoleView,
    error: Option<String>,
    /// The result of the judge's last action, or a refused form's fields (post/redirect/get).
    flash: Option<Flash>,
    deadline: Option<TimeView>,
    paused: Option<String>,
    submissions: Vec<SubmissionRow>,
    owing: Vec<OwingRow>,
    seats: Vec<SeatRow>,
    preview: Vec<String>,
    preview_winner: Option<String>,
    winner: Option<String>,
    substitutes: String,
    running: bool,
}

/// The reader, when it is the game's judge or an admin (not a game-ID login).
async fn judge<'a>(
    viewer: &'a Viewer,
    state: &AppState,
    game_id: i64,
) -> Result<&'a Account, AppError> {
    let account = viewer.require()?;
    let who = account.clone();
    state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            console::check_judge(c, &row, &who)
        })
        .await?;
    Ok(account)
}

async fn render(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    flash: Option<Flash>,
) -> Result<HttpResponse, AppError> {
    let v = state.db(move |c| console::console_view(c, game_id)).await?;
    let tr = viewer.tr;
    let sep = tr.t("dn-list-sep");
    let submissions = v
        .submissions
        .iter()
        .map(|s| SubmissionRow {
            seat: s.seat.map(|n| n.to_string()).unwrap_or_default(),
            game_id: s.game_id.clone(),
            real_id: s.real_id.clone(),
            action: action_sentence(&tr, &s.action),
            reply: if s.ok {
                reply_sentence(&tr, s.reply.as_ref().unwrap_or(&Value::Null))
            } else {
                tr.t1(
                    "dn-log-refused",
                    "reason",
                    &refusal_text(&tr, s.error.as_deref().unwrap_or("")),
                )
            },
            ok: s.ok,
            time: time_of(&s.time),
        })
        .collect();
    let owing = v
        .owing
        .iter()
        .map(|o| OwingRow {
            game_id: o.game_id.clone(),
            real_id: o.real_id.clone(),
            actions: o.actions.join(sep.as_str()),
        })
        .collect();
    let seats = v
        .seats
        .iter()
        .map(|s| SeatRow {
            game_id: s.game_id.clone(),
            real_id: s.real_id.clone(),
            alive: s.alive,
            chain: s.chain.join(" → "),
        })
        .collect();
    let (preview, preview_winner) = match &v.preview {
        Some(p) => (
            p.events.iter().map(|e| public_sentence(&tr, e)).collect(),
            p.winner.as_deref().map(|w| winner_text(&tr, w)),
        ),
        None => (Vec::new(), None),
    };
    let paused = v.paused_remaining_secs.map(|secs| {
        tr.ta(
            "console-paused",
            &[
                ("hours", (secs / 3600).to_string()),
                ("minutes", ((secs % 3600) / 60).to_string()),
            ],
        )
    });
    let error = flash.as_ref().filter(|f| !f.ok).map(|f| f.message.clone());
    let page = ConsolePage {
        page: viewer.page(),
        deadline: v.deadline.as_deref().and_then(time_of),
        winner: v.winner.as_deref().map(|w| winner_text(&tr, w)),
        substitutes: v.substitutes.join(sep.as_str()),
        running: v.status == "running",
        error,
        flash,
        paused,
        submissions,
        owing,
        seats,
        preview,
        preview_winner,
        v,
    };
    Ok(render_with(page, StatusCode::OK))
}

impl ConsolePage {
    /// The judge's last action's result, once.
    fn notice(&self) -> Option<&str> {
        self.flash
            .as_ref()
            .filter(|f| f.ok)
            .map(|f| f.message.as_str())
    }

    /// A field of form `form` as typed before its refusal, or `""`.
    fn refilled(&self, form: &str, field: &str) -> &str {
        match &self.flash {
            Some(f) if !f.ok && f.form == form => f.field(field),
            _ => "",
        }
    }
}

#[get("/games/{id}/console")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    judge(&viewer, &state, *id).await?;
    let flash = flash::take(&state, &viewer, &console_path(*id)).await?;
    render(&viewer, &state, *id, flash).await
}

fn console_path(game_id: i64) -> String {
    format!("/games/{game_id}/console")
}

/// After an action: back to the console, with its result once, or with the refusal and the
/// form `form`'s `fields` as typed.
async fn done(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    form: &str,
    result: Result<String, AppError>,
    fields: &[(&str, Option<&str>)],
) -> Result<HttpResponse, AppError> {
    let f = match result {
        Ok(notice) => Flash::notice(notice),
        Err(
            e @ (AppError::Conflict(_)
            | AppError::BadRequest(_)
            | AppError::Input(_)
            | AppError::TooFast(_)
            | AppError::NotFound),
        ) => fields
            .iter()
            .fold(Flash::refusal(form, e.message(&viewer.tr)), |f, (k, v)| {
                f.with_opt(k, *v)
            }),
        Err(e) => return Err(e),
    };
    flash::redirect(state, viewer, &console_path(game_id), f).await
}

/// A judge's button: the act the page showed travels with it, so a second click or a page
/// left open since an earlier act is refused instead of acting on the act that came after.
#[derive(Deserialize)]
pub struct ActForm {
    csrf: String,
    act: u32,
}

#[derive(Deserialize)]
pub struct DeadlineForm {
    csrf: String,
    act: u32,
    deadline: Option<String>,
    extend_minutes: Option<String>,
}

#[post("/games/{id}/console/deadline")]
pub async fn deadline(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<DeadlineForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let tr = viewer.tr;
    let minutes = match form.extend_minutes.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(m) => m
            .parse::<i64>()
            .map(Some)
            .map_err(|_| AppError::Input(crate::domain::InputError::Deadline)),
    };
    let result = match minutes {
        Ok(minutes) => {
            match requested_deadline(&state, *id, form.deadline.as_deref(), minutes).await {
                Ok(to) => console::extend(&state, account, *id, form.act, to)
                    .await
                    .map(|at| tr.t1("console-done-deadline", "at", &TimeView::new(at).text)),
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    };
    let fields = [
        ("deadline", form.deadline.as_deref()),
        ("extend_minutes", form.extend_minutes.as_deref()),
    ];
    done(&viewer, &state, *id, "deadline", result, &fields).await
}

#[post("/games/{id}/console/pause")]
pub async fn pause(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<ActForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let result = console::pause(&state, account, *id, form.act)
        .await
        .map(|_| viewer.tr.t("console-done-pause"));
    done(&viewer, &state, *id, "pause", result, &[]).await
}

#[post("/games/{id}/console/resume")]
pub async fn resume(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<ActForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let tr = viewer.tr;
    let result = console::resume(&state, account, *id, form.act)
        .await
        .map(|at| tr.t1("console-done-resume", "at", &TimeView::new(at).text));
    done(&viewer, &state, *id, "resume", result, &[]).await
}

#[post("/games/{id}/console/resolve")]
pub async fn resolve(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<ActForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let result = service::resolve(&state, *id, form.act, "judge", Some(account.id))
        .await
        .map(|r| viewer.tr.t1("console-done-resolve", "act", &r.act));
    done(&viewer, &state, *id, "resolve", result, &[]).await
}

#[derive(Deserialize)]
pub struct LockForm {
    csrf: String,
    locked: String,
}

#[post("/games/{id}/console/lock")]
pub async fn lock(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<LockForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let locked = form.locked == "1" || form.locked == "true";
    let result = console::set_thread_lock(&state, account, *id, locked)
        .await
        .map(|()| {
            viewer.tr.t(if locked {
                "console-thread-locked"
            } else {
                "console-thread-open"
            })
        });
    done(&viewer, &state, *id, "lock", result, &[]).await
}

#[derive(Deserialize)]
pub struct PostForm {
    csrf: String,
    body: String,
}

#[post("/games/{id}/console/post")]
pub async fn post_as_judge(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<PostForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let result = posting::post(&state, account, *id, GameThread::Game, &form.body)
        .await
        .map(|floor| viewer.tr.t1("console-done-post", "floor", &floor));
    let fields = [("body", Some(form.body.as_str()))];
    done(&viewer, &state, *id, "post", result, &fields).await
}

#[derive(Deserialize)]
pub struct EndForm {
    csrf: String,
    act: u32,
    reason: String,
    winner: Option<String>,
}

#[post("/games/{id}/console/end")]
pub async fn end(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<EndForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let result = console::end(
        &state,
        account,
        *id,
        form.act,
        &form.reason,
        form.winner.clone(),
    )
    .await
    .map(|()| viewer.tr.t("console-done-end"));
    let fields = [
        ("reason", Some(form.reason.as_str())),
        ("winner", form.winner.as_deref()),
    ];
    done(&viewer, &state, *id, "end", result, &fields).await
}

#[derive(Deserialize)]
pub struct SubstituteForm {
    csrf: String,
    game_id: String,
    account: String,
}

#[post("/games/{id}/console/substitute")]
pub async fn substitute(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<SubstituteForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = judge(&viewer, &state, *id).await?;
    let result = console::substitute(&state, account, *id, &form.game_id, &form.account)
        .await
        .map(|()| {
            viewer
                .tr
                .t1("console-done-substitute", "game_id", &form.game_id)
        });
    let fields = [
        ("game_id", Some(form.game_id.as_str())),
        ("account", Some(form.account.as_str())),
    ];
    done(&viewer, &state, *id, "substitute", result, &fields).await
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_console_refusal_has_a_message() {
        use crate::i18n::{Lang, Tr};
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for code in [
                "game_paused",
                "not_paused",
                "already_paused",
                "deadline_in_past",
                "deadline_not_later",
                "bad_deadline",
                "reason_required",
                "bad_winner",
                "already_seated",
                "game_thread_locked",
                "already_resolved",
                "act_not_open",
            ] {
                let key = format!("error-{}", code.replace('_', "-"));
                assert!(tr.has(&key), "{key}");
            }
        }
    }
}
