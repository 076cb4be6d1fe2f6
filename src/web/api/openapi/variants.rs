//! What the registry's variants take and give, for the document's descriptions and enums.

use crate::rules::{OptionInput, Variant};

/// What the registry's variants take and give, for the descriptions below: every variant
/// named once, from its own rules.
pub struct Variants {
    pub names: Vec<&'static str>,
    /// Each variant with its options ("NAME `flag`, `choice` (`a`, `b`)"), joined by "; ".
    pub options: String,
    /// Each variant with the keys of its fixed deal ("NAME `key`, …"), joined by "; ".
    pub setups: String,
    /// Every winner a judge may name, each once.
    pub outcomes: Vec<&'static str>,
    /// Every phase kind, each once.
    pub phases: Vec<&'static str>,
    /// Every team thread's key, each once.
    pub teams: Vec<&'static str>,
}

impl Variants {
    pub fn read() -> Variants {
        use rand::SeedableRng;
        let offered: Vec<Variant> = Variant::offered().collect();
        let once = |all: &mut Vec<&'static str>, items: &[&'static str]| {
            for i in items {
                if !all.contains(i) {
                    all.push(i);
                }
            }
        };
        let (mut outcomes, mut phases, mut teams) = (Vec::new(), Vec::new(), Vec::new());
        let mut options = Vec::new();
        let mut setups = Vec::new();
        for v in &offered {
            once(&mut outcomes, v.outcomes());
            once(
                &mut phases,
                &v.phases().iter().map(|k| k.name).collect::<Vec<_>>(),
            );
            once(&mut teams, v.team_threads());
            let fields: Vec<String> = v
                .option_fields()
                .iter()
                .map(|o| match o.input {
                    OptionInput::Choice { values, .. } => format!(
                        "`{}` ({})",
                        o.name,
                        values
                            .iter()
                            .map(|x| format!("`{x}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    OptionInput::Flag { .. } => format!("`{}`", o.name),
                })
                .collect();
            options.push(match fields.is_empty() {
                true => format!("{} none", v.name()),
                false => format!("{} {}", v.name(), fields.join(", ")),
            });
            // The keys a fixed deal gives, as the variant's own draw gives them.
            let ids: Vec<String> = (0..*v.seats().end()).map(|i| format!("s{i}")).collect();
            let drawn = v.draw_roles(&ids, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
            let keys: Vec<String> = drawn
                .as_object()
                .map(|m| m.keys().map(|k| format!("`{k}`")).collect())
                .unwrap_or_default();
            setups.push(format!("{} {}", v.name(), keys.join(", ")));
        }
        Variants {
            names: offered.iter().map(|v| v.name()).collect(),
            options: options.join("; "),
            setups: setups.join("; "),
            outcomes,
            phases,
            teams,
        }
    }
}
