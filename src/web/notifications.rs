//! The bell's pages: the list of one's notifications (read when opened or marked, never by a
//! `GET`) and the per-kind switches.
//! A game-ID login sees only the notifications of its own game and has no settings page.

use crate::app::AppState;
use crate::error::AppError;
use crate::i18n::Tr;
use crate::notify::{self, store};
use crate::rules::{Say, Variant};
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::posted::{NoFields, Posted};
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

pub struct NotificationView {
    pub text: String,
    pub href: String,
    pub unread: bool,
    pub created_at: TimeView,
}

#[derive(Template, WebTemplate)]
#[template(path = "notify/list.html")]
struct ListPage {
    page: PageCtx,
    /// The list's items, rendered once for the account (`notify/_items.html`).
    items: std::sync::Arc<str>,
    empty: bool,
    /// The newest notification shown (its time), for the buttons.
    upto: String,
    is_alias: bool,
}

pub struct KindSwitch {
    pub kind: &'static str,
    pub label: String,
    pub enabled: bool,
    /// How the kind is mailed: `none`, `now` or `daily`.
    pub mail: &'static str,
}

/// A mail of the account's recent ones: its subject and what became of it.
pub struct MailView {
    pub subject: String,
    pub state: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "notify/prefs.html")]
struct PrefsPage {
    page: PageCtx,
    kinds: Vec<KindSwitch>,
    /// A notice after a form (saved, a link sent, …).
    notice: Option<String>,
    /// A refusal of the e-mail form, and the address as typed.
    email_error: Option<String>,
    email_typed: String,
    /// The account's addresses (whether the server mails at all, too).
    email: crate::mail::address::Status,
    /// The mail modes' values and labels, in order.
    modes: Vec<(&'static str, String)>,
    recent: Vec<MailView>,
    link_hours: i64,
}

/// A notification's payload as the notifier writes it (`notify::`): every kind's fields, each
/// optional (absent or null), so that rows of every version read.
#[derive(Deserialize, Default)]
struct Payload {
    #[serde(default)]
    title: Option<String>,
    /// A table's news (issue 41): `start_missed` (with the count and the fewest seats) or
    /// `rehosted`.
    #[serde(default)]
    news: Option<String>,
    #[serde(default)]
    signed_up: Option<usize>,
    #[serde(default)]
    min: Option<usize>,
    /// The phase, for a variant of several phases per act.
    #[serde(default)]
    phase: Option<PhaseOf>,
    #[serde(default)]
    over: Option<bool>,
    /// The seat may leave the submission undone.
    #[serde(default)]
    optional: Option<bool>,
    /// A reminder's deadline (UTC; stored as ISO 8601 text).
    #[serde(default, with = "crate::domain::time::iso_time::option")]
    due: Option<chrono::NaiveDateTime>,
    /// A quote or a mention: where, and by whom.
    #[serde(default)]
    thread_id: Option<i64>,
    #[serde(default)]
    floor: Option<i64>,
    #[serde(default)]
    by: Option<String>,
    /// An act's private results for the seat, and the variant that words them.
    #[serde(default)]
    events: Option<Vec<crate::rules::Event>>,
    #[serde(default)]
    variant: Option<String>,
    /// The answer to one submission (rows from before `events`): the action's type. A
    /// reminder's `action` is whether one is owed, so any value reads.
    #[serde(default)]
    action: Value,
    #[serde(default)]
    ok: Option<bool>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Deserialize, Default)]
struct PhaseOf {
    #[serde(default)]
    act: u64,
    #[serde(default)]
    kind: Option<String>,
}

