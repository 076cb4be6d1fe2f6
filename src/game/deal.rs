//! The deal at the start: seats, game IDs and the variant's secret roles drawn from the OS
//! CSPRNG, and the commitment published before the first act (SHA-256 of the deal text and a
//! secret salt).

use crate::auth::tokens::sha256_hex;
use crate::rules::{SeatSpec, Variant};
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
    let mut rng = os_rng()?;
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

/// An admin's fixed deal: `{"seats":[{"game_id","real_id"}…], …roles}` (as a replay scenario);
/// the real IDs must be exactly the signed-up accounts. The engine checks the roles when the
/// game starts from it.
pub fn fixed_deal(signups: &[(i64, String)], setup: &Value) -> Result<Deal, DealError> {
    let bad = |m: &str| DealError::Setup(m.to_string());
    let seats: Vec<SeatSpec> =
        serde_json::from_value(setup.get("seats").cloned().unwrap_or(Value::Null))
            .map_err(|_| bad("setup.seats must list {game_id, real_id} objects"))?;
    let mut roles = match setup {
        Value::Object(m) => m.clone(),
        _ => return Err(bad("setup must be an object")),
    };
    roles.remove("seats");
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
    let seats = seats
        .into_iter()
        .zip(&users)
        .map(|(s, u)| SeatSpec {
            game_id: s.game_id.trim().to_string(),
            real_id: signups
                .iter()
                .find(|(id, _)| id == u)
                .map(|(_, n)| n.clone())
                .unwrap_or(s.real_id),
        })
        .collect();
    Ok(finish(seed, seats, users, roles, &mut rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signups(n: usize) -> Vec<(i64, String)> {
        (0..n).map(|i| (i as i64 + 1, format!("user{i}"))).collect()
    }

    #[test]
    fn dn_2_random_deals_seat_everyone_once_two_kiras_and_commit() {
        let chars: Vec<String> = (0..12).map(|i| format!("c{i}")).collect();
        let d = random_deal(Variant::DeathNote, &signups(9), &chars).expect("deal");
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
        let s = signups(2);
        let ok = json!({"seats": [{"game_id": "A", "real_id": "USER0"}, {"game_id": "B", "real_id": "user1"}], "kira": ["A", "B"]});
        let d = fixed_deal(&s, &ok).expect("deal");
        assert_eq!(d.seats[0].real_id, "user0");
        assert_eq!(d.users, vec![1, 2]);
        let missing = json!({"seats": [{"game_id": "A", "real_id": "user0"}], "kira": ["A", "B"]});
        assert!(fixed_deal(&s, &missing).is_err());
        let stranger = json!({"seats": [{"game_id": "A", "real_id": "eve"}, {"game_id": "B", "real_id": "user1"}], "kira": ["A", "B"]});
        assert!(fixed_deal(&s, &stranger).is_err());
    }
}
