//! The leaderboards: `/leaderboard/{variant}`, a variant's players ranked by their shown rating
//! (`game::ratings`), a page at a time, and `/leaderboard`, which sends the reader to the first
//! variant's. Boards hold finished games only, so nothing of a running game shows here.

use crate::app::AppState;
use crate::db::queries::keyset::Edges;
use crate::db::queries::ratings::RatingKey;
use crate::error::AppError;
use crate::game::ratings::{self, BoardLine};
use crate::rules::Variant;
use crate::web::pages::{PageCtx, PageNumber, Pager, page_param, seek};
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// A page of a variant's board as read: its lines (rendered), none at all, the players in all,
/// the page shown, and the keys of the links to the pages near it.
pub struct Ladder {
    rows: std::sync::Arc<str>,
    empty: bool,
    total: i64,
    shown: i64,
    edges: Edges<String>,
}

/// A page's rows, rendered once when its page is read.
#[derive(Template)]
#[template(path = "_leaderboard_rows.html")]
struct Rows {
    lines: Vec<LineView>,
}

/// The kept pages of the leaderboards (`web::listings`), by variant, page asked for
/// (`Seek::text`) and the number its link said (its ranks count from it; the rows hold no
/// word of the reader's language).
pub type Ladders = crate::web::listings::Listings<(&'static str, String, i64), Ladder>;

/// Players on one page of a board.
const PLAYERS_PER_PAGE: i64 = 50;

/// The variant a path names, or the `404` that says no variant has that name.
pub fn variant_named(name: &str) -> Result<Variant, AppError> {
    Variant::from_name(name).ok_or_else(|| AppError::UnknownVariant(name.to_string()))
}

/// The variants with a board, in the registry's order: those judges are offered, and any
/// other this build still knows when it is the one shown (its old games keep their board).
fn boards(shown: Variant) -> impl Iterator<Item = Variant> {
    Variant::all()
        .iter()
        .copied()
        .filter(move |v| v.is_offered() || *v == shown)
}

/// A shown rating, as the board writes it (one decimal; the API gives it whole).
pub fn shown_number(rating: f64) -> String {
    format!("{rating:.1}")
}

/// A link to another variant's board.
struct BoardLink {
    name: &'static str,
    label: String,
    current: bool,
}

struct LineView {
    rank: i64,
    name: String,
    rating: String,
    games: i64,
    wins: i64,
}

#[derive(Template, WebTemplate)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    page: PageCtx,
    /// The variant's name in the reader's language.
    title: String,
    /// The page's rows, rendered once with the kept page (`_leaderboard_rows.html`).
    rows: std::sync::Arc<str>,
    empty: bool,
    boards: Vec<BoardLink>,
    pager: Pager,
    /// A table preset's board: judges' own setups of its family count on it too.
    family: bool,
}

#[derive(Deserialize)]
// Unknown keys (`utm_*`, `lang`) are ignored on pages.
struct BoardQuery {
    page: Option<PageNumber>,
    /// The key of the line the page starts after or before (`keyset`).
    after: Option<String>,
    before: Option<String>,
}

/// The first variant's board.
#[get("/leaderboard")]
async fn index() -> HttpResponse {
    let first = Variant::offered().next().unwrap_or_else(Variant::first);
    HttpResponse::SeeOther()
        .insert_header(("Location", format!("/leaderboard/{}", first.name())))
        .finish()
}

#[get("/leaderboard/{variant}")]
async fn board(
    viewer: Viewer,
    state: web::Data<AppState>,
    ladders: web::Data<Ladders>,
    name: web::Path<String>,
    q: web::Query<BoardQuery>,
) -> Result<LeaderboardPage, AppError> {
    let variant = variant_named(&name)?;
    let page = page_param(q.page);
    let seek = seek::<RatingKey>(q.page, q.after.as_deref(), q.before.as_deref())?;
    let kept_as = (variant.name(), seek.text(), page);
    // Read under every public change to games (a game ends: ratings move) and to accounts (a
    // name), kept for every reader (issue 42).
    let epoch = crate::db::epoch::game_lists().wrapping_add(crate::db::epoch::accounts());
    let kept = match ladders.get(&kept_as, epoch) {
        Some(kept) => kept,
        None => {
            let (lines, edges, total, shown) = state
                .db(move |c| ratings::board_page(c, variant, &seek, page, PLAYERS_PER_PAGE))
                .await?;
            let empty = lines.is_empty();
            let rows = Rows {
                lines: lines.iter().map(line_view).collect(),
            }
            .render()
            .map_err(|e| AppError::Internal(e.to_string()))?;
            let ladder = Ladder {
                rows: rows.into(),
                empty,
                total,
                shown,
                edges: edges.encoded(),
            };
            ladders.put(kept_as, epoch, ladder)
        }
    };
    let tr = viewer.tr;
    Ok(LeaderboardPage {
        family: crate::rules::setups::preset(variant.name()).is_some(),
        title: tr.variant(variant.name()),
        rows: kept.rows.clone(),
        empty: kept.empty,
        boards: boards(variant)
            .map(|v| BoardLink {
                name: v.name(),
                label: tr.variant(v.name()),
                current: v == variant,
            })
            .collect(),
        pager: Pager::keyed(
            kept.shown,
            kept.total,
            PLAYERS_PER_PAGE,
            format!("/leaderboard/{}?", variant.name()),
            &kept.edges,
        ),
        page: viewer.page(),
    })
}

fn line_view(l: &BoardLine) -> LineView {
    LineView {
        rank: l.rank,
        rating: shown_number(l.rating),
        name: l.name.clone(),
        games: l.games,
        wins: l.wins,
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index).service(board);
}
