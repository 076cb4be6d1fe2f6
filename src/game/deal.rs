//! The deal at the start: seats, game IDs and the variant's secret roles drawn from the OS
//! CSPRNG, and the commitment published before the first act (SHA-256 of the deal text and a
//! secret salt).

use crate::auth::tokens::sha256_hex;
use crate::rules::{ConfigError, SeatSpec, Variant};
use rand::rngs::SysRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::{Value, json};

pub struct Deal {
    pub seed: u64,
    pub seats: Vec<SeatSpec>,
    /// Account of each seat, in seat order.
    pub users: Vec<i64>,
    pub setup: Value,
    pub deal_text: String,
    pub salt: String,
    pub commitment: String,
}

#[derive(Debug, thiserror::Error)]
pub enum DealError {
    #[error("the operating system's random source failed: {0}")]
    Entropy(String),
    #[error("{0}")]
    Setup(String),
    /// A key the fixed deal's shape does not have (another variant's role key, a typo).
    #[error("unknown field {0:?}")]
    UnknownField(String),
    #[error("{0}")]
    GameId(crate::domain::CastError),
}

fn os_rng() -> Result<ChaCha20Rng, DealError> {
    ChaCha20Rng::try_from_rng(&mut SysRng).map_err(|e| DealError::Entropy(e.to_string()))
}

/// The canonical text of a deal: what the commitment hashes, shown verbatim at the reveal.
/// `roles` (the setup besides the seats) lends its keys to the text.
fn deal_text(seed: u64, seats: &[SeatSpec], roles: &serde_json::Map<String, Value>) -> String {
    let seats: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"seat": i + 1, "game_id": s.game_id, "real_id": s.real_id}))
        .collect();
    let mut text = roles.clone();
    text.insert("seed".into(), seed.into());
    text.insert("seats".into(), Value::Array(seats));
    Value::Object(text).to_string()
}

/// SHA-256 over the deal text, a newline, and the salt.
pub fn commitment(deal_text: &str, salt: &str) -> String {
    sha256_hex(&format!("{deal_text}\n{salt}"))
}

fn finish(
    seed: u64,
    seats: Vec<SeatSpec>,
    users: Vec<i64>,
    roles: serde_json::Map<String, Value>,
    rng: &mut ChaCha20Rng,
) -> Deal {
    let salt_bytes: [u8; 16] = rng.random();
    let salt = hex::encode(salt_bytes);
    let text = deal_text(seed, &seats, &roles);
    Deal {
        commitment: commitment(&text, &salt),
        setup: Value::Object(roles),
        seed,
        seats,
        users,
        deal_text: text,
        salt,
    }
}

/// A random deal: seat order, game IDs from `characters`, and the roles the variant draws.
pub fn random_deal(
    variant: Variant,
    signups: &[(i64, String)],
    characters: &[String],
) -> Result<Deal, DealError> {
    random_deal_from(variant, signups, characters, os_rng()?)
}

/// [`random_deal`] drawn from `rng` (the state's source of deals, `app::deals`).
pub fn random_deal_from(
    variant: Variant,
    signups: &[(i64, String)],
    characters: &[String],
    mut rng: ChaCha20Rng,
) -> Result<Deal, DealError> {
    if characters.len() < signups.len() {
        return Err(DealError::Setup("fewer characters than players".into()));
    }
    let mut order: Vec<&(i64, String)> = signups.iter().collect();
    order.shuffle(&mut rng);
    let mut names: Vec<&String> = characters.iter().collect();
    names.shuffle(&mut rng);
    let seats: Vec<SeatSpec> = order
        .iter()
        .zip(names)
        .map(|((_, real), game)| SeatSpec {
            game_id: game.clone(),
            real_id: real.clone(),
        })
        .collect();
    let users = order.iter().map(|(id, _)| *id).collect();
    let game_ids: Vec<String> = seats.iter().map(|s| s.game_id.clone()).collect();
    let roles = match variant.draw_roles(&game_ids, &mut rng) {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    let seed: u64 = rng.random();
    Ok(finish(seed, seats, users, roles, &mut rng))
}

/// One seat of a fixed deal as the admin sends it: exactly these two keys.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FixedSeat {
    game_id: String,
    real_id: String,
}

