//! A seat's private page (its own account only) and the action forms, which become exactly the
//! replay action objects handed to `service::submit`.

use super::{line_sentence, refusal_text, reply_sentence};
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::service;
use crate::game::views;
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub struct NotebookRow {
    pub n: u64,
    pub on_turn: bool,
    pub acted: bool,
    pub owed: bool,
    pub transferable: bool,
    pub heir: Option<String>,
}

pub struct LogLine {
    pub act: u64,
    pub text: String,
    pub refused: bool,
    /// The rule behind a refusal, for the line's tooltip (the sentence names none).
    pub rule: Option<&'static str>,
}

/// The outcome of the submission just made, shown above the page.
pub struct Outcome {
    pub ok: bool,
    pub text: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/seat.html")]
struct SeatPage {
    page: PageCtx,
    game: i64,
    title: String,
    act: u64,
    game_id: String,
    real_id: String,
    kira: bool,
    alive: bool,
    out: Option<String>,
    on_turn: bool,
    notebooks: Vec<NotebookRow>,
    eye: bool,
    partner: Option<String>,
    ballot: Option<String>,
    ballot_size: u64,
    log: Vec<LogLine>,
    actions: Vec<&'static str>,
    /// Living game IDs other than this seat, in seat order (kill, join, Eye, transfer, heir).
    others: Vec<String>,
    /// Living game IDs in seat order (a ballot may name oneself, DN-14).
    living: Vec<String>,
    /// Signed-up real IDs, by name, for the kill guess's suggestions.
    real_ids: Vec<String>,
    kira_thread: bool,
    outcome: Option<Outcome>,
    /// A refused form's fields as typed (post/redirect/get), for refilling that form.
    refill: Option<Flash>,
    banner: super::banner::Banner,
    /// DN-19: one sentence per recapture window this seat opened by giving a notebook away.
    windows: Vec<String>,
    /// DN-22: the Eye holder's own turns and the resolution she goes out at.
    eye_status: Option<String>,
    /// What each irreversible form costs, in one line (shown above its confirmation).
    costs: Costs,
}

/// The one-line cost of each irreversible action form (kill, join, transfer, Eye request).
pub struct Costs {
    pub kill: String,
    pub join: String,
    pub transfer: String,
    pub eye_request: String,
}

/// The forms that cannot be undone: the page asks for a ticked `confirm=yes`, and so does the
/// handler (the JSON API does not: its callers confirm on their side).
const CONFIRMED: [&str; 4] = ["kill", "join", "transfer", "eye_request"];

/// DN-19: a giver's window, as the seat page tells the giver.
fn window_sentence(tr: &crate::i18n::Tr, w: &Value, now: u64) -> String {
    super::window_text(tr, "seat-window", w, now)
}

/// DN-22: the Eye holder's count, as the seat page tells her.
fn eye_sentence(tr: &crate::i18n::Tr, e: &Value) -> String {
    super::eye_text(tr, "seat-eye-status", e)
}

/// The cost lines of the irreversible forms, from the engine's `transfer_window` (DN-19) and
/// `eye_request_death` (DN-22).
fn costs(tr: &crate::i18n::Tr, st: &Value, notebooks: usize) -> Costs {
    let transfer = match st.get("transfer_window").and_then(Value::as_array) {
        Some(w) if w.len() == 2 => tr.ta(
            "seat-cost-transfer",
            &[
                ("first", w[0].as_u64().unwrap_or(0).to_string()),
                ("last", w[1].as_u64().unwrap_or(0).to_string()),
                ("both", if notebooks > 1 { "yes" } else { "no" }.into()),
            ],
        ),
        _ => tr.t("seat-cost-transfer-plain"),
    };
    let eye_request = match st.get("eye_request_death").and_then(Value::as_u64) {
        Some(death) => tr.t1("seat-cost-eye-request", "act", &death),
        None => tr.t("seat-cost-eye-request-plain"),
    };
    Costs {
        kill: tr.t("seat-cost-kill"),
        join: tr.t("seat-cost-join"),
        transfer,
        eye_request,
    }
}

impl SeatPage {
    fn can(&self, action: &str) -> bool {
        self.actions.contains(&action)
    }

    /// The field of form `kind` as typed before its refusal, or `""`.
    fn refilled(&self, kind: &str, field: &str) -> &str {
        match &self.refill {
            Some(f) if f.form == kind => f.field(field),
            _ => "",
        }
    }

    /// Whether `value` was the choice of form `kind`'s `field` before its refusal.
    fn picked(&self, kind: &str, field: &str, value: &str) -> bool {
        !value.is_empty() && self.refilled(kind, field) == value
    }

