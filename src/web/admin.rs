//! The admin page: boards, accounts and roles, the account history.

use crate::db::queries::{account_events, forum, users};
use crate::domain::{BoardSlug, Role, Title};
use crate::forum::accounts as service;
use crate::web::error::AppError;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::state::AppState;
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
    pub kind: String,
    pub detail: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/index.html")]
struct AdminPage {
    page: PageCtx,
    boards: Vec<(String, String)>,
    users: Vec<UserRow>,
    roles: Vec<&'static str>,
    events: Vec<EventRow>,
    error: Option<String>,
    board_slug: String,
    board_title: String,
    board_description: String,
}

async fn admin_page(viewer: &Viewer, state: &AppState) -> Result<AdminPage, AppError> {
    let (boards, users, events, names) = state
        .db(|c| {
            let boards = forum::boards(c)?;
            let users = users::list(c, 0, 500)?;
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
    Ok(AdminPage {
        page: viewer.page(),
        boards: boards.into_iter().map(|b| (b.slug, b.title)).collect(),
        users: users
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
            .map(|e| EventRow {
                at: TimeView::new(e.created_at),
                account: name(e.user_id, &names),
                actor: name(e.actor_id, &names),
                kind: e.kind,
                detail: e.detail,
            })
            .collect(),
        error: None,
        board_slug: String::new(),
        board_title: String::new(),
        board_description: String::new(),
    })
}

#[get("/admin")]
async fn index(viewer: Viewer, state: web::Data<AppState>) -> Result<AdminPage, AppError> {
    viewer.require_admin()?;
    let mut page = admin_page(&viewer, &state).await?;
    if let Some(f) = flash::take(&state, &viewer, "/admin").await? {
        page.error = f.error_for("");
        page.board_slug = f.field("slug").to_string();
        page.board_title = f.field("title").to_string();
        page.board_description = f.field("description").to_string();
    }
    Ok(page)
}

#[derive(Deserialize)]
pub struct BoardForm {
    csrf: String,
    slug: String,
    title: String,
    #[serde(default)]
    description: String,
}

/// Creates a board; `None` when the slug is taken.
pub async fn create_board(
    state: &AppState,
    slug: &str,
    title: &str,
    description: &str,
) -> Result<(), AppError> {
    let slug = BoardSlug::parse(slug)?;
    let title = Title::parse(title)?;
    let description = description.trim().chars().take(500).collect::<String>();
    state
        .write(move |c| {
            forum::create_board(c, slug.as_str(), title.as_str(), &description)?
                .map(|_| ())
                .ok_or(AppError::Conflict("slug_taken"))
        })
        .await
}

#[post("/admin/boards")]
async fn new_board(
    viewer: Viewer,
    state: web::Data<AppState>,
    form: web::Form<BoardForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
    viewer.require_admin()?;
    match create_board(&state, &form.slug, &form.title, &form.description).await {
        Ok(()) => Ok(flash::see_other(&format!("/b/{}", form.slug.trim()))),
        Err(e @ (AppError::Input(_) | AppError::Conflict(_))) => {
            let f = Flash::refusal("", e.message(&viewer.tr))
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
    csrf: String,
    username: String,
    role: String,
}

#[post("/admin/roles")]
async fn set_role(
    viewer: Viewer,
    state: web::Data<AppState>,
    form: web::Form<RoleForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
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
