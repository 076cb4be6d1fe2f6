//! A game's threads (game, graveyard, the variant's team threads) as their readers see them: authors are game
//! IDs or the judge, never accounts; act posts are rendered as the act's summary. Posts are
//! named by their floor in their thread: permalinks, quotes, edits and their history
//! (`/games/{id}/threads/{kind}/{floor}/edit`, `…/history`), as in the forum but as the game ID.

use super::{ActView, see_other};
use crate::app::AppState;
use crate::db::queries::forum;
use crate::error::AppError;
use crate::game::posting::{self, GameThread, PostOwner, Standing};
use crate::game::service;
use crate::game::snapshot::Snapshot;
use crate::markdown;
use crate::web::flash::{self, Flash};
use crate::web::fragments::{self, Filled, Fragments, Kept, Shared};
use crate::web::pages::{PageCtx, PageNumber, Pager, TimeView, page_param};
use crate::web::posted::Posted;
use crate::web::threads::PartCtx;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// A post as a game thread's shared part shows it ([`fragments`]): the same for every reader
/// of one kind; the edit link is a slot, filled for the reader it is hers to edit.
pub struct GamePostView {
    /// The post's floor in this thread (its anchor).
    pub floor: i64,
    /// The seat's game ID; `None` for the judge and a watcher.
    pub author: Option<String>,
    /// A watcher's account name (the spectators' thread).
    pub watcher: Option<String>,
    pub html: String,
    pub act: Option<ActView>,
    /// A notice of the judge's clock, as a sentence.
    pub notice: Option<String>,
    pub created_at: TimeView,
    pub edited: bool,
    /// The slot of the edit link.
    pub edit_link: String,
    /// Hidden by a moderator: the reason, shown in place of the text (docs/moderation.md).
    pub hidden: Option<String>,
}

/// Which kind of reader a game thread's shared part is made for: its links and forms depend on
/// this and on nothing else of the reader (her own edit links are slots).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartKind {
    /// May write in the thread: quote links.
    reply: bool,
    /// Signed in: the report form under each post.
    report: bool,
    /// The game's judge: the hide and restore forms.
    moderate: bool,
}

/// What a game thread's shared part is rendered for (and the language, kept beside it). The
/// thread's id says which game and which thread; whether the reader may read it at all is
/// decided before a part is looked for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartKey {
    thread_id: i64,
    page: i64,
    kind: PartKind,
}

/// What a kept game thread part needs besides its text: who wrote each post (for the edit
/// links).
pub struct PartMeta {
    posts: Vec<(i64, PostOwner)>,
}

/// The kept shared parts of game thread pages (`web::fragments`).
pub type GameThreadParts = Fragments<PartKey, PartMeta>;

/// The part of a game thread's page every reader of one kind shares.
#[derive(Template)]
#[template(path = "games/_thread_posts.html")]
struct PostsPart {
    page: PartCtx,
    game: i64,
    kind: &'static str,
    /// The thread's id, for permalinks (`/t/{thread}/{floor}`) and the report forms.
    thread_id: i64,
    posts: Vec<GamePostView>,
    pager: Pager,
    can_reply: bool,
    can_report: bool,
    can_moderate: bool,
}

#[derive(Template)]
#[template(path = "games/thread.html")]
struct GameThreadPage<'a> {
    page: PageCtx,
    game: i64,
    game_title: &'a str,
    kind: &'static str,
    /// The shared part, filled for this reader.
    shared: Filled<'a, EditSlots<'a>>,
    can_reply: bool,
    /// The reader's seat lost its voice today (R4-5, R5-4): the game thread says so, to that
    /// seat alone, where its reply box would be.
    silenced: bool,
    /// Why the reader's seat may not post in the game thread now (no reply box).
    why_not: Option<String>,
    /// The game ID the reader posts as (`None`: as the judge).
    posting_as: Option<String>,
    reply_body: String,
    error: Option<String>,
    banner: super::banner::Banner,
    /// A one-time note of the report and hide forms.
    report_note: Option<String>,
}

impl GameThreadPage<'_> {
    fn thread_title(&self) -> String {
        self.page.tr.t(&format!("game-thread-{}", self.kind))
    }
}

/// What fills a game thread part's slots for one reader: her edit links and the form token.
struct EditSlots<'a> {
    game: i64,
    which: GameThread,
    posts: &'a [(i64, PostOwner)],
    reader: posting::Reader<'a>,
    token: &'a str,
    /// The edit link's word, in the reader's language (escaped).
    edit: String,
}

