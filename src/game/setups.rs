//! Judges' own setups (版本): saved, revised and read. A document is read and checked by the
//! rules (`rules::setups::read`) before anything is stored, and stored as the rules read it back;
//! each edit appends a version, and a version never changes (docs/setups.md).

use serde::Serialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::{games, setups};
use crate::domain::Title;
use crate::error::AppError;
use crate::rules::setups as rules;

/// A setup version a judge names: `{"id", "version"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRef {
    pub id: i64,
    pub version: i64,
}

/// A setup as anyone reads it (one version of it).
#[derive(Clone, Debug, Serialize)]
pub struct SetupView {
    pub id: i64,
    pub name: String,
    pub author: String,
    /// The author's account (pages compare it; the API says the name only).
    #[serde(skip)]
    pub author_id: i64,
    pub version: i64,
    /// How many versions it has.
    pub versions: i64,
    pub based_on: Option<SetupRef>,
    pub document: Value,
    /// Finished or running games of any of its versions.
    pub games: i64,
    /// Its finished games, and how many each winner took (`draw` too; a game the judge ended
    /// without a winner counts under `none`).
    pub finished: i64,
    pub wins: std::collections::BTreeMap<String, i64>,
}

/// One stored version of a setup: its row, which version, how many it has, its document.
struct Stored {
    row: setups::SetupRow,
    version: i64,
    versions: i64,
    document: Value,
}

/// Setup `id` at `version` (its newest when `None`); `404` when either is missing.
fn stored(
    c: &mut crate::db::DbConnection,
    id: i64,
    version: Option<i64>,
) -> Result<Stored, AppError> {
    let row = setups::get(c, id)?.ok_or(AppError::NotFound)?;
    let versions = setups::latest(c, id)?.ok_or(AppError::NotFound)?;
    let version = version.unwrap_or(versions);
    let kept = setups::version(c, id, version)?.ok_or(AppError::NotFound)?;
    // Stored only as the rules wrote it back: a document that does not parse is a fault.
    let document = serde_json::from_str(&kept.document)
        .map_err(|e| AppError::Internal(format!("setup {id} v{version}: {e}")))?;
    Ok(Stored {
        row,
        version,
        versions,
        document,
    })
}

/// What anyone reads of a stored version, with the games made from the setup: how many, and
/// each winner's count of the finished ones (read from their logs; a running game's outcome
/// is nobody's yet).
fn view(c: &mut crate::db::DbConnection, s: Stored) -> Result<SetupView, AppError> {
    let made = games::of_setup(c, s.row.id)?;
    let mut wins = std::collections::BTreeMap::new();
    let mut finished = 0;
    for (game, status) in &made {
        if *status != crate::domain::GameStatus::Finished {
            continue;
        }
        finished += 1;
        let winner = crate::game::cache::folded(c, *game)?
            .winner()
            .unwrap_or_else(|| "none".to_string());
        *wins.entry(winner).or_insert(0) += 1;
    }
    Ok(SetupView {
        id: s.row.id,
        author: crate::db::queries::users::by_id(c, s.row.author_id)?
            .map(|u| u.username)
            .ok_or_else(|| AppError::Internal(format!("setup {}: no author", s.row.id)))?,
        author_id: s.row.author_id,
        name: s.row.name,
        version: s.version,
        versions: s.versions,
        based_on: based_on(s.row.based_on_id, s.row.based_on_version),
        document: s.document,
        games: made.len() as i64,
        finished,
        wins,
    })
}

/// The document as stored: what the rules read back from it (every default filled in).
fn checked(document: &Value) -> Result<String, AppError> {
    let setup = rules::read(document).map_err(AppError::InvalidSetup)?;
    Ok(setup.to_json().to_string())
}

/// Only judges and admins save setups; every save passes the write guards (a suspended
/// account is refused by the caller's extractor; the per-account write limit here).
async fn may_save(state: &AppState, account: &Account) -> Result<(), AppError> {
    if !account.is_judge() || account.is_alias() {
        return Err(AppError::Forbidden);
    }
    state.throttle.post(account.id).await
}

/// Saves a new setup as version 1. Its id.
pub async fn save(
    state: &AppState,
    account: &Account,
    name: &str,
    based_on: Option<SetupRef>,
    document: &Value,
) -> Result<SetupRef, AppError> {
    let name = Title::parse(name)?;
    let document = checked(document)?;
    may_save(state, account).await?;
    let author = account.id;
    state
        .write(move |c| {
            if let Some(b) = based_on
                && setups::version(c, b.id, b.version)?.is_none()
            {
                return Err(AppError::Invalid("setup_based_on_unknown"));
            }
            let id = setups::create(
                c,
                name.as_str(),
                author,
                based_on.map(|b| (b.id, b.version)),
                &document,
            )?;
            Ok(SetupRef { id, version: 1 })
        })
        .await
}

