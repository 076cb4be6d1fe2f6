//! The admin page: boards, accounts and roles, the account history.

use crate::app::AppState;
use crate::db::queries::keyset::Seek;
use crate::db::queries::{account_events, forum, users};
use crate::domain::Role;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::i18n::Tr;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param, seek};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;
use std::collections::HashMap;

pub struct UserRow {
    pub name: String,
    pub role: String,
    pub joined: TimeView,
}

pub struct EventRow {
    pub at: TimeView,
    pub account: String,
    pub actor: String,
    /// The kind in words; `code` keeps the stored kind for the cell's tooltip.
    pub kind: String,
    pub code: String,
    pub detail: String,
}

/// Kinds of account history events (`account_events.kind`) with a sentence each.
pub const ACCOUNT_EVENT_KINDS: [&str; 16] = [
    "registered",
    "signed_in",
    "sign_in_failed",
    "sign_in_rate_limited",
    "token_issued",
    "game_token_issued",
    "token_revoked",
    "signed_out_everywhere",
    "password_changed",
    "role_changed",
    "game_login_set",
    "thread_lock",
    "thread_unlock",
    "thread_delete",
    "substituted_in",
    "substituted_out",
];

/// A role code (`player`, `judge`, `admin`) in words; an unknown one as it is.
fn role_text(tr: &Tr, role: &str) -> String {
    if Role::ALL.iter().any(|r| r.as_str() == role) {
        tr.t(role)
    } else {
        role.to_string()
    }
}

/// An account history event's kind and detail in the reader's language (never the stored codes:
/// roles, "game 3", "2 sessions, 1 tokens" are written out).
pub fn account_event_text(tr: &Tr, kind: &str, detail: &str) -> (String, String) {
    let key = format!("account-event-{}", kind.replace('_', "-"));
    let label = if tr.has(&key) {
        tr.t(&key)
    } else {
        tr.t("account-event-other")
    };
    let number = |prefix: &str| {
        detail
            .strip_prefix(prefix)
            .and_then(|n| n.trim().parse::<i64>().ok())
    };
    let detail = match kind {
        "registered" => role_text(tr, detail),
        "role_changed" => match detail.split_once(" -> ") {
            Some((from, to)) => tr.ta(
                "account-detail-role",
                &[("from", role_text(tr, from)), ("to", role_text(tr, to))],
            ),
            None => detail.to_string(),
        },
        "game_login_set" | "substituted_in" | "substituted_out" => match number("game ") {
            Some(n) => tr.t1("account-detail-game", "game", &n),
            None => detail.to_string(),
        },
        "thread_lock" | "thread_unlock" | "thread_delete" => match number("thread ") {
            Some(n) => tr.t1("account-detail-thread", "thread", &n),
            None => detail.to_string(),
        },
        "signed_out_everywhere" => {
            let mut nums = detail
                .split(|c: char| !c.is_ascii_digit())
                .filter(|p| !p.is_empty());
            match (nums.next(), nums.next()) {
                (Some(a), Some(b)) => tr.ta(
                    "account-detail-everywhere",
                    &[("sessions", a.to_string()), ("tokens", b.to_string())],
                ),
                _ => detail.to_string(),
            }
        }
        _ => detail.to_string(),
    };
    (label, detail)
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/index.html")]
struct AdminPage {
    page: PageCtx,
    boards: Vec<(String, String)>,
    users: Vec<UserRow>,
    /// The accounts' pages, newest first, by key.
    pager: Pager,
    roles: Vec<&'static str>,
    events: Vec<EventRow>,
    error: Option<String>,
    /// The field of the board form the refusal is about, or empty.
    invalid: String,
    board_slug: String,
    board_title: String,
    board_description: String,
}

/// Accounts on one page of the admins' list.
const ACCOUNTS_PER_PAGE: i64 = 100;

async fn admin_page(
    viewer: &Viewer,
    state: &AppState,
    page: i64,
    seek: Seek<i64>,
) -> Result<AdminPage, AppError> {
    let (boards, (users, total), events, names) = state
        .db(move |c| {
            let boards = forum::boards(c)?;
            let users = users::accounts_page(c, &seek, ACCOUNTS_PER_PAGE)?;
            let events = account_events::recent(c, 100)?;
            let ids: Vec<i64> = events
                .iter()
                .flat_map(|e| [e.user_id, e.actor_id])
                .flatten()
                .collect();
            let names = users::names(c, &ids)?;
            Ok((boards, users, events, names))
        })
        .await?;
    let name = |id: Option<i64>, names: &HashMap<i64, String>| {
        id.and_then(|i| names.get(&i).cloned()).unwrap_or_default()
    };
    let tr = viewer.tr;
    Ok(AdminPage {
        page: viewer.page(),
        boards: boards
            .into_iter()
            .map(|b| {
                let title = crate::web::boards::board_title(&tr, &b.slug, &b.title);
                (b.slug, title)
            })
            .collect(),
        pager: Pager::keyed(
            page,
            total,
            ACCOUNTS_PER_PAGE,
            "/admin?".into(),
            &users.edges,
        ),
        users: users
            .rows
            .into_iter()
            .map(|u| UserRow {
                name: u.username,
                role: u.role,
                joined: TimeView::new(u.created_at),
            })
            .collect(),
        roles: Role::ALL.iter().map(|r| r.as_str()).collect(),
        events: events
            .into_iter()
            .map(|e| {
                let (kind, detail) = account_event_text(&tr, &e.kind, &e.detail);
                EventRow {
                    at: TimeView::new(e.created_at),
                    account: name(e.user_id, &names),
                    actor: name(e.actor_id, &names),
                    kind,
                    code: e.kind,
                    detail,
                }
            })
            .collect(),
        error: None,
        invalid: String::new(),
        board_slug: String::new(),
        board_title: String::new(),
        board_description: String::new(),
    })
}

impl AdminPage {
    fn invalid(&self, name: &str) -> &'static str {
        crate::web::pages::invalid_attrs(&self.invalid, name)
    }
}

