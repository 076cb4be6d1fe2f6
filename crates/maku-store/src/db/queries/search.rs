//! Full-text search over posts (docs/search.md): the one query that finds them, and decides
//! which posts anyone may find.
//!
//! The indexes are the backend's own. SQLite: an FTS5 table with the trigram tokenizer
//! (`post_search`, migration `*_search`) for words of three characters or more, and an FTS5
//! table of each post's grams, its characters and pairs of neighbouring characters
//! (`db::grams`, `post_grams`, migration `*_cjk_search`), for words of one or two, most
//! Chinese words. PostgreSQL: the grams only, in the `tsvector` column `posts.grams` and its
//! GIN index, by bucket of post ids (migration `*_search_buckets`, [`pg_search`]), for words
//! of every length. All match substrings, so a Chinese word is found as typed, with no word
//! segmentation, and every word is looked up in an index ([`search`]).
//!
//! Who may read a hit is part of the `WHERE`, never a filter applied after `LIMIT`: a page of
//! hits and whether there is another are the same whatever private posts match, so neither
//! their number nor the time taken tells of them.
//!
//! Nor are private posts candidates at all: a post is in the index only while it is open to
//! search (`posts.searchable`, the rule [`OPEN`]) and not hidden. A post of a team thread or a
//! graveyard is written closed, and its game's end opens every post of the game's threads in
//! the transaction that ends it ([`open_game`]): before that no index lookup meets it, so the
//! time of a search does not grow with the private posts that contain its words.

use crate::db::{DbConnection, grams};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};

/// A post a search found, with what its hit shows: its thread (title, kind, game) and body.
/// No author: a hit names no account (a game thread's authors are game IDs, and even those
/// are left to the thread page).
#[derive(Debug, Clone, QueryableByName)]
pub struct FoundPost {
    #[diesel(sql_type = BigInt)]
    pub post_id: i64,
    #[diesel(sql_type = BigInt)]
    pub thread_id: i64,
    #[diesel(sql_type = BigInt)]
    pub floor: i64,
    /// The post's Markdown.
    #[diesel(sql_type = Text)]
    pub body: String,
    /// The thread's stored title (a game thread's is its game's title).
    #[diesel(sql_type = Text)]
    pub title: String,
    #[diesel(sql_type = Text)]
    pub thread_kind: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub game_id: Option<i64>,
}

/// The post kinds the index holds: posts written as text by an account, a seat or the judge.
/// Act posts (`act`) and the judge's clock notices (`notice`) are JSON told in each reader's
/// language; the migrations' triggers and index use the same list.
/// (With `p.searchable` and `p.hidden_at IS NULL` this is the predicate of PostgreSQL's
/// `posts_searchable_newest`, the index the newest-first walk reads: keep them the same.)
const TEXT_KINDS: &str = "p.kind IN ('user', 'judge')";

/// Which posts anyone may find, whoever searches (admins and judges included: a search is
/// never a way into a private thread):
/// - a post of a thread not deleted, and
/// - of a forum or sign-up thread (public, authors are accounts), or of a game's public game
///   thread (public while the game runs; the hit shows no author), or
/// - of any other thread of a game (its graveyard, its team threads) once that game is
///   finished, when the reveal opens them to every reader.
///
/// A thread of any other kind is never found: new kinds of threads stay out until added to
/// [`OPEN`]. The post's own mark (`p.searchable`, which also keeps it out of the index) says
/// the same as [`OPEN`]; the query checks both, so a mark written wrong never opens a private
/// post.
fn readable() -> String {
    format!("t.deleted_at IS NULL AND p.searchable AND {OPEN}")
}

/// The thread (`t`) and its game (`g`, none for a forum thread) that [`OPEN`] and
/// [`readable`] read.
const THREAD_AND_GAME: &str = "threads t LEFT JOIN games g ON g.id = t.game_id";

/// Whether the posts of a thread (`t`, its game `g`) are open to search: a forum or sign-up
/// thread, a game's public game thread, or any other thread of a game once it is finished. A
/// post takes this when it is written (`posts.searchable`, [`thread_open`]) and again when its
/// game ends ([`open_game`]); the migration `*_search_candidates` wrote it for the posts before.
const OPEN: &str = "(t.kind IN ('forum', 'signup', 'game') \
     OR (t.game_id IS NOT NULL AND g.status = 'finished'))";

