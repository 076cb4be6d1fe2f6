//! Test harness: the app on port 0 with a fresh database (SQLite temp file, or a fresh
//! PostgreSQL database when MAKU_TEST_PG_URL is set), and browser-like clients.

use diesel::{Connection, RunQueryDsl};
use maku::config::Settings;
use maku::game::ManualClock;
use maku::startup::Application;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct TestApp {
    pub base: String,
    pub admin_password: String,
    pub database_url: String,
    /// The server's state (its pool and clock), for calling the service directly.
    pub state: maku::app::AppState,
    /// Time as this app sees it; tests move it by hand.
    pub clock: Arc<ManualClock>,
    /// Stops this app's server (as SIGTERM would).
    pub stopper: maku::startup::Stopper,
    _dir: Option<tempfile::TempDir>,
}

pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh PostgreSQL database on the server of MAKU_TEST_PG_URL, or None when it is unset.
fn fresh_pg_database() -> Option<String> {
    let admin_url = std::env::var("MAKU_TEST_PG_URL").ok()?;
    static N: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "maku_test_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst),
        rand::random::<u32>()
    );
    let mut conn =
        diesel::PgConnection::establish(&admin_url).expect("connect to MAKU_TEST_PG_URL");
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .expect("create a test database");
    let mut url = url::Url::parse(&admin_url).expect("MAKU_TEST_PG_URL is a URL");
    url.set_path(&format!("/{name}"));
    Some(url.to_string())
}

pub async fn spawn(backend: Backend) -> Option<TestApp> {
    spawn_with(backend, |_| {}).await
}

pub async fn spawn_with(backend: Backend, tweak: impl FnOnce(&mut Settings)) -> Option<TestApp> {
    let (database_url, dir) = match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("maku.db");
            (format!("sqlite://{}", path.display()), Some(dir))
        }
        Backend::Postgres => (fresh_pg_database()?, None),
    };
    let clock = Arc::new(ManualClock::new(chrono::Utc::now().naive_utc()));
    let (base, admin_password, state, stopper) = start(&database_url, clock.clone(), tweak).await;
    Some(TestApp {
        stopper,
        base,
        admin_password: admin_password.expect("a fresh database creates admin"),
        database_url,
        state,
        clock,
        _dir: dir,
    })
}

/// A finished test's PostgreSQL database is dropped (its sessions with it): a run makes several
/// hundred, and kept they fill a CI machine's disk. SQLite's go with their temp dir.
impl Drop for TestApp {
    fn drop(&mut self) {
        let Some(name) = self
            .database_url
            .strip_prefix("postgres")
            .and_then(|_| url::Url::parse(&self.database_url).ok())
            .map(|url| url.path().trim_start_matches('/').to_owned())
        else {
            return;
        };
        let Ok(admin_url) = std::env::var("MAKU_TEST_PG_URL") else {
            return;
        };
        let dropped = diesel::PgConnection::establish(&admin_url).and_then(|mut conn| {
            diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut conn)
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)
        });
        if let Err(e) = dropped {
            eprintln!("test database {name} was not dropped: {e}");
        }
    }
}

/// Builds and serves one instance on `database_url`; the scheduler is off unless `tweak` turns it on.
async fn start(
    database_url: &str,
    clock: Arc<ManualClock>,
    tweak: impl FnOnce(&mut Settings),
) -> (
    String,
    Option<String>,
    maku::app::AppState,
    maku::startup::Stopper,
) {
    let mut settings = Settings::new("127.0.0.1:0", database_url);
    settings.pool_size = 4;
    settings.workers = 2;
    settings.sign_in_burst_per_address = 200;
    settings.sign_up_burst_per_address = 200;
    // Tests write fast; the limits themselves are tested with their own settings.
    settings.actions_per_minute = 1000;
    settings.posts_per_minute = 1000;
    settings.scheduler_secs = 0;
    tweak(&mut settings);
    let app = Application::build_with_clock(settings, clock)
        .await
        .expect("app builds");
    let base = format!("http://127.0.0.1:{}", app.port());
    let admin_password = app.admin_password.clone();
    let state = app.state.clone();
    let stopper = app.stopper();
    actix_web::rt::spawn(app.run_until_stopped());
    (base, admin_password, state, stopper)
}

impl TestApp {
    /// The id of account `name` (read from the database, as the server would).
    pub fn account_id(&self, name: &str) -> i64 {
        let mut c = self.state.pool.get().expect("a connection");
        maku::db::queries::users::by_key(&mut c, name)
            .expect("a query")
            .unwrap_or_else(|| panic!("account {name}"))
            .id
    }

