//! The ruling books as pages, one per variant (`/rules/{variant}`), and their index (`/rules`).
//!
//! English readers get the ruling book the engine follows (`docs/rules/*.md`), Chinese readers the
//! Chinese original it was written from (`docs/rules/<variant>.zh.txt`), with a short summary on
//! top and a link to the ruling book (`/rules/{variant}/book`, the book whatever the reader's
//! language). A book that covers several variants (the classic presets, the role games) opens
//! with the variant's own summary and links to the variant's own section where it has one.
//! Everything is compiled into the binary; the page set below is documentation, not the engine.

use crate::error::AppError;
use crate::i18n::Lang;
use crate::rules::{RulesDoc, Variant};
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use actix_web::{get, web};
use askama::Template;
use askama_web::WebTemplate;

/// One variant's rules page: its name (the page's URL) and what its rules give of it.
struct Doc {
    name: &'static str,
    doc: RulesDoc,
}

/// Every variant's page, in the registry's order.
fn docs() -> impl Iterator<Item = Doc> {
    Variant::offered().filter_map(|v| {
        v.rules_doc().map(|doc| Doc {
            name: v.name(),
            doc,
        })
    })
}

fn doc(name: &str) -> Result<Doc, AppError> {
    docs().find(|d| d.name == name).ok_or(AppError::NotFound)
}

#[derive(Template, WebTemplate)]
#[template(path = "rules/page.html")]
struct RulesPage {
    page: PageCtx,
    name: &'static str,
    title: String,
    /// The Chinese original with its summary (else the ruling book).
    original: bool,
    /// Summary paragraphs above the text (none for a book of its own variant alone).
    summary: Vec<String>,
    /// The ruling book's link text (on the Chinese page).
    book_link: String,
    /// The variant's own section of the book: its anchor and the link's text.
    section: Option<(&'static str, String)>,
    /// Rendered and sanitised HTML.
    body: String,
}

/// Markdown must not read the text's own characters as markup: every ASCII punctuation
/// character may be escaped and then reads as itself (`~` would strike through, `1.` start a
/// list, `&` an entity…).
fn push_escaped(out: &mut String, c: char) {
    if c.is_ascii_punctuation() {
        out.push('\\');
    }
    out.push(c);
}

/// An original its post ran together on one line (`RulesDoc::one_line`), in paragraphs: a
/// break before each numbered section ("一、", "十二、" …).
fn one_line_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 256);
    let chars: Vec<char> = text.trim().chars().collect();
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
        push_escaped(&mut out, chars[i]);
        i += 1;
    }
    out
}

/// An original with real lines: each line stays a line (a hard break), blank lines part
/// paragraphs, leading ASCII spaces stay as no-break spaces (else four of them would make code).
fn lines_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 5 / 4);
    let mut blank = false;
    for line in text.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            blank = true;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank { "\n\n" } else { "\\\n" });
        }
        blank = false;
        let body = line.trim_start_matches([' ', '\t']);
        for _ in 0..line.len() - body.len() {
            out.push('\u{a0}');
        }
        for c in body.chars() {
            push_escaped(&mut out, c);
        }
    }
    out
}

fn original_markdown(d: &Doc) -> String {
    if d.doc.one_line {
        one_line_markdown(d.doc.original)
    } else {
        lines_markdown(d.doc.original)
    }
}

/// The ruling book of `d`, its own section (if any) given its anchor.
fn book_html(d: &Doc) -> String {
    let html = crate::markdown::render(d.doc.book);
    match d.doc.section {
        Some((heading, id)) => match html.find(heading) {
            Some(at) => {
                let rest = &html[at + "<h2>".len()..];
                format!("{}<h2 id=\"{id}\">{rest}", &html[..at])
            }
            None => html,
        },
        None => html,
    }
}

/// Issue 38 item 13a: each table of a rules text in a box of its own that scrolls sideways
/// (a focusable region named `label`), so that a phone's page never does.
fn scroll_tables(html: &str, label: &str) -> String {
    let label = crate::web::fragments::escaped(label);
    html.replace(
        "<table>",
        &format!(
            "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{label}\"><table>"
        ),
    )
    .replace("</table>", "</table></div>")
}