/// Whether a post written now in thread `thread_id` is open to search ([`OPEN`]).
pub fn thread_open(conn: &mut DbConnection, thread_id: i64) -> QueryResult<bool> {
    #[derive(QueryableByName)]
    struct Open {
        #[diesel(sql_type = Bool)]
        open: bool,
    }
    let sql = |param: &str| {
        format!(
            "SELECT CASE WHEN {OPEN} THEN TRUE ELSE FALSE END AS open \
             FROM {THREAD_AND_GAME} WHERE t.id = {param}"
        )
    };
    let found: Option<Open> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(sql("?"))
            .bind::<BigInt, _>(thread_id)
            .get_result(c)
            .optional()?,
        DbConnection::Pg(c) => diesel::sql_query(sql("$1"))
            .bind::<BigInt, _>(thread_id)
            .get_result(c)
            .optional()?,
    };
    Ok(found.is_some_and(|o| o.open))
}

/// Game `game_id` has ended: every post of its threads the rule now opens (its graveyard's,
/// its teams') becomes a search candidate. Called in the transaction that marks the game
/// finished, after the mark; the index takes them in the same transaction (SQLite: the
/// `post_search_update` trigger; PostgreSQL: the partial index).
pub fn open_game(conn: &mut DbConnection, game_id: i64) -> QueryResult<usize> {
    let sql = |param: &str| {
        format!(
            "UPDATE posts SET searchable = TRUE WHERE NOT searchable AND thread_id IN \
             (SELECT t.id FROM {THREAD_AND_GAME} \
              WHERE t.game_id = {param} AND {OPEN})"
        )
    };
    match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(sql("?"))
            .bind::<BigInt, _>(game_id)
            .execute(c),
        DbConnection::Pg(c) => diesel::sql_query(sql("$1"))
            .bind::<BigInt, _>(game_id)
            .execute(c),
    }
}

/// Hidden posts are left out of every search: a post a moderator hid is never found, by anyone
/// (its text stays in its row for the record, `*_moderation` migrations). The one place this
/// rule is written.
fn not_hidden() -> &'static str {
    "p.hidden_at IS NULL"
}

/// How one term of the query is looked up on SQLite.
enum Lookup {
    /// Through the trigram index `post_search` (three characters or more).
    Trigram,
    /// Through the gram index `post_grams` (one or two characters): its one gram's token.
    Gram(String),
    /// A substring match on the post's body (`LIKE`): a term the parser never makes (one
    /// with whitespace), kept correct rather than refused.
    Like,
}

/// The index's trigram tokenizer needs three characters to find anything.
const TRIGRAM: usize = 3;

