//! The list of games, newest first, a page at a time, filtered by variant and by status. The
//! variant filter offers the registry's variants.

use crate::app::AppState;
use crate::db::queries::keyset::Edges;
use crate::db::queries::lobby::{self, Lobby, LobbyKey};
use crate::db::queries::{games, users};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::rules::Variant;
use crate::web::pages::{PageCtx, PageNumber, Pager, page_param, seek};
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// A page of the games list as read: each game with its sign-ups and judge's name, the total,
/// and the keys of the links to the pages near it.
pub struct GameList {
    games: Vec<GameRowView>,
    total: i64,
    /// The keys of the links to the pages near this one, written out.
    edges: Edges<String>,
}

/// The kept pages of the games list (`web::listings`), by variant, status, page (`Seek::text`)
/// and language:
/// the rows as shown (an open table's "starts at" is worded when read; a start that passes
/// moves the games' count: the table starts, or its missed start is logged).
pub type GameLists = crate::web::listings::Listings<
    (
        Option<&'static str>,
        Option<&'static str>,
        String,
        crate::i18n::Lang,
    ),
    GameList,
>;

/// Games on one page of the list.
const GAMES_PER_PAGE: i64 = 30;

#[derive(Clone)]
pub struct GameRowView {
    pub id: i64,
    pub title: String,
    /// The variant's name in the reader's language.
    pub variant: String,
    pub status: GameStatus,
    pub signups: usize,
    pub judge: String,
    pub fixed_deal: bool,
    /// An open table's seats left (issue 41), or how many wait in line when full.
    pub seats: Option<String>,
    /// An open table: when it starts, in words.
    pub starts: Option<String>,
}

/// A choice of a filter's select: (value, label, chosen).
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    pub chosen: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/list.html")]
struct ListPage {
    page: PageCtx,
    games: Vec<GameRowView>,
    can_create: bool,
    variants: Vec<Choice>,
    statuses: Vec<Choice>,
    /// A filter is set (the empty list says "no such games", not "no games yet").
    filtered: bool,
    pager: Pager,
}

/// The list's query: a variant's name and a status, each optional, and the page.
#[derive(Deserialize)]
// Unknown keys (`utm_*`, `lang`) are ignored on pages.
pub struct ListQuery {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    status: String,
    page: Option<PageNumber>,
    /// The key of the game the page starts after or before (`keyset`).
    after: Option<String>,
    before: Option<String>,
}

impl ListQuery {
    /// The filters as typed values.
    pub fn filters(&self) -> Result<(Option<Variant>, Option<GameStatus>), AppError> {
        crate::web::requests::list_filters(&self.variant, &self.status)
    }
}

/// An open table's seats left (or its line) and when it starts, from its settings; nothing
/// for a game that is not open.
fn lobby_facts(
    tr: &crate::i18n::Tr,
    g: &crate::db::models::GameRow,
    signups: usize,
    now: chrono::NaiveDateTime,
) -> (Option<String>, Option<String>) {
    use crate::game::settings::{AutoStart, GameSettings};
    if g.status != GameStatus::Signup {
        return (None, None);
    }
    let Ok(s) = serde_json::from_str::<GameSettings>(&g.settings) else {
        return (None, None);
    };
    let seats = if signups < s.max_seats {
        tr.t1("games-lobby-seats-left", "n", &(s.max_seats - signups))
    } else {
        tr.t1("games-lobby-full", "n", &(signups - s.max_seats))
    };
    let starts = match s.auto_start {
        // A start time that came with too few sign-ups: the judge starts it now.
        None => tr.t("games-lobby-starts-judge"),
        Some(AutoStart::At(at)) if at <= now => tr.t("games-lobby-starts-judge"),
        Some(AutoStart::WhenFull) => tr.t("games-lobby-starts-full"),
        Some(AutoStart::At(at)) => tr.t1(
            "games-lobby-starts-at",
            "time",
            &crate::web::pages::TimeView::new(at).text,
        ),
    };
    (Some(seats), Some(starts))
}

#[get("/games")]
pub async fn list(
    viewer: Viewer,
    state: web::Data<AppState>,
    lists: web::Data<GameLists>,
    q: web::Query<ListQuery>,
) -> Result<ListPage, AppError> {
    let (variant, status) = q.filters()?;
    let page = page_param(q.page);
    let seek = seek::<LobbyKey>(q.page, q.after.as_deref(), q.before.as_deref())?;
    let now = state.clock.now();
    let tr = viewer.tr;
    let key = (
        variant.map(Variant::name),
        status.map(GameStatus::name),
        seek.text(),
        tr.lang,
    );
    // Read under every public change to games and to accounts (a judge's name), kept for every
    // reader: the lobby is read once per change, not per view (issue 42).
    let epoch = crate::db::epoch::game_lists().wrapping_add(crate::db::epoch::accounts());
    let kept = match lists.get(&key, epoch) {
        Some(kept) => kept,
        None => {
            let read = state
                .db(move |c| {
                    let lobby = Lobby::new(variant.map(Variant::name), status);
                    let (read, total) = lobby::page(c, &lobby, &seek, GAMES_PER_PAGE)?;
                    let rows = read.rows;
                    // One query each for the page's sign-up counts and judges, not two per game.
                    let ids: Vec<i64> = rows.iter().map(|g| g.id).collect();
                    let counts = games::signup_counts(c, &ids)?;
                    let judges: Vec<i64> = rows.iter().map(|g| g.judge_id).collect();
                    let names = users::names(c, &judges)?;
                    let out = rows
                        .into_iter()
                        .map(|g| {
                            let signups = counts.get(&g.id).copied().unwrap_or(0);
                            let judge = names.get(&g.judge_id).cloned().unwrap_or_default();
                            (g, signups, judge)
                        })
                        .collect::<Vec<_>>();
                    Ok((out, total, read.edges.encoded()))
                })
                .await?;
            let (rows, total, edges) = read;
            let views = rows
                .into_iter()
                .map(|(g, signups, judge)| {
                    let (seats, starts) = lobby_facts(&tr, &g, signups, now);
                    GameRowView {
                        variant: tr.variant(&g.variant),
                        id: g.id,
                        title: g.title,
                        status: g.status,
                        signups,
                        judge,
                        fixed_deal: g.fixed_deal,
                        seats,
                        starts,
                    }
                })
                .collect();
            let list = GameList {
                games: views,
                total,
                edges,
            };
            lists.put(key, epoch, list)
        }
    };
    let mut base = String::from("/games?");
    if let Some(v) = variant {
        base.push_str(&format!("variant={}&", v.name()));
    }
    if let Some(s) = status {
        base.push_str(&format!("status={}&", s.name()));
    }
    Ok(ListPage {
        can_create: viewer.account.as_ref().is_some_and(|a| a.is_judge()),
        variants: Variant::all()
            .iter()
            .filter(|v| v.is_offered() || Some(**v) == variant)
            .map(|v| Choice {
                value: v.name(),
                label: tr.variant(v.name()),
                chosen: Some(*v) == variant,
            })
            .collect(),
        statuses: GameStatus::ALL
            .into_iter()
            .map(|s| Choice {
                value: s.name(),
                label: tr.t(&format!("games-status-{}", s.name())),
                chosen: Some(s) == status,
            })
            .collect(),
        filtered: variant.is_some() || status.is_some(),
        pager: Pager::keyed(page, kept.total, GAMES_PER_PAGE, base, &kept.edges),
        page: viewer.page(),
        games: kept.games.clone(),
    })
}
