//! The classic presets on the forum: a dongsha game walked page by page as every
//! seat, a bystander, an anonymous reader and the judge; turns to speak in the browser pages;
//! free speeches; the create form; a series (CL-3); reminders of a night.

use crate::helpers::{Api, Browser, Page, TestApp, fact};
use crate::on_both_backends;
use maku::scheduler::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_dongsha_game_keeps_every_secret_on_every_page,
    turns_to_speak_run_in_the_browser_pages,
    free_speeches_open_the_game_thread_to_every_living_seat,
    a_dongsha_night_reminds_its_teams_and_tells_each_seat_its_results,
    the_create_form_offers_the_presets_with_their_teams_and_options,
    a_series_game_may_not_kill_the_last_first_victim_on_its_first_night,
    cl_3_a_judge_cannot_name_the_protected_seat_by_hand,
);

/// The default cast (the classic presets' game IDs).
use maku::rules::classic::CAST;

/// Real IDs (accounts) in seat order: neither the order they signed up in nor the sign-up
/// list's (by name), so no order anywhere tells who sits where.
pub(crate) const REAL: [&str; 12] = [
    "jasper", "ottilie", "cosima", "leopold", "florian", "bramwell", "marisol", "dashiell",
    "isolde", "evander", "henrike", "gideon",
];

/// The real IDs of a second table.
const REAL_B: [&str; 6] = [
    "quillon",
    "rosalind",
    "sebastian",
    "theodora",
    "ulrich",
    "valentina",
];

/// The real IDs of a third table.
const REAL_C: [&str; 8] = [
    "wilhelmina",
    "xavier",
    "yolanda",
    "zacharias",
    "augustin",
    "beatrix",
    "cornelius",
    "delphine",
];

/// A running game dealt by the admin (a classic preset's, or a role game's: `roles_forum`).
pub(crate) struct Classic {
    pub(crate) id: i64,
    /// The admin's token (the judge).
    pub(crate) admin: String,
    /// Each seat's account token, in seat order.
    pub(crate) tokens: Vec<String>,
    /// Each seat's real ID, in seat order.
    pub(crate) real: Vec<String>,
    /// Each seat's game ID, in seat order.
    pub(crate) names: Vec<String>,
    /// Each seat's role: `killer`, `police` or `civilian` (a role game: its setup's keys).
    pub(crate) roles: Vec<&'static str>,
}

impl Classic {
    fn team(&self, seat: usize) -> Vec<usize> {
        let role = self.roles[seat];
        if role == "civilian" {
            return vec![seat];
        }
        (0..self.names.len())
            .filter(|&s| self.roles[s] == role)
            .collect()
    }

    pub(crate) fn seats_of(&self, role: &str) -> Vec<usize> {
        (0..self.names.len())
            .filter(|&s| self.roles[s] == role)
            .collect()
    }

    /// A browser signed in as seat `seat`'s account.
    pub(crate) async fn browser(&self, app: &TestApp, seat: usize, lang: &'static str) -> Browser {
        let b = app.browser_in(lang);
        let p = b.login(&self.real[seat], "password-123").await;
        assert!(
            p.status == StatusCode::OK && p.body.contains(r#"action="/logout""#),
            "{} signs in: {}",
            self.real[seat],
            p.body
        );
        b
    }
}

/// Creates a `variant` game of `real.len()` seats (`extra` merged into the create body), signs
/// the accounts up in an order of their own and starts it with a fixed deal: seat `i` is
/// `CAST[i]` played by `real[i]`, the seats `killers` and `police` those teams.
pub(crate) async fn classic_game(
    app: &TestApp,
    variant: &str,
    real: &[&str],
    killers: &[usize],
    police: &[usize],
    extra: Value,
) -> Classic {
    let api = Api::new(app);
    let admin = admin_token(app).await;
    let mut create = json!({"title": format!("{variant} 对局"), "variant": variant,
                            "act_minutes": 60, "remind_hours": 1});
    if let (Value::Object(c), Value::Object(e)) = (&mut create, extra) {
        c.extend(e);
    }
    let (s, b) = api.post("/api/v1/games", &admin, create).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    start_created(app, id, real, killers, police).await
}

/// Signs the accounts `real` up for the created game `id`, in an order of their own, and
/// starts it with a fixed deal (the admin's): seat `i` is `CAST[i]` played by `real[i]`, the
/// seats `killers` and `police` those teams.
async fn start_created(
    app: &TestApp,
    id: i64,
    real: &[&str],
    killers: &[usize],
    police: &[usize],
) -> Classic {
    let api = Api::new(app);
    let admin = admin_token(app).await;
    let n = real.len();
    let mut tokens = vec![String::new(); n];
    // Signed up from the last seat to the first.
    for i in (0..n).rev() {
        let t = token_or_account(&api, real[i]).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens[i] = t;
    }
    let names: Vec<String> = CAST[..n].iter().map(|c| c.to_string()).collect();
    let seats: Vec<Value> = (0..n)
        .map(|i| json!({"game_id": names[i], "real_id": real[i]}))
        .collect();
    let list =
        |seats: &[usize]| -> Vec<String> { seats.iter().map(|&i| names[i].clone()).collect() };
    let mut setup = json!({"seats": seats, "killers": list(killers)});
    if !police.is_empty() {
        setup["police"] = json!(list(police));
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({ "setup": setup }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let roles = (0..n)
        .map(|i| {
            if killers.contains(&i) {
                "killer"
            } else if police.contains(&i) {
                "police"
            } else {
                "civilian"
            }
        })
        .collect();
    Classic {
        id,
        admin,
        tokens,
        real: real.iter().map(|r| r.to_string()).collect(),
        names,
        roles,
    }
}

/// The admin's token on `app`, asked for once (sign-ins are limited per account). Known by the
/// app's address and its admin's password: a later app may get a finished one's port, never
/// its fresh database's password, and an old token would be refused there (seen in CI).
pub(crate) async fn admin_token(app: &TestApp) -> String {
    static TOKENS: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let key = format!("{} {}", app.base, app.admin_password);
    let known = TOKENS
        .lock()
        .expect("tokens")
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, t)| t.clone());
    if let Some(t) = known {
        return t;
    }
    let t = Api::new(app).token("admin", &app.admin_password).await;
    TOKENS.lock().expect("tokens").push((key, t.clone()));
    t
}

/// A token for `name`, registering the account first if it has none yet.
pub(crate) async fn token_or_account(api: &Api<'_>, name: &str) -> String {
    let (s, b) = api
        .call(
            reqwest::Method::POST,
            "/api/v1/tokens",
            None,
            Some(json!({"username": name, "password": "password-123"})),
        )
        .await;
    if s == StatusCode::OK {
        return b["token"].as_str().expect("token").to_string();
    }
    api.account(name).await
}

/// Who reads the pages of a walk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Reader {
    Seat(usize),
    /// Signed in, without a seat.
    Bystander,
    Anonymous,
    Judge,
}

/// One answer of a walk: what was asked, its status and body.
pub(crate) struct Seen {
    pub(crate) path: String,
    pub(crate) status: StatusCode,
    pub(crate) body: String,
}

/// A browser and an API token (`None`: anonymous) for `who` in game `g`.
pub(crate) async fn sign_in(app: &TestApp, g: &Classic, who: Reader) -> (Browser, Option<String>) {
    let api = Api::new(app);
    match who {
        Reader::Seat(i) => (g.browser(app, i, "zh-CN").await, Some(g.tokens[i].clone())),
        Reader::Bystander => {
            let t = token_or_account(&api, "wanderer").await;
            let b = app.browser();
            b.login("wanderer", "password-123").await;
            (b, Some(t))
        }
        Reader::Anonymous => (app.browser(), None),
        Reader::Judge => (app.admin().await, Some(g.admin.clone())),
    }
}

