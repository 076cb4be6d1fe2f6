//! E-mail over JSON (`mail::`): the account's address (`/account/email`: `PUT {"email"}` →
//! `202`, a link is mailed to it and it is used only once opened; `GET`; `DELETE`) and how each
//! kind of notification is mailed (`/account/mail`: `{"KIND": "none" | "now" | "daily"}`).

use super::ApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::mail::address::{self, Requested};
use crate::mail::prefs;
use actix_web::{HttpRequest, HttpResponse, delete, get, put, web};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn status_json(s: &address::Status) -> Value {
    json!({"email": s.address, "pending": s.pending, "mail": s.mail_on})
}

#[get("/account/email")]
async fn api_email(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let s = address::status(&state, user.0.id).await?;
    Ok(HttpResponse::Ok().json(status_json(&s)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailBody {
    email: String,
}

/// `202 {"ok":true,"pending"}`: a link is on its way; mails go to the address only once it is
/// opened. The address in use already: `200` with the status. Mails are written in the
/// request's language (`Accept-Language`).
#[put("/account/email")]
async fn api_set_email(
    req: HttpRequest,
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<EmailBody>,
) -> Result<HttpResponse, AppError> {
    let lang = crate::web::viewer::lang_of(&req);
    let id = user.0.id;
    let outcome = address::request(&state, id, &body.email, lang).await?;
    let s = address::status(&state, id).await?;
    let mut answer = status_json(&s);
    answer["ok"] = json!(true);
    Ok(match outcome {
        Requested::LinkSent => HttpResponse::Accepted().json(answer),
        Requested::InUse => HttpResponse::Ok().json(answer),
    })
}

#[delete("/account/email")]
async fn api_remove_email(
    user: ApiUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    address::remove(&state, user.0.id).await?;
    Ok(HttpResponse::Ok().json(json!({"ok": true})))
}

async fn modes_json(state: &AppState, id: i64) -> Result<HttpResponse, AppError> {
    let modes = state.db(move |c| prefs::modes_of(c, id)).await?;
    let map: serde_json::Map<String, Value> = modes
        .into_iter()
        .map(|(k, m)| (k.to_string(), Value::from(m.name())))
        .collect();
    Ok(HttpResponse::Ok().json(map))
}

#[get("/account/mail")]
async fn api_modes(user: ApiUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    modes_json(&state, user.0.id).await
}

/// Sets some kinds' modes (the others keep theirs); an unknown kind or mode is refused and
/// nothing is saved. Answers every kind's mode.
#[put("/account/mail")]
async fn api_set_modes(
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<BTreeMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let changes: Vec<(String, String)> = body.into_inner().into_iter().collect();
    let changes = prefs::parse_changes(&changes)?;
    prefs::set_modes(&state, user.0.id, changes).await?;
    modes_json(&state, user.0.id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_email)
        .service(api_set_email)
        .service(api_remove_email)
        .service(api_modes)
        .service(api_set_modes);
}
