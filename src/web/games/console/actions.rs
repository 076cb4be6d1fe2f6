//! The judge's buttons on the console: the clock (deadline, pause, resume), resolve now, the
//! thread lock, posting as the judge, the end, and substitutes. Each posts a form, answers with a
//! redirect to the console (post/redirect/get), and shows a refusal beside its form.

use super::{LocalTime, confirmed, done, judge, refuse, unconfirmed};
use crate::app::AppState;
use crate::error::AppError;
use crate::game::console::{self, LocalTimeError};
use crate::game::posting::{self, GameThread};
use crate::game::service;
use crate::web::pages::TimeView;
use crate::web::posted::Posted;
use crate::web::requests::requested_deadline;
use actix_web::{HttpResponse, post, web};
use serde::Deserialize;

/// A judge's button: the act the page showed travels with it, so a second click or a page
/// left open since an earlier act is refused instead of acting on the act that came after.
#[derive(Deserialize)]
pub struct ActForm {
    act: u32,
    /// The ticked confirmation (resolve now).
    confirm: Option<String>,
}

/// The clock's forms: a new deadline from the date-time picker (`2026-12-02T20:00`, in the
/// game's time zone), or a number of minutes after the current one.
#[derive(Deserialize)]
pub struct DeadlineForm {
    act: u32,
    deadline: Option<String>,
    extend_minutes: Option<String>,
}

/// The most minutes one extension may add (30 days), as the API allows.
const MAX_EXTEND_MINUTES: i64 = 60 * 24 * 30;

