//! The rules pages of every variant: `/rules/{variant}` in the reader's language (the
//! Chinese original of that variant with a summary, or the English ruling book), the ruling book
//! itself at `/rules/{variant}/book`, and the index at `/rules`.

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::json;

on_both_backends!(
    every_variant_has_its_rules_in_both_languages,
    the_rules_index_lists_every_variant,
    an_unknown_variant_has_no_rules_page,
    a_game_links_the_rules_of_its_own_variant,
);

/// One variant's page: a phrase of its Chinese original that no other page's original holds, a
/// phrase of its ruling book, a phrase of its Chinese and its English summary, and its own
/// section's anchor in the book, if any.
struct Expect {
    name: &'static str,
    original: &'static str,
    book: &'static str,
    summary_zh: &'static str,
    summary_en: &'static str,
    section: Option<&'static str>,
}

const PAGES: [Expect; 7] = [
    Expect {
        name: "deathnote",
        original: "背景介绍",
        book: "DN-14 Every seat living at opening",
        summary_zh: "每位玩家有两个身份",
        summary_en: "",
        section: None,
    },
    Expect {
        name: "dongsha",
        original: "东京杀人帮之游戏规则",
        book: "CL-8 <strong>Self-explode</strong>",
        summary_zh: "15–16 人时各 4 人",
        summary_en: "all civilians are out (the killers win: 屠城)",
        section: None,
    },
    Expect {
        name: "killgame",
        original: "killgame纸牌怎么玩",
        book: "CL-10 All killers out",
        summary_zh: "平民全部出局为平局",
        summary_en: "all civilians out: a draw",
        section: None,
    },
    Expect {
        name: "shengtui",
        original: "杀人帮游戏规则之生推版（改）",
        book: "CL-11 shengtui: the killer out",
        summary_zh: "6–8 人：1 名杀手",
        summary_en: "6 to 8 seats: one killer",
        section: None,
    },
    Expect {
        name: "wujian",
        original: "杀人帮游戏规则之无间道版",
        book: "WJ-2 One night only",
        summary_zh: "4–20 人，分匪、警两方",
        summary_en: "4 to 20 seats in two factions",
        section: Some("wujian"),
    },
    Expect {
        name: "v4wujian",
        original: "4.0无间版本",
        book: "R4-4 Resolution, in this order",
        summary_zh: "固定 16 人",
        summary_en: "Exactly 16 seats",
        section: Some("v4wujian"),
    },
    Expect {
        name: "v5emin",
        original: "恶民传说版本",
        book: "R5-3 Night resolution",
        summary_zh: "固定 10 人",
        summary_en: "Exactly 10 seats",
        section: Some("v5emin"),
    },
];

async fn every_variant_has_its_rules_in_both_languages(app: TestApp) {
    let zh = app.browser();
    let en = app.browser_in("en");
    for p in &PAGES {
        let name = p.name;
        // Chinese: the summary, the original of this variant alone, the link to the book.
        let page = zh.get(&format!("/rules/{name}")).await;
        assert_eq!(page.status, StatusCode::OK, "{name}");
        let body = &page.body;
        assert!(body.contains(p.summary_zh), "{name}: {body}");
        assert!(body.contains(p.original), "{name}: {body}");
        assert!(
            !body.contains(p.book),
            "{name}: the book on the Chinese page"
        );
        assert!(
            body.contains(&format!(r#"href="/rules/{name}/book""#)),
            "{name}: {body}"
        );
        for other in PAGES.iter().filter(|o| o.name != name) {
            assert!(
                !body.contains(other.original),
                "{name} holds {}'s original",
                other.name
            );
        }
        if name != "deathnote" {
            assert!(
                body.contains("本站以逐条补全原帖的英文规则书为准"),
                "{name}"
            );
        }
        if let Some(id) = p.section {
            assert!(
                body.contains(&format!(r#"href="/rules/{name}/book#{id}""#)),
                "{name}: {body}"
            );
        }

        // English: the ruling book, under the variant's summary when the book covers several.
        let page = en.get(&format!("/rules/{name}")).await;
        assert_eq!(page.status, StatusCode::OK, "{name}");
        let body = &page.body;
        assert!(body.contains(p.book), "{name}: {body}");
        assert!(
            !body.contains(p.original),
            "{name}: the original in English"
        );
        if !p.summary_en.is_empty() {
            assert!(body.contains(p.summary_en), "{name}: {body}");
        }
        if let Some(id) = p.section {
            assert!(body.contains(&format!(r#"<h2 id="{id}">"#)), "{name}");
            assert!(body.contains(&format!(r##"href="#{id}""##)), "{name}");
        }

        // The book, whatever the reader's language; its summary in the reader's.
        for (b, summary) in [(&zh, p.summary_zh), (&en, p.summary_en)] {
            let page = b.get(&format!("/rules/{name}/book")).await;
            assert_eq!(page.status, StatusCode::OK, "{name}");
            assert!(page.body.contains(p.book), "{name}: {}", page.body);
            assert!(!page.body.contains(p.original), "{name}");
            if name != "deathnote" {
                assert!(page.body.contains(summary), "{name}: {}", page.body);
            }
        }
    }
}

async fn the_rules_index_lists_every_variant(app: TestApp) {
    let zh = app.browser().get("/rules").await;
    assert_eq!(zh.status, StatusCode::OK);
    let en = app.browser_in("en").get("/rules").await;
    assert_eq!(en.status, StatusCode::OK);
    for p in &PAGES {
        let link = format!(r#"<a href="/rules/{}">"#, p.name);
        assert!(zh.body.contains(&link), "{link}: {}", zh.body);
        assert!(en.body.contains(&link), "{link}: {}", en.body);
    }
    for line in ["杀手可以爆匪", "十种身份各一人", "本站的主打玩法"] {
        assert!(zh.body.contains(line), "{line}: {}", zh.body);
    }
    for line in [
        "the killers may self-explode",
        "ten single roles",
        "flagship game",
    ] {
        assert!(en.body.contains(line), "{line}: {}", en.body);
    }
    // Every page's footer links the index.
    let home = app.browser().get("/").await;
    assert!(
        home.body.contains(r#"<a href="/rules">规则</a>"#),
        "{}",
        home.body
    );
}

async fn an_unknown_variant_has_no_rules_page(app: TestApp) {
    for path in [
        "/rules/nonsense",
        "/rules/nonsense/book",
        "/rules/classic",
        "/rules/DeathNote",
    ] {
        let zh = app.browser().get(path).await;
        assert_eq!(zh.status, StatusCode::NOT_FOUND, "{path}");
        assert!(zh.body.contains("找不到这个页面。"), "{path}: {}", zh.body);
        let en = app.browser_in("en").get(path).await;
        assert_eq!(en.status, StatusCode::NOT_FOUND, "{path}");
        assert!(en.body.contains("There is nothing here."), "{path}");
    }
}

/// The game page links the rules of the game's variant, not Death Note's whatever it plays (the
/// test variant `twophase` has no rules page: its link is the one thing it shows here).
async fn a_game_links_the_rules_of_its_own_variant(app: TestApp) {
    let api = Api::new(&app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "两段", "variant": "twophase"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let page = app.browser().get(&format!("/games/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains(r#"<a href="/rules/twophase" class="rules-link">"#),
        "{}",
        page.body
    );
    assert!(!page.body.contains(r#"href="/rules/deathnote""#));
}
