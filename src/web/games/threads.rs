//! A game's threads (game, graveyard, the variant's team threads) as their readers see them: authors are game
//! IDs or the judge, never accounts; act posts are rendered as the act's summary. Posts are
//! named by their floor in their thread: permalinks, quotes, edits and their history
//! (`/games/{id}/threads/{kind}/{floor}/edit`, `…/history`), as in the forum but as the game ID.

use super::{ActView, see_other};
use crate::app::AppState;
use crate::db::queries::forum;
use crate::error::AppError;
use crate::game::posting::{self, GameThread, Standing};
use crate::game::service;
use crate::markdown;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

pub struct GamePostView {
    /// The post's floor in this thread (its anchor).
    pub floor: i64,
    /// The seat's game ID; `None` for the judge.
    pub author: Option<String>,
    pub html: String,
    pub act: Option<ActView>,
    /// A notice of the judge's clock, as a sentence.
    pub notice: Option<String>,
    pub created_at: TimeView,
    pub edited: bool,
    /// The reader may edit it now (her seat's own post, or the judge's own).
    pub can_edit: bool,
    /// Hidden by a moderator: the reason, shown in place of the text (docs/moderation.md).
    pub hidden: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/thread.html")]
struct GameThreadPage {
    page: PageCtx,
    game: i64,
    game_title: String,
    kind: &'static str,
    /// The thread's id, for permalinks (`/t/{thread}/{floor}`).
    thread_id: i64,
    posts: Vec<GamePostView>,
    pager: Pager,
    can_reply: bool,
    /// The reader's seat lost its voice today (R4-5, R5-4): the game thread says so, to that
    /// seat alone, where its reply box would be.
    silenced: bool,
    /// The game ID the reader posts as (`None`: as the judge).
    posting_as: Option<String>,
    reply_body: String,
    error: Option<String>,
    banner: super::banner::Banner,
    /// A signed-in reader may report posts (docs/moderation.md).
    can_report: bool,
    /// The game's judge (or an admin) may hide posts here.
    can_moderate: bool,
    /// A one-time note of the report and hide forms.
    report_note: Option<String>,
}

impl GameThreadPage {
    fn thread_title(&self) -> String {
        self.page.tr.t(&format!("game-thread-{}", self.kind))
    }
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
    /// The floor to quote in the reply box.
    quote: Option<i64>,
}

struct Loaded {
    title: String,
    variant: crate::rules::Variant,
    thread_id: i64,
    who: Standing,
    posts: Vec<posting::GamePost>,
    total: i64,
    /// The quoted post's author (`None`: the judge) and text.
    quote: Option<(Option<String>, String)>,
    /// The reader's seat is silenced today (its own view says so).
    silenced: bool,
    signed_in: bool,
}

/// Whether the seat of `who` lost its voice for the day now (R4-5, R5-4), while the game goes
/// on.
fn silenced_today(folded: &crate::game::log::Folded, who: &Standing) -> bool {
    match (folded.game.as_ref(), who.seat.as_ref()) {
        (Some(game), Some(seat)) => !folded.is_over() && game.is_silenced(&seat.1),
        _ => false,
    }
}

async fn load(
    state: &AppState,
    viewer: &Viewer,
    game_id: i64,
    which: GameThread,
    page: i64,
    quote: Option<i64>,
) -> Result<Loaded, AppError> {
    let account = viewer.reader_in_game(game_id).cloned();
    state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let who = posting::standing(c, &row, &folded, account.as_ref())?;
            if !who.can_read(which) {
                return Err(AppError::Forbidden);
            }
            let reader = posting::Reader {
                who: &who,
                account: account.as_ref().map(|a| a.id),
                locked: folded.thread_locked,
            };
            let (posts, total) = posting::thread_posts(
                c,
                &row,
                which,
                page,
                &reader,
                forum::Bodies::UnlessRenderedBy(markdown::RENDER_VERSION),
            )?;
            let quote = match quote {
                Some(floor) => posting::quotable(c, &row, &who, which, floor)?,
                None => None,
            };
            let silenced = which == GameThread::Game && silenced_today(&folded, &who);
            Ok(Loaded {
                silenced,
                signed_in: account.is_some(),
                title: row.title.clone(),
                variant: crate::game::stored::variant_of(&row)?,
                thread_id: which.thread_id(c, &row)?.ok_or(AppError::NotFound)?,
                who,
                posts,
                total,
                quote,
            })
        })
        .await
}