/// One page of the posts that contain every term (case-insensitively), newest first (by post
/// id: the same order on both backends, and stable while posts are added), `limit` from
/// `offset`. `terms` are non-empty words without whitespace.
///
/// Every term is looked up in an index, whatever its length (docs/search.md): on SQLite a term
/// of three characters or more in the trigram index `post_search` and a shorter one in the
/// gram index `post_grams`; on PostgreSQL every term in the bucketed gram index
/// ([`pg_search`]).
pub fn search(
    conn: &mut DbConnection,
    terms: &[String],
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<FoundPost>> {
    match conn {
        DbConnection::Sqlite(c) => {
            let lookups: Vec<(Lookup, &String)> = terms
                .iter()
                .map(|t| {
                    if t.chars().count() >= TRIGRAM {
                        (Lookup::Trigram, t)
                    } else {
                        match grams::word_gram(t) {
                            Some(g) => (Lookup::Gram(grams::token(&g)), t),
                            None => (Lookup::Like, t),
                        }
                    }
                })
                .collect();
            let trigrams: Vec<String> = lookups
                .iter()
                .filter(|(l, _)| matches!(l, Lookup::Trigram))
                .map(|(_, t)| fts_phrase(t))
                .collect();
            let short: Vec<String> = lookups
                .iter()
                .filter_map(|(l, _)| match l {
                    Lookup::Gram(token) => Some(fts_phrase(token)),
                    _ => None,
                })
                .collect();
            // When one FTS5 table answers every indexed term, the query is driven by it in its
            // rowid order, newest first, and stops at the page's end: by `IN`, FTS5 listed
            // every post holding the word first (`狼`, in a tenth of 200,000 posts: 7 ms, not
            // 0.1; docs/search.md). When both do, both by `IN`: driven by either, a frequent
            // word with a word found nowhere walked all the frequent word's posts (22 ms).
            let driver = match (short.is_empty(), trigrams.is_empty()) {
                (false, true) => Some("post_grams"),
                (true, false) => Some("post_search"),
                _ => None,
            };
            let mut conditions = vec![TEXT_KINDS.to_string(), readable(), not_hidden().to_string()];
            for (table, phrases) in [("post_search", &trigrams), ("post_grams", &short)] {
                if phrases.is_empty() {
                    continue;
                }
                conditions.push(if driver == Some(table) {
                    format!("s.{table} MATCH ?")
                } else {
                    format!("p.id IN (SELECT rowid FROM {table} WHERE {table} MATCH ?)")
                });
            }
            let likes: Vec<String> = lookups
                .iter()
                .filter(|(l, _)| matches!(l, Lookup::Like))
                .map(|(_, t)| like_pattern(t))
                .collect();
            conditions.extend(
                likes
                    .iter()
                    .map(|_| "p.body LIKE ? ESCAPE '\\'".to_string()),
            );
            let sql = match driver {
                Some(table) => format!(
                    "{} WHERE {} ORDER BY s.rowid DESC LIMIT ? OFFSET ?",
                    // The FTS5 table first in the join; its rowids are the posts' ids.
                    select_from(&format!("{table} s JOIN posts p ON p.id = s.rowid")),
                    conditions.join(" AND ")
                ),
                None => format!(
                    "{} WHERE {} ORDER BY p.id DESC LIMIT ? OFFSET ?",
                    select_from("posts p"),
                    conditions.join(" AND ")
                ),
            };
            let mut q = diesel::sql_query(sql).into_boxed::<diesel::sqlite::Sqlite>();
            if !trigrams.is_empty() {
                q = q.bind::<Text, _>(trigrams.join(" AND "));
            }
            if !short.is_empty() {
                q = q.bind::<Text, _>(short.join(" AND "));
            }
            for l in likes {
                q = q.bind::<Text, _>(l);
            }
            q.bind::<BigInt, _>(limit).bind::<BigInt, _>(offset).load(c)
        }
        DbConnection::Pg(c) => pg_search(c, terms, offset, limit),
    }
}

/// The columns of a hit.
const COLUMNS: &str = "SELECT p.id AS post_id, p.thread_id AS thread_id, p.floor AS floor, \
     p.body AS body, t.title AS title, t.kind AS thread_kind, t.game_id AS game_id";

/// The hits' columns from `posts` (as `p`, by way of `source`), with the joins that the
/// visibility rule reads.
fn select_from(source: &str) -> String {
    format!(
        "{COLUMNS} FROM {source} JOIN threads t ON t.id = p.thread_id \
         LEFT JOIN games g ON g.id = t.game_id"
    )
}

/// PostgreSQL's search: every term from the gram index, bucket by bucket (migration
/// `*_search_buckets`).
///
/// GIN cannot give a word's posts newest first and stop at a page's end, as FTS5 does: it
/// makes one bitmap of every post holding the word, and a frequent word's is a quarter of the
/// forum. So a post's lexemes are its grams each prefixed with its **bucket**, its id divided
/// by 8,192 (`169:狼`), and the search asks one bucket at a time, newest first, and stops when
/// it has the page (and the one hit after it): a bucket without the word costs one index
/// lookup, a bucket with it a bitmap of that bucket's hits. The buckets' tsqueries come from
/// `maku_search_bucket_queries`, newest first; PostgreSQL runs a `LATERAL` join over them as
/// a nested loop in that order and the `LIMIT` stops it (the function is `PARALLEL UNSAFE`,
/// so no parallel plan mixes the order).
///
/// Each term's grams are asked (`maku_search_asked_grams`: the one gram of every word of one
/// or two characters, then up to four pairs of the longer ones). A word longer than two
/// characters (after `lower`) is checked in the body too, `strpos` of the lower-cased word,
/// which is what `ILIKE` compares in a multibyte encoding: its pairs in the index say nothing
/// of their order. A shorter word's gram is exact.
///
/// Within a bucket the plan is fenced: the bucket's candidates are sorted by `p.id + 0` (not
/// an index order, so the planner cannot choose to walk the posts from the newest instead of
/// taking the bucket's bitmap) in a subquery kept apart (`OFFSET 0`), and only then, newest
/// first and until the page is full, are the body checked and the visibility rule on the
/// thread asked, an `EXISTS … OFFSET 0` (a subplan per candidate, not a join the planner
/// might answer by hashing every thread): a bucket of 2,000 candidates reads a page's worth.
/// The rule is in the `WHERE` of both the hits and the page ([`readable`]).
fn pg_search(
    c: &mut diesel::PgConnection,
    terms: &[String],
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<FoundPost>> {
    use diesel::sql_types::Array;
    if terms.is_empty() || limit <= 0 {
        return Ok(Vec::new());
    }
    let need = offset.saturating_add(limit);
    // $1: the terms; $2: the hits needed; $3, $4: the page; the body checks bind each term
    // again, from $5.
    let checks: Vec<String> = (0..terms.len())
        .map(|k| {
            let word = k + 5;
            format!(
                "(char_length(lower(${word})) <= 2 OR strpos(lower(p.body), lower(${word})) > 0)"
            )
        })
        .collect();
    let post_rule = format!("{TEXT_KINDS} AND {}", not_hidden());
    let sql = format!(
        "WITH hits AS MATERIALIZED ( \
           SELECT h.id FROM unnest(maku_search_bucket_queries($1, \
               (SELECT max(p.id) FROM posts p WHERE {post_rule} AND p.searchable))) AS b(q), \
           LATERAL (SELECT p.id FROM \
                      (SELECT p.id, p.thread_id, p.searchable, p.body FROM posts p \
                       WHERE p.grams @@ b.q AND {post_rule} \
                       ORDER BY p.id + 0 DESC OFFSET 0) AS p \
                    WHERE {checks} \
                      AND EXISTS (SELECT 1 FROM {THREAD_AND_GAME} \
                                  WHERE t.id = p.thread_id AND {rule} OFFSET 0) \
                    LIMIT $2) AS h \
           LIMIT $2) \
         {select} WHERE p.id IN (SELECT id FROM hits ORDER BY id DESC LIMIT $3 OFFSET $4) \
           AND {post_rule} AND {rule} \
         ORDER BY p.id DESC",
        checks = checks.join(" AND "),
        rule = readable(),
        select = select_from("posts p"),
    );
    let mut q = diesel::sql_query(sql)
        .into_boxed::<diesel::pg::Pg>()
        .bind::<Array<Text>, _>(terms.to_vec())
        .bind::<BigInt, _>(need)
        .bind::<BigInt, _>(limit)
        .bind::<BigInt, _>(offset);
    for t in terms {
        q = q.bind::<Text, _>(t.clone());
    }
    q.load(c)
}

/// A term as an FTS5 phrase: in double quotes, a quote doubled, so nothing in it is query
/// syntax. With the trigram tokenizer a phrase matches as a substring.
fn fts_phrase(term: &str) -> String {
    format!("\"{}\"", term.replace('"', "\"\""))
}

/// `%term%` for `LIKE … ESCAPE '\'`, the term's own `%`, `_` and `\` taken literally.
fn like_pattern(term: &str) -> String {
    let mut out = String::with_capacity(term.len() + 2);
    out.push('%');
    for c in term.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_taken_literally() {
        assert_eq!(like_pattern(r"50%_a\b"), r"%50\%\_a\\b%");
        assert_eq!(fts_phrase(r#"say "hi" OR x*"#), r#""say ""hi"" OR x*""#);
    }
}
