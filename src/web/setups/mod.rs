//! Judges' own setups as pages: the list (`/setups`) and one setup at one version
//! (`/setups/{id}?version=N`), whose rules are said from its document and its roles' catalog
//! entries (`rules::setups::describe`), with the bots' balance estimate and the games played
//! from it. docs/setups.md.

mod compose;
mod form;

use crate::app::AppState;
use crate::error::AppError;
use crate::game::setups::{self, SetupView};
use crate::rules::setups::{describe::describe, read, role_name};
use crate::web::flash;
use crate::web::pages::{PageCtx, RuledLine};
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

#[derive(Template, WebTemplate)]
#[template(path = "setups/list.html")]
struct ListPage {
    page: PageCtx,
    /// Each setup at its newest version, and its finished games' winners in words.
    setups: Vec<(SetupView, String)>,
    /// The reader is a judge: the composer's link.
    may_compose: bool,
}

#[get("/setups")]
async fn list(viewer: Viewer, state: web::Data<AppState>) -> Result<ListPage, AppError> {
    Ok(ListPage {
        may_compose: viewer
            .account
            .as_ref()
            .is_some_and(|a| a.is_judge() && !a.is_alias()),
        page: viewer.page(),
        setups: setups::list(&state)
            .await?
            .into_iter()
            .map(|s| {
                let wins = wins_line(&viewer.tr, &s);
                (s, wins)
            })
            .collect(),
    })
}

/// One row of the deal table: its seat counts and each role's count (blank: none).
struct DealRow {
    seats: String,
    counts: Vec<String>,
}

struct RoleRow {
    name: String,
    side: String,
    action: RuledLine,
}

#[derive(Template, WebTemplate)]
#[template(path = "setups/page.html")]
struct SetupPage {
    page: PageCtx,
    s: SetupView,
    role_names: Vec<String>,
    deal: Vec<DealRow>,
    roles: Vec<RoleRow>,
    night: Vec<String>,
    win: RuledLine,
    day: Vec<RuledLine>,
    /// The bots' estimate at the setup's fewest seats: its note and one line per side.
    balance: Option<(String, Vec<String>)>,
    wins: String,
    document: String,
    /// The reader may compose (a judge): the fork link.
    may_compose: bool,
    /// The reader wrote it: the edit link.
    may_edit: bool,
    /// An engine plays it: the link that opens a game from it.
    playable: bool,
    /// A save's notice.
    notice: Option<String>,
    /// The leaderboards of its own that its games count on: (board, its label).
    own_boards: Vec<(String, String)>,
}

#[derive(Deserialize)]
struct VersionQuery {
    #[serde(default)]
    version: Option<i64>,
}

#[get("/setups/{id:[0-9]+}")]
async fn page(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<VersionQuery>,
) -> Result<SetupPage, AppError> {
    let tr = viewer.tr;
    let s = setups::read(&state, *id, q.version).await?;
    let setup = read(&s.document)
        .map_err(|_| AppError::Internal(format!("setup {} v{} does not hold", s.id, s.version)))?;
    let d = describe(&setup);
    let codes: Vec<_> = d.roles.iter().map(|r| r.code).collect();
    let deal = d
        .deal
        .iter()
        .map(|(range, dealt)| DealRow {
            seats: if range.start() == range.end() {
                range.start().to_string()
            } else {
                format!("{}–{}", range.start(), range.end())
            },
            counts: codes
                .iter()
                .map(|c| {
                    dealt
                        .iter()
                        .find(|(r, _)| r == c)
                        .map(|(_, k)| k.to_string())
                        .unwrap_or_default()
                })
                .collect(),
        })
        .collect();
    let variant = variant_of(&s);
    let balance = balance_lines(&state, &tr, s.id, s.version, variant).await;
    let id = s.id;
    let own_boards = state
        .db(move |c| Ok(crate::db::queries::games::boards_of_setup(c, id)?))
        .await?
        .into_iter()
        .map(|b| {
            let label = tr.variant(&b);
            (b, label)
        })
        .collect();
    let notice = flash::take(&state, &viewer, &format!("/setups/{}", s.id))
        .await?
        .filter(|f| f.ok)
        .map(|f| f.message);
    let account = viewer
        .account
        .as_ref()
        .filter(|a| a.is_judge() && !a.is_alias());
    let may_edit = account.is_some_and(|a| a.id == s.author_id);

    let document = serde_json::to_string_pretty(&s.document).unwrap_or_default();
    Ok(SetupPage {
        page: viewer.page(),
        role_names: codes.iter().map(|&c| tr.say(&role_name(c))).collect(),
        deal,
        roles: d
            .roles
            .iter()
            .map(|r| RoleRow {
                name: tr.say(&r.name),
                side: tr.say(&r.side),
                action: RuledLine::of(&tr, &r.action),
            })
            .collect(),
        night: d.night.iter().map(|m| tr.say(m)).collect(),
        win: RuledLine::of(&tr, &d.win),
        day: d.day.iter().map(|m| RuledLine::of(&tr, m)).collect(),
        balance,
        wins: wins_line(&tr, &s),
        document,
        may_compose: account.is_some(),
        may_edit,
        playable: variant.is_some(),
        own_boards,
        notice,
        s,
    })
}

