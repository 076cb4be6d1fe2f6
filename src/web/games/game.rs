//! A game's public page and its buttons: sign up, withdraw, start, resolve now.

use super::see_other;
use crate::app::AppState;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::settings::GameSettings;
use crate::game::views::PublicGame;
use crate::game::{console, service};
use crate::rules::OptionValue;
use crate::web::flash::{self, Flash};
use crate::web::pages::{PageCtx, TimeView};
use crate::web::posted::{NoFields, Posted};
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// The public events of one resolved act, as sentences.
pub struct ActEvents {
    pub act: u32,
    pub lines: Vec<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/game.html")]
struct GamePage {
    page: PageCtx,
    /// Why the last button press was refused (sign-up, start, resolve), shown above the page.
    error: Option<String>,
    /// What a button of the judge's did ("Act 1 (night) is resolved.").
    notice: Option<String>,
    g: PublicOf,
    deadline: Option<TimeView>,
    acts: Vec<ActEvents>,
    winner: Option<String>,
    min_seats: u64,
    max_seats: u64,
    is_judge: bool,
    signed_up: bool,
    seated: bool,
    can_sign_up: bool,
    /// The variant's team threads, by key (the judge reads them; everyone after the end).
    team_threads: &'static [&'static str],
    /// The reader is on the substitute list.
    on_substitutes: bool,
    /// The reader may join the substitute list (signed in, no seat, not the judge, running).
    can_substitute: bool,
    /// The reader may watch the game (signed in, no seat, not the judge, running), and whether
    /// she does.
    can_watch: bool,
    watching: bool,
    banner: super::banner::Banner,
    /// What a player signs up for, in words: (label, value).
    facts: Vec<(String, String)>,
    /// The game's settings, as stored.
    settings: Option<GameSettings>,
    /// The reader's place in line, past the most seats (1: next).
    my_place: Option<usize>,
    /// Only the rehosted table's old players may sign up until then.
    priority_until: Option<TimeView>,
    /// The page's judge may rehost the game (finished).
    can_rehost: bool,
}

impl GamePage {
    /// Where the game's rules are: its preset's page, or the setup version it pins.
    fn rules_href(&self) -> String {
        match self.settings.as_ref().and_then(|s| s.setup.as_ref()) {
            Some(p) => format!("/setups/{}?version={}", p.id, p.version),
            None => format!("/rules/{}", self.g.variant),
        }
    }

    /// What the game is played by, as readers name it: the preset's name, or the setup's name
    /// and version.
    fn variant_label(&self) -> String {
        self.page.tr.variant(self.g.variant.name())
    }
}