/// An admin's fixed deal of a game of `variant`: `{"seats":[{"game_id","real_id"}…], …roles}`
/// (as a replay scenario, but strict: api.md). The real IDs must be exactly the signed-up
/// accounts; the game IDs follow the rules of game IDs ([`crate::domain::game_id::cast`]); the
/// roles are exactly the variant's shape ([`Variant::check_fixed_roles`]). The engine checks
/// the seats the roles name when the game starts from it.
pub fn fixed_deal(
    variant: Variant,
    signups: &[(i64, String)],
    setup: &Value,
) -> Result<Deal, DealError> {
    let bad = |m: &str| DealError::Setup(m.to_string());
    let mut roles = match setup {
        Value::Object(m) => m.clone(),
        _ => return Err(bad("setup must be an object")),
    };
    let seats: Vec<FixedSeat> = match roles.remove("seats") {
        Some(list @ Value::Array(_)) => serde_json::from_value(list).map_err(|e| {
            match crate::error::AppError::from_json(&e) {
                crate::error::AppError::UnknownField(f) => {
                    DealError::UnknownField(format!("setup.seats[].{f}"))
                }
                _ => bad("setup.seats must list {game_id, real_id} objects"),
            }
        })?,
        _ => return Err(bad("setup.seats must list {game_id, real_id} objects")),
    };
    let game_ids: Vec<String> =
        crate::domain::game_id::cast(&seats.iter().map(|s| s.game_id.as_str()).collect::<Vec<_>>())
            .map_err(DealError::GameId)?
            .into_iter()
            .map(crate::domain::GameId::into_string)
            .collect();
    variant
        .check_fixed_roles(&game_ids, &roles)
        .map_err(|e| match e {
            ConfigError::UnknownSetupKey(k) => DealError::UnknownField(format!("setup.{k}")),
            e => DealError::Setup(e.to_string()),
        })?;
    let key = crate::domain::account::name_key;
    let mut users = Vec::with_capacity(seats.len());
    for s in &seats {
        let user = signups
            .iter()
            .find(|(_, name)| key(name) == key(&s.real_id))
            .ok_or_else(|| bad(&format!("{} did not sign up", s.real_id)))?;
        if users.contains(&user.0) {
            return Err(bad(&format!("{} is seated twice", s.real_id)));
        }
        users.push(user.0);
    }
    if users.len() != signups.len() {
        return Err(bad("every signed-up account needs a seat"));
    }
    let mut rng = os_rng()?;
    let seed: u64 = rng.random();
    // Real IDs as the accounts spell them.
    let seats = game_ids
        .into_iter()
        .zip(&users)
        .map(|(game_id, u)| SeatSpec {
            game_id,
            real_id: signups
                .iter()
                .find(|(id, _)| id == u)
                .map(|(_, n)| n.clone())
                .unwrap_or_default(),
        })
        .collect();
    Ok(finish(seed, seats, users, roles, &mut rng))
}

#[cfg(test)]
mod tests {
    /// The variant of the first deals tested here.
    fn dn() -> Variant {
        Variant::first()
    }
    use super::*;

    fn signups(n: usize) -> Vec<(i64, String)> {
        (0..n).map(|i| (i as i64 + 1, format!("user{i}"))).collect()
    }

    #[test]
    fn dn_2_random_deals_seat_everyone_once_two_kiras_and_commit() {
        let chars: Vec<String> = (0..12).map(|i| format!("c{i}")).collect();
        let d = random_deal(dn(), &signups(9), &chars).expect("deal");
        assert_eq!(d.seats.len(), 9);
        let mut users = d.users.clone();
        users.sort();
        assert_eq!(users, (1..=9).collect::<Vec<i64>>());
        let kira = d.setup["kira"].as_array().expect("kira list");
        assert_eq!(kira.len(), 2);
        assert_ne!(kira[0], kira[1]);
        assert_eq!(d.commitment, commitment(&d.deal_text, &d.salt));
        assert_ne!(d.commitment, commitment(&d.deal_text, "another salt"));
        assert!(d.deal_text.contains(&format!("\"seed\":{}", d.seed)));
    }

