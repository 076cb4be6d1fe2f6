//! `maku replay` on the four shared examples must print the expected transcripts: the same
//! multiset of lines; replies, privates and publics each in the same relative order; the outcome
//! last (../shared/examples/README.md).

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn examples() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/examples"))
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