impl fragments::Slots for EditSlots<'_> {
    fn write(&self, kind: char, i: usize, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match kind {
            'e' => match self.posts.get(i) {
                Some((floor, owner)) if self.reader.may_edit(self.which, owner) => write!(
                    out,
                    r#"<a href="/games/{}/threads/{}/{floor}/edit">{}</a>"#,
                    self.game,
                    self.which.name(),
                    self.edit
                ),
                _ => Ok(()),
            },
            'c' => out.write_str(self.token),
            _ => Ok(()),
        }
    }
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<PageNumber>,
    /// The floor to quote in the reply box.
    quote: Option<i64>,
}

/// Whether the seat of `who` lost its voice for the day now (R4-5, R5-4), while the game goes
/// on.
/// Why a seat may not post in the game thread now, as it is told where its reply box would be:
/// the judge locked the thread, the seat is out, or another seat has the floor (CL-4, CL-5).
/// `None` for a reader who is no seat, and after the end.
fn why_not_posting(
    folded: &crate::game::log::Folded,
    who: &Standing,
    tr: &crate::i18n::Tr,
) -> Option<String> {
    let (_, _, alive, _) = who.seat.as_ref()?;
    let game = folded.game.as_ref()?;
    if folded.is_over() {
        return None;
    }
    if folded.thread_locked {
        return Some(tr.t("thread-locked-why"));
    }
    if !alive {
        return Some(tr.t("thread-out-why"));
    }
    game.speaker().map(|name| tr.t1("turn-wait", "name", &name))
}

fn silenced_today(folded: &crate::game::log::Folded, who: &Standing) -> bool {
    match (folded.game.as_ref(), who.seat.as_ref()) {
        (Some(game), Some(seat)) => !folded.is_over() && game.is_silenced(&seat.1),
        _ => false,
    }
}

/// Reads a game thread's page and renders the part readers of `key.kind` share (one trip to
/// the database pool).
async fn load_part(
    state: &AppState,
    snapshot: &Snapshot,
    which: GameThread,
    key: &PartKey,
    tr: crate::i18n::Tr,
) -> Result<Kept<PartMeta>, AppError> {
    let row = snapshot.row.clone();
    let (thread_id, page) = (key.thread_id, key.page);
    let (posts, total) = state
        .db(move |c| {
            posting::thread_page(
                c,
                &row,
                thread_id,
                page,
                forum::Bodies::UnlessRenderedBy(markdown::RENDER_VERSION),
            )
        })
        .await?;
    let game = snapshot.row.id;
    let variant = snapshot.folded.settings.variant;
    let mut views = Vec::with_capacity(posts.len());
    let mut owners = Vec::with_capacity(posts.len());
    for (i, (p, owner)) in posts.into_iter().enumerate() {
        views.push(GamePostView {
            floor: p.floor,
            author: p.author,
            watcher: p.watcher,
            html: p.html,
            act: p.act.as_ref().map(|a| ActView::new(&tr, variant, a)),
            // A notice is told in the reader's language.
            notice: p.notice.as_ref().map(|n| super::notice_text(&tr, n)),
            created_at: TimeView::new(p.created_at),
            edited: p.edited,
            edit_link: fragments::slot('e', i),
            hidden: p.hidden,
        });
        owners.push((p.floor, owner));
    }
    let part = PostsPart {
        page: PartCtx::new(tr, fragments::slot('c', 0), false),
        game,
        kind: which.name(),
        thread_id,
        posts: views,
        pager: Pager::new(
            page,
            total,
            forum::POSTS_PER_PAGE,
            format!("/games/{game}/threads/{}?", which.name()),
        ),
        can_reply: key.kind.reply,
        can_report: key.kind.report,
        can_moderate: key.kind.moderate,
    };
    let text = part
        .render()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Kept::new(Shared::new(text), PartMeta { posts: owners }))
}

/// The text a quote-reply starts with: the quoted post as Markdown, its author as the game ID
/// (or the judge), never the account behind it.
async fn quote_text(
    state: &AppState,
    viewer: &Viewer,
    snapshot: &Snapshot,
    which: GameThread,
    floor: i64,
) -> Result<String, AppError> {
    let row = snapshot.row.clone();
    let who = reader_standing(state, snapshot, viewer.reader_in_game(row.id), which).await?;
    let quoted = state
        .db(move |c| posting::quotable(c, &row, &who, which, floor))
        .await?;
    Ok(match quoted {
        Some((author, body)) => {
            let who = author.unwrap_or_else(|| viewer.tr.t("thread-judge"));
            markdown::quote(&who, &body)
        }
        None => String::new(),
    })
}

/// The reader's standing in the game, from its kept snapshot; for the spectators' thread, a
/// signed-in reader without a seat is asked whether she watches (a snapshot does not know).
async fn reader_standing(
    state: &AppState,
    snapshot: &Snapshot,
    account: Option<&crate::auth::account::Account>,
    which: GameThread,
) -> Result<Standing, AppError> {
    let who = snapshot.standing(account);
    match account {
        Some(a) if which == GameThread::Spectators && who.may_watch(true) => {
            let watching = crate::game::spectators::is_watching(state, a, snapshot.row.id).await?;
            Ok(who.with_watching(watching))
        }
        _ => Ok(who),
    }
}

