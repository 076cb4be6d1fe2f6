//! The picture on the reveal page (issue 28): checks shared by the tests that play the shared
//! examples through the API. After the end, the reveal draws the game as an SVG with a title,
//! a description and every seat, and lists the same facts as a table; the ballots it lists are
//! the ones the rules counted, and every out is there with its act.

use crate::helpers::TestApp;
use reqwest::StatusCode;
use serde_json::Value;
use std::collections::BTreeSet;

/// One row of the picture's table: act, seat, what, on whom.
pub(crate) type Fact = (u64, String, String, String);

/// The reveal page in English, checked for the picture's frame; its table's rows.
pub(crate) async fn picture_facts(app: &TestApp, game: i64, seats: &[String]) -> Vec<Fact> {
    let page = app
        .browser_in("en")
        .get(&format!("/games/{game}/reveal"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    let svg = body
        .split("<svg")
        .nth(1)
        .and_then(|s| s.split("</svg>").next())
        .unwrap_or_else(|| panic!("the reveal draws the game: {body}"));
    assert!(
        svg.contains("role=\"img\""),
        "an image to assistive technology"
    );
    // Accessibility review of issue 38: the title is its name, the long text its description
    // (read as the name, it buried the name under a paragraph).
    assert!(
        svg.contains("aria-labelledby=\"picture-title\" aria-describedby=\"picture-desc\""),
        "named by its title, described by its desc"
    );
    assert!(
        svg.contains("<title id=\"picture-title\">") && svg.contains("<desc id=\"picture-desc\">")
    );
    for s in seats {
        assert!(
            svg.contains(&format!(">{s}</text>")),
            "the picture has a lane for {s}"
        );
    }
    // Each seat's row links its replay.
    assert_eq!(
        body.matches(&format!("href=\"/games/{game}/replay?seat="))
            .count(),
        seats.len(),
        "every seat's replay is linked"
    );
    let table = body
        .split("<details class=\"picture-facts\">")
        .nth(1)
        .and_then(|s| s.split("</table>").next())
        .expect("the picture's facts as a table");
    table
        .split("<tr><td>")
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row
                .split("</td>")
                .map(|c| c.trim_start_matches("<td>"))
                .collect();
            (
                cells[0].parse().expect("an act number"),
                cells[1].to_string(),
                cells[2].to_string(),
                cells[3].to_string(),
            )
        })
        .collect()
}

/// The seats' game IDs of a scenario.
pub(crate) fn seat_names(scenario: &Value) -> Vec<String> {
    scenario["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["game_id"].as_str().expect("game_id").to_string())
        .collect()
}

/// The outs a transcript published: (act, seat).
pub(crate) fn published_outs(expected: &[Value]) -> BTreeSet<(u64, String)> {
    expected
        .iter()
        .filter(|l| l["kind"] == "public" && l["event"]["type"] == "out")
        .map(|l| {
            (
                l["act"].as_u64().expect("act"),
                l["event"]["target"].as_str().expect("target").to_string(),
            )
        })
        .collect()
}

/// The ballots of a game whose rules publish none during play (they are private until the
/// reveal): from the reveal's transcript, each seat's last accepted vote of each act and round
/// (a later vote replaces an earlier one; one naming nobody abstains).
pub(crate) fn revealed_ballots(reveal: &Value) -> BTreeSet<(u64, u64, String, String)> {
    let mut last = std::collections::BTreeMap::new();
    for l in reveal["transcript"].as_array().expect("the transcript") {
        let a = &l["action"];
        if l["kind"] != "reply" || l["ok"] != true || a["type"] != "vote" {
            continue;
        }
        let key = (
            l["act"].as_u64().expect("act"),
            a["round"].as_u64().unwrap_or(1),
            l["by"].as_str().expect("by").to_string(),
        );
        let named: Vec<String> = match (&a["target"], &a["targets"]) {
            (Value::String(t), _) => vec![t.clone()],
            (_, Value::Array(list)) => list
                .iter()
                .filter_map(|t| Some(t.as_str()?.to_string()))
                .collect(),
            _ => Vec::new(),
        };
        last.insert(key, named);
    }
    last.into_iter()
        .flat_map(|((act, round, by), named)| {
            named.into_iter().map(move |t| (act, round, by.clone(), t))
        })
        .collect()
}

/// The table lists exactly `ballots` (act, round, voter, target) as its votes, and every out
/// of `outs` (act, seat).
pub(crate) fn assert_picture(
    facts: &[Fact],
    ballots: &BTreeSet<(u64, u64, String, String)>,
    outs: &BTreeSet<(u64, String)>,
) {
    let listed: BTreeSet<(u64, u64, String, String)> = facts
        .iter()
        .filter_map(|(act, who, what, whom)| {
            let round = match what.as_str() {
                "Vote" => 1,
                w => w.strip_prefix("Vote, round ")?.parse().ok()?,
            };
            Some((*act, round, who.clone(), whom.clone()))
        })
        .collect();
    assert_eq!(&listed, ballots, "the picture's ballots");
    let gone: BTreeSet<(u64, String)> = facts
        .iter()
        .filter(|(_, _, what, _)| what.starts_with("went out ("))
        .map(|(act, who, _, _)| (*act, who.clone()))
        .collect();
    assert_eq!(&gone, outs, "the picture's outs");
}