    fn two_notebooks(&self) -> bool {
        self.notebooks.len() > 1
    }

    fn role_text(&self) -> String {
        let notebooks: Vec<u64> = self.notebooks.iter().map(|n| n.n).collect();
        super::role_text(&self.page.tr, self.kira, self.alive, &notebooks)
    }
}

async fn load(
    state: &AppState,
    viewer: &Viewer,
    account: &Account,
    game_id: i64,
) -> Result<SeatPage, AppError> {
    let user_id = account.id;
    let (view, public) = state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            if row.status == "signup" {
                return Err(AppError::Conflict("game_not_started"));
            }
            let view =
                views::seat_view(c, game_id, user_id)?.ok_or(AppError::Conflict("not_seated"))?;
            Ok((view, views::public_game(c, game_id)?))
        })
        .await?;
    let tr = viewer.tr;
    let st = &view.state;
    let b = |k: &str| st.get(k).and_then(Value::as_bool).unwrap_or(false);
    let notebooks: Vec<NotebookRow> = st
        .get("notebooks")
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .map(|n| NotebookRow {
                    n: n.get("notebook").and_then(Value::as_u64).unwrap_or(0),
                    on_turn: n.get("on_turn").and_then(Value::as_bool).unwrap_or(false),
                    acted: n.get("acted").and_then(Value::as_bool).unwrap_or(false),
                    owed: n.get("owed").and_then(Value::as_bool).unwrap_or(false),
                    transferable: n
                        .get("transferable")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    heir: n.get("heir").and_then(Value::as_str).map(str::to_string),
                })
                .collect()
        })
        .unwrap_or_default();
    let over = public.winner.is_some() || public.status == "finished";
    let mut owes = Vec::new();
    if !over && view.alive {
        if b("owes_ballot") {
            owes.push(tr.t("seat-owes-ballot"));
        }
        if notebooks.iter().any(|n| n.owed) {
            owes.push(tr.t("seat-owes-action"));
        }
    }
    let out = st.get("out").and_then(Value::as_array).map(|o| {
        super::out_text(
            &tr,
            o.first().and_then(Value::as_u64).unwrap_or(0),
            o.get(1).and_then(Value::as_str).unwrap_or(""),
        )
    });
    let living: Vec<String> = public
        .seats
        .iter()
        .filter(|s| s.alive)
        .map(|s| s.game_id.clone())
        .collect();
    let others = living
        .iter()
        .filter(|g| **g != view.game_id)
        .cloned()
        .collect();
    let ballot = st.get("ballot").and_then(Value::as_array).map(|l| {
        l.iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(tr.t("dn-list-sep").as_str())
    });
    let log = view
        .private
        .iter()
        .map(|l| LogLine {
            act: l.get("act").and_then(Value::as_u64).unwrap_or(0),
            text: line_sentence(&tr, l),
            refused: l.get("ok").and_then(Value::as_bool) == Some(false),
            rule: l
                .get("error")
                .and_then(Value::as_str)
                .and_then(super::refusal_rule),
        })
        .collect();
    let mut banner = super::banner::banner(state, viewer, game_id).await?;
    // One owing line, not two saying the same thing: on its own page the seat's fuller
    // sentence (with what missing it costs) takes the banner's place.
    banner.text = (!owes.is_empty()).then(|| {
        tr.t1(
            "seat-owes",
            "what",
            &owes.join(tr.t("dn-list-sep").as_str()),
        )
    });
    let shown_act = st.get("act").and_then(Value::as_u64).unwrap_or(0);
    let windows = if over {
        Vec::new()
    } else {
        st.get("windows")
            .and_then(Value::as_array)
            .map(|l| {
                l.iter()
                    .map(|w| window_sentence(&tr, w, shown_act))
                    .collect()
            })
            .unwrap_or_default()
    };
    let eye_status = st
        .get("eye_status")
        .filter(|e| !over && e.is_object())
        .map(|e| eye_sentence(&tr, e));
    let costs = costs(&tr, st, notebooks.len());
    Ok(SeatPage {
        windows,
        eye_status,
        costs,
        banner,
        page: viewer.page(),
        game: game_id,
        title: public.title.clone(),
        act: shown_act,
        real_id: st
            .get("real_id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        kira: view.role == "kira",
        alive: view.alive,
        out,
        on_turn: b("on_turn"),
        notebooks,
        eye: b("eye"),
        partner: st
            .get("partner")
            .and_then(Value::as_str)
            .map(str::to_string),
        ballot,
        ballot_size: st.get("ballot_size").and_then(Value::as_u64).unwrap_or(1),
        log,
        actions: if over {
            Vec::new()
        } else {
            view.actions.clone()
        },
        others,
        living,
        real_ids: public.signups.clone(),
        kira_thread: view.team_thread_id.is_some(),
        outcome: None,
        refill: None,
        game_id: view.game_id,
    })
}

