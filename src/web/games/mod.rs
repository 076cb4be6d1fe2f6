//! Browser pages of games: the list and the create form, a game's public page, a seat's private
//! page with its action forms, the game's threads (as game IDs) and the reveal.
//!
//! Privacy is the product: before the end no page, form, error or ordering links an account to
//! a game ID, except a seat's own page, which shows its own real ID to itself.

mod act_view;
pub mod banner;
pub use act_view::{phase_suffix, vote_count_lines};
mod console;
mod game;
pub mod list;
mod live;
pub(crate) mod new;
mod notes;
mod picture;
mod replay;
mod reveal;
mod seat;
mod seat_page;
mod threads;
pub use threads::GameThreadParts;
mod turn;
mod votes;
mod watch;

use crate::game::snapshot::Snapshots;
use crate::game::threads::ActPost;
use crate::i18n::Tr;
use crate::rules::{Say, Variant};
use crate::web::pages::TimeView;
use actix_web::{HttpResponse, web};

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `/games/new` before `/games/{id}`, so that "new" is not taken for an id.
    cfg.service(list::list)
        .service(new::new_form)
        .service(new::create)
        .service(game::show)
        .service(game::signup)
        .service(game::withdraw)
        .service(game::rehost)
        .service(game::start)
        .service(game::resolve)
        .service(seat::show)
        .service(seat::act)
        .service(notes::write)
        .service(votes::show)
        .service(threads::show)
        .service(threads::reply)
        .service(threads::edit_form)
        .service(threads::edit)
        .service(threads::history)
        .service(turn::pass)
        .service(reveal::show)
        .service(replay::show)
        .service(console::show)
        .service(console::actions::deadline)
        .service(console::actions::pause)
        .service(console::actions::resume)
        .service(console::actions::resolve)
        .service(console::actions::lock)
        .service(console::actions::post_as_judge)
        .service(console::actions::end)
        .service(console::actions::substitute)
        .service(game::join_substitutes)
        .service(game::leave_substitutes)
        .service(watch::watch)
        .service(watch::unwatch)
        .service(live::events);
}

/// Game `game_id` as its pages read it for `viewer`: the snapshot kept in memory, or read
/// afresh and kept (`game::snapshot`).
pub async fn snapshot(
    state: &crate::app::AppState,
    kept: &Snapshots,
    viewer: &crate::web::viewer::Viewer,
    game_id: i64,
) -> Result<std::sync::Arc<crate::game::snapshot::Snapshot>, crate::error::AppError> {
    // Read before the database: a change while it reads makes the snapshot old at once.
    let (epoch, read_seq) = (
        crate::db::epoch::game(game_id),
        crate::db::epoch::private_seq(),
    );
    let reader = viewer.reader_in_game(game_id).map(|a| a.id);
    if let Some(kept) = kept.get(game_id, epoch, reader) {
        return Ok(kept);
    }
    let read = state
        .db(move |c| crate::game::snapshot::Snapshot::read(c, game_id))
        .await?;
    Ok(kept.put(game_id, epoch, read_seq, read))
}

fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish()
}

/// A phase as pages name it: "第 1 幕（夜晚）", "Act 2 (vote)"; the act alone for a variant of
/// one phase per act.
pub fn phase_title(tr: &Tr, variant: Variant, phase: crate::rules::Phase) -> String {
    let kind = (variant.phases().len() > 1).then_some(phase.kind);
    tr.t1("game-act", "act", &phase.act) + &phase_suffix(tr, kind)
}

/// The phase a page names for a game: "尚未开始" / "Not started" before the start, when no act
/// is open (the stored act is 0, which is no act); else its phase ([`phase_title`]); else its
/// act. Every page that names the phase (the game page, a seat page, the console) names it
/// here.
pub fn phase_name(
    tr: &Tr,
    variant: Variant,
    status: crate::domain::GameStatus,
    phase: Option<crate::rules::Phase>,
    act: u32,
) -> String {
    match phase {
        _ if status.is_signup() || act == 0 => tr.t("game-not-started"),
        Some(p) => phase_title(tr, variant, p),
        None => tr.t1("game-act", "act", &act),
    }
}

/// What a judge is told after "resolve now": the phase that ended, by the name pages give it
/// (never the step number, nor the phase that opened), and whether the game ended with it.
pub fn resolved_notice(tr: &Tr, r: crate::game::service::Resolved) -> String {
    let key = if r.over {
        "console-done-resolve-over"
    } else {
        "console-done-resolve"
    };
    tr.t1(key, "phase", &phase_title(tr, r.variant, r.ended))
}

/// A notice of the judge's clock as the reader reads it, with its time in the game's zone.
pub fn notice_text(tr: &Tr, n: &crate::game::threads::Notice) -> String {
    use chrono::TimeZone;
    let zone: chrono_tz::Tz = n
        .zone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::Asia::Shanghai);
    let when =
        n.at.map(|t| {
            zone.from_utc_datetime(&t)
                .format("%Y-%m-%d %H:%M %Z")
                .to_string()
        })
        .unwrap_or_default();
    match n.notice.as_str() {
        "deadline_moved" => tr.t1("notice-deadline-moved", "when", &when),
        "paused" => tr.t("notice-paused"),
        "resumed" => tr.t1("notice-resumed", "when", &when),
        _ => tr.t("notice-other"),
    }
}

