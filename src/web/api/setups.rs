//! Setups (版本) as data: `GET /api/v1/setups/presets` (each table preset's document, as its
//! engine plays it), `GET /api/v1/roles` (every role a setup may deal, from the books'
//! catalogs, named in both languages), and judges' own setups: `POST /api/v1/setups`,
//! `PUT /api/v1/setups/{id}`, `GET /api/v1/setups`, `GET /api/v1/setups/{id}?version=N`.
//! docs/setups.md.

use super::ApiUser;
use crate::app::AppState;
use crate::error::AppError;
use crate::game::setups::{self, SetupRef};
use crate::i18n::{Lang, Tr};
use crate::rules::setups::{PRESETS, ROLES, house_rules, own_engines, preset, role_name};
use actix_web::{HttpResponse, get, post, put, web};
use serde::Deserialize;
use serde_json::{Value, json};

/// `POST /setups`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewSetup {
    name: String,
    #[serde(default)]
    based_on: Option<SetupRef>,
    document: Value,
}

/// `PUT /setups/{id}`'s body. Its `{id}` is digits only, so that `/setups/presets` is
/// another resource (its other methods `405`) and `-1` no setup's path (`404`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Revision {
    document: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersionQuery {
    #[serde(default)]
    version: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BalanceQuery {
    #[serde(default)]
    version: Option<i64>,
    #[serde(default)]
    seats: Option<i64>,
}

/// The bots' estimate of a setup version's balance: computed once, off the request threads,
/// then kept (docs/setups.md).
#[get("/setups/{id:[0-9]+}/balance")]
async fn api_balance(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<BalanceQuery>,
) -> Result<HttpResponse, AppError> {
    let b = setups::balance(&state, *id, q.version, q.seats).await?;
    Ok(HttpResponse::Ok().json(b))
}

#[post("/setups")]
async fn api_save(
    user: ApiUser,
    state: web::Data<AppState>,
    body: web::Json<NewSetup>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let saved = setups::save(&state, &user.0, &b.name, b.based_on, &b.document).await?;
    Ok(HttpResponse::Created().json(saved))
}

#[put("/setups/{id:[0-9]+}")]
async fn api_revise(
    user: ApiUser,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: web::Json<Revision>,
) -> Result<HttpResponse, AppError> {
    let saved = setups::revise(&state, &user.0, *id, &body.document).await?;
    Ok(HttpResponse::Ok().json(saved))
}

#[get("/setups")]
async fn api_list(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let list = setups::list(&state).await?;
    Ok(HttpResponse::Ok().json(json!({"setups": list})))
}

#[get("/setups/{id:[0-9]+}")]
async fn api_read(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<VersionQuery>,
) -> Result<HttpResponse, AppError> {
    let view = setups::read(&state, *id, q.version).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Each table preset's name and document, in the order pages list them, then the house rules
/// of each variant that keeps its own engine.
fn presets() -> Vec<Value> {
    PRESETS
        .iter()
        .filter_map(|&(name, _)| {
            let setup = preset(name)?;
            Some(json!({"name": name, "document": setup.to_json()}))
        })
        .chain(own_engines().map(|v| json!({"name": v.name(), "document": house_rules(v)})))
        .collect()
}

#[get("/setups/presets")]
async fn api_presets() -> HttpResponse {
    HttpResponse::Ok().json(json!({"presets": presets()}))
}

/// Every role of every book: its code, family, book, side, night action, team thread, the rule
/// that says what it does, and its name in each language.
fn roles() -> Vec<Value> {
    let (zh, en) = (Tr::new(Lang::Zh), Tr::new(Lang::En));
    ROLES
        .iter()
        .map(|r| {
            let name = role_name(r.code);
            json!({
                "code": r.code.name(),
                "family": "table",
                "book": r.book.name(),
                "side": r.side.name(),
                "action": r.action.map(|a| a.name()),
                "team": r.team.map(|t| t.name()),
                "rule": r.rule,
                "names": {"zh-CN": zh.say(&name), "en": en.say(&name)},
            })
        })
        .collect()
}

#[get("/roles")]
async fn api_roles() -> HttpResponse {
    HttpResponse::Ok().json(json!({"roles": roles()}))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `/setups/presets` before `/setups/{id}`, which would take it for an id.
    cfg.service(api_presets)
        .service(api_roles)
        .service(api_save)
        .service(api_revise)
        .service(api_list)
        .service(api_read)
        .service(api_balance);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_is_named_in_both_languages_and_every_preset_served() {
        let roles = roles();
        assert_eq!(roles.len(), ROLES.len());
        for r in &roles {
            let (zh, en) = (&r["names"]["zh-CN"], &r["names"]["en"]);
            assert!(zh.is_string() && en.is_string(), "{r}");
            assert_ne!(zh, en, "{r}");
            assert!(!en.as_str().unwrap_or("role-").starts_with("role-"), "{r}");
        }
        let doctor = roles
            .iter()
            .find(|r| r["code"] == "doctor" && r["book"] == "r4")
            .expect("4.0's doctor");
        assert_eq!(doctor["action"], "save");
        assert_eq!(doctor["names"]["zh-CN"], "医生");
        let served = presets();
        assert_eq!(
            served.len(),
            7,
            "six table presets and Death Note's house rules"
        );
        assert_eq!(served[6]["document"]["family"], "deathnote");
        for p in &served[..6] {
            let doc = &p["document"];
            let setup = crate::rules::setups::read(doc).expect("a served document holds");
            let name = p["name"].as_str().expect("a name");
            assert_eq!(
                crate::rules::setups::played_as(&setup).map(|(n, _)| n),
                Some(name)
            );
        }
    }
}
