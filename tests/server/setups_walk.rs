//! A judge's own classic table dealing roles of the other books (docs/setups.md, "Roles across
//! books"), walked page by page as every seat, a bystander, a signed-out reader and the judge:
//! each seat learns its own role and what its rules tell it, nobody else's, and no real ID.

use crate::classic_forum::{
    Classic, REAL, Secrets, admin_token, resolve_until_night, token_or_account,
};
use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use crate::roles_forum::{V4Secrets, act, post, resolve, signed_in, team_names, walk_all};
use maku::rules::classic::CAST;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_both_backends!(a_classic_table_with_roles_across_books_keeps_every_secret_on_every_page,);

/// Each seat's role at the walked table (18 seats: 东杀's three killers and three police, and
/// one of each role across books).
const ROLES: [&str; 18] = [
    "doctor",
    "killer",
    "police",
    "sniper",
    "killer",
    "butterfly",
    "police",
    "secret_police",
    "killer",
    "civilian",
    "police",
    "civilian",
    "elder",
    "undercover",
    "magician",
    "wizard",
    "good_civilian",
    "evil_civilian",
];

/// The accounts in seat order: the classic walk's, and two more.
const ACCOUNTS: [&str; 18] = [
    REAL[0],
    REAL[1],
    REAL[2],
    REAL[3],
    REAL[4],
    REAL[5],
    REAL[6],
    REAL[7],
    REAL[8],
    REAL[9],
    REAL[10],
    REAL[11],
    "philippa",
    "wolfgang",
    "quintus",
    "rosamund",
    "bartholomew",
    "cordelia",
];

/// The fixed deal's key of each role other than the civilians (classic/setup.rs).
const KEYS: [(&str, &str); 12] = [
    ("killer", "killers"),
    ("police", "police"),
    ("doctor", "doctors"),
    ("sniper", "snipers"),
    ("butterfly", "butterflies"),
    ("secret_police", "secret_police"),
    ("elder", "elders"),
    ("undercover", "undercovers"),
    ("magician", "magicians"),
    ("wizard", "wizards"),
    ("good_civilian", "good_civilians"),
    ("evil_civilian", "evil_civilians"),
];

/// The roles across books dealt: every key's role but the killers' and the police's, in the
/// night's order after them.
fn across() -> impl Iterator<Item = &'static str> {
    KEYS[2..].iter().map(|(role, _)| *role)
}

/// What a seat of this table may learn: its own role; a killer his team, a police officer
/// his and the word of a checked killer (CL-0, CL-2); the undercover both teams, the police
/// that their team may hold one, not who (R4-2); the other roles across books learn nobody
/// (R4-2; 5.0's nobody learns anybody) and sit in no thread. `act`: the act walked (the
/// undercover sits in the killers' thread in act 1 only).
struct AcrossSecrets {
    act: u64,
}

impl Secrets for AcrossSecrets {
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("killer", &["杀手", "killer"]),
            ("police", &["警察", "police"]),
            (
                "secret_police",
                &["秘密警察", "secret police", "secret_police"],
            ),
            ("butterfly", &["花蝴蝶", "butterfly"]),
            ("doctor", &["医生", "doctor"]),
            ("sniper", &["狙击手", "sniper"]),
            ("elder", &["森林老人", "elder"]),
            ("undercover", &["卧底", "undercover"]),
            ("magician", &["魔法师", "magician"]),
            ("wizard", &["巫师", "wizard"]),
            ("good_civilian", &["善民", "good civilian", "good_civilian"]),
            ("evil_civilian", &["恶民", "evil civilian", "evil_civilian"]),
            ("civilian", &["平民", "civilian"]),
        ]
    }

    /// 4.0's reading (R4-2): the roles of the other books learn nobody, as 4.0's butterfly,
    /// elder and doctor do.
    fn may_read(&self, g: &Classic, me: usize, role: &str, path: &str, own: bool) -> bool {
        self.v4().may_read(g, me, role, path, own)
    }

    fn not_roles(&self) -> &'static [&'static str] {
        &["恶民传说", "tokyo killers"]
    }

    fn reads_team(&self, g: &Classic, me: usize, team: &str) -> bool {
        self.v4().reads_team(g, me, team)
    }
}

