//! Judges' own setups as pages: the list (`/setups`) and one setup at one version
//! (`/setups/{id}?version=N`), whose rules are said from its document and its roles' catalog
//! entries (`rules::setups::describe`), with the bots' balance estimate and the games played
//! from it. docs/setups.md.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::setups::{self, SetupView};
use crate::rules::setups::{describe::describe, read, role_name};
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
    setups: Vec<SetupView>,
}

#[get("/setups")]
async fn list(viewer: Viewer, state: web::Data<AppState>) -> Result<ListPage, AppError> {
    Ok(ListPage {
        page: viewer.page(),
        setups: setups::list(&state).await?,
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
    // The estimate is shown where the bots can play the setup; the page goes without it
    // otherwise (a fault is the operator's to read in the log).
    let estimate = match setups::balance(&state, s.id, Some(s.version), None).await {
        Ok(b) => Some(b),
        Err(AppError::Invalid(_)) => None,
        Err(e) => {
            tracing::warn!(error = %e, setup = s.id, "no balance estimate for a setup page");
            None
        }
    };
    let pinned = crate::game::settings::PinnedSetup {
        id: s.id,
        version: s.version,
        name: s.name.clone(),
        document: s.document.clone(),
    };
    let variant = setups::player(&pinned, &setup);
    let winner = |w: &str| match variant {
        Some(v) if w != "none" && w != "unfinished" => tr.say(&v.winner(w)),
        _ => w.to_string(),
    };
    let balance = estimate.map(|b| {
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
                        ("side", winner(side)),
                        ("rate", pct(share.rate)),
                        ("low", pct(share.low)),
                        ("high", pct(share.high)),
                    ],
                )
            })
            .collect();
        (note, lines)
    });
    let wins = s
        .wins
        .iter()
        .map(|(w, n)| format!("{} {n}", winner(w)))
        .collect::<Vec<_>>()
        .join(" · ");
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
        wins: match s.wins.is_empty() {
            true => tr.t("setup-wins-none"),
            false => tr.t1("setup-wins", "wins", &wins),
        },
        document,
        s,
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(page);
}
