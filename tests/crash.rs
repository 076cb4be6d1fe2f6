//! A regression test: the server process is killed with SIGKILL while seats submit and while the
//! judge resolves, and restarted on the same database. No acknowledged submission is lost, every
//! act resolves exactly once, no act post is written twice, and the hash chain still verifies. The
//! real `maku` binary is used, on SQLite and (when MAKU_TEST_PG_URL is set) on a fresh PostgreSQL
//! database.

use diesel::{Connection, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

fn maku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_maku"))
}

fn user_add(db: &str, name: &str, role: &str) {
    let mut child = maku()
        .args(["user", "add", name, "--role", role, "--database-url", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn maku user add");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"password-123\n")
        .expect("write the password");
    let out = child.wait_with_output().expect("maku user add exits");
    assert!(
        out.status.success(),
        "user add {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A `maku` server process on `db`, on a free port.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(db: &str) -> Server {
        let mut child = maku()
            .env("MAKU_BIND", "127.0.0.1:0")
            .env("DATABASE_URL", db)
            .env("MAKU_SIGN_IN_BURST", "1000")
            .env("MAKU_ACTIONS_PER_MINUTE", "0")
            .env("MAKU_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn maku");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let base = loop {
            let line = lines
                .next()
                .expect("maku prints its address before anything else ends")
                .expect("a line");
            if let Some(url) = line.strip_prefix("maku listening on ") {
                break url.trim().to_string();
            }
        };
        // Keep reading, so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { child, base }
    }

    /// SIGKILL: no shutdown, no flush, no goodbye.
    fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn call(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match &body {
            Some(b) => self.http.post(url).json(b),
            None => self.http.get(url),
        };
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        match req.send().await {
            Ok(resp) => {
                let status = resp.status();
                let text = resp.text().await.unwrap_or_default();
                (
                    status,
                    serde_json::from_str(&text).unwrap_or(Value::String(text)),
                )
            }
            // The server was killed under this request: nothing was acknowledged.
            Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Value::Null),
        }
    }

    async fn ok(&self, path: &str, token: Option<&str>, body: Option<Value>) -> Value {
        let (s, b) = self.call(path, token, body).await;
        assert!(s.is_success(), "{path}: {s} {b}");
        b
    }

    async fn token(&self, name: &str) -> String {
        let b = self
            .ok(
                "/api/v1/tokens",
                None,
                Some(json!({"username": name, "password": "password-123"})),
            )
            .await;
        b["token"].as_str().expect("a token").to_string()
    }
}

const SEATS: usize = 6;
/// Game IDs of the fixed deal, in seat order; the first two hold N1 and N2.
const NAMES: [&str; SEATS] = ["夜神月", "弥海砂", "L", "尼亚", "梅洛", "夜神总一郎"];
/// Each seat's ballot: three seats get two votes each, so nobody is voted out (DN-15) and the
/// game runs on for as many acts as the test needs.
const TIE: [usize; SEATS] = [1, 2, 0, 1, 2, 0];

fn action_of(seat: usize) -> [Value; 2] {
    let vote = json!({"type": "vote", "targets": [NAMES[TIE[seat]]]});
    // DN-6: a Kira who does nothing goes out; a pass keeps her in.
    let pass = if seat < 2 {
        json!({"type": "pass"})
    } else {
        vote.clone()
    };
    [vote, pass]
}

struct Game {
    id: i64,
    judge: String,
    seats: Vec<String>,
}

async fn set_up(client: &Client) -> Game {
    let judge = client.token("boss").await;
    let b = client
        .ok(
            "/api/v1/games",
            Some(&judge),
            Some(json!({"title": "断电", "variant": "deathnote", "act_minutes": 600})),
        )
        .await;
    let id = b["id"].as_i64().expect("a game id");
    let mut seats = Vec::new();
    for i in 0..SEATS {
        let t = client.token(&format!("crash{i}")).await;
        client
            .ok(
                &format!("/api/v1/games/{id}/signup"),
                Some(&t),
                Some(json!({})),
            )
            .await;
        seats.push(t);
    }
    let setup = json!({
        "seats": (0..SEATS).map(|i| json!({"game_id": NAMES[i], "real_id": format!("crash{i}")}))
            .collect::<Vec<_>>(),
        "kira": [NAMES[0], NAMES[1]],
    });
    client
        .ok(
            &format!("/api/v1/games/{id}/start"),
            Some(&judge),
            Some(json!({"setup": setup})),
        )
        .await;
    Game { id, judge, seats }
}

/// Every seat submits its ballot (and the Kiras their pass) `rounds` times, all seats at once,
/// counting in `acked` each submission acknowledged (200, accepted by the rules) as it arrives,
/// so that a storm cut short by a SIGKILL has counted what it was told.
async fn storm(client: &Client, g: &Game, rounds: usize, acked: &[AtomicUsize; SEATS]) {
    let path = format!("/api/v1/games/{}/actions", g.id);
    let runs = (0..SEATS).map(|seat| {
        let path = path.clone();
        async move {
            for r in 0..rounds {
                let action = action_of(seat)[r % 2].clone();
                let (s, b) = client.call(&path, Some(&g.seats[seat]), Some(action)).await;
                if s == StatusCode::OK && b["ok"] == json!(true) {
                    acked[seat].fetch_add(1, Ordering::SeqCst);
                }
            }
        }
    });
    futures_util::future::join_all(runs).await;
}

/// The game's log as the audit API shows it: kinds in order and submissions per game ID.
struct Log {
    resolved: Vec<i64>,
    submitted: BTreeMap<String, usize>,
}

async fn log_of(client: &Client, g: &Game) -> Log {
    let audit = client
        .ok(
            &format!("/api/v1/games/{}/audit", g.id),
            Some(&g.judge),
            None,
        )
        .await;
    let mut log = Log {
        resolved: Vec::new(),
        submitted: BTreeMap::new(),
    };
    for e in audit["events"].as_array().expect("events") {
        match e["kind"].as_str() {
            Some("resolved") => log
                .resolved
                .push(e["payload"]["act"].as_i64().expect("act")),
            Some("submitted") => {
                let by = e["payload"]["by"].as_str().expect("by").to_string();
                *log.submitted.entry(by).or_default() += 1;
            }
            _ => {}
        }
    }
    log
}

/// The acts whose resolution was posted in the game thread, in thread order.
async fn act_posts(client: &Client, g: &Game) -> Vec<i64> {
    let thread = client
        .ok(&format!("/api/v1/games/{}/threads/game", g.id), None, None)
        .await;
    thread["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| p["act"]["resolved"].as_i64())
        .collect()
}

fn audit_verifies(db: &str, game: i64) {
    let out = maku()
        .args([
            "audit",
            "verify",
            "--game",
            &game.to_string(),
            "--database-url",
            db,
        ])
        .output()
        .expect("maku audit verify");
    assert!(
        out.status.success(),
        "the chain verifies after a SIGKILL: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A pseudo-random delay from 5 to 120 ms, different in each cycle.
fn delay(cycle: u64, salt: u64) -> Duration {
    let x = (cycle * 2654435761 + salt * 40503 + std::process::id() as u64) % 116;
    Duration::from_millis(5 + x)
}

async fn kill_during_play(db: &str) {
    user_add(db, "boss", "admin");
    for i in 0..SEATS {
        user_add(db, &format!("crash{i}"), "player");
    }
    let mut server = Server::start(db);
    let client = |s: &Server| Client {
        http: reqwest::Client::new(),
        base: s.base.clone(),
    };
    let g = set_up(&client(&server)).await;
    // Acknowledged submissions per seat, over every life of the server.
    let acked: [AtomicUsize; SEATS] = Default::default();
    let mut resolved_ok: Vec<i64> = Vec::new();

    for cycle in 1..=3u64 {
        // 1. SIGKILL in the middle of a storm of submissions.
        let c = client(&server);
        tokio::join!(storm(&c, &g, 40, &acked), async {
            tokio::time::sleep(delay(cycle, 1)).await;
            server.kill();
        });
        server = Server::start(db);
        let c = client(&server);
        // 2. Every seat votes, so the act can resolve with nobody out.
        let fresh: [AtomicUsize; SEATS] = Default::default();
        storm(&c, &g, 2, &fresh).await;
        let fresh = fresh.map(|f| f.into_inner());
        // Each seat's ballot is taken; a Kira's second pass in one act may be refused.
        assert!(
            fresh.iter().all(|n| *n >= 1),
            "after a restart every seat can submit: {fresh:?}"
        );
        for (a, f) in acked.iter().zip(fresh) {
            a.fetch_add(f, Ordering::SeqCst);
        }
        // 3. Two resolves of this act at once, more submissions, and a SIGKILL among them.
        let act = c.ok(&format!("/api/v1/games/{}", g.id), None, None).await["act"]
            .as_i64()
            .expect("the act");
        let resolve = || {
            let path = format!("/api/v1/games/{}/resolve", g.id);
            let (c, g) = (&c, &g);
            async move {
                tokio::time::sleep(delay(cycle, 2)).await;
                c.call(&path, Some(&g.judge), Some(json!({"act": act})))
                    .await
            }
        };
        let (a, b, (), ()) = tokio::join!(resolve(), resolve(), storm(&c, &g, 30, &acked), async {
            tokio::time::sleep(delay(cycle, 3) + Duration::from_millis(10)).await;
            server.kill();
        });
        for (s, body) in [a, b] {
            if s == StatusCode::OK {
                assert_eq!(body["act"], json!(act + 1), "{body}");
                resolved_ok.push(act);
            }
        }
        server = Server::start(db);
        let c = client(&server);
        // The act resolved at most once; if not at all, the judge resolves it now.
        let log = log_of(&c, &g).await;
        let times = log.resolved.iter().filter(|a| **a == act).count();
        assert!(times <= 1, "act {act} resolved {times} times");
        assert!(
            resolved_ok.iter().filter(|a| **a == act).count() <= times,
            "an acknowledged resolve is in the log"
        );
        if times == 0 {
            let (s, b) = c
                .call(
                    &format!("/api/v1/games/{}/resolve", g.id),
                    Some(&g.judge),
                    Some(json!({"act": act})),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
        }
    }

    // After three lives and three deaths: acts 1, 2 and 3 resolved once each, in order, posted
    // once each; every acknowledged submission is in the log; the chain verifies.
    let c = client(&server);
    let log = log_of(&c, &g).await;
    assert_eq!(log.resolved, [1, 2, 3], "each act resolved exactly once");
    assert_eq!(act_posts(&c, &g).await, [1, 2, 3], "each act posted once");
    let public = c.ok(&format!("/api/v1/games/{}", g.id), None, None).await;
    assert_eq!(public["act"], 4, "{public}");
    assert_eq!(
        public["status"], "running",
        "nobody was voted out or missed: {public}"
    );
    for (seat, n) in acked.iter().enumerate() {
        let n = n.load(Ordering::SeqCst);
        let kept = log.submitted.get(NAMES[seat]).copied().unwrap_or(0);
        assert!(
            kept >= n,
            "seat {seat}: {n} submissions acknowledged, {kept} in the log"
        );
    }
    server.kill();
    audit_verifies(db, g.id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_submissions_and_resolutions_loses_nothing_sqlite() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("maku.db").display());
    kill_during_play(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_submissions_and_resolutions_loses_nothing_postgres() {
    let Ok(admin_url) = std::env::var("MAKU_TEST_PG_URL") else {
        eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped");
        return;
    };
    let name = format!(
        "maku_crash_{}_{}",
        std::process::id(),
        rand::random::<u32>()
    );
    let mut conn = diesel::PgConnection::establish(&admin_url).expect("connect");
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .expect("create a database");
    let mut url = url::Url::parse(&admin_url).expect("a URL");
    url.set_path(&format!("/{name}"));
    kill_during_play(url.as_str()).await;
    // Dropped when it passed (a failed run keeps it to look at).
    diesel::sql_query(format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut conn)
        .expect("drop the database");
}