impl AcrossSecrets {
    /// The teams are 4.0's (R4-2: the undercover in both, in the killers' in act 1 only).
    fn v4(&self) -> V4Secrets {
        V4Secrets { act: self.act }
    }
}

/// 东杀's document as served, dealing `per_team` killers and as many police and one of each of
/// `roles`, called at night in that order after them, at `seats` seats (`{"min", "max"}`).
pub(crate) async fn dongsha_with(
    api: &Api<'_>,
    roles: &[&str],
    per_team: usize,
    seats: Value,
) -> Value {
    let (_, body) = api.get("/api/v1/setups/presets", None).await;
    let mut doc = body["presets"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["name"] == "dongsha"))
        .map(|p| p["document"].clone())
        .expect("东杀's document");
    for team in 0..2 {
        doc["deal"][team]["count"] = json!(per_team);
    }
    let deal = doc["deal"].as_array_mut().expect("a deal");
    for role in roles {
        deal.push(json!({"role": role, "count": 1}));
    }
    let mut night = vec!["killer", "police"];
    night.extend_from_slice(roles);
    doc["night"] = json!(night);
    doc["seats"] = seats;
    doc
}

/// 东杀's document as served, dealing one of each of [`across`], called at night in that order.
async fn document(api: &Api<'_>) -> Value {
    let roles: Vec<&str> = across().collect();
    // Ten roles across books beside three killers and three police: 16 seats at least, and
    // two plain civilians besides.
    dongsha_with(api, &roles, 3, json!({"min": 16, "max": 18})).await
}

/// The seats `seats` of `g` sit in no team thread: their posts to the killers' and the
/// police's threads are refused (`cannot_post_here`).
pub(crate) async fn in_no_team_thread(app: &TestApp, g: &Classic, seats: &[usize]) {
    for &seat in seats {
        for team in ["killers", "police"] {
            let (s, b) = post(app, g, seat, team, "我也来").await;
            assert_eq!(
                (s, b["error"].clone()),
                (StatusCode::CONFLICT, json!("cannot_post_here")),
                "{} in {team}",
                g.names[seat]
            );
        }
    }
}

/// A walked table: each seat's role and account, and the fixed deal's key of each role dealt
/// but the civilians.
pub(crate) struct Table {
    pub(crate) roles: &'static [&'static str],
    pub(crate) accounts: &'static [&'static str],
    pub(crate) keys: &'static [(&'static str, &'static str)],
}

/// The walked table of ten roles across books.
const TEN: Table = Table {
    roles: &ROLES,
    accounts: &ACCOUNTS,
    keys: &KEYS,
};