/// The catalog key of the sentence naming whose turn it is in a phase of `kind`, as the
/// variant's phase kinds give it (CL-4's last words have their own).
pub(crate) fn turn_key(variant: Variant, kind: Option<&str>) -> &'static str {
    kind.and_then(|k| variant.phase_kind(k))
        .map_or("turn-speaker", |k| k.turn)
}

/// One public event of an act post: its sentence and, for the ballots of a classic vote round
/// (CL-6), one line per voter under it.
pub struct ActEvent {
    pub text: String,
    pub ballots: Vec<String>,
}

/// An act post, as the reader reads it.
pub struct ActView {
    /// The act resolved (for a variant of several phases per act, the resolved phase's act,
    /// with the phase in `resolved_phase`: " (night)").
    pub resolved: Option<u32>,
    /// "Resolution of act 1", "Resolution of act 1 (night)".
    pub resolved_title: String,
    pub events: Vec<ActEvent>,
    pub alive: String,
    pub opens: Option<u32>,
    /// "The game starts; act 1 opens." / "Act 2 (day) opens; deadline:".
    pub opening_text: String,
    pub next_text: String,
    pub deadline: Option<TimeView>,
    pub winner: Option<String>,
    /// A resolution that put nobody out by the vote (DN-15) says so, whatever the options
    /// (one phase per act, or a day; a night or a classic vote round's own events say it).
    pub nobody_voted_out: bool,
    /// The published vote counts, one line per game ID (only with the option
    /// `publish_votes`; empty list: nobody voted).
    pub votes: Option<Vec<String>>,
    /// "It is X's turn to speak." for a phase of one speaker (CL-5, CL-4).
    pub speaker_text: Option<String>,
    /// "X did not speak in time and was skipped." (CL-5).
    pub skipped_text: Option<String>,
    /// A post that only passes the turn to speak on: "X's speech is over." (or the skip), then
    /// what opens; drawn as one short line, without a summary.
    pub turn_text: Option<String>,
}

impl ActView {
    /// The post `a` of a game of `variant`, worded by the variant's messages.
    pub fn new(tr: &Tr, variant: Variant, a: &ActPost) -> ActView {
        // Whether the resolution adds "nobody was voted out" is the rules' (DN-15).
        let no_vote_out = variant.words(Say::NoVoteOut {
            events: &a.events,
            phase: a.resolved_phase.as_ref().map(|p| p.kind.as_str()),
        });
        let act_of =
            |step: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| match label {
                Some(p) => step.map(|_| p.act),
                None => step,
            };
        let resolved = act_of(a.resolved, &a.resolved_phase);
        let opens = act_of(a.opens, &a.opens_phase);
        let with_phase =
            |key: &str, act: Option<u32>, label: &Option<crate::game::threads::PhaseLabel>| {
                tr.ta(
                    key,
                    &[
                        ("act", act.unwrap_or(0).to_string()),
                        (
                            "phase",
                            phase_suffix(tr, label.as_ref().map(|p| p.kind.as_str())),
                        ),
                    ],
                )
            };
        let winner = a.winner.as_deref().map(|w| variant.winner(w));
        ActView {
            resolved_title: with_phase("thread-act-resolved", resolved, &a.resolved_phase),
            opening_text: with_phase("thread-act-opening", opens, &a.opens_phase),
            next_text: with_phase("thread-act-next", opens, &a.opens_phase),
            nobody_voted_out: a.resolved.is_some() && no_vote_out.is_some(),
            votes: a
                .votes
                .as_deref()
                .map(|counts| vote_count_lines(tr, counts)),
            resolved,
            events: a
                .events
                .iter()
                .map(|e| (e, variant.public(e)))
                // The winner has its own line: the engine's game-over event would say it twice.
                .filter(|(_, m)| winner.is_none() || m.catalog_key() != Some("game-over"))
                .map(|(e, m)| match variant.rules().listed(e, &a.alive) {
                    Some((title, lines)) => ActEvent {
                        text: tr.say(&title),
                        ballots: lines.iter().map(|l| tr.say(l)).collect(),
                    },
                    None => ActEvent {
                        text: tr.say(&m),
                        ballots: Vec::new(),
                    },
                })
                .collect(),
            alive: tr.list(a.alive.iter().cloned()),
            speaker_text: a.speaker.as_ref().map(|name| {
                let kind = a.opens_phase.as_ref().map(|p| p.kind.as_str());
                tr.t1(turn_key(variant, kind), "name", name)
            }),
            skipped_text: a
                .skipped
                .as_ref()
                .map(|name| tr.t1("turn-skipped", "name", name)),
            turn_text: a.turn_ended.as_ref().map(|name| match &a.skipped {
                Some(skipped) => tr.t1("turn-skipped", "name", skipped),
                None => tr.t1("turn-ended", "name", name),
            }),
            opens,
            deadline: a.deadline.map(TimeView::new),
            winner: winner.map(|w| tr.say(&w)),
        }
    }
}
