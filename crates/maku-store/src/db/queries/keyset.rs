//! Lists paged by keys, not offsets (issue 42): a page is "the rows after (or before) this row",
//! read from the list's index at the row, so page 300 costs what page 1 does, and a reader
//! walking a board while threads move up sees no thread twice.
//!
//! Pages keep their numbers for the reader: the first and last page are read from their ends,
//! and the links the pages make to the pages near them carry the key of the row they start
//! from (`after=` / `before=`). A bare page number between the ends (typed, or from a link
//! made before keys) is still served, skipping from the nearer end.

use crate::db::DbConnection;
use diesel::QueryResult;

/// Where a page of a list starts.
#[derive(Debug, Clone, PartialEq)]
pub enum Seek<K> {
    /// Page `n` (1 is the first) by number; past the last is the last.
    Number(i64),
    /// The page that follows the row with this key.
    After(K),
    /// The page that comes before the row with this key.
    Before(K),
}

/// Which way a list is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// In the list's order (newest, best first).
    Forward,
    /// Against it.
    Backward,
}

/// A list that can be read from a row's key either way.
pub trait KeyedList {
    type Row;
    type Key: Clone;

    fn key(&self, row: &Self::Row) -> Self::Key;

    /// Up to `n` rows read `dir` from just past the row keyed `from` (from the start or the end
    /// when `None`), `skip` rows skipped first (only for a bare page number), in reading order.
    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&Self::Key>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<Self::Row>>;

    /// The keys of up to `n` rows read `dir` from just past the row keyed `from`, in reading
    /// order: what the links to the pages near a page are made from.
    fn keys(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: &Self::Key,
        n: i64,
    ) -> QueryResult<Vec<Self::Key>>;
}

/// A row's key as a link carries it (`after=…`): plain characters, read back exactly.
pub trait PageKey: Sized {
    fn encode(&self) -> String;
    /// `None` for text no key was made into.
    fn decode(text: &str) -> Option<Self>;
}

/// A key of a list ordered by id alone: `42`.
impl PageKey for i64 {
    fn encode(&self) -> String {
        self.to_string()
    }

    fn decode(text: &str) -> Option<i64> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }
}

/// A key of a list ordered by a time, then by id: the time's seconds since 1970 and its
/// nanoseconds, then the id (`1796637600.123456000_42`). Every text of that shape (up to 12
/// digits of seconds, 9 of nanoseconds, 18 of id: what the API's schema allows) is a key.
impl PageKey for (chrono::NaiveDateTime, i64) {
    fn encode(&self) -> String {
        let t = self.0.and_utc();
        format!(
            "{}.{:09}_{}",
            t.timestamp(),
            t.timestamp_subsec_nanos(),
            self.1
        )
    }

    fn decode(text: &str) -> Option<Self> {
        let (at, id) = text.rsplit_once('_')?;
        let (secs, nanos) = at.split_once('.')?;
        let digits = |s: &str, most: usize| {
            let s = s.strip_prefix('-').unwrap_or(s);
            !s.is_empty() && s.len() <= most && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(secs, 12) || nanos.len() != 9 || !digits(nanos, 9) || nanos.starts_with('-') {
            return None;
        }
        if !digits(id, 18) {
            return None;
        }
        let at = chrono::DateTime::from_timestamp(secs.parse().ok()?, nanos.parse().ok()?)?;
        Some((at.naive_utc(), id.parse().ok()?))
    }
}

/// A key written out already (a kept list's links, `Edges::encoded`).
impl PageKey for String {
    fn encode(&self) -> String {
        self.clone()
    }

    fn decode(text: &str) -> Option<String> {
        Some(text.to_string())
    }
}

/// A key of a list ordered by a number, then by id: `1523.5_42`.
impl PageKey for (f64, i64) {
    fn encode(&self) -> String {
        format!("{}_{}", self.0, self.1)
    }

    fn decode(text: &str) -> Option<Self> {
        let (score, id) = text.rsplit_once('_')?;
        let score: f64 = score.parse().ok().filter(|s: &f64| s.is_finite())?;
        Some((score, id.parse().ok()?))
    }
}

/// The keys of the links from a page to the pages near it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Edges<K> {
    /// `Before` keys: `back[0]` opens the page before this one, `back[1]` the one before that;
    /// none on the first page.
    pub back: Vec<K>,
    /// `After` keys: `ahead[0]` opens the next page, `ahead[1]` the one after it; none on the
    /// last page.
    pub ahead: Vec<K>,
}

impl<K: PageKey> Edges<K> {
    /// The keys written out, as a kept list keeps them (a page's links are made per view).
    pub fn encoded(&self) -> Edges<String> {
        let all = |keys: &[K]| keys.iter().map(PageKey::encode).collect();
        Edges {
            back: all(&self.back),
            ahead: all(&self.ahead),
        }
    }
}

impl<K> Edges<K> {
    /// No page comes before this one.
    pub fn is_first(&self) -> bool {
        self.back.is_empty()
    }

    /// No page comes after this one.
    pub fn is_last(&self) -> bool {
        self.ahead.is_empty()
    }