/// The settings a player signs up for, in the reader's language: act length, when deadlines
/// fall (time of day and zone), seat range, reminder, and the options (redistribution, edition).
fn settings_facts(tr: &crate::i18n::Tr, settings: &GameSettings) -> Vec<(String, String)> {
    let minutes = settings.act_minutes;
    let length = if minutes > 0 && minutes % 60 == 0 {
        tr.t1("game-fact-hours", "n", &(minutes / 60))
    } else {
        tr.t1("game-fact-minutes", "n", &minutes)
    };
    let deadline = match &settings.deadline_time {
        Some(t) => tr.ta(
            "game-fact-deadline-at",
            &[("time", t.clone()), ("zone", settings.timezone.clone())],
        ),
        None => tr.t("game-fact-deadline-any"),
    };
    let seats = tr.ta(
        "game-fact-seats",
        &[
            ("min", settings.min_seats.to_string()),
            ("max", settings.max_seats.to_string()),
        ],
    );
    let remind = match settings.remind_hours {
        0 => tr.t("game-fact-remind-never"),
        h => tr.t1("game-fact-remind", "n", &h),
    };
    let options = &settings.options;
    let variant = Some(settings.variant);
    let mut facts = vec![
        (tr.t("game-fact-act-length"), length),
        (tr.t("game-fact-deadline"), deadline),
        (tr.t("game-fact-seat-range"), seats),
        (tr.t("game-fact-reminder"), remind),
    ];
    let Some(variant) = variant else {
        return facts;
    };
    // The variant's options, each in words: `game-fact-<name>` (else the form's label) and
    // `game-fact-<name>-<value>` (else on/off or the form's choice).
    for o in variant.option_fields() {
        let key = o.name.replace('_', "-");
        let fact = format!("game-fact-{key}");
        let label = if tr.has(&fact) {
            tr.t(&fact)
        } else {
            tr.t(&format!("option-{key}"))
        };
        let (value_key, fallback) = match o.value_in(options) {
            OptionValue::Flag(on) => {
                let v = if on { "on" } else { "off" };
                (format!("{fact}-{v}"), format!("game-fact-{v}"))
            }
            OptionValue::Choice(v) => {
                let v = v.replace('_', "-");
                (format!("{fact}-{v}"), format!("option-{key}-{v}"))
            }
        };
        let value = if tr.has(&value_key) {
            tr.t(&value_key)
        } else {
            tr.t(&fallback)
        };
        facts.push((label, value));
    }
    // The edition the game plays by, for a variant whose ruling book has editions.
    if let Some(edition) = variant.edition_of(options) {
        facts.push((
            tr.t("game-rules"),
            tr.t1("game-rules-edition", "edition", &edition),
        ));
    }
    // Who shares the spectators' thread with the watchers (issue 41).
    facts.push((
        tr.t("spectators-fact"),
        tr.t(match settings.spectators_dead {
            true => "spectators-fact-shared",
            false => "spectators-fact-watchers",
        }),
    ));
    if let Some(previous) = settings.series_after {
        facts.push((
            tr.t("game-fact-series"),
            tr.t1("game-fact-series-after", "id", &previous),
        ));
    }
    // Issue 41: how the table starts, and whether its phases end once everyone has acted.
    let starts = match settings.auto_start {
        None => tr.t("table-start-judge"),
        Some(crate::game::settings::AutoStart::WhenFull) => {
            tr.t1("table-start-when-full", "n", &settings.max_seats)
        }
        Some(crate::game::settings::AutoStart::At(at)) => tr.ta(
            "table-start-at",
            &[
                ("time", TimeView::new(at).text),
                ("min", settings.min_seats.to_string()),
            ],
        ),
    };
    facts.push((tr.t("table-start"), starts));
    let early = if settings.resolve_early {
        tr.t1("table-early-on", "seconds", &settings.grace_seconds)
    } else {
        tr.t("table-early-off")
    };
    facts.push((tr.t("table-early"), early));
    if let Some(old) = settings.rehost_of {
        facts.push((
            tr.t("table-rehost-of"),
            tr.t1("table-rehost-of-game", "id", &old),
        ));
    }
    facts
}

impl GamePage {
    /// "Act 2 (vote)": the act, and the phase for a variant of several phases per act.
    fn phase_line(&self) -> String {
        let tr = self.page.tr;
        super::phase_name(&tr, self.g.variant, self.g.status, self.g.phase, self.g.act)
    }

    /// "It is X's turn to speak." while a seat has the floor (CL-4, CL-5).
    fn speaker_line(&self) -> Option<String> {
        let tr = self.page.tr;
        let name = self.g.speaker.as_ref()?;
        let key = super::turn_key(self.g.variant, self.g.phase.map(|p| p.kind));
        Some(tr.t1(key, "name", name))
    }

    fn status_line(&self) -> String {
        let tr = self.page.tr;
        let status = tr.t(&format!("games-status-{}", self.g.status));
        tr.t1("game-status", "status", &status)
    }

    fn signups_heading(&self) -> String {
        self.page
            .tr
            .t1("game-signups", "count", &self.g.signups.len())
    }

    fn seat_range(&self) -> String {
        if self.min_seats == self.max_seats {
            return self.page.tr.t1("game-seat-fixed", "n", &self.min_seats);
        }
        self.page.tr.ta(
            "game-seat-range",
            &[
                ("min", self.min_seats.to_string()),
                ("max", self.max_seats.to_string()),
            ],
        )
    }

    /// "3 seats left" / "Full: more sign-ups wait in line" (issue 41).
    fn seats_left_line(&self) -> String {
        let left = (self.max_seats as usize).saturating_sub(self.g.signups.len());
        if left == 0 {
            self.page.tr.t("table-full")
        } else {
            self.page.tr.t1("table-seats-left", "n", &left)
        }
    }

    /// A running game that ends phases early says so, with its grace (issue 41).
    fn early_line(&self) -> Option<String> {
        let s = self.settings.as_ref().filter(|s| s.resolve_early)?;
        Some(
            self.page
                .tr
                .t1("table-early-on", "seconds", &s.grace_seconds),
        )
    }

    fn iso(&self, t: &chrono::NaiveDateTime) -> String {
        TimeView::new(*t).iso
    }

