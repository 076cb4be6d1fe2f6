//! Setups as data over HTTP: every table preset's document and every role (docs/setups.md).

use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use reqwest::StatusCode;

on_both_backends!(presets_and_roles_are_served_to_anyone);

async fn presets_and_roles_are_served_to_anyone(app: TestApp) {
    let api = Api::new(&app);
    let (s, body) = api.get("/api/v1/setups/presets", None).await;
    assert_eq!(s, StatusCode::OK);
    let presets = body["presets"].as_array().expect("a list");
    let names: Vec<&str> = presets.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "dongsha", "killgame", "shengtui", "wujian", "v4wujian", "v5emin"
        ]
    );
    // 东杀 2.0 as classic.md's table has it: 2/2 to 10 seats, 3/3 to 14, 4/4 to 16.
    let dongsha = &presets[0]["document"];
    assert_eq!(dongsha["seats"], serde_json::json!({"min": 8, "max": 16}));
    assert_eq!(
        dongsha["deal"][0],
        serde_json::json!({"role": "killer", "count": {"8-10": 2, "11-14": 3, "15-16": 4}})
    );
    assert_eq!(dongsha["win"]["civilians_out"], "killers");
    assert_eq!(dongsha["day"]["explode"], true);

    let (s, body) = api.get("/api/v1/roles", None).await;
    assert_eq!(s, StatusCode::OK);
    let roles = body["roles"].as_array().expect("a list");
    let elder = |book: &str| {
        roles
            .iter()
            .find(|r| r["code"] == "elder" && r["book"] == book)
            .unwrap_or_else(|| panic!("{book}'s elder"))
    };
    assert_eq!(elder("r4")["side"], "good");
    assert_eq!(elder("r5")["side"], "bad");
    assert_eq!(elder("r4")["names"]["zh-CN"], "森林老人");
    assert_eq!(elder("r4")["names"]["en"], "Forest elder");
    assert_eq!(elder("r5")["action"], "silence");
    assert!(
        roles
            .iter()
            .any(|r| r["code"] == "civilian" && r["action"].is_null())
    );
}
