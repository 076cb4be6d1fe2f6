//! The deal: a game starts from its seats, options and a fixed setup naming every special
//! role's seat(s) (the rest hold the fill role: civilians), or from roles drawn with the seed's
//! RNG. The deal is the table's at the game's seat count (`deal_at(n)`).

use rand::seq::SliceRandom;
use serde_json::{Map, Value, json};

use super::role::Role;
use super::state::Game;
use super::table::RoleTable;
pub use crate::table::SetupError;
use crate::table::{self, Speeches, bad};
use crate::variant::GameConfig;

/// The edition of `../shared/rules/roles.md` this engine plays (its second), pinned in a game's
/// options at the start: its own number, so a later edition of another book changes nothing
/// here.
pub const EDITION: u8 = 2;

/// The `setup` key of a role: `killers` and `police` (4.0, lists) name several seats.
fn key(table: RoleTable, role: Role) -> &'static str {
    match role {
        Role::Killer if table.is_v4() => "killers",
        Role::Police if table.is_v4() => "police",
        r => r.name(),
    }
}

/// The roles a setup names at `n` seats, with how many seats each: all but the fill role.
fn specials(table: RoleTable, n: usize) -> impl Iterator<Item = (Role, usize)> {
    let fill = table.fill();
    table
        .deal(n)
        .into_iter()
        .filter(move |(r, _)| Some(*r) != fill)
}

/// Reads the options (`null` or an object): `edition` (only 2, pinned at the start) and
/// `speeches` (`"ordered"`, the default, or `"free"`); anything else is refused.
pub fn options(at: impl Into<RoleTable>, options: &Value) -> Result<Speeches, String> {
    let at: RoleTable = at.into();
    let mut speeches = Speeches::Ordered;
    let Some(map) = table::option_map(options)? else {
        return Ok(speeches);
    };
    for (k, v) in map {
        match k.as_str() {
            "edition" => table::edition(v, EDITION)?,
            // R5-4: 5.0's day is one speech each, in turn; only 4.0 (the classic day) may
            // choose free speeches.
            "speeches" if !at.is_v4() => {
                return Err(
                    "5.0's speeches are one each in turn (R5-4): no speeches option".into(),
                );
            }
            "speeches" => speeches = table::speeches(v)?,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(speeches)
}

/// The game IDs `v` names (a string or a list of strings); `None` for absent, `null` or an
/// empty list.
fn named(v: Option<&Value>, key: &str) -> Result<Option<Vec<String>>, SetupError> {
    let wrong = || bad(format!("setup.{key} must be a game ID or a list of them"));
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(vec![s.clone()])),
        Some(Value::Array(l)) if l.is_empty() => Ok(None),
        Some(Value::Array(l)) => l
            .iter()
            .map(|v| v.as_str().map(str::to_string).ok_or_else(wrong))
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(wrong()),
    }
}

/// The roles a fixed setup deals, or `None` to draw them. A setup must name every special
/// role (a partial one is malformed); unknown keys are ignored.
fn fixed_roles(
    table: RoleTable,
    names: &[String],
    setup: Option<&Value>,
) -> Result<Option<Vec<Role>>, SetupError> {
    let map = match setup {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(m)) => m,
        Some(_) => return Err(bad("setup must be an object")),
    };
    let mut lists = Vec::new();
    for (role, count) in specials(table, names.len()) {
        let k = key(table, role);
        lists.push((role, count, k, named(map.get(k), k)?));
    }
    if lists.iter().all(|(.., l)| l.is_none()) {
        return Ok(None);
    }
    let fill = table.fill().unwrap_or(Role::Civilian);
    let mut roles = vec![fill; names.len()];
    let mut dealt = vec![false; names.len()];
    for (role, count, k, list) in lists {
        let list = list.unwrap_or_default();
        if list.len() != count {
            return Err(bad(format!(
                "{} deals {count} {k}, the setup names {}",
                table.name(),
                list.len()
            )));
        }
        for name in list {
            let i = names
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| bad(format!("unknown seat {name:?} in setup.{k}")))?;
            if dealt[i] {
                return Err(bad(format!("setup names {name:?} twice")));
            }
            dealt[i] = true;
            roles[i] = role;
        }
    }
    Ok(Some(roles))
}

/// Draws the roles for the seats `game_ids` (seat order), as a fixed setup gives them: each
/// special role's game ID (4.0's `killers` and `police`: lists in seat order).
pub fn draw_roles<R: rand::Rng + ?Sized>(
    at: impl Into<RoleTable>,
    game_ids: &[String],
    rng: &mut R,
) -> Value {
    let at: RoleTable = at.into();
    let mut idx: Vec<usize> = (0..game_ids.len()).collect();
    idx.shuffle(rng);
    let mut m = Map::new();
    let mut next = idx.into_iter();
    for (role, count) in specials(at, game_ids.len()) {
        let mut seats: Vec<usize> = next.by_ref().take(count).collect();
        seats.sort_unstable();
        let ids: Vec<&str> = seats.iter().map(|&i| game_ids[i].as_str()).collect();
        let v = match ids.as_slice() {
            [one] if count == 1 => json!(one),
            _ => json!(ids),
        };
        m.insert(key(at, role).into(), v);
    }
    Value::Object(m)
}

/// Starts a game at the table `at` as `config` says: seat count (in the table's range),
/// distinct game IDs, options, setup.
pub fn start(at: impl Into<RoleTable>, config: &GameConfig) -> Result<Game, SetupError> {
    let at: RoleTable = at.into();
    let names = table::seat_names(config, at.name(), at.seats())?;
    let speeches = options(at, &config.options).map_err(SetupError::Options)?;
    let roles = table::deal(
        config,
        |setup| fixed_roles(at, &names, setup),
        |rng| draw_roles(at, &names, rng),
    )?;
    Ok(Game::new(
        at,
        speeches,
        names,
        table::real_ids(config),
        roles,
    ))
}
