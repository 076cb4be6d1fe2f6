//! What a Death Note table needs besides the rules: its one phase, the default cast, the draw
//! of the two Kiras for a deal the server makes itself (DN-2), and its action forms.

use crate::forms::{ActionForm, FieldInput, FormField};
use crate::interface::PhaseKind;
use crate::options::{OptionField, OptionInput};
use rand::seq::SliceRandom;
use serde_json::{Value, json};

/// One phase per act: the act itself (its length is the game's act length).
pub const PHASES: [PhaseKind; 1] = [PhaseKind {
    name: "act",
    default_minutes: None,
    aligned: true,
    turn: "turn-speaker",
}];

/// The Death Note cast, the default character list (editable per game).
pub const CAST: [&str; 40] = [
    "夜神月",
    "L",
    "弥海砂",
    "夜神总一郎",
    "尼亚",
    "梅洛",
    "松田桃太",
    "相泽周市",
    "模木完造",
    "伊出英基",
    "宇生田广数",
    "雷·贝鲁",
    "南空直美",
    "高田清美",
    "三上照",
    "火口卿介",
    "渡",
    "威迪",
    "艾拉尔多·科伊尔",
    "杰邦尼",
    "哈尔·里德纳",
    "安东尼·雷斯特",
    "出目川裕志",
    "夜神幸子",
    "夜神粧裕",
    "马特",
    "罗杰",
    "奈南川零司",
    "三堂芯吾",
    "尾々井刚",
    "纪田真一郎",
    "鹰桥鹰男",
    "叶鸟郁夫",
    "树多正彦",
    "北村",
    "佐伯",
    "山本",
    "冈崎",
    "西中",
    "御子柴",
];

/// The seat an action names (kill DN-7, join DN-11, transfer DN-18, Eye DN-21, heir DN-24), as
/// the seat page offers it: another living seat.
const TARGET: FormField = FormField::required("target", FieldInput::OtherLivingSeat);

/// Which notebook acts, for a Kira holding both (empty: the engine picks, DN-6a).
const NOTEBOOK: FormField = FormField::optional("notebook", FieldInput::Choice(&["1", "2"])).int();

/// The action forms, one per action type (replay.md, "Deathnote actions"): what the seat page
/// posts. The irreversible ones (kill, join, transfer, Eye request) ask for a confirmation; a
/// ballot names one or two seats, oneself allowed (DN-14), one select each.
pub const FORMS: [ActionForm; 8] = [
    ActionForm {
        kind: "kill",
        fields: &[
            TARGET,
            FormField::required("real_id", FieldInput::RealId),
            NOTEBOOK,
        ],
        confirm: true,
    },
    ActionForm {
        kind: "join",
        fields: &[TARGET, NOTEBOOK],
        confirm: true,
    },
    ActionForm {
        kind: "pass",
        fields: &[NOTEBOOK],
        confirm: false,
    },
    ActionForm {
        kind: "eye_request",
        fields: &[],
        confirm: true,
    },
    ActionForm {
        kind: "eye_use",
        fields: &[TARGET],
        confirm: false,
    },
    ActionForm {
        kind: "transfer",
        fields: &[TARGET, NOTEBOOK],
        confirm: true,
    },
    ActionForm {
        kind: "heir",
        fields: &[TARGET, NOTEBOOK],
        confirm: false,
    },
    ActionForm {
        kind: "vote",
        fields: &[
            FormField::required("vote1", FieldInput::LivingSeat).item_of("targets"),
            FormField::optional("vote2", FieldInput::LivingSeat).item_of("targets"),
        ],
        confirm: false,
    },
];

/// Death Note's (DN-25 redistribution; the published vote counts).
pub const OPTIONS: [OptionField; 2] = [
    OptionField {
        name: "redistribute",
        input: OptionInput::Flag { default: true },
    },
    OptionField {
        name: "publish_votes",
        input: OptionInput::Flag { default: false },
    },
];

/// DN-2: two different seats of `game_ids` draw the notebooks, N1 then N2: `{"kira": [a, b]}`,
/// as a fixed deal's `setup.kira` names them.
pub fn draw_kiras<R: rand::Rng + ?Sized>(game_ids: &[String], rng: &mut R) -> Value {
    let mut idx: Vec<usize> = (0..game_ids.len()).collect();
    idx.shuffle(rng);
    let kira: Vec<&String> = idx.iter().take(2).map(|&i| &game_ids[i]).collect();
    json!({ "kira": kira })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn dn_2_two_different_seats_are_drawn() {
        let ids: Vec<String> = (0..9).map(|i| format!("c{i}")).collect();
        for seed in 0..50 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let drawn = draw_kiras(&ids, &mut rng);
            let kira = drawn["kira"].as_array().expect("a list");
            assert_eq!(kira.len(), 2);
            assert_ne!(kira[0], kira[1]);
            assert!(kira.iter().all(|k| ids.iter().any(|i| i == k)));
        }
    }
}
