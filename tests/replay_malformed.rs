//! Malformed scenario files: exit 2, exactly one line on stderr, nothing on stdout, no panic.

use std::io::Write;
use std::process::Command;

fn seats(n: usize) -> String {
    let s: Vec<String> = (1..=n)
        .map(|i| format!(r#"{{"game_id":"g{i}","real_id":"r{i}"}}"#))
        .collect();
    format!("[{}]", s.join(","))
}

fn scenario(variant: &str, n: usize, setup: &str, acts: &str) -> String {
    format!(
        r#"{{"variant":"{variant}","options":{{}},"seed":1,"seats":{},"setup":{setup},"acts":{acts}}}"#,
        seats(n)
    )
}

fn replay_text(text: &str) -> std::process::Output {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(text.as_bytes()).expect("write");
    Command::new(env!("CARGO_BIN_EXE_maku"))
        .arg("replay")
        .arg(f.path())
        .output()
        .expect("run maku")
}

fn assert_malformed(text: &str, what: &str) {
    let out = replay_text(text);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{what}: exit code; stderr {stderr}"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "{what}: one line on stderr, got {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{what}: panicked");
    assert!(out.stdout.is_empty(), "{what}: no transcript");
}

const KIRA: &str = r#"{"kira":["g1","g2"]}"#;

#[test]
fn bad_json() {
    assert_malformed("{ not json", "bad JSON");
    assert_malformed("", "empty file");
    assert_malformed("[]", "not an object");
}

#[test]
fn unknown_variant() {
    assert_malformed(&scenario("mafia", 9, KIRA, "[]"), "unknown variant");
}

#[test]
fn unknown_seat_in_setup() {
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":["g1","nobody"]}"#, "[]"),
        "unknown seat",
    );
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":["g1","g1"]}"#, "[]"),
        "same seat twice",
    );
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":["g1"]}"#, "[]"),
        "one Kira",
    );
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":["g1","g2","g3"]}"#, "[]"),
        "three Kiras",
    );
}

#[test]
fn seat_count_out_of_range() {
    assert_malformed(&scenario("deathnote", 5, KIRA, "[]"), "too few seats");
    assert_malformed(&scenario("deathnote", 41, KIRA, "[]"), "too many seats");
}

#[test]
fn wrong_types() {
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":"g1"}"#, "[]"),
        "kira not a list",
    );
    assert_malformed(
        &scenario("deathnote", 9, r#"{"kira":[1,2]}"#, "[]"),
        "kira not names",
    );
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"type":"vote","targets":"g3"}}]}]"#,
        ),
        "targets not a list",
    );
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"type":"kill","target":"g3","real_id":5}}]}]"#,
        ),
        "real_id not a string",
    );
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"type":"pass","notebook":"one"}}]}]"#,
        ),
        "notebook not a number",
    );
    let bad_seed = scenario("deathnote", 9, KIRA, "[]").replace(r#""seed":1"#, r#""seed":-4"#);
    assert_malformed(&bad_seed, "negative seed");
    let bad_opts = scenario("deathnote", 9, KIRA, "[]")
        .replace(r#""options":{}"#, r#""options":{"redistribute":"no"}"#);
    assert_malformed(&bad_opts, "option of the wrong type");
    let seats_obj = scenario("deathnote", 9, KIRA, "[]")
        .replace(r#""seats":["#, r#""seats":{"a":["#)
        .replace("],\"setup\"", "]},\"setup\"");
    assert_malformed(&seats_obj, "seats not a list");
}

#[test]
fn missing_fields() {
    assert_malformed(r#"{"seats":[]}"#, "no variant");
    assert_malformed(r#"{"variant":"deathnote"}"#, "no seats");
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"type":"kill","target":"g3"}}]}]"#,
        ),
        "kill without real_id",
    );
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"action":{"type":"pass"}}]}]"#,
        ),
        "submission without by",
    );
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"target":"g3"}}]}]"#,
        ),
        "action without type",
    );
}

#[test]
fn unknown_action_type() {
    assert_malformed(
        &scenario(
            "deathnote",
            9,
            KIRA,
            r#"[{"submit":[{"by":"g1","action":{"type":"explode"}}]}]"#,
        ),
        "unknown action type",
    );
}