/// One notification as a sentence in the reader's language, and where it leads.
pub fn describe(tr: &Tr, row: &store::NotificationRow) -> (String, String) {
    let p: Payload = serde_json::from_str(&row.payload).unwrap_or_default();
    let title = p.title.clone().unwrap_or_default();
    // The act; for a variant of several phases per act, the phase's act and, beside it, the
    // phase (" (night)").
    let (act, phase) = match &p.phase {
        Some(ph) => (
            ph.act.to_string(),
            crate::web::games::phase_suffix(tr, ph.kind.as_deref()),
        ),
        None => (row.act.to_string(), String::new()),
    };
    let game = row.game_id;
    // A row of a kind's old name (`notify::renamed`) reads as that kind.
    match notify::kind_named(&row.kind).unwrap_or_default() {
        notify::ACT_POSTED => {
            let key = if p.over == Some(true) {
                "notify-text-game-over"
            } else {
                "notify-text-act-posted"
            };
            (
                tr.ta(key, &[("title", title), ("act", act), ("phase", phase)]),
                format!("/games/{game}/threads/game"),
            )
        }
        notify::SPEECH_TURN => (
            tr.ta(
                "notify-text-speech-turn",
                &[("title", title), ("act", act), ("phase", phase)],
            ),
            format!("/games/{game}/threads/game"),
        ),
        notify::ACTION_TURN => (
            tr.ta("notify-text-action-turn", &[("title", title), ("act", act)]),
            format!("/games/{game}/seat"),
        ),
        notify::BALLOT_MISSING => {
            let due = p.due.map(|t| TimeView::new(t).text).unwrap_or_default();
            // An optional submission is a reminder, not a debt (reminders written before
            // this field say "owe", as they did).
            let key = if p.optional == Some(true) {
                "notify-text-pending-optional"
            } else {
                "notify-text-ballot-missing"
            };
            (
                tr.ta(
                    key,
                    &[
                        ("title", title),
                        ("act", act),
                        ("phase", phase),
                        ("due", due),
                    ],
                ),
                format!("/games/{game}/seat"),
            )
        }
        notify::ACTION_REPLY => (
            action_reply_text(tr, &p, title, act),
            format!("/games/{game}/seat"),
        ),
        notify::QUOTED | notify::MENTIONED => {
            let thread = p.thread_id.unwrap_or(0);
            // The post's permalink by floor; older rows knew no floor: the thread then.
            let href = match p.floor {
                Some(floor) => format!("/t/{thread}/{floor}"),
                None => format!("/t/{thread}"),
            };
            let key = if row.kind == notify::MENTIONED {
                "notify-text-mentioned"
            } else {
                "notify-text-quoted"
            };
            (tr.t1(key, "name", &p.by.clone().unwrap_or_default()), href)
        }
        notify::SUBSTITUTED_IN => (
            tr.t1("notify-text-substituted-in", "title", &title),
            format!("/games/{game}/seat"),
        ),
        notify::TABLE_NEWS => {
            let text = match p.news.as_deref() {
                Some("start_missed") => tr.ta(
                    "notify-text-start-missed",
                    &[
                        ("title", title),
                        ("count", p.signed_up.unwrap_or(0).to_string()),
                        ("min", p.min.unwrap_or(0).to_string()),
                    ],
                ),
                _ => tr.t1("notify-text-rehosted", "title", &title),
            };
            (text, format!("/games/{game}"))
        }
        // A kind this version does not know (a newer instance wrote it): a sentence, not its code.
        _ => (tr.t("notify-text-other"), "/notifications".to_string()),
    }
}

/// The short name of an action type ("vote", "kill", …) in the reader's language: its form's
/// name, else a general word.
fn action_label(tr: &Tr, kind: &str) -> String {
    let key = format!("action-{}", kind.replace('_', "-"));
    if !kind.is_empty() && tr.has(&key) {
        tr.t(&key)
    } else {
        tr.t("notify-action-other")
    }
}

/// The variants whose words may tell a notification's events: the one it names, or (rows
/// written before they named it) every variant, the first with words winning.
fn variants_of(p: &Payload) -> Vec<Variant> {
    match p.variant.as_deref().and_then(Variant::from_name) {
        Some(v) => vec![v],
        None => Variant::all().to_vec(),
    }
}

/// An act's private results for the seat (`events`), or, in rows from before those, the answer
/// to one submission: always sentences, never the rules' codes.
fn action_reply_text(tr: &Tr, p: &Payload, title: String, act: String) -> String {
    let variants = variants_of(p);
    if let Some(events) = &p.events {
        let what = events
            .iter()
            .map(|e| {
                variants
                    .iter()
                    .find_map(|v| v.words(Say::Private(e)))
                    .map(|m| tr.say(&m))
                    .unwrap_or_else(|| tr.say(&variants[0].private(e)))
            })
            .collect::<Vec<_>>()
            .join(" ");
        return tr.ta(
            "notify-text-act-results",
            &[("title", title), ("act", act), ("what", what)],
        );
    }
    let action = action_label(tr, p.action.as_str().unwrap_or(""));
    if p.ok == Some(true) {
        tr.ta(
            "notify-text-action-ok",
            &[("title", title), ("action", action)],
        )
    } else {
        let what = tr.say(&variants[0].refusal(p.error.as_deref().unwrap_or("")));
        tr.ta(
            "notify-text-action-refused",
            &[("title", title), ("action", action), ("what", what)],
        )
    }
}

