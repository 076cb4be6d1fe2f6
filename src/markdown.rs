//! Post text: Markdown rendered by pulldown-cmark, then sanitised by ammonia so that no script,
//! style or event handler from a post ever reaches a reader.
//!
//! Images from other sites would make every reader's browser fetch them, telling that site the
//! reader's address (and when they read). By default an image is therefore a link to it; a game
//! whose judge wants pictures renders them ([`Images::Shown`]).

use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd, html};
use std::sync::LazyLock;

/// The version of this renderer: its Markdown options, its sanitiser's rules and its image
/// handling. Raise it with any change that renders some post differently; posts stored by an
/// older version are then re-rendered (`maku rerender`, and the server at start).
pub const RENDER_VERSION: i32 = 1;

/// How images in a post are rendered: a value of the store's crate (a game's settings hold it).
pub use crate::domain::Images;

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.link_rel(Some("nofollow noopener"));
    // Raw `<img>` in a post goes too: Markdown images have become links already.
    b.rm_tags(["img"]);
    b
});

static SANITIZER_IMAGES: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.link_rel(Some("nofollow noopener"));
    b
});

/// Markdown source → safe HTML, images as links (forum posts).
pub fn render(source: &str) -> String {
    render_with(source, Images::Links)
}

/// Markdown source → safe HTML, images as `images` says.
pub fn render_with(source: &str, images: Images) -> String {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    opts.insert(Options::ENABLE_TABLES);
    let parser = Parser::new_ext(source, opts);
    let mut raw = String::with_capacity(source.len() * 3 / 2);
    match images {
        Images::Shown => {
            html::push_html(&mut raw, parser);
            SANITIZER_IMAGES.clean(&raw).to_string()
        }
        Images::Links => {
            html::push_html(&mut raw, images_as_links(parser));
            SANITIZER.clean(&raw).to_string()
        }
    }
}

/// Turns each image into a link to it whose text is the image's description (or its address
/// when it has none); an image inside a link becomes just its text, since links do not nest.
fn images_as_links<'a>(events: impl Iterator<Item = Event<'a>>) -> impl Iterator<Item = Event<'a>> {
    let mut links = 0usize;
    // For each open image: its address, whether it became a link, and whether text came.
    let mut open: Vec<(CowStr<'a>, bool, bool)> = Vec::new();
    events.flat_map(move |e| -> Vec<Event<'a>> {
        match e {
            Event::Start(Tag::Link { .. }) => {
                links += 1;
                vec![e]
            }
            Event::End(TagEnd::Link) => {
                links = links.saturating_sub(1);
                vec![e]
            }
            Event::Start(Tag::Image {
                dest_url,
                title,
                id,
                ..
            }) => {
                let as_link = links == 0 && open.is_empty();
                open.push((dest_url.clone(), as_link, false));
                if as_link {
                    vec![Event::Start(Tag::Link {
                        link_type: LinkType::Inline,
                        dest_url,
                        title,
                        id,
                    })]
                } else {
                    Vec::new()
                }
            }
            Event::End(TagEnd::Image) => {
                let Some((url, as_link, had_text)) = open.pop() else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                if !had_text {
                    out.push(Event::Text(url));
                }
                if as_link {
                    out.push(Event::End(TagEnd::Link));
                }
                out
            }
            Event::Text(_) | Event::Code(_) => {
                if let Some(top) = open.last_mut() {
                    top.2 = true;
                }
                vec![e]
            }
            // Inside an image's description only text counts (as pulldown-cmark's alt text).
            _ if !open.is_empty() => Vec::new(),
            other => vec![other],
        }
    })
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
    fn external_images_are_links_unless_shown() {
        let src = "look ![a cat](https://img.example/cat.png) and ![](https://img.example/x.png)\n\n<img src=\"https://img.example/raw.png\">";
        let html = render(src);
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains(
                r#"<a href="https://img.example/cat.png" rel="nofollow noopener">a cat</a>"#
            ),
            "{html}"
        );
        assert!(
            html.contains(r#">https://img.example/x.png</a>"#),
            "an image without a description links with its address: {html}"
        );
        let shown = render_with(src, Images::Shown);
        assert!(
            shown.contains(r#"<img src="https://img.example/cat.png" alt="a cat">"#),
            "{shown}"
        );
        assert!(shown.contains("raw.png"), "{shown}");
    }

    #[test]
    fn a_linked_image_keeps_its_link_and_loses_the_image() {
        let html = render("[![**pic**](https://img.example/p.png)](https://example.org/page)");
        assert!(!html.contains("<img") && !html.contains("p.png"), "{html}");
        assert!(
            html.contains(r#"href="https://example.org/page""#),
            "{html}"
        );
        assert!(html.contains("pic"), "{html}");
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
