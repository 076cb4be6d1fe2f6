//! Full-text search, shared by `/search` and `GET /api/v1/search` (docs/search.md): the query
//! as typed, parsed into terms; one page of hits; and each hit's snippet, the post's plain
//! text around its first match with the matched words in `<mark>`.
//!
//! What a search may find is decided by the query in `db::queries::search`, the same for every
//! reader: public threads, and a game's private threads only after its reveal.

use crate::app::AppState;
use crate::db::queries::search as q;
use crate::error::AppError;

/// Hits on one page of results.
pub const HITS_PER_PAGE: i64 = 20;
/// The longest query, in characters.
pub const MAX_QUERY_CHARS: usize = 200;
/// The most words a query may have (each one is a condition of the search).
pub const MAX_TERMS: usize = 8;
/// A snippet's length, in characters, around the first match.
pub const SNIPPET_CHARS: usize = 80;
/// How much of a snippet comes before its first match, in characters.
const SNIPPET_LEAD: usize = 20;
/// The most characters a snippet ever has: its lead and the first match (a word is at most
/// [`MAX_QUERY_CHARS`]) with room after. Matches that touch one another merge into one mark,
/// and a post of one repeated word once came back whole (1.2 MB): past this it is cut.
pub const SNIPPET_MAX_CHARS: usize = 300;

/// Why a query was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error("the query is empty")]
    Empty,
    #[error("the query is longer than {MAX_QUERY_CHARS} characters")]
    TooLong,
    #[error("the query has more than {MAX_TERMS} words")]
    TooManyWords,
}

impl QueryError {
    /// Its message in the catalogs (`locales/*/search.ftl`).
    pub fn message_key(self) -> &'static str {
        match self {
            QueryError::Empty => "search-error-empty",
            QueryError::TooLong => "search-error-too-long",
            QueryError::TooManyWords => "search-error-too-many-words",
        }
    }
}

/// A query as typed, split into its words: a post is found when it contains every one of them
/// (case-insensitively, anywhere: a Chinese word is matched as a substring).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    terms: Vec<String>,
}

impl Query {
    /// Parses `raw`: trimmed, split on whitespace, repeated words once. Control characters
    /// count as whitespace.
    pub fn parse(raw: &str) -> Result<Query, QueryError> {
        if raw.chars().count() > MAX_QUERY_CHARS {
            return Err(QueryError::TooLong);
        }
        let mut terms: Vec<String> = Vec::new();
        // The index's own rule (`db::grams::splits`): a word never holds a character no gram
        // holds.
        for word in raw.split(crate::db::grams::splits) {
            if !word.is_empty() && !terms.iter().any(|t| t == word) {
                terms.push(word.to_string());
            }
        }
        if terms.is_empty() {
            return Err(QueryError::Empty);
        }
        if terms.len() > MAX_TERMS {
            return Err(QueryError::TooManyWords);
        }
        Ok(Query { terms })
    }

    pub fn terms(&self) -> &[String] {
        &self.terms
    }
}

/// One hit: where the post is and what it says around the match. No author.
#[derive(Debug, Clone)]
pub struct Hit {
    pub thread_id: i64,
    pub floor: i64,
    /// The thread's stored title (a game thread's is its game's; pages add which thread).
    pub title: String,
    pub thread_kind: String,
    pub game_id: Option<i64>,
    /// HTML: the snippet's text escaped, its matches in `<mark>`.
    pub snippet: String,
}

/// One page of hits.
#[derive(Debug, Clone)]
pub struct Results {
    /// The page shown (at least 1).
    pub page: i64,
    pub hits: Vec<Hit>,
    /// Whether a next page has hits.
    pub more: bool,
}

/// Page `page` of the hits for `query`, newest post first.
pub async fn search(state: &AppState, query: &Query, page: i64) -> Result<Results, AppError> {
    let page = page.max(1);
    let terms = query.terms.clone();
    let offset = (page - 1).saturating_mul(HITS_PER_PAGE);
    // One more than a page: whether there is a next page, without counting every hit.
    let mut found = state
        .db(move |c| Ok(q::search(c, &terms, offset, HITS_PER_PAGE + 1)?))
        .await?;
    let more = found.len() as i64 > HITS_PER_PAGE;
    found.truncate(HITS_PER_PAGE as usize);
    let hits = found
        .into_iter()
        .map(|p| Hit {
            snippet: snippet(&plain_text(&p.body), &query.terms),
            thread_id: p.thread_id,
            floor: p.floor,
            title: p.title,
            thread_kind: p.thread_kind,
            game_id: p.game_id,
        })
        .collect();
    Ok(Results { page, hits, more })
}