/// The list, newest first. Reading it changes nothing (a link from another site must not empty
/// the bell, nor the daily digest, which mails only unread ones): each notification is a button
/// that marks the list read as shown and goes to its page, and "mark all read" marks every one.
#[get("/notifications")]
async fn list(
    viewer: Viewer,
    state: web::Data<AppState>,
    bells: web::Data<Bells>,
) -> Result<ListPage, AppError> {
    let account = viewer.account.as_ref().ok_or(AppError::Unauthorized)?;
    let (user, scope) = (account.id, account.scope.as_ref().map(|s| s.game_id));
    let tr = viewer.tr;
    // Kept for its account only, read under that account's bell changes (`db::epoch::last_bell`)
    // and the accounts' (issue 42): another account's notification moves nothing here.
    let key = (user, scope, tr.lang);
    let epoch = crate::db::epoch::last_bell(user).wrapping_add(crate::db::epoch::accounts());
    let kept = match bells.get(&key, epoch) {
        Some(kept) => kept,
        None => {
            let rows = state
                .db(move |c| Ok(store::list(c, user, scope, 100)?))
                .await?;
            let upto = rows
                .first()
                .map(|r| r.created_at.format(UPTO_FORMAT).to_string())
                .unwrap_or_default();
            let items: Vec<NotificationView> = rows
                .iter()
                .map(|r| {
                    let (text, href) = describe(&tr, r);
                    NotificationView {
                        text,
                        href,
                        unread: r.read_at.is_none(),
                        created_at: TimeView::new(r.created_at),
                    }
                })
                .collect();
            let html = Items { items: &items }
                .render()
                .map_err(|e| AppError::Internal(e.to_string()))?;
            let bell = Bell {
                items: html.into(),
                empty: items.is_empty(),
                upto,
            };
            bells.put(key, epoch, bell)
        }
    };
    Ok(ListPage {
        page: viewer.page(),
        items: kept.items.clone(),
        empty: kept.empty,
        upto: kept.upto.clone(),
        is_alias: account.is_alias(),
    })
}

/// An account's bell as shown: its newest notifications, described and rendered, and `upto`.
pub struct Bell {
    items: std::sync::Arc<str>,
    empty: bool,
    upto: String,
}

/// The bell's items, rendered once when its list is read.
#[derive(Template)]
#[template(path = "notify/_items.html")]
struct Items<'a> {
    items: &'a [NotificationView],
}

/// The kept bells (`web::listings`), by account, the game a game-only session sees, language.
pub type Bells = crate::web::listings::Listings<(i64, Option<i64>, crate::i18n::Lang), Bell>;

/// How the list names the newest notification it showed (`upto` of its buttons).
const UPTO_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.f";

/// One notification's button: its page (`to`) and the newest one the list showed (`upto`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenForm {
    to: String,
    upto: String,
}

/// A notification opened from the list: what the list showed is read (one that came after it
/// stays unread), and the reader goes on to its page.
#[post("/notifications/open")]
async fn open(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<OpenForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.account.as_ref().ok_or(AppError::Unauthorized)?;
    let (user, scope) = (account.id, account.scope.as_ref().map(|s| s.game_id));
    let upto = chrono::NaiveDateTime::parse_from_str(&form.upto, UPTO_FORMAT)
        .map_err(|_| AppError::BadRequest(format!("upto {:?}", form.upto)))?;
    notify::mark_read(&state, user, scope, Some(upto)).await?;
    Ok(flash::see_other(&crate::web::redirect::local_path(
        &form.to,
    )))
}

#[post("/notifications/read")]
async fn mark_read(
    state: web::Data<AppState>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.account.as_ref().ok_or(AppError::Unauthorized)?;
    let (user, scope) = (account.id, account.scope.as_ref().map(|s| s.game_id));
    notify::mark_read(&state, user, scope, None).await?;
    Ok(flash::see_other("/notifications"))
}