/// Each winner's share of the finished games made from a setup, in words.
fn wins_line(tr: &crate::i18n::Tr, s: &SetupView) -> String {
    if s.wins.is_empty() {
        return tr.t("setup-wins-none");
    }
    let variant = variant_of(s);
    let wins = s
        .wins
        .iter()
        .map(|(w, n)| {
            let share = *n as f64 * 100.0 / s.finished.max(1) as f64;
            format!("{} {n} ({share:.0}%)", winner_name(tr, variant, w))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    tr.t1("setup-wins", "wins", &wins)
}

/// A winner's name as the setup's variant says it (`draw` and the like as they are where no
/// variant plays the setup).
fn winner_name(tr: &crate::i18n::Tr, variant: Option<crate::rules::Variant>, w: &str) -> String {
    match variant {
        Some(v) if w != "none" && w != "unfinished" => tr.say(&v.winner(w)),
        _ => w.to_string(),
    }
}

/// The variant that plays a stored version (`None`: no engine plays it).
pub(crate) fn variant_of(s: &SetupView) -> Option<crate::rules::Variant> {
    let setup = read(&s.document).ok()?;
    let pinned = crate::game::settings::PinnedSetup {
        id: s.id,
        version: s.version,
        name: s.name.clone(),
        document: s.document.clone(),
    };
    setups::player(&pinned, &setup)
}

/// The bots' estimate of a stored version at its fewest seats, as the pages say it: the note
/// and one line per side. Shown where the bots can play the setup; the page goes without it
/// otherwise (a fault is the operator's to read in the log).
pub(crate) async fn balance_lines(
    state: &AppState,
    tr: &crate::i18n::Tr,
    id: i64,
    version: i64,
    variant: Option<crate::rules::Variant>,
) -> Option<(String, Vec<String>)> {
    let b = match setups::balance(state, id, Some(version), None).await {
        Ok(b) => b,
        Err(AppError::Invalid(_) | AppError::NotFound) => return None,
        Err(e) => {
            tracing::warn!(error = %e, setup = id, "no balance estimate for a setup page");
            return None;
        }
    };
    let note = tr.ta(
        "setup-balance-note",
        &[
            ("games", b.games.to_string()),
            ("seats", b.seats.to_string()),
        ],
    );
    let pct = |x: f64| format!("{:.1}", x * 100.0);
    let lines = b
        .sides
        .iter()
        .map(|(side, share)| {
            tr.ta(
                "setup-balance-side",
                &[
                    ("side", winner_name(tr, variant, side)),
                    ("rate", pct(share.rate)),
                    ("low", pct(share.low)),
                    ("high", pct(share.high)),
                ],
            )
        })
        .collect();
    Some((note, lines))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The composer's `/setups/new` before `/setups/{id}`.
    cfg.configure(compose::configure)
        .service(list)
        .service(page);
}
