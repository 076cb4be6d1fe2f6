//! Moderation's pages and forms (docs/moderation.md): the report and hide forms under every
//! post and the restore form under a hidden one (all answer `303` back to the post with a
//! one-time note), the admins' queue of open reports at `/admin/reports` with its resolve
//! buttons, and suspending or lifting an account.

use crate::app::AppState;
use crate::db::queries::forum;
use crate::error::AppError;
use crate::moderation::{self as service, QueueEntry, Resolution};
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// The note a thread page shows once after its report, hide or restore form: the notice, or
/// the refusal of one of those forms.
pub fn report_note(f: &Flash) -> Option<String> {
    if f.ok {
        return Some(f.message.clone());
    }
    f.error_for("report")
        .or_else(|| f.error_for("hide"))
        .or_else(|| f.error_for("unhide"))
}

/// Where a post is shown: its forum thread's page, or its game's page of that thread.
async fn post_page(state: &AppState, thread_id: i64, floor: i64) -> Result<String, AppError> {
    let thread = state
        .db(move |c| Ok(forum::thread(c, thread_id)?))
        .await?
        .ok_or(AppError::NotFound)?;
    let page = forum::page_of_floor(floor);
    Ok(
        match (
            crate::forum::posting::is_forum_thread(&thread),
            thread.game_id,
        ) {
            (false, Some(game)) => {
                format!("/games/{game}/threads/{}?page={page}#p{floor}", thread.kind)
            }
            _ => format!("/t/{thread_id}?page={page}#p{floor}"),
        },
    )
}

#[derive(Deserialize)]
pub struct ReasonForm {
    reason: String,
}

/// Answers a post's report, hide or restore form: back to the post with a notice, or with the
/// reason it was refused (something the reader can fix); other refusals are error pages, as a
/// thread page would answer (a private thread's `403`, a suspension's reason and end).
async fn back_to_post(
    state: &AppState,
    viewer: &Viewer,
    (thread_id, floor): (i64, i64),
    form: &str,
    done: Result<(), AppError>,
    notice: &str,
) -> Result<HttpResponse, AppError> {
    let flash = match done {
        Ok(()) => Flash::notice(viewer.tr.t(notice)),
        Err(e) if flash::shown_at_form(&e) || matches!(e, AppError::Invalid(_)) => {
            Flash::refusal(form, e.message(&viewer.tr))
        }
        Err(e) => return Err(e),
    };
    let to = post_page(state, thread_id, floor).await?;
    flash::redirect(state, viewer, &to, flash).await
}

#[post("/t/{thread}/{floor}/report")]
async fn report(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Posted { viewer, form }: Posted<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let (thread_id, floor) = path.into_inner();
    let done = service::report(&state, account, thread_id, floor, &form.reason).await;
    back_to_post(
        &state,
        &viewer,
        (thread_id, floor),
        "report",
        done,
        "moderation-reported",
    )
    .await
}

#[post("/t/{thread}/{floor}/hide")]
async fn hide(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Posted { viewer, form }: Posted<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let (thread_id, floor) = path.into_inner();
    let done = service::hide(&state, account, thread_id, floor, &form.reason).await;
    back_to_post(
        &state,
        &viewer,
        (thread_id, floor),
        "hide",
        done,
        "moderation-hidden-done",
    )
    .await
}

#[post("/t/{thread}/{floor}/unhide")]
async fn unhide(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Posted { viewer, form }: Posted<ReasonForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let (thread_id, floor) = path.into_inner();
    let done = service::unhide(&state, account, thread_id, floor, &form.reason).await;
    back_to_post(
        &state,
        &viewer,
        (thread_id, floor),
        "unhide",
        done,
        "moderation-unhidden-done",
    )
    .await
}

/// An open report as the queue page shows it.
pub struct ReportRow {
    pub id: i64,
    pub href: String,
    pub place: String,
    pub author: String,
    pub excerpt: String,
    pub reporter: String,
    pub reason: String,
    pub at: TimeView,
    pub hidden: bool,
}

