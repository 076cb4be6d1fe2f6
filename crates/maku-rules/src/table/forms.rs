//! What every table shares besides the rules: the default cast and the vote's action form.

use crate::forms::{ActionForm, FieldInput, FormField};
use crate::options::{OptionField, OptionInput};

/// The default character list (wuxia heroes; editable per game): enough for wujian's 20 seats;
/// the role games take its first 16.
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

/// CL-6 (R4-1, R5-4): a living seat, oneself included; left empty, an abstention (`null`).
/// The round is the current one (the form does not ask).
pub(crate) const VOTE: ActionForm = ActionForm {
    kind: "vote",
    fields: &[FormField::optional("target", FieldInput::Candidate).or_null()],
    confirm: false,
};

/// The table games' options (CL-5: ordered or free speeches). The series link (CL-3) is the
/// shell's own setting ([`crate::Variant::series_option`]), not a field here.
pub const OPTIONS: [OptionField; 1] = [OptionField {
    name: "speeches",
    input: OptionInput::Choice {
        values: &["ordered", "free"],
        default: "ordered",
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cast_is_distinct() {
        let mut cast = CAST.to_vec();
        cast.sort_unstable();
        cast.dedup();
        assert_eq!(cast.len(), CAST.len(), "distinct names");
    }
}
