//! The `maku` binary's console commands: first start, `user add`, `backup`, bad URLs.

use std::io::Write;
use std::process::{Command, Stdio};

fn maku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_maku"))
}

fn user_add(db: &str, name: &str, role: &str, stdin: &str) -> std::process::Output {
    let mut child = maku()
        .args(["user", "add", name, "--role", role, "--database-url", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn maku");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write password");
    child.wait_with_output().expect("maku exits")
}

#[test]
fn user_add_reads_the_password_from_stdin() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("m.db");
    let db = db.to_str().expect("utf-8 path");
    let out = user_add(db, "judy", "judge", "a-good-password\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("created judy (judge)"));
    let again = user_add(db, "JUDY", "player", "another-password\n");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("taken"));
    let short = user_add(db, "kim", "player", "short\n");
    assert_eq!(short.status.code(), Some(2));
    let role = user_add(db, "kim", "emperor", "a-good-password\n");
    assert_eq!(role.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&role.stderr).contains("role"));
}

/// The console refuses reserved names and look-alikes, as the sign-up does.
#[test]
fn user_add_refuses_reserved_and_look_alike_names() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("m.db");
    let db = db.to_str().expect("utf-8 path");
    assert!(
        user_add(db, "alice", "player", "a-good-password\n")
            .status
            .success()
    );
    let twin = user_add(db, "\u{430}lice", "player", "a-good-password\n");
    assert!(!twin.status.success());
    assert!(String::from_utf8_lossy(&twin.stderr).contains("looks like an existing one"));
    for name in ["法官", "admin", "夜神月"] {
        let out = user_add(db, name, "judge", "a-good-password\n");
        assert!(!out.status.success(), "{name}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("reserved"),
            "{name}"
        );
    }
}

#[test]
fn backup_writes_a_usable_copy() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("m.db");
    let db = db.to_str().expect("utf-8 path");
    assert!(
        user_add(db, "alice", "player", "a-good-password\n")
            .status
            .success()
    );
    let copy = dir.path().join("copy.db");
    let out = maku()
        .args([
            "backup",
            copy.to_str().expect("utf-8"),
            "--database-url",
            db,
        ])
        .output()
        .expect("run backup");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The copy is a working database: alice is in it.
    let again = user_add(
        copy.to_str().expect("utf-8"),
        "alice",
        "player",
        "a-good-password\n",
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("taken"));
    // An existing file is never overwritten.
    let out = maku()
        .args([
            "backup",
            copy.to_str().expect("utf-8"),
            "--database-url",
            db,
        ])
        .output()
        .expect("run backup");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_mistyped_database_url_is_an_error_not_a_file() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = user_add("postgress://x/y", "alice", "player", "a-good-password\n");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported database URL"));
    let out = maku()
        .current_dir(dir.path())
        .args([
            "serve",
            "--database-url",
            "mysql://localhost/db",
            "--bind",
            "127.0.0.1:0",
        ])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported database URL"));
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("dir").count(),
        0,
        "no stray file"
    );
}

#[test]
fn first_start_creates_admin_once_and_prints_the_address() {
    let dir = tempfile::tempdir().expect("tmp");
    let start = || {
        let mut child = maku()
            .current_dir(dir.path())
            .args(["--bind", "127.0.0.1:0"])
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
        let mut seen = Vec::new();
        for line in lines.by_ref() {
            let line = line.expect("line");
            let done = line.starts_with("maku listening on http://127.0.0.1:");
            seen.push(line);
            if done {
                break;
            }
        }
        let _ = child.kill();
        let _ = child.wait();
        seen.join("\n")
    };
    let first = start();
    assert!(
        first.contains("Created the account `admin` with the password: "),
        "{first}"
    );
    assert!(
        dir.path().join("maku.db").exists(),
        "the default database file"
    );
    let second = start();
    assert!(!second.contains("Created the account"), "{second}");
    assert!(second.contains("maku listening on"));
}

/// The server's own flags, as `maku --help` lists them.
const SERVER_FLAGS: [&str; 13] = [
    "--bind",
    "--secure-cookies",
    "--trusted-proxy",
    "--pool-size",
    "--workers",
    "--session-idle-days",
    "--sign-in-burst",
    "--sign-up-burst",
    "--public-url",
    "--actions-per-minute",
    "--posts-per-minute",
    "--page-cache-ms",
    "MAKU_BIND",
];

