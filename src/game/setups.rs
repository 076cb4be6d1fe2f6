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
    pub version: i64,
    /// How many versions it has.
    pub versions: i64,
    pub based_on: Option<SetupRef>,
    pub document: Value,
    /// Finished or running games of any of its versions.
    pub games: i64,
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
            let row = setups::get(c, id)?.ok_or(AppError::NotFound)?;
            let versions = setups::latest(c, id)?.unwrap_or(0);
            let version = version.unwrap_or(versions);
            let stored = setups::version(c, id, version)?.ok_or(AppError::NotFound)?;
            let document = serde_json::from_str(&stored.document)
                .map_err(|e| AppError::Internal(format!("setup {id} v{version}: {e}")))?;
            Ok(SetupView {
                id,
                author: setups::author_name(c, row.author_id)?,
                name: row.name,
                version,
                versions,
                based_on: based_on(row.based_on_id, row.based_on_version),
                document,
                games: games::count_of_setup(c, id)?,
            })
        })
        .await
}

/// Every setup at its newest version, newest setup first.
pub async fn list(state: &AppState) -> Result<Vec<SetupView>, AppError> {
    state
        .db(move |c| {
            let mut out = Vec::new();
            for (row, author, versions) in setups::list(c)? {
                let stored = setups::version(c, row.id, versions)?;
                let document = stored
                    .and_then(|v| serde_json::from_str(&v.document).ok())
                    .unwrap_or(Value::Null);
                out.push(SetupView {
                    id: row.id,
                    name: row.name,
                    author,
                    version: versions,
                    versions,
                    based_on: based_on(row.based_on_id, row.based_on_version),
                    document,
                    games: games::count_of_setup(c, row.id)?,
                });
            }
            Ok(out)
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
        .db(move |c| {
            let row = setups::get(c, r.id)?.ok_or(AppError::Invalid("setup_unknown"))?;
            let stored =
                setups::version(c, r.id, r.version)?.ok_or(AppError::Invalid("setup_unknown"))?;
            let document = serde_json::from_str(&stored.document)
                .map_err(|e| AppError::Internal(format!("setup {} v{}: {e}", r.id, r.version)))?;
            Ok(crate::game::settings::PinnedSetup {
                id: r.id,
                version: r.version,
                name: row.name,
                document,
            })
        })
        .await
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
