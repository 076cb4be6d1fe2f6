//! The role games on the forum (`../shared/rules/roles.md`): a 4.0 game and a 5.0
//! game walked page by page as every seat, a bystander, an anonymous reader and the judge
//! (`classic_forum::walk`, `check_walk`); silence on the pages (R4-5, R5-4); each role's night
//! forms on its seat page; the create form; the judge's console and its draw (R5-5).

use crate::classic_forum::{
    Classic, Reader, Secrets, admin_token, check_walk, create_form, has_reply_form, log_lines,
    phase, resolve_until_night, select, sign_in, token_or_account, walk,
};
use crate::helpers::{Api, Browser, Page, TestApp, crafted, submit};
use crate::on_both_backends;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(
    a_v4wujian_game_keeps_every_secret_on_every_page,
    a_v5emin_game_keeps_every_secret_on_every_page,
    a_silenced_seat_is_told_why_it_has_no_reply_box_and_no_ballot,
    each_role_gets_exactly_its_night_forms_on_its_seat_page,
    the_create_form_offers_the_role_games_with_their_fixed_seat_counts,
    the_console_shows_roles_and_submissions_and_ends_a_v5_game_as_a_draw,
);

/// Real IDs (accounts) of a 4.0 table, in seat order.
const REAL16: [&str; 16] = [
    "aurelio",
    "brunhild",
    "caspian",
    "delphina",
    "eustace",
    "fenella",
    "gwendolyn",
    "hollis",
    "ignatius",
    "jessamy",
    "kenelm",
    "lavinia",
    "montague",
    "nerissa",
    "oberon",
    "perpetua",
];

/// Real IDs of a 5.0 table, in seat order.
const REAL10: [&str; 10] = [
    "quentin",
    "rowena",
    "silvester",
    "tamsin",
    "umberto",
    "violetta",
    "wolcott",
    "xanthe",
    "yardley",
    "zenobia",
];

/// 4.0's deal by seat: police 0 and 4, the undercover 2, the secret police 5, the doctor 8,
/// killers 10, 11 and 14, the elder 12, the butterfly 15, civilians the rest.
const V4: [&str; 16] = [
    "police",
    "civilian",
    "undercover",
    "civilian",
    "police",
    "secret_police",
    "civilian",
    "civilian",
    "doctor",
    "civilian",
    "killer",
    "killer",
    "elder",
    "civilian",
    "killer",
    "butterfly",
];

/// 5.0's deal by seat, one of each role.
const V5: [&str; 10] = [
    "butterfly",
    "sniper",
    "doctor",
    "police",
    "good_civilian",
    "magician",
    "killer",
    "elder",
    "wizard",
    "evil_civilian",
];