/// Appends `document` as the next version of setup `id` (its author only).
pub async fn revise(
    state: &AppState,
    account: &Account,
    id: i64,
    document: &Value,
) -> Result<SetupRef, AppError> {
    let document = checked(document)?;
    may_save(state, account).await?;
    let author = account.id;
    state
        .write(move |c| {
            let row = setups::get_for_update(c, id)?.ok_or(AppError::NotFound)?;
            if row.author_id != author {
                return Err(AppError::Forbidden);
            }
            let version = setups::add_version(c, id, &document)?;
            Ok(SetupRef { id, version })
        })
        .await
}

/// Setup `id` at `version` (its newest when `None`).
pub async fn read(state: &AppState, id: i64, version: Option<i64>) -> Result<SetupView, AppError> {
    state
        .db(move |c| {
            let s = stored(c, id, version)?;
            view(c, s)
        })
        .await
}

/// A setup named in a list of choices: its newest version, without its games.
#[derive(Clone, Debug)]
pub struct SetupName {
    pub id: i64,
    pub name: String,
    pub author: String,
    pub version: i64,
}

/// Every setup's name and newest version, newest setup first: for the lists a judge chooses
/// from (the composer's starts, the create form's chooser), which need none of the games that
/// [`list`] reads and folds.
pub async fn names(state: &AppState) -> Result<Vec<SetupName>, AppError> {
    state
        .db(move |c| {
            let mut out = Vec::new();
            for id in setups::ids(c)? {
                let row = setups::get(c, id)?.ok_or(AppError::NotFound)?;
                let version = setups::latest(c, id)?.ok_or(AppError::NotFound)?;
                let author = crate::db::queries::users::by_id(c, row.author_id)?
                    .map(|u| u.username)
                    .ok_or_else(|| AppError::Internal(format!("setup {id}: no author")))?;
                out.push(SetupName {
                    id,
                    name: row.name,
                    author,
                    version,
                });
            }
            Ok(out)
        })
        .await
}

/// Every setup at its newest version, newest setup first.
pub async fn list(state: &AppState) -> Result<Vec<SetupView>, AppError> {
    state
        .db(move |c| {
            let ids = setups::ids(c)?;
            ids.into_iter()
                .map(|id| {
                    let s = stored(c, id, None)?;
                    view(c, s)
                })
                .collect()
        })
        .await
}

fn based_on(id: Option<i64>, version: Option<i64>) -> Option<SetupRef> {
    Some(SetupRef {
        id: id?,
        version: version?,
    })
}

/// Version `r` of a setup as a game pins it: `400 setup_unknown` when there is none.
pub async fn pinned(
    state: &AppState,
    r: SetupRef,
) -> Result<crate::game::settings::PinnedSetup, AppError> {
    state
        .db(move |c| match stored(c, r.id, Some(r.version)) {
            Ok(s) => Ok(pin(s)),
            Err(AppError::NotFound) => Err(AppError::Invalid("setup_unknown")),
            Err(e) => Err(e),
        })
        .await
}

fn pin(s: Stored) -> crate::game::settings::PinnedSetup {
    crate::game::settings::PinnedSetup {
        id: s.row.id,
        version: s.version,
        name: s.row.name,
        document: s.document,
    }
}

/// Makes the handle of every setup version a stored game plays (from the document each game
/// pins). A game whose pinned setup no longer reads is left to fail where it is opened.
pub fn make_handles(c: &mut crate::db::DbConnection) -> Result<(), AppError> {
    for settings in games::setup_settings(c)? {
        if let Err(e) = serde_json::from_str::<crate::game::settings::GameSettings>(&settings) {
            tracing::warn!(error = %e, "a game's pinned setup does not read");
        }
    }
    Ok(())
}

/// A setup version's balance at one seat count, as the API answers it.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct BalanceView {
    pub games: i64,
    pub seats: i64,
    /// Each side's share of the bots' games, with its 95% interval.
    pub sides: std::collections::BTreeMap<String, SideShare>,
}

#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct SideShare {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

type BalanceKey = (i64, i64, i64);
type InFlight = std::sync::Arc<tokio::sync::OnceCell<Result<String, Unestimated>>>;

/// Why the bots gave no estimate.
#[derive(Clone, Debug)]
enum Unestimated {
    /// No engine plays the setup's book's own setups yet.
    NotPlayable,
    /// A server fault (the task failed, the figures did not serialise).
    Failed(String),
}

