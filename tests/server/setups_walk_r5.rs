//! A judge's own classic table dealing 5.0's own doctor (the needle), butterfly (the shield) and
//! forest elder (bad) beside a wizard (docs/setups.md, "Roles across books"), walked page by page
//! as every seat, a bystander, a signed-out reader and the judge: each seat learns its own role
//! and what its rules tell it, nobody else's, and no real ID. (They have a table of their own:
//! a classic table deals one kind of butterfly, and the ten-role walk's is 4.0's.)

use crate::classic_forum::{Classic, REAL, Secrets, resolve_until_night};
use crate::helpers::{Api, TestApp};
use crate::on_both_backends;
use crate::roles_forum::{V4Secrets, act, resolve, signed_in, team_names, walk_all};
use crate::setups_walk::{Table, across_game, dongsha_with, in_no_team_thread, silenced_turns};
use serde_json::{Value, json};

on_both_backends!(a_classic_table_with_5_0s_own_roles_keeps_every_secret_on_every_page,);

/// Each seat's role: 东杀's two killers and two police, 5.0's needle doctor, shield butterfly,
/// forest elder (bad) and wizard, two civilians.
const ROLES: [&str; 10] = [
    "needle_doctor",
    "killer",
    "police",
    "shield_butterfly",
    "killer",
    "police",
    "dark_elder",
    "civilian",
    "wizard",
    "civilian",
];

const FIVE: Table = Table {
    roles: &ROLES,
    accounts: &[
        REAL[0], REAL[1], REAL[2], REAL[3], REAL[4], REAL[5], REAL[6], REAL[7], REAL[8], REAL[9],
    ],
    keys: &[
        ("killer", "killers"),
        ("police", "police"),
        ("needle_doctor", "needle_doctors"),
        ("shield_butterfly", "shield_butterflies"),
        ("dark_elder", "dark_elders"),
        ("wizard", "wizards"),
    ],
};

/// The roles of 5.0 dealt, in the night's order after the killers and the police.
const FIVE_ROLES: [&str; 4] = ["needle_doctor", "shield_butterfly", "dark_elder", "wizard"];

/// What a seat of this table may learn: its own role; a killer his team, a police officer his
/// and the word of a checked killer (CL-0, CL-2); 5.0's roles learn nobody (R5: nobody learns
/// anybody). The seat the forest elder (bad) silenced is told by whom (it must know it may not
/// vote, R5-4), never who holds him.
struct FiveSecrets {
    silenced: Option<usize>,
}

impl Secrets for FiveSecrets {
    fn roles(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("killer", &["杀手", "killer"]),
            ("police", &["警察", "police"]),
            ("needle_doctor", &["医生", "doctor", "needle_doctor"]),
            (
                "shield_butterfly",
                &["花蝴蝶", "butterfly", "shield_butterfly"],
            ),
            ("dark_elder", &["森林老人", "elder", "dark_elder"]),
            ("wizard", &["巫师", "wizard"]),
            ("civilian", &["平民", "civilian"]),
        ]
    }

    fn may_read(&self, g: &Classic, me: usize, role: &str, path: &str, own: bool) -> bool {
        V4Secrets { act: 1 }.may_read(g, me, role, path, own)
            || (role == "dark_elder" && own && self.silenced == Some(me))
    }

    fn not_roles(&self) -> &'static [&'static str] {
        &["恶民传说", "tokyo killers"]
    }

    fn reads_team(&self, g: &Classic, me: usize, team: &str) -> bool {
        V4Secrets { act: 1 }.reads_team(g, me, team)
    }
}

/// 东杀's document at ten seats: two killers, two police and one of each of [`FIVE_ROLES`],
/// called at night in that order.
async fn document(api: &Api<'_>) -> Value {
    dongsha_with(api, &FIVE_ROLES, 2, json!({"min": 10, "max": 10})).await
}

