//! The vote history page (issue 41, `/games/{id}/votes`): each act's votes as the rules
//! published them — a table per day (each voter's choice, round by round), each round's
//! tallies, the tie and the outcome — and a summary table of every day. The rules read them
//! (`rules::vote_history`); the page only words them, the same for every reader.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::votes::{self, GameVotes};
use crate::i18n::Tr;
use crate::rules::vote_history::{Day, Outcome, Published, Round};
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

/// One voter's row of a day's table: its choice in each round (`None`: not listed that round).
pub struct VoterRow {
    pub voter: String,
    pub choices: Vec<Option<ChoiceCell>>,
}

pub struct ChoiceCell {
    pub text: String,
    /// It named nobody.
    pub none: bool,
}

/// One round's tally, in words.
pub struct RoundView {
    /// "Round 1", "Round 2 (PK)".
    pub label: String,
    pub tallies: Vec<(String, u32)>,
    /// "2 cast none", when some did.
    pub abstained: Option<String>,
    /// "Tied: A, B".
    pub tie: Option<String>,
    /// The night's dark votes counted too, unseen.
    pub dark_votes: bool,
}

pub struct DayView {
    pub act: u32,
    /// "Act 2".
    pub title: String,
    /// Ballots were published: the voter table is drawn.
    pub ballots: bool,
    pub rounds: Vec<RoundView>,
    pub voters: Vec<VoterRow>,
    pub outcome: String,
    /// The summary's tally: the last round's, "A 4 · B 1".
    pub last_tally: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/votes.html")]
pub struct VotesPage {
    page: PageCtx,
    game: i64,
    title: String,
    /// What the rules publish, in a sentence; `None` before any day.
    published: Option<String>,
    days: Vec<DayView>,
}

#[get(
    "/games/{id}/votes",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
pub async fn show(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<VotesPage, AppError> {
    let game_id = *id;
    let v = state.db(move |c| votes::of_game(c, game_id)).await?;
    Ok(page(&viewer, v))
}

fn page(viewer: &Viewer, v: GameVotes) -> VotesPage {
    let tr = viewer.tr;
    let published = (!v.history.days.is_empty()).then(|| {
        tr.t(match v.history.published {
            Published::Ballots => "votes-published-ballots",
            Published::Counts => "votes-published-counts",
            Published::Outcome => "votes-published-outcome",
        })
    });
    let days = v
        .history
        .days
        .iter()
        .map(|d| day_view(&tr, d, !v.over && d.act >= v.act))
        .collect();
    VotesPage {
        page: viewer.page(),
        game: v.id,
        title: v.title,
        published,
        days,
    }
}

fn day_view(tr: &Tr, d: &Day, open: bool) -> DayView {
    let ballots = d.rounds.iter().any(|r| r.ballots.is_some());
    // Voters in the order of their first round (seat order), each round a column.
    let mut voters: Vec<VoterRow> = Vec::new();
    for (i, r) in d.rounds.iter().enumerate() {
        for b in r.ballots.iter().flatten() {
            let cell = ChoiceCell {
                text: b.choice.clone().unwrap_or_else(|| tr.t("votes-none")),
                none: b.choice.is_none(),
            };
            match voters.iter_mut().find(|v| v.voter == b.voter) {
                Some(v) => v.choices[i] = Some(cell),
                None => {
                    let mut choices: Vec<Option<ChoiceCell>> =
                        d.rounds.iter().map(|_| None).collect();
                    choices[i] = Some(cell);
                    voters.push(VoterRow {
                        voter: b.voter.clone(),
                        choices,
                    });
                }
            }
        }
    }
    let last_tally = d
        .rounds
        .last()
        .map(|r| {
            r.tallies
                .iter()
                .map(|t| format!("{} {}", t.seat, t.votes))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .unwrap_or_default();
    DayView {
        act: d.act,
        title: tr.t1("game-act", "act", &d.act),
        ballots,
        rounds: d.rounds.iter().map(|r| round_view(tr, r)).collect(),
        voters,
        outcome: outcome_text(tr, &d.outcome, open),
        last_tally,
    }
}

fn round_view(tr: &Tr, r: &Round) -> RoundView {
    RoundView {
        label: round_label(tr, r.round),
        tallies: r
            .tallies
            .iter()
            .map(|t| (t.seat.clone(), t.votes))
            .collect(),
        abstained: (r.abstained > 0).then(|| tr.t1("votes-abstained", "count", &r.abstained)),
        tie: (!r.tie.is_empty()).then(|| tr.t1("votes-tie", "seats", &r.tie.join("、"))),
        dark_votes: r.dark_votes,
    }
}

/// "Round 1", then "Round 2 (PK)".
pub fn round_label(tr: &Tr, round: u8) -> String {
    if round > 1 {
        tr.t1("votes-round-pk", "round", &round)
    } else {
        tr.t1("votes-round", "round", &round)
    }
}

fn outcome_text(tr: &Tr, o: &Outcome, open: bool) -> String {
    let mut parts = Vec::new();
    if let Some(s) = &o.exploded {
        parts.push(tr.t1("votes-exploded", "seat", s));
    }
    if !o.out.is_empty() {
        parts.push(tr.t1("votes-out", "seats", &o.out.join("、")));
    }
    if !o.no_vote.is_empty() {
        parts.push(tr.t1("votes-no-vote", "seats", &o.no_vote.join("、")));
    }
    if parts.is_empty() {
        parts.push(tr.t(if open {
            "votes-open"
        } else if o.peaceful {
            "votes-peaceful"
        } else {
            "votes-nobody"
        }));
    }
    parts.join(" ")
}