    /// The number of this page, of `total` rows `per_page` a page, reached by a link that
    /// said `said`. The ends are known (nothing before: 1; nothing after: the last); between
    /// them the link's word is taken, as neither end's number: pages shift as rows move.
    pub fn page_number(&self, said: i64, total: i64, per_page: i64) -> i64 {
        let pages = page_count(total, per_page);
        if self.is_first() {
            1
        } else if self.is_last() {
            pages
        } else {
            said.min(pages - 1).max(2.min(pages))
        }
    }

    /// The place in the whole list (1 for the first row) of the first of this page's `rows`
    /// rows: at an end counted from it, between them from the page's number.
    pub fn first_place(&self, said: i64, total: i64, per_page: i64, rows: usize) -> i64 {
        if self.is_first() {
            1
        } else if self.is_last() {
            (total - rows as i64 + 1).max(1)
        } else {
            (self.page_number(said, total, per_page) - 1) * per_page + 1
        }
    }
}

/// The number of pages of `total` rows (at least one, an empty page).
pub fn page_count(total: i64, per_page: i64) -> i64 {
    ((total.max(0) + per_page - 1) / per_page).max(1)
}

/// A page of a keyed list and the keys of the links to the pages near it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyedPage<T, K> {
    /// In the list's order.
    pub rows: Vec<T>,
    pub edges: Edges<K>,
}

impl<K: PageKey> Seek<K> {
    /// The seek as text, one per page (what a kept page is kept under).
    pub fn text(&self) -> String {
        match self {
            Seek::Number(n) => format!("page={n}"),
            Seek::After(k) => format!("after={}", k.encode()),
            Seek::Before(k) => format!("before={}", k.encode()),
        }
    }
}

/// The page of `list` that `seek` names, of a list of `total` rows, `per_page` a page (the
/// total only places a bare page number). A key past either end (its rows since gone) gives
/// that end's page.
pub fn read<L: KeyedList>(
    conn: &mut DbConnection,
    list: &L,
    seek: &Seek<L::Key>,
    total: i64,
    per_page: i64,
) -> QueryResult<KeyedPage<L::Row, L::Key>> {
    let rows = match seek {
        Seek::After(k) => {
            let rows = list.rows(conn, Dir::Forward, Some(k), 0, per_page)?;
            if rows.is_empty() {
                backward(list, conn, None, 0, per_page)?
            } else {
                rows
            }
        }
        Seek::Before(k) => {
            let rows = backward(list, conn, Some(k), 0, per_page)?;
            if rows.is_empty() {
                list.rows(conn, Dir::Forward, None, 0, per_page)?
            } else {
                rows
            }
        }
        Seek::Number(n) => {
            let pages = page_count(total, per_page);
            let offset = ((*n).clamp(1, pages) - 1) * per_page;
            let count = (total - offset).clamp(0, per_page);
            let from_end = total - offset - count;
            if offset > from_end {
                backward(list, conn, None, from_end, count)?
            } else {
                list.rows(conn, Dir::Forward, None, offset, per_page)?
            }
        }
    };
    let (back, ahead) = match (rows.first(), rows.last()) {
        (Some(first), Some(last)) => (
            near(list, conn, Dir::Backward, &list.key(first), per_page)?,
            near(list, conn, Dir::Forward, &list.key(last), per_page)?,
        ),
        _ => (Vec::new(), Vec::new()),
    };
    Ok(KeyedPage {
        rows,
        edges: Edges { back, ahead },
    })
}

/// Rows read backward, turned round into the list's order.
fn backward<L: KeyedList>(
    list: &L,
    conn: &mut DbConnection,
    from: Option<&L::Key>,
    skip: i64,
    n: i64,
) -> QueryResult<Vec<L::Row>> {
    let mut rows = list.rows(conn, Dir::Backward, from, skip, n)?;
    rows.reverse();
    Ok(rows)
}