/// Every page and API answer of game `g` a reader can ask for, through its browser `b` and
/// its token (`None`: anonymous).
pub(crate) async fn walk(
    app: &TestApp,
    g: &Classic,
    b: &Browser,
    token: Option<&str>,
) -> Vec<Seen> {
    let id = g.id;
    let api = Api::new(app);
    let mut paths: Vec<String> = [
        "".to_string(),
        "/seat".into(),
        "/reveal".into(),
        "/feed.atom".into(),
        "/console".into(),
    ]
    .iter()
    .map(|p| format!("/games/{id}{p}"))
    .collect();
    for kind in THREADS {
        paths.push(format!("/games/{id}/threads/{kind}"));
        for floor in [1, 999] {
            paths.push(format!("/games/{id}/threads/{kind}?quote={floor}"));
            paths.push(format!("/games/{id}/threads/{kind}/{floor}/edit"));
            paths.push(format!("/games/{id}/threads/{kind}/{floor}/history"));
        }
    }
    paths.extend([
        "/games".to_string(),
        "/b/games".into(),
        "/b/games/feed.atom".into(),
        "/notifications".into(),
    ]);
    for words in SEARCHED {
        paths.push(search_path("/search", words));
    }
    let mut seen = Vec::new();
    for path in paths {
        let p = b.get(&path).await;
        // A page that needs an account sends a signed-out reader to sign in (and back to the
        // path it asked for, which the sign-in form carries): as good as the 401 it was.
        let (status, body) = match p.url.contains("/login?next=") {
            true => (StatusCode::UNAUTHORIZED, String::new()),
            false => (p.status, p.body),
        };
        seen.push(Seen { path, status, body });
    }
    let mut api_paths: Vec<String> = ["", "/me", "/reveal", "/console"]
        .iter()
        .map(|p| format!("/api/v1/games/{id}{p}"))
        .collect();
    for kind in THREADS {
        api_paths.push(format!("/api/v1/games/{id}/threads/{kind}"));
        api_paths.push(format!(
            "/api/v1/games/{id}/threads/{kind}/posts/1/revisions"
        ));
    }
    api_paths.push("/api/v1/boards/games/threads".into());
    api_paths.push("/api/v1/notifications".into());
    for words in SEARCHED {
        api_paths.push(search_path("/api/v1/search", words));
    }
    for path in api_paths {
        let (status, body) = api.get(&path, token).await;
        seen.push(Seen {
            path,
            status,
            body: body.to_string(),
        });
    }
    seen
}

/// The game's threads a walk reads: its own, its teams', and another variant's team.
const THREADS: [&str; 5] = ["game", "graveyard", "killers", "police", "kira"];

/// What a walk searches for: words of the team threads' and the graveyard's posts (found by
/// nobody, the judge included, until the reveal), and of the victim's public last words.
const SEARCHED: [&str; 4] = ["今晚动手", "验一下", "墓地见", "遗言"];

/// The words of `SEARCHED` that only private threads hold.
const SEARCHED_PRIVATE: [&str; 3] = ["今晚动手", "验一下", "墓地见"];

fn search_path(route: &str, words: &str) -> String {
    let q: String = url::form_urlencoded::byte_serialize(words.as_bytes()).collect();
    format!("{route}?q={q}")
}

/// How many hits a walk's search answer (page or API) holds.
pub(crate) fn search_hits(seen: &Seen) -> usize {
    assert_eq!(seen.status, StatusCode::OK, "{}: {}", seen.path, seen.body);
    if seen.path.starts_with("/api/") {
        let v: Value = serde_json::from_str(&seen.body).expect("JSON");
        v["hits"].as_array().expect("hits").len()
    } else {
        seen.body.matches("<p class=\"snippet\">").count()
    }
}

/// What a game's readers may learn, as its ruling book tells it: [`check_walk`] asks it.
pub(crate) trait Secrets {
    /// The roles a walk looks for on every page, each with the words naming it in both
    /// languages (lower case).
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])];
    /// Whether seat `me` may read a word of `role` on `path` (`own`: one of its own private
    /// pages: its seat page, its view, its notifications).
    fn may_read(&self, g: &Classic, me: usize, role: &str, path: &str, own: bool) -> bool;
    /// Whether seat `me`, alive, reads the team thread `team` now.
    fn reads_team(&self, g: &Classic, me: usize, team: &str) -> bool;
    /// The team threads of the game (the judge reads them).
    fn teams(&self) -> &'static [&'static str] {
        &["killers", "police"]
    }
    /// Words that contain a role's word but name no role (a variant's name, 恶民传说), in
    /// lower case, as the walk compares.
    fn not_roles(&self) -> &'static [&'static str] {
        &["tokyo killers"]
    }
}

/// The classic presets' secrets (CL-1, CL-2): a seat knows its own role and its team's; a
/// police officer reads the word of a checked killer.
pub(crate) struct ClassicSecrets;

impl Secrets for ClassicSecrets {
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("killer", &["杀手", "killer"]),
            ("police", &["警察", "police"]),
            ("civilian", &["平民", "civilian"]),
        ]
    }

    fn may_read(&self, g: &Classic, me: usize, role: &str, path: &str, own: bool) -> bool {
        let mine = g.roles[me] == role;
        (mine && own)
            || (mine
                && role != "civilian"
                && path.contains(&format!("/threads/{}", team_key(role))))
            || (role == "killer" && g.roles[me] == "police" && own)
    }

    fn reads_team(&self, g: &Classic, me: usize, team: &str) -> bool {
        team_key(g.roles[me]) == team
    }
}

/// `body` without the words of roles other than `role` that contain one of `role`'s words (a
/// 秘密警察 is no 警察, an evil civilian no civilian).
fn without_longer_words(secrets: &dyn Secrets, role: &str, body: &str) -> String {
    let (_, words) = secrets
        .roles()
        .iter()
        .find(|(r, _)| *r == role)
        .expect("a role of the game");
    let mut body = body.to_string();
    for name in secrets.not_roles() {
        body = body.replace(name, "");
    }
    for (other, longer) in secrets.roles() {
        if *other == role {
            continue;
        }
        for long in *longer {
            if words.iter().any(|w| long.contains(w)) {
                body = body.replace(long, "");
            }
        }
    }
    body
}

/// Codes of the night's submissions and private results: never on a page or answer but the
/// seat's own.
pub(crate) const PRIVATE_CODES: [&str; 16] = [
    "check_result",
    "query_result",
    "teammates",
    "kill_inherited",
    "kill_recorded",
    "check_recorded",
    "hug_recorded",
    "silence_recorded",
    "save_recorded",
    "secret_kill",
    "needle_recorded",
    "snipe_recorded",
    "magic_recorded",
    "query_recorded",
    "dark_vote",
    "vote_recorded",
];

