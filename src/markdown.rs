//! Post text: Markdown rendered by pulldown-cmark, then sanitised by ammonia so that no script,
//! style or event handler from a post ever reaches a reader.

use pulldown_cmark::{Options, Parser, html};
use std::sync::LazyLock;

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.link_rel(Some("nofollow noopener"));
    b
});

/// Markdown source → safe HTML.
pub fn render(source: &str) -> String {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    opts.insert(Options::ENABLE_TABLES);
    let parser = Parser::new_ext(source, opts);
    let mut raw = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut raw, parser);
    SANITIZER.clean(&raw).to_string()
}

/// The Markdown of a quote of `body` by `author`, ready to be answered below.
pub fn quote(author: &str, body: &str) -> String {
    let mut out = format!("> **{}**:\n", author.replace('*', "\\*"));
    for line in body.lines() {
        out.push_str("> ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_handlers_are_removed() {
        let html = render("hi <script>alert(1)</script> <img src=x onerror=alert(2)>");
        assert!(!html.contains("<script"));
        assert!(!html.contains("onerror"));
    }

    #[test]
    fn links_get_nofollow_noopener_and_js_urls_go() {
        let html = render("[a](https://example.org) [b](javascript:alert(1))");
        assert!(html.contains(r#"rel="nofollow noopener""#), "{html}");
        assert!(!html.contains("javascript:"));
    }

    #[test]
    fn quotes_are_blockquotes() {
        let q = quote("alice", "line one\nline two");
        let html = render(&q);
        assert!(html.contains("<blockquote>"));
        assert!(html.contains("alice"));
        assert!(html.contains("line two"));
    }
}
