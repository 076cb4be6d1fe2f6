//! The deal: a game starts from its seats, options and fixed setup (`setup.killers`,
//! `setup.police`, and at a table that deals a role of another book `setup.doctors`,
//! `setup.snipers`, `setup.butterflies`, `setup.secret_police`, `setup.elders`,
//! `setup.undercovers`, `setup.magicians`, `setup.wizards`, `setup.good_civilians`,
//! `setup.evil_civilians`, `setup.needle_doctors`, `setup.dark_elders`,
//! `setup.shield_butterflies`; wujian
//! `setup.factions`), or from roles drawn with the seed's RNG.

use rand::RngExt;
use rand::seq::SliceRandom;
use serde_json::{Map, Value, json};

use super::options::Options;
use super::preset::Table;
use super::roles::{Faction, Role};
use super::state::Game;
pub use crate::table::SetupError;
use crate::table::{self, Seat, bad};
use crate::variant::GameConfig;

/// The seats a setup list names (`None` for an absent, `null` or empty list).
fn seat_list(
    names: &[String],
    v: Option<&Value>,
    key: &str,
) -> Result<Option<Vec<Seat>>, SetupError> {
    let list = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(l)) if l.is_empty() => return Ok(None),
        Some(Value::Array(l)) => l,
        Some(_) => return Err(bad(format!("{key} must be a list of game IDs"))),
    };
    let mut seats = Vec::with_capacity(list.len());
    for v in list {
        let Value::String(name) = v else {
            return Err(bad(format!("{key} must be a list of game IDs")));
        };
        let s = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| bad(format!("unknown seat {name:?} in {key}")))?;
        let s = Seat(s as u8);
        if seats.contains(&s) {
            return Err(bad(format!("{key} names {name:?} twice")));
        }
        seats.push(s);
    }
    Ok(Some(seats))
}

/// The roles of other books a table may deal, each with its fixed deal's key, in the order
/// the deal lists them (after the police): 4.0's doctor (R4-3), 5.0's sniper (R5-1), 4.0's
/// butterfly, secret police and forest elder (R4-3), 4.0's undercover (R4-2), 5.0's magician
/// and wizard (R5-1), 5.0's good and evil civilians (R5-1), 5.0's needle doctor (R5-1), 5.0's
/// forest elder (R5-1, the classic `dark_elder`), 5.0's butterfly (R5-1: the shield
/// butterfly). The keys are lists, as `killers` and `police`: `secret_police` is the role
/// engine's own key (replay.md, `v4wujian`), `butterflies`, `elders`, `undercovers`,
/// `magicians`, `wizards`, `good_civilians` and `evil_civilians` the plurals of its
/// `butterfly`, `elder`, `undercover`, `magician`, `wizard`, `good_civilian` and
/// `evil_civilian`, as `doctors` is of `doctor`; `needle_doctors` is the plural of the classic
/// book's own code for 5.0's doctor (the role engine's `doctor` is the classic table's 4.0
/// doctor), `dark_elders` that of the classic code `dark_elder` for 5.0's forest elder, and
/// `shield_butterflies` that of the classic code `shield_butterfly` for 5.0's butterfly. Each
/// added last: a table without it draws as before.
const ACROSS: [(Role, &str); 13] = [
    (Role::Doctor, "doctors"),
    (Role::Sniper, "snipers"),
    (Role::Butterfly, "butterflies"),
    (Role::SecretPolice, "secret_police"),
    (Role::Elder, "elders"),
    (Role::Undercover, "undercovers"),
    (Role::Magician, "magicians"),
    (Role::Wizard, "wizards"),
    (Role::GoodCivilian, "good_civilians"),
    (Role::EvilCivilian, "evil_civilians"),
    (Role::NeedleDoctor, "needle_doctors"),
    (Role::DarkElder, "dark_elders"),
    (Role::ShieldButterfly, "shield_butterflies"),
];

