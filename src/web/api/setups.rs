//! Setups (版本) as data: `GET /api/v1/setups/presets` (each table preset's document, as its
//! engine plays it) and `GET /api/v1/roles` (every role a setup may deal, from the books'
//! catalogs, named in both languages). docs/setups.md.

use crate::i18n::{Lang, Tr};
use crate::rules::setups::{PRESETS, ROLES, preset, role_name};
use actix_web::{HttpResponse, get, web};
use serde_json::{Value, json};

/// Each preset's name and document, in the order pages list them.
fn presets() -> Vec<Value> {
    PRESETS
        .iter()
        .filter_map(|&(name, _)| {
            let setup = preset(name)?;
            Some(json!({"name": name, "document": setup.to_json()}))
        })
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
    cfg.service(api_presets).service(api_roles);
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
        assert_eq!(served.len(), 6);
        for p in &served {
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
