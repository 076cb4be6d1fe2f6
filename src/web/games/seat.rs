//! A seat's private page (its own account only) and the action forms, which become exactly the
//! replay action objects handed to `service::submit`. Death Note has a page of its own here;
//! every other variant gets the generic page of `seat_generic`. The forms of both post to
//! [`act`], which turns them into the action object through the variant's action forms
//! (`rules::form_to_action`).

use super::seat_generic::{self, GenericSeatPage, LogLine, Outcome};
use crate::app::AppState;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::service;
use crate::game::views::{PublicGame, SeatView};
use crate::rules::{CONFIRM_FIELD, Variant};
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{Either, HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde_json::Value;

pub struct NotebookRow {
    pub n: u64,
    pub on_turn: bool,
    pub acted: bool,
    pub owed: bool,
    pub transferable: bool,
    pub heir: Option<String>,
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

/// DN-19: a giver's window, as the seat page tells the giver.
fn window_sentence(tr: &crate::i18n::Tr, w: &Value, now: u64) -> String {
    tr.say(&crate::rules::deathnote::window("seat-window", w, now))
}

/// DN-22: the Eye holder's count, as the seat page tells her.
fn eye_sentence(tr: &crate::i18n::Tr, e: &Value) -> String {
    tr.say(&crate::rules::deathnote::eye_status("seat-eye-status", e))
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
        self.page.tr.say(&crate::rules::deathnote::seat_role(
            self.kira, self.alive, &notebooks,
        ))
    }
}

/// The Death Note seat page.
async fn load(
    state: &AppState,
    viewer: &Viewer,
    view: SeatView,
    public: PublicGame,
) -> Result<SeatPage, AppError> {
    let game_id = public.id;
    let tr = viewer.tr;
    let variant = variant_of(&public.variant)?;
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
        tr.say(&variant.out(
            o.first().and_then(Value::as_u64).unwrap_or(0),
            o.get(1).and_then(Value::as_str).unwrap_or(""),
        ))
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
            .join(tr.t("list-sep").as_str())
    });
    let log = view
        .private
        .iter()
        .map(|l| LogLine {
            act: l.get("act").and_then(Value::as_u64).unwrap_or(0),
            text: tr.say(&variant.line(l)),
            refused: l.get("ok").and_then(Value::as_bool) == Some(false),
            rule: l
                .get("error")
                .and_then(Value::as_str)
                .and_then(|code| variant.refusal(code).applies()),
        })
        .collect();
    let mut banner = super::banner::banner(state, viewer, game_id).await?;
    // One owing line, not two saying the same thing: on its own page the seat's fuller
    // sentence (with what missing it costs) takes the banner's place.
    banner.text = (!owes.is_empty())
        .then(|| tr.t1("seat-owes", "what", &owes.join(tr.t("list-sep").as_str())));
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

/// The variant a stored game plays.
fn variant_of(name: &str) -> Result<Variant, AppError> {
    Variant::from_name(name).ok_or_else(|| AppError::Internal(format!("unknown variant {name:?}")))
}

#[get("/games/{id}/seat")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<Either<SeatPage, GenericSeatPage>, AppError> {
    let account = viewer.require_in_game(*id)?;
    let (view, public) = seat_generic::read(&state, account, *id).await?;
    let variant = variant_of(&public.variant)?;
    if variant.name() != "deathnote" {
        let (page, ctx) = seat_generic::page(&state, &viewer, variant, view, public).await?;
        let f = flash::take(&state, &viewer, &seat_path(*id)).await?;
        return Ok(Either::Right(page.with_flash(f, &ctx)));
    }
    let mut page = load(&state, &viewer, view, public).await?;
    if let Some(f) = flash::take(&state, &viewer, &seat_path(*id)).await? {
        page.outcome = Some(Outcome {
            ok: f.ok,
            text: f.message.clone(),
        });
        page.refill = (!f.ok).then_some(f);
    }
    Ok(Either::Left(page))
}

fn seat_path(game_id: i64) -> String {
    format!("/games/{game_id}/seat")
}

/// The shell's own fields of an action form, besides the variant's: the CSRF token and the
/// action `type`.
const SHELL_FIELDS: [&str; 2] = ["csrf", "type"];

#[post("/games/{id}/actions")]
pub async fn act(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted {
        viewer,
        form: posted,
    }: Posted<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let shell = |name: &str| {
        posted
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| AppError::BadRequest(name.to_string()))
    };
    let kind = shell("type")?;
    let account = viewer.require_in_game(*id)?;
    let game_id = *id;
    let tr = viewer.tr;
    let to = seat_path(game_id);
    let variant = state
        .db(move |c| games::get(c, game_id)?.ok_or(AppError::NotFound))
        .await
        .and_then(|row| variant_of(&row.variant))?;
    let fields: Vec<(&str, &str)> = posted
        .iter()
        .filter(|(n, _)| !SHELL_FIELDS.contains(&n.as_str()))
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    // A refusal goes back to the seat page with the form's own fields refilled (never the
    // confirmation: an irreversible form is ticked again on purpose).
    let form = variant.action_form(kind);
    let refused = |text: String| {
        fields
            .iter()
            .filter(|(n, _)| *n != CONFIRM_FIELD && form.is_some_and(|f| f.field(n).is_some()))
            .fold(Flash::refusal(kind, text), |f, (n, v)| f.with(n, v))
    };
    // Death Note's own sentences on its own page; the generic ones elsewhere.
    let own = variant.name() == "deathnote";
    let reply_text = |r: &Value| {
        if own {
            tr.say(&variant.reply(r))
        } else {
            seat_generic::reply_text(&tr, variant, r)
        }
    };
    let refusal_of = |code: &str| {
        if own {
            tr.say(&variant.refusal(code))
        } else {
            seat_generic::refusal_text(&tr, variant, code)
        }
    };
    let action = match crate::rules::form_to_action(variant, kind, &fields) {
        Ok(action) => action,
        // Nothing is submitted: the page comes back with the reason, as for any refused form.
        Err(e) => {
            let f = refused(seat_generic::form_error_text(&tr, &e));
            return flash::redirect(&state, &viewer, &to, f).await;
        }
    };
    let f = match service::submit(&state, account, game_id, action).await {
        Ok(o) => match o.result {
            Ok(reply) => Flash::notice(reply_text(&reply)),
            Err(refusal) => refused(refusal_of(refusal.error)),
        },
        // No seat, no game: nothing to show the form on.
        Err(e @ (AppError::Conflict("not_seated" | "game_not_started") | AppError::NotFound)) => {
            return Err(e);
        }
        // Refused before the rules (too many a minute, the game paused): the form comes back.
        Err(e) if flash::shown_at_form(&e) => refused(e.message(&tr)),
        Err(e) => return Err(e),
    };
    flash::redirect(&state, &viewer, &to, f).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
}