    fn local(&self, t: &chrono::NaiveDateTime) -> String {
        TimeView::new(*t).text
    }

    /// The judge chose to show external images in this game's posts.
    fn shows_images(&self) -> bool {
        self.settings.as_ref().is_some_and(|s| s.show_images)
    }
}

#[get(
    "/games/{id}",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    kept: web::Data<crate::game::snapshot::Snapshots>,
    id: web::Path<i64>,
) -> Result<GamePage, AppError> {
    let mut page = page_for(&viewer, &state, &kept, *id).await?;
    if let Some(f) = flash::take(&state, &viewer, &format!("/games/{}", *id)).await? {
        page.error = f.error_for("");
        page.notice = f.ok.then(|| f.message.clone());
    }
    Ok(page)
}

/// After a button press: back to the game page, with the refusal on top when it was refused
/// (nothing was changed).
async fn after(
    viewer: &Viewer,
    state: &AppState,
    game_id: i64,
    result: Result<(), AppError>,
) -> Result<HttpResponse, AppError> {
    match result {
        Ok(()) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(
            e @ (AppError::Conflict(_)
            | AppError::SeatCount { .. }
            | AppError::BadRequest(_)
            | AppError::Input(_)),
        ) => {
            let f = Flash::refusal("", e.message(&viewer.tr));
            flash::redirect(state, viewer, &format!("/games/{game_id}"), f).await
        }
        Err(e) => Err(e),
    }
}

/// The public view of a kept snapshot, read by the template as a `PublicGame` (no copy).
pub struct PublicOf(std::sync::Arc<crate::game::snapshot::Snapshot>);

impl std::ops::Deref for PublicOf {
    type Target = PublicGame;

    fn deref(&self) -> &PublicGame {
        &self.0.public
    }
}

async fn page_for(
    viewer: &Viewer,
    state: &AppState,
    kept: &crate::game::snapshot::Snapshots,
    game_id: i64,
) -> Result<GamePage, AppError> {
    let snapshot = super::snapshot(state, kept, viewer, game_id).await?;
    let me = viewer.reader_in_game(game_id);
    let row = &snapshot.row;
    let on_substitutes = me.is_some_and(|a| {
        !a.is_alias()
            && snapshot
                .folded
                .substitutes
                .iter()
                .any(|s| s.user_id == a.id)
    });
    let seated = me.is_some_and(|a| snapshot.seat_of(a.id).is_some());
    let is_judge = me.is_some_and(|a| crate::game::access::judges_unless_seated(row, a, seated));
    // Every team thread opens with the first one (games before several teams opened theirs
    // when the team formed).
    let team_threads = if row.team_thread_id.is_some() {
        crate::game::stored::variant_of(row)?.team_threads()
    } else {
        &[]
    };
    let banner = super::banner::banner_of(viewer, &snapshot);
    let g = PublicOf(snapshot.clone());
    let tr = viewer.tr;
    // The settings as stored (a game's settings always read; a row that did not would show
    // no facts rather than fail the page).
    let settings: Option<GameSettings> = serde_json::from_value(g.settings.clone()).ok();
    let variant = g.variant;
    let mut acts: Vec<ActEvents> = Vec::new();
    for e in &g.public {
        let line = tr.say(&variant.public(&e.event));
        match acts.last_mut() {
            Some(a) if a.act == e.act => a.lines.push(line),
            _ => acts.push(ActEvents {
                act: e.act,
                lines: vec![line],
            }),
        }
    }
    let name = viewer.account.as_ref().map(|a| a.name.clone());
    let my_place = name
        .as_ref()
        .and_then(|n| g.waiting.iter().position(|w| w == n))
        .map(|i| i + 1);
    let signed_up = my_place.is_some() || name.as_ref().is_some_and(|n| g.signups.contains(n));
    let now = state.clock.now();
    let priority_until = settings
        .as_ref()
        .and_then(|s| s.priority_until)
        .filter(|until| *until > now && g.status == GameStatus::Signup)
        .map(TimeView::new);
    let can_rehost = is_judge && g.status == GameStatus::Finished;
    let judge_self = viewer.account.as_ref().is_some_and(|a| a.name == g.judge);
    let seat_n = |k: &str| g.settings.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
    let can_watch = me.is_some_and(|a| !a.is_alias())
        && !is_judge
        && !seated
        && g.status == GameStatus::Running
        && !snapshot.folded.is_over();
    let watching = match me {
        Some(a) if can_watch => crate::game::spectators::is_watching(state, a, game_id).await?,
        _ => false,
    };
    let mut page = viewer.page();
    page.feed = Some(format!("/games/{game_id}/feed.atom"));
    Ok(GamePage {
        facts: settings
            .as_ref()
            .map(|s| settings_facts(&tr, s))
            .unwrap_or_default(),
        settings,
        my_place,
        priority_until,
        can_rehost,
        error: None,
        notice: None,
        page,
        banner,
        deadline: g.deadline.map(TimeView::new),
        winner: g.winner.as_deref().map(|w| tr.say(&variant.winner(w))),
        min_seats: seat_n("min_seats"),
        max_seats: seat_n("max_seats"),
        can_sign_up: viewer.account.is_some() && !judge_self && g.status == GameStatus::Signup,
        can_substitute: viewer.account.as_ref().is_some_and(|a| !a.is_alias())
            && !is_judge
            && !seated
            && g.status == GameStatus::Running,
        on_substitutes,
        can_watch,
        watching,
        acts,
        is_judge,
        signed_up,
        seated,
        team_threads,
        g,
    })
}