fn page(viewer: &Viewer, d: &Doc, english: bool) -> RulesPage {
    let tr = viewer.tr;
    let (original, body) = if english {
        (false, book_html(d))
    } else {
        (true, crate::markdown::render(&original_markdown(d)))
    };
    let body = scroll_tables(&body, &tr.t("rules-table-label"));
    // The Chinese page always opens with its summary; a shared book too.
    let summary = if original {
        let mut s = vec![tr.t(d.doc.summary)];
        if d.doc.shared {
            s.push(tr.t("rules-book-decides"));
        }
        s
    } else if d.doc.shared {
        vec![tr.t(d.doc.summary), tr.t("rules-book-covers")]
    } else {
        Vec::new()
    };
    RulesPage {
        page: viewer.page(),
        name: d.name,
        title: tr.t(d.doc.title),
        original,
        summary,
        book_link: tr.t(d.doc.book_link),
        section: d
            .doc
            .section
            .map(|(_, id)| (id, tr.t("rules-section-link"))),
        body,
    }
}

/// A variant's rules in the reader's language.
#[get("/rules/{variant}")]
async fn rules(viewer: Viewer, variant: web::Path<String>) -> Result<RulesPage, AppError> {
    let d = doc(&variant)?;
    let english = viewer.tr.lang == Lang::En;
    Ok(page(&viewer, &d, english))
}

/// The ruling book itself, whatever the reader's language (linked from the Chinese page).
#[get("/rules/{variant}/book")]
async fn ruling_book(viewer: Viewer, variant: web::Path<String>) -> Result<RulesPage, AppError> {
    let d = doc(&variant)?;
    Ok(page(&viewer, &d, true))
}

#[derive(Template, WebTemplate)]
#[template(path = "rules/index.html")]
struct RulesIndex {
    page: PageCtx,
    /// (name, title, one line about it), in the registry's order.
    docs: Vec<(&'static str, String, String)>,
}

/// Every variant's page, with a line about each.
#[get("/rules")]
async fn index(viewer: Viewer) -> RulesIndex {
    let tr = viewer.tr;
    RulesIndex {
        page: viewer.page(),
        docs: docs()
            .map(|d| (d.name, tr.t(d.doc.title), tr.t(d.doc.about)))
            .collect(),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index).service(rules).service(ruling_book);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Tr;

    fn original(name: &str) -> &'static str {
        doc(name).expect("a known page").doc.original
    }

    #[test]
    fn the_original_is_cut_into_its_sections() {
        let md = one_line_markdown(original("deathnote"));
        assert!(md.contains("\n\n一、 背景介绍"), "{}", &md[..400]);
        assert!(md.contains("\n\n二、 死亡笔记"));
        assert!(md.split("\n\n").count() > 10);
    }

    /// Each Chinese cut starts at its own heading and ends before the next preset's.
    #[test]
    fn each_chinese_cut_holds_its_preset_alone() {
        // (page, its first line, a phrase near its end, headings that must not be in it)
        let cuts: [(&str, &str, &str, &[&str]); 6] = [
            (
                "dongsha",
                "【东杀】东京杀人帮之游戏规则(京杀2.0版)",
                "叫做屠城，警察与平民输，杀手一方胜利",
                &["无间道版", "生推版"],
            ),
            (
                "wujian",
                "杀人帮游戏规则之无间道版：",
                "具体规则同上",
                &["东京杀人帮之游戏规则", "生推版", "参加人数及警匪配置"],
            ),
            (
                "shengtui",
                "杀人帮游戏规则之生推版（改）：",
                "如此循环直至公决后平民为1或2人，杀手胜",
                &["无间道版", "东京杀人帮之游戏规则", "学习学习了再参加"],
            ),
            (
                "killgame",
                "killgame纸牌怎么玩",
                "任何时候法官都有权令违反规则的玩家出局!",
                &["无间道", "生推版"],
            ),
            (
                "v4wujian",
                "4.0无间版本",
                "好人胜利：所有杀手及卧底均全部死掉。",
                &["恶民传说", "5.0", "~~~~"],
            ),
            (
                "v5emin",
                "5.0",
                "平局条件：双方的特殊身份在夜晚同时死光",
                &["4.0无间版本", "卧底", "~~~~"],
            ),
        ];
        for (name, first, near_end, absent) in cuts {
            let text = original(name);
            assert_eq!(text.lines().next(), Some(first), "{name}");
            let last = text.trim_end().lines().last().unwrap_or_default();
            let tail = text.trim_end().lines().rev().take(2).collect::<String>();
            assert!(tail.contains(near_end), "{name} ends with {last}");
            for a in absent {
                assert!(!text.contains(a), "{name} holds {a}");
            }
        }
        assert!(original("v5emin").contains("恶民传说版本："));
        assert!(original("v5emin").trim_end().ends_with("t64749.html"));
    }