#[test]
fn unreadable_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_maku"))
        .args(["replay", "/nonexistent/scenario.json"])
        .output()
        .expect("run maku");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

#[test]
fn valid_edge_cases_are_not_malformed() {
    // Unknown seat as submitter is a refusal, not a malformed file; an empty kira list draws.
    let text = scenario(
        "deathnote",
        6,
        r#"{"kira":[],"other":1}"#,
        r#"[{"submit":[{"by":"ghost","action":{"type":"pass"}},{"by":"g1","action":{"type":"vote","targets":["g9"]},"extra":0}]}]"#,
    );
    let text = text.replace(",\"extra\":0", "");
    let out = replay_text(&text);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["error"], "unknown_seat");
    let second: serde_json::Value = serde_json::from_str(stdout.lines().nth(1).unwrap()).unwrap();
    assert_eq!(second["error"], "bad_target");
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "outcome");
}

/// replay.md: an empty list equals an absent one, also for a role the preset lacks (生推 has
/// no police): `"police": []` plays exactly the game `setup` without it plays.
#[test]
fn an_empty_list_of_a_role_the_preset_lacks_equals_its_absence() {
    let acts = r#"[{"submit":[{"by":"g1","action":{"type":"kill","target":"g2"}}]}]"#;
    let with_empty = replay_text(&scenario(
        "shengtui",
        6,
        r#"{"killers":["g1"],"police":[]}"#,
        acts,
    ));
    let without = replay_text(&scenario("shengtui", 6, r#"{"killers":["g1"]}"#, acts));
    assert_eq!(
        with_empty.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&with_empty.stderr)
    );
    assert_eq!(without.status.code(), Some(0));
    assert!(!with_empty.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&with_empty.stdout),
        String::from_utf8_lossy(&without.stdout)
    );
}

/// The role games: a partial or impossible setup, a seat count other than 16 (4.0)
/// or 10 (5.0), and an action type no game of the spec has are malformed.
#[test]
fn role_games_malformed() {
    const V5: &str = r#"{"butterfly":"g1","sniper":"g2","doctor":"g3","police":"g4","good_civilian":"g5","magician":"g6","killer":"g7","elder":"g8","wizard":"g9","evil_civilian":"g10"}"#;
    assert_malformed(
        &scenario("v5emin", 10, r#"{"butterfly":"g1"}"#, "[]"),
        "partial setup",
    );
    assert_malformed(
        &scenario("v5emin", 10, &V5.replace(r#""g10""#, r#""g1""#), "[]"),
        "a seat named twice",
    );
    assert_malformed(
        &scenario("v5emin", 10, &V5.replace(r#""g10""#, r#""nobody""#), "[]"),
        "unknown seat",
    );
    assert_malformed(
        &scenario(
            "v4wujian",
            16,
            r#"{"butterfly":"g1","elder":"g2","doctor":"g3","killers":["g4","g5"],"undercover":"g7","police":["g8","g9"],"secret_police":"g10"}"#,
            "[]",
        ),
        "two killers",
    );
    assert_malformed(&scenario("v5emin", 9, V5, "[]"), "nine seats");
    assert_malformed(&scenario("v4wujian", 15, "null", "[]"), "fifteen seats");
    assert_malformed(&scenario("v4wujian", 17, "null", "[]"), "seventeen seats");
    assert_malformed(
        &scenario(
            "v5emin",
            10,
            V5,
            r#"[{"submit":[{"by":"g1","action":{"type":"dance","target":"g2"}}]}]"#,
        ),
        "unknown action type",
    );
    assert_malformed(
        &scenario(
            "v5emin",
            10,
            V5,
            r#"[{"submit":[{"by":"g1","action":{"type":"hug"}}]}]"#,
        ),
        "hug without target",
    );
    let bad_opts = scenario("v4wujian", 16, "null", "[]")
        .replace(r#""options":{}"#, r#""options":{"redistribute":false}"#);
    assert_malformed(&bad_opts, "an option of another variant");
    // A foreign type of the spec, a null target and an empty setup are not malformed.
    let out = replay_text(&scenario(
        "v5emin",
        10,
        "{}",
        r#"[{"submit":[{"by":"g1","action":{"type":"join","target":"g2"}},{"by":"g1","action":{"type":"hug","target":null}}]}]"#,
    ));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
