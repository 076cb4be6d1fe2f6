//! The reveal after the end (DN-28): every seat's real ID and roles, the whole transcript with the
//! actions, and the commitment check. Before the end it is a 409 page.

use super::{
    action_sentence, private_sentence, public_sentence, refusal_text, reply_sentence, s,
    winner_text,
};
use crate::game::views;
use crate::web::error::AppError;
use crate::web::pages::PageCtx;
use crate::web::state::AppState;
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;
use serde_json::Value;

pub struct RevealSeatView {
    pub game_id: String,
    pub real_id: String,
    /// Every account that played the seat, in order (substitutes after the signed-up one).
    pub accounts: String,
    pub start: String,
    pub end: String,
    pub out: String,
}

pub struct TranscriptLine {
    pub act: u64,
    pub kind: String,
    pub text: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/reveal.html")]
struct RevealPage {
    page: PageCtx,
    game: i64,
    title: String,
    winner: String,
    ended_reason: Option<String>,
    fixed_deal: bool,
    seats: Vec<RevealSeatView>,
    transcript: Vec<TranscriptLine>,
    text: String,
    salt: String,
    hash: String,
    verified: bool,
}

#[get("/games/{id}/reveal")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<RevealPage, AppError> {
    let game_id = *id;
    let (r, title) = state
        .db(move |c| {
            let r = views::reveal(c, game_id)?;
            let title = views::public_game(c, game_id)?.title;
            Ok((r, title))
        })
        .await?;
    let tr = viewer.tr;
    let seats = r
        .pointer("/roles/seats")
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .map(|seat| {
                    let start = match seat.get("kira_at_start").and_then(Value::as_u64) {
                        Some(n) => tr.t1("reveal-kira-nb", "n", &n),
                        None => tr.t("reveal-good"),
                    };
                    let end = if seat.get("kira_at_end").and_then(Value::as_bool) == Some(true) {
                        tr.t("reveal-kira")
                    } else {
                        tr.t("reveal-good")
                    };
                    let out = match seat.get("out").and_then(Value::as_array) {
                        Some(o) => tr.ta(
                            "reveal-out",
                            &[
                                ("act", o.first().map(|a| a.to_string()).unwrap_or_default()),
                                (
                                    "cause",
                                    tr.t(&format!(
                                        "dn-cause-{}",
                                        o.get(1)
                                            .and_then(Value::as_str)
                                            .unwrap_or("")
                                            .replace('_', "-")
                                    )),
                                ),
                            ],
                        ),
                        None => tr.t("reveal-still-in"),
                    };
                    let accounts = r
                        .pointer(&format!(
                            "/accounts/{}",
                            s(seat, "game_id").replace('~', "~0").replace('/', "~1")
                        ))
                        .and_then(Value::as_array)
                        .map(|l| {
                            l.iter()
                                .filter_map(Value::as_str)
                                .collect::<Vec<_>>()
                                .join(" → ")
                        })
                        .unwrap_or_default();
                    RevealSeatView {
                        accounts,
                        game_id: s(seat, "game_id").to_string(),
                        real_id: s(seat, "real_id").to_string(),
                        start,
                        end,
                        out,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let transcript = r
        .get("transcript")
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter(|l| s(l, "kind") != "outcome")
                .map(|l| {
                    let text = match s(l, "kind") {
                        "reply" => {
                            let outcome = if l.get("ok").and_then(Value::as_bool) == Some(true) {
                                reply_sentence(&tr, l.get("reply").unwrap_or(&Value::Null))
                            } else {
                                tr.t1(
                                    "dn-log-refused",
                                    "reason",
                                    &refusal_text(&tr, s(l, "error")),
                                )
                            };
                            let action = l
                                .get("action")
                                .map(|a| action_sentence(&tr, a))
                                .unwrap_or_default();
                            format!(
                                "{} {action} → {outcome}",
                                tr.t1("reveal-by", "name", &s(l, "by"))
                            )
                        }
                        "private" => format!(
                            "{} {}",
                            tr.t1("reveal-to", "name", &s(l, "to")),
                            private_sentence(&tr, l.get("event").unwrap_or(&Value::Null))
                        ),
                        _ => public_sentence(&tr, l.get("event").unwrap_or(&Value::Null)),
                    };
                    TranscriptLine {
                        act: l.get("act").and_then(Value::as_u64).unwrap_or(0),
                        kind: s(l, "kind").to_string(),
                        text,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let c = r.get("commitment").cloned().unwrap_or(Value::Null);
    Ok(RevealPage {
        page: viewer.page(),
        game: game_id,
        title,
        winner: match r.get("winner").and_then(Value::as_str) {
            Some(w) => winner_text(&tr, w),
            None => tr.t("console-end-no-winner"),
        },
        ended_reason: r
            .get("ended_reason")
            .and_then(Value::as_str)
            .map(str::to_string),
        fixed_deal: r.get("fixed_deal").and_then(Value::as_bool) == Some(true),
        seats,
        transcript,
        text: s(&c, "text").to_string(),
        salt: s(&c, "salt").to_string(),
        hash: s(&c, "hash").to_string(),
        verified: c.get("verified").and_then(Value::as_bool) == Some(true),
    })
}