fn page_of(
    viewer: &Viewer,
    game_id: i64,
    which: GameThread,
    page: i64,
    l: Loaded,
    banner: super::banner::Banner,
) -> GameThreadPage {
    let tr = viewer.tr;
    let posts = l
        .posts
        .iter()
        .map(|p| GamePostView {
            floor: p.floor,
            author: p.author.clone(),
            html: p.html.clone(),
            act: p.act.as_ref().map(|a| ActView::new(&tr, l.variant, a)),
            // A notice is told in the reader's language.
            notice: p.notice.as_ref().map(|n| super::notice_text(&tr, n)),
            created_at: TimeView::new(p.created_at),
            edited: p.edited,
            can_edit: p.editable,
            hidden: p.hidden.clone(),
        })
        .collect();
    let can_reply = l.who.can_write(which);
    // A quote names the game ID (or the judge), never the account behind it.
    let reply_body = match &l.quote {
        Some((author, body)) if can_reply => {
            let who = author.clone().unwrap_or_else(|| tr.t("thread-judge"));
            markdown::quote(&who, body)
        }
        _ => String::new(),
    };
    let mut ctx = viewer.page();
    if which == GameThread::Game {
        ctx.feed = Some(format!("/games/{game_id}/feed.atom"));
    }
    GameThreadPage {
        banner,
        page: ctx,
        game: game_id,
        game_title: l.title,
        kind: which.name(),
        thread_id: l.thread_id,
        posts,
        pager: Pager::new(
            page,
            l.total,
            forum::POSTS_PER_PAGE,
            format!("/games/{game_id}/threads/{}?", which.name()),
        ),
        can_reply,
        silenced: l.silenced && !can_reply,
        posting_as: l.who.seat.as_ref().map(|s| s.1.clone()),
        reply_body,
        error: None,
        can_report: l.signed_in,
        can_moderate: l.who.is_judge,
        report_note: None,
    }
}

#[get(
    "/games/{id}/threads/{kind}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    q: web::Query<PageQuery>,
) -> Result<GameThreadPage, AppError> {
    let (game_id, kind) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let page = page_param(q.page);
    let loaded = load(&state, &viewer, game_id, which, page, q.quote).await?;
    let banner = super::banner::banner(&state, &viewer, game_id).await?;
    let mut view = page_of(&viewer, game_id, which, page, loaded, banner);
    let path = format!("/games/{game_id}/threads/{}", which.name());
    if let Some(f) = flash::take(&state, &viewer, &path).await? {
        view.error = f.error_for("reply");
        view.reply_body = f.field("body").to_string();
        view.report_note = crate::web::moderation::report_note(&f);
    }
    Ok(view)
}

#[derive(Deserialize)]
pub struct ReplyForm {
    body: String,
}

#[post("/games/{id}/threads/{kind}")]
pub async fn reply(
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    Posted { viewer, form }: Posted<ReplyForm>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind) = path.into_inner();
    let account = viewer.require_in_game(game_id)?;
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    match posting::post(&state, account, game_id, which, &form.body).await {
        Ok(floor) => {
            let page = forum::page_of_floor(floor);
            Ok(see_other(&format!(
                "/games/{game_id}/threads/{kind}?page={page}#p{floor}"
            )))
        }
        Err(e) if flash::shown_at_form(&e) => {
            // The text is not lost: the thread comes back with it in the form.
            let f = Flash::refusal("reply", e.message(&viewer.tr)).with("body", &form.body);
            let to = format!("/games/{game_id}/threads/{}#reply", which.name());
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/post_edit.html")]
pub struct GameEditPage {
    page: PageCtx,
    game: i64,
    game_title: String,
    kind: &'static str,
    floor: i64,
    /// The game ID the post is written as (`None`: the judge).
    posting_as: Option<String>,
    body: String,
    error: Option<String>,
}

impl GameEditPage {
    fn edit_action(&self) -> String {
        format!(
            "/games/{}/threads/{}/{}/edit",
            self.game, self.kind, self.floor
        )
    }

    fn edit_hint(&self) -> &'static str {
        "game-edit-hint"
    }

    fn thread_title(&self) -> String {
        self.page.tr.t(&format!("game-thread-{}", self.kind))
    }
}

/// The edit form of one's own post in a game thread (as the game ID).
#[get("/games/{id}/threads/{kind}/{floor}/edit")]
pub async fn edit_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, String, i64)>,
) -> Result<GameEditPage, AppError> {
    let (game_id, kind, floor) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = viewer.require_in_game(game_id)?.clone();
    let to = format!("/games/{game_id}/threads/{}/{floor}/edit", which.name());
    let flash = flash::take(&state, &viewer, &to).await?;
    // An edit this browser just had refused (the thread was locked, the seat went out) still
    // shows its text with the reason, so nothing typed is lost; otherwise the form is offered
    // only while the post may be edited.
    let refused_here = flash.as_ref().is_some_and(|f| !f.ok);
    let (title, posting_as, body) = state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let post = match posting::editable(c, &row, &folded, &account, which, floor) {
                Ok(post) => post.body,
                Err(AppError::Conflict(_)) if refused_here => String::new(),
                Err(e) => return Err(e),
            };
            let who = posting::standing(c, &row, &folded, Some(&account))?;
            Ok((row.title, who.seat.map(|s| s.1), post))
        })
        .await?;
    Ok(GameEditPage {
        page: viewer.page(),
        game: game_id,
        game_title: title,
        kind: which.name(),
        floor,
        posting_as,
        body: match &flash {
            Some(f) => f.field("body").to_string(),
            None => body,
        },
        error: flash.and_then(|f| f.error_for("")),
    })
}

