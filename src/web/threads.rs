//! A thread: its posts (30 a page, optionally one author's only), reply and quote-reply,
//! moderation.

use crate::app::AppState;
use crate::db::queries::{forum, users};
use crate::domain::account::name_key;
use crate::error::AppError;
use crate::forum::{posting, render};
use crate::i18n::Tr;
use crate::markdown::{self, Images};
use crate::web::flash::{self, Flash};
use crate::web::fragments::{self, Filled, Fragments, Kept, Shared, escaped};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;

/// A post as the thread page shows it. It is named by its floor (anchors, quote, edit and
/// history links), never by its id, which counts posts in hidden threads too. Rendered into
/// the part every reader of one kind shares: what is the reader's own (the "new" mark, the
/// edit link) is a slot ([`fragments::slot`]), filled per request.
pub struct PostView {
    /// Floor number (楼层) in the whole thread.
    pub floor: i64,
    pub author: String,
    pub html: String,
    pub created_at: TimeView,
    pub edited: bool,
    /// Slots: ` unread` on the post's class, the "new" badge, the edit link.
    pub unread_class: String,
    pub unread_badge: String,
    pub edit_link: String,
    /// Hidden by a moderator: the reason, shown in place of the text to every reader
    /// (docs/moderation.md).
    pub hidden: Option<String>,
}

/// What the slots of a post are filled from.
pub struct PostMeta {
    id: i64,
    author_id: i64,
    floor: i64,
    hidden: bool,
}

/// What a kept thread part needs besides its text: the page's title and lock, and its posts.
pub struct ThreadMeta {
    title: String,
    locked: bool,
    posts: Vec<PostMeta>,
}

/// Which kind of reader a shared part is made for: the posts' links and forms depend on it,
/// and on nothing else of the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ReaderKind {
    /// No account (a game-ID login included: it does not use the forum).
    Guest,
    Member,
    Admin,
}

impl ReaderKind {
    fn of(viewer: &Viewer) -> ReaderKind {
        match viewer.require() {
            Ok(a) if a.is_admin() => ReaderKind::Admin,
            Ok(_) => ReaderKind::Member,
            Err(_) => ReaderKind::Guest,
        }
    }
}

/// What a shared part is rendered for (and the language, kept beside it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartKey {
    thread_id: i64,
    page: i64,
    author: Option<String>,
    kind: ReaderKind,
}

/// The kept shared parts of thread pages (`web::fragments`).
pub type ThreadParts = Fragments<PartKey, ThreadMeta>;

/// The layout's data inside a shared part: the language, the token's slot, the reader's kind.
pub struct PartCtx {
    pub tr: Tr,
    pub csrf: String,
    admin: bool,
}

impl PartCtx {
    /// For a part in `tr`'s language; `csrf` is the token's slot.
    pub fn new(tr: Tr, csrf: String, admin: bool) -> PartCtx {
        PartCtx { tr, csrf, admin }
    }

    pub fn is_admin(&self) -> bool {
        self.admin
    }
}

/// The part of a thread's page every reader of one kind shares.
#[derive(Template)]
#[template(path = "threads/_posts.html")]
struct PostsPart {
    page: PartCtx,
    board_slug: String,
    board_title: String,
    thread_id: i64,
    title: String,
    locked: bool,
    posts: Vec<PostView>,
    pager: Pager,
    author_filter: Option<String>,
    /// The slot of a one-time note of the report form (sent, or why not).
    report_note: String,
    can_reply: bool,
    /// Signed in with an account: may report posts (docs/moderation.md).
    can_report: bool,
    /// An admin: may hide posts.
    can_moderate: bool,
}

#[derive(Template)]
#[template(path = "threads/thread.html")]
struct ThreadPage<'a> {
    page: PageCtx,
    thread_id: i64,
    title: &'a str,
    locked: bool,
    /// The shared part, filled for this reader.
    shared: Filled<'a, ReaderSlots<'a>>,
    can_reply: bool,
    reply_body: String,
    quote_floor: Option<i64>,
    /// The reply form's one-time token (`posted::form_once`).
    once: String,
    error: Option<String>,
}

/// What fills a thread part's slots for one reader.
struct ReaderSlots<'a> {
    thread_id: i64,
    posts: &'a [PostMeta],
    reader: Option<i64>,
    /// The reader's mark: posts after it are new (none: the thread was never opened, and
    /// nothing is marked).
    seen: Option<i64>,
    /// The token, masked for this answer.
    token: &'a str,
    /// The "new" badge and the edit link's word, in the reader's language.
    badge: String,
    edit: String,
    report_note: Option<String>,
}

