//! The banner every game page shows a seat that still owes a ballot or an action this act (or
//! has not yet made an optional one), and the hook for live updates (`data-live`). Only the
//! seat's own account ever sees its banner.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::snapshot::{Snapshot, Snapshots};
use crate::web::pages::TimeView;
use crate::web::viewer::Viewer;

pub struct Banner {
    pub game: i64,
    /// What the reader's seat owes, as a sentence; `None`: nothing (or not a seat).
    pub text: Option<String>,
    pub deadline: Option<TimeView>,
    /// An admin fixed the deal: every page of the game says so.
    pub fixed_deal: bool,
    /// It is the reader's seat's turn to speak: the step of that phase (for its "过" button,
    /// CL-5) and its deadline.
    pub turn: Option<(u32, TimeView)>,
}

impl Banner {
    /// The stream the optional script listens on.
    pub fn live(&self) -> String {
        format!("/games/{}/events", self.game)
    }
}

/// The banner for this reader on a page of game `game_id` (once per request).
pub async fn banner(
    state: &AppState,
    kept: &Snapshots,
    viewer: &Viewer,
    game_id: i64,
) -> Result<Banner, AppError> {
    let snapshot = super::snapshot(state, kept, viewer, game_id).await?;
    Ok(banner_of(viewer, &snapshot))
}

/// The banner for this reader on a page of the game `s` (read from memory).
pub fn banner_of(viewer: &Viewer, s: &Snapshot) -> Banner {
    let game_id = s.row.id;
    let fixed_deal = s.row.fixed_deal;
    let Some(user) = viewer.reader_in_game(game_id).map(|a| a.id) else {
        return Banner {
            game: game_id,
            text: None,
            deadline: None,
            fixed_deal,
            turn: None,
        };
    };
    let owed = (|| {
        let (_, name) = s.seat_of(user)?;
        let due = s.public.deadline?;
        let game = s.folded.game.as_ref()?;
        if game.is_over() {
            return None;
        }
        // Last words are a turn too, of a seat already out (CL-4).
        let turn = (game.speaker().as_deref() == Some(name.as_str())).then(|| game.phase());
        let alive = game.seats().iter().any(|s| s.game_id == name && s.alive);
        let owes = if alive {
            game.owes(&name)
        } else {
            Default::default()
        };
        let action = owes.action.then(|| game.variant().owed_action());
        Some((owes.ballot, action, due, turn, owes.optional))
    })();
    let tr = viewer.tr;
    let turn = owed
        .as_ref()
        .and_then(|(_, _, due, turn, _)| turn.map(|step| (step, TimeView::new(*due))));
    let (text, deadline) = match owed {
        Some((ballot, action, due, _, optional)) if ballot || action.is_some() => {
            let mut what = Vec::new();
            if ballot {
                what.push(tr.t("seat-owes-ballot"));
            }
            if let Some(action) = action {
                what.push(tr.say(&action));
            }
            let what = what.join(tr.t("list-sep").as_str());
            // An optional submission is not owed: the seat may leave it (CL-1, CL-6, R4-3, R5-1).
            let key = if optional {
                "notify-banner-optional"
            } else {
                "notify-banner"
            };
            (Some(tr.t1(key, "what", &what)), Some(TimeView::new(due)))
        }
        _ => (None, None),
    };
    Banner {
        game: game_id,
        text,
        deadline,
        fixed_deal,
        turn,
    }
}
