//! `maku replay` on the shared examples (four of Death Note, one of each classic preset and of
//! each role game) must print the expected transcripts: the same multiset of lines; replies,
//! privates and publics each in the same relative order; the outcome last
//! (../shared/examples/README.md).

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn examples() -> PathBuf {
    // The shared contract when it is beside the checkout, else the copy in tests/fixtures.
    let shared = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/examples"));
    if shared.is_dir() {
        shared
    } else {
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/examples"
        ))
    }
}

fn parse_lines(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l:?}: {e}")))
        .collect()
}

fn of_kind<'a>(lines: &'a [Value], kind: &str) -> Vec<&'a Value> {
    lines.iter().filter(|l| l["kind"] == kind).collect()
}

fn check(name: &str) {
    let dir = examples();
    let out = Command::new(env!("CARGO_BIN_EXE_maku"))
        .arg("replay")
        .arg(dir.join(format!("{name}.json")))
        .output()
        .expect("run maku");
    assert!(
        out.status.success(),
        "{name}: exit {:?}, stderr {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let got = parse_lines(&String::from_utf8_lossy(&out.stdout));
    let expected_text =
        std::fs::read_to_string(dir.join(format!("{name}.expected.jsonl"))).expect("expected file");
    let expected = parse_lines(&expected_text);
    assert_eq!(got.len(), expected.len(), "{name}: line count");
    for kind in ["reply", "private", "public", "outcome"] {
        assert_eq!(
            of_kind(&got, kind),
            of_kind(&expected, kind),
            "{name}: {kind} lines"
        );
    }
    assert_eq!(got.last(), expected.last(), "{name}: outcome last");
    assert_eq!(
        got.last().map(|l| &l["kind"]),
        Some(&Value::from("outcome"))
    );
}

#[test]
fn replay_deathnote_basic() {
    check("deathnote-basic");
}

#[test]
fn replay_deathnote_random_1() {
    check("deathnote-random-1");
}

#[test]
fn replay_deathnote_random_2() {
    check("deathnote-random-2");
}

#[test]
fn replay_deathnote_random_3() {
    check("deathnote-random-3");
}

#[test]
fn replay_dongsha_random_1() {
    check("dongsha-random-1");
}

#[test]
fn replay_killgame_random_1() {
    check("killgame-random-1");
}

#[test]
fn replay_shengtui_random_1() {
    check("shengtui-random-1");
}

#[test]
fn replay_wujian_random_1() {
    check("wujian-random-1");
}

#[test]
fn replay_v4wujian_random_1() {
    check("v4wujian-random-1");
}

#[test]
fn replay_v5emin_random_1() {
    check("v5emin-random-1");
}

#[test]
fn replay_is_byte_identical_across_runs() {
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_maku"))
            .arg("replay")
            .arg(examples().join("deathnote-random-3.json"))
            .output()
            .expect("run maku")
            .stdout
    };
    assert_eq!(run(), run());
}

#[test]
fn after_the_end_submissions_are_refused_and_acts_publish_nothing() {
    // Six seats; three stay silent in act 1 and go out (DN-16): 3 alive, 2 Kiras → Kira wins.
    let seats: Vec<Value> = (1..=6)
        .map(|i| serde_json::json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
        .collect();
    let vote = |by: &str, t: &str| serde_json::json!({"by": by, "action": {"type": "vote", "targets": [t]}});
    let scenario = serde_json::json!({
        "variant": "deathnote", "seed": 3, "seats": seats,
        "setup": {"kira": ["g1", "g2"]},
        "acts": [
            {"submit": [
                {"by": "g1", "action": {"type": "pass"}},
                vote("g1", "g1"), vote("g2", "g2"), vote("g6", "g6")
            ]},
            {"submit": [vote("g6", "g1"), {"by": "ghost", "action": {"type": "pass"}}]}
        ]
    });
    let mut f = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut f, scenario.to_string().as_bytes()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_maku"))
        .arg("replay")
        .arg(f.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines = parse_lines(&String::from_utf8_lossy(&out.stdout));
    let publics = of_kind(&lines, "public");
    assert!(
        publics.iter().all(|l| l["act"] == 1),
        "act 2 publishes nothing"
    );
    assert_eq!(
        publics.last().unwrap()["event"],
        serde_json::json!({"type": "game_over", "winner": "kira"})
    );
    let act2: Vec<&Value> = lines.iter().filter(|l| l["act"] == 2).collect();
    assert_eq!(act2.len(), 2);
    assert_eq!(act2[0]["error"], "game_over");
    assert_eq!(
        act2[1]["error"], "unknown_seat",
        "unknown_seat comes before game_over"
    );
    assert_eq!(
        lines.last().unwrap(),
        &serde_json::json!({"kind": "outcome", "winner": "kira"})
    );
}

/// replay.md lists what makes a scenario malformed; a field an action does not have is not
/// among them: replay ignores it (only the server's API refuses it). The basic
/// example with an extra field in every action replays to the same transcript.
#[test]
fn unknown_action_fields_are_ignored_by_replay() {
    let dir = examples();
    let text = std::fs::read_to_string(dir.join("deathnote-basic.json")).expect("example");
    let mut scenario: Value = serde_json::from_str(&text).expect("JSON");
    let mut n = 0;
    for act in scenario["acts"].as_array_mut().expect("acts") {
        for sub in act["submit"].as_array_mut().expect("submit") {
            sub["action"]["note"] = Value::from("x".repeat(100));
            sub["action"]["by"] = Value::from("forged");
            n += 1;
        }
    }
    assert!(n > 0);
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    std::io::Write::write_all(&mut f, scenario.to_string().as_bytes()).expect("write");
    let run = |path: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_maku"))
            .arg("replay")
            .arg(path)
            .output()
            .expect("run maku")
    };
    let padded = run(f.path());
    assert!(
        padded.status.success(),
        "{}",
        String::from_utf8_lossy(&padded.stderr)
    );
    assert_eq!(
        padded.stdout,
        run(&dir.join("deathnote-basic.json")).stdout,
        "the same transcript"
    );
    assert!(!String::from_utf8_lossy(&padded.stdout).contains("forged"));
}
