//! Long stored text read with one fast UTF-8 check.
//!
//! diesel reads an SQLite `TEXT` value into a `String` by checking its UTF-8 twice with the
//! standard library's scalar check; for a thread page's 30 stored HTML bodies (~50 KB of
//! Chinese) that was a seventh of the page's time. A column wrapped in [`TextBytes`] is the same
//! SQL typed `Binary`, so the row hands over its bytes unchecked (both backends send a text
//! value's UTF-8 bytes as they are), and [`CheckedText`] checks them once with `simdutf8`.
//! Bytes that are not UTF-8 read lossily, as diesel's own SQLite text does; never unchecked.

use diesel::QueryResult;
use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::{AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Binary, Text};

/// A `TEXT` expression read as its bytes: the same SQL, typed `Binary`.
#[derive(Debug, Clone, Copy, Default, QueryId, ValidGrouping)]
pub struct TextBytes<E>(pub E);

impl<E: Expression<SqlType = Text>> Expression for TextBytes<E> {
    type SqlType = Binary;
}

impl<E: QueryFragment<DB>, DB: Backend> QueryFragment<DB> for TextBytes<E> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }
}

impl<E, QS> SelectableExpression<QS> for TextBytes<E>
where
    E: SelectableExpression<QS>,
    TextBytes<E>: AppearsOnTable<QS>,
{
}

impl<E, QS> AppearsOnTable<QS> for TextBytes<E>
where
    E: AppearsOnTable<QS>,
    TextBytes<E>: Expression,
{
}

/// Text read from a [`TextBytes`] column (or a plain `TEXT` one), checked once.
#[derive(Debug, Clone, PartialEq, Eq, FromSqlRow)]
pub struct CheckedText(pub String);

impl From<CheckedText> for String {
    fn from(t: CheckedText) -> String {
        t.0
    }
}

/// Any backend: the queries that dispatch to the inner SQLite or PostgreSQL connection
/// (`RETURNING`) read posts too.
impl<DB: Backend> FromSql<Binary, DB> for CheckedText
where
    Vec<u8>: FromSql<Binary, DB>,
{
    fn from_sql(raw: DB::RawValue<'_>) -> deserialize::Result<Self> {
        let bytes = <Vec<u8> as FromSql<Binary, DB>>::from_sql(raw)?;
        // A copy of a checked `str` instead of `String::from_utf8`, whose scalar check is
        // what this module avoids (a copy is a fraction of either check's cost). Bytes that
        // are not UTF-8 (only SQLite can hold them) read as diesel reads them, lossily.
        Ok(CheckedText(match simdutf8::basic::from_utf8(&bytes) {
            Ok(text) => text.to_owned(),
            Err(_) => String::from_utf8_lossy(&bytes).into_owned(),
        }))
    }
}

impl<DB: Backend> FromSql<Text, DB> for CheckedText
where
    String: FromSql<Text, DB>,
{
    fn from_sql(raw: DB::RawValue<'_>) -> deserialize::Result<Self> {
        <String as FromSql<Text, DB>>::from_sql(raw).map(CheckedText)
    }
}
