//! The action forms of each classic preset (the vote's and the default cast are the table's,
//! `crate::table`).

use super::preset::Preset;
use super::roles::Call;
use crate::forms::{ActionForm, FieldInput, FormField};
use crate::setups::{RoleCode, Setup, Win};
use crate::table::VOTE;

/// The action forms of `preset`'s actions.
pub const fn forms(preset: Preset) -> &'static [ActionForm] {
    match preset {
        Preset::Dongsha => &[KILL, CHECK, EXPLODE, SURRENDER, VOTE],
        Preset::Killgame => &[KILL, CHECK, SURRENDER, VOTE],
        Preset::Shengtui => &[KILL, SURRENDER, VOTE],
        Preset::Wujian => &[PEEK, SURRENDER, VOTE],
    }
}

/// The action forms a classic setup's roles and house rules give (CL-1, CL-2, R4-3's save of a
/// doctor dealt, R5-1's snipe of a sniper dealt, R4-3's hug of a butterfly dealt (R5-1's of a
/// shield butterfly dealt, the same form), secret
/// kill of a secret police dealt and silence of a forest elder dealt (4.0's or 5.0's: one form
/// for both), R5-1's magic of a
/// magician dealt and query of a wizard dealt, dark vote of a good or evil civilian dealt,
/// needle of a needle doctor dealt, CL-8, CL-9, WJ-2), in the presets' order, the night's actions first (the other books' roles
/// after the classic's own).
pub fn forms_of(setup: &Setup) -> &'static [ActionForm] {
    if setup.win == Win::Wujian {
        return forms(Preset::Wujian);
    }
    let mut all = vec![KILL];
    if setup.deals(RoleCode::Police) {
        all.push(CHECK);
    }
    if setup.deals(RoleCode::Doctor) {
        all.push(SAVE);
    }
    if setup.deals(RoleCode::Sniper) {
        all.push(SNIPE);
    }
    if setup.deals(RoleCode::Butterfly) || setup.deals(RoleCode::ShieldButterfly) {
        all.push(HUG);
    }
    if setup.deals(RoleCode::SecretPolice) {
        all.push(SECRET_KILL);
    }
    if setup.deals(RoleCode::Elder) || setup.deals(RoleCode::DarkElder) {
        all.push(SILENCE);
    }
    if setup.deals(RoleCode::Magician) {
        all.push(MAGIC);
    }
    if setup.deals(RoleCode::Wizard) {
        all.push(QUERY);
    }
    if setup.deals(RoleCode::GoodCivilian) || setup.deals(RoleCode::EvilCivilian) {
        all.push(DARK_VOTE);
    }
    if setup.deals(RoleCode::NeedleDoctor) {
        all.push(NEEDLE);
    }
    if setup.day.explode {
        all.push(EXPLODE);
    }
    if setup.day.surrender {
        all.push(SURRENDER);
    }
    all.push(VOTE);
    Box::leak(all.into_boxed_slice())
}

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

/// R4-3: the doctor's save: any living seat, itself included.
const SAVE: ActionForm = ActionForm {
    kind: "save",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// R5-1: the sniper's shot: any living seat, itself included.
const SNIPE: ActionForm = ActionForm {
    kind: "snipe",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// R4-3: the butterfly's hug: a living seat other than itself (R5-1: 5.0's, the shield
/// butterfly's, likewise).
const HUG: ActionForm = ActionForm {
    kind: "hug",
    fields: &[FormField::required("target", FieldInput::OtherLivingSeat)],
    confirm: false,
};

/// R4-3: the secret police's kill, once per game: a living seat other than himself (not
/// confirmed: R4-4 (3), it may be replaced until the night ends).
const SECRET_KILL: ActionForm = ActionForm {
    kind: "secret_kill",
    fields: &[FormField::required("target", FieldInput::OtherLivingSeat)],
    confirm: false,
};

/// R4-3: the forest elder's silence: any living seat, itself included; R5-1: 5.0's forest
/// elder's too (R5-2: while he holds the kill he uses `kill` instead).
const SILENCE: ActionForm = ActionForm {
    kind: "silence",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// R5-1: the magician's magic: a living seat other than himself (R5-2: while he holds the
/// kill he uses `kill` instead, whose form every classic table has).
const MAGIC: ActionForm = ActionForm {
    kind: "magic",
    fields: &[FormField::required("target", FieldInput::OtherLivingSeat)],
    confirm: false,
};

/// R5-1: the wizard's query: a living seat other than himself (R5-2: while he holds the kill
/// he uses `kill` instead, whose form every classic table has).
const QUERY: ActionForm = ActionForm {
    kind: "query",
    fields: &[FormField::required("target", FieldInput::OtherLivingSeat)],
    confirm: false,
};

/// R5-1: a good or evil civilian's dark vote: any living seat, itself included (R5-1's
/// self-ban names neither civilian).
const DARK_VOTE: ActionForm = ActionForm {
    kind: "dark_vote",
    fields: &[FormField::required("target", FieldInput::LivingSeat)],
    confirm: false,
};

/// R5-1: the needle doctor's needle: any living seat, itself included (R5-1's self-ban does
/// not name the doctor).
const NEEDLE: ActionForm = ActionForm {
    kind: "needle",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::CAST;

    #[test]
    fn the_cast_fills_the_largest_table() {
        assert!(CAST.len() >= *Preset::Wujian.seats().end());
    }
}