    /// Another maku instance on the same database, with its own clock set to `at`.
    pub async fn another_instance(
        &self,
        at: chrono::NaiveDateTime,
        tweak: impl FnOnce(&mut Settings),
    ) -> (String, maku::app::AppState) {
        let (base, _, state, _) =
            start(&self.database_url, Arc::new(ManualClock::new(at)), tweak).await;
        (base, state)
    }
}

/// One browser: its own cookie jar, following redirects like a browser after a form post.
pub struct Browser {
    pub client: reqwest::Client,
    /// The same cookie jar, not following redirects: to see a form's own answer.
    pub raw: reqwest::Client,
    pub base: String,
    pub lang: &'static str,
}

/// A form's own answer, not followed.
pub struct Answer {
    pub status: StatusCode,
    /// The `Location` header (a local path), or `""`.
    pub location: String,
}

pub struct Page {
    pub status: StatusCode,
    pub url: String,
    pub body: String,
    /// A form post's own answer, before its redirect was followed (a GET: its status).
    pub answer: StatusCode,
}

impl Page {
    /// Post/redirect/get: the form answered `303 See Other` and led back to `path` (its page),
    /// which was found (the message and refill are on it).
    #[track_caller]
    pub fn assert_back_at(&self, path: &str) {
        assert_eq!(
            self.answer,
            StatusCode::SEE_OTHER,
            "a form answers 303: {}",
            self.body
        );
        let at = url::Url::parse(&self.url).expect("a URL");
        assert_eq!(at.path(), path, "the 303 leads to {path}: {}", self.url);
        assert_eq!(self.status, StatusCode::OK, "{}", self.body);
    }