#[get("/games/{id}/seat")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<SeatPage, AppError> {
    let account = viewer.require_in_game(*id)?;
    let mut page = load(&state, &viewer, account, *id).await?;
    if let Some(f) = flash::take(&state, &viewer, &seat_path(*id)).await? {
        page.outcome = Some(Outcome {
            ok: f.ok,
            text: f.message.clone(),
        });
        page.refill = (!f.ok).then_some(f);
    }
    Ok(page)
}

fn seat_path(game_id: i64) -> String {
    format!("/games/{game_id}/seat")
}

/// Every action form posts these; unused fields stay empty.
#[derive(Deserialize)]
pub struct ActionForm {
    csrf: String,
    #[serde(rename = "type")]
    kind: String,
    target: Option<String>,
    real_id: Option<String>,
    notebook: Option<String>,
    vote1: Option<String>,
    vote2: Option<String>,
    /// The ticked confirmation of an irreversible form (`yes`).
    confirm: Option<String>,
}

/// An irreversible form (kill, join, transfer, Eye request) posted without its ticked
/// confirmation: refused here, before anything reaches the rules.
fn unconfirmed(f: &ActionForm) -> bool {
    CONFIRMED.contains(&f.kind.as_str()) && f.confirm.as_deref().map(str::trim) != Some("yes")
}

