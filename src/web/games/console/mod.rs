//! The judge's console page (its judge and admins; never a game-ID login; never an account
//! seated in the game), in sections: this act (submissions, who owes what, the ballot tally, the
//! preview), the clock (deadline in the game's time zone, pause/resume), the seats (the engine's
//! view of each, substitutes), the game thread, and the end. The irreversible buttons (resolve
//! now, put in a substitute, end the game) stand apart and need a ticked `confirm=yes`, checked
//! here too. A refused action re-renders the console with the reason.
//! Also the substitute-list buttons of the game page.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::console::{self, ConsoleView};
use crate::i18n::Tr;
use crate::rules::Variant;
use crate::web::accounts::render_with;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::viewer::Viewer;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, web};
use askama::Template;
use chrono::{NaiveDateTime, TimeZone};

pub mod actions;

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
    pub owes: String,
}

/// One row of the seats table: everything the engine knows of the seat, in words.
pub struct SeatRow {
    pub seat: i32,
    pub game_id: String,
    pub real_id: String,
    /// The accounts that played it, when a substitute came in ("a → b").
    pub chain: Option<String>,
    /// Its role is one the rules keep secret from the others (highlighted).
    pub marked: bool,
    pub role: String,
    pub alive: bool,
    pub state: String,
    pub owes: String,
    /// The variant's own columns, each a list of lines (`Rules::console_columns`).
    pub cells: Vec<Vec<String>>,
}

/// One of the variant's own columns of the seats table: its heading, its cells' class and the
/// rule it shows (the heading's tooltip).
pub struct ColumnView {
    pub heading: String,
    pub class: String,
    pub rule: Option<&'static str>,
}

pub struct TallyLine {
    pub game_id: String,
    pub votes: usize,
}

/// A time in the game's zone: for `<time>`, for reading, and for the date-time picker.
pub struct LocalTime {
    pub iso: String,
    /// `2026-12-02 20:00 CST`.
    pub text: String,
    /// `2026-12-02 12:00 UTC`.
    pub utc: String,
    /// `2026-12-02T20:00`, as `<input type="datetime-local">` takes it.
    pub input: String,
}

impl LocalTime {
    fn new(t: NaiveDateTime, tz: chrono_tz::Tz) -> LocalTime {
        let local = tz.from_utc_datetime(&t);
        let utc = TimeView::new(t);
        LocalTime {
            iso: utc.iso,
            text: local.format("%Y-%m-%d %H:%M %Z").to_string(),
            utc: utc.text,
            input: local.format("%Y-%m-%dT%H:%M").to_string(),
        }
    }
}

#[derive(Template)]
#[template(path = "console/console.html")]
pub struct ConsolePage {
    page: PageCtx,
    v: ConsoleView,
    error: Option<String>,
    /// The result of the judge's last action, or a refused form's fields (post/redirect/get).
    flash: Option<Flash>,
    deadline: Option<LocalTime>,
    /// The game's time zone (IANA name), shown beside every deadline.
    zone: String,
    /// Now in the game's zone: the earliest time the picker offers.
    picker_min: String,
    paused: Option<String>,
    submissions: Vec<SubmissionRow>,
    owing: Vec<OwingRow>,
    seats: Vec<SeatRow>,
    tally: Vec<TallyLine>,
    preview: Vec<String>,
    preview_winner: Option<String>,
    /// The vote counts the resolution would publish, worded; `None` when it publishes none.
    preview_votes: Option<Vec<String>>,
    winner: Option<String>,
    substitutes: String,
    running: bool,
    /// The open phase as the judge reads it: "Act 2", or "Act 2 (night)" for a variant of
    /// several phases per act (the confirmation to resolve names it too).
    phase_title: String,
    /// The winners the judge may name when ending: the variant's outcomes, (code, words).
    winners: Vec<(&'static str, String)>,
    /// The variant's own columns of the seats table.
    columns: Vec<ColumnView>,
    /// The warnings that two of the game's accounts share a network or a browser, worded.
    links: Vec<String>,
}

/// A pair of linked accounts in words: "a and b have signed in from the same network …".
pub fn link_text(tr: &Tr, a: &str, b: &str, kinds: &[&str]) -> String {
    let key = match (kinds.contains(&"net"), kinds.contains(&"browser")) {
        (true, true) => "traces-link-both",
        (false, true) => "traces-link-browser",
        _ => "traces-link-net",
    };
    tr.ta(key, &[("a", a.to_string()), ("b", b.to_string())])
}

/// The reader, when it is the game's judge or an admin (not a game-ID login).
async fn judge<'a>(
    viewer: &'a Viewer,
    state: &AppState,
    game_id: i64,
) -> Result<&'a Account, AppError> {
    let account = viewer.require()?;
    crate::game::service::require_judge(state, account, game_id).await?;
    Ok(account)
}