/// Creates a `variant` game of the accounts `real` (ordered speeches), signs them up from the
/// last seat to the first and starts it with a fixed deal: seat `i` is the role game's
/// `CAST[i]`, played by `real[i]`, with the role `roles[i]`.
async fn role_game(app: &TestApp, variant: &str, real: &[&str], roles: &[&'static str]) -> Classic {
    let api = Api::new(app);
    let admin = admin_token(app).await;
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": format!("{variant} 对局"), "variant": variant,
                   "act_minutes": 60, "remind_hours": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("id");
    let n = real.len();
    let mut tokens = vec![String::new(); n];
    for i in (0..n).rev() {
        let t = token_or_account(&api, real[i]).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens[i] = t;
    }
    let names: Vec<String> = maku::rules::roles::CAST[..n]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let seats: Vec<Value> = (0..n)
        .map(|i| json!({"game_id": names[i], "real_id": real[i]}))
        .collect();
    let mut setup = serde_json::Map::new();
    setup.insert("seats".into(), json!(seats));
    for (i, role) in roles.iter().enumerate() {
        let listed = variant == "v4wujian" && matches!(*role, "killer" | "police");
        match *role {
            "civilian" => {}
            _ if listed => {
                let key = if *role == "killer" {
                    "killers"
                } else {
                    "police"
                };
                let list = setup.entry(key).or_insert(json!([]));
                list.as_array_mut().expect("a list").push(json!(names[i]));
            }
            _ => {
                setup.insert(role.to_string(), json!(names[i]));
            }
        }
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({ "setup": setup }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Classic {
        id,
        admin,
        tokens,
        real: real.iter().map(|r| r.to_string()).collect(),
        names,
        roles: roles.to_vec(),
    }
}

/// Seat `seat` submits `kind` on seat `target` through the API.
pub(crate) async fn act(app: &TestApp, g: &Classic, seat: usize, kind: &str, target: usize) {
    let (s, b) = Api::new(app)
        .post(
            &format!("/api/v1/games/{}/actions", g.id),
            &g.tokens[seat],
            json!({"type": kind, "target": g.names[target]}),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::OK,
        "{} {kind} {}: {b}",
        g.names[seat],
        g.names[target]
    );
}

/// Seat `seat` posts `body` in the thread `thread` through the API.
pub(crate) async fn post(
    app: &TestApp,
    g: &Classic,
    seat: usize,
    thread: &str,
    body: &str,
) -> (StatusCode, Value) {
    Api::new(app)
        .post(
            &format!("/api/v1/games/{}/threads/{thread}", g.id),
            &g.tokens[seat],
            json!({"body": body}),
        )
        .await
}

/// The judge resolves the open phase.
pub(crate) async fn resolve(app: &TestApp, g: &Classic) {
    let step = phase(app, g.id).await["step"].clone();
    let (s, b) = Api::new(app)
        .post(
            &format!("/api/v1/games/{}/resolve", g.id),
            &g.admin,
            json!({ "act": step }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// The judge resolves phases until one of `kind` is open.
async fn resolve_until(app: &TestApp, g: &Classic, kind: &str) {
    for _ in 0..60 {
        if phase(app, g.id).await["kind"] == kind {
            return;
        }
        resolve(app, g).await;
    }
    panic!("no {kind} phase");
}

/// 4.0's secrets (R4-2): a seat knows its own role; the killers and the undercover are one
/// team (in act 1), the two police and the undercover another, so neither learns who the
/// undercover is; the police team reads the word of a checked killer; the secret police, the
/// butterfly, the elder and the doctor learn nobody.
pub(crate) struct V4Secrets {
    pub(crate) act: u64,
}

impl Secrets for V4Secrets {
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("killer", &["杀手", "killer"]),
            ("undercover", &["卧底", "undercover"]),
            ("police", &["警察", "police"]),
            (
                "secret_police",
                &["秘密警察", "secret police", "secret_police"],
            ),
            ("butterfly", &["花蝴蝶", "butterfly"]),
            ("elder", &["森林老人", "elder"]),
            ("doctor", &["医生", "doctor"]),
            ("civilian", &["平民", "civilian"]),
        ]
    }

    fn may_read(&self, g: &Classic, me: usize, role: &str, path: &str, own: bool) -> bool {
        let mine = g.roles[me];
        let killers = matches!(mine, "killer" | "undercover");
        let police = matches!(mine, "police" | "undercover");
        (mine == role && own)
            || (role == "killer" && (killers || police) && own)
            || (role == "killer" && killers && path.contains("/threads/killers"))
            || (role == "police" && police && (own || path.contains("/threads/police")))
            // R4-2: the police team is told that one of its three is the undercover (not who).
            || (role == "undercover" && police && own)
    }

    fn reads_team(&self, g: &Classic, me: usize, team: &str) -> bool {
        match (team, g.roles[me]) {
            ("killers", "killer") | ("police", "police" | "undercover") => true,
            ("killers", "undercover") => self.act == 1,
            _ => false,
        }
    }
}

/// 5.0's secrets (R5-1): nobody learns anybody's role; there are no team threads.
struct V5Secrets;

impl Secrets for V5Secrets {
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("butterfly", &["花蝴蝶", "butterfly"]),
            ("sniper", &["狙击手", "sniper"]),
            ("doctor", &["医生", "doctor"]),
            ("police", &["警察", "police"]),
            ("good_civilian", &["善民", "good civilian", "good_civilian"]),
            ("magician", &["魔法师", "magician"]),
            ("killer", &["杀手", "killer"]),
            ("elder", &["森林老人", "elder"]),
            ("wizard", &["巫师", "wizard"]),
            ("evil_civilian", &["恶民", "evil civilian", "evil_civilian"]),
        ]
    }

    fn may_read(&self, g: &Classic, me: usize, role: &str, _path: &str, own: bool) -> bool {
        g.roles[me] == role && own
    }

    fn reads_team(&self, _g: &Classic, _me: usize, _team: &str) -> bool {
        false
    }

    fn teams(&self) -> &'static [&'static str] {
        &[]
    }

    fn not_roles(&self) -> &'static [&'static str] {
        &["恶民传说", "tokyo killers"]
    }
}

/// Every reader of a game: each seat, a bystander, anonymous, the judge.
pub(crate) fn readers(g: &Classic) -> Vec<Reader> {
    (0..g.names.len())
        .map(Reader::Seat)
        .chain([Reader::Bystander, Reader::Anonymous, Reader::Judge])
        .collect()
}

/// What one walk of every reader saw, and each seat's private log.
pub(crate) struct Walked {
    pub(crate) walks: Vec<(Reader, Vec<crate::classic_forum::Seen>)>,
    pub(crate) logs: Vec<Vec<String>>,
    pub(crate) alive: Vec<bool>,
}

impl Walked {
    pub(crate) fn page(&self, seat: usize, path_end: &str) -> &str {
        &self.walks[seat]
            .1
            .iter()
            .find(|s| s.path.ends_with(path_end))
            .unwrap_or_else(|| panic!("{path_end}"))
            .body
    }
}

