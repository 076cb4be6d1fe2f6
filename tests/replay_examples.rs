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

fn replay_value(scenario: &Value) -> std::process::Output {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    std::io::Write::write_all(&mut f, scenario.to_string().as_bytes()).expect("write");
    Command::new(env!("CARGO_BIN_EXE_maku"))
        .arg("replay")
        .arg(f.path())
        .output()
        .expect("run maku")
}

fn preset_document(name: &str) -> Value {
    let path = format!(
        "{}/crates/maku-rules/src/setups/presets/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("a preset document")).expect("JSON")
}

/// replay.md: in place of `variant`, a scenario may carry `document`; a preset's document gives
/// the same transcript as the preset's name — byte for byte, for each table preset's example.
#[test]
fn a_presets_document_replays_as_its_name() {
    for name in [
        "dongsha", "killgame", "shengtui", "wujian", "v4wujian", "v5emin",
    ] {
        let text = std::fs::read_to_string(examples().join(format!("{name}-random-1.json")))
            .expect("example");
        let named: Value = serde_json::from_str(&text).expect("JSON");
        let mut by_document = named.clone();
        let map = by_document.as_object_mut().expect("an object");
        map.remove("variant");
        map.insert("document".into(), preset_document(name));
        let (a, b) = (replay_value(&named), replay_value(&by_document));
        assert!(
            b.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&b.stderr)
        );
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{name}: the same transcript");
    }
}

/// A document that does not hold is a malformed file (exit 2) whose message names every
/// problem at its field, in words; one of a role book that holds plays (R4: a 4.0 table
/// without its elder); both `variant` and `document` is malformed too.
#[test]
fn a_document_that_does_not_hold_is_malformed() {
    let text = std::fs::read_to_string(examples().join("dongsha-random-1.json")).expect("example");
    let named: Value = serde_json::from_str(&text).expect("JSON");
    let with = |doc: Value, keep_variant: bool| {
        let mut s = named.clone();
        let map = s.as_object_mut().expect("an object");
        if !keep_variant {
            map.remove("variant");
        }
        map.insert("document".into(), doc);
        replay_value(&s)
    };
    let mut broken = preset_document("dongsha");
    broken["deal"][1]["count"] = serde_json::json!(9);
    broken["night"] = serde_json::json!(["killer"]);
    let out = with(broken, false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("deal: More roles than seats at 8, 9, 10, 11 seats"),
        "{err}"
    );
    assert!(err.contains("night: Police officer acts at night"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is played");

    // A 4.0 table of the judge's own (no forest elder) plays to its outcome; nobody is
    // silenced (R4-3: only the elder silences).
    let mut own_v4 = preset_document("v4wujian");
    own_v4["deal"][1]["count"] = serde_json::json!(0);
    own_v4["night"] = serde_json::json!([
        "killer",
        "police",
        "undercover",
        "butterfly",
        "doctor",
        "secret_police"
    ]);
    let v4 = std::fs::read_to_string(examples().join("v4wujian-random-1.json")).expect("example");
    let mut scenario: Value = serde_json::from_str(&v4).expect("JSON");
    let map = scenario.as_object_mut().expect("an object");
    map.remove("variant");
    map.insert("document".into(), own_v4);
    let out = replay_value(&scenario);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(r#"{"kind":"outcome""#), "{stdout}");
    assert!(!stdout.contains("silence"), "{stdout}");

    let out = with(preset_document("dongsha"), true);
    assert_eq!(out.status.code(), Some(2), "variant and document");
}

/// A judge's own classic setup plays by its document: 东杀 with one police and no self-explode.
/// CL-10: the lone officer killed, all police are out and the killers win at once; CL-8 is off,
/// so a killer's explode is `not_your_role`; the deal must be the document's (2 killers and 1
/// police at 9 seats).
#[test]
fn a_judges_own_classic_setup_plays_by_its_document() {
    let mut doc = preset_document("dongsha");
    doc["deal"][1]["count"] = serde_json::json!(1);
    doc["day"]["explode"] = serde_json::json!(false);
    let seats: Vec<Value> = (1..=9)
        .map(|i| serde_json::json!({"game_id": format!("g{i}"), "real_id": format!("r{i}")}))
        .collect();
    let kill =
        |by: &str, t: &str| serde_json::json!({"by": by, "action": {"type": "kill", "target": t}});
    let scenario = |setup: Value, acts: Value| serde_json::json!({"document": doc.clone(), "seed": 1, "seats": seats.clone(), "setup": setup, "acts": acts});
    let ours = serde_json::json!({"killers": ["g1", "g2"], "police": ["g3"]});
    let out = replay_value(&scenario(
        ours.clone(),
        serde_json::json!([{"submit": [kill("g1", "g3"), kill("g2", "g3")]}]),
    ));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = parse_lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        lines.last(),
        Some(&serde_json::json!({"kind": "outcome", "winner": "killers"})),
        "the one officer out: all police are out"
    );
    let police_team: Vec<&Value> = lines
        .iter()
        .filter(|l| l["event"]["type"] == "teammates" && l["event"]["team"] == "police")
        .collect();
    assert_eq!(
        police_team.len(),
        1,
        "CL-0: the lone officer is told his team"
    );

    let out = replay_value(&scenario(
        ours,
        serde_json::json!([{"submit": [
            kill("g1", "g5"),
            {"by": "g1", "action": {"type": "explode"}}
        ]}]),
    ));
    assert!(out.status.success());
    let lines = parse_lines(&String::from_utf8_lossy(&out.stdout));
    let explode = lines
        .iter()
        .find(|l| l["kind"] == "reply" && l["by"] == "g1" && l["ok"] == false)
        .expect("the explode's reply");
    assert_eq!(explode["error"], "not_your_role", "{explode}");

    let dongsha_deal = serde_json::json!({"killers": ["g1", "g2"], "police": ["g3", "g4"]});
    let out = replay_value(&scenario(dongsha_deal, serde_json::json!([])));
    assert_eq!(out.status.code(), Some(2), "the document deals one officer");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 police"));
}