fn seat_row(tr: &Tr, variant: Variant, act: u32, s: &console::ConsoleSeat) -> SeatRow {
    let row = variant
        .rules()
        .console_row(s.role.as_deref(), s.alive, s.owes, &s.facts, act);
    SeatRow {
        seat: s.seat,
        game_id: s.game_id.clone(),
        real_id: s.real_id.clone(),
        chain: (s.chain.len() > 1).then(|| s.chain.join(" → ")),
        marked: row.marked,
        role: tr.say(&row.role),
        alive: s.alive,
        state: match &s.out {
            Some(o) => tr.say(&variant.out(o.act, &o.cause)),
            None if s.alive => tr.t("game-alive"),
            None => tr.t("game-out"),
        },
        owes: tr.list(row.owes.iter().map(|m| tr.say(m))),
        cells: row
            .cells
            .iter()
            .map(|lines| lines.iter().map(|m| tr.say(m)).collect())
            .collect(),
    }
}

async fn render(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    flash: Option<Flash>,
) -> Result<HttpResponse, AppError> {
    let now = state.clock.now();
    let v = state
        .db(move |c| console::console_view(c, game_id, now))
        .await?;
    let tr = viewer.tr;
    let variant = v.variant;
    let tz: chrono_tz::Tz = v.timezone.parse().unwrap_or(chrono_tz::Asia::Shanghai);
    let submissions = v
        .submissions
        .iter()
        .map(|s| SubmissionRow {
            seat: s.seat.map(|n| n.to_string()).unwrap_or_default(),
            game_id: s.game_id.clone(),
            real_id: s.real_id.clone(),
            action: tr.say(&variant.submitted(s.action.as_ref())),
            reply: tr.say(&variant.answer(s.ok, s.reply.as_ref(), s.error.as_deref())),
            ok: s.ok,
            time: Some(TimeView::new(s.time)),
        })
        .collect();
    let seats: Vec<SeatRow> = v
        .seats
        .iter()
        .map(|s| seat_row(&tr, variant, v.act, s))
        .collect();
    let owing = seats
        .iter()
        .filter(|s| !s.owes.is_empty())
        .map(|s| OwingRow {
            game_id: s.game_id.clone(),
            real_id: s.real_id.clone(),
            owes: s.owes.clone(),
        })
        .collect();
    let tally = v
        .tally
        .iter()
        .map(|t| TallyLine {
            game_id: t.game_id.clone(),
            votes: t.votes,
        })
        .collect();
    let (preview, preview_winner) = match &v.preview {
        Some(p) => (
            p.events
                .iter()
                .map(|e| tr.say(&variant.public(e)))
                .collect(),
            p.winner.as_deref().map(|w| tr.say(&variant.winner(w))),
        ),
        None => (Vec::new(), None),
    };
    // The counts the act post would publish (option publish_votes), as the post words them.
    let preview_votes = v
        .preview
        .as_ref()
        .and_then(|p| p.votes.as_deref())
        .map(|counts| super::vote_count_lines(&tr, counts));
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
    let phase_title = crate::web::games::phase_name(&tr, variant, v.status, v.phase, v.act);
    let winners = variant
        .outcomes()
        .iter()
        .map(|&w| (w, tr.say(&variant.winner(w))))
        .collect();
    let links = v
        .links
        .iter()
        .map(|l| link_text(&tr, &l.accounts[0], &l.accounts[1], &l.kinds))
        .collect();
    let page = ConsolePage {
        links,
        winners,
        columns: variant
            .console_columns()
            .iter()
            .map(|m| {
                let key = m.catalog_key().unwrap_or_default();
                ColumnView {
                    heading: tr.say(m),
                    class: key.strip_prefix("console-col-").unwrap_or(key).to_string(),
                    rule: m.applies(),
                }
            })
            .collect(),
        page: viewer.page(),
        deadline: v.deadline.map(|d| LocalTime::new(d, tz)),
        zone: v.timezone.clone(),
        picker_min: LocalTime::new(state.clock.now(), tz).input,
        winner: v.winner.as_deref().map(|w| tr.say(&variant.winner(w))),
        substitutes: v.substitutes.join(tr.t("list-sep").as_str()),
        running: v.status == GameStatus::Running,
        phase_title,
        error,
        flash,
        paused,
        submissions,
        owing,
        seats,
        tally,
        preview,
        preview_winner,
        preview_votes,
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

    /// The attributes of a field of form `form` that its refusal is about (`on`): marked
    /// invalid and tied to the message (accessibility review of issue 38); else none.
    fn marked(&self, form: &str, on: bool) -> &'static str {
        match &self.flash {
            Some(f) if on && !f.ok && f.form == form && f.about != "confirm" => {
                r#" aria-invalid="true" aria-describedby="form-error""#
            }
            _ => "",
        }
    }

    /// The attributes of form `form`'s confirmation box, when the form came back unticked.
    fn unticked(&self, form: &str) -> &'static str {
        match &self.flash {
            Some(f) if !f.ok && f.form == form && f.about == "confirm" => {
                r#" aria-invalid="true" aria-describedby="form-error""#
            }
            _ => "",
        }
    }

    /// A field of form `form` as typed before its refusal, or `""`.
    fn refilled(&self, form: &str, field: &str) -> &str {
        match &self.flash {
            Some(f) if !f.ok && f.form == form => f.field(field),
            _ => "",
        }
    }
}