impl ReportRow {
    fn new(tr: &crate::i18n::Tr, e: QueueEntry) -> ReportRow {
        ReportRow {
            id: e.id,
            place: format!("#{} · {}", e.floor, e.href),
            href: e.href,
            author: e.author.unwrap_or_else(|| tr.t("thread-judge")),
            excerpt: e.excerpt,
            reporter: e.reporter,
            reason: e.reason,
            at: TimeView::new(e.created_at),
            hidden: e.hidden,
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/reports.html")]
struct ReportsPage {
    page: PageCtx,
    reports: Vec<ReportRow>,
    notice: Option<String>,
    error: Option<String>,
    /// The field the refusal is about (`suspend-name`, `suspend-days`, `suspend-reason`,
    /// `lift-name`), or empty.
    invalid: String,
}

impl ReportsPage {
    fn invalid(&self, key: &str) -> &'static str {
        crate::web::pages::invalid_attrs(&self.invalid, key)
    }
}

const REPORTS_PATH: &str = "/admin/reports";

#[get("/admin/reports")]
async fn reports(viewer: Viewer, state: web::Data<AppState>) -> Result<ReportsPage, AppError> {
    let admin = viewer.require_admin()?.clone();
    let entries = state.db(move |c| service::queue(c, &admin)).await?;
    let flash = flash::take(&state, &viewer, REPORTS_PATH).await?;
    let tr = viewer.tr;
    Ok(ReportsPage {
        page: viewer.page(),
        reports: entries
            .into_iter()
            .map(|e| ReportRow::new(&tr, e))
            .collect(),
        notice: flash.as_ref().filter(|f| f.ok).map(|f| f.message.clone()),
        invalid: flash
            .as_ref()
            .map(|f| f.invalid_in("").to_string())
            .unwrap_or_default(),
        error: flash.and_then(|f| f.error_for("")),
    })
}

/// Answers an admin form of the queue page: back to it with a notice or the refusal, which
/// `about` names the field of (empty: none).
async fn back_to_queue(
    state: &AppState,
    viewer: &Viewer,
    done: Result<(), AppError>,
    notice: &str,
    about: fn(&AppError) -> &'static str,
) -> Result<HttpResponse, AppError> {
    let flash = match done {
        Ok(()) => Flash::notice(viewer.tr.t(notice)),
        Err(e @ (AppError::Forbidden | AppError::Unauthorized | AppError::Csrf)) => {
            return Err(e);
        }
        Err(e) => Flash::refusal("", e.message(&viewer.tr)).about(about(&e)),
    };
    flash::redirect(state, viewer, REPORTS_PATH, flash).await
}

#[derive(Deserialize)]
pub struct ResolveForm {
    action: String,
    #[serde(default)]
    reason: String,
}

#[post("/admin/reports/{id}/resolve")]
async fn resolve(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ResolveForm>,
) -> Result<HttpResponse, AppError> {
    let admin = viewer.require_admin()?;
    let done = match Resolution::parse(&form.action) {
        Ok(action) => service::resolve(&state, admin, *id, action, Some(&form.reason)).await,
        Err(e) => Err(e),
    };
    back_to_queue(&state, &viewer, done, "moderation-resolved", |_| "").await
}

#[derive(Deserialize)]
pub struct SuspendForm {
    name: String,
    days: String,
    reason: String,
}

#[post("/admin/suspensions")]
async fn suspend(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<SuspendForm>,
) -> Result<HttpResponse, AppError> {
    let admin = viewer.require_admin()?;
    let done = match form.days.trim().parse::<i64>() {
        Ok(days) => service::suspend(&state, admin, &form.name, days, &form.reason)
            .await
            .map(|_| ()),
        Err(_) => Err(AppError::Invalid("days_out_of_range")),
    };
    let about: fn(&AppError) -> &'static str = |e| match e {
        AppError::Invalid("days_out_of_range") => "suspend-days",
        AppError::Invalid(_) => "suspend-reason",
        _ => "suspend-name",
    };
    back_to_queue(&state, &viewer, done, "moderation-suspended-done", about).await
}

#[derive(Deserialize)]
pub struct LiftForm {
    name: String,
}

#[post("/admin/suspensions/lift")]
async fn lift(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<LiftForm>,
) -> Result<HttpResponse, AppError> {
    let admin = viewer.require_admin()?;
    let done = service::lift(&state, admin, &form.name).await;
    back_to_queue(
        &state,
        &viewer,
        done,
        "moderation-lifted-done",
        |_| "lift-name",
    )
    .await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(report)
        .service(hide)
        .service(unhide)
        .service(reports)
        .service(resolve)
        .service(suspend)
        .service(lift);
}