/// Every reader walks every page in `lang`; then every walk is checked by `secrets`.
pub(crate) async fn walk_all(
    app: &TestApp,
    g: &Classic,
    browsers: &mut [(Browser, Option<String>)],
    lang: &'static str,
    secrets: &dyn Secrets,
) -> Walked {
    maku::notify::tick(&app.state).await.expect("notify tick");
    let mut walks = Vec::new();
    for (who, (b, token)) in readers(g).into_iter().zip(browsers.iter_mut()) {
        b.lang = lang;
        walks.push((who, walk(app, g, b, token.as_deref()).await));
    }
    let logs: Vec<Vec<String>> = (0..g.names.len())
        .map(|i| {
            let seat = walks[i]
                .1
                .iter()
                .find(|s| s.path.ends_with("/seat"))
                .expect("seat");
            log_lines(&seat.body)
        })
        .collect();
    let (_, view) = Api::new(app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let alive: Vec<bool> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["alive"] == true)
        .collect();
    for (who, seen) in &walks {
        check_walk(g, secrets, *who, seen, &logs, &alive);
    }
    Walked { walks, logs, alive }
}

/// Every reader of `g` ([`readers`]) signed in, in that order: the browsers [`walk_all`] walks.
pub(crate) async fn signed_in(app: &TestApp, g: &Classic) -> Vec<(Browser, Option<String>)> {
    let mut browsers = Vec::new();
    for who in readers(g) {
        browsers.push(sign_in(app, g, who).await);
    }
    browsers
}

/// The names of the seats `seats` of `g`, listed as a notice in `lang` lists them.
pub(crate) fn team_names(g: &Classic, seats: &[usize], lang: &str) -> String {
    seats
        .iter()
        .map(|&s| g.names[s].as_str())
        .collect::<Vec<_>>()
        .join(sep(lang))
}

/// The list separator of a language.
pub(crate) fn sep(lang: &str) -> &'static str {
    if lang == "en" { ", " } else { "、" }
}