/// A field with something in it, trimmed.
fn filled(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Shows at most 40 characters of what the judge typed, in a message.
fn echo(raw: &str) -> String {
    raw.trim().chars().take(40).collect()
}

#[post("/games/{id}/console/deadline")]
pub async fn deadline(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<DeadlineForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let game_id = *id;
    let tr = viewer.tr;
    let fields = [
        ("deadline", form.deadline.as_deref()),
        ("extend_minutes", form.extend_minutes.as_deref()),
    ];
    if filled(&form.deadline).is_some() && filled(&form.extend_minutes).is_some() {
        let message = tr.t("error-deadline-both");
        return refuse(&viewer, &state, game_id, "deadline", message, &fields).await;
    }
    let to = if let Some(raw) = filled(&form.deadline) {
        let tz = state.db(move |c| console::zone(c, game_id)).await?;
        let args = |value: String| {
            vec![
                ("field", tr.t("console-deadline-at")),
                ("value", value),
                ("zone", tz.name().to_string()),
            ]
        };
        match console::local_deadline(raw, tz) {
            Ok(to) if to <= state.clock.now() => {
                let shown = LocalTime::new(to, tz).text;
                let message = tr.ta("console-deadline-past", &args(shown));
                return refuse(&viewer, &state, game_id, "deadline", message, &fields).await;
            }
            Ok(to) => to,
            Err(e) => {
                let key = match e {
                    LocalTimeError::Malformed => "console-deadline-malformed",
                    LocalTimeError::Gap => "console-deadline-gap",
                    LocalTimeError::Ambiguous => "console-deadline-ambiguous",
                };
                let message = tr.ta(key, &args(echo(raw)));
                return refuse(&viewer, &state, game_id, "deadline", message, &fields).await;
            }
        }
    } else if let Some(raw) = filled(&form.extend_minutes) {
        let minutes = raw
            .parse::<i64>()
            .ok()
            .filter(|m| (1..=MAX_EXTEND_MINUTES).contains(m));
        let Some(minutes) = minutes else {
            let message = tr.ta(
                "console-extend-malformed",
                &[
                    ("field", tr.t("console-extend-minutes")),
                    ("value", echo(raw)),
                    ("max", MAX_EXTEND_MINUTES.to_string()),
                ],
            );
            return refuse(&viewer, &state, game_id, "deadline", message, &fields).await;
        };
        match requested_deadline(&state, game_id, None, Some(minutes)).await {
            Ok(to) => to,
            Err(e) => return done(&viewer, &state, game_id, "deadline", Err(e), &fields).await,
        }
    } else {
        let message = tr.t("console-deadline-missing");
        return refuse(&viewer, &state, game_id, "deadline", message, &fields).await;
    };
    let result = console::extend(&state, account, game_id, form.act, to)
        .await
        .map(|at| tr.t1("console-done-deadline", "at", &TimeView::new(at).text));
    done(&viewer, &state, game_id, "deadline", result, &fields).await
}

#[post("/games/{id}/console/pause")]
pub async fn pause(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ActForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let result = console::pause(&state, account, *id, form.act)
        .await
        .map(|_| viewer.tr.t("console-done-pause"));
    done(&viewer, &state, *id, "pause", result, &[]).await
}

#[post("/games/{id}/console/resume")]
pub async fn resume(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ActForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let tr = viewer.tr;
    let result = console::resume(&state, account, *id, form.act)
        .await
        .map(|at| tr.t1("console-done-resume", "at", &TimeView::new(at).text));
    done(&viewer, &state, *id, "resume", result, &[]).await
}

#[post("/games/{id}/console/resolve")]
pub async fn resolve(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ActForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    if !confirmed(&form.confirm) {
        return unconfirmed(&viewer, &state, *id, "resolve", "game-resolve", &[]).await;
    }
    let result = service::resolve(&state, *id, form.act, "judge", Some(account.id))
        .await
        .map(|r| crate::web::games::resolved_notice(&viewer.tr, r));
    done(&viewer, &state, *id, "resolve", result, &[]).await
}

#[derive(Deserialize)]
pub struct LockForm {
    locked: String,
}

#[post("/games/{id}/console/lock")]
pub async fn lock(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<LockForm>,
) -> Result<HttpResponse, AppError> {
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
    body: String,
}

#[post("/games/{id}/console/post")]
pub async fn post_as_judge(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<PostForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let result = posting::post(&state, account, *id, GameThread::Game, &form.body)
        .await
        .map(|floor| viewer.tr.t1("console-done-post", "floor", &floor));
    let fields = [("body", Some(form.body.as_str()))];
    done(&viewer, &state, *id, "post", result, &fields).await
}

#[derive(Deserialize)]
pub struct EndForm {
    act: u32,
    reason: String,
    winner: Option<String>,
    /// The ticked confirmation.
    confirm: Option<String>,
}

#[post("/games/{id}/console/end")]
pub async fn end(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<EndForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let fields = [
        ("reason", Some(form.reason.as_str())),
        ("winner", form.winner.as_deref()),
    ];
    if !confirmed(&form.confirm) {
        return unconfirmed(&viewer, &state, *id, "end", "console-end", &fields).await;
    }
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
    done(&viewer, &state, *id, "end", result, &fields).await
}

#[derive(Deserialize)]
pub struct SubstituteForm {
    game_id: String,
    account: String,
    /// The ticked confirmation.
    confirm: Option<String>,
}

#[post("/games/{id}/console/substitute")]
pub async fn substitute(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<SubstituteForm>,
) -> Result<HttpResponse, AppError> {
    let account = judge(&viewer, &state, *id).await?;
    let fields = [
        ("game_id", Some(form.game_id.as_str())),
        ("account", Some(form.account.as_str())),
    ];
    if !confirmed(&form.confirm) {
        return unconfirmed(
            &viewer,
            &state,
            *id,
            "substitute",
            "console-substitute",
            &fields,
        )
        .await;
    }
    let result = console::substitute(&state, account, *id, &form.game_id, &form.account)
        .await
        .map(|()| {
            viewer
                .tr
                .t1("console-done-substitute", "game_id", &form.game_id)
        });
    if let Err(AppError::NotFound) = result {
        // A name the judge typed that names no one: back to the form, saying which (the account
        // or the seat's game ID), the names kept. The judge sees every seat's game ID anyway.
        let key = crate::domain::account::name_key(&form.account);
        let account_known = state
            .db(move |c| Ok(crate::db::queries::users::by_key(c, &key)?.is_some()))
            .await?;
        let message = match account_known {
            false => viewer
                .tr
                .t1("console-no-such-account", "name", &form.account.trim()),
            true => viewer
                .tr
                .t1("console-no-such-seat", "game_id", &form.game_id.trim()),
        };
        return refuse(&viewer, &state, *id, "substitute", message, &fields).await;
    }
    done(&viewer, &state, *id, "substitute", result, &fields).await
}