/// The lines of a seat page's private log, as drawn (after their act).
pub(crate) fn log_lines(seat_page: &str) -> Vec<String> {
    seat_page
        .split(r#"<span class="act">"#)
        .skip(1)
        .filter_map(|rest| {
            let line = rest.split("</li>").next()?;
            Some(line.split_once("</span>")?.1.trim().to_string())
        })
        .collect()
}

/// A seat page without its role's own rules (`dd.role-about`): the same text for every seat
/// of that role, naming the roles its rules speak of (the butterfly's names the killers), not
/// who holds them.
fn without_role_about(body: &str) -> String {
    // The line may carry its rules as a tooltip (`title="R4-3, R4-4"`).
    let open = r#"<dd class="role-about""#;
    match body.split_once(open) {
        Some((before, rest)) => {
            let after = rest.split_once("</dd>").map_or("", |(_, a)| a);
            format!("{before}{after}")
        }
        None => body.to_string(),
    }
}

/// Checks everything `who` read in a walk: no real ID but its own (the judge: on the console
/// only), no role it was not told, no other seat's private line, each thread readable exactly
/// by its team.
pub(crate) fn check_walk(
    g: &Classic,
    secrets: &dyn Secrets,
    who: Reader,
    seen: &[Seen],
    logs: &[Vec<String>],
    alive: &[bool],
) {
    let id = g.id;
    let me = match who {
        Reader::Seat(i) => Some(i),
        _ => None,
    };
    let get = |path: &str| {
        seen.iter()
            .find(|s| s.path == path)
            .unwrap_or_else(|| panic!("the walk asked for {path}"))
    };
    for s in seen {
        let path = s.path.as_str();
        let console = path.ends_with("/console");
        // The seat's own pages: its seat page, its view, its notifications.
        let own_private = me.is_some()
            && (path == format!("/games/{id}/seat")
                || path == format!("/api/v1/games/{id}/me")
                || path.ends_with("/notifications"));
        assert!(s.status.as_u16() < 500, "{who:?} {path}: {}", s.status);
        let text = if path == format!("/api/v1/games/{id}") {
            // The sign-up list is public, by name: no order in it tells a seat.
            let mut v: Value = serde_json::from_str(&s.body).expect("JSON");
            let mut sorted = g.real.clone();
            sorted.sort();
            assert_eq!(v["signups"], json!(sorted), "{who:?}");
            v.as_object_mut().expect("an object").remove("signups");
            // A judge's own setup is public, its deal too: its document names the roles
            // dealt (how many of each), never who holds them.
            if let Some(setup) = v["settings"]["setup"].as_object_mut() {
                setup.remove("document");
            }
            v.to_string()
        } else {
            s.body.clone()
        };
        let body = text.to_lowercase();
        // Real IDs: the seat's own (its navigation names its account); the judge's console.
        if who == Reader::Judge && console {
            assert_eq!(s.status, StatusCode::OK, "the judge's console");
            for real in &g.real {
                assert!(s.body.contains(real.as_str()), "the console names {real}");
            }
        } else {
            for (seat, real) in g.real.iter().enumerate() {
                if me == Some(seat) {
                    continue;
                }
                assert!(
                    !text.contains(real.as_str()),
                    "{who:?} reads {real} ({}) on {path}: {}",
                    g.names[seat],
                    s.body
                );
            }
        }
        // Roles: the judge knows them; a seat its own and its team's; a police officer the
        // checked seat's; nobody else any.
        if who == Reader::Judge {
            continue;
        }
        for (role, words) in secrets.roles() {
            if me.is_some_and(|i| secrets.may_read(g, i, role, path, own_private)) {
                continue;
            }
            let body = without_longer_words(secrets, role, &without_role_about(&body));
            for word in *words {
                assert!(
                    !body.contains(word),
                    "{who:?} reads the role word {word} on {path}: {}",
                    s.body
                );
            }
        }
        // Private lines: each seat's only on its own page and in its own notifications (and
        // /me).
        for (seat, lines) in logs.iter().enumerate() {
            for line in lines {
                let mine = me.is_some_and(|i| logs[i].contains(line));
                if mine && own_private {
                    continue;
                }
                assert!(
                    !s.body.contains(line.as_str()),
                    "{who:?} reads {}'s private line {line} on {path}",
                    g.names[seat]
                );
            }
        }
        if !own_private {
            // `dark_votes_counted` is a public line (R5-4, said after every first round at a
            // table that deals dark votes), not a seat's `dark_vote`.
            let public = text.replace("dark_votes_counted", "");
            for code in PRIVATE_CODES {
                assert!(
                    !public.contains(code),
                    "{who:?} reads {code} on {path}: {}",
                    s.body
                );
            }
        }
    }
    // Search: no reader, the judge included, finds a private thread's words before the
    // reveal (the page and the API alike).
    for words in SEARCHED_PRIVATE {
        for route in ["/search", "/api/v1/search"] {
            let s = get(&search_path(route, words));
            assert_eq!(search_hits(s), 0, "{who:?} finds {words}: {}", s.body);
        }
    }
    // The team threads: read by their living team and the judge; everyone else gets the
    // answer a kind this game does not have gets (the Kiras'), for every floor and tool.
    for team in ["killers", "police"] {
        let reads = (who == Reader::Judge && secrets.teams().contains(&team))
            || me.is_some_and(|i| alive[i] && secrets.reads_team(g, i, team));
        for prefix in [
            format!("/games/{id}/threads/{team}"),
            format!("/api/v1/games/{id}/threads/{team}"),
        ] {
            let list = get(&prefix);
            if reads {
                assert_eq!(list.status, StatusCode::OK, "{who:?} reads {prefix}");
                continue;
            }
            for s in seen.iter().filter(|s| s.path.starts_with(&prefix)) {
                let twin = get(&s.path.replacen(team, "kira", 1));
                assert_eq!(
                    (s.status, &s.body),
                    (twin.status, &twin.body),
                    "{who:?}: {} answers as {} does",
                    s.path,
                    twin.path
                );
                // The judge of a game without the team: its threads do not exist.
                let missing = who == Reader::Judge && s.status == StatusCode::NOT_FOUND;
                assert!(
                    missing || matches!(s.status, StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED),
                    "{who:?} {}: {}",
                    s.path,
                    s.status
                );
            }
        }
    }
}

/// The team thread of a role (`killer` → `killers`); a civilian has none.
fn team_key(role: &str) -> &'static str {
    match role {
        "killer" => "killers",
        "police" => "police",
        _ => "-",
    }
}