    /// The value of the first hidden field `name` on the page (e.g. the `act` of the judge's
    /// forms).
    pub fn hidden(&self, name: &str) -> String {
        let marker = format!(r#"name="{name}" value=""#);
        let start = self
            .body
            .find(&marker)
            .unwrap_or_else(|| panic!("the page has a field {name}"))
            + marker.len();
        let end = self.body[start..].find('"').expect("closing quote") + start;
        self.body[start..end].to_string()
    }

    /// The CSRF token of the first form on the page.
    pub fn csrf(&self) -> String {
        let marker = r#"name="csrf" value=""#;
        let start = self
            .body
            .find(marker)
            .expect("the page has a form with a CSRF token")
            + marker.len();
        let end = self.body[start..].find('"').expect("closing quote") + start;
        self.body[start..end].to_string()
    }
}

/// Waits until `seen` says yes, failing with `what` once a second has passed: how a test
/// awaits a change another instance made, which reaches this one through the database.
pub async fn within_a_second(what: &str, mut seen: impl AsyncFnMut() -> bool) {
    let start = tokio::time::Instant::now();
    while !seen().await {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(1),
            "{what} within a second"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A test client. The server closes a keep-alive connection idle for 5 s (actix's default); a
/// client that sends on one just as it closes gets `IncompleteMessage` (seen once in CI, on
/// PostgreSQL, where a test can idle that long between two requests). Browsers send such a
/// request again; these clients let an idle connection go well before the server does.
/// A route attribute's path as the API document names it: `{id:[0-9]+}` is `{id}` (the
/// pattern is the router's).
pub fn route_path(path: &str) -> String {
    path.split('/')
        .map(|seg| match seg.split_once(':') {
            Some((name, _)) if seg.starts_with('{') => format!("{name}}}"),
            _ => seg.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

pub fn client() -> reqwest::ClientBuilder {
    reqwest::Client::builder().pool_idle_timeout(std::time::Duration::from_secs(2))
}

impl TestApp {
    pub fn browser(&self) -> Browser {
        self.browser_in("zh-CN")
    }

    pub fn browser_in(&self, lang: &'static str) -> Browser {
        let jar = Arc::new(reqwest::cookie::Jar::default());
        Browser {
            client: client()
                .cookie_provider(jar.clone())
                .build()
                .expect("client"),
            raw: client()
                .cookie_provider(jar)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client"),
            base: self.base.clone(),
            lang,
        }
    }

    pub fn api(&self) -> reqwest::Client {
        client().build().expect("client")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// A browser signed in as `admin`.
    pub async fn admin(&self) -> Browser {
        let b = self.browser();
        let p = b.login("admin", &self.admin_password).await;
        assert_eq!(p.status, StatusCode::OK, "admin signs in: {}", p.body);
        b
    }

    /// A board made by the admin; returns its slug.
    pub async fn board(&self, slug: &str) -> String {
        let admin = self.admin().await;
        let page = admin.get("/admin").await;
        let p = admin
            .post(
                "/admin/boards",
                &[
                    ("csrf", &page.csrf()),
                    ("slug", slug),
                    ("title", "综合讨论"),
                    ("description", ""),
                ],
            )
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        slug.to_string()
    }

    /// A registered, signed-in browser.
    pub async fn player(&self, name: &str) -> Browser {
        let b = self.browser();
        let p = b.register(name, "password-123").await;
        assert_eq!(p.status, StatusCode::OK, "{name} registers: {}", p.body);
        b
    }
}

impl Browser {
    pub async fn get(&self, path: &str) -> Page {
        let resp = self
            .client
            .get(format!("{}{}", self.base, path))
            .header("Accept-Language", self.lang)
            .send()
            .await
            .expect("GET");
        Self::page(resp).await
    }

    pub async fn post(&self, path: &str, form: &[(&str, &str)]) -> Page {
        let resp = self
            .raw
            .post(format!("{}{}", self.base, path))
            .header("Accept-Language", self.lang)
            .form(form)
            .send()
            .await
            .expect("POST");
        self.follow(resp).await
    }

    /// Follows a form's redirects as a browser does (GETs), keeping the form's own answer.
    async fn follow(&self, resp: reqwest::Response) -> Page {
        let answer = resp.status();
        let mut resp = resp;
        for _ in 0..10 {
            if !resp.status().is_redirection() {
                break;
            }
            let location = resp
                .headers()
                .get("Location")
                .and_then(|v| v.to_str().ok())
                .expect("a redirect has a Location")
                .to_string();
            let next = resp.url().join(&location).expect("a valid Location");
            resp = self
                .raw
                .get(next)
                .header("Accept-Language", self.lang)
                .send()
                .await
                .expect("GET");
        }
        let mut page = Self::page(resp).await;
        page.answer = answer;
        page
    }

    /// Posts a form without following the answer (post/redirect/get: a `303` and where to).
    pub async fn post_answer(&self, path: &str, form: &[(&str, &str)]) -> Answer {
        let resp = self
            .raw
            .post(format!("{}{}", self.base, path))
            .header("Accept-Language", self.lang)
            .form(form)
            .send()
            .await
            .expect("POST");
        Answer {
            status: resp.status(),
            location: resp
                .headers()
                .get("Location")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string(),
        }
    }

    /// Posts raw bytes as a form body (for invalid input).
    pub async fn post_raw(&self, path: &str, body: Vec<u8>) -> Page {
        let resp = self
            .raw
            .post(format!("{}{}", self.base, path))
            .header("Accept-Language", self.lang)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .expect("POST");
        self.follow(resp).await
    }

    async fn page(resp: reqwest::Response) -> Page {
        let status = resp.status();
        let url = resp.url().to_string();
        let body = resp.text().await.expect("body");
        Page {
            status,
            url,
            body,
            answer: status,
        }
    }

    pub async fn register(&self, name: &str, password: &str) -> Page {
        let csrf = self.get("/register").await.csrf();
        self.post(
            "/register",
            &[("csrf", &csrf), ("username", name), ("password", password)],
        )
        .await
    }

    pub async fn login(&self, name: &str, password: &str) -> Page {
        let csrf = self.get("/login").await.csrf();
        self.post(
            "/login",
            &[("csrf", &csrf), ("username", name), ("password", password)],
        )
        .await
    }

    pub async fn logout(&self) -> Page {
        let csrf = self.get("/").await.csrf();
        self.post("/logout", &[("csrf", &csrf)]).await
    }

    /// Opens a thread; returns its id.
    pub async fn new_thread(&self, board: &str, title: &str, body: &str) -> i64 {
        let csrf = self.get(&format!("/b/{board}")).await.csrf();
        let p = self
            .post(
                &format!("/b/{board}/threads"),
                &[("csrf", &csrf), ("title", title), ("body", body)],
            )
            .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        thread_id_of(&p.url)
    }

    pub async fn reply(&self, thread: i64, body: &str) -> Page {
        let csrf = self.get(&format!("/t/{thread}")).await.csrf();
        self.post(
            &format!("/t/{thread}/posts"),
            &[("csrf", &csrf), ("body", body)],
        )
        .await
    }
}

/// The thread id of the first post permalink (`/t/{thread}/{floor}`) on a page: how a game
/// thread's own id is found from its page.
pub fn permalink_thread(body: &str) -> i64 {
    let at = body.find("href=\"/t/").expect("a permalink") + "href=\"".len();
    thread_id_of(&body[at..])
}

pub fn thread_id_of(url: &str) -> i64 {
    let after = url.split("/t/").nth(1).expect("a thread URL");
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .expect("thread id in URL")
}

/// Runs each test on both backends, the app made with `tweak` (in a module named after it).
#[macro_export]
macro_rules! on_both_backends_with {
    ($tweak:ident: $($name:ident),* $(,)?) => {
        mod $tweak {
            mod sqlite {
                $(
                    #[actix_web::test]
                    async fn $name() {
                        let app = $crate::helpers::spawn_with(
                            $crate::helpers::Backend::Sqlite,
                            super::super::$tweak,
                        )
                        .await
                        .expect("sqlite app");
                        super::super::$name(app).await;
                    }
                )*
            }
            mod postgres {
                $(
                    #[actix_web::test]
                    async fn $name() {
                        match $crate::helpers::spawn_with(
                            $crate::helpers::Backend::Postgres,
                            super::super::$tweak,
                        )
                        .await
                        {
                            Some(app) => super::super::$name(app).await,
                            None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
                        }
                    }
                )*
            }
        }
    };
}

/// Runs each listed test on SQLite, and on PostgreSQL when MAKU_TEST_PG_URL is set.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[actix_web::test]
                async fn $name() {
                    let app = $crate::helpers::spawn($crate::helpers::Backend::Sqlite).await.expect("sqlite app");
                    super::$name(app).await;
                }
            )*
        }
        mod postgres {
            $(
                #[actix_web::test]
                async fn $name() {
                    match $crate::helpers::spawn($crate::helpers::Backend::Postgres).await {
                        Some(app) => super::$name(app).await,
                        None => eprintln!("MAKU_TEST_PG_URL is not set: PostgreSQL run skipped"),
                    }
                }
            )*
        }
    };
}

/// The game id in a `/games/{id}…` URL.
pub fn game_id_of(url: &str) -> i64 {
    url.split("/games/")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("a game URL")
}

/// The text of the `<dd>` after the `<dt>` labelled `label` on a page.
pub fn fact(page: &Page, label: &str) -> String {
    let marker = format!("<dt>{label}</dt>");
    let start = page.body.find(&marker).expect("the fact is on the page") + marker.len();
    let start = page.body[start..].find("<dd").expect("dd") + start;
    let start = page.body[start..].find('>').expect("dd opens") + start + 1;
    let end = page.body[start..].find("</dd>").expect("closing dd") + start;
    page.body[start..end].trim().to_string()
}

/// Where the pager of a page links page `n`, if it does.
pub fn pager_link(body: &str, n: i64) -> Option<String> {
    let nav = &body[body.find("<nav class=\"pager\"")?..];
    let nav = &nav[..nav.find("</nav>")?];
    nav.match_indices("<a href=\"").find_map(|(at, m)| {
        let rest = &nav[at + m.len()..];
        let href = &rest[..rest.find('"')?];
        rest[href.len()..]
            .starts_with(&format!("\">{n}<"))
            .then(|| href.replace("&#38;", "&").replace("&amp;", "&"))
    })
}

/// A JSON API client (bearer tokens).
pub struct Api<'a> {
    pub app: &'a TestApp,
    pub client: reqwest::Client,
}

impl<'a> Api<'a> {
    pub fn new(app: &'a TestApp) -> Api<'a> {
        Api {
            app,
            client: client().build().expect("client"),
        }
    }

    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.client.request(method, self.app.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.expect("request");
        let status = resp.status();
        let text = resp.text().await.expect("body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(reqwest::Method::POST, path, Some(token), Some(body))
            .await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(reqwest::Method::GET, path, token, None).await
    }

    /// The act a game's public view shows: what a judge's resolve, extend, pause, resume or
    /// end must name (`{"act": N}`).
    pub async fn act(&self, game_id: i64) -> i64 {
        let (_, g) = self.get(&format!("/api/v1/games/{game_id}"), None).await;
        g["act"].as_i64().expect("the game shows its act")
    }

    /// The acts whose resolution was posted in the game thread, in thread order.
    pub async fn posted_acts(&self, game_id: i64) -> Vec<i64> {
        let (s, thread) = self
            .get(&format!("/api/v1/games/{game_id}/threads/game"), None)
            .await;
        assert_eq!(s, StatusCode::OK, "{thread}");
        thread["posts"]
            .as_array()
            .expect("posts")
            .iter()
            .filter_map(|p| p["act"]["resolved"].as_i64())
            .collect()
    }

    /// The acts of the game's `resolved` log events, in log order (the audit needs an admin).
    pub async fn resolved_acts(&self, game_id: i64, admin: &str) -> Vec<i64> {
        let (s, audit) = self
            .get(&format!("/api/v1/games/{game_id}/audit"), Some(admin))
            .await;
        assert_eq!(s, StatusCode::OK, "{audit}");
        audit["events"]
            .as_array()
            .expect("events")
            .iter()
            .filter(|e| e["kind"] == "resolved")
            .map(|e| e["payload"]["act"].as_i64().expect("act"))
            .collect()
    }

    /// Registers `name` and returns a bearer token.
    pub async fn account(&self, name: &str) -> String {
        let (s, b) = self
            .call(
                reqwest::Method::POST,
                "/api/v1/accounts",
                None,
                Some(json!({"username": name, "password": "password-123"})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{name}: {b}");
        self.token(name, "password-123").await
    }

    pub async fn token(&self, name: &str, password: &str) -> String {
        let (s, b) = self
            .call(
                reqwest::Method::POST,
                "/api/v1/tokens",
                None,
                Some(json!({"username": name, "password": password})),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        b["token"].as_str().expect("token").to_string()
    }
}

/// The HTML of the seat page's form for the action `kind`, if the page offers it.
pub fn form_html<'a>(page: &'a Page, kind: &str) -> Option<&'a str> {
    let id = format!(r#"id="form-{}""#, kind.replace('_', "-"));
    let start = page.body.find(&id)?;
    let end = page.body[start..].find("</form>")? + start;
    Some(&page.body[start..end])
}

/// Fills in and submits the seat page's `kind` form, as a browser does.
pub async fn submit(b: &Browser, game: i64, kind: &str, fields: &[(&str, &str)]) -> Page {
    let seat = b.get(&format!("/games/{game}/seat")).await;
    assert_eq!(seat.status, StatusCode::OK, "{}", seat.body);
    let form = form_html(&seat, kind)
        .unwrap_or_else(|| panic!("the seat page offers the {kind} form: {}", seat.body));
    assert!(form.contains(&format!(r#"name="type" value="{kind}""#)));
    for (name, value) in fields {
        assert!(
            form.contains(&format!(r#"name="{name}""#)),
            "the {kind} form has a {name} field: {form}"
        );
        if *name == "confirm" {
            // An irreversible form: its ticked confirmation (a required checkbox, no JavaScript).
            assert!(
                form.contains(r#"<input type="checkbox" name="confirm" value="yes" required>"#),
                "the {kind} form asks for the confirmation: {form}"
            );
        } else if *name != "real_id" && !value.is_empty() {
            assert!(
                form.contains(&format!(r#"<option value="{value}">"#)),
                "the {kind} form offers {value} as {name}: {form}"
            );
        }
    }
    let field = |name: &str| {
        let marker = format!(r#"name="{name}" value=""#);
        let start = form
            .find(&marker)
            .unwrap_or_else(|| panic!("the {kind} form's {name} field: {form}"))
            + marker.len();
        &form[start..start + form[start..].find('"').expect("closing quote")]
    };
    // Every seat form carries the step it was made for (a stale one is refused).
    let mut post = vec![
        ("csrf", field("csrf")),
        ("type", kind),
        ("step", field("step")),
    ];
    post.extend_from_slice(fields);
    b.post(&format!("/games/{game}/actions"), &post).await
}

/// The step (phase) a seat form made now would carry: the seat page's, or (a page with no
/// form) the game's open phase as the API tells it.
pub async fn current_step(b: &Browser, game: i64) -> String {
    let seat = b.get(&format!("/games/{game}/seat")).await;
    if seat.body.contains(r#"name="step" value=""#) {
        return seat.hidden("step");
    }
    let api: Value = b
        .client
        .get(format!("{}/api/v1/games/{game}", b.base))
        .send()
        .await
        .expect("the game's API")
        .json()
        .await
        .expect("JSON");
    api["phase"]["step"]
        .as_u64()
        .or(api["act"].as_u64())
        .expect("a step")
        .to_string()
}

/// Posts an action the seat page does not offer (a tampered browser), with the step open now.
pub async fn crafted(b: &Browser, game: i64, fields: &[(&str, &str)]) -> Page {
    let csrf = b.get(&format!("/games/{game}/seat")).await.csrf();
    let step = current_step(b, game).await;
    let mut form = vec![("csrf", csrf.as_str()), ("step", step.as_str())];
    form.extend_from_slice(fields);
    b.post(&format!("/games/{game}/actions"), &form).await
}

/// A started six-seat game judged by the admin, as the API sets one up.
pub struct StartedGame {
    pub id: i64,
    /// The admin's token (the judge).
    pub admin: String,
    /// Each seat's account token, in sign-up order.
    pub players: Vec<String>,
    /// Each player's game ID, in the same order.
    pub names: Vec<String>,
}

/// Creates a six-seat game with one-hour acts (`extra` merged into the create body), signs up
/// the accounts `{prefix}0`..`{prefix}5` and starts it with a random deal.
pub async fn started_game(app: &TestApp, prefix: &str, extra: Value) -> StartedGame {
    let mut create = json!({"title": "对局", "variant": "deathnote", "act_minutes": 60});
    if let (Value::Object(c), Value::Object(e)) = (&mut create, extra) {
        c.extend(e);
    }
    started_with(app, prefix, 6, create).await
}

/// A game made by the admin with the create body `create`, not yet started, and the accounts
/// `{prefix}0`..`{prefix}{seats - 1}` signed up to it: its id, the admin's token and each
/// account's token in sign-up order.
pub async fn signed_up_with(
    app: &TestApp,
    prefix: &str,
    seats: usize,
    create: Value,
) -> (i64, String, Vec<String>) {
    let api = Api::new(app);
    let admin = api.token("admin", &app.admin_password).await;
    let (s, b) = api.post("/api/v1/games", &admin, create).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for i in 0..seats {
        let t = api.account(&format!("{prefix}{i}")).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        players.push(t);
    }
    (id, admin, players)
}

/// Creates a game by the admin with the create body `create`, signs up the accounts
/// `{prefix}0`..`{prefix}{seats - 1}` and starts it with a random deal.
pub async fn started_with(app: &TestApp, prefix: &str, seats: usize, create: Value) -> StartedGame {
    let api = Api::new(app);
    let (id, admin, players) = signed_up_with(app, prefix, seats, create).await;
    let (s, b) = api
        .post(&format!("/api/v1/games/{id}/start"), &admin, json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut names = Vec::new();
    for t in &players {
        let (_, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
        names.push(me["game_id"].as_str().expect("game id").to_string());
    }
    StartedGame {
        id,
        admin,
        players,
        names,
    }
}

/// Counts of what a write leaves behind: rows, and the flags a write turns (a failed sign-in's
/// event aside).
pub fn recorded(app: &TestApp) -> Vec<(String, i64)> {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut queries: Vec<String> = [
        "api_tokens",
        "boards",
        "game_aliases",
        "game_events",
        "game_seats",
        "game_signups",
        "game_watchers",
        "games",
        "post_reports",
        "post_revisions",
        "posts",
        "player_records",
        "seat_notes",
        "suspensions",
        "threads",
        "users",
    ]
    .iter()
    .map(|t| format!("SELECT COUNT(*) AS n FROM {t}"))
    .collect();
    queries.extend(
        [
            // Failed sign-ins are recorded, whatever was typed (never the password).
            "SELECT COUNT(*) AS n FROM account_events WHERE kind <> 'sign_in_failed'",
            "SELECT COUNT(*) AS n FROM posts WHERE hidden_at IS NOT NULL",
            "SELECT COUNT(*) AS n FROM threads WHERE locked = TRUE OR deleted_at IS NOT NULL",
            "SELECT COUNT(*) AS n FROM users WHERE role <> 'player'",
            "SELECT COUNT(*) AS n FROM suspensions WHERE lifted_at IS NULL",
            "SELECT COUNT(*) AS n FROM post_reports WHERE resolved_at IS NOT NULL",
        ]
        .map(String::from),
    );
    let mut c = app.state.pool.get().expect("a connection");
    queries
        .into_iter()
        .map(|q| {
            let n = match &mut *c {
                maku::db::DbConnection::Sqlite(c) => diesel::sql_query(&q).get_result::<N>(c),
                maku::db::DbConnection::Pg(c) => diesel::sql_query(&q).get_result::<N>(c),
            }
            .unwrap_or_else(|e| panic!("{q}: {e}"))
            .n;
            (q, n)
        })
        .collect()
}