impl ReaderSlots<'_> {
    /// Post `i` is new to this reader: after their mark, and not their own.
    fn unread(&self, i: usize) -> bool {
        matches!(
            (self.seen, self.posts.get(i)),
            (Some(s), Some(p)) if p.id > s && Some(p.author_id) != self.reader
        )
    }
}

impl fragments::Slots for ReaderSlots<'_> {
    fn write(&self, kind: char, i: usize, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match kind {
            'u' if self.unread(i) => out.write_str(" unread"),
            'b' if self.unread(i) => write!(out, r#"<span class="badge">{}</span>"#, self.badge),
            'e' => match self.posts.get(i) {
                Some(p) if Some(p.author_id) == self.reader && !p.hidden => write!(
                    out,
                    r#"<a href="/t/{}/{}/edit">{}</a>"#,
                    self.thread_id, p.floor, self.edit
                ),
                _ => Ok(()),
            },
            'c' => out.write_str(self.token),
            'n' => match &self.report_note {
                Some(n) => write!(out, r#"<p class="notice" role="status">{n}</p>"#),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}

#[derive(Deserialize)]
pub struct ThreadQuery {
    page: Option<PageNumber>,
    author: Option<String>,
    quote: Option<i64>,
}

/// What a thread's address leads to.
enum Loaded {
    Forum(Box<Kept<ThreadMeta>>),
    /// A game's thread (game id, thread kind): it lives on the game's pages.
    Game(i64, String),
}

/// Reads a thread's page and renders the part readers of `key.kind` share (one trip to the
/// database pool).
async fn load_part(state: &AppState, key: &PartKey, tr: Tr) -> Result<Loaded, AppError> {
    let PartKey {
        thread_id,
        page,
        author,
        kind,
    } = key.clone();
    let author_name = author.clone();
    let (board, thread, posts, total) = match state
        .db(move |c| {
            let thread = forum::thread(c, thread_id)?.ok_or(AppError::NotFound)?;
            if let (false, Some(game_id)) = (posting::is_forum_thread(&thread), thread.game_id) {
                return Ok(Err((game_id, thread.kind)));
            }
            if thread.deleted_at.is_some() {
                return Err(AppError::Gone);
            }
            if !posting::is_forum_thread(&thread) {
                // A game thread shows game IDs, and only to its readers: never here, where
                // authors are accounts (a refused reply to one used to list its posts).
                return Err(AppError::Conflict("game_thread"));
            }
            let board = forum::board_by_id(c, thread.board_id)?.ok_or(AppError::NotFound)?;
            let author_id = match &author_name {
                Some(name) => Some(forum::user_id_by_key(c, &name_key(name))?.unwrap_or(-1)),
                None => None,
            };
            let (posts, total) = forum::named_posts_page(
                c,
                &thread,
                author_id,
                page,
                forum::Bodies::UnlessRenderedBy(markdown::RENDER_VERSION),
            )?;
            Ok(Ok((board, thread, posts, total)))
        })
        .await?
    {
        Ok(read) => read,
        Err((game_id, kind)) => return Ok(Loaded::Game(game_id, kind)),
    };
    let base = match &author {
        Some(a) => format!(
            "/t/{}?author={}&",
            thread.id,
            url::form_urlencoded::byte_serialize(a.as_bytes()).collect::<String>()
        ),
        None => format!("/t/{}?", thread.id),
    };
    let mut views = Vec::with_capacity(posts.len());
    let mut metas = Vec::with_capacity(posts.len());
    for (i, (mut p, author)) in posts.into_iter().enumerate() {
        metas.push(PostMeta {
            id: p.id,
            author_id: p.author_id,
            floor: p.floor,
            hidden: p.hidden_at.is_some(),
        });
        views.push(PostView {
            floor: p.floor,
            author,
            html: render::post_html(&mut p, Images::Links),
            created_at: TimeView::new(p.created_at),
            edited: p.edited_at.is_some(),
            unread_class: fragments::slot('u', i),
            unread_badge: fragments::slot('b', i),
            edit_link: fragments::slot('e', i),
            hidden: p
                .hidden_at
                .map(|_| p.hidden_reason.clone().unwrap_or_default()),
        });
    }
    let admin = kind == ReaderKind::Admin;
    let title = crate::web::boards::thread_title(&tr, &thread.kind, &thread.title);
    let part = PostsPart {
        page: PartCtx::new(tr, fragments::slot('c', 0), admin),
        board_title: crate::web::boards::board_title(&tr, &board.slug, &board.title),
        board_slug: board.slug,
        thread_id: thread.id,
        title: title.clone(),
        locked: thread.locked,
        posts: views,
        pager: Pager::new(page, total, forum::POSTS_PER_PAGE, base),
        author_filter: author,
        report_note: fragments::slot('n', 0),
        can_reply: kind != ReaderKind::Guest && (!thread.locked || admin),
        can_report: kind != ReaderKind::Guest,
        can_moderate: admin,
    };
    let text = part
        .render()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Loaded::Forum(Box::new(Kept::new(
        Shared::new(text),
        ThreadMeta {
            title,
            locked: thread.locked,
            posts: metas,
        },
    ))))
}

/// The reader's mark in the thread: from memory, else from the database (then remembered).
async fn seen_mark(state: &AppState, reader: i64, thread_id: i64) -> Result<Option<i64>, AppError> {
    if let Some(known) = state.reads.known(reader, thread_id) {
        return Ok(known);
    }
    let seen = state
        .db(move |c| {
            Ok(forum::read_marks(c, reader, &[thread_id])?
                .get(&thread_id)
                .copied())
        })
        .await?;
    state.reads.remember(reader, thread_id, seen);
    Ok(seen)
}

/// The text a quote-reply starts with: the quoted post, as Markdown.
async fn quote_text(state: &AppState, thread_id: i64, floor: i64) -> Result<String, AppError> {
    state
        .db(move |c| {
            Ok(match forum::post_at(c, thread_id, floor)? {
                Some(p) => {
                    let who = users::names(c, &[p.author_id])?
                        .remove(&p.author_id)
                        .unwrap_or_default();
                    markdown::quote(&who, &p.body)
                }
                None => String::new(),
            })
        })
        .await
}

#[get(
    "/t/{id}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn show(
    req: actix_web::HttpRequest,
    viewer: Viewer,
    state: web::Data<AppState>,
    parts: web::Data<ThreadParts>,
    id: web::Path<i64>,
    q: web::Query<ThreadQuery>,
) -> Result<HttpResponse, AppError> {
    let q = q.into_inner();
    let thread_id = *id;
    let key = PartKey {
        thread_id,
        page: page_param(q.page),
        author: q.author.filter(|a| !a.trim().is_empty()),
        kind: ReaderKind::of(&viewer),
    };
    let lang = viewer.tr.lang;
    // Read before the database: a change while it reads makes the part old at once.
    let epoch = crate::db::epoch::thread(thread_id);
    let kept = match parts.get(&key, lang, epoch) {
        Some(kept) => kept,
        None => match load_part(&state, &key, viewer.tr).await? {
            Loaded::Forum(kept) => parts.put(key.clone(), lang, epoch, *kept),
            // Game threads show game IDs, never accounts: they live on the game's pages.
            Loaded::Game(game_id, kind) => {
                return Ok(HttpResponse::SeeOther()
                    .insert_header(("Location", format!("/games/{game_id}/threads/{kind}")))
                    .finish());
            }
        },
    };
    let reader = viewer.require().ok().map(|a| a.id);
    let posts = &kept.meta.posts;
    // A reader who never opened the thread sees nothing marked: all is new.
    let seen = match reader {
        Some(r) => seen_mark(&state, r, thread_id).await?,
        None => None,
    };
    if let (Some(r), Some(last)) = (reader, posts.last()) {
        state.reads.read_up_to(r, thread_id, last.id);
    }
    let mut reply_body = match q.quote {
        Some(floor) => quote_text(&state, thread_id, floor).await?,
        None => String::new(),
    };
    let mut quote_floor = q.quote;
    let (mut error, mut report_note) = (None, None);
    if let Some(f) = flash::take(&state, &viewer, &format!("/t/{thread_id}")).await? {
        error = f.error_for("reply");
        report_note = crate::web::moderation::report_note(&f);
        reply_body = f.field("body").to_string();
        quote_floor = f.field("quote").parse().ok();
    }
    // One mask for the whole answer, written as the page is made (`viewer::mask_token`); a
    // token not in the session yet is left to `viewer::mask_csrf`, which keeps it there.
    let masked = crate::web::viewer::unsaved_token_of(&req).is_none();
    let token = if masked {
        crate::web::viewer::mask_token(&viewer.csrf)
    } else {
        viewer.csrf.clone()
    };
    let slots = ReaderSlots {
        thread_id,
        posts,
        reader,
        seen,
        token: &token,
        badge: escaped(&viewer.tr.t("badge-new")),
        edit: escaped(&viewer.tr.t("post-edit")),
        report_note: report_note.as_deref().map(escaped),
    };
    let mut page = viewer.page();
    page.csrf = token.clone();
    let moderator = page.is_admin();
    let view = ThreadPage {
        can_reply: reader.is_some() && (!kept.meta.locked || moderator),
        page,
        thread_id,
        title: &kept.meta.title,
        locked: kept.meta.locked,
        shared: kept.shared.filled(&slots),
        reply_body,
        quote_floor,
        once: crate::web::posted::form_once(&viewer.csrf, &format!("t{thread_id}:{}", kept.id)),
        error,
    };
    // The page is the kept part and what was filled in: its tag is made from those, without
    // reading the page (`conditional::etag` keeps a tag it is given). Which posts are new to
    // this reader:
    let new: Vec<usize> = (0..posts.len()).filter(|&i| slots.unread(i)).collect();
    // Only a signed-in reader's page carries the token (a form); a reader without an account
    // gets a fresh, unused one each time.
    let token_shown = viewer.account.as_ref().map(|_| viewer.csrf.as_str());
    let rest = format!(
        "{:?}|{reader:?}|{new:?}|{token_shown:?}|{}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}",
        viewer.tr.lang,
        view.page.unread,
        viewer
            .account
            .as_ref()
            .map(|a| (&a.name, a.role, a.scope.map(|s| s.game_id))),
        view.reply_body,
        view.quote_floor,
        view.error,
        report_note,
        crate::web::assets::css_href(),
        crate::web::assets::js_href(),
    );
    let mut body = String::with_capacity(kept.shared.len() + 16 * 1024);
    view.render_into(&mut body)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let mut res = HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((
            actix_web::http::header::ETAG,
            fragments::tag(kept.id, &rest),
        ))
        .body(body);
    if masked {
        res.extensions_mut().insert(crate::web::viewer::TokenMasked);
    }
    Ok(res)
}

/// Redirects to the post on `floor` of a forum thread, on the page where it stands.
pub fn see_post(thread_id: i64, floor: i64) -> HttpResponse {
    let page = forum::page_of_floor(floor);
    HttpResponse::SeeOther()
        .insert_header(("Location", format!("/t/{thread_id}?page={page}#p{floor}")))
        .finish()
}

/// The permalink of a post: its thread and floor. A game thread's goes to the game's page of
/// that thread, which decides who may read it; the floor is not looked up, so a private
/// thread's permalinks answer alike whether the floor exists or not. A forum thread's floor past
/// its last is `404`.
#[get("/t/{id}/{floor}")]
async fn permalink(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, AppError> {
    let (thread_id, floor) = path.into_inner();
    let thread = state
        .db(move |c| Ok(forum::thread(c, thread_id)?))
        .await?
        .ok_or(AppError::NotFound)?;
    if let (false, Some(game_id)) = (posting::is_forum_thread(&thread), thread.game_id) {
        let page = forum::page_of_floor(floor);
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "Location",
                format!(
                    "/games/{game_id}/threads/{}?page={page}#p{floor}",
                    thread.kind
                ),
            ))
            .finish());
    }
    // A forum thread is public: a floor it does not have (past its last) is not found, rather
    // than a page of the thread.
    if !(1..=thread.last_floor).contains(&floor) {
        return Err(AppError::NotFound);
    }
    Ok(see_post(thread_id, floor))
}

#[derive(Deserialize)]
pub struct ReplyForm {
    body: String,
    quote: Option<String>,
    /// The form's one-time token: the same form sent twice makes one post.
    once: Option<String>,
}

#[post("/t/{id}/posts")]
async fn reply(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ReplyForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    let thread_id = *id;
    let quote = match form.quote.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(q) => Some(
            q.parse::<i64>()
                .map_err(|_| AppError::BadRequest("quote".into()))?,
        ),
    };
    match posting::reply(
        &state,
        account,
        thread_id,
        &form.body,
        quote,
        posting::Once(form.once.as_deref()),
    )
    .await
    {
        Ok(floor) => Ok(see_post(thread_id, floor)),
        Err(e) if flash::shown_at_form(&e) => {
            // The reply is not lost: the thread comes back with the text in the form.
            let f = Flash::refusal("reply", e.message(&viewer.tr))
                .with("body", &form.body)
                .with_opt("quote", quote.map(|q| q.to_string()).as_deref());
            flash::redirect(&state, &viewer, &format!("/t/{thread_id}#reply"), f).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct ModerateForm {
    action: String,
}

#[post("/t/{id}/moderate")]
async fn moderate(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ModerateForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    posting::moderate(&state, account, *id, &form.action).await?;
    let to = if form.action == "delete" {
        "/".to_string()
    } else {
        format!("/t/{}", *id)
    };
    Ok(HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(permalink)
        .service(reply)
        .service(moderate);
}
