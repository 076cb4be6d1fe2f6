//! The replay of a finished game as one seat saw it, one act at a time
//! (`/games/{id}/replay?seat=G&act=N`): the seat's role then, its private replies and events
//! worded by the variant as its own page words them, the team threads it read up to then and
//! the act's posts in the game thread; a step bar to the acts before and after, and a chooser
//! of seat and act that is a plain GET form (no script, no CSRF token: it changes nothing).
//!
//! Before the end the page is the `404` of a game that does not exist (see `game::replay`).

use super::seat_page::LogLine;
use super::{ActView, notice_text};
use crate::app::AppState;
use crate::error::AppError;
use crate::game::replay::{self, ReplayPost, ReplayQuery, SeatReplay};
use crate::i18n::Tr;
use crate::rules::Variant;
use crate::web::pages::{PageCtx, TimeView};
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

/// One post of the replay, ready to draw.
pub struct ReplayPostView {
    pub floor: i64,
    /// The seat's game ID; `None` for the judge and the system's posts.
    pub author: Option<String>,
    pub html: String,
    pub act: Option<ActView>,
    pub notice: Option<String>,
    /// A moderator hid it: the reason, shown in place of its text.
    pub hidden: Option<String>,
    pub created_at: TimeView,
    /// The post in its thread (`/games/{id}/threads/{kind}?page=…#p{floor}`).
    pub href: String,
}

/// One team thread's posts.
pub struct TeamView {
    pub label: String,
    pub posts: Vec<ReplayPostView>,
}

/// One choice of the seat chooser.
pub struct SeatChoice {
    pub game_id: String,
    pub selected: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/replay.html")]
pub struct ReplayPage {
    page: PageCtx,
    game: i64,
    title: String,
    /// "Replay of G, act N".
    heading: String,
    /// "Act N of M".
    position: String,
    acts: u32,
    act: u32,
    role: String,
    /// The role is one the rules keep secret (highlighted, as on the seat's page).
    marked: bool,
    /// In, or when and why it went out, as of the end of the act.
    state: String,
    private: Vec<LogLine>,
    teams: Vec<TeamView>,
    /// The act's public events, in words.
    events: Vec<String>,
    public: Vec<ReplayPostView>,
    seats: Vec<SeatChoice>,
    /// The same seat's act before and after this one, when there is one.
    prev: Option<String>,
    next: Option<String>,
    prev_label: String,
    next_label: String,
    /// The seat's notes of this act (issue 41).
    notes: Vec<super::seat_page::NoteView>,
}

/// The address of act `act` of `seat`'s replay (the seat URL-encoded: game IDs may hold any
/// character).
pub fn replay_href(game: i64, seat: &str, act: u32) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("seat", seat)
        .append_pair("act", &act.to_string())
        .finish();
    format!("/games/{game}/replay?{query}")
}

#[get(
    "/games/{id}/replay",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<ReplayQuery>,
) -> Result<ReplayPage, AppError> {
    let game_id = *id;
    let act = q.act()?;
    let seat = q.into_inner().seat;
    let r = state
        .db(move |c| replay::seat_replay(c, game_id, seat.as_deref(), act))
        .await?;
    Ok(page(&viewer, r))
}

fn page(viewer: &Viewer, r: SeatReplay) -> ReplayPage {
    let tr = viewer.tr;
    let variant = r.variant;
    // Nothing is owed in a replay: the sheet as of a finished game names the role alone.
    let sheet = variant.seat_sheet(&r.view, true);
    let state = if r.alive {
        tr.t("seat-alive")
    } else {
        sheet
            .out
            .as_ref()
            .map(|m| tr.say(m))
            .unwrap_or_else(|| tr.t("seat-out-plain"))
    };
    let mut teams: Vec<TeamView> = Vec::new();
    for p in &r.team {
        let label = team_label(&tr, p.thread);
        let view = post_view(&tr, variant, r.game, p);
        match teams.last_mut() {
            Some(t) if t.label == label => t.posts.push(view),
            _ => teams.push(TeamView {
                label,
                posts: vec![view],
            }),
        }
    }
    ReplayPage {
        page: viewer.page(),
        game: r.game,
        title: r.title.clone(),
        role: tr.say(&sheet.role),
        marked: sheet.marked,
        state,
        private: r
            .private
            .iter()
            .map(|l| {
                let e = variant.log_entry(&l.line, l.action.as_ref());
                LogLine {
                    act: e.act,
                    text: tr.say(&e.text),
                    refused: e.refused,
                    rule: e.rule,
                }
            })
            .collect(),
        teams,
        events: r
            .events
            .iter()
            .map(|e| tr.say(&variant.public(e)))
            .collect(),
        public: r
            .public
            .iter()
            .map(|p| post_view(&tr, variant, r.game, p))
            .collect(),
        seats: r
            .seats
            .iter()
            .map(|g| SeatChoice {
                selected: *g == r.seat,
                game_id: g.clone(),
            })
            .collect(),
        prev: (r.act > 1).then(|| replay_href(r.game, &r.seat, r.act - 1)),
        next: (r.act < r.acts).then(|| replay_href(r.game, &r.seat, r.act + 1)),
        prev_label: tr.t1("replay-prev", "act", &r.act.saturating_sub(1)),
        next_label: tr.t1("replay-next", "act", &(r.act + 1)),
        heading: tr.ta(
            "replay-title",
            &[("seat", r.seat.clone()), ("act", r.act.to_string())],
        ),
        position: tr.ta(
            "replay-of",
            &[("act", r.act.to_string()), ("acts", r.acts.to_string())],
        ),
        notes: r
            .notes
            .iter()
            .map(|n| super::seat_page::NoteView {
                act: tr.t1("game-act", "act", &n.act),
                body: n.body.clone(),
                at: TimeView::new(n.at),
            })
            .collect(),
        act: r.act,
        acts: r.acts,
    }
}

/// A team thread's name (`game-thread-<key>`), or the shell's word for one.
fn team_label(tr: &Tr, key: &str) -> String {
    let k = format!("game-thread-{}", key.replace('_', "-"));
    if tr.has(&k) {
        tr.t(&k)
    } else {
        tr.t("seat-team-thread")
    }
}

fn post_view(tr: &Tr, variant: Variant, game: i64, p: &ReplayPost) -> ReplayPostView {
    let post = &p.post;
    let page = crate::db::queries::forum::page_of_floor(post.floor);
    ReplayPostView {
        floor: post.floor,
        author: post.author.clone(),
        html: post.html.clone(),
        act: post.act.as_ref().map(|a| ActView::new(tr, variant, a)),
        notice: post.notice.as_ref().map(|n| notice_text(tr, n)),
        hidden: post.hidden.clone(),
        created_at: TimeView::new(post.created_at),
        href: format!(
            "/games/{game}/threads/{}?page={page}#p{}",
            p.thread, post.floor
        ),
    }
}
