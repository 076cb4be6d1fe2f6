//! The reveal after the end (DN-28): every seat's real ID and roles, the whole transcript with the
//! actions, and the commitment check. Before the end it is a 409 page.

use super::seat_generic::with_team_note;
use super::{
    action_sentence, cause_text, classic_cause_text, private_sentence, public_sentence,
    refusal_text, reply_sentence, role_name, s, winner_text,
};
use crate::app::AppState;
use crate::error::AppError;
use crate::game::views;
use crate::i18n::Tr;
use crate::web::pages::PageCtx;
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
    /// The role it had when it went out, or at the end if still in (DN-28).
    pub role: String,
    /// Each change of its notebooks, with the act, in the reader's language (DN-28).
    pub history: Vec<String>,
    pub out: String,
}

/// One entry of a seat's role history (`roles.seats[].history[]`) as a sentence:
/// "act 2: received N1 from 夜神月 → Kira". `cause` is why the seat went out, if it did.
fn history_sentence(tr: &Tr, c: &Value, cause: &str) -> String {
    let n = c.get("notebook").and_then(Value::as_u64).unwrap_or(0);
    let with = c.get("with").and_then(Value::as_str).unwrap_or("?");
    let text = match s(c, "change") {
        change @ ("dealt" | "received" | "recaptured" | "took" | "redealt" | "gave"
        | "lost_to_recapture" | "lost_to_killer" | "destroyed") => tr.ta(
            &format!("reveal-change-{}", change.replace('_', "-")),
            &[
                ("n", n.to_string()),
                ("with", with.to_string()),
                ("cause", cause_text(tr, cause)),
            ],
        ),
        other => other.to_string(),
    };
    let role = match s(c, "role_after") {
        "kira" => tr.t("reveal-kira"),
        "out" => tr.t("reveal-role-out"),
        _ => tr.t("reveal-good"),
    };
    tr.ta(
        "reveal-history-entry",
        &[
            (
                "act",
                c.get("act")
                    .and_then(Value::as_u64)
                    .unwrap_or(0)
                    .to_string(),
            ),
            ("change", text),
            ("role", role),
        ],
    )
}

/// One seat of the reveal (`roles.seats[]`): Death Note's (`kira_at_start`, `history`, `out` as
/// `[act, cause]`) or another variant's (a `role` kept all game, `out` as `{act, cause}`).
fn reveal_seat(tr: &Tr, r: &Value, seat: &Value) -> RevealSeatView {
    // Another variant's role (a classic preset's killer, police, civilian,
    // 匪, 警) is dealt once and kept to the end.
    let other_role = match s(seat, "role") {
        "" | "kira" | "good" => None,
        role => Some(role_name(tr, role)),
    };
    let start = match seat.get("kira_at_start").and_then(Value::as_u64) {
        Some(n) => tr.t1("reveal-kira-nb", "n", &n),
        None => other_role.clone().unwrap_or_else(|| tr.t("reveal-good")),
    };
    // DN-28: the role when out (a seat voted out as Kira reads Kira), or at the
    // end for a seat still in.
    let role = match (s(seat, "role"), other_role) {
        ("kira", _) => tr.t("reveal-kira"),
        (_, Some(role)) => role,
        _ => tr.t("reveal-good"),
    };
    let cause = seat.pointer("/out/1").and_then(Value::as_str).unwrap_or("");
    let history = seat
        .get("history")
        .and_then(Value::as_array)
        .map(|h| h.iter().map(|c| history_sentence(tr, c, cause)).collect())
        .unwrap_or_default();
    let out = match seat.get("out") {
        // A classic seat's `{act, cause}`.
        Some(o @ Value::Object(_)) => tr.ta(
            "reveal-out",
            &[
                (
                    "act",
                    o.get("act").map(|a| a.to_string()).unwrap_or_default(),
                ),
                ("cause", classic_cause_text(tr, s(o, "cause"))),
            ],
        ),
        // Death Note's `[act, cause]`.
        Some(Value::Array(o)) => tr.ta(
            "reveal-out",
            &[
                ("act", o.first().map(|a| a.to_string()).unwrap_or_default()),
                (
                    "cause",
                    cause_text(tr, o.get(1).and_then(Value::as_str).unwrap_or("")),
                ),
            ],
        ),
        _ => tr.t("reveal-still-in"),
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
        role,
        history,
        out,
    }
}