/// Estimates being computed, so that many asking at once for one version wait for one
/// computation; and one estimate at a time, so that the bots take at most one core from the
/// pages.
static IN_FLIGHT: std::sync::Mutex<Vec<(BalanceKey, InFlight)>> = std::sync::Mutex::new(Vec::new());
static ONE_AT_A_TIME: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// The bots' estimate of setup `id` at `version` (its newest when `None`) and `seats` (its
/// fewest when `None`): kept from an earlier ask, or computed now off the request threads and
/// kept.
pub async fn balance(
    state: &AppState,
    id: i64,
    version: Option<i64>,
    seats: Option<i64>,
) -> Result<BalanceView, AppError> {
    let (key, kept, pinned) = state
        .db(move |c| {
            let s = stored(c, id, version)?;
            let setup = rules::read(&s.document).map_err(|_| {
                AppError::Internal(format!("setup {id} v{} does not hold", s.version))
            })?;
            let seats = seats.unwrap_or(*setup.seats.start() as i64);
            if !usize::try_from(seats).is_ok_and(|n| setup.seats.contains(&n)) {
                return Err(AppError::Invalid("balance_seats"));
            }
            let kept = setups::balance(c, id, s.version, seats)?;
            Ok(((id, s.version, seats), kept, pin(s)))
        })
        .await?;
    let (games, sides) = match kept {
        Some(kept) => kept,
        None => {
            let sides = computed(key, pinned).await?;
            let games = rules::balance::GAMES as i64;
            let text = sides.clone();
            state
                .write(move |c| Ok(setups::keep_balance(c, key.0, key.1, key.2, games, &text)?))
                .await?;
            (games, sides)
        }
    };
    let sides = serde_json::from_str(&sides)
        .map_err(|e| AppError::Internal(format!("a kept balance: {e}")))?;
    Ok(BalanceView {
        games,
        seats: key.2,
        sides,
    })
}

/// Runs (or joins) the bots' games for `key`: the sides as JSON text.
async fn computed(
    key: BalanceKey,
    pinned: crate::game::settings::PinnedSetup,
) -> Result<String, AppError> {
    let cell: InFlight = {
        let mut list = IN_FLIGHT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match list.iter().find(|(k, _)| *k == key) {
            Some((_, cell)) => cell.clone(),
            None => {
                let cell = InFlight::default();
                list.push((key, cell.clone()));
                cell
            }
        }
    };
    let result = cell
        .get_or_init(|| async move {
            let _turn = ONE_AT_A_TIME
                .acquire()
                .await
                .map_err(|e| Unestimated::Failed(e.to_string()))?;
            tokio::task::spawn_blocking(move || estimate(&pinned, key.2))
                .await
                .map_err(|e| Unestimated::Failed(e.to_string()))?
        })
        .await
        .clone();
    IN_FLIGHT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .retain(|(k, _)| *k != key);
    result.map_err(|e| match e {
        Unestimated::NotPlayable => AppError::Invalid("setup_not_playable"),
        Unestimated::Failed(e) => AppError::Internal(format!("a balance estimate: {e}")),
    })
}

/// The bots' games of a pinned setup (a preset's document plays as the preset): the sides as
/// JSON text.
fn estimate(
    pinned: &crate::game::settings::PinnedSetup,
    seats: i64,
) -> Result<String, Unestimated> {
    let setup = rules::read(&pinned.document)
        .map_err(|_| Unestimated::Failed("the document does not hold".into()))?;
    let variant = player(pinned, &setup).ok_or(Unestimated::NotPlayable)?;
    let seats = usize::try_from(seats).map_err(|e| Unestimated::Failed(e.to_string()))?;
    let b = rules::balance::estimate(variant, seats, rules::balance::GAMES);
    let sides: std::collections::BTreeMap<&str, SideShare> = b
        .sides
        .iter()
        .map(|s| {
            (
                s.side,
                SideShare {
                    rate: s.rate,
                    low: s.low,
                    high: s.high,
                },
            )
        })
        .collect();
    serde_json::to_string(&sides).map_err(|e| Unestimated::Failed(e.to_string()))
}

/// The variant that plays a stored setup version (`setup` is its document, read): the preset's
/// when the document is a preset's, else the version's own handle (made from the document the
/// first time); `None` where no engine plays it.
pub fn player(
    pinned: &crate::game::settings::PinnedSetup,
    setup: &rules::Setup,
) -> Option<crate::rules::Variant> {
    match rules::played_as(setup) {
        Some((name, _)) => crate::rules::Variant::from_name(name),
        None => pinned.variant().ok(),
    }
}
