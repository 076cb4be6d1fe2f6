//! The search's short-word index (docs/search.md, "The indexes"): every post open to search is
//! indexed by its **grams**, each character and each pair of neighbouring characters (as
//! Lucene's CJK analyser does for Chinese, here for every script), case-folded. A word of one
//! character is found by its one gram and a word of two by its one pair: exactly the posts that
//! contain it as a substring, from an index, though a trigram index cannot see it.
//!
//! A gram never holds a character the query splits on (whitespace and control characters,
//! `forum::search::Query::parse`): no query word contains one.
//!
//! SQLite's FTS5 table `post_grams` is filled by triggers on `posts` that call this module's
//! [`SQL_FUNCTION`], registered on every connection ([`register`]); its tokens are the grams
//! written as ASCII ([`token`]), so that FTS5's tokenizer, whatever it takes for a letter,
//! cuts them nowhere else. PostgreSQL computes the same grams itself, in the SQL function of
//! the same name (migration `*_cjk_search`), and stores them in the `tsvector` column
//! `posts.grams` (a trigger writes it; it is not in diesel's `posts` table, nothing reads it
//! but the search's `WHERE`).

use std::collections::BTreeSet;

/// The name of the SQL function that turns a post's body into its tokens (SQLite: this
/// module, [`register`]; PostgreSQL: the migration's SQL function, which returns an array
/// that the trigger stores as a `tsvector`).
pub const SQL_FUNCTION: &str = "maku_search_grams";

/// Whether `c` is never part of a gram: the characters a query is split on.
pub fn splits(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

/// A character folded for matching: lower case (a few characters fold to more than one).
fn fold(c: char, out: &mut String) {
    out.extend(c.to_lowercase());
}

/// The grams of `text`: each character and each pair of neighbouring characters, folded,
/// leaving out the characters that [`splits`].
pub fn grams(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if splits(c) {
            previous = None;
            continue;
        }
        let mut one = String::new();
        fold(c, &mut one);
        if let Some(p) = previous {
            let mut two = String::new();
            fold(p, &mut two);
            two.push_str(&one);
            out.insert(two);
        }
        out.insert(one);
        previous = Some(c);
    }
    out
}

/// The gram that finds a word of one or two characters (folded), or `None` for a longer
/// word or one with a character that [`splits`].
pub fn word_gram(word: &str) -> Option<String> {
    let n = word.chars().count();
    if n == 0 || n > 2 || word.chars().any(splits) {
        return None;
    }
    let mut out = String::new();
    word.chars().for_each(|c| fold(c, &mut out));
    Some(out)
}

/// A gram as an FTS5 token of ASCII letters and digits: each of its characters' code points
/// in hex after an `x` (`狼人` → `x72fcx4eba`). No tokenizer cuts it, and no FTS5 query
/// syntax is in it.
pub fn token(gram: &str) -> String {
    let mut out = String::with_capacity(gram.len() * 3);
    for c in gram.chars() {
        out.push_str(&format!("x{:x}", u32::from(c)));
    }
    out
}

/// What SQLite's [`SQL_FUNCTION`] returns for a post's body: its grams' tokens, separated by
/// spaces.
pub fn tokens(text: &str) -> String {
    let grams = grams(text);
    let mut out = String::with_capacity(grams.len() * 12);
    for g in grams {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&token(&g));
    }
    out
}

diesel::define_sql_function! {
    /// A post's body as the tokens of its grams ([`tokens`]); SQLite only.
    fn maku_search_grams(body: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Registers [`SQL_FUNCTION`] on a SQLite connection: the triggers that keep `post_grams` in
/// step with `posts` call it, so every connection that writes posts needs it (the pool's and
/// the one that migrates, `db::connect_with`).
pub fn register(conn: &mut diesel::SqliteConnection) -> diesel::QueryResult<()> {
    maku_search_grams_utils::register_impl(conn, |body: String| tokens(&body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn chinese_runs_become_their_characters_and_pairs() {
        assert_eq!(
            grams("狼人自爆"),
            set(&["狼", "人", "自", "爆", "狼人", "人自", "自爆"])
        );
        // Order matters: the pair of `狼人` is not the pair of `人狼`.
        assert!(!grams("人狼").contains("狼人"));
        assert!(grams("人狼").contains("人狼"));
    }

    #[test]
    fn latin_words_are_folded_and_whitespace_cuts() {
        assert_eq!(grams("Ok go"), set(&["o", "k", "ok", "g", "go"]));
        // Mixed scripts: the pairs cross from one script to the other, as a substring would.
        assert!(grams("狼人wolf").contains("人w"));
        // Punctuation is a character like any other; whitespace and control characters are not.
        assert_eq!(grams("a,\u{3000}\tb\u{7}"), set(&["a", ",", "a,", "b"]));
        assert!(grams("").is_empty());
        assert!(grams(" \n ").is_empty());
    }

    #[test]
    fn a_word_of_one_or_two_characters_is_one_gram() {
        assert_eq!(word_gram("狼").as_deref(), Some("狼"));
        assert_eq!(word_gram("狼人").as_deref(), Some("狼人"));
        assert_eq!(word_gram("OK").as_deref(), Some("ok"));
        assert_eq!(word_gram("狼人杀"), None);
        assert_eq!(word_gram(""), None);
        // Every short word is among the grams of a text that contains it.
        for (text, word) in [("今天狼人自爆了", "狼人"), ("WOLF", "Lf"), ("a%b", "%")] {
            let g = word_gram(word).expect("a short word");
            assert!(grams(text).contains(&g), "{word} in {text}");
        }
    }

    #[test]
    fn tokens_are_ascii_letters_and_digits() {
        assert_eq!(token("狼人"), "x72fcx4eba");
        assert_eq!(token("a"), "x61");
        assert_eq!(tokens("Aa"), "x61 x61x61");
        // Characters that fold to two: the same fold for the text and the word.
        let g = word_gram("İ").expect("one character");
        assert!(grams("xİx").contains(&g));
        assert!(
            tokens("狼人 wolf! 😀")
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == ' ')
        );
    }
}
