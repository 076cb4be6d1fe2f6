//! An admin's fixed deal (the API's `start` with a `setup`) is exactly one variant's shape. A
//! replay scenario may leave roles to its seed and its unknown `setup` keys are ignored
//! (replay.md); a fixed deal on the server may not: a key of another variant (`kira` in a
//! dongsha game), a typo, or a role left out would start a game with a deal the admin never
//! sent, announced as fixed.

use rand::SeedableRng;
use serde_json::{Map, Value};

use super::{ConfigError, Variant};

impl Variant {
    /// Checks the roles of a fixed deal (its `setup` besides the seats) for the seats
    /// `game_ids`: the keys are those the variant's own draw gives ([`Variant::draw_roles`]),
    /// every one of them present and naming seats, and no other. The engine then checks the
    /// seats they name (team sizes, unknown or repeated seats) when the game starts.
    pub fn check_fixed_roles(
        self,
        game_ids: &[String],
        roles: &Map<String, Value>,
    ) -> Result<(), ConfigError> {
        if !self.seats().contains(&game_ids.len()) {
            // The engine refuses the seat count itself.
            return Ok(());
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let shape = match self.draw_roles(game_ids, &mut rng) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        // An empty list equals an absent key (replay.md, api.md): `"police": []` in a preset
        // without police names no one. A key outside the shape with anything in it is refused.
        let empty = |v: &Value| matches!(v, Value::Array(l) if l.is_empty());
        if let Some((key, _)) = roles
            .iter()
            .find(|(k, v)| !shape.contains_key(*k) && !empty(v))
        {
            return Err(ConfigError::UnknownSetupKey(key.clone()));
        }
        for key in shape.keys() {
            let named = match roles.get(key) {
                None | Some(Value::Null) => false,
                Some(Value::String(s)) => !s.is_empty(),
                Some(Value::Array(l)) => !l.is_empty(),
                Some(Value::Object(m)) => !m.is_empty(),
                Some(_) => true,
            };
            if !named {
                return Err(ConfigError::Setup(format!(
                    "setup.{key} is missing: a fixed deal of {} names every role",
                    self.name()
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ids(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("s{i}")).collect()
    }

    fn check(v: &str, n: usize, roles: Value) -> Result<(), ConfigError> {
        let v = Variant::from_name(v).expect("variant");
        let Value::Object(m) = roles else {
            panic!("an object")
        };
        v.check_fixed_roles(&ids(n), &m)
    }

    #[test]
    fn dn_2_wj_1_a_fixed_deal_has_exactly_its_variants_keys() {
        assert_eq!(check("deathnote", 6, json!({"kira": ["s0", "s1"]})), Ok(()));
        assert_eq!(
            check(
                "dongsha",
                8,
                json!({"killers": ["s0", "s1"], "police": ["s2", "s3"]})
            ),
            Ok(())
        );
        assert_eq!(check("shengtui", 6, json!({"killers": ["s0"]})), Ok(()));
        // An empty list of a role the variant lacks equals its absence (replay.md, api.md).
        assert_eq!(
            check("shengtui", 6, json!({"killers": ["s0"], "police": []})),
            Ok(())
        );
        assert_eq!(
            check("deathnote", 6, json!({"kira": ["s0", "s1"], "killers": []})),
            Ok(())
        );
        assert_eq!(
            check(
                "wujian",
                4,
                json!({"factions": {"匪": ["s0", "s1"], "警": ["s2", "s3"]}})
            ),
            Ok(())
        );
        // Another variant's key, a stray key, a key a preset does not have.
        for (v, n, roles, key) in [
            ("dongsha", 8, json!({"kira": ["s0", "s1"]}), "kira"),
            (
                "dongsha",
                8,
                json!({"killers": ["s0", "s1"], "police": ["s2", "s3"], "evil": 1}),
                "evil",
            ),
            (
                "shengtui",
                6,
                json!({"killers": ["s0"], "police": ["s1"]}),
                "police",
            ),
            (
                "deathnote",
                6,
                json!({"kira": ["s0", "s1"], "police": {}}),
                "police",
            ),
            (
                "deathnote",
                6,
                json!({"kira": ["s0", "s1"], "killers": ["s2"]}),
                "killers",
            ),
        ] {
            assert_eq!(
                check(v, n, roles),
                Err(ConfigError::UnknownSetupKey(key.into())),
                "{v} {key}"
            );
        }
        // Roles left out: nothing may be drawn behind a fixed deal.
        for (v, n, roles) in [
            ("dongsha", 8, json!({})),
            ("dongsha", 8, json!({"killers": ["s0", "s1"]})),
            ("deathnote", 6, json!({"kira": []})),
            ("wujian", 4, json!({"factions": {}})),
            ("v5emin", 10, json!({"butterfly": "s0"})),
        ] {
            assert!(
                matches!(check(v, n, roles.clone()), Err(ConfigError::Setup(_))),
                "{v} {roles}"
            );
        }
    }
}