fn filled(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// The form → the replay action object (replay.md, "Deathnote actions").
pub fn action_of(f: &ActionForm) -> Result<Value, AppError> {
    let mut m = Map::new();
    m.insert("type".into(), json!(f.kind));
    let target = || filled(&f.target).ok_or_else(|| AppError::BadRequest("target".into()));
    let with_notebook = |m: &mut Map<String, Value>| -> Result<(), AppError> {
        if let Some(n) = filled(&f.notebook) {
            let n: u8 = n
                .parse()
                .map_err(|_| AppError::BadRequest("notebook".into()))?;
            m.insert("notebook".into(), json!(n));
        }
        Ok(())
    };
    match f.kind.as_str() {
        "kill" => {
            m.insert("target".into(), json!(target()?));
            // The guess as typed (the engine trims it, DN-7); an empty guess is refused here.
            let real = filled(&f.real_id).ok_or_else(|| AppError::BadRequest("real_id".into()))?;
            m.insert("real_id".into(), json!(real));
            with_notebook(&mut m)?;
        }
        "join" | "transfer" | "heir" => {
            m.insert("target".into(), json!(target()?));
            with_notebook(&mut m)?;
        }
        "pass" => with_notebook(&mut m)?,
        "eye_request" => {}
        "eye_use" => {
            m.insert("target".into(), json!(target()?));
        }
        "vote" => {
            let targets: Vec<String> = [filled(&f.vote1), filled(&f.vote2)]
                .into_iter()
                .flatten()
                .collect();
            if targets.is_empty() {
                return Err(AppError::BadRequest("targets".into()));
            }
            m.insert("targets".into(), json!(targets));
        }
        _ => return Err(AppError::BadRequest("type".into())),
    }
    Ok(Value::Object(m))
}

#[post("/games/{id}/actions")]
pub async fn act(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: web::Form<ActionForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    let account = viewer.require_in_game(*id)?;
    let game_id = *id;
    let tr = viewer.tr;
    let to = seat_path(game_id);
    // A refusal goes back to the seat page with the form refilled (never the confirmation:
    // an irreversible form is ticked again on purpose).
    let refused = |text: String| {
        Flash::refusal(&form.kind, text)
            .with_opt("target", form.target.as_deref())
            .with_opt("real_id", form.real_id.as_deref())
            .with_opt("notebook", form.notebook.as_deref())
            .with_opt("vote1", form.vote1.as_deref())
            .with_opt("vote2", form.vote2.as_deref())
    };
    if unconfirmed(&form) {
        // Nothing is submitted: the page comes back with the reason, as for any refused form.
        let f = refused(tr.t("seat-confirm-missing"));
        return flash::redirect(&state, &viewer, &to, f).await;
    }
    let result = match action_of(&form) {
        Ok(action) => service::submit(&state, account, game_id, action).await,
        Err(e) => Err(e),
    };
    let f = match result {
        Ok(o) => match o.result {
            Ok(reply) => Flash::notice(reply_sentence(&tr, &reply)),
            Err(refusal) => refused(refusal_text(&tr, refusal.error)),
        },
        // No seat, no game: nothing to show the form on.
        Err(e @ (AppError::Conflict("not_seated" | "game_not_started") | AppError::NotFound)) => {
            return Err(e);
        }
        // Refused before the rules (a bad form, too many a minute): the form comes back too.
        Err(e) if flash::shown_at_form(&e) => refused(e.message(&tr)),
        Err(e) => return Err(e),
    };
    flash::redirect(&state, &viewer, &to, f).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(kind: &str, fields: &[(&str, &str)]) -> ActionForm {
        let get = |k: &str| {
            fields
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        };
        ActionForm {
            csrf: String::new(),
            kind: kind.into(),
            target: get("target"),
            real_id: get("real_id"),
            notebook: get("notebook"),
            vote1: get("vote1"),
            vote2: get("vote2"),
            confirm: get("confirm"),
        }
    }

    #[test]
    fn irreversible_forms_need_the_ticked_confirmation() {
        for kind in CONFIRMED {
            assert!(unconfirmed(&form(kind, &[("target", "L")])), "{kind}");
            assert!(unconfirmed(&form(kind, &[("confirm", "on")])), "{kind}");
            assert!(!unconfirmed(&form(kind, &[("confirm", "yes")])), "{kind}");
        }
        for kind in ["vote", "pass", "heir", "eye_use"] {
            assert!(!unconfirmed(&form(kind, &[])), "{kind}");
        }
    }

    #[test]
    fn window_and_eye_sentences_use_the_engines_numbers() {
        use crate::i18n::{Lang, Tr};
        let en = Tr::new(Lang::En);
        let w = json!({"notebook": 1, "transferred_in": 3, "first_resolution": 5,
                       "last_resolution": 6, "expires_out": true});
        assert_eq!(
            window_sentence(&en, &w, 4),
            "You transferred N1 in act 3. If a Kira is voted out or killed at the resolution of \
             act 5 or 6, you recapture her notebook; if no Kira is voted out or killed by the \
             resolution of act 6, you go out."
        );
        assert_eq!(
            window_sentence(&en, &w, 6),
            "You transferred N1 in act 3. If a Kira is voted out or killed at the resolution of \
             act 6, you recapture her notebook; if no Kira is voted out or killed by the \
             resolution of act 6, you go out."
        );
        let kira = json!({"notebook": 2, "transferred_in": 3, "first_resolution": 5,
                          "last_resolution": 6, "expires_out": false});
        assert!(window_sentence(&en, &kira, 4).ends_with("you recapture her notebook."));
        let zh = Tr::new(Lang::Zh);
        assert_eq!(
            window_sentence(&zh, &w, 4),
            "你在第 3 幕转让了 N1。若第 5 或第 6 幕结算时有基拉被投出或被杀，你收回其笔记；\
             若到第 6 幕结算仍无基拉被投出或被杀，你将出局。"
        );
        let eye = json!({"own_turns": 2, "death_act": 7});
        assert_eq!(
            eye_sentence(&en, &eye),
            "Eye of Death: 2 of your 3 own turns counted; if your turns keep their present \
             pattern you go out at the resolution of act 7, and your notebooks are destroyed."
        );
        for tr in [en, zh] {
            let st = json!({"transfer_window": [3, 4], "eye_request_death": 5});
            let c = costs(&tr, &st, 1);
            for line in [&c.kill, &c.join, &c.transfer, &c.eye_request] {
                assert!(!line.contains("seat-cost"), "{line}");
            }
            assert!(c.transfer.contains('3') && c.transfer.contains('4'));
            assert!(c.eye_request.contains('5'));
        }
    }

    #[test]
    fn forms_become_exactly_the_replay_action_objects() {
        let kill = form(
            "kill",
            &[("target", "L"), ("real_id", " bob "), ("notebook", "")],
        );
        assert_eq!(
            action_of(&kill).ok(),
            Some(json!({"type": "kill", "target": "L", "real_id": "bob"}))
        );
        let two = form("transfer", &[("target", "L"), ("notebook", "2")]);
        assert_eq!(
            action_of(&two).ok(),
            Some(json!({"type": "transfer", "target": "L", "notebook": 2}))
        );
        let vote = form("vote", &[("vote1", "L"), ("vote2", "")]);
        assert_eq!(
            action_of(&vote).ok(),
            Some(json!({"type": "vote", "targets": ["L"]}))
        );
        assert_eq!(
            action_of(&form("eye_request", &[])).ok(),
            Some(json!({"type": "eye_request"}))
        );
        assert!(action_of(&form("kill", &[("target", "L")])).is_err());
        assert!(action_of(&form("pass", &[("notebook", "x")])).is_err());
        assert!(action_of(&form("vote", &[])).is_err());
        assert!(action_of(&form("dance", &[])).is_err());
    }
}