/// "Resolve now" carries the act the page showed: a second click resolves nothing.
#[derive(Deserialize)]
pub struct ResolveForm {
    act: u32,
    /// The ticked confirmation: resolving now cannot be undone (as on the console).
    confirm: Option<String>,
}

#[post("/games/{id}/signup")]
pub async fn signup(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let result = service::set_signup(&state, viewer.require()?, *id, true).await;
    // In line, or the sign-up that started the table: the page says so on top.
    let said = match &result {
        Ok(service::Signup::Waiting(n)) => Some(viewer.tr.t1("table-in-line", "n", n)),
        Ok(service::Signup::Started) => Some(viewer.tr.t("table-started-full")),
        _ => None,
    };
    if let Some(message) = said {
        return flash::redirect(
            &state,
            &viewer,
            &format!("/games/{}", *id),
            Flash::notice(message),
        )
        .await;
    }
    after(&viewer, &state, *id, result.map(|_| ())).await
}

#[post("/games/{id}/withdraw")]
pub async fn withdraw(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let result = service::set_signup(&state, viewer.require()?, *id, false).await;
    after(&viewer, &state, *id, result.map(|_| ())).await
}

/// The judge of a finished game opens a new table like it (issue 41): to its page.
#[post("/games/{id}/rehost")]
pub async fn rehost(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    match service::rehost(&state, viewer.require()?, *id).await {
        Ok(new) => Ok(see_other(&format!("/games/{new}"))),
        Err(e) => after(&viewer, &state, *id, Err(e)).await,
    }
}

/// The game page's "join the substitute list" button (替补).
#[post("/games/{id}/substitutes")]
pub async fn join_substitutes(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let result = console::set_substitute(&state, viewer.require()?, *id, true).await;
    after(&viewer, &state, *id, result).await
}

#[post("/games/{id}/substitutes/leave")]
pub async fn leave_substitutes(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let result = console::set_substitute(&state, viewer.require()?, *id, false).await;
    after(&viewer, &state, *id, result).await
}

/// The judge starts with a random deal (a fixed deal is the admin API's business).
#[post("/games/{id}/start")]
pub async fn start(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let result = service::start(&state, viewer.require()?, *id, None)
        .await
        .map(|_| ());
    after(&viewer, &state, *id, result).await
}

#[post("/games/{id}/resolve")]
pub async fn resolve(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ResolveForm>,
) -> Result<HttpResponse, AppError> {
    let account = viewer.require()?;
    service::require_judge(&state, account, *id).await?;
    if form.confirm.as_deref().map(str::trim) != Some("yes") {
        let tr = viewer.tr;
        let message = tr.t1("console-confirm-missing", "action", &tr.t("game-resolve"));
        let f = Flash::refusal("", message);
        return flash::redirect(&state, &viewer, &format!("/games/{}", *id), f).await;
    }
    match service::resolve(&state, *id, form.act, "judge", Some(account.id)).await {
        Ok(r) => {
            let notice = super::resolved_notice(&viewer.tr, r);
            let to = format!("/games/{}", *id);
            flash::redirect(&state, &viewer, &to, Flash::notice(notice)).await
        }
        Err(e) => after(&viewer, &state, *id, Err(e)).await,
    }
}