fn console_path(game_id: i64) -> String {
    format!("/games/{game_id}/console")
}

/// A form refused before anything reached the game: back to the console, with the reason next
/// to form `form` and its `fields` as typed.
async fn refuse(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    form: &str,
    message: String,
    fields: &[(&str, Option<&str>)],
) -> Result<HttpResponse, AppError> {
    let f = fields
        .iter()
        .fold(Flash::refusal(form, message), |f, (k, v)| f.with_opt(k, *v));
    flash::redirect(state, viewer, &console_path(game_id), f).await
}

/// The ticked confirmation of an irreversible form (`yes`); the JSON API does not ask for it.
fn confirmed(confirm: &Option<String>) -> bool {
    confirm.as_deref().map(str::trim) == Some("yes")
}

/// An irreversible form posted without its ticked confirmation: refused, nothing changed.
async fn unconfirmed(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    form: &str,
    action_key: &str,
    fields: &[(&str, Option<&str>)],
) -> Result<HttpResponse, AppError> {
    let tr = viewer.tr;
    let message = tr.t1("console-confirm-missing", "action", &tr.t(action_key));
    let f = fields.iter().fold(
        Flash::refusal(form, message).about("confirm"),
        |f, (k, v)| f.with_opt(k, *v),
    );
    flash::redirect(state, viewer, &console_path(game_id), f).await
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
    match result {
        Ok(notice) => {
            flash::redirect(state, viewer, &console_path(game_id), Flash::notice(notice)).await
        }
        Err(
            e @ (AppError::Conflict(_)
            | AppError::BadRequest(_)
            | AppError::Input(_)
            | AppError::TooFast(_)
            | AppError::Suspended { .. }
            | AppError::NotFound),
        ) => refuse(viewer, state, game_id, form, e.message(&viewer.tr), fields).await,
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_ticked_yes_confirms() {
        assert!(confirmed(&Some("yes".into())));
        assert!(confirmed(&Some(" yes ".into())));
        for no in [
            None,
            Some(String::new()),
            Some("on".into()),
            Some("YES!".into()),
        ] {
            assert!(!confirmed(&no), "{no:?}");
        }
    }

    #[test]
    fn every_console_message_is_in_both_languages() {
        use crate::i18n::{Lang, Tr};
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for key in [
                "console-section-act",
                "console-section-clock",
                "console-section-seats",
                "console-section-thread",
                "console-section-end",
                "console-danger",
                "console-confirm-resolve",
                "console-confirm-substitute",
                "console-confirm-end",
                "console-confirm-missing",
                "console-tally",
                "console-tally-votes",
                "console-tally-none",
                "console-no-ballot",
                "console-col-role",
                "console-col-owes",
                "console-col-window",
                "console-col-eye",
                "console-owes-notebook",
                "console-window",
                "console-eye-status",
                "console-eye-status-turns",
                "console-deadline-none",
                "console-deadline-zone",
                "console-deadline-set",
                "console-deadline-help",
                "console-deadline-malformed",
                "console-deadline-gap",
                "console-deadline-ambiguous",
                "console-deadline-past",
                "console-extend-malformed",
                "console-deadline-missing",
            ] {
                let args = [
                    "act", "n", "turns", "count", "zone", "field", "value", "max", "first", "last",
                    "action", "phase",
                ]
                .map(|a| (a, "1".to_string()));
                let mut args = args.to_vec();
                args.extend([("span", "two".into()), ("out", "yes".into())]);
                let text = tr.ta(key, &args);
                assert!(!text.contains("console-"), "{key} in {lang:?}: {text}");
            }
        }
    }

    #[test]
    fn the_console_speaks_of_windows_and_the_eye_in_the_third_person() {
        use crate::i18n::{Lang, Tr};
        let en = Tr::new(Lang::En);
        let w = serde_json::json!({"notebook": 2, "transferred_in": 1, "first_resolution": 3,
                                   "last_resolution": 4, "expires_out": true});
        assert_eq!(
            en.say(&crate::rules::deathnote::window("console-window", &w, 1)),
            "Transferred N2 in act 1. If a Kira is voted out or killed at the resolution of act \
             3 or 4, recaptures her notebook; if no Kira is voted out or killed by the resolution \
             of act 4, goes out."
        );
        let e = serde_json::json!({"own_turns": 1, "death_act": 5});
        assert_eq!(
            en.say(&crate::rules::deathnote::eye_status(
                "console-eye-status",
                &e
            )),
            "1 of 3 own turns counted; at the present pattern goes out at the resolution of act \
             5, and her notebooks are destroyed."
        );
        let no_death = serde_json::json!({"own_turns": 2, "death_act": null});
        assert!(
            en.say(&crate::rules::deathnote::eye_status(
                "console-eye-status",
                &no_death
            ))
            .starts_with("2 of 3")
        );
    }

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
