//! Issue 38, item 12: what a reader typed is not lost, a form posts once, and an address past
//! the end is not found.

use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(
    a_floor_past_the_last_is_not_found,
    an_unknown_account_in_the_substitute_form_comes_back_to_the_form,
);

async fn a_floor_past_the_last_is_not_found(app: TestApp) {
    let slug = app.board("far").await;
    let alice = app.player("alice").await;
    let thread = alice.new_thread(&slug, "标题", "floor-1").await;
    alice.reply(thread, "floor-2").await;
    for floor in [1, 2] {
        let page = alice.get(&format!("/t/{thread}/{floor}")).await;
        assert_eq!(page.status, StatusCode::OK, "floor {floor}");
        assert!(page.body.contains(&format!("floor-{floor}")));
    }
    for floor in [3, 99, 0, -1] {
        let page = alice.get(&format!("/t/{thread}/{floor}")).await;
        assert_eq!(
            page.status,
            StatusCode::NOT_FOUND,
            "floor {floor}: {}",
            page.url
        );
    }
}

async fn an_unknown_account_in_the_substitute_form_comes_back_to_the_form(app: TestApp) {
    let g = started_game(&app, "sf", json!({})).await;
    let admin = app.admin().await;
    let console = format!("/games/{}/console", g.id);
    let csrf = admin.get(&console).await.csrf();
    let page = admin
        .post(
            &format!("/games/{}/console/substitute", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", &g.names[0]),
                ("account", "nobody-here"),
                ("confirm", "yes"),
            ],
        )
        .await;
    page.assert_back_at(&console);
    assert!(
        page.body.contains("没有名为「nobody-here」的账号"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(r#"value="nobody-here""#),
        "the name is kept: {}",
        page.body
    );
    // An unknown game ID likewise, said as such.
    let page = admin
        .post(
            &format!("/games/{}/console/substitute", g.id),
            &[
                ("csrf", &csrf),
                ("game_id", "无此人"),
                ("account", "sf1"),
                ("confirm", "yes"),
            ],
        )
        .await;
    page.assert_back_at(&console);
    assert!(
        page.body.contains("本局没有游戏身份「无此人」"),
        "{}",
        page.body
    );
    // (The game ID is a choice of the seats: the message names the one sent.)
}
