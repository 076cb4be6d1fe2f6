//! The games list, a lobby, paged by key (issue 42, `keyset`): open tables (in sign-up) first,
//! then the rest, each newest first. A game's key is which of the two it is in and its id.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::games::{count_filtered, filtered};
use crate::db::queries::keyset::{self, Dir, KeyedList, KeyedPage, PageKey, Seek};
use crate::db::schema::games;
use crate::domain::GameStatus;
use diesel::prelude::*;

/// A game's place in the lobby: open (in sign-up) or not, then its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyKey {
    pub open: bool,
    pub id: i64,
}

/// `s42` for an open table, `g42` for any other game.
impl PageKey for LobbyKey {
    fn encode(&self) -> String {
        format!("{}{}", if self.open { 's' } else { 'g' }, self.id)
    }

    fn decode(text: &str) -> Option<LobbyKey> {
        let open = match text.as_bytes().first()? {
            b's' => true,
            b'g' => false,
            _ => return None,
        };
        let id = text.get(1..)?;
        if !id.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(LobbyKey {
            open,
            id: id.parse().ok()?,
        })
    }
}

/// The games of a variant and of a status (each when given), open tables first.
pub struct Lobby<'a> {
    variant: Option<&'a str>,
    status: Option<GameStatus>,
    /// How many open tables come before the rest, read once for the page and its links.
    opens: std::cell::Cell<Option<i64>>,
}

type GamesQuery = games::BoxedQuery<'static, crate::db::MultiBackend>;

impl<'a> Lobby<'a> {
    pub fn new(variant: Option<&'a str>, status: Option<GameStatus>) -> Lobby<'a> {
        Lobby {
            variant,
            status,
            opens: std::cell::Cell::new(None),
        }
    }

    /// The open tables among the rest's rows: none when the list holds only one part; else the
    /// kept count (`games::count_filtered`), read once.
    fn opens(&self, conn: &mut DbConnection) -> QueryResult<i64> {
        if !(self.has_open() && self.has_rest()) {
            return Ok(0);
        }
        if let Some(n) = self.opens.get() {
            return Ok(n);
        }
        let n = count_filtered(conn, self.variant, Some(GameStatus::Signup))?;
        self.opens.set(Some(n));
        Ok(n)
    }

    fn has_open(&self) -> bool {
        matches!(self.status, None | Some(GameStatus::Signup))
    }

    fn has_rest(&self) -> bool {
        self.status != Some(GameStatus::Signup)
    }

    /// The lobby's games by id `dir` from just past `from` (all when `None`): newest first
    /// forward, oldest first backward.
    fn by_id(&self, dir: Dir, from: Option<i64>) -> GamesQuery {
        let q = filtered(self.variant, self.status);
        match (dir, from) {
            (Dir::Forward, Some(id)) => q.filter(games::id.lt(id)).order(games::id.desc()),
            (Dir::Forward, None) => q.order(games::id.desc()),
            (Dir::Backward, Some(id)) => q.filter(games::id.gt(id)).order(games::id.asc()),
            (Dir::Backward, None) => q.order(games::id.asc()),
        }
    }

    /// Up to `n` rows read `dir` from just past `from`, `skip` skipped first, loaded by `load`
    /// (a query, how many to skip, how many to take) and told open by `open`: the open tables'
    /// part by status, the rest's by the primary key's order with the open tables among them
    /// dropped here. At most `opens` of those come between, so `skip + n + opens` rows hold
    /// the part (a filter `status <> 'signup'` made SQLite read every other game by the status
    /// index and sort them all).
    #[allow(clippy::too_many_arguments)]
    fn walk<T>(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&LobbyKey>,
        mut skip: i64,
        n: i64,
        load: impl Fn(&mut DbConnection, GamesQuery, i64, i64) -> QueryResult<Vec<T>>,
        open: impl Fn(&T) -> bool,
    ) -> QueryResult<Vec<T>> {
        let opens = self.opens(conn)?;
        // The open tables' part, then the rest's (backward: the other way round), each from
        // the key when it is in that part, from its start when the key is in the part before,
        // not at all when the key is past it.
        let parts: [bool; 2] = match dir {
            Dir::Forward => [true, false],
            Dir::Backward => [false, true],
        };
        let mut rows: Vec<T> = Vec::new();
        let mut started = from.is_none();
        for part_open in parts {
            let from_here = match from {
                Some(k) if k.open == part_open => Some(k.id),
                _ => None,
            };
            started |= from_here.is_some();
            let wanted = n - rows.len() as i64;
            if !started || wanted <= 0 {
                continue;
            }
            if part_open {
                if !self.has_open() {
                    continue;
                }
                let part = || {
                    self.by_id(dir, from_here)
                        .filter(games::status.eq(GameStatus::Signup.name()))
                };
                let got = load(conn, part(), skip, wanted)?;
                if skip > 0 && got.is_empty() {
                    let count: i64 = part().count().get_result(conn)?;
                    skip = (skip - count).max(0);
                } else {
                    skip = 0;
                }
                rows.extend(got);
            } else {
                if !self.has_rest() {
                    continue;
                }
                let got = load(conn, self.by_id(dir, from_here), 0, skip + wanted + opens)?;
                let rest: Vec<T> = got.into_iter().filter(|r| !open(r)).collect();
                let had = rest.len() as i64;
                rows.extend(rest.into_iter().skip(skip as usize).take(wanted as usize));
                skip = (skip - had).max(0);
            }
        }
        Ok(rows)
    }
}

impl KeyedList for Lobby<'_> {
    type Row = GameRow;
    type Key = LobbyKey;

