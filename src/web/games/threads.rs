//! A game's threads (game, graveyard, joined Kiras) as their readers see them: authors are game
//! IDs or the judge, never accounts; act posts are rendered as the act's summary.

use super::{ActView, see_other};
use crate::db::queries::forum;
use crate::game::posting::{self, GameThread, Standing};
use crate::game::service;
use crate::web::error::AppError;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::state::AppState;
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
    pub created_at: TimeView,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/thread.html")]
struct GameThreadPage {
    page: PageCtx,
    game: i64,
    game_title: String,
    kind: &'static str,
    posts: Vec<GamePostView>,
    pager: Pager,
    can_reply: bool,
    /// The game ID the reader posts as (`None`: as the judge).
    posting_as: Option<String>,
    reply_body: String,
    error: Option<String>,
    banner: super::banner::Banner,
}

impl GameThreadPage {
    fn thread_title(&self) -> String {
        self.page.tr.t(&format!("game-thread-{}", self.kind))
    }
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
}

struct Loaded {
    title: String,
    who: Standing,
    posts: Vec<posting::GamePost>,
    total: i64,
}

async fn load(
    state: &AppState,
    viewer: &Viewer,
    game_id: i64,
    which: GameThread,
    page: i64,
) -> Result<Loaded, AppError> {
    let account = viewer.reader_in_game(game_id).cloned();
    state
        .db(move |c| {
            let (row, folded) = service::load(c, game_id)?;
            let who = posting::standing(c, &row, &folded, account.as_ref())?;
            if !who.can_read(which) {
                return Err(AppError::Forbidden);
            }
            let (posts, total) = posting::thread_posts(c, &row, which, page)?;
            Ok(Loaded {
                title: row.title,
                who,
                posts,
                total,
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
            act: p.act.as_ref().map(|a| ActView::new(&tr, a)),
            created_at: TimeView::new(p.created_at),
        })
        .collect();
    let can_reply = l.who.can_write(which);
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
        posts,
        pager: Pager::new(
            page,
            l.total,
            forum::POSTS_PER_PAGE,
            format!("/games/{game_id}/threads/{}?", which.name()),
        ),
        can_reply,
        posting_as: l.who.seat.as_ref().map(|s| s.1.clone()),
        reply_body: String::new(),
        error: None,
    }
}

#[get("/games/{id}/threads/{kind}")]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    q: web::Query<PageQuery>,
) -> Result<GameThreadPage, AppError> {
    let (game_id, kind) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let page = page_param(q.page);
    let loaded = load(&state, &viewer, game_id, which, page).await?;
    let banner = super::banner::banner(&state, &viewer, game_id).await?;
    let mut view = page_of(&viewer, game_id, which, page, loaded, banner);
    let path = format!("/games/{game_id}/threads/{}", which.name());
    if let Some(f) = flash::take(&state, &viewer, &path).await? {
        view.error = f.error_for("reply");
        view.reply_body = f.field("body").to_string();
    }
    Ok(view)
}

#[derive(Deserialize)]
pub struct ReplyForm {
    csrf: String,
    body: String,
}

#[post("/games/{id}/threads/{kind}")]
pub async fn reply(
    viewer: Viewer,
    state: web::Data<AppState>,
    path: web::Path<(i64, String)>,
    form: web::Form<ReplyForm>,
) -> Result<HttpResponse, AppError> {
    viewer.check_csrf(&form.csrf)?;
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