fn help(args: &[&str]) -> String {
    let out = maku().args(args).output().expect("run maku --help");
    assert!(out.status.success(), "{args:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Server flags are on the server command only; the database URL and the log
/// filter are global and listed everywhere.
#[test]
fn server_flags_are_listed_only_where_the_server_runs() {
    for args in [
        &["simulate", "--help"][..],
        &["replay", "--help"],
        &["user", "add", "--help"],
        &["audit", "verify", "--help"],
        &["backup", "--help"],
    ] {
        let text = help(args);
        for flag in SERVER_FLAGS {
            assert!(!text.contains(flag), "{args:?} lists {flag}:\n{text}");
        }
        assert!(text.contains("--database-url"), "{args:?}:\n{text}");
        assert!(text.contains("--log"), "{args:?}:\n{text}");
    }
    for args in [&["--help"][..], &["serve", "--help"]] {
        let text = help(args);
        for flag in SERVER_FLAGS {
            assert!(text.contains(flag), "{args:?} lacks {flag}:\n{text}");
        }
        assert!(text.contains("--database-url"), "{args:?}:\n{text}");
        assert!(text.contains("--log"), "{args:?}:\n{text}");
    }
}

/// A server flag with another command is clap's usage error (exit 2), before or
/// after the command's name; nothing runs.
#[test]
fn a_server_flag_with_another_command_is_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    for args in [
        &["simulate", "--games", "1", "--bind", "127.0.0.1:0"][..],
        &["--bind", "127.0.0.1:0", "simulate", "--games", "1"],
        &["--pool-size", "2", "serve", "--bind", "127.0.0.1:0"],
        &["user", "add", "kim", "--secure-cookies"],
        &["audit", "verify", "--workers", "2"],
    ] {
        let out = maku()
            .current_dir(dir.path())
            .args(args)
            .env_remove("DATABASE_URL")
            .stdin(Stdio::null())
            .output()
            .expect("run maku");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("Usage:"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("dir").count(),
        0,
        "no database opened"
    );
}

/// `user` and `audit` take the database URL and the log filter, before or after
/// the command's name; a bad log filter is a usage error.
#[test]
fn user_and_audit_take_the_database_url_and_the_log_filter() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("m.db");
    let db = db.to_str().expect("utf-8 path");
    let mut child = maku()
        .args([
            "--log",
            "warn",
            "user",
            "add",
            "alice",
            "--database-url",
            db,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn maku");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"a-good-password\n")
        .expect("write password");
    let out = child.wait_with_output().expect("maku exits");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = maku()
        .args([
            "--database-url",
            db,
            "audit",
            "verify",
            "--log",
            "maku=debug",
        ])
        .output()
        .expect("run audit");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok: "));
    let out = maku()
        .args(["audit", "verify", "--database-url", db])
        .env("MAKU_LOG", "maku=loud")
        .output()
        .expect("run audit");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--log"));
}

/// `replay` opens no database, wherever `--database-url` points.
#[test]
fn replay_opens_no_database() {
    let dir = tempfile::tempdir().expect("tmp");
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/examples");
    let first = std::fs::read_dir(&examples)
        .expect("tests/fixtures/examples")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a scenario");
    let out = maku()
        .current_dir(dir.path())
        .env_remove("DATABASE_URL")
        .arg("replay")
        .arg(&first)
        .output()
        .expect("run replay");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.path().join("maku.db").exists(), "no default database");
}

/// `maku simulate` plays every classic preset (and Death Note, and the role games) to the end
/// and prints the balance table with the preset's winners; a seat count outside the preset's
/// range is a usage error.
#[test]
fn simulate_plays_every_preset() {
    for (variant, seats, winners) in [
        ("deathnote", "16", ["good", "kira"]),
        ("dongsha", "12", ["good", "killers"]),
        ("killgame", "14", ["good", "killers"]),
        ("shengtui", "8", ["good", "killers"]),
        ("wujian", "9", ["匪", "警"]),
        ("v4wujian", "16", ["good", "bad"]),
        ("v5emin", "10", ["good", "bad"]),
    ] {
        let out = maku()
            .args([
                "simulate",
                "--variant",
                variant,
                "--seats",
                seats,
                "--games",
                "200",
            ])
            .env_remove("DATABASE_URL")
            .output()
            .expect("run maku");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains(&format!("200 games of {variant}")), "{text}");
        for w in winners {
            assert!(
                text.lines().any(|l| l.starts_with(w)),
                "{variant} {w}:\n{text}"
            );
        }
        // The columns line up as a terminal shows them: 匪 and 警 take two columns each.
        let share_column = |l: &str| {
            let cut = l.find('%').expect("a share");
            unicode_width::UnicodeWidthStr::width(&l[..cut])
        };
        let columns: Vec<usize> = text
            .lines()
            .skip_while(|l| !l.starts_with("outcome"))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(share_column)
            .collect();
        assert!(columns.len() >= 3, "{variant}: the outcome rows:\n{text}");
        assert!(
            columns.windows(2).all(|w| w[0] == w[1]),
            "{variant}: {columns:?}\n{text}"
        );
        let unfinished = text.lines().find(|l| l.starts_with("unfinished"));
        assert!(
            unfinished.is_none_or(|l| l.split_whitespace().nth(1) == Some("0")),
            "{variant}: every bot game ends:\n{text}"
        );
    }
    let out = maku()
        .args(["simulate", "--variant", "dongsha", "--seats", "7"])
        .output()
        .expect("run maku");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("8 to 16"));
    let out = maku()
        .args(["simulate", "--variant", "v5emin", "--seats", "16"])
        .output()
        .expect("run maku");
    assert_eq!(out.status.code(), Some(2), "5.0 is exactly 10 seats");
    // Without --seats, a variant that cannot seat 16 plays its own count.
    for (variant, seats) in [("v5emin", "10 seats"), ("shengtui", "8 seats")] {
        let out = maku()
            .args(["simulate", "--variant", variant, "--games", "20"])
            .output()
            .expect("run maku");
        assert!(out.status.success(), "{variant}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.starts_with(&format!("20 games of {variant}, {seats}")),
            "{text}"
        );
    }
}