/// The roles a fixed setup deals, or `None` to draw them.
fn fixed_roles(
    rules: Table,
    names: &[String],
    setup: Option<&Value>,
) -> Result<Option<Vec<Role>>, SetupError> {
    let map = match setup {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(m)) => m,
        Some(_) => return Err(bad("setup must be an object")),
    };
    let n = names.len();
    if rules.is_wujian() {
        let factions = match map.get("factions") {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Object(f)) if f.is_empty() => return Ok(None),
            Some(Value::Object(f)) => f,
            Some(_) => return Err(bad("setup.factions must be an object of two lists")),
        };
        if let Some(k) = factions.keys().find(|k| Faction::from_name(k).is_none()) {
            return Err(bad(format!("unknown faction {k:?} (匪 or 警)")));
        }
        let mut roles: Vec<Option<Role>> = vec![None; n];
        let mut sizes = Vec::new();
        for f in Faction::ALL {
            let seats = seat_list(names, factions.get(f.name()), f.name())?.unwrap_or_default();
            for s in &seats {
                if roles[s.index()].is_some() {
                    return Err(bad(format!("{:?} is in both factions", names[s.index()])));
                }
                roles[s.index()] = Some(Role::Faction(f));
            }
            sizes.push(seats.len());
        }
        if let Some(i) = roles.iter().position(Option::is_none) {
            return Err(bad(format!("{:?} is in no faction (WJ-1)", names[i])));
        }
        sizes.sort_unstable();
        if sizes != [n / 2, n.div_ceil(2)] {
            return Err(bad(format!(
                "the factions must hold {} and {} seats (WJ-1)",
                n.div_ceil(2),
                n / 2
            )));
        }
        return Ok(Some(roles.into_iter().flatten().collect()));
    }
    let killers = seat_list(names, map.get("killers"), "killers")?;
    let police = seat_list(names, map.get("police"), "police")?;
    // R4-2, R4-3, R5-1: `doctors`, `snipers`, `butterflies`, `secret_police`, `elders`,
    // `undercovers`, `magicians`, `wizards`, `good_civilians`, `evil_civilians`,
    // `needle_doctors`, `dark_elders` and `shield_butterflies` are keys of a table that deals
    // that role;
    // elsewhere each is a key the table does not have, ignored as replay.md says of unknown
    // keys (the server's fixed deal refuses it: `Variant::check_fixed_roles`).
    let mut across = Vec::new();
    for (role, key) in ACROSS {
        if rules.deals(role) {
            across.push((role, key, seat_list(names, map.get(key), key)?));
        }
    }
    if killers.is_none() && police.is_none() && across.iter().all(|(.., l)| l.is_none()) {
        return Ok(None);
    }
    let (k, p) = rules.team_sizes(n);
    let killers = killers.unwrap_or_default();
    let police = police.unwrap_or_default();
    if killers.len() != k || police.len() != p {
        return Err(bad(format!(
            "{} with {n} seats deals {k} killers and {p} police, not {} and {}",
            rules.name(),
            killers.len(),
            police.len()
        )));
    }
    let mut roles = vec![Role::Civilian; n];
    for s in &killers {
        roles[s.index()] = Role::Killer;
    }
    for s in &police {
        if roles[s.index()] == Role::Killer {
            return Err(bad(format!(
                "{:?} is a killer and police",
                names[s.index()]
            )));
        }
        roles[s.index()] = Role::Police;
    }
    for (role, _, seats) in across {
        let seats = seats.unwrap_or_default();
        let dealt = rules.count_of(role, n);
        if seats.len() != dealt {
            return Err(bad(format!(
                "{} with {n} seats deals {dealt} {}(s), not {}",
                rules.name(),
                role.name(),
                seats.len()
            )));
        }
        for s in &seats {
            let was = roles[s.index()];
            if was != Role::Civilian {
                return Err(bad(format!(
                    "{:?} is a {} and a {}",
                    names[s.index()],
                    was.name(),
                    role.name()
                )));
            }
            roles[s.index()] = role;
        }
    }
    Ok(Some(roles))
}

/// Draws the secret roles for the seats `game_ids` (seat order), as a fixed setup gives them:
/// `{"killers": […], "police": […]}` (shengtui: the killer alone; a table that deals a role of
/// another book: `"doctors"`, `"snipers"`, `"butterflies"`, `"secret_police"`, `"elders"`,
/// `"undercovers"`, `"magicians"`, `"wizards"`, `"good_civilians"`, `"evil_civilians"`,
/// `"needle_doctors"`, `"dark_elders"`, `"shield_butterflies"` too,
/// drawn from the same shuffle, so a table without one draws as it always did), or wujian's
/// `{"factions": {"匪": […], "警": […]}}` (which faction holds the extra seat of an odd count
/// is drawn too, WJ-1). Each list in seat order.
pub fn draw_roles<R: rand::Rng + ?Sized>(rules: Table, game_ids: &[String], rng: &mut R) -> Value {
    let n = game_ids.len();
    let mut idx: Vec<usize> = (0..n).collect();
    idx.shuffle(rng);
    let list = |seats: &[usize]| {
        let mut s = seats.to_vec();
        s.sort_unstable();
        s.into_iter()
            .map(|i| game_ids[i].clone())
            .collect::<Vec<_>>()
    };
    if rules.is_wujian() {
        let big = n.div_ceil(2);
        let first = if rng.random_range(0..2) == 0 {
            Faction::Fei
        } else {
            Faction::Jing
        };
        let mut factions = Map::new();
        factions.insert(first.name().into(), json!(list(&idx[..big])));
        factions.insert(first.other().name().into(), json!(list(&idx[big..])));
        return json!({ "factions": factions });
    }
    let (k, p) = rules.team_sizes(n);
    let mut m = Map::new();
    m.insert("killers".into(), json!(list(&idx[..k])));
    if p > 0 {
        m.insert("police".into(), json!(list(&idx[k..k + p])));
    }
    // The other books' roles from the same shuffle, after the police's seats, so a table
    // without them draws as it always did.
    let mut from = k + p;
    for (role, key) in ACROSS {
        let d = rules.count_of(role, n);
        if d > 0 {
            // The setup's check keeps the deal within the seats; a short draw is refused as a
            // wrong count by `fixed_roles`, never a panic.
            let drawn = idx.get(from..from + d).unwrap_or_default();
            m.insert(key.into(), json!(list(drawn)));
            from += d;
        }
    }
    Value::Object(m)
}

/// Starts a game of `preset` as `config` says: seat count, distinct game IDs, options, setup.
pub fn start(rules: Table, config: &GameConfig) -> Result<Game, SetupError> {
    let names = table::seat_names(config, rules.name(), rules.seats())?;
    let options = Options::from_json(&config.options).map_err(SetupError::Options)?;
    let roles = table::deal(
        config,
        |setup| fixed_roles(rules, &names, setup),
        |rng| draw_roles(rules, &names, rng),
    )?;
    Ok(Game::new(
        rules,
        options,
        names,
        table::real_ids(config),
        roles,
    ))
}