#[derive(Deserialize)]
pub struct EditForm {
    body: String,
}

#[post("/games/{id}/threads/{kind}/{floor}/edit")]
pub async fn edit(
    state: web::Data<AppState>,
    path: web::Path<(i64, String, i64)>,
    Posted { viewer, form }: Posted<EditForm>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind, floor) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = viewer.require_in_game(game_id)?.clone();
    match posting::edit(&state, &account, game_id, which, floor, &form.body).await {
        Ok(()) => {
            let page = forum::page_of_floor(floor);
            Ok(see_other(&format!(
                "/games/{game_id}/threads/{}?page={page}#p{floor}",
                which.name()
            )))
        }
        Err(e @ (AppError::Input(_) | AppError::Conflict(_) | AppError::TooFast(_))) => {
            // The text is not lost: back to the form (303), with it.
            let f = Flash::refusal("", e.message(&viewer.tr)).with("body", &form.body);
            let to = format!("/games/{game_id}/threads/{}/{floor}/edit", which.name());
            flash::redirect(&state, &viewer, &to, f).await
        }
        Err(e) => Err(e),
    }
}

pub struct GameRevisionView {
    pub number: usize,
    pub at: TimeView,
    pub source: String,
    pub html: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/post_history.html")]
pub struct GameHistoryPage {
    page: PageCtx,
    game: i64,
    game_title: String,
    kind: &'static str,
    floor: i64,
    /// The post's author: its game ID (`None`: the judge). Never an account.
    author: Option<String>,
    revisions: Vec<GameRevisionView>,
}

impl GameHistoryPage {
    fn thread_title(&self) -> String {
        self.page.tr.t(&format!("game-thread-{}", self.kind))
    }
}

/// Every version of a post in a game thread, for every reader of that thread (a silent edit
/// would change a claim), named by the game ID only.
#[get("/games/{id}/threads/{kind}/{floor}/history")]
pub async fn history(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, String, i64)>,
) -> Result<GameHistoryPage, AppError> {
    let (game_id, kind, floor) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let account = viewer.reader_in_game(game_id).cloned();
    let (title, author, revisions, images) = state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let who = posting::standing(c, &row, &folded, account.as_ref())?;
            let (author, revisions) = posting::history(c, &row, &who, which, floor)?;
            let images = crate::game::settings::GameSettings::images_of(&row);
            Ok((row.title, author, revisions, images))
        })
        .await?;
    Ok(GameHistoryPage {
        page: viewer.page(),
        game: game_id,
        game_title: title,
        kind: which.name(),
        floor,
        author,
        revisions: revisions
            .into_iter()
            .enumerate()
            .map(|(i, r)| GameRevisionView {
                number: i + 1,
                at: TimeView::new(r.created_at),
                html: crate::forum::render::shown(r.html, r.html_version, "user", &r.body, images),
                source: r.body,
            })
            .collect(),
    })
}