/// The log a started server wrote up to its "listening" line, its standard output to read
/// on, and its port.
struct Listening {
    head: String,
    reader: std::io::BufReader<std::process::ChildStdout>,
    port: u16,
}

/// Reads `child`'s standard output (piped) until the server says where it listens.
fn listening(child: &mut std::process::Child) -> Listening {
    let stdout = child.stdout.take().expect("stdout");
    let mut reader = std::io::BufReader::new(stdout);
    let mut head = String::new();
    let port = loop {
        let mut line = String::new();
        let n = std::io::BufRead::read_line(&mut reader, &mut line).expect("line");
        assert!(n > 0, "the server ended before listening: {head}");
        head.push_str(&line);
        if let Some(rest) = line.strip_prefix("maku listening on http://127.0.0.1:") {
            break rest.trim().parse::<u16>().expect("port");
        }
    };
    Listening { head, reader, port }
}

/// The server's log is plain text when it is not a terminal (no colour codes in a
/// log file), it has a line per request, and the lines still queued for the log's writer
/// thread are written before the server exits.
#[test]
fn the_server_log_is_plain_text_and_complete() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().expect("tmp");
    let mut child = maku()
        .current_dir(dir.path())
        .args(["--log", "info", "serve", "--bind", "127.0.0.1:0"])
        .env_remove("DATABASE_URL")
        .env_remove("MAKU_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let Listening {
        head,
        mut reader,
        port,
    } = listening(&mut child);
    for _ in 0..3 {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .expect("send");
        let mut answer = String::new();
        s.read_to_string(&mut answer).expect("answer");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(stopped.success());
    let mut rest = String::new();
    reader
        .read_to_string(&mut rest)
        .expect("the rest of the log");
    let status = child.wait().expect("wait");
    assert!(status.success(), "a graceful stop exits 0: {status:?}");
    let log = head + &rest;
    assert!(
        !log.contains('\u{1b}'),
        "no terminal codes in a piped log:\n{log}"
    );
    let requests = log
        .lines()
        .filter(|l| l.contains(" INFO ") && l.contains("path=/healthz status=200"))
        .count();
    assert_eq!(requests, 3, "a line per request:\n{log}");
    assert!(
        log.lines().last().is_some_and(|l| l.ends_with("stopped")),
        "the last line is written before the exit:\n{log}"
    );
}

