//! What a classic table needs besides the rules: its phase kinds, the default cast, and the
//! action forms of each preset.

use super::preset::Preset;
use super::roles::Call;
use crate::rules::forms::{ActionForm, FieldInput, FormField};
use crate::rules::interface::PhaseKind;

/// The action forms of `preset`'s actions.
pub fn forms(preset: Preset) -> &'static [ActionForm] {
    match preset {
        Preset::Dongsha => &[KILL, CHECK, EXPLODE, SURRENDER, VOTE],
        Preset::Killgame => &[KILL, CHECK, SURRENDER, VOTE],
        Preset::Shengtui => &[KILL, SURRENDER, VOTE],
        Preset::Wujian => &[PEEK, SURRENDER, VOTE],
    }
}

/// The phase kinds of every preset, in their order within an act (a night, last words of its
/// victim, the day's speeches or discussion, votes and PK speeches, last words of the voted-out).
pub const PHASES: [PhaseKind; 6] = [
    PhaseKind {
        name: "night",
        default_minutes: None,
        aligned: true,
    },
    PhaseKind {
        name: "last_words",
        default_minutes: Some(120),
        aligned: false,
    },
    PhaseKind {
        name: "speech",
        default_minutes: Some(120),
        aligned: false,
    },
    PhaseKind {
        name: "discussion",
        default_minutes: None,
        aligned: true,
    },
    PhaseKind {
        name: "vote",
        default_minutes: Some(360),
        aligned: false,
    },
    PhaseKind {
        name: "pk",
        default_minutes: Some(120),
        aligned: false,
    },
];

/// The default character list (wuxia heroes; editable per game): enough for wujian's 20 seats.
pub const CAST: [&str; 24] = [
    "令狐冲",
    "任盈盈",
    "岳不群",
    "林平之",
    "风清扬",
    "东方不败",
    "郭靖",
    "黄蓉",
    "杨过",
    "小龙女",
    "周伯通",
    "黄药师",
    "欧阳锋",
    "一灯",
    "洪七公",
    "张无忌",
    "赵敏",
    "周芷若",
    "乔峰",
    "段誉",
    "虚竹",
    "王语嫣",
    "韦小宝",
    "陈家洛",
];

/// A night's kill (CL-1): any living seat, a teammate or oneself included.
const KILL: ActionForm = ActionForm {
    kind: "kill",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// A night's check (CL-2): any living seat.
const CHECK: ActionForm = ActionForm {
    kind: "check",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// CL-8: irreversible, so confirmed.
const EXPLODE: ActionForm = ActionForm {
    kind: "explode",
    fields: &[],
    confirm: true,
};

/// CL-9, WJ-4: irreversible, so confirmed.
const SURRENDER: ActionForm = ActionForm {
    kind: "surrender",
    fields: &[],
    confirm: true,
};

/// WJ-2: the call to open one's eyes at.
const PEEK: ActionForm = ActionForm {
    kind: "peek",
    fields: &[FormField::required(
        "call",
        FieldInput::Choice(&Call::NAMES),
    )],
    confirm: false,
};

/// CL-6: a living seat, oneself included; left empty, an abstention (`null`). The round is
/// the current one (the form does not ask).
pub(crate) const VOTE: ActionForm = ActionForm {
    kind: "vote",
    fields: &[FormField::optional("target", FieldInput::Candidate).or_null()],
    confirm: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cast_is_distinct_and_fills_the_largest_table() {
        let mut cast = CAST.to_vec();
        cast.sort_unstable();
        cast.dedup();
        assert_eq!(cast.len(), CAST.len(), "distinct names");
        assert!(CAST.len() >= *Preset::Wujian.seats().end());
    }
}
