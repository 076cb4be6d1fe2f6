//! The admins' audit: game and account events filtered by game, account, kind and time, the
//! hash-chain check, a game's log as JSON Lines, and the list of edited posts.

use crate::app::AppState;
use crate::audit::store::{VerifyError, verify_all};
use crate::db::queries::{account_events, forum, games, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::web::pages::{PageCtx, TimeView};
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::{NaiveDate, NaiveDateTime};
use serde::Deserialize;
use std::collections::HashMap;

pub struct Row {
    pub at: TimeView,
    pub stream: String,
    pub seq: i64,
    pub actor: String,
    /// The kind in words; `code` keeps the stored kind for the cell's tooltip.
    pub kind: String,
    pub code: String,
    pub detail: String,
    pub hash: String,
}

/// A game event's kind (`game_events.kind`) in words.
fn game_event_label(tr: &crate::i18n::Tr, kind: &str) -> String {
    let key = format!("game-event-{}", kind.replace('_', "-"));
    if tr.has(&key) {
        tr.t(&key)
    } else {
        tr.t("account-event-other")
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/audit.html")]
struct AuditPage {
    page: PageCtx,
    game: String,
    account: String,
    kind: String,
    from: String,
    to: String,
    game_rows: Vec<Row>,
    account_rows: Vec<Row>,
    /// `None`: the chains verify; `Some(text)`: the first broken event.
    broken: Option<String>,
    verified: usize,
    export_game: Option<i64>,
}

#[derive(Deserialize, Default)]
pub struct Filters {
    game: Option<String>,
    account: Option<String>,
    kind: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

fn date(s: &Option<String>) -> Result<Option<NaiveDateTime>, AppError> {
    match s.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(|d| d.and_hms_opt(0, 0, 0))
            .map_err(|_| AppError::BadRequest(format!("date {d:?} (YYYY-MM-DD)"))),
    }
}

fn text(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

#[get("/admin/audit")]
async fn audit(
    viewer: Viewer,
    state: web::Data<AppState>,
    q: web::Query<Filters>,
) -> Result<AuditPage, AppError> {
    let reader = viewer.require_admin()?.id;
    let q = q.into_inner();
    let game = match text(&q.game) {
        Some(g) => Some(
            g.parse::<i64>()
                .map_err(|_| AppError::BadRequest("game".into()))?,
        ),
        None => None,
    };
    let from = date(&q.from)?;
    // "to" is inclusive of its day.
    let to = date(&q.to)?.map(|t| t + chrono::Duration::days(1));
    let account = text(&q.account);
    let kind = text(&q.kind);
    let tr = viewer.tr;
    let (game_rows, account_rows, check) = state
        .db(move |c| {
            let account_id = match &account {
                Some(name) => Some(
                    users::by_key(c, &name_key(name))?
                        .ok_or(AppError::NotFound)?
                        .id,
                ),
                None => None,
            };
            if let Some(g) = game {
                games::get(c, g)?.ok_or(AppError::NotFound)?;
                crate::audit::export::closed_to(c, g, reader)?;
            }
            let closed = games::unfinished_games_of(c, reader)?;
            let mut ge =
                games::events_filtered(c, game, account_id, kind.as_deref(), from, to, 300)?;
            ge.retain(|e| !closed.contains(&e.game_id));
            let ae = if game.is_some() {
                Vec::new()
            } else {
                account_events::filtered(c, account_id, kind.as_deref(), from, to, 300)?
            };
            let ids: Vec<i64> = ge
                .iter()
                .filter_map(|e| e.actor_id)
                .chain(ae.iter().flat_map(|e| [e.user_id, e.actor_id]).flatten())
                .collect();
            let names: HashMap<i64, String> = users::names(c, &ids)?;
            let name =
                |id: Option<i64>| id.and_then(|i| names.get(&i).cloned()).unwrap_or_default();
            let game_rows: Vec<Row> = ge
                .into_iter()
                .map(|e| Row {
                    at: TimeView::new(e.created_at),
                    stream: tr.t1("account-detail-game", "game", &e.game_id),
                    seq: e.seq,
                    actor: name(e.actor_id),
                    kind: game_event_label(&tr, &e.kind),
                    code: e.kind,
                    detail: e.payload.chars().take(300).collect(),
                    hash: e.hash.chars().take(16).collect(),
                })
                .collect();
            let account_rows: Vec<Row> = ae
                .into_iter()
                .map(|e| {
                    let (kind, detail) =
                        crate::web::admin::account_event_text(&tr, &e.kind, &e.detail);
                    Row {
                        at: TimeView::new(e.created_at),
                        stream: name(e.user_id),
                        seq: e.seq,
                        actor: name(e.actor_id),
                        kind,
                        code: e.kind,
                        detail,
                        hash: e.hash.chars().take(16).collect(),
                    }
                })
                .collect();
            let check = match verify_all(c, game) {
                Ok(n) => Ok(n),
                Err(VerifyError::Broken(b)) => Err(b.to_string()),
                Err(VerifyError::Db(e)) => return Err(e.into()),
            };
            Ok((game_rows, account_rows, check))
        })
        .await?;
    let (broken, verified) = match check {
        Ok(n) => (None, n),
        Err(b) => (Some(b), 0),
    };
    Ok(AuditPage {
        page: viewer.page(),
        game: q.game.unwrap_or_default(),
        account: q.account.unwrap_or_default(),
        kind: q.kind.unwrap_or_default(),
        from: q.from.unwrap_or_default(),
        to: q.to.unwrap_or_default(),
        game_rows,
        account_rows,
        broken,
        verified,
        export_game: game,
    })
}

/// A game's log as JSON Lines (transcript lines with time and actor), for download.
#[get("/admin/games/{id}/export.jsonl")]
async fn export(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let reader = viewer.require_admin()?.id;
    let game_id = *id;
    let body = state
        .db(move |c| crate::audit::export::export_jsonl(c, game_id, reader))
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"maku-game-{game_id}.jsonl\""),
        ))
        .body(body))
}

pub struct EditRow {
    pub thread_id: i64,
    pub floor: i64,
    pub author: String,
    pub edited: TimeView,
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/edits.html")]
struct EditsPage {
    page: PageCtx,
    rows: Vec<EditRow>,
}

#[get("/admin/edits")]
async fn edits(viewer: Viewer, state: web::Data<AppState>) -> Result<EditsPage, AppError> {
    viewer.require_admin()?;
    let (posts, names) = state
        .db(|c| {
            let posts = forum::edited_posts(c, 200)?;
            let ids: Vec<i64> = posts.iter().map(|p| p.author_id).collect();
            Ok((posts, users::names(c, &ids)?))
        })
        .await?;
    Ok(EditsPage {
        page: viewer.page(),
        rows: posts
            .into_iter()
            .filter_map(|p| {
                Some(EditRow {
                    thread_id: p.thread_id,
                    floor: p.floor,
                    author: names.get(&p.author_id).cloned().unwrap_or_default(),
                    edited: TimeView::new(p.edited_at?),
                })
            })
            .collect(),
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(audit).service(export).service(edits);
}