/// The binary runs with mimalloc's two documented options (`src/main.rs`): set when missing,
/// an operator's own value kept. Read from the running server's environment (the program
/// starts itself again in the same process, so its id stays).
#[test]
fn the_server_runs_with_the_allocators_options() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut child = maku()
        .current_dir(dir.path())
        .args(["serve", "--bind", "127.0.0.1:0"])
        .env_remove("DATABASE_URL")
        .env_remove("MIMALLOC_ARENA_EAGER_COMMIT")
        .env("MIMALLOC_PURGE_DELAY", "7")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    listening(&mut child);
    let environ = std::fs::read(format!("/proc/{}/environ", child.id())).expect("environ");
    let _ = child.kill();
    let _ = child.wait();
    let vars: Vec<String> = environ
        .split(|&b| b == 0)
        .map(|v| String::from_utf8_lossy(v).into_owned())
        .collect();
    assert!(
        vars.iter().any(|v| v == "MIMALLOC_ARENA_EAGER_COMMIT=0"),
        "set when missing: {vars:?}"
    );
    assert!(
        vars.iter().any(|v| v == "MIMALLOC_PURGE_DELAY=7"),
        "the operator's value kept: {vars:?}"
    );
}

/// `maku ratings rebuild` recomputes every variant's board and says what each holds; a second
/// run says the same (a fresh database: every board empty).
#[test]
fn ratings_rebuild_prints_every_board() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("m.db");
    let db = db.to_str().expect("utf-8 path");
    let run = || {
        let out = maku()
            .args(["ratings", "rebuild", "--database-url", db])
            .output()
            .expect("run ratings rebuild");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let first = run();
    for v in maku::rules::Variant::offered() {
        let line = format!("{}: 0 games rated, 0 left out, 0 players", v.name());
        assert!(first.lines().any(|l| l == line), "{line} in {first}");
    }
    assert_eq!(run(), first);
    let out = maku()
        .args(["ratings", "rebuild", "--database-url", "postgress://x"])
        .output()
        .expect("run ratings rebuild");
    assert_eq!(out.status.code(), Some(2), "a mistyped URL is refused");
}

/// `maku seed --posts 300 --games 6 --accounts 40 --seed 7` into `db`.
fn seed_small(db: &str) -> std::process::Output {
    seed_sized(db, "300", "6", "40", "7")
}

/// `maku seed` of these sizes and seed into `db`, quietly.
fn seed_sized(
    db: &str,
    posts: &str,
    games: &str,
    accounts: &str,
    seed: &str,
) -> std::process::Output {
    maku()
        .args([
            "seed",
            "--posts",
            posts,
            "--games",
            games,
            "--accounts",
            accounts,
            "--seed",
            seed,
            "--log",
            "warn",
            "--database-url",
            db,
        ])
        .output()
        .expect("maku seed runs")
}

/// What a seeded forum holds, without ids' or times' accidents: the accounts' post bodies and
/// every game's log (kind and payload, in order).
fn seeded_content(db: &str) -> (Vec<String>, Vec<String>) {
    use diesel::prelude::*;
    use maku::db::schema::{game_events, posts};
    let pool = maku::db::connect(db, 1).expect("open the seeded database");
    let mut c = pool.get().expect("a connection");
    let bodies: Vec<String> = posts::table
        .filter(posts::kind.eq("user"))
        .order(posts::id.asc())
        .select(posts::body)
        .load(&mut c)
        .expect("posts");
    let events: Vec<(i64, i64, String, String)> = game_events::table
        .order((game_events::game_id.asc(), game_events::seq.asc()))
        .select((
            game_events::game_id,
            game_events::seq,
            game_events::kind,
            game_events::payload,
        ))
        .load(&mut c)
        .expect("game events");
    let events = events
        .into_iter()
        .map(|(g, s, k, p)| format!("{g} {s} {k} {p}"))
        .collect();
    (bodies, events)
}

/// A seeded finished game reads as a played one: its log folds, its reveal opens, its seats'
/// records count it, and the leaderboards rated the finished games.
fn check_seeded_games(db: &str) {
    use diesel::prelude::*;
    use maku::db::schema::games;
    let pool = maku::db::connect(db, 1).expect("open the seeded database");
    let mut c = pool.get().expect("a connection");
    let finished: Vec<i64> = games::table
        .filter(games::status.eq("finished"))
        .order(games::id.asc())
        .select(games::id)
        .load(&mut c)
        .expect("games");
    assert_eq!(finished.len(), 6, "six finished games");
    let running: i64 = games::table
        .filter(games::status.ne("finished"))
        .count()
        .get_result(&mut c)
        .expect("count");
    assert!(running >= 1, "running or open games too");
    for id in finished {
        let reveal = maku::game::views::reveal(&mut c, id).expect("the reveal reads");
        assert!(
            reveal.winner.is_some() || reveal.ended_reason.is_some(),
            "game {id} ended"
        );
        let first = reveal.seats.first().expect("seats");
        let user = maku::db::queries::users::by_key(
            &mut c,
            &maku::domain::account::name_key(&first.real_id),
        )
        .expect("query")
        .expect("the seat's account");
        let record = maku::game::records::record_of(&mut c, user.id).expect("a record");
        assert!(record.games >= 1, "game {id}: the record counts it");
    }
    let boards = maku::game::ratings::rebuild(&mut c).expect("the leaderboards rebuild");
    assert_eq!(
        boards.iter().map(|b| b.games + b.left_out).sum::<usize>(),
        6
    );
}