async fn a_classic_table_with_5_0s_own_roles_keeps_every_secret_on_every_page(app: TestApp) {
    let api = Api::new(&app);
    let g = across_game(&app, document(&api).await, &FIVE).await;
    // Night 1: the killers kill civilian 9, whom the butterfly hugs (R5-3 (1): the kill aimed
    // at the hugged seat has no effect); the police check killer 4; the needle doctor needles
    // civilian 7, whom nothing attacks (R5-3 (5): an empty needle, told to nobody); the forest
    // elder (bad) silences officer 5 (R5-4: no voice and no vote on day 1); the wizard queries
    // the needle doctor (R5-3 (4): he learns whom the needle named).
    for k in [1, 4] {
        act(&app, &g, k, "kill", 9).await;
    }
    for p in [2, 5] {
        act(&app, &g, p, "check", 4).await;
    }
    act(&app, &g, 0, "needle", 7).await;
    act(&app, &g, 3, "hug", 9).await;
    act(&app, &g, 6, "silence", 5).await;
    act(&app, &g, 8, "query", 0).await;
    // 5.0's roles sit in no team thread.
    in_no_team_thread(&app, &g, &[0, 3, 6, 8]).await;
    let mut browsers = signed_in(&app, &g).await;
    for (lang, moment) in [("zh-CN", "night 1"), ("en", "dawn 1"), ("zh-CN", "dawn 2")] {
        match moment {
            "dawn 1" => resolve(&app, &g).await,
            "dawn 2" => {
                silenced_day(&app, &g).await;
                resolve_until_night(&app, &g, 2).await;
                // Night 2: the needle doctor needles civilian 7 again, unattacked again: his
                // second empty needle kills him at the night's end (R5-3 (5)); the killers kill
                // officer 2, the butterfly hugs nobody.
                act(&app, &g, 0, "needle", 7).await;
                for k in [1, 4] {
                    act(&app, &g, k, "kill", 2).await;
                }
                resolve(&app, &g).await;
            }
            _ => {}
        }
        let silenced = (moment != "night 1").then_some(5);
        let w = walk_all(&app, &g, &mut browsers, lang, &FiveSecrets { silenced }).await;
        // Night 1 kills nobody (the hug); night 2 the officer and the needled civilian, both
        // announced as the night's dead, nothing saying which died of what.
        let out: Vec<usize> = (0..ROLES.len()).filter(|&i| !w.alive[i]).collect();
        let expected: &[usize] = if moment == "dawn 2" { &[2, 7] } else { &[] };
        assert_eq!(out, expected, "{moment}");
        let team = |seats: &[usize]| team_names(&g, seats, lang);
        let (killers, police) = (team(&[1, 4]), team(&[2, 5]));
        let (checked, answer, silence) = if lang == "en" {
            (
                format!("{} is a killer", g.names[4]),
                format!("tonight {} acted on {}", g.names[0], g.names[7]),
                "You are silenced (禁言) for today: you may not speak, and you may not vote either.",
            )
        } else {
            (
                format!("{} 是杀手", g.names[4]),
                format!("{} 今晚的作用对象是 {}", g.names[0], g.names[7]),
                "你被禁言了：今天不能发言，也不能投票。",
            )
        };
        for (i, lines) in w.logs.iter().enumerate() {
            let told = |needle: &str| lines.iter().any(|l| l.contains(needle));
            let role = g.roles[i];
            let who = format!("{moment} {} ({role}): {lines:?}", g.names[i]);
            assert_eq!(told(&killers), role == "killer", "{who}");
            assert_eq!(told(&police), role == "police", "{who}");
            // CL-2: the check reaches the police team alone (officer 2 dead at dawn 2 still
            // holds his log).
            assert_eq!(
                told(&checked),
                role == "police" && moment != "night 1",
                "{who}"
            );
            // R5-3 (4): the wizard alone learns whom the needle named, at dawn.
            assert_eq!(told(&answer), i == 8 && moment != "night 1", "{who}");
            // R5-4: the silenced officer alone is told, at dawn 1 (its log keeps the line).
            assert_eq!(told(silence), i == 5 && moment != "night 1", "{who}");
            // Each of 5.0's roles sees its own night's submission, on its own page only
            // (check_walk: no other reader reads it); nobody reads of an empty needle or a hug.
            if FIVE_ROLES.contains(&role) {
                assert!(!lines.is_empty(), "{who}");
            }
            if !matches!(role, "needle_doctor" | "shield_butterfly") {
                for word in ["needle", "扎针", "针", "hug", "拥抱", "抱"] {
                    assert!(!told(word), "{word}: {who}");
                }
            }
        }
    }
}

/// R5-4 at the walked table, through HTTP: day 1 after the forest elder (bad) silenced officer
/// 5. Every turn to speak passes over seat 5 and the server refuses its posts in the game
/// thread; its ballot is refused (`silenced`), and so is its abstention; nobody else votes, so
/// the day goes on to night 2 whatever it gives.
async fn silenced_day(app: &TestApp, g: &Classic) {
    let api = Api::new(app);
    // Up to the vote (`silenced_turns` fails if none is opened).
    let mut speakers = silenced_turns(app, g, 5, "vote").await;
    for ballot in [
        json!({"type": "vote", "target": g.names[4]}),
        json!({"type": "vote", "target": null}),
    ] {
        let (s, b) = api
            .post(
                &format!("/api/v1/games/{}/actions", g.id),
                &g.tokens[5],
                ballot.clone(),
            )
            .await;
        assert_eq!(b["error"], json!("silenced"), "{ballot}: {s} {b}");
        assert!(s.is_client_error(), "{ballot}: {s} {b}");
    }
    // The vote and whatever follows it, up to night 2.
    speakers.extend(silenced_turns(app, g, 5, "night").await);
    assert!(!speakers.is_empty(), "turns to speak were given");
    assert!(!speakers.contains(&g.names[5]), "{speakers:?}");
}
