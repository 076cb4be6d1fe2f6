//! The reveal after the end (DN-28): every seat's real ID and roles, the whole transcript with the
//! actions, and the commitment check. Before the end it is a 409 page. Every row and line is
//! worded by the game's variant ([`Variant::read_reveal`], [`Variant::answer`]).

use crate::app::AppState;
use crate::error::AppError;
use crate::game::views;
use crate::i18n::Tr;
use crate::rules::{Line, RevealRow, Variant};
use crate::web::games::picture::{self, Picture};
use crate::web::games::replay::replay_href;
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

pub struct RevealSeatView {
    pub game_id: String,
    pub real_id: String,
    /// Every account that played the seat, in order (substitutes after the signed-up one).
    pub accounts: String,
    pub start: String,
    /// The role it had when it went out, or at the end if still in (DN-28).
    pub role: String,
    /// Each change of its role, with the act, in the reader's language (DN-28).
    pub history: Vec<String>,
    pub out: String,
    /// The seat's replay from its first act.
    pub replay: String,
}

impl RevealSeatView {
    fn new(tr: &Tr, game: i64, row: RevealRow, accounts: &[String]) -> RevealSeatView {
        RevealSeatView {
            replay: replay_href(game, &row.game_id, 1),
            accounts: accounts.join(" → "),
            game_id: row.game_id,
            real_id: row.real_id,
            start: tr.say(&row.start),
            role: tr.say(&row.role),
            history: row.history.iter().map(|m| tr.say(m)).collect(),
            out: tr.say(&row.out),
        }
    }
}

pub struct TranscriptLine {
    pub act: u64,
    pub kind: String,
    pub text: String,
    /// The rule behind a refusal, for the line's tooltip.
    pub rule: Option<&'static str>,
}