#[test]
fn seed_makes_the_same_forum_from_the_same_seed_and_its_games_read_as_played() {
    let dir = tempfile::tempdir().expect("tmp");
    let a = dir.path().join("a.db");
    let b = dir.path().join("b.db");
    let (a, b) = (a.to_str().expect("utf-8"), b.to_str().expect("utf-8"));
    for db in [a, b] {
        let out = seed_small(db);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("40 accounts"), "{said}");
        assert!(said.contains("hashed once"), "{said}");
        assert!(said.contains("6 finished games"), "{said}");
        assert!(said.contains(maku::cli::seed::PASSWORD), "{said}");
    }
    let (bodies_a, events_a) = seeded_content(a);
    let (bodies_b, events_b) = seeded_content(b);
    assert!(bodies_a.len() >= 300, "{} bodies", bodies_a.len());
    assert!(bodies_a.iter().any(|b| b.starts_with("> ")), "quotes");
    assert!(bodies_a.iter().any(|b| b.contains('@')), "mentions");
    assert_eq!(bodies_a, bodies_b);
    assert!(events_a.iter().any(|e| e.contains(" started ")));
    assert_eq!(events_a, events_b);
    check_seeded_games(a);
}

/// The same on PostgreSQL, in a fresh database, when MAKU_TEST_PG_URL is set.
#[test]
fn seed_fills_a_postgres_database_too() {
    use diesel::{Connection, RunQueryDsl};
    let Ok(admin) = std::env::var("MAKU_TEST_PG_URL") else {
        return;
    };
    let name = format!("maku_seed_{}_{}", std::process::id(), rand::random::<u32>());
    let mut conn = diesel::PgConnection::establish(&admin).expect("connect");
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .expect("create");
    let mut url = url::Url::parse(&admin).expect("a URL");
    url.set_path(&format!("/{name}"));
    let db = url.to_string();
    let out = seed_small(&db);
    let ok = out.status.success();
    if ok {
        check_seeded_games(&db);
        let (bodies, events) = seeded_content(&db);
        assert!(bodies.len() >= 300);
        assert!(!events.is_empty());
    }
    diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut conn)
        .expect("drop");
    assert!(ok, "{}", String::from_utf8_lossy(&out.stderr));
}

/// `maku seed` at its edges: the fewest accounts it accepts seat every variant's games (the
/// judge never among the seats drawn), one fewer is refused, and `--demo` beside a size flag is
/// refused (it has its own sizes), as is a second seeding of one database.
#[test]
fn seed_at_its_fewest_accounts_and_its_refusals() {
    let dir = tempfile::tempdir().expect("tmp");
    let most_seats = maku::rules::Variant::offered()
        .map(|v| *v.seats().start())
        .max()
        .expect("a variant");
    let fewest = (most_seats + 2).to_string();
    let one_fewer = (most_seats + 1).to_string();
    let seed = |db: &str, accounts: &str| seed_sized(db, "20", "12", accounts, "3");
    let db = dir.path().join("fewest.db");
    let out = seed(db.to_str().expect("utf-8"), &fewest);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Seeded once: a second run on the same database is refused before it writes anything.
    let posts = |db: &std::path::Path| -> i64 {
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let pool = maku::db::connect(db.to_str().expect("utf-8"), 1).expect("open");
        let mut c = pool.get().expect("connection");
        let count: Count = diesel::RunQueryDsl::get_result(
            diesel::sql_query("SELECT count(*) AS n FROM posts"),
            &mut c,
        )
        .expect("count");
        count.n
    };
    let before = posts(&db);
    let out = seed(db.to_str().expect("utf-8"), &fewest);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("seeded forum already"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(posts(&db), before);
    let db = dir.path().join("too-few.db");
    let out = seed(db.to_str().expect("utf-8"), &one_fewer);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&fewest));
    let out = maku()
        .args(["seed", "--demo", "--posts", "10", "--database-url"])
        .arg(dir.path().join("demo.db"))
        .output()
        .expect("maku seed runs");
    assert_eq!(out.status.code(), Some(2), "--demo with a size is refused");
}