    #[test]
    fn fixed_deals_must_seat_exactly_the_signups() {
        let s = signups(6);
        let seats = |names: [&str; 6]| -> Vec<Value> {
            names
                .iter()
                .enumerate()
                .map(|(i, g)| json!({"game_id": g, "real_id": format!("USER{i}")}))
                .collect()
        };
        let six = ["A", "B", "C", "D", "E", "F"];
        let ok = json!({"seats": seats(six), "kira": ["A", "B"]});
        let d = fixed_deal(dn(), &s, &ok).expect("deal");
        assert_eq!(d.seats[0].real_id, "user0");
        assert_eq!(d.users, vec![1, 2, 3, 4, 5, 6]);
        let mut missing = seats(six);
        missing.pop();
        let missing = json!({"seats": missing, "kira": ["A", "B"]});
        assert!(fixed_deal(dn(), &s, &missing).is_err());
        let mut stranger = seats(six);
        stranger[0]["real_id"] = json!("eve");
        let stranger = json!({"seats": stranger, "kira": ["A", "B"]});
        assert!(fixed_deal(dn(), &s, &stranger).is_err());
    }

    #[test]
    fn a_fixed_deal_is_one_variants_shape_or_nothing() {
        let s = signups(8);
        let seats: Vec<Value> = (0..8)
            .map(|i| json!({"game_id": format!("g{i}"), "real_id": format!("user{i}")}))
            .collect();
        let with = |roles: Value| {
            let mut setup = roles;
            setup["seats"] = json!(seats);
            fixed_deal(Variant::from_name("dongsha").expect("dongsha"), &s, &setup)
        };
        assert!(with(json!({"killers": ["g0", "g1"], "police": ["g2", "g3"]})).is_ok());
        for (roles, field) in [
            (json!({"kira": ["g0", "g1"]}), "setup.kira"),
            (
                json!({"killers": ["g0", "g1"], "police": ["g2", "g3"], "evil": 1}),
                "setup.evil",
            ),
        ] {
            assert!(
                matches!(with(roles), Err(DealError::UnknownField(f)) if f == field),
                "{field}"
            );
        }
        assert!(matches!(with(json!({})), Err(DealError::Setup(_))));
        let mut extra = json!({"killers": ["g0", "g1"], "police": ["g2", "g3"]});
        extra["seats"] = json!(seats);
        extra["seats"][0]["role"] = json!("police");
        assert!(matches!(
            fixed_deal(Variant::from_name("dongsha").expect("dongsha"), &s, &extra),
            Err(DealError::UnknownField(f)) if f == "setup.seats[].role"
        ));
    }

    #[test]
    fn a_fixed_deals_game_ids_follow_the_rules_of_names() {
        let s = signups(6);
        let mut names: Vec<String> = (0..6).map(|i| format!("g{i}")).collect();
        let deal = |names: &[String]| {
            let seats: Vec<Value> = names
                .iter()
                .enumerate()
                .map(|(i, g)| json!({"game_id": g, "real_id": format!("user{i}")}))
                .collect();
            let setup = json!({"seats": seats, "kira": [names[0], names[1]]});
            fixed_deal(dn(), &s, &setup)
        };
        assert!(deal(&names).is_ok());
        for bad in [
            format!("x{}y", '\u{0}'),
            "长".repeat(1000),
            "G0".to_string(),
            "judge".into(),
        ] {
            names[5] = bad.clone();
            assert!(
                matches!(deal(&names), Err(DealError::GameId(e)) if e.name == bad),
                "{bad:?}"
            );
        }
    }
}