/// A game of the judge's setup `doc` (saved as version 1 by the admin), its accounts signed up
/// from the last seat to the first, started with `t`'s roles as its fixed deal.
pub(crate) async fn across_game(app: &TestApp, doc: Value, t: &Table) -> Classic {
    let api = Api::new(app);
    let admin = admin_token(app).await;
    // Neither the setup's name nor the game's title names a role: the pages show both.
    let (s, b) = api
        .post(
            "/api/v1/setups",
            &admin,
            json!({"name": "四方东杀", "document": doc}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let setup = b["id"].as_i64().expect("a setup");
    let n = t.roles.len();
    let (s, b) = api
        .post(
            "/api/v1/games",
            &admin,
            json!({"title": "四方之局", "setup": {"id": setup, "version": 1},
                   "act_minutes": 60, "remind_hours": 1, "min_seats": n, "max_seats": n}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = b["id"].as_i64().expect("a game");
    let mut tokens = vec![String::new(); n];
    for i in (0..n).rev() {
        let token = token_or_account(&api, t.accounts[i]).await;
        let (s, b) = api
            .post(&format!("/api/v1/games/{id}/signup"), &token, json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        tokens[i] = token;
    }
    let names: Vec<String> = CAST[..n].iter().map(|c| c.to_string()).collect();
    let mut deal = serde_json::Map::new();
    deal.insert(
        "seats".into(),
        (0..n)
            .map(|i| json!({"game_id": names[i], "real_id": t.accounts[i]}))
            .collect(),
    );
    for &(role, key) in t.keys {
        let seats: Vec<&str> = (0..n)
            .filter(|&i| t.roles[i] == role)
            .map(|i| names[i].as_str())
            .collect();
        deal.insert(key.into(), json!(seats));
    }
    let (s, b) = api
        .post(
            &format!("/api/v1/games/{id}/start"),
            &admin,
            json!({ "setup": deal }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Classic {
        id,
        admin,
        tokens,
        real: t.accounts.iter().map(|r| r.to_string()).collect(),
        names,
        roles: t.roles.to_vec(),
    }
}

async fn a_classic_table_with_roles_across_books_keeps_every_secret_on_every_page(app: TestApp) {
    let api = Api::new(&app);
    let g = across_game(&app, document(&api).await, &TEN).await;
    // Night 1: the killers kill seat 9; the police and the undercover check seat 4, a killer;
    // the doctor saves seat 11, whom the sniper shoots (R4-4 (2): the save spares the killers'
    // kill only); the butterfly hugs the doctor; the elder silences officer 2; the magician
    // magics officer 10 (his check is struck, R5-3 (2); the others' still find seat 4); the
    // wizard queries killer 1 (R5-3 (4): he learns whom that killer named); the secret police
    // holds his kill; the good civilian dark-votes killer 4, the evil civilian officer 2
    // (R5-4: counted with the next day's first round, unseen). Each team talks in its thread, the undercover in both.
    for k in g.seats_of("killer") {
        act(&app, &g, k, "kill", 9).await;
    }
    for p in [2, 6, 10, 13] {
        act(&app, &g, p, "check", 4).await;
    }
    act(&app, &g, 0, "save", 11).await;
    act(&app, &g, 3, "snipe", 11).await;
    act(&app, &g, 5, "hug", 0).await;
    act(&app, &g, 12, "silence", 2).await;
    act(&app, &g, 14, "magic", 10).await;
    act(&app, &g, 15, "query", 1).await;
    act(&app, &g, 16, "dark_vote", 4).await;
    act(&app, &g, 17, "dark_vote", 2).await;
    for k in [1, 4, 8, 13] {
        let (s, b) = post(&app, &g, k, "killers", &format!("今晚动手 {}", g.names[k])).await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    for p in [2, 6, 10, 13] {
        let (s, b) = post(&app, &g, p, "police", &format!("验一下 {}", g.names[4])).await;
        assert_eq!(s, StatusCode::CREATED, "{b}");
    }
    // The roles across books but the undercover sit in no team thread (the magician and the
    // wizard neither: 5.0, nobody learns anybody).
    in_no_team_thread(&app, &g, &[0, 3, 5, 7, 12, 14, 15, 16, 17]).await;
    let mut browsers = signed_in(&app, &g).await;
    for (lang, moment) in [("zh-CN", "night 1"), ("en", "dawn 1"), ("zh-CN", "night 2")] {
        match moment {
            "dawn 1" => {
                resolve(&app, &g).await;
                // Seat 9's last words (the first of the night's dead); the graveyard is his.
                for (thread, body) in [("game", "遗言：我是好人"), ("graveyard", "墓地见")]
                {
                    let (s, b) = post(&app, &g, 9, thread, body).await;
                    assert_eq!(s, StatusCode::CREATED, "{thread}: {b}");
                }
            }
            "night 2" => {
                silenced_day(&app, &g).await;
                resolve_until_night(&app, &g, 2).await;
                // R4-2: the undercover is out of the killers' thread, in the police's still.
                let (s, b) = post(&app, &g, 13, "killers", "还在吗").await;
                assert_eq!(
                    (s, b["error"].clone()),
                    (StatusCode::CONFLICT, json!("cannot_post_here"))
                );
                let (s, b) = post(&app, &g, 13, "police", "第二夜").await;
                assert_eq!(s, StatusCode::CREATED, "{b}");
            }
            _ => {}
        }
        let act_now = if moment == "night 2" { 2 } else { 1 };
        let secrets = AcrossSecrets { act: act_now };
        let w = walk_all(&app, &g, &mut browsers, lang, &secrets).await;
        // The killers' victim and the shot seat are out (the save spared nobody); nobody else.
        let out: Vec<usize> = (0..ROLES.len()).filter(|&i| !w.alive[i]).collect();
        let expected: &[usize] = if moment == "night 1" { &[] } else { &[9, 11] };
        assert_eq!(out, expected, "{moment}");
        let team = |seats: &[usize]| team_names(&g, seats, lang);
        let (killers, police) = (team(&[1, 4, 8, 13]), team(&[2, 6, 10, 13]));
        let checked = if lang == "en" {
            format!("{} is a killer", g.names[4])
        } else {
            format!("{} 是杀手", g.names[4])
        };
        let silenced = if lang == "en" {
            "You are silenced"
        } else {
            "你被禁言了"
        };
        for (i, lines) in w.logs.iter().enumerate() {
            let told = |needle: &str| lines.iter().any(|l| l.contains(needle));
            let role = g.roles[i];
            let who = format!("{moment} {} ({role}): {lines:?}", g.names[i]);
            // CL-0, R4-2: each team is told its members, the undercover among both; nobody
            // else learns them.
            assert_eq!(
                told(&killers),
                matches!(role, "killer" | "undercover"),
                "{who}"
            );
            assert_eq!(
                told(&police),
                matches!(role, "police" | "undercover"),
                "{who}"
            );
            // CL-2, R4-3: the check reaches the police team alone, the undercover too.
            assert_eq!(
                told(&checked),
                matches!(role, "police" | "undercover") && moment != "night 1",
                "{who}"
            );
            // R5-3 (4): the wizard alone learns whom killer 1 named, at dawn.
            let answer = if lang == "en" {
                format!("tonight {} acted on {}", g.names[1], g.names[9])
            } else {
                format!("{} 今晚的作用对象是 {}", g.names[1], g.names[9])
            };
            assert_eq!(told(&answer), i == 15 && moment != "night 1", "{who}");
            // R4-4 (5): the silenced seat alone is told, at dawn.
            assert_eq!(told(silenced), i == 2 && moment != "night 1", "{who}");
            // Each role across books sees its own night's submission, on its own page only
            // (check_walk: no other reader reads it).
            if matches!(
                role,
                "doctor"
                    | "sniper"
                    | "butterfly"
                    | "elder"
                    | "magician"
                    | "wizard"
                    | "good_civilian"
                    | "evil_civilian"
            ) {
                assert!(!lines.is_empty(), "{who}");
            }
        }
    }
}

/// The day of the walked game `g` through HTTP, step by step up to the first step of kind
/// `until`, with seat `quiet` silenced (R4-5, R5-4): at each step the server refuses `quiet`'s
/// post in the game thread (the engine says it is silenced), then the judge resolves it. The
/// speakers of CL-5's turns among those steps, in order.
pub(crate) async fn silenced_turns(
    app: &TestApp,
    g: &Classic,
    quiet: usize,
    until: &str,
) -> Vec<String> {
    use crate::classic_api::{game, kind, step};
    let api = Api::new(app);
    let mut speakers = Vec::new();
    for _ in 0..40 {
        let now = game(&api, g.id).await;
        if kind(&now) == until {
            return speakers;
        }
        // CL-5's turns (the dead's last words have a speaker too).
        if kind(&now) == "speech"
            && let Some(sp) = now["speaker"].as_str()
        {
            speakers.push(sp.to_string());
        }
        let (s, b) = post(app, g, quiet, "game", "我要说话").await;
        assert_eq!(
            (s, b["error"].clone()),
            (StatusCode::CONFLICT, json!("cannot_post_here")),
            "{now}: {b}"
        );
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/resolve", g.id),
                &g.admin,
                json!({"act": step(&now)}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    panic!("no {until} within 40 steps; speakers {speakers:?}");
}

/// R4-5 at the walked classic table, through HTTP: day 1 after the elder silenced officer 2.
/// Every turn to speak passes over seat 2 and the server refuses its posts in the game thread
/// ([`silenced_turns`]); its ballot is taken. Nobody else votes, so the round is the ballot and
/// the night's dark votes (R5-4): the day goes on to night 2 whatever it gives.
async fn silenced_day(app: &TestApp, g: &Classic) {
    let speakers = silenced_turns(app, g, 2, "vote").await;
    let living = ROLES.len() - 2;
    assert_eq!(
        speakers.len(),
        living - 1,
        "every living seat but 2: {speakers:?}"
    );
    assert!(!speakers.contains(&g.names[2]), "{speakers:?}");
    act(app, g, 2, "vote", 13).await;
}
