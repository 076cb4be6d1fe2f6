//! The signed-in identity as the services see it: an account, or a game-ID login that acts
//! only as one seat of one game. The web shell finds it from the session cookie or the bearer
//! token; the services take it as the actor of every write.

use crate::db::models::User;
use crate::db::queries::games;
use crate::db::queries::sessions::Scope;
use crate::domain::Role;
use crate::error::AppError;

/// The signed-in account.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    /// The account name; for a game-ID login, the game ID (the account stays hidden).
    pub name: String,
    pub role: Role,
    /// Set for a game-ID login: it acts only as that seat of that game.
    pub scope: Option<Scope>,
}

impl Account {
    pub fn from_user(u: &User) -> Account {
        Account {
            id: u.id,
            name: u.username.clone(),
            role: Role::parse(&u.role).unwrap_or(Role::Player),
            scope: None,
        }
    }

    /// A game-ID login: the seat's account acting under its game ID, with no other rights.
    pub fn scoped(u: &User, scope: Scope, game_name: String) -> Account {
        Account {
            id: u.id,
            name: game_name,
            role: Role::Player,
            scope: Some(scope),
        }
    }

    pub fn is_alias(&self) -> bool {
        self.scope.is_some()
    }

    /// May act in game `game_id` (every account may; a game-ID login only in its own game).
    pub fn reaches_game(&self, game_id: i64) -> bool {
        self.scope.is_none_or(|s| s.game_id == game_id)
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    pub fn is_judge(&self) -> bool {
        self.role >= Role::Judge
    }
}

/// The account behind a session or token; a game-ID login only while its seat is still played
/// by the same account.
pub fn account_for(
    c: &mut crate::db::DbConnection,
    found: Option<(User, Option<Scope>)>,
) -> Result<Option<Account>, AppError> {
    match found {
        None => Ok(None),
        Some((user, None)) => Ok(Some(Account::from_user(&user))),
        Some((user, Some(scope))) => Ok(games::seat_holder(c, scope.game_id, scope.seat)?
            .filter(|(holder, _)| *holder == user.id)
            .map(|(_, name)| Account::scoped(&user, scope, name))),
    }
}