async fn a_dongsha_game_keeps_every_secret_on_every_page(app: TestApp) {
    let g = classic_game(&app, "dongsha", &REAL, &[1, 4, 8], &[2, 6, 10], json!({})).await;
    let api = Api::new(&app);
    let id = g.id;
    // Night 1: the killers kill one of their own, seat 8 (匪自杀, CL-1), the police check seat
    // 4 (a killer); each team talks in its thread.
    for &k in &g.seats_of("killer") {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                &g.tokens[k],
                json!({"type": "kill", "target": g.names[8]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/threads/killers"),
                &g.tokens[k],
                json!({"body": format!("今晚动手 {}", g.names[k])}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    for &p in &g.seats_of("police") {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                &g.tokens[p],
                json!({"type": "check", "target": g.names[4]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/threads/police"),
                &g.tokens[p],
                json!({"body": format!("验一下 {}", g.names[4])}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let readers: Vec<Reader> = (0..g.names.len())
        .map(Reader::Seat)
        .chain([Reader::Bystander, Reader::Anonymous, Reader::Judge])
        .collect();
    let mut browsers = Vec::new();
    for &who in &readers {
        browsers.push(sign_in(&app, &g, who).await);
    }
    for (lang, phase) in [("zh-CN", "night"), ("en", "dawn")] {
        if phase == "dawn" {
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{id}/resolve"),
                    &g.admin,
                    json!({"act": 1}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
            // The victim's last words, in the game thread; the graveyard is his now, the killers'
            // thread no longer.
            for (thread, body) in [("game", "遗言：我是好人"), ("graveyard", "墓地见")] {
                let (s, b) = api
                    .post(
                        &format!("/api/v1/games/{id}/threads/{thread}"),
                        &g.tokens[8],
                        json!({"body": body}),
                    )
                    .await;
                assert_eq!(s, StatusCode::CREATED, "{thread}: {b}");
            }
            let (s, b) = api
                .post(
                    &format!("/api/v1/games/{id}/threads/killers"),
                    &g.tokens[8],
                    json!({"body": "我还在吗"}),
                )
                .await;
            assert_eq!(
                (s, b["error"].clone()),
                (StatusCode::CONFLICT, json!("cannot_post_here"))
            );
        }
        maku::notify::tick(&app.state).await.expect("notify tick");
        let mut walks = Vec::new();
        for (who, (b, token)) in readers.iter().zip(&mut browsers) {
            b.lang = lang;
            walks.push((*who, walk(&app, &g, b, token.as_deref()).await));
        }
        let logs: Vec<Vec<String>> = (0..g.names.len())
            .map(|i| {
                let (_, seen) = &walks[i];
                log_lines(
                    &seen
                        .iter()
                        .find(|s| s.path.ends_with("/seat"))
                        .expect("seat")
                        .body,
                )
            })
            .collect();
        // What each seat was told privately, on its own page only.
        for (i, lines) in logs.iter().enumerate() {
            let told = |needle: &str| lines.iter().any(|l| l.contains(needle));
            match g.roles[i] {
                "civilian" => assert!(lines.is_empty() || phase == "dawn", "{lines:?}"),
                _ => {
                    let team: Vec<&str> = g.team(i).iter().map(|&t| g.names[t].as_str()).collect();
                    let sep = if lang == "en" { ", " } else { "、" };
                    assert!(told(&team.join(sep)), "{}: {lines:?}", g.names[i]);
                }
            }
            if g.roles[i] == "police" && phase == "dawn" {
                assert!(told(&format!("{} is a killer", g.names[4])), "{lines:?}");
                // And in the officer's own notifications.
                let (_, seen) = &walks[i];
                let bell = seen
                    .iter()
                    .find(|s| s.path == "/notifications")
                    .expect("bell");
                assert!(
                    bell.body.contains(&format!("{} is a killer", g.names[4])),
                    "{}",
                    bell.body
                );
            }
        }
        let (_, view) = api.get(&format!("/api/v1/games/{id}"), None).await;
        let alive: Vec<bool> = view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["alive"] == true)
            .collect();
        for (who, seen) in &walks {
            check_walk(&g, &ClassicSecrets, *who, seen, &logs, &alive);
            // The public last words are found, once spoken, by every reader.
            let spoken = usize::from(phase == "dawn");
            for route in ["/search", "/api/v1/search"] {
                let path = search_path(route, "遗言");
                let s = seen.iter().find(|s| s.path == path).expect("searched");
                assert_eq!(search_hits(s), spoken, "{who:?} {path}: {}", s.body);
            }
        }
        // A shengtui game has no team threads at all: its seats, its lone killer too, get
        // for every team thread exactly what a dongsha seat outside that team gets.
        if phase == "dawn" {
            let st = classic_game(&app, "shengtui", &REAL_B, &[3], &[], json!({})).await;
            let civilian = &walks[3].1;
            for seat in [3, 0] {
                let (mut b_there, token) = sign_in(&app, &st, Reader::Seat(seat)).await;
                b_there.lang = lang;
                let other = walk(&app, &st, &b_there, token.as_deref()).await;
                for s in other.iter().filter(|s| {
                    s.path.contains("/threads/killers") || s.path.contains("/threads/police")
                }) {
                    let path =
                        s.path
                            .replacen(&format!("/games/{}", st.id), &format!("/games/{id}"), 1);
                    let twin = civilian
                        .iter()
                        .find(|t| t.path == path)
                        .expect("the same path");
                    assert_eq!((s.status, &s.body), (twin.status, &twin.body), "{path}");
                }
                for team in ["killers", "police"] {
                    let post = |game: i64, token: &str| {
                        let api = &api;
                        let token = token.to_string();
                        async move {
                            api.post(
                                &format!("/api/v1/games/{game}/threads/{team}"),
                                &token,
                                json!({"body": "偷偷说"}),
                            )
                            .await
                        }
                    };
                    // The form says the same, and leads to the same answer.
                    assert_eq!(
                        form_post(&b_there, st.id, team).await,
                        form_post(&browsers[3].0, id, team).await,
                        "{team}"
                    );
                    let there = post(st.id, &st.tokens[seat]).await;
                    let here = post(id, &g.tokens[3]).await;
                    assert_eq!(there, here, "{team}");
                    assert_eq!(here.0, StatusCode::CONFLICT, "{}", here.1);
                }
            }
        }
    }
}

/// A reply posted through the thread's form, as a browser would: the form's own answer (its
/// redirect with the game's id as `N`), then the page it leads to.
pub(crate) async fn form_post(
    b: &Browser,
    game: i64,
    kind: &str,
) -> (StatusCode, String, StatusCode, String) {
    let home = b.get("/").await;
    assert!(home.body.contains(r#"name="csrf""#), "{}", home.body);
    let csrf = home.csrf();
    let path = format!("/games/{game}/threads/{kind}");
    let form = [("csrf", csrf.as_str()), ("body", "偷偷说")];
    let answer = b.post_answer(&path, &form).await;
    let page = b.post(&path, &form).await;
    (
        answer.status,
        answer.location.replace(&game.to_string(), "N"),
        page.status,
        page.body,
    )
}

/// The step the page's "过" form names, if the page offers it (the reader's turn to speak).
fn pass_step(page: &Page, game: i64) -> Option<String> {
    let start = page.body.find(&format!(r#"action="/games/{game}/pass""#))?;
    let form = &page.body[start..start + page.body[start..].find("</form>")?];
    let marker = r#"name="step" value=""#;
    let at = form.find(marker)? + marker.len();
    Some(form[at..at + form[at..].find('"')?].to_string())
}

/// Whether the page offers the game thread's reply form.
pub(crate) fn has_reply_form(page: &Page, game: i64) -> bool {
    page.body.contains(&format!(
        r#"<form method="post" action="/games/{game}/threads/game""#
    ))
}

/// Presses "过" for the phase of `step`, as the banner's form does.
async fn press_pass(b: &Browser, game: i64, step: &str) -> Page {
    let csrf = b.get("/").await.csrf();
    b.post(
        &format!("/games/{game}/pass"),
        &[("csrf", &csrf), ("step", step)],
    )
    .await
}

/// Posts in the game thread through its reply form.
async fn speak(b: &Browser, game: i64, body: &str) -> Page {
    let csrf = b.get("/").await.csrf();
    b.post(
        &format!("/games/{game}/threads/game"),
        &[("csrf", &csrf), ("body", body)],
    )
    .await
}

/// The game thread's posts (API, first page), oldest first.
async fn thread_posts(app: &TestApp, game: i64) -> Vec<Value> {
    let (s, b) = Api::new(app)
        .get(&format!("/api/v1/games/{game}/threads/game"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b["posts"].as_array().expect("posts").clone()
}

/// The newest act post of the game thread, as the reader's page draws it (its text).
pub(crate) fn last_act_post(page: &Page) -> String {
    let start = page
        .body
        .rfind(r#"class="post act-post""#)
        .expect("an act post");
    let end = page.body[start..].find("</article>").expect("its end") + start;
    page.body[start..end].to_string()
}

/// The phase open now (API).
pub(crate) async fn phase(app: &TestApp, game: i64) -> Value {
    let (_, g) = Api::new(app)
        .get(&format!("/api/v1/games/{game}"), None)
        .await;
    g["phase"].clone()
}

/// An eight-seat dongsha game whose night 1 kills seat 0, resolved by the judge: it is seat
/// 0's last words now.
async fn after_first_night(app: &TestApp, options: Value) -> Classic {
    let g = classic_game(
        app,
        "dongsha",
        &REAL[..8],
        &[1, 4],
        &[2, 6],
        json!({ "options": options }),
    )
    .await;
    let api = Api::new(app);
    for k in [1, 4] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                &g.tokens[k],
                json!({"type": "kill", "target": g.names[0]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    g
}

async fn turns_to_speak_run_in_the_browser_pages(app: TestApp) {
    let g = after_first_night(&app, json!({})).await;
    let id = g.id;
    let mut b = Vec::new();
    for i in 0..8 {
        b.push(g.browser(&app, i, "zh-CN").await);
    }
    let thread = format!("/games/{id}/threads/game");
    // CL-4: the night's victim, out, leaves her last words; she alone has the turn.
    assert_eq!(phase(&app, id).await["kind"], "last_words");
    for path in [
        format!("/games/{id}"),
        thread.clone(),
        format!("/games/{id}/seat"),
    ] {
        let page = b[0].get(&path).await;
        assert_eq!(
            pass_step(&page, id).as_deref(),
            Some("2"),
            "{path}: {}",
            page.body
        );
        assert!(page.body.contains("轮到你在游戏帖发言"), "{path}");
        for other in [1, 3] {
            let page = b[other].get(&path).await;
            assert_eq!(pass_step(&page, id), None, "{path}");
        }
    }
    let page = b[0].get(&thread).await;
    assert!(has_reply_form(&page, id), "{}", page.body);
    assert!(
        last_act_post(&page).contains("令狐冲 可以留遗言。"),
        "{}",
        page.body
    );
    // A living seat has no reply form now, and a post sent anyway is refused.
    for other in [1, 3] {
        let page = b[other].get(&thread).await;
        assert!(!has_reply_form(&page, id), "{}", page.body);
        let refused = speak(&b[other], id, "我抢着说").await;
        refused.assert_back_at(&thread);
        assert!(
            refused.body.contains("你现在不能在这个帖子里发言。"),
            "{}",
            refused.body
        );
    }
    let said = speak(&b[0], id, "遗言：我是平民，查查任盈盈").await;
    assert_eq!(said.status, StatusCode::OK, "{}", said.body);
    // One speech a turn: a second post is refused (the first may still be edited).
    let again = speak(&b[0], id, "再说一句").await;
    assert!(
        again.body.contains("你这一轮已经发过言了"),
        "{}",
        again.body
    );
    let posts = thread_posts(&app, id).await;
    let spoken: Vec<(&str, &str)> = posts
        .iter()
        .filter(|p| p["kind"] == "user")
        .map(|p| {
            (
                p["author"].as_str().unwrap_or(""),
                p["body"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        spoken,
        [("令狐冲", "遗言：我是平民，查查任盈盈")],
        "only the last words"
    );
    // Another seat's 过 ends nothing; hers does, and the thread says whose turn it is.
    let not_yours = press_pass(&b[3], id, "2").await;
    assert!(
        not_yours.body.contains("现在不是你的发言时间。"),
        "{}",
        not_yours.body
    );
    assert_eq!(phase(&app, id).await["step"], 2);
    let passed = press_pass(&b[0], id, "2").await;
    assert_eq!(passed.answer, StatusCode::SEE_OTHER);
    assert!(passed.url.contains(&thread), "{}", passed.url);
    assert_eq!(
        phase(&app, id).await,
        json!({"step": 3, "act": 1, "kind": "speech"})
    );
    let act = last_act_post(&passed);
    assert!(act.contains("轮到 任盈盈 发言。"), "{act}");
    assert!(!act.contains("已跳过"), "she spoke: {act}");
    // CL-5: a turn passing on is one short line (issue 38.10), not a whole act summary, and the
    // redirect names the post's own page and floor (never a page number past the last).
    assert!(act.contains("令狐冲 的发言结束。"), "{act}");
    assert!(
        !act.contains("本幕无事发生") && !act.contains("存活"),
        "{act}"
    );
    assert!(passed.url.ends_with("?page=1"), "{}", passed.url);
    // A page left open since her turn ends no other turn.
    let stale = press_pass(&b[0], id, "2").await;
    assert!(stale.body.contains(r#"class="error""#), "{}", stale.body);
    assert_eq!(phase(&app, id).await["step"], 3);
    // CL-5: the first living seat after the victim speaks; the out seat has no form now.
    let page = b[0].get(&thread).await;
    assert!(!has_reply_form(&page, id) && pass_step(&page, id).is_none());
    let page = b[1].get(&thread).await;
    assert!(has_reply_form(&page, id));
    assert_eq!(pass_step(&page, id).as_deref(), Some("3"));
    for other in [2, 3] {
        let page = b[other].get(&thread).await;
        assert!(!has_reply_form(&page, id) && pass_step(&page, id).is_none());
        // A seat that may not speak is told why.
        assert!(
            page.body
                .contains("现在是 任盈盈 的发言时间：轮到你时，这里会出现回复框。"),
            "{}",
            page.body
        );
    }
    let out = b[0].get(&thread).await;
    assert!(
        out.body.contains("你已出局，不能再在游戏帖发言"),
        "{}",
        out.body
    );
    let said = speak(&b[1], id, "我是好人，过").await;
    assert_eq!(said.status, StatusCode::OK);
    let passed = press_pass(&b[1], id, "3").await;
    assert!(last_act_post(&passed).contains("轮到 岳不群 发言。"));
    // A turn left to its time limit (a speech lasts 120 minutes) is skipped, and the thread
    // says so; the next seat's turn opens.
    app.clock.advance(chrono::Duration::minutes(119));
    assert_eq!(tick(&app.state).await.expect("tick"), 0);
    app.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let page = b[3].get(&thread).await;
    let act = last_act_post(&page);
    assert!(act.contains("岳不群 未在时限内发言，已跳过。"), "{act}");
    assert!(act.contains("轮到 林平之 发言。"), "{act}");
    assert!(has_reply_form(&page, id) && pass_step(&page, id).as_deref() == Some("5"));
    // A turn that was spoken and then left to its limit is not called skipped.
    let said = speak(&b[3], id, "我也是好人").await;
    assert_eq!(said.status, StatusCode::OK);
    app.clock.advance(chrono::Duration::minutes(121));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    let page = b[4].get(&thread).await;
    let act = last_act_post(&page);
    assert!(!act.contains("已跳过"), "{act}");
    assert!(act.contains("轮到 风清扬 发言。"), "{act}");
    // The English page says the same.
    b[4].lang = "en";
    let page = b[4].get(&thread).await;
    assert!(
        page.body
            .contains("岳不群 did not speak in time and was skipped."),
        "{}",
        page.body
    );
    assert!(
        last_act_post(&page).contains("It is 风清扬"),
        "{}",
        page.body
    );
}

async fn free_speeches_open_the_game_thread_to_every_living_seat(app: TestApp) {
    let g = after_first_night(&app, json!({"speeches": "free"})).await;
    let id = g.id;
    let api = Api::new(&app);
    let mut b = Vec::new();
    for i in 0..8 {
        b.push(g.browser(&app, i, "zh-CN").await);
    }
    let thread = format!("/games/{id}/threads/game");
    // The last words are a turn still (CL-4), then the day's discussion.
    let page = b[0].get(&thread).await;
    assert!(has_reply_form(&page, id));
    assert_eq!(speak(&b[0], id, "遗言").await.status, StatusCode::OK);
    assert_eq!(
        press_pass(&b[0], id, "2").await.answer,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        phase(&app, id).await,
        json!({"step": 3, "act": 1, "kind": "discussion"})
    );
    // Every living seat posts, as often as it likes, with no turn and no 过.
    for (i, seat) in b.iter().enumerate().skip(1) {
        let page = seat.get(&thread).await;
        assert!(has_reply_form(&page, id), "seat {i}: {}", page.body);
        assert_eq!(pass_step(&page, id), None);
        for n in 0..2 {
            let said = speak(seat, id, &format!("{} 第 {n} 次发言", g.names[i])).await;
            assert_eq!(said.status, StatusCode::OK);
            assert!(!said.body.contains(r#"class="error""#), "{}", said.body);
        }
    }
    // The seat that is out does not.
    let page = b[0].get(&thread).await;
    assert!(!has_reply_form(&page, id));
    let refused = speak(&b[0], id, "我还想说").await;
    assert!(
        refused.body.contains("你现在不能在这个帖子里发言。"),
        "{}",
        refused.body
    );
    let (s, _) = api
        .post(
            &format!("/api/v1/games/{id}/threads/game"),
            &g.tokens[0],
            json!({"body": "API 也不行"}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let posts = thread_posts(&app, id).await;
    let authors: Vec<&str> = posts
        .iter()
        .filter(|p| p["kind"] == "user")
        .filter_map(|p| p["author"].as_str())
        .collect();
    assert_eq!(authors.len(), 1 + 7 * 2, "{authors:?}");
    assert_eq!(authors.iter().filter(|a| **a == "令狐冲").count(), 1);
    // Nobody may pass in a free discussion; the day's deadline ends it (the act's length).
    let nobody = press_pass(&b[1], id, "3").await;
    assert!(
        nobody.body.contains("现在不是你的发言时间。"),
        "{}",
        nobody.body
    );
    app.clock.advance(chrono::Duration::minutes(61));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    assert_eq!(phase(&app, id).await["kind"], "vote");
}

/// The notifications of the account `name` (the store's rows, newest first).
async fn notes_of(app: &TestApp, name: &str) -> Vec<maku::notify::store::NotificationRow> {
    let key = name.to_lowercase();
    app.state
        .db(move |c| {
            let user = maku::db::queries::users::by_key(c, &key)?.expect("the account");
            Ok(maku::notify::store::list(c, user.id, None, 500)?)
        })
        .await
        .expect("db")
}

/// How many of `rows` are of `kind` for game `game` and step `step`.
fn count(rows: &[maku::notify::store::NotificationRow], kind: &str, game: i64, step: i32) -> usize {
    rows.iter()
        .filter(|r| r.kind == kind && r.game_id == game && r.act == step)
        .count()
}

/// The judge resolves phase after phase until the night of act `act` is open.
pub(crate) async fn resolve_until_night(app: &TestApp, g: &Classic, act: u64) {
    let api = Api::new(app);
    for _ in 0..40 {
        let p = phase(app, g.id).await;
        if p["kind"] == "night" && p["act"] == act {
            return;
        }
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/resolve", g.id),
                &g.admin,
                json!({"act": p["step"]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    panic!("no night {act}");
}

/// What notify.rs checks for Death Note holds for a dongsha night: each seat hears of each
/// phase posted; a seat whose team still owes its kill or check is reminded before the
/// deadline, once (a killer whose teammate submitted owes nothing, CL-1); the night's private
/// results (the check, CL-2) reach the officers alone, once, named by their act.
async fn a_dongsha_night_reminds_its_teams_and_tells_each_seat_its_results(app: TestApp) {
    let g = classic_game(&app, "dongsha", &REAL[..8], &[1, 4], &[2, 6], json!({})).await;
    let id = g.id;
    let api = Api::new(&app);
    let notify_tick = || async { maku::notify::tick(&app.state).await.expect("notify tick") };
    notify_tick().await;
    for real in &g.real {
        assert_eq!(
            count(&notes_of(&app, real).await, "act_posted", id, 1),
            1,
            "{real}"
        );
    }
    assert!(
        notes_of(&app, "admin").await.is_empty(),
        "the judge plays no seat"
    );
    // One killer submits; his teammate owes nothing more. The police owe their check.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &g.tokens[1],
            json!({"type": "kill", "target": g.names[0]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let reminded =
        |rows: &[maku::notify::store::NotificationRow]| count(rows, "ballot_missing", id, 1);
    // The night lasts the act's hour and the reminder comes an hour ahead: at half the night.
    app.clock.advance(chrono::Duration::minutes(29));
    notify_tick().await;
    for real in &g.real {
        assert_eq!(
            reminded(&notes_of(&app, real).await),
            0,
            "{real}: not before"
        );
    }
    app.clock.advance(chrono::Duration::minutes(2));
    notify_tick().await;
    for (i, real) in g.real.iter().enumerate() {
        let rows = notes_of(&app, real).await;
        assert_eq!(
            reminded(&rows),
            usize::from(g.roles[i] == "police"),
            "{real} ({})",
            g.roles[i]
        );
        if let Some(row) = rows.iter().find(|r| r.kind == "ballot_missing") {
            let p: Value = serde_json::from_str(&row.payload).expect("payload");
            assert_eq!(
                (p["action"].clone(), p["ballot"].clone()),
                (json!(true), json!(false))
            );
        }
    }
    let b = g.browser(&app, 2, "zh-CN").await;
    // The banner names the night's action, not a Death Note notebook's.
    let seat = b.get(&format!("/games/{id}/seat")).await;
    assert!(
        // CL-1: the night's action may be left undone, so it is not owed.
        seat.body
            .contains("尚未提交（可选，也可以不提交）：夜间行动。")
            && !seat.body.contains("你仍需提交")
            && !seat.body.contains("笔记"),
        "{}",
        seat.body
    );
    let list = b.get("/notifications").await;
    assert!(
        list.body
            .contains("你尚未提交第 1 幕（夜晚）的投票或夜间行动（可选；"),
        "{}",
        list.body
    );
    for p in [2, 6] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{id}/actions"),
                &g.tokens[p],
                json!({"type": "check", "target": g.names[4]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    notify_tick().await;
    app.clock.advance(chrono::Duration::minutes(10));
    notify_tick().await;
    for real in &g.real[2..3] {
        assert_eq!(reminded(&notes_of(&app, real).await), 1, "{real}: once");
    }
    // The night ends on its deadline: everyone hears of it; the officers alone of their check.
    app.clock.advance(chrono::Duration::minutes(20));
    assert_eq!(tick(&app.state).await.expect("tick"), 1);
    notify_tick().await;
    for (i, real) in g.real.iter().enumerate() {
        let rows = notes_of(&app, real).await;
        assert_eq!(
            count(&rows, "act_posted", id, 2),
            1,
            "{real} hears of the dawn"
        );
        assert_eq!(
            count(&rows, "action_reply", id, 1),
            usize::from(g.roles[i] == "police"),
            "{real} ({}): the night's private results",
            g.roles[i]
        );
    }
    assert_eq!(notify_tick().await, 0, "nothing twice");
    let list = b.get("/notifications").await;
    assert!(list.body.contains("第 1 幕结算"), "{}", list.body);
    assert!(list.body.contains("风清扬 是杀手"), "{}", list.body);
    // Night 2: its check is told as act 2's.
    resolve_until_night(&app, &g, 2).await;
    let night = phase(&app, id).await["step"].as_i64().expect("step") as i32;
    let (s, b2) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &g.tokens[2],
            json!({"type": "check", "target": g.names[5]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b2}");
    let (s, b2) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &g.admin,
            json!({"act": night}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b2}");
    notify_tick().await;
    let rows = notes_of(&app, &g.real[2]).await;
    assert_eq!(count(&rows, "action_reply", id, night), 1, "{night}");
    let list = b.get("/notifications").await;
    assert!(list.body.contains("第 2 幕结算"), "{}", list.body);
    assert!(list.body.contains("东方不败 不是杀手"), "{}", list.body);
}

/// The `<select name="{name}">` of a page, if it has one.
pub(crate) fn select<'a>(page: &'a Page, name: &str) -> Option<&'a str> {
    let start = page.body.find(&format!(r#"<select name="{name}""#))?;
    let end = page.body[start..].find("</select>")? + start;
    Some(&page.body[start..end])
}

/// Posts the create form of `/games/new?variant={variant}` as a judge fills it in: its own
/// fields (CSRF, variant) and `fields`.
pub(crate) async fn create_form(b: &Browser, variant: &str, fields: &[(&str, &str)]) -> Page {
    let form = b.get(&format!("/games/new?variant={variant}")).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    let csrf = form.csrf();
    let mut post = vec![("csrf", csrf.as_str()), ("variant", variant)];
    post.extend_from_slice(fields);
    b.post("/games", &post).await
}

async fn the_create_form_offers_the_presets_with_their_teams_and_options(app: TestApp) {
    let admin = app.admin().await;
    let chooser = admin.get("/games/new").await;
    assert_eq!(chooser.status, StatusCode::OK, "{}", chooser.body);
    for (variant, label, seats) in [
        ("deathnote", "死亡笔记", "6–40 人"),
        ("dongsha", "东京杀人帮 2.0（东杀）", "8–16 人"),
        ("killgame", "killgame 纸牌", "11–16 人"),
        ("shengtui", "生推版（改）", "6–8 人"),
        ("wujian", "无间道", "4–20 人"),
    ] {
        let link = format!(r#"<a href="/games/new?variant={variant}">{label}</a>"#);
        assert!(chooser.body.contains(&link), "{link}: {}", chooser.body);
        let at = chooser.body.find(&link).expect("the entry");
        assert!(chooser.body[at..].contains(seats), "{variant}: {seats}");
    }
    // Each preset's teams by seat count, as the ruling book's table groups them.
    for line in [
        "<li>8–10 人：杀手 2 人、警察 2 人</li>",
        "<li>11–14 人：杀手 3 人、警察 3 人</li>",
        "<li>15–16 人：杀手 4 人、警察 4 人</li>",
        "<li>6–8 人：杀手 1 人</li>",
    ] {
        assert!(chooser.body.contains(line), "{line}: {}", chooser.body);
    }
    let mut en = app.browser_in("en");
    en.login("admin", &app.admin_password).await;
    let chooser = en.get("/games/new").await;
    for line in [
        "<li>8–10 seats: 2 killers, 2 police</li>",
        "<li>15–16 seats: 4 killers, 4 police</li>",
        "<li>6–8 seats: 1 killers</li>",
    ] {
        assert!(chooser.body.contains(line), "{line}: {}", chooser.body);
    }
    en.lang = "zh-CN";
    // Dongsha's form: the speeches select (ordered by default), a length for each phase, the
    // series select, and the summary of its teams.
    let form = admin.get("/games/new?variant=dongsha").await;
    assert_eq!(form.status, StatusCode::OK);
    let speeches = select(&form, "speeches").expect("the speeches select");
    assert!(
        speeches.contains(r#"<option value="ordered" selected>"#),
        "{speeches}"
    );
    assert!(speeches.contains(r#"<option value="free">"#), "{speeches}");
    for kind in ["night", "last_words", "speech", "discussion", "vote", "pk"] {
        assert!(
            form.body
                .contains(&format!(r#"name="phase_{kind}" type="number""#)),
            "phase_{kind}: {}",
            form.body
        );
    }
    assert!(
        form.body.contains(r#"placeholder="120""#),
        "the speeches' default"
    );
    assert!(select(&form, "series_after").is_some());
    assert!(form.body.contains("8–10 人：杀手 2 人、警察 2 人"));
    // A refused form comes back intact, to the same variant's form.
    let typed = [
        ("title", "东杀周末局"),
        ("act_minutes", "0"),
        ("speeches", "free"),
        ("phase_speech", "30"),
        ("min_seats", "9"),
    ];
    let refused = create_form(&admin, "dongsha", &typed).await;
    refused.assert_back_at("/games/new");
    assert!(
        refused.url.ends_with("/games/new?variant=dongsha"),
        "{}",
        refused.url
    );
    assert!(
        refused.body.contains(r#"class="error""#),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(r#"value="东杀周末局""#),
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains(r#"name="act_minutes" type="number" min="1" max="10080" step="1" value="0""#)
    );
    assert!(
        refused
            .body
            .contains(r#"name="min_seats" type="number" min="8" max="16" step="1" value="9""#)
    );
    assert!(
        refused.body.contains(
            r#"name="phase_speech" type="number" min="1" max="10080" step="1" value="30""#
        ),
        "{}",
        refused.body
    );
    let speeches = select(&refused, "speeches").expect("the speeches select");
    assert!(
        speeches.contains(r#"<option value="free" selected>"#),
        "{speeches}"
    );
    // A field the form does not have is refused with its name, and nothing is created.
    let (_, before) = Api::new(&app).get("/api/v1/games", None).await;
    let unknown = create_form(
        &admin,
        "dongsha",
        &[("title", "多余字段"), ("phase_dusk", "30")],
    )
    .await;
    unknown.assert_back_at("/games/new");
    assert!(
        unknown
            .body
            .contains("表单里有这个游戏不认识的字段：phase_dusk。"),
        "{}",
        unknown.body
    );
    let unknown = create_form(
        &admin,
        "dongsha",
        &[("title", "多余字段"), ("redistribute", "on")],
    )
    .await;
    assert!(
        unknown
            .body
            .contains("表单里有这个游戏不认识的字段：redistribute。"),
        "{}",
        unknown.body
    );
    let (_, after) = Api::new(&app).get("/api/v1/games", None).await;
    assert_eq!(before, after, "nothing created");
    // Free speeches and 30-minute speeches are stored as typed.
    let made = create_form(
        &admin,
        "dongsha",
        &[
            ("title", "东杀自由局"),
            ("speeches", "free"),
            ("phase_speech", "30"),
        ],
    )
    .await;
    assert_eq!(made.answer, StatusCode::SEE_OTHER);
    let id = crate::helpers::game_id_of(&made.url);
    let (_, g) = Api::new(&app)
        .get(&format!("/api/v1/games/{id}"), None)
        .await;
    assert_eq!(g["variant"], "dongsha");
    assert_eq!(g["settings"]["options"], json!({"speeches": "free"}), "{g}");
    assert_eq!(g["settings"]["phase_minutes"], json!({"speech": 30}), "{g}");
    assert_eq!(
        (
            g["settings"]["min_seats"].clone(),
            g["settings"]["max_seats"].clone()
        ),
        (json!(8), json!(16))
    );
    // The game page says so in words.
    assert!(made.body.contains("自由发言"), "{}", made.body);
}

/// The step of the phase open now.
async fn step(app: &TestApp, game: i64) -> i64 {
    phase(app, game).await["step"].as_i64().expect("a step")
}

async fn a_series_game_may_not_kill_the_last_first_victim_on_its_first_night(app: TestApp) {
    let api = Api::new(&app);
    // Game 1: jasper (seat 0, 令狐冲) is killed on the first night; the judge ends it on her
    // console, naming a winner of this game (not Death Note's), whose seats table has none of
    // Death Note's columns.
    let first = after_first_night(&app, json!({})).await;
    let admin = app.admin().await;
    let console = admin.get(&format!("/games/{}/console", first.id)).await;
    assert_eq!(console.status, StatusCode::OK);
    let winners = select(&console, "winner").expect("the end form's winner");
    assert!(
        winners.contains(r#"<option value="killers">杀手胜利</option>"#),
        "{winners}"
    );
    assert!(winners.contains(r#"<option value="good">"#), "{winners}");
    assert!(
        !winners.contains("kira") && !winners.contains("基拉"),
        "{winners}"
    );
    assert!(!console.body.contains("DN-19") && !console.body.contains("DN-22"));
    let ended = admin
        .post(
            &format!("/games/{}/console/end", first.id),
            &[
                ("csrf", &console.csrf()),
                ("act", &step(&app, first.id).await.to_string()),
                ("reason", "测试连局"),
                ("winner", "killers"),
                ("confirm", "yes"),
            ],
        )
        .await;
    assert_eq!(ended.answer, StatusCode::SEE_OTHER, "{}", ended.body);
    let (_, g1) = api.get(&format!("/api/v1/games/{}", first.id), None).await;
    assert_eq!(
        (g1["status"].clone(), g1["winner"].clone()),
        (json!("finished"), json!("killers")),
        "{g1}"
    );
    let (_, reveal) = api
        .get(&format!("/api/v1/games/{}/reveal", first.id), None)
        .await;
    assert!(
        reveal.to_string().contains("jasper"),
        "the reveal names her: {reveal}"
    );
    // Refused: a running game, another variant's game, another judge's game.
    let running = classic_game(&app, "dongsha", &REAL_C, &[0, 1], &[2, 3], json!({})).await;
    let shengtui = after_end(&app, "shengtui", &REAL_B).await;
    let judge = token_or_account(&api, "judith").await;
    let (s, b) = api
        .post(
            "/api/v1/accounts/judith/role",
            &first.admin,
            json!({"role": "judge"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (who, previous, why, code) in [
        (&first.admin, running.id, "running", "series_not_finished"),
        (
            &first.admin,
            shengtui,
            "another variant",
            "series_other_variant",
        ),
        (&judge, first.id, "another judge's", "series_other_judge"),
        (&first.admin, 9999, "no such game", "series_unknown_game"),
    ] {
        let (s, b) = api
            .post(
                "/api/v1/games",
                who,
                json!({"title": "连局", "variant": "dongsha", "series_after": previous}),
            )
            .await;
        assert_eq!(
            (s, b["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{why}: {b}"
        );
        // Said in the reader's language (the default, Chinese), not the server's English.
        let message = b["message"].as_str().unwrap_or_default();
        assert!(message.contains("接续的游戏"), "{why}: {b}");
    }
    // The form's select offers the judge's finished dongsha games: the first one only.
    let form = admin.get("/games/new?variant=dongsha").await;
    let series = select(&form, "series_after").expect("the series select");
    assert!(
        series.contains(&format!(r#"<option value="{}">"#, first.id)),
        "{series}"
    );
    assert!(
        !series.contains(&format!(r#"value="{}""#, running.id)),
        "{series}"
    );
    let made = create_form(
        &admin,
        "dongsha",
        &[
            ("title", "连局第二局"),
            ("act_minutes", "60"),
            ("series_after", &first.id.to_string()),
        ],
    )
    .await;
    assert_eq!(made.answer, StatusCode::SEE_OTHER, "{}", made.body);
    let id = crate::helpers::game_id_of(&made.url);
    let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["settings"]["series_after"], json!(first.id), "{g}");
    // Its page says which game it follows, and nothing about any seat.
    assert_eq!(fact(&made, "连局"), format!("接续第 #{} 局", first.id));
    // Game 2: the same eight accounts, seated otherwise: jasper is 东方不败 (seat 5) now.
    let mut order: Vec<&str> = REAL[..8].to_vec();
    order.swap(0, 5);
    let second = start_created(&app, id, &order, &[1, 4], &[2, 6]).await;
    assert_eq!(second.real[5], "jasper");
    let kill = |target: &str| json!({"type": "kill", "target": target});
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &second.tokens[1],
            kill(&second.names[5]),
        )
        .await;
    assert_eq!(
        (s, b["error"].clone()),
        (StatusCode::CONFLICT, json!("series_repeat")),
        "{b}"
    );
    // The seat page says why, in words.
    let killer = second.browser(&app, 4, "zh-CN").await;
    let seat = crate::helpers::crafted(
        &killer,
        id,
        &[("type", "kill"), ("target", &second.names[5])],
    )
    .await;
    assert!(
        seat.body.contains(r#"class="error outcome""#),
        "{}",
        seat.body
    );
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &second.tokens[1],
            kill(&second.names[7]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The public pages and answers never name the seat the series protects.
    for (path, body) in [
        (
            format!("/games/{id}"),
            app.browser().get(&format!("/games/{id}")).await.body,
        ),
        (
            format!("/games/{id}/threads/game"),
            app.browser()
                .get(&format!("/games/{id}/threads/game"))
                .await
                .body,
        ),
        (format!("/api/v1/games/{id}"), {
            // The sign-up list is public (by name).
            let (_, mut v) = api.get(&format!("/api/v1/games/{id}"), None).await;
            v.as_object_mut().expect("an object").remove("signups");
            v.to_string()
        }),
        (
            format!("/api/v1/games/{id}/me"),
            api.get(&format!("/api/v1/games/{id}/me"), Some(&second.tokens[3]))
                .await
                .1
                .to_string(),
        ),
    ] {
        for word in ["previous_first_victim", "series_repeat", "重杀", "jasper"] {
            assert!(!body.contains(word), "{word} on {path}: {body}");
        }
        // Named as often as another seat in the same state: as a seat, nothing more.
        assert_eq!(
            body.matches(second.names[5].as_str()).count(),
            body.matches(second.names[6].as_str()).count(),
            "{path}: {body}"
        );
    }
    // Night 2 may kill her.
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/resolve"),
            &second.admin,
            json!({"act": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    resolve_until_night(&app, &second, 2).await;
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/actions"),
            &second.tokens[1],
            kill(&second.names[5]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "night 2: {b}");
}

/// A finished `variant` game of the accounts `real` (judge: the admin), ended by the judge.
async fn after_end(app: &TestApp, variant: &str, real: &[&str]) -> i64 {
    let g = classic_game(app, variant, real, &[0], &[], json!({})).await;
    let (s, b) = Api::new(app)
        .post(
            &format!("/api/v1/games/{}/end", g.id),
            &g.admin,
            json!({"act": step(app, g.id).await, "reason": "结束"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    g.id
}

/// CL-3: the seat a series protects comes only from `series_after` (the previous game's log);
/// `options.previous_first_victim` sent by hand is an unknown field, on the API and the form,
/// for every preset that has series, and nothing is created.
async fn cl_3_a_judge_cannot_name_the_protected_seat_by_hand(app: TestApp) {
    let api = Api::new(&app);
    let admin_token = api.token("admin", &app.admin_password).await;
    let (_, before) = api.get("/api/v1/games", None).await;
    for variant in ["dongsha", "killgame", "shengtui"] {
        for hand_set in [json!(CAST[0]), json!(null)] {
            let (s, b) = api
                .post(
                    "/api/v1/games",
                    &admin_token,
                    json!({
                        "title": "手设连局",
                        "variant": variant,
                        "options": {"previous_first_victim": hand_set},
                    }),
                )
                .await;
            assert_eq!(
                (s, b["error"].clone()),
                (StatusCode::BAD_REQUEST, json!("unknown_field")),
                "{variant}: {b}"
            );
            assert!(
                b["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("options.previous_first_victim")),
                "{b}"
            );
        }
    }
    let admin = app.admin().await;
    let refused = create_form(
        &admin,
        "dongsha",
        &[("title", "手设连局"), ("previous_first_victim", CAST[0])],
    )
    .await;
    refused.assert_back_at("/games/new");
    assert!(
        refused
            .body
            .contains("表单里有这个游戏不认识的字段：previous_first_victim。"),
        "{}",
        refused.body
    );
    let (_, after) = api.get("/api/v1/games", None).await;
    assert_eq!(before, after, "nothing created");
    // Other options still pass.
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin_token,
            json!({"title": "自由局", "variant": "dongsha", "options": {"speeches": "free"}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
}
