//! An account's admin page (`/admin/accounts/{name}`): its role, when it joined, and the
//! accounts it is linked to, those that signed in from one of its networks or browsers within
//! the last 30 days (`auth::traces`). Admins only; the JSON beside it is
//! `GET /api/v1/admin/accounts/{name}/links`.

use crate::app::AppState;
use crate::error::AppError;
use crate::forum::accounts as service;
use crate::web::pages::{PageCtx, TimeView};
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

/// One linked account: its name and what it shares, in words.
pub struct LinkRow {
    pub name: String,
    pub shared: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/account.html")]
struct AccountPage {
    page: PageCtx,
    name: String,
    role: String,
    joined: TimeView,
    links: Vec<LinkRow>,
    /// The reader plays in a game not yet over: links involving its players are left out.
    reader_plays: bool,
}

/// What two accounts share, in words ("network", "network, browser").
fn shared_text(tr: &crate::i18n::Tr, kinds: &[&str]) -> String {
    tr.list(kinds.iter().map(|k| tr.t(&format!("traces-kind-{k}"))))
}

#[get("/admin/accounts/{name}")]
async fn account(
    viewer: Viewer,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<AccountPage, AppError> {
    let admin = viewer.require_admin()?;
    if admin.is_alias() {
        return Err(AppError::Forbidden);
    }
    let found = service::links_of(&state, admin.id, &name).await?;
    let tr = viewer.tr;
    Ok(AccountPage {
        page: viewer.page(),
        name: found.user.username,
        role: found.user.role,
        joined: TimeView::new(found.user.created_at),
        reader_plays: found.reader_plays,
        links: found
            .links
            .into_iter()
            .map(|(name, kinds)| LinkRow {
                shared: shared_text(&tr, &kinds),
                name,
            })
            .collect(),
    })
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(account);
}