/// Whom the reader's posts are written as: her seat's game ID, her own name for a watcher
/// (she is no seat), `None` for the judge.
fn posting_as(who: &Standing, account: Option<&crate::auth::account::Account>) -> Option<String> {
    match (&who.seat, account) {
        (Some(s), _) => Some(s.1.clone()),
        (None, Some(a)) if who.watching => Some(a.name.clone()),
        _ => None,
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
    parts: web::Data<GameThreadParts>,
    kept: web::Data<crate::game::snapshot::Snapshots>,
    path: web::Path<(i64, String)>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, AppError> {
    let (game_id, kind) = path.into_inner();
    let which = GameThread::parse(&kind).ok_or(AppError::NotFound)?;
    let page = page_param(q.page);
    let snapshot = super::snapshot(&state, &kept, &viewer, game_id).await?;
    let account = viewer.reader_in_game(game_id);
    let who = reader_standing(&state, &snapshot, account, which).await?;
    // Whether the reader may read the thread is decided before whether it exists: every reader
    // who may not gets the same answer.
    if !who.can_read(which) {
        return Err(AppError::Forbidden);
    }
    let thread_id = match snapshot.thread_id(which) {
        Some(id) => id,
        // A game that started before games had a spectators' thread opens it when first read.
        None if which == GameThread::Spectators => {
            state
                .write(move |c| {
                    let (row, _) = service::load_locked(c, game_id)?;
                    Ok(crate::game::threads::spectators_thread(c, &row)?)
                })
                .await?
        }
        None => return Err(AppError::NotFound),
    };
    let can_reply = who.can_write(which);
    let key = PartKey {
        thread_id,
        page,
        kind: PartKind {
            reply: can_reply,
            report: account.is_some(),
            moderate: who.is_judge,
        },
    };
    let lang = viewer.tr.lang;
    // Read before the database: a change while it reads makes the part old at once.
    let epoch = crate::db::epoch::thread(thread_id);
    let kept = match parts.get(&key, lang, epoch) {
        Some(kept) => kept,
        None => {
            let made = load_part(&state, &snapshot, which, &key, viewer.tr).await?;
            parts.put(key, lang, epoch, made)
        }
    };
    let mut reply_body = match q.quote {
        Some(floor) if can_reply => quote_text(&state, &viewer, &snapshot, which, floor).await?,
        _ => String::new(),
    };
    let (mut error, mut report_note) = (None, None);
    let path = format!("/games/{game_id}/threads/{}", which.name());
    if let Some(f) = flash::take(&state, &viewer, &path).await? {
        error = f.error_for("reply");
        reply_body = f.field("body").to_string();
        report_note = crate::web::moderation::report_note(&f);
    }
    let silenced = which == GameThread::Game && silenced_today(&snapshot.folded, &who);
    // The token as the rest of the page carries it; `viewer::mask_csrf` masks it in the whole
    // answer, after `conditional::etag` has tagged it.
    let mut ctx = viewer.page();
    if which == GameThread::Game {
        ctx.feed = Some(format!("/games/{game_id}/feed.atom"));
    }
    let slots = EditSlots {
        game: game_id,
        which,
        posts: &kept.meta.posts,
        reader: posting::Reader {
            who: &who,
            account: account.map(|a| a.id),
            locked: snapshot.folded.thread_locked,
        },
        token: &viewer.csrf,
        edit: fragments::escaped(&viewer.tr.t("post-edit")),
    };
    let view = GameThreadPage {
        banner: super::banner::banner_of(&viewer, &snapshot),
        page: ctx,
        game: game_id,
        game_title: &snapshot.row.title,
        kind: which.name(),
        shared: kept.shared.filled(&slots),
        can_reply,
        silenced: silenced && !can_reply,
        why_not: (which == GameThread::Game && !can_reply && !silenced)
            .then(|| why_not_posting(&snapshot.folded, &who, &viewer.tr))
            .flatten(),
        posting_as: posting_as(&who, account),
        reply_body,
        error,
        report_note,
    };
    let mut body = String::with_capacity(kept.shared.len() + 16 * 1024);
    view.render_into(&mut body)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body))
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
            Ok((row.title, posting_as(&who, Some(&account)), post))
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
        Err(
            e @ (AppError::Input(_)
            | AppError::Conflict(_)
            | AppError::TooFast(_)
            | AppError::Suspended { .. }),
        ) => {
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
            let images = crate::game::settings::GameSettings::images_of(&row.settings);
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