/// One line of the transcript in words: who did what and what came of it, whom a private
/// event reached, or the public event.
fn transcript_line(tr: &Tr, variant: Variant, l: &views::OwnLine) -> Option<TranscriptLine> {
    let (act, kind, text, error) = match &l.line {
        Line::Reply {
            act,
            by,
            ok,
            reply,
            error,
        } => {
            let outcome = variant.answer(*ok, reply.as_ref(), *error);
            let action = l
                .action
                .as_ref()
                .map(|a| tr.say(&variant.action(a)))
                .unwrap_or_default();
            let text = format!(
                "{} {action} → {}",
                tr.t1("reveal-by", "name", by),
                tr.say(&outcome)
            );
            (*act, "reply", text, *error)
        }
        Line::Private { act, to, event } => {
            let text = format!(
                "{} {}",
                tr.t1("reveal-to", "name", to),
                tr.say(&variant.private(event))
            );
            (*act, "private", text, None)
        }
        Line::Public { act, event } => (*act, "public", tr.say(&variant.public(event)), None),
        Line::Outcome { .. } => return None,
    };
    Some(TranscriptLine {
        act: u64::from(act),
        kind: kind.to_string(),
        text,
        rule: error.and_then(|code| variant.refusal(code).applies()),
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "games/reveal.html")]
struct RevealPage {
    page: PageCtx,
    game: i64,
    title: String,
    /// What the game was played by: the preset's name, or the setup's name and version.
    variant_label: String,
    winner: String,
    ended_reason: Option<String>,
    fixed_deal: bool,
    seats: Vec<RevealSeatView>,
    /// A substitute played some seat: only then is the column of accounts shown.
    substituted: bool,
    /// The seats' roles can change (the variant gives its reveal rows, a role history per
    /// seat): only then are the role at the start and the history shown; else each role is
    /// dealt once and kept.
    histories: bool,
    transcript: Vec<TranscriptLine>,
    /// The game drawn act by act, with the same facts as a table.
    picture: Picture,
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
    let winner = match &r.winner {
        Some(w) => tr.say(&variant.winner(w)),
        None => tr.t("console-end-no-winner"),
    };
    let (rows, timeline) = variant.read_reveal_lines(
        &r.roles,
        r.transcript.iter().map(|l| (&l.line, l.action.as_ref())),
    );
    let picture = picture::draw(&tr, &timeline, &title, &winner);
    let histories = rows.iter().any(|row| !row.history.is_empty());
    let seats: Vec<RevealSeatView> = rows
        .into_iter()
        .map(|row| {
            let accounts = r.accounts.get(&row.game_id).cloned().unwrap_or_default();
            RevealSeatView::new(&tr, game_id, row, &accounts)
        })
        .collect();
    let transcript = r
        .transcript
        .iter()
        .filter_map(|l| transcript_line(&tr, variant, l))
        .collect();
    Ok(RevealPage {
        variant_label: tr.variant(variant.name()),
        page: viewer.page(),
        game: game_id,
        title,
        winner,
        picture,
        ended_reason: r.ended_reason,
        fixed_deal: r.fixed_deal,
        substituted: seats.iter().any(|s| s.accounts.contains(" → ")),
        histories,
        seats,
        transcript,
        text: r.commitment.text,
        salt: r.commitment.salt,
        hash: r.commitment.hash,
        verified: r.commitment.verified,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

    fn row(tr: &Tr, variant: &str, seat: serde_json::Value) -> RevealSeatView {
        let v = Variant::from_name(variant).expect("a variant");
        let rows = v.reveal_rows(&json!({"seats": [seat]}));
        let row = rows.into_iter().next().expect("a row");
        RevealSeatView::new(tr, 1, row, &["u1".to_string()])
    }

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
                let seat = json!({"game_id": "L", "role": "good", "out": [4, "voted"],
                                  "history": [c, {"act": 4, "change": "?"}]});
                let v = row(&tr, "deathnote", seat);
                let (text, raw) = (&v.history[0], &v.history[1]);
                assert!(text.contains('4') && text.contains("N2"), "{text}");
                assert!(!text.contains("reveal-") && !text.contains(" ?"), "{text}");
                assert_ne!(text.split(" → ").next(), raw.split(" → ").next());
            }
        }
        let en = Tr::new(Lang::En);
        let seat = json!({"game_id": "L", "role": "kira", "history": [
            {"act": 2, "notebook": 1, "change": "received", "with": "夜神月", "role_after": "kira"}]});
        assert_eq!(
            row(&en, "deathnote", seat).history,
            ["act 2: received N1 from 夜神月 → Kira"]
        );
        let seat = json!({"game_id": "L", "role": "kira", "out": [4, "voted"], "history": [
            {"act": 4, "notebook": 1, "change": "lost_to_recapture", "with": "L",
             "role_after": "out"}]});
        assert_eq!(
            row(&en, "deathnote", seat).history,
            ["act 4: went out (voted out); N1 recaptured by L → out"]
        );
    }

    /// A classic seat reads with its role and its `{act, cause}`; a Death Note seat
    /// as before.
    #[test]
    fn a_classic_seat_shows_its_role() {
        let zh = Tr::new(Lang::Zh);
        let killer = json!({"game_id": "夜雨", "real_id": "u1", "role": "killer",
                            "out": {"act": 2, "cause": "exploded"}});
        let v = row(&zh, "dongsha", killer);
        assert_eq!((v.start.as_str(), v.role.as_str()), ("杀手", "杀手"));
        assert_eq!(v.out, "第 2 幕，自爆");
        assert_eq!(v.accounts, "u1");
        let cop = json!({"game_id": "zero", "real_id": "u2", "role": "警", "out": null});
        let v = row(&Tr::new(Lang::En), "wujian", cop);
        assert_eq!(v.role, "警 (cop)");
        assert_eq!(v.out, Tr::new(Lang::En).t("reveal-still-in"));
        let kira = json!({"game_id": "L", "real_id": "u3", "role": "kira", "kira_at_start": 1,
                          "out": [3, "killed"], "history": []});
        let v = row(&zh, "deathnote", kira);
        assert_eq!(v.role, zh.t("reveal-kira"));
        assert_eq!(v.start, zh.t1("reveal-kira-nb", "n", &1));
        assert!(v.out.contains("被笔记杀死"), "{}", v.out);
        let good = json!({"game_id": "M", "real_id": "u4", "role": "good", "out": null});
        assert_eq!(row(&zh, "deathnote", good).role, zh.t("reveal-good"));
    }
}