    #[test]
    fn the_lines_of_an_original_stay_lines() {
        let html = crate::markdown::render(&lines_markdown(original("killgame")));
        // "11~16人" is no strike-through, "1．" and "1）" no list: the text reads as posted.
        assert!(html.contains("参加人数限定在11~16人范围内。"), "{html}");
        assert!(!html.contains("<del>") && !html.contains("<ol>") && !html.contains("<li>"));
        let html = crate::markdown::render(&lines_markdown(original("shengtui")));
        assert!(
            html.contains("<p>杀人帮游戏规则之生推版（改）：<br>\n1.&nbsp; &nbsp;&nbsp;&nbsp;参加人数及杀手配制<br>"),
            "{html}"
        );
        assert!(html.contains("[法官]将洗好的牌"));
        let html = crate::markdown::render(&lines_markdown("  a *b*\n\nc &amp; d\\"));
        assert_eq!(html, "<p>&nbsp;&nbsp;a *b*</p>\n<p>c &amp;amp; d\\</p>\n");
    }

    /// The originals are posts, not Markdown: rendered, they hold paragraphs and line breaks and
    /// no other markup, and every character of the text survives.
    #[test]
    fn no_original_reads_as_markup() {
        for d in docs() {
            let html = crate::markdown::render(&original_markdown(&d));
            let tags: std::collections::BTreeSet<&str> = html
                .split('<')
                .skip(1)
                .filter_map(|t| t.split(['>', ' ']).next())
                .collect();
            let allowed = ["p", "/p", "br"];
            assert!(
                tags.iter().all(|t| allowed.contains(t)),
                "{}: {tags:?}",
                d.name
            );
            let text: String = html
                .replace("<br>", "")
                .replace("<p>", "")
                .replace("</p>", "")
                .replace("&nbsp;", "\u{a0}")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
                .split_whitespace()
                .collect();
            let source: String = d.doc.original.split_whitespace().collect();
            assert_eq!(text, source, "{}", d.name);
        }
    }

    #[test]
    fn each_own_section_gets_its_anchor() {
        for d in docs() {
            let html = book_html(&d);
            if let Some((_, id)) = d.doc.section {
                let anchor = format!("<h2 id=\"{id}\">");
                assert_eq!(html.matches(&anchor).count(), 1, "{}", d.name);
            } else {
                assert!(!html.contains("<h2 id="), "{}", d.name);
            }
        }
    }

    #[test]
    fn every_page_has_its_texts_in_both_languages() {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for d in docs() {
                for key in [d.doc.title, d.doc.about, d.doc.summary, d.doc.book_link] {
                    assert!(tr.has(key), "{key} in {lang:?}");
                }
            }
            for key in [
                "rules-book-decides",
                "rules-book-covers",
                "rules-section-link",
                "rules-index-title",
                "rules-index-intro",
                "footer-rules",
            ] {
                assert!(tr.has(key), "{key} in {lang:?}");
            }
        }
    }
}