/// The keys opening the one and two pages `dir` of the page whose edge row is keyed `edge`:
/// the edge itself when any row lies past it, and the key `per_page` rows on when a second
/// page does.
fn near<L: KeyedList>(
    list: &L,
    conn: &mut DbConnection,
    dir: Dir,
    edge: &L::Key,
    per_page: i64,
) -> QueryResult<Vec<L::Key>> {
    let keys = list.keys(conn, dir, edge, per_page + 1)?;
    let mut out = Vec::new();
    if !keys.is_empty() {
        out.push(edge.clone());
    }
    if keys.len() > per_page as usize {
        out.push(keys[per_page as usize - 1].clone());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Datelike, Timelike};

    /// The numbers 1..=n, in a list ordered biggest first, read in memory.
    struct Numbers(i64);

    impl Numbers {
        fn read(&self, dir: Dir, from: Option<i64>, skip: i64, n: i64) -> Vec<i64> {
            let all: Vec<i64> = match dir {
                Dir::Forward => (1..=self.0)
                    .rev()
                    .filter(|x| from.is_none_or(|f| *x < f))
                    .collect(),
                Dir::Backward => (1..=self.0)
                    .filter(|x| from.is_none_or(|f| *x > f))
                    .collect(),
            };
            all.into_iter()
                .skip(skip as usize)
                .take(n as usize)
                .collect()
        }
    }

    impl KeyedList for Numbers {
        type Row = i64;
        type Key = i64;
        fn key(&self, row: &i64) -> i64 {
            *row
        }
        fn rows(
            &self,
            _: &mut DbConnection,
            dir: Dir,
            from: Option<&i64>,
            skip: i64,
            n: i64,
        ) -> QueryResult<Vec<i64>> {
            Ok(self.read(dir, from.copied(), skip, n))
        }
        fn keys(
            &self,
            _: &mut DbConnection,
            dir: Dir,
            from: &i64,
            n: i64,
        ) -> QueryResult<Vec<i64>> {
            Ok(self.read(dir, Some(*from), 0, n))
        }
    }

    fn conn() -> DbConnection {
        use diesel::Connection;
        DbConnection::Sqlite(diesel::SqliteConnection::establish(":memory:").expect("sqlite"))
    }

    #[test]
    fn keys_walk_every_page_once_and_link_two_either_way() {
        let list = Numbers(95);
        let c = &mut conn();
        let first = read(c, &list, &Seek::Number(1), 95, 10).expect("first");
        assert_eq!(first.rows, (86..=95).rev().collect::<Vec<_>>());
        assert!(first.edges.is_first());
        assert_eq!(first.edges.ahead, vec![86, 76]);
        let mut seen = first.rows.clone();
        let mut page = first;
        while !page.edges.is_last() {
            page = read(c, &list, &Seek::After(page.edges.ahead[0]), 95, 10).expect("next");
            seen.extend(&page.rows);
        }
        assert_eq!(seen, (1..=95).rev().collect::<Vec<_>>());
        // The last page is the five left over; the two before it are linked by their keys.
        assert_eq!(page.rows, vec![5, 4, 3, 2, 1]);
        assert_eq!(page.edges.back, vec![5, 15]);
        let before = read(c, &list, &Seek::Before(page.edges.back[1]), 95, 10).expect("back");
        assert_eq!(before.rows, (16..=25).rev().collect::<Vec<_>>());
    }

    #[test]
    fn a_bare_number_is_read_from_the_nearer_end_and_past_the_last_is_the_last() {
        let list = Numbers(95);
        let c = &mut conn();
        let third = read(c, &list, &Seek::Number(3), 95, 10).expect("third");
        assert_eq!(third.rows, (66..=75).rev().collect::<Vec<_>>());
        let ninth = read(c, &list, &Seek::Number(9), 95, 10).expect("ninth");
        assert_eq!(ninth.rows, (6..=15).rev().collect::<Vec<_>>());
        let last = read(c, &list, &Seek::Number(i64::MAX), 95, 10).expect("last");
        assert_eq!(last.rows, vec![5, 4, 3, 2, 1]);
        let empty = read(c, &Numbers(0), &Seek::Number(4), 0, 10).expect("empty");
        assert!(empty.rows.is_empty() && empty.edges.is_first() && empty.edges.is_last());
    }

    #[test]
    fn keys_read_back_exactly_and_refuse_other_text() {
        let at = chrono::NaiveDateTime::parse_from_str(
            "2026-12-07 10:00:00.123456",
            "%Y-%m-%d %H:%M:%S%.f",
        )
        .expect("time");
        for ns in [0, 5_000_000, 123_456_000, 123_456_789, 1] {
            let key = (at.with_nanosecond(ns).expect("a time"), -1);
            assert_eq!(
                <(chrono::NaiveDateTime, i64)>::decode(&key.encode()),
                Some(key)
            );
        }
        let early = (at.with_year(33).expect("year 33"), 42);
        assert_eq!(
            <(chrono::NaiveDateTime, i64)>::decode(&early.encode()),
            Some(early)
        );
        // Every text the API's schema allows is a key, the widest too.
        for text in [
            "0.000000000_0",
            "999999999999.999999999_999999999999999999",
            "-999999999999.000000000_1",
        ] {
            assert!(
                <(chrono::NaiveDateTime, i64)>::decode(text).is_some(),
                "{text}"
            );
        }
        for key in [(1523.5, 42), (0.1 + 0.2, 7), (-3e-300, 1)] {
            assert_eq!(<(f64, i64)>::decode(&key.encode()), Some(key));
        }
        for bad in [
            "",
            "_",
            "42",
            "2026-12-07_x",
            "NaN_1",
            "inf_1",
            "1_99999999999999999999",
        ] {
            assert_eq!(<(f64, i64)>::decode(bad), None, "{bad}");
            assert_eq!(<(chrono::NaiveDateTime, i64)>::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_key_past_either_end_gives_that_ends_page() {
        let list = Numbers(25);
        let c = &mut conn();
        let past = read(c, &list, &Seek::After(1), 25, 10).expect("past the end");
        assert_eq!(past.rows, (1..=10).rev().collect::<Vec<_>>());
        assert!(past.edges.is_last());
        let before = read(c, &list, &Seek::Before(25), 25, 10).expect("before the start");
        assert_eq!(before.rows, (16..=25).rev().collect::<Vec<_>>());
        assert!(before.edges.is_first());
    }
}