async fn prefs_page(
    viewer: &Viewer,
    state: &AppState,
    flash: Option<Flash>,
) -> Result<PrefsPage, AppError> {
    let user = viewer.require()?.id;
    let (off, modes, recent) = state
        .db(move |c| {
            Ok((
                store::disabled_kinds(c, user)?,
                crate::mail::prefs::modes_of(c, user)?,
                crate::db::queries::mail::recent_of(c, user, 10)?,
            ))
        })
        .await?;
    let email = crate::mail::address::status(state, user).await?;
    let tr = viewer.tr;
    let recent = recent
        .into_iter()
        .map(|m| MailView {
            state: match (m.sent_at, m.failed_at) {
                (Some(at), _) => tr.t1("mail-state-sent", "at", &TimeView::new(at).text),
                // Withdrawn by the account itself (a kind turned off, the address removed).
                (None, Some(_)) if m.last_error.as_deref() == Some(WITHDRAWN) => {
                    tr.t("mail-state-withdrawn")
                }
                (None, Some(_)) => tr.t1(
                    "mail-state-failed",
                    "why",
                    &m.last_error.unwrap_or_default(),
                ),
                (None, None) => tr.t("mail-state-waiting"),
            },
            subject: m.subject,
        })
        .collect();
    let (notice, email_error, email_typed) = match flash {
        Some(f) if f.ok => (Some(f.message), None, String::new()),
        Some(f) => (None, f.error_for("email"), f.field("email").to_string()),
        None => (None, None, String::new()),
    };
    Ok(PrefsPage {
        page: viewer.page(),
        kinds: notify::KINDS
            .iter()
            .map(|k| KindSwitch {
                kind: k,
                label: tr.t(&format!("notify-kind-{}", k.replace('_', "-"))),
                enabled: !off.iter().any(|o| o == k),
                mail: modes
                    .iter()
                    .find(|(kind, _)| kind == k)
                    .map_or("none", |(_, m)| m.name()),
            })
            .collect(),
        notice,
        email_error,
        email_typed,
        email,
        modes: crate::mail::prefs::Mode::ALL
            .iter()
            .map(|m| (m.name(), tr.t(&format!("mail-mode-{}", m.name()))))
            .collect(),
        recent,
        link_hours: crate::mail::address::LINK_HOURS,
    })
}

#[get("/account/notifications")]
async fn prefs_form(viewer: Viewer, state: web::Data<AppState>) -> Result<PrefsPage, AppError> {
    viewer.require()?;
    let flash = flash::take(&state, &viewer, PREFS_PATH).await?;
    prefs_page(&viewer, &state, flash).await
}

pub const PREFS_PATH: &str = "/account/notifications";

/// The reason the outbox gives a mail the account withdrew (`db::queries::mail::cancel_waiting`).
const WITHDRAWN: &str = crate::db::queries::mail::WITHDRAWN;

/// The settings form: `csrf`, one checkbox per kind that stays on in the bell (unchecked boxes
/// are not sent) and, when the server mails, one `mail_KIND` choice per kind (`none`, `now`,
/// `daily`). Any other field is refused: nothing is saved.
#[post("/account/notifications")]
async fn prefs_save(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let user = viewer.require()?.id;
    let mut mail = Vec::new();
    // The kinds whose box is ticked. A form loaded before a kind was renamed sends its old
    // name (`notify::renamed`), taken for the kind now.
    let mut ticked = Vec::new();
    for (field, value) in &form {
        match field.strip_prefix("mail_").map(notify::kind_named) {
            Some(Some(kind)) => mail.push((kind.to_string(), value.clone())),
            _ => match notify::kind_named(field) {
                Some(kind) => ticked.push(kind),
                None => return Err(AppError::UnknownField(field.clone())),
            },
        }
    }
    let mail = crate::mail::prefs::parse_changes(&mail)?;
    let on: Vec<(String, bool)> = notify::KINDS
        .iter()
        .map(|k| (k.to_string(), ticked.contains(k)))
        .collect();
    notify::set_kinds(&state, user, on).await?;
    if !mail.is_empty() {
        crate::mail::prefs::set_modes(&state, user, mail).await?;
    }
    let f = Flash::notice(viewer.tr.t("notify-settings-saved"));
    flash::redirect(&state, &viewer, PREFS_PATH, f).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(open)
        .service(mark_read)
        .service(prefs_form)
        .service(prefs_save);
}