async fn a_v4wujian_game_keeps_every_secret_on_every_page(app: TestApp) {
    let g = role_game(&app, "v4wujian", &REAL16, &V4).await;
    // Night 1: the killers kill seat 1; the police team (the undercover too) checks seat 10, a
    // killer; the butterfly hugs 3, the elder silences 6, the doctor saves herself. Each team
    // talks in its thread, the undercover in both.
    for k in [10, 11, 14] {
        act(&app, &g, k, "kill", 1).await;
    }
    for p in [0, 4, 2] {
        act(&app, &g, p, "check", 10).await;
    }
    act(&app, &g, 15, "hug", 3).await;
    act(&app, &g, 12, "silence", 6).await;
    act(&app, &g, 8, "save", 8).await;
    for k in [2, 10, 11, 14] {
        let (s, b) = post(&app, &g, k, "killers", &format!("今晚动手 {}", g.names[k])).await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    for p in [0, 2, 4] {
        let (s, b) = post(&app, &g, p, "police", &format!("验一下 {}", g.names[10])).await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    let mut browsers = signed_in(&app, &g).await;
    for (lang, moment) in [("zh-CN", "night 1"), ("en", "dawn 1"), ("zh-CN", "night 2")] {
        match moment {
            "dawn 1" => {
                resolve(&app, &g).await;
                // Seat 1's last words; the graveyard is his now.
                for (thread, body) in [("game", "遗言：我是好人"), ("graveyard", "墓地见")]
                {
                    let (s, b) = post(&app, &g, 1, thread, body).await;
                    assert_eq!(s, StatusCode::CREATED, "{thread}: {b}");
                }
            }
            "night 2" => {
                resolve_until_night(&app, &g, 2).await;
                // R4-2: the undercover is out of the killers' thread, in the police's still.
                let (s, b) = post(&app, &g, 2, "killers", "还在吗").await;
                assert_eq!(
                    (s, b["error"].clone()),
                    (StatusCode::CONFLICT, json!("cannot_post_here"))
                );
                let (s, b) = post(&app, &g, 2, "police", "第二夜").await;
                assert_eq!(s, StatusCode::CREATED, "{b}");
            }
            _ => {}
        }
        let act_now = if moment == "night 2" { 2 } else { 1 };
        let w = walk_all(&app, &g, &mut browsers, lang, &V4Secrets { act: act_now }).await;
        assert_eq!(w.alive[1], moment == "night 1", "{moment}: seat 1");
        let team = |seats: &[usize]| team_names(&g, seats, lang);
        let killers = team(&[2, 10, 11, 14]);
        let police = team(&[0, 2, 4]);
        for (i, lines) in w.logs.iter().enumerate() {
            let told = |needle: &str| lines.iter().any(|l| l.contains(needle));
            let role = g.roles[i];
            assert_eq!(
                told(&killers),
                matches!(role, "killer" | "undercover"),
                "{moment} {} ({role}): {lines:?}",
                g.names[i]
            );
            assert_eq!(
                told(&police),
                matches!(role, "police" | "undercover"),
                "{moment} {} ({role}): {lines:?}",
                g.names[i]
            );
            if moment != "night 1" {
                let checked = if lang == "en" {
                    format!("{} is a killer", g.names[10])
                } else {
                    format!("{} 是杀手", g.names[10])
                };
                assert_eq!(
                    told(&checked),
                    matches!(role, "police" | "undercover"),
                    "{lines:?}"
                );
                let silenced = if lang == "en" {
                    "You are silenced"
                } else {
                    "你被禁言了"
                };
                assert_eq!(told(silenced), i == 6, "{} {lines:?}", g.names[i]);
            }
        }
        // The check reaches each of the three officers' notifications too.
        if moment == "dawn 1" {
            for p in [0, 2, 4] {
                let bell = w.page(p, "/notifications");
                assert!(
                    bell.contains(&format!("{} is a killer", g.names[10])),
                    "{bell}"
                );
            }
        }
    }
}

async fn a_v5emin_game_keeps_every_secret_on_every_page(app: TestApp) {
    let g = role_game(&app, "v5emin", &REAL10, &V5).await;
    // Night 1: the sniper shoots the killer (6), whose kill on the good civilian (4) still
    // lands (R5-3 3); the police checks the magician; the wizard queries the police; the
    // doctor's needle on the elder is empty; the elder silences the evil civilian; the
    // magician's magic takes the good civilian's dark vote; the evil civilian dark-votes the
    // wizard.
    act(&app, &g, 0, "hug", 2).await;
    act(&app, &g, 1, "snipe", 6).await;
    act(&app, &g, 6, "kill", 4).await;
    act(&app, &g, 3, "check", 5).await;
    act(&app, &g, 8, "query", 3).await;
    act(&app, &g, 2, "needle", 7).await;
    act(&app, &g, 7, "silence", 9).await;
    act(&app, &g, 5, "magic", 4).await;
    act(&app, &g, 4, "dark_vote", 8).await;
    act(&app, &g, 9, "dark_vote", 8).await;
    let mut browsers = signed_in(&app, &g).await;
    for (lang, moment) in [("zh-CN", "night 1"), ("en", "dawn 1"), ("zh-CN", "day 1")] {
        match moment {
            "dawn 1" => resolve(&app, &g).await,
            "day 1" => {
                resolve_until(&app, &g, "vote").await;
                // Two day votes for the wizard and one for the magician; the evil civilian's
                // dark vote joins them unseen: the wizard is out, bad.
                act(&app, &g, 0, "vote", 8).await;
                act(&app, &g, 1, "vote", 8).await;
                act(&app, &g, 2, "vote", 5).await;
                resolve(&app, &g).await;
            }
            _ => {}
        }
        let w = walk_all(&app, &g, &mut browsers, lang, &V5Secrets).await;
        if moment == "night 1" {
            continue;
        }
        assert!(!w.alive[4] && !w.alive[6], "{:?}", w.alive);
        let told = |seat: usize, needle: &str| w.logs[seat].iter().any(|l| l.contains(needle));
        let (bad, acted, silenced, inherited) = if lang == "en" {
            (
                format!("{} is bad", g.names[5]),
                format!("tonight {} acted on {}", g.names[3], g.names[5]),
                "You are silenced".to_string(),
                "The kill passes to you".to_string(),
            )
        } else {
            (
                format!("{} 是坏人", g.names[5]),
                format!("{} 今晚的作用对象是 {}", g.names[3], g.names[5]),
                "你被禁言了".to_string(),
                "杀人的作用传给了你".to_string(),
            )
        };
        for seat in 0..10 {
            assert_eq!(told(seat, &bad), seat == 3, "{seat}: {:?}", w.logs[seat]);
            assert_eq!(told(seat, &acted), seat == 8, "{seat}: {:?}", w.logs[seat]);
            assert_eq!(
                told(seat, &silenced),
                seat == 9,
                "{seat}: {:?}",
                w.logs[seat]
            );
            assert_eq!(
                told(seat, &inherited),
                seat == 5,
                "{seat}: {:?}",
                w.logs[seat]
            );
        }
        if moment == "day 1" {
            assert!(!w.alive[8], "the wizard is out");
            // The act post says who is out and the side, and no ballot and no count.
            let thread = w.page(10, &format!("/games/{}/threads/game", g.id));
            let start = thread
                .rfind(r#"class="post act-post""#)
                .expect("an act post");
            let post = &thread[start..];
            let post = &post[..post.find("</article>").expect("its end")];
            assert!(post.contains(&format!("{} 出局", g.names[8])), "{post}");
            assert!(post.contains("坏人"), "{post}");
            for absent in ["ballots", "vote-counts", "票数", "得票", "暗票"] {
                assert!(!post.contains(absent), "{absent}: {post}");
            }
            // One line: who is out; no voter named beside the living.
            let events = &post[post.find("<ul>").expect("the events")..];
            let events = &events[..events.find("</ul>").expect("their end")];
            assert_eq!(events.matches("<li>").count(), 1, "{events}");
            for voter in [0, 1, 2, 9] {
                assert!(!events.contains(&g.names[voter]), "{events}");
            }
        }
    }
}

/// The action forms a seat page offers, by kind, in its order.
fn forms_of(page: &Page, game: i64) -> Vec<String> {
    let marker = format!(
        r#"<form method="post" action="/games/{game}/actions" class="stack action" id="form-"#
    );
    page.body
        .split(&marker)
        .skip(1)
        .filter_map(|rest| Some(rest[..rest.find('"')?].replace('-', "_")))
        .collect()
}

/// The sentence a silenced seat reads above the game thread (R4-5, R5-4).
const SILENCED_ZH: &str = "你今天被禁言，不能在游戏帖发言。";

async fn a_silenced_seat_is_told_why_it_has_no_reply_box_and_no_ballot(app: TestApp) {
    // 4.0: the elder silences seat 6 on night 1; nobody dies.
    let g = role_game(&app, "v4wujian", &REAL16, &V4).await;
    act(&app, &g, 12, "silence", 6).await;
    resolve(&app, &g).await;
    assert_eq!(phase(&app, g.id).await["kind"], "speech");
    let thread = format!("/games/{}/threads/game", g.id);
    let (_, view) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let speaker = view["speaker"].as_str().expect("a speaker").to_string();
    let speaker = g.names.iter().position(|n| *n == speaker).expect("a seat");
    for seat in [6, 7, speaker] {
        let mut b = g.browser(&app, seat, "zh-CN").await;
        let page = b.get(&thread).await;
        assert_eq!(has_reply_form(&page, g.id), seat == speaker, "{seat}");
        assert_eq!(
            page.body.contains(SILENCED_ZH),
            seat == 6,
            "{seat}: {}",
            page.body
        );
        b.lang = "en";
        let page = b.get(&thread).await;
        assert_eq!(
            page.body.contains("You are silenced today"),
            seat == 6,
            "{seat}"
        );
    }
    // Anonymous and the judge read no such line.
    assert!(!app.browser().get(&thread).await.body.contains(SILENCED_ZH));
    assert!(
        !app.admin()
            .await
            .get(&thread)
            .await
            .body
            .contains(SILENCED_ZH)
    );
    // By day 2 the silence is over.
    resolve_until_night(&app, &g, 2).await;
    resolve(&app, &g).await;
    let b = g.browser(&app, 6, "zh-CN").await;
    assert!(!b.get(&thread).await.body.contains(SILENCED_ZH));

    // 5.0: the elder silences the police (3); at the vote the police has no ballot form, and a
    // ballot posted anyway is refused with a sentence, back on the seat page.
    let g = role_game(&app, "v5emin", &REAL10, &V5).await;
    act(&app, &g, 7, "silence", 3).await;
    resolve(&app, &g).await;
    let thread = format!("/games/{}/threads/game", g.id);
    let police = g.browser(&app, 3, "zh-CN").await;
    let page = police.get(&thread).await;
    assert!(!has_reply_form(&page, g.id));
    assert!(page.body.contains(SILENCED_ZH), "{}", page.body);
    let other = g.browser(&app, 4, "zh-CN").await;
    assert!(!other.get(&thread).await.body.contains(SILENCED_ZH));
    resolve_until(&app, &g, "vote").await;
    let seat = police.get(&format!("/games/{}/seat", g.id)).await;
    assert!(forms_of(&seat, g.id).is_empty(), "{}", seat.body);
    let theirs = other.get(&format!("/games/{}/seat", g.id)).await;
    assert_eq!(forms_of(&theirs, g.id), ["vote"]);
    let refused = crafted(&police, g.id, &[("type", "vote"), ("target", &g.names[6])]).await;
    refused.assert_back_at(&format!("/games/{}/seat", g.id));
    assert!(
        refused.body.contains(r#"class="error outcome""#)
            && refused.body.contains("你今天被禁言，不能投票。"),
        "{}",
        refused.body
    );
    let (_, me) = Api::new(&app)
        .get(&format!("/api/v1/games/{}/me", g.id), Some(&g.tokens[3]))
        .await;
    assert!(me["state"].get("vote").is_none(), "{me}");
}

/// The option a form's select has selected, if any.
fn selected(page: &Page, kind: &str) -> Option<String> {
    let form = crate::helpers::form_html(page, kind)?;
    let marker = r#"" selected>"#;
    let end = form.find(marker)?;
    let start = form[..end].rfind(r#"value=""#)? + r#"value=""#.len();
    Some(form[start..end].to_string())
}

/// Seat `seat` submits `kind` on `first` through its seat page's form, then replaces it with
/// `second` (each answered by a redirect to the seat page, post/redirect/get); the form then
/// shows the choice of the moment.
async fn submit_and_replace(
    g: &Classic,
    b: &Browser,
    seat: usize,
    kind: &str,
    first: usize,
    second: usize,
) {
    let seat_path = format!("/games/{}/seat", g.id);
    let page = submit(b, g.id, kind, &[("target", &g.names[first])]).await;
    page.assert_back_at(&seat_path);
    let chosen = |page: &Page, target: usize| {
        assert!(
            page.body.contains(r#"class="notice outcome""#),
            "{} {kind}: {}",
            g.names[seat],
            page.body
        );
        assert_eq!(
            selected(page, kind).as_deref(),
            Some(g.names[target].as_str()),
            "{} {kind}: {}",
            g.names[seat],
            crate::helpers::form_html(page, kind).unwrap_or("")
        );
    };
    chosen(&page, first);
    let csrf = page.csrf();
    let step = page.hidden("step");
    let answer = b
        .post_answer(
            &format!("/games/{}/actions", g.id),
            &[
                ("csrf", &csrf),
                ("step", &step),
                ("type", kind),
                ("target", &g.names[second]),
            ],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{kind}");
    assert!(answer.location.ends_with(&seat_path), "{}", answer.location);
    chosen(&b.get(&seat_path).await, second);
}

async fn each_role_gets_exactly_its_night_forms_on_its_seat_page(app: TestApp) {
    // 4.0, night 1.
    let g = role_game(&app, "v4wujian", &REAL16, &V4).await;
    let mut b = Vec::new();
    for i in 0..16 {
        b.push(g.browser(&app, i, "zh-CN").await);
    }
    let v4_forms = |role: &str| -> Vec<&'static str> {
        match role {
            "killer" => vec!["kill"],
            "police" | "undercover" => vec!["check"],
            "butterfly" => vec!["hug"],
            "elder" => vec!["silence"],
            "doctor" => vec!["save"],
            "secret_police" => vec!["secret_kill"],
            _ => vec![],
        }
    };
    for (i, seat) in b.iter().enumerate() {
        let page = seat.get(&format!("/games/{}/seat", g.id)).await;
        assert_eq!(
            forms_of(&page, g.id),
            v4_forms(g.roles[i]),
            "{}",
            g.roles[i]
        );
        // A form that does not name itself offers no seat of its own.
        if g.roles[i] == "butterfly" {
            let hug = select(&page, "target").expect("a target");
            assert!(
                !hug.contains(&format!(r#"value="{}""#, g.names[i])),
                "{hug}"
            );
        }
    }
    // Each posts through its form; a replaced choice shows.
    submit_and_replace(&g, &b[10], 10, "kill", 1, 3).await;
    submit_and_replace(&g, &b[0], 0, "check", 10, 11).await;
    submit_and_replace(&g, &b[2], 2, "check", 12, 11).await;
    submit_and_replace(&g, &b[15], 15, "hug", 7, 9).await;
    submit_and_replace(&g, &b[12], 12, "silence", 6, 12).await;
    submit_and_replace(&g, &b[8], 8, "save", 8, 0).await;
    submit_and_replace(&g, &b[5], 5, "secret_kill", 13, 7).await;
    // The killers' kill is the team's: a teammate's page shows his own choice, none yet.
    let page = b[11].get(&format!("/games/{}/seat", g.id)).await;
    assert_eq!(selected(&page, "kill"), None);
    resolve(&app, &g).await;
    let (_, view) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let alive: Vec<bool> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["alive"] == true)
        .collect();
    assert!(
        !alive[3] && !alive[7],
        "the kill and the secret kill: {alive:?}"
    );
    resolve_until_night(&app, &g, 2).await;
    let (_, view) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let alive: Vec<bool> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["alive"] == true)
        .collect();
    for (i, seat) in b.iter().enumerate() {
        let page = seat.get(&format!("/games/{}/seat", g.id)).await;
        let want = if !alive[i] || g.roles[i] == "secret_police" {
            vec![]
        } else {
            v4_forms(g.roles[i])
        };
        assert_eq!(forms_of(&page, g.id), want, "night 2: {} {}", i, g.roles[i]);
        // Nothing submitted tonight yet: no choice shows.
        for kind in want {
            assert_eq!(selected(&page, kind), None, "{kind}");
        }
    }

    // 5.0, night 1.
    let g = role_game(&app, "v5emin", &REAL10, &V5).await;
    let mut b = Vec::new();
    for i in 0..10 {
        b.push(g.browser(&app, i, "zh-CN").await);
    }
    let v5_forms = |role: &str| -> Vec<&'static str> {
        match role {
            "butterfly" => vec!["hug"],
            "sniper" => vec!["snipe"],
            "doctor" => vec!["needle"],
            "police" => vec!["check"],
            "magician" => vec!["magic"],
            "killer" => vec!["kill"],
            "elder" => vec!["silence"],
            "wizard" => vec!["query"],
            _ => vec!["dark_vote"],
        }
    };
    for (i, seat) in b.iter().enumerate() {
        let page = seat.get(&format!("/games/{}/seat", g.id)).await;
        assert_eq!(
            forms_of(&page, g.id),
            v5_forms(g.roles[i]),
            "{}",
            g.roles[i]
        );
    }
    submit_and_replace(&g, &b[0], 0, "hug", 2, 3).await;
    submit_and_replace(&g, &b[1], 1, "snipe", 5, 6).await;
    submit_and_replace(&g, &b[2], 2, "needle", 7, 8).await;
    submit_and_replace(&g, &b[3], 3, "check", 5, 6).await;
    submit_and_replace(&g, &b[4], 4, "dark_vote", 5, 9).await;
    submit_and_replace(&g, &b[5], 5, "magic", 1, 2).await;
    submit_and_replace(&g, &b[6], 6, "kill", 0, 4).await;
    submit_and_replace(&g, &b[7], 7, "silence", 1, 9).await;
    submit_and_replace(&g, &b[8], 8, "query", 0, 1).await;
    submit_and_replace(&g, &b[9], 9, "dark_vote", 4, 5).await;
    resolve(&app, &g).await;
    // The killer is shot: the magician holds the kill (R5-2).
    resolve_until_night(&app, &g, 2).await;
    let (_, view) = Api::new(&app)
        .get(&format!("/api/v1/games/{}", g.id), None)
        .await;
    let alive: Vec<bool> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["alive"] == true)
        .collect();
    assert!(!alive[6] && alive[5], "{alive:?}");
    for (i, seat) in b.iter().enumerate() {
        let page = seat.get(&format!("/games/{}/seat", g.id)).await;
        let want = match g.roles[i] {
            _ if !alive[i] => vec![],
            "magician" => vec!["kill"],
            role => v5_forms(role),
        };
        assert_eq!(forms_of(&page, g.id), want, "night 2: {}", g.roles[i]);
        if g.roles[i] == "magician" {
            // The magician may not name itself, holding the kill (R5-1).
            let kill = select(&page, "target").expect("a target");
            assert!(
                !kill.contains(&format!(r#"value="{}""#, g.names[i])),
                "{kill}"
            );
        }
    }
    submit_and_replace(&g, &b[5], 5, "kill", 0, 1).await;
}

async fn the_create_form_offers_the_role_games_with_their_fixed_seat_counts(app: TestApp) {
    let admin = app.admin().await;
    let chooser = admin.get("/games/new").await;
    for (variant, label, seats) in [
        ("v4wujian", "4.0 无间版", "固定 16 人"),
        ("v5emin", "5.0 恶民传说", "固定 10 人"),
    ] {
        let link = format!(r#"<a href="/games/new?variant={variant}">{label}</a>"#);
        let at = chooser
            .body
            .find(&link)
            .unwrap_or_else(|| panic!("{link}: {}", chooser.body));
        let entry = &chooser.body[at..];
        let entry = &entry[..entry.find("</li>").unwrap_or(entry.len())];
        assert!(entry.contains(seats), "{variant}: {entry}");
    }
    let api = Api::new(&app);
    for (variant, n, prefix) in [("v4wujian", 16, "dv"), ("v5emin", 10, "ev")] {
        let made = create_form(&admin, variant, &[("title", &format!("{variant} 周末局"))]).await;
        assert_eq!(made.answer, StatusCode::SEE_OTHER, "{}", made.body);
        let id = crate::helpers::game_id_of(&made.url);
        let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(g["variant"], variant, "{g}");
        assert_eq!(
            (
                g["settings"]["min_seats"].clone(),
                g["settings"]["max_seats"].clone()
            ),
            (json!(n), json!(n)),
            "{g}"
        );
        let mut tokens = Vec::new();
        for i in 0..n {
            let t = api.account(&format!("{prefix}{i}")).await;
            let (s, b) = api
                .post(&format!("/api/v1/games/{id}/signup"), &t, json!({}))
                .await;
            assert_eq!(s, StatusCode::OK, "{b}");
            tokens.push(t);
            if i + 2 == n {
                // One seat short: the judge's start form is refused, in words.
                let page = admin.get(&format!("/games/{id}")).await;
                let started = admin
                    .post(&format!("/games/{id}/start"), &[("csrf", &page.csrf())])
                    .await;
                assert!(
                    started.body.contains(r#"class="error""#),
                    "{}",
                    started.body
                );
                assert!(started.body.contains(&n.to_string()), "{}", started.body);
                let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
                assert_eq!(g["status"], "signup", "{g}");
            }
        }
        let page = admin.get(&format!("/games/{id}")).await;
        let started = admin
            .post(&format!("/games/{id}/start"), &[("csrf", &page.csrf())])
            .await;
        assert_eq!(started.answer, StatusCode::SEE_OTHER, "{}", started.body);
        let (_, g) = api.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(g["status"], "running", "{g}");
        // A random deal of the book's roles.
        let mut roles = Vec::new();
        for t in &tokens {
            let (s, me) = api.get(&format!("/api/v1/games/{id}/me"), Some(t)).await;
            assert_eq!(s, StatusCode::OK, "{me}");
            roles.push(me["role"].as_str().expect("a role").to_string());
        }
        roles.sort();
        let want: Vec<&str> = if variant == "v4wujian" {
            let mut w = vec![
                "butterfly",
                "elder",
                "doctor",
                "undercover",
                "secret_police",
                "police",
                "police",
                "killer",
                "killer",
                "killer",
            ];
            w.extend(["civilian"; 6]);
            w
        } else {
            V5.to_vec()
        };
        let mut want: Vec<String> = want.iter().map(|r| r.to_string()).collect();
        want.sort();
        assert_eq!(roles, want, "{variant}");
    }
}

async fn the_console_shows_roles_and_submissions_and_ends_a_v5_game_as_a_draw(app: TestApp) {
    let admin = app.admin().await;
    let role_words = |role: &str| -> &'static str {
        match role {
            "killer" => "杀手",
            "police" => "警察",
            "civilian" => "平民",
            "undercover" => "卧底",
            "secret_police" => "秘密警察",
            "butterfly" => "花蝴蝶",
            "elder" => "森林老人",
            "doctor" => "医生",
            "sniper" => "狙击手",
            "good_civilian" => "善民",
            "magician" => "魔法师",
            "wizard" => "巫师",
            _ => "恶民",
        }
    };
    let row = |page: &Page, seat: usize| -> String {
        let at = page
            .body
            .find(&format!(r#"<tr id="seat-{}""#, seat + 1))
            .unwrap_or_else(|| panic!("seat {seat}: {}", page.body));
        let rest = &page.body[at..];
        rest[..rest.find("</tr>").expect("its end")].to_string()
    };
    let g = role_game(&app, "v4wujian", &REAL16, &V4).await;
    act(&app, &g, 15, "hug", 3).await;
    act(&app, &g, 5, "secret_kill", 13).await;
    act(&app, &g, 10, "kill", 1).await;
    let console = admin.get(&format!("/games/{}/console", g.id)).await;
    assert_eq!(console.status, StatusCode::OK);
    for seat in 0..16 {
        let r = row(&console, seat);
        assert!(
            r.contains(&g.names[seat]) && r.contains(&g.real[seat]),
            "{r}"
        );
        assert!(
            r.contains(&format!(
                r#"<td class="role">{}</td>"#,
                role_words(g.roles[seat])
            )),
            "{r}"
        );
    }
    let subs = &console.body[console
        .body
        .find(r#"<table class="console-submissions">"#)
        .expect("the submissions")..];
    let subs = &subs[..subs.find("</table>").expect("its end")];
    for line in [
        format!("抱 {}", g.names[3]),
        format!("用秘密警察的特权杀 {}", g.names[13]),
        g.names[1].clone(),
    ] {
        assert!(subs.contains(&line), "{line}: {subs}");
    }

    // 5.0: the judge ends the game as a draw from the console (R5-5).
    let g = role_game(&app, "v5emin", &REAL10, &V5).await;
    let console = admin.get(&format!("/games/{}/console", g.id)).await;
    for seat in 0..10 {
        let r = row(&console, seat);
        assert!(
            r.contains(&format!(
                r#"<td class="role">{}</td>"#,
                role_words(g.roles[seat])
            )),
            "{r}"
        );
    }
    let winners = select(&console, "winner").expect("the end form's winner");
    for w in ["good", "bad", "draw"] {
        assert!(
            winners.contains(&format!(r#"<option value="{w}">"#)),
            "{winners}"
        );
    }
    let step = phase(&app, g.id).await["step"].to_string();
    let ended = admin
        .post(
            &format!("/games/{}/console/end", g.id),
            &[
                ("csrf", &console.csrf()),
                ("act", &step),
                ("reason", "白天可以预知会同时死光"),
                ("winner", "draw"),
                ("confirm", "yes"),
            ],
        )
        .await;
    assert_eq!(ended.answer, StatusCode::SEE_OTHER, "{}", ended.body);
    let api = Api::new(&app);
    let (_, v) = api.get(&format!("/api/v1/games/{}", g.id), None).await;
    assert_eq!(
        (v["status"].clone(), v["winner"].clone()),
        (json!("finished"), json!("draw")),
        "{v}"
    );
    let (s, audit) = api
        .get(&format!("/api/v1/games/{}/audit", g.id), Some(&g.admin))
        .await;
    assert_eq!(s, StatusCode::OK, "{audit}");
    let ended = audit["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "ended")
        .unwrap_or_else(|| panic!("ended in the audit: {audit}"));
    assert!(ended.to_string().contains("draw"), "{ended}");
    let page = app.browser().get(&format!("/games/{}", g.id)).await;
    assert!(page.body.contains("平局"), "{}", page.body);
}