/// The admin page's query: the accounts' page, by number or by the key of the account it
/// starts after or before.
#[derive(Deserialize)]
struct AdminQuery {
    page: Option<PageNumber>,
    after: Option<String>,
    before: Option<String>,
}

#[get("/admin")]
async fn index(
    viewer: Viewer,
    state: web::Data<AppState>,
    q: web::Query<AdminQuery>,
) -> Result<AdminPage, AppError> {
    viewer.require_admin()?;
    let seek = seek(q.page, q.after.as_deref(), q.before.as_deref())?;
    let mut page = admin_page(&viewer, &state, page_param(q.page), seek).await?;
    if let Some(f) = flash::take(&state, &viewer, "/admin").await? {
        page.error = f.error_for("");
        page.invalid = f.invalid_in("").to_string();
        page.board_slug = f.field("slug").to_string();
        page.board_title = f.field("title").to_string();
        page.board_description = f.field("description").to_string();
    }
    Ok(page)
}

#[derive(Deserialize)]
pub struct BoardForm {
    slug: String,
    title: String,
    #[serde(default)]
    description: String,
}

#[post("/admin/boards")]
async fn new_board(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<BoardForm>,
) -> Result<HttpResponse, AppError> {
    viewer.require_admin()?;
    match crate::forum::boards::create_board(&state, &form.slug, &form.title, &form.description)
        .await
    {
        Ok(()) => Ok(flash::see_other(&format!("/b/{}", form.slug.trim()))),
        Err(e @ (AppError::Input(_) | AppError::Conflict(_))) => {
            // A bad or taken slug, else the title.
            let field = match (&e, crate::domain::BoardSlug::parse(&form.slug)) {
                (AppError::Conflict(_), _) | (_, Err(_)) => "slug",
                _ => "title",
            };
            let f = Flash::refusal("", e.message(&viewer.tr))
                .about(field)
                .with("slug", &form.slug)
                .with("title", &form.title)
                .with("description", &form.description);
            flash::redirect(&state, &viewer, "/admin", f).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct RoleForm {
    username: String,
    role: String,
}

#[post("/admin/roles")]
async fn set_role(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<RoleForm>,
) -> Result<HttpResponse, AppError> {
    let admin = viewer.require_admin()?;
    match service::set_role(&state, admin.id, &form.username, &form.role).await {
        Ok(()) => Ok(flash::see_other("/admin")),
        Err(e @ (AppError::Input(_) | AppError::Conflict(_) | AppError::NotFound)) => {
            let f = Flash::refusal("", e.message(&viewer.tr));
            flash::redirect(&state, &viewer, "/admin", f).await
        }
        Err(e) => Err(e),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index).service(new_board).service(set_role);
}