/// A post's Markdown as the text a reader reads: no markup, no link targets, paragraphs and
/// lines joined by single spaces.
pub fn plain_text(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    let mut out = String::with_capacity(markdown.len());
    let space = |out: &mut String| {
        if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    };
    for event in Parser::new(markdown) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak | Event::Rule | Event::End(_) => space(&mut out),
            // Raw HTML in a post is not shown as text (the renderer strips or escapes it);
            // say it as typed, so a `<script>` in a post is still something one can find.
            Event::Html(t) | Event::InlineHtml(t) => out.push_str(&t),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A character as the search compares it: lower case (the first character of its lower case,
/// so text and its folded copy keep the same length).
fn fold(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

/// About [`SNIPPET_CHARS`] characters of `text` around the first match of any of `terms`, as
/// HTML: everything escaped, each match in `<mark>`, `…` where the text was cut. A text in
/// which no term is found (the match was in a link's address or across markup) gives its
/// start, unmarked.
pub fn snippet(text: &str, terms: &[String]) -> String {
    let chars: Vec<char> = text.chars().collect();
    let folded: Vec<char> = chars.iter().copied().map(fold).collect();
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for term in terms {
        let needle: Vec<char> = term.chars().map(fold).collect();
        if needle.is_empty() || needle.len() > folded.len() {
            continue;
        }
        let mut i = 0;
        while i + needle.len() <= folded.len() {
            if folded[i..i + needle.len()] == needle[..] {
                ranges.push((i, i + needle.len()));
                i += needle.len();
            } else {
                i += 1;
            }
        }
    }
    ranges.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (s, e) in ranges {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    let (start, end) = match merged.first() {
        Some(&(s, e)) => {
            let start = s
                .saturating_sub(SNIPPET_LEAD)
                .min(chars.len().saturating_sub(SNIPPET_CHARS));
            let end = (start + SNIPPET_CHARS)
                .max(e)
                .min(start + SNIPPET_MAX_CHARS)
                .min(chars.len());
            (start, end)
        }
        None => (0, SNIPPET_CHARS.min(chars.len())),
    };
    let mut out = String::with_capacity((end - start) * 4 + 16);
    if start > 0 {
        out.push('…');
    }
    let mut marks = merged
        .into_iter()
        .map(|(s, e)| (s.max(start), e.min(end)))
        .filter(|(s, e)| s < e)
        .peekable();
    let mut i = start;
    while i < end {
        match marks.peek() {
            Some(&(s, e)) if s == i => {
                out.push_str("<mark>");
                chars[s..e].iter().for_each(|c| escape_into(&mut out, *c));
                out.push_str("</mark>");
                marks.next();
                i = e;
            }
            _ => {
                escape_into(&mut out, chars[i]);
                i += 1;
            }
        }
    }
    if end < chars.len() {
        out.push('…');
    }
    out
}

fn escape_into(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(q: &str) -> Vec<String> {
        Query::parse(q).expect("a query").terms
    }

    #[test]
    fn snippets_are_bounded_whatever_the_post() {
        // One word repeated: every match touches the next and they merge into one mark.
        let text = "wolf".repeat(100_000);
        let cut = snippet(&text, &["wolf".to_string()]);
        let shown = cut
            .replace("<mark>", "")
            .replace("</mark>", "")
            .replace('…', "");
        assert!(shown.chars().count() <= SNIPPET_MAX_CHARS, "{}", cut.len());
        assert!(cut.starts_with("<mark>wolf"), "{}", &cut[..40]);
        assert!(
            cut.ends_with("</mark>…"),
            "the cut is said and the mark closed"
        );
        // Chinese, cut on characters.
        let text = "狼人".repeat(10_000);
        let cut = snippet(&text, &["狼人".to_string()]);
        assert!(
            cut.chars().count() <= SNIPPET_MAX_CHARS + 20,
            "{}",
            cut.len()
        );
    }

    #[test]
    fn queries_are_words() {
        assert_eq!(terms("  狼人  wolf\twolf "), vec!["狼人", "wolf"]);
        assert_eq!(Query::parse(" \t "), Err(QueryError::Empty));
        assert_eq!(Query::parse(""), Err(QueryError::Empty));
        assert_eq!(Query::parse(&"字".repeat(200)).map(|_| ()), Ok(()));
        assert_eq!(Query::parse(&"字".repeat(201)), Err(QueryError::TooLong));
        assert_eq!(
            Query::parse("a b c d e f g h i"),
            Err(QueryError::TooManyWords)
        );
    }

    #[test]
    fn a_snippet_marks_every_match_and_escapes_the_rest() {
        let s = snippet(
            "<script>alert('x')</script> & the Wolf said wolf",
            &terms("wolf"),
        );
        assert_eq!(
            s,
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; the <mark>Wolf</mark> said <mark>wolf</mark>"
        );
        // A term that is itself markup is escaped inside its mark.
        let s = snippet("a <b> c", &terms("<b>"));
        assert_eq!(s, "a <mark>&lt;b&gt;</mark> c");
    }

    #[test]
    fn a_snippet_is_cut_around_the_first_match() {
        let text = format!("{}今天狼人自爆了{}", "前".repeat(100), "后".repeat(100));
        let s = snippet(&text, &terms("狼人"));
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert!(s.contains("<mark>狼人</mark>"), "{s}");
        let shown = s.replace("<mark>", "").replace("</mark>", "");
        assert_eq!(shown.chars().count(), SNIPPET_CHARS + 2, "{s}");
        assert!(shown.starts_with(&format!("…{}", "前".repeat(SNIPPET_LEAD - 2))));
        // Near the end, the window still holds SNIPPET_CHARS characters.
        let s = snippet(&format!("{}结尾", "前".repeat(100)), &terms("结尾"));
        assert!(
            s.starts_with('…') && s.ends_with("<mark>结尾</mark>"),
            "{s}"
        );
        // No match in the text: its start, unmarked.
        let s = snippet(&"字".repeat(100), &terms("无"));
        assert_eq!(s, format!("{}…", "字".repeat(SNIPPET_CHARS)));
        // Overlapping terms make one mark.
        assert_eq!(snippet("abcdef", &terms("abc cde")), "<mark>abcde</mark>f");
    }

    #[test]
    fn plain_text_drops_markup_and_link_targets() {
        assert_eq!(
            plain_text("# Title\n\n**bold** and [a link](https://x.example/wolf)\n\n> quoted"),
            "Title bold and a link quoted"
        );
    }
}