    fn key(&self, g: &GameRow) -> LobbyKey {
        LobbyKey {
            open: g.status == GameStatus::Signup,
            id: g.id,
        }
    }

    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&LobbyKey>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<GameRow>> {
        self.walk(
            conn,
            dir,
            from,
            skip,
            n,
            |c, q, skip, n| q.offset(skip).limit(n).select(GameRow::as_select()).load(c),
            |g| g.status == GameStatus::Signup,
        )
    }

    fn keys(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: &LobbyKey,
        n: i64,
    ) -> QueryResult<Vec<LobbyKey>> {
        let open = GameStatus::Signup.name();
        let rows = self.walk(
            conn,
            dir,
            Some(from),
            0,
            n,
            |c, q, skip, n| {
                q.offset(skip)
                    .limit(n)
                    .select((games::id, games::status))
                    .load::<(i64, String)>(c)
            },
            |(_, status)| status == open,
        )?;
        Ok(rows
            .into_iter()
            .map(|(id, status)| LobbyKey {
                open: status == open,
                id,
            })
            .collect())
    }
}

/// The same games newest first, open or not (the API's list), keyed by id.
pub struct Newest<'a>(pub Lobby<'a>);

impl KeyedList for Newest<'_> {
    type Row = GameRow;
    type Key = i64;

    fn key(&self, g: &GameRow) -> i64 {
        g.id
    }

    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&i64>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<GameRow>> {
        self.0
            .by_id(dir, from.copied())
            .offset(skip)
            .limit(n)
            .select(GameRow::as_select())
            .load(conn)
    }

    fn keys(&self, conn: &mut DbConnection, dir: Dir, from: &i64, n: i64) -> QueryResult<Vec<i64>> {
        self.0
            .by_id(dir, Some(*from))
            .limit(n)
            .select(games::id)
            .load(conn)
    }
}

/// A page of the games newest first, `per_page` of them.
pub fn newest_page(
    conn: &mut DbConnection,
    lobby: Lobby,
    seek: &Seek<i64>,
    per_page: i64,
) -> QueryResult<KeyedPage<GameRow, i64>> {
    // Only a bare page number would need the total; the API asks by key.
    let total = match seek {
        Seek::Number(1) => 0,
        _ => count_filtered(conn, lobby.variant, lobby.status)?,
    };
    keyset::read(conn, &Newest(lobby), seek, total, per_page)
}

/// A page of the lobby, `per_page` games, and how many games it holds in all.
pub fn page(
    conn: &mut DbConnection,
    lobby: &Lobby,
    seek: &Seek<LobbyKey>,
    per_page: i64,
) -> QueryResult<(KeyedPage<GameRow, LobbyKey>, i64)> {
    let total = count_filtered(conn, lobby.variant, lobby.status)?;
    let read = keyset::read(conn, lobby, seek, total, per_page)?;
    Ok((read, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_other_text_is_refused() {
        for key in [
            LobbyKey { open: true, id: 42 },
            LobbyKey {
                open: false,
                id: i64::MAX,
            },
        ] {
            assert_eq!(LobbyKey::decode(&key.encode()), Some(key));
        }
        for bad in [
            "",
            "s",
            "x4",
            "s-4",
            "g+4",
            "g4x",
            "g99999999999999999999",
            "42",
        ] {
            assert_eq!(LobbyKey::decode(bad), None, "{bad}");
        }
    }
}
