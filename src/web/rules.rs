//! The ruling books as pages (`/rules/deathnote`): English readers get the ruling book the
//! engine follows (`docs/rules/deathnote.md`), Chinese readers the Chinese original it was written
//! from (`docs/rules/deathnote.zh.txt`), with a short summary on top and a link to the ruling
//! book. Both are compiled into the binary.

use crate::i18n::Lang;
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

/// The ruling book (English), the one the rules engine follows.
const RULING_BOOK: &str = include_str!("../../docs/rules/deathnote.md");
/// The Chinese original (one long line as it was posted).
const ORIGINAL: &str = include_str!("../../docs/rules/deathnote.zh.txt");

#[derive(Template, WebTemplate)]
#[template(path = "rules/deathnote.html")]
struct RulesPage {
    page: PageCtx,
    /// The Chinese original with its summary (else the ruling book).
    original: bool,
    /// Rendered and sanitised HTML.
    body: String,
}

/// The Chinese original in paragraphs: a break before each numbered section ("一、", "十二、"
/// …), which the post ran together on one line.
fn original_markdown() -> String {
    let mut out = String::with_capacity(ORIGINAL.len() + 256);
    let chars: Vec<char> = ORIGINAL.trim().chars().collect();
    let numeral = |c: char| "一二三四五六七八九十".contains(c);
    let mut i = 0;
    while i < chars.len() {
        // A section starts at " X、" where X is one or more Chinese numerals.
        if chars[i] == ' ' {
            let mut j = i + 1;
            while j < chars.len() && numeral(chars[j]) {
                j += 1;
            }
            if j > i + 1 && j < chars.len() && chars[j] == '、' {
                out.push_str("\n\n");
                i += 1;
                continue;
            }
        }
        // Markdown must not read the text's own characters as markup.
        if matches!(
            chars[i],
            '*' | '_' | '#' | '`' | '[' | ']' | '<' | '>' | '\\'
        ) {
            out.push('\\');
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

fn page(viewer: &Viewer, english: bool) -> RulesPage {
    let (original, body) = if english {
        (false, crate::markdown::render(RULING_BOOK))
    } else {
        (true, crate::markdown::render(&original_markdown()))
    };
    RulesPage {
        page: viewer.page(),
        original,
        body,
    }
}

/// The rules in the reader's language.
#[get("/rules/deathnote")]
async fn deathnote(viewer: Viewer) -> RulesPage {
    let english = viewer.tr.lang == Lang::En;
    page(&viewer, english)
}

/// The ruling book itself, whatever the reader's language (linked from the Chinese page).
#[get("/rules/deathnote/book")]
async fn ruling_book(viewer: Viewer) -> RulesPage {
    page(&viewer, true)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(deathnote).service(ruling_book);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_original_is_cut_into_its_sections() {
        let md = original_markdown();
        assert!(md.contains("\n\n一、 背景介绍"), "{}", &md[..400]);
        assert!(md.contains("\n\n二、 死亡笔记"));
        assert!(md.split("\n\n").count() > 10);
    }
}