pub struct TranscriptLine {
    pub act: u64,
    pub kind: String,
    pub text: String,
    /// The rule behind a refusal, for the line's tooltip.
    pub rule: Option<&'static str>,
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
    /// A substitute played some seat: only then is the column of accounts shown.
    substituted: bool,
    /// The seats' roles can change (Death Note's notebooks: a role history per seat): only then
    /// are the role at the start and the history shown; a classic role is dealt once and kept.
    histories: bool,
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
    let (r, title, variant) = state
        .db(move |c| {
            let r = views::reveal(c, game_id)?;
            let g = views::public_game(c, game_id)?;
            Ok((r, g.title, g.variant))
        })
        .await?;
    let tr = viewer.tr;
    let seats: Vec<RevealSeatView> = r
        .pointer("/roles/seats")
        .and_then(Value::as_array)
        .map(|l| l.iter().map(|seat| reveal_seat(&tr, &r, seat)).collect())
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
                            with_team_note(
                                &tr,
                                crate::rules::Variant::from_name(&variant),
                                l,
                                private_sentence(&tr, l.get("event").unwrap_or(&Value::Null))
                            )
                        ),
                        _ => public_sentence(&tr, l.get("event").unwrap_or(&Value::Null)),
                    };
                    TranscriptLine {
                        act: l.get("act").and_then(Value::as_u64).unwrap_or(0),
                        kind: s(l, "kind").to_string(),
                        text,
                        rule: l
                            .get("error")
                            .and_then(Value::as_str)
                            .and_then(|code| super::refusal_rule_in(&variant, code)),
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
        substituted: seats.iter().any(|s| s.accounts.contains(" → ")),
        histories: r
            .pointer("/roles/seats")
            .and_then(Value::as_array)
            .is_some_and(|l| l.iter().any(|seat| seat.get("history").is_some())),
        seats,
        transcript,
        text: s(&c, "text").to_string(),
        salt: s(&c, "salt").to_string(),
        hash: s(&c, "hash").to_string(),
        verified: c.get("verified").and_then(Value::as_bool) == Some(true),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

    #[test]
    fn every_role_change_has_a_sentence_in_both_languages() {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for change in [
                "dealt",
                "received",
                "recaptured",
                "took",
                "redealt",
                "gave",
                "lost_to_recapture",
                "lost_to_killer",
                "destroyed",
            ] {
                let c = json!({"act": 4, "notebook": 2, "change": change, "with": "L",
                               "role_after": "out"});
                let text = history_sentence(&tr, &c, "voted");
                let raw = history_sentence(&tr, &json!({"act": 4, "change": "?"}), "");
                assert!(text.contains('4') && text.contains("N2"), "{text}");
                assert!(!text.contains("reveal-") && !text.contains(" ?"), "{text}");
                assert_ne!(text.split(" → ").next(), raw.split(" → ").next());
            }
        }
        let en = Tr::new(Lang::En);
        let c = json!({"act": 2, "notebook": 1, "change": "received", "with": "夜神月",
                       "role_after": "kira"});
        assert_eq!(
            history_sentence(&en, &c, ""),
            "act 2: received N1 from 夜神月 → Kira"
        );
        let c = json!({"act": 4, "notebook": 1, "change": "lost_to_recapture", "with": "L",
                       "role_after": "out"});
        assert_eq!(
            history_sentence(&en, &c, "voted"),
            "act 4: went out (voted out); N1 recaptured by L → out"
        );
    }

    /// A classic seat reads with its role and its `{act, cause}`; a Death Note seat
    /// as before.
    #[test]
    fn a_classic_seat_shows_its_role() {
        let zh = Tr::new(Lang::Zh);
        let r = json!({"accounts": {"夜雨": ["u1"]}});
        let killer = json!({"game_id": "夜雨", "real_id": "u1", "role": "killer",
                            "out": {"act": 2, "cause": "exploded"}});
        let v = reveal_seat(&zh, &r, &killer);
        assert_eq!((v.start.as_str(), v.role.as_str()), ("杀手", "杀手"));
        assert_eq!(v.out, "第 2 幕，自爆");
        assert_eq!(v.accounts, "u1");
        let cop = json!({"game_id": "zero", "real_id": "u2", "role": "警", "out": null});
        let v = reveal_seat(&Tr::new(Lang::En), &r, &cop);
        assert_eq!(v.role, "警 (cop)");
        assert_eq!(v.out, Tr::new(Lang::En).t("reveal-still-in"));
        let kira = json!({"game_id": "L", "real_id": "u3", "role": "kira", "kira_at_start": 1,
                          "out": [3, "killed"], "history": []});
        let v = reveal_seat(&zh, &r, &kira);
        assert_eq!(v.role, zh.t("reveal-kira"));
        assert_eq!(v.start, zh.t1("reveal-kira-nb", "n", &1));
        assert!(v.out.contains("被笔记杀死"), "{}", v.out);
        let good = json!({"game_id": "M", "real_id": "u4", "role": "good", "out": null});
        assert_eq!(reveal_seat(&zh, &r, &good).role, zh.t("reveal-good"));
    }
}
