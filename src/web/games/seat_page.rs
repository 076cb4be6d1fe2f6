//! The seat page of a variant without a page of its own (every variant but Death Note): the
//! seat's game ID, role, whether it is in, the phase, its private log, and one form per action
//! it may submit now, drawn from the variant's action forms (`rules::ActionForm`). Its forms
//! post to the same handler as Death Note's (`seat::act`), which turns them into the action
//! object with `rules::form_to_action`.
//!
//! Privacy as on the Death Note page: only the seat's own account (or its game-ID login) sees
//! it, and it shows nothing the seat's own view (`Game::view_for`) and private lines do not.

use super::banner::Banner;
use super::phase_suffix;
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::views::{self, PublicGame, SeatView};
use crate::i18n::Tr;
use crate::rules::{ActionForm, FieldInput, FormError, Variant};
use crate::web::flash::Flash;
use crate::web::pages::PageCtx;
use crate::web::viewer::Viewer;
use askama::Template;
use askama_web::WebTemplate;
use serde_json::Value;

/// The outcome of the submission just made, shown above the page.
pub struct Outcome {
    pub ok: bool,
    pub text: String,
}

/// One line of a seat's private log (both seat pages; `games/_seat_log.html`).
pub struct LogLine {
    pub act: u64,
    pub text: String,
    pub refused: bool,
    /// The rule behind a refusal, for the line's tooltip (the sentence names none).
    pub rule: Option<&'static str>,
}

/// One option of a select.
pub struct OptionView {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// One input of a form, ready to draw.
pub struct FieldView {
    pub name: &'static str,
    pub label: String,
    /// A text input (else a select of `options`).
    pub text: bool,
    pub options: Vec<OptionView>,
    pub required: bool,
    /// The text as typed before a refusal of this form.
    pub value: String,
}

/// One action form, ready to draw.
pub struct FormView {
    pub kind: &'static str,
    /// Its element id, `form-<kind>` (underscores as dashes).
    pub id: String,
    pub title: String,
    pub fields: Vec<FieldView>,
    pub confirm: bool,
    /// The refusal shown above the page was this form's: its fields point to it.
    pub refused: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/seat_generic.html")]
pub struct GenericSeatPage {
    page: PageCtx,
    game: i64,
    title: String,
    game_id: String,
    role: String,
    /// What the role does in this variant (`role-about-<variant>-<role>`), where the catalogs
    /// say it: the seat's own rules at hand.
    role_about: Option<String>,
    /// The role's state today, as its view tells it (silenced, the secret shot spent, the kill
    /// held): `seat-note-…` messages.
    notes: Vec<String>,
    alive: bool,
    /// "Act 1 (day)".
    phase: String,
    log: Vec<LogLine>,
    forms: Vec<FormView>,
    /// The team threads the seat is in now: (key, label).
    team_threads: Vec<(&'static str, String)>,
    outcome: Option<Outcome>,
    banner: Banner,
}

impl GenericSeatPage {
    /// Shows the flash the action handler left: the outcome above the page and, after a
    /// refusal, the refused form refilled and pointing to it.
    pub fn with_flash(mut self, flash: Option<Flash>, ctx: &PageData) -> GenericSeatPage {
        if let Some(f) = flash {
            self.outcome = Some(Outcome {
                ok: f.ok,
                text: f.message.clone(),
            });
            if !f.ok {
                self.forms = forms(&self.page.tr, ctx, Some(&f));
            }
        }
        self
    }
}

/// What the forms are drawn from (kept to redraw them with a refill).
pub struct PageData {
    variant: Variant,
    actions: Vec<&'static str>,
    /// Living game IDs in seat order, and this seat's.
    living: Vec<String>,
    me: String,
    /// The seat's own view: the open vote's candidates, its submissions of the open phase
    /// (shown as each form's choice), what it may not do to itself.
    state: Value,
}

impl PageData {
    /// The seats the open vote is for, when the engine names them (a revote's tied seats).
    fn candidates(&self) -> Vec<String> {
        self.state
            .get("candidates")
            .and_then(Value::as_array)
            .map(|l| {
                l.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether the engine refuses this seat's `kind` on itself now (the view's `not_self`).
    fn not_self(&self, kind: &str) -> bool {
        self.state
            .get("not_self")
            .and_then(Value::as_array)
            .is_some_and(|l| l.iter().any(|k| k.as_str() == Some(kind)))
    }

    /// The value the seat submitted for `field` of its `kind` form in the open phase, if
    /// any: the role games' `action` (`{type, target}`) and `vote`, the classic presets'
    /// `kill`, `check`, `peek` and `vote` (the form's first field).
    fn current(&self, form: &ActionForm, field: &str) -> Option<String> {
        if let Some(a) = self.state.get("action")
            && a.get("type").and_then(Value::as_str) == Some(form.kind)
        {
            return a.get(field).and_then(Value::as_str).map(str::to_string);
        }
        let first = form.fields.first().map(|f| f.name);
        match self.state.get(form.kind) {
            Some(Value::String(v)) if first == Some(field) => Some(v.clone()),
            _ => None,
        }
    }
}

/// The seat's view and the public game, for the seat of `account` in game `game_id`: `404` for
/// no game, `409 game_not_started` before the deal and `409 not_seated` for an account without
/// a seat (the same answers for every variant's page).
pub async fn read(
    state: &AppState,
    account: &Account,
    game_id: i64,
) -> Result<(SeatView, PublicGame), AppError> {
    let user_id = account.id;
    state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            if row.status == "signup" {
                return Err(AppError::Conflict("game_not_started"));
            }
            let view =
                views::seat_view(c, game_id, user_id)?.ok_or(AppError::Conflict("not_seated"))?;
            Ok((view, views::public_game(c, game_id)?))
        })
        .await
}

/// The page of a seat of `variant`.
pub async fn page(
    state: &AppState,
    viewer: &Viewer,
    variant: Variant,
    view: SeatView,
    public: PublicGame,
) -> Result<(GenericSeatPage, PageData), AppError> {
    let tr = viewer.tr;
    let over = public.winner.is_some() || public.status == "finished";
    let ctx = PageData {
        variant,
        actions: if over {
            Vec::new()
        } else {
            view.actions.clone()
        },
        living: public
            .seats
            .iter()
            .filter(|s| s.alive)
            .map(|s| s.game_id.clone())
            .collect(),
        me: view.game_id.clone(),
        state: view.state.clone(),
    };
    let several = variant.phases().len() > 1;
    let phase = match public.phase {
        Some(p) => format!(
            "{}{}",
            tr.t1("game-act", "act", &p.act),
            phase_suffix(&tr, several.then_some(p.kind))
        ),
        None => tr.t1("game-act", "act", &public.act),
    };
    let team_threads = view
        .team_threads
        .iter()
        .map(|&k| {
            let label = known(&tr, "game-thread", k).unwrap_or_else(|| tr.t("seat-team-thread"));
            (k, label)
        })
        .collect();
    let banner = super::banner::banner(state, viewer, public.id).await?;
    Ok((
        GenericSeatPage {
            page: viewer.page(),
            game: public.id,
            title: public.title.clone(),
            role: tr.say(&variant.role(&view.role)),
            role_about: known(&tr, &format!("role-about-{}", variant.name()), &view.role),
            notes: if over || !view.alive {
                Vec::new()
            } else {
                seat_notes(&tr, variant, &view.state)
            },
            alive: view.alive,
            phase,
            log: view
                .private
                .iter()
                .map(|l| LogLine {
                    act: l.get("act").and_then(Value::as_u64).unwrap_or(0),
                    text: line_text(&tr, variant, l),
                    refused: l.get("ok").and_then(Value::as_bool) == Some(false),
                    rule: None,
                })
                .collect(),
            forms: forms(&tr, &ctx, None),
            team_threads,
            outcome: None,
            banner,
            game_id: view.game_id,
        },
        ctx,
    ))
}

/// What the seat's view says of its role's state today: silenced (R4-5, R5-4: what it may not
/// do differs by game), the secret police's shot spent (R4-3), holding the kill (R5-2).
fn seat_notes(tr: &Tr, variant: Variant, view: &Value) -> Vec<String> {
    let on = |key: &str| view.get(key).and_then(Value::as_bool) == Some(true);
    let mut notes = Vec::new();
    if on("silenced") {
        notes.extend(known(tr, "seat-note-silenced", variant.name()));
    }
    if on("secret_kill_spent") {
        notes.push(tr.t("seat-note-secret-kill-spent"));
    }
    if on("holds_kill") {
        notes.push(tr.t("seat-note-holds-kill"));
    }
    notes
}

/// One form per action the seat may submit now that the variant has a form for, in the order
/// of the variant's forms.
fn forms(tr: &Tr, ctx: &PageData, refill: Option<&Flash>) -> Vec<FormView> {
    ctx.variant
        .action_forms()
        .iter()
        .filter(|f| ctx.actions.contains(&f.kind))
        .map(|f| form_view(tr, ctx, f, refill.filter(|r| r.form == f.kind)))
        .collect()
}

fn form_view(tr: &Tr, ctx: &PageData, form: &ActionForm, refill: Option<&Flash>) -> FormView {
    let typed = |name: &str| refill.map(|r| r.field(name)).unwrap_or("").to_string();
    let fields = form
        .fields
        .iter()
        .map(|f| {
            let value = typed(f.name);
            // A select shows what was typed before a refusal, else the seat's choice now.
            let chosen = match refill {
                Some(_) => value.clone(),
                None => ctx.current(form, f.name).unwrap_or_default(),
            };
            let values: Vec<(String, String)> = match f.input {
                FieldInput::OtherLivingSeat => ctx
                    .living
                    .iter()
                    .filter(|g| **g != ctx.me)
                    .map(|g| (g.clone(), g.clone()))
                    .collect(),
                // The engine may still ban the seat itself (`not_self`: a 5.0 magician
                // holding the kill, R5-1).
                FieldInput::LivingSeat => ctx
                    .living
                    .iter()
                    .filter(|g| **g != ctx.me || !ctx.not_self(form.kind))
                    .map(|g| (g.clone(), g.clone()))
                    .collect(),
                FieldInput::Candidate => {
                    let tied = ctx.candidates();
                    let seats = if tied.is_empty() { &ctx.living } else { &tied };
                    seats.iter().map(|g| (g.clone(), g.clone())).collect()
                }
                FieldInput::Choice(choices) => choices
                    .iter()
                    .map(|c| {
                        let label = known(tr, &format!("action-choice-{}", dashed(f.name)), c)
                            .unwrap_or_else(|| c.to_string());
                        (c.to_string(), label)
                    })
                    .collect(),
                FieldInput::Text => Vec::new(),
            };
            FieldView {
                name: f.name,
                label: field_label(tr, f.name),
                text: f.input == FieldInput::Text,
                options: values
                    .into_iter()
                    .map(|(v, label)| OptionView {
                        selected: !chosen.is_empty() && v == chosen,
                        value: v,
                        label,
                    })
                    .collect(),
                required: f.required,
                value,
            }
        })
        .collect();
    FormView {
        kind: form.kind,
        id: format!("form-{}", dashed(form.kind)),
        title: action_label(tr, form.kind),
        fields,
        confirm: form.confirm,
        refused: refill.is_some(),
    }
}

fn dashed(code: &str) -> String {
    code.replace('_', "-")
}

/// The catalogs' message `prefix-<code>` (underscores as dashes), if they have one.
fn known(tr: &Tr, prefix: &str, code: &str) -> Option<String> {
    let key = format!("{prefix}-{}", dashed(code));
    tr.has(&key).then(|| tr.t(&key))
}

/// An action type's name (`action-<kind>`).
pub fn action_label(tr: &Tr, kind: &str) -> String {
    known(tr, "action", kind).unwrap_or_else(|| tr.t("seat-some-action"))
}

/// A form field's label (`action-field-<name>`).
pub fn field_label(tr: &Tr, name: &str) -> String {
    known(tr, "action-field", name).unwrap_or_else(|| tr.t("seat-some-field"))
}

/// A value of an action or event as a reader reads it: text, numbers, lists of them.
fn shown(tr: &Tr, v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(list) => {
            let items: Vec<String> = list.iter().filter_map(|i| shown(tr, i)).collect();
            (!items.is_empty()).then(|| items.join(tr.t("list-sep").as_str()))
        }
        _ => None,
    }
}

/// A submitted action object: its name and its fields ("Vote (Target: Birch)").
fn action_text(tr: &Tr, a: &Value) -> String {
    let name = action_label(tr, a.get("type").and_then(Value::as_str).unwrap_or(""));
    let details: Vec<String> = a
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| k.as_str() != "type")
        .filter_map(|(k, v)| {
            // An empty choice (a classic abstention, CL-6: `{"target": null}`) says so.
            let value = match v {
                Value::Null => tr.t("seat-log-none"),
                _ => shown(tr, v)?,
            };
            Some(match known(tr, "action-field", k) {
                Some(label) => tr.ta("seat-log-field", &[("field", label), ("value", value)]),
                None => value,
            })
        })
        .collect();
    if details.is_empty() {
        name
    } else {
        tr.ta(
            "seat-log-action",
            &[
                ("action", name),
                ("details", details.join(tr.t("list-sep").as_str())),
            ],
        )
    }
}

/// A reply of the rules (`reply-<type>`), else the sentence the other pages give it (a classic
/// preset's), else a plain "accepted".
pub fn reply_text(tr: &Tr, variant: Variant, r: &Value) -> String {
    known(
        tr,
        "reply",
        r.get("type").and_then(Value::as_str).unwrap_or(""),
    )
    .or_else(|| variant.rules().reply_message(r).map(|m| tr.say(&m)))
    .unwrap_or_else(|| tr.t("seat-reply-accepted"))
}

/// A refusal of the rules (`refusal-<code>`), else the general sentences of refusals.
pub fn refusal_text(tr: &Tr, variant: Variant, code: &str) -> String {
    known(tr, "refusal", code).unwrap_or_else(|| tr.say(&variant.refusal(code)))
}

/// The arguments a private event's sentence (`event-<type>`) may use.
const EVENT_ARGS: [&str; 4] = ["target", "role", "partner", "act"];

/// A private event (`event-<type>`), else the sentence the other pages give it (a classic
/// preset's: a check result, the teammates, a peek), else its facts in plain words.
fn event_text(tr: &Tr, variant: Variant, e: &Value) -> String {
    let key = format!(
        "event-{}",
        dashed(e.get("type").and_then(Value::as_str).unwrap_or(""))
    );
    if tr.has(&key) {
        let args: Vec<(&'static str, String)> = EVENT_ARGS
            .iter()
            .filter_map(|k| Some((*k, shown(tr, e.get(*k)?)?)))
            .collect();
        return tr.ta(&key, &args);
    }
    if let Some(m) = variant.rules().private_message(e) {
        return tr.say(&m);
    }
    let details: Vec<String> = e
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| k.as_str() != "type")
        .filter_map(|(_, v)| shown(tr, v))
        .collect();
    if details.is_empty() {
        tr.t("seat-log-private-plain")
    } else {
        tr.t1(
            "seat-log-private",
            "details",
            &details.join(tr.t("list-sep").as_str()),
        )
    }
}

/// One line of the seat's private log (a reply with its action, or a private event).
pub fn line_text(tr: &Tr, variant: Variant, l: &Value) -> String {
    match l.get("kind").and_then(Value::as_str) {
        Some("reply") => {
            let action = l
                .get("action")
                .map(|a| action_text(tr, a))
                .unwrap_or_default();
            let outcome = if l.get("ok").and_then(Value::as_bool) == Some(true) {
                reply_text(tr, variant, l.get("reply").unwrap_or(&Value::Null))
            } else {
                let code = l.get("error").and_then(Value::as_str).unwrap_or("");
                tr.t1(
                    "seat-log-refused",
                    "reason",
                    &refusal_text(tr, variant, code),
                )
            };
            tr.ta(
                "seat-log-reply",
                &[("action", action), ("outcome", outcome)],
            )
        }
        Some("private") => event_text(tr, variant, l.get("event").unwrap_or(&Value::Null)),
        _ => tr.t("seat-log-private-plain"),
    }
}

/// Why a form made no action object, in the reader's language.
pub fn form_error_text(tr: &Tr, e: &FormError) -> String {
    match e {
        FormError::UnknownKind(_) => tr.t("seat-form-unknown"),
        FormError::Unconfirmed => tr.t("seat-confirm-missing"),
        FormError::UnknownField(f) => AppError::UnknownField(f.clone()).message(tr),
        FormError::Repeated(_) => tr.t("seat-field-repeated"),
        FormError::Missing(f) => tr.t1("seat-field-missing", "field", &field_label(tr, f)),
        FormError::Invalid(f) => tr.t1("seat-field-invalid", "field", &field_label(tr, f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

    /// A role game's seat page says what a seat's role state means today, per game.
    #[test]
    fn a_role_seat_reads_its_state_today() {
        let v4 = Variant::from_name("v4wujian").expect("v4");
        let v5 = Variant::from_name("v5emin").expect("v5");
        let tr = Tr::new(Lang::Zh);
        let quiet = json!({"silenced": false, "holds_kill": false});
        assert!(seat_notes(&tr, v5, &quiet).is_empty());
        let n4 = seat_notes(&tr, v4, &json!({"silenced": true}));
        let n5 = seat_notes(&tr, v5, &json!({"silenced": true, "holds_kill": true}));
        assert!(
            n4[0].contains("R4-5") && n4[0].contains("仍可投票"),
            "{n4:?}"
        );
        assert!(
            n5[0].contains("R5-4") && n5[0].contains("不能投票"),
            "{n5:?}"
        );
        assert!(n5[1].contains("R5-2"), "{n5:?}");
        let spent = seat_notes(&tr, v4, &json!({"secret_kill_spent": true}));
        assert!(spent[0].contains("R4-3"), "{spent:?}");
    }

    /// A role game's seat page says what each of its roles does, in both languages, with the
    /// rules it follows.
    #[test]
    fn every_role_of_a_role_game_is_explained_on_its_seat_page() {
        use crate::rules::roles::RoleGame;
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for game in RoleGame::ALL {
                let prefix = format!("role-about-{}", game.name());
                for (role, _) in game.deal() {
                    let about = known(&tr, &prefix, role.name())
                        .unwrap_or_else(|| panic!("{prefix} {}", role.name()));
                    let rule = if game == RoleGame::V4Wujian {
                        "R4-"
                    } else {
                        "R5-"
                    };
                    assert!(
                        about.contains(rule) || *role == crate::rules::roles::Role::Civilian,
                        "{about}"
                    );
                }
            }
        }
    }

    /// Every form, field, reply and refusal of the variants drawn by this page has its words in
    /// both languages, and the log never shows a code.
    #[test]
    fn the_generic_page_speaks_both_languages() {
        let dongsha = Variant::from_name("dongsha").expect("a variant");
        let tp = Variant::from_name("twophase").expect("the test variant");
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            let variants: Vec<Variant> = Variant::all()
                .iter()
                .copied()
                .filter(|v| v.name() != "deathnote")
                .collect();
            for variant in variants {
                for form in variant.action_forms() {
                    assert!(
                        tr.has(&format!("action-{}", dashed(form.kind))),
                        "{}",
                        form.kind
                    );
                    for f in form.fields {
                        assert!(
                            tr.has(&format!("action-field-{}", dashed(f.name))),
                            "{}",
                            f.name
                        );
                    }
                }
                for phase in variant.phases() {
                    assert!(
                        tr.has(&format!("phase-{}", dashed(phase.name))),
                        "{}",
                        phase.name
                    );
                }
            }
            assert!(tr.has("role-player"));
            // The classic presets' replies and refusals have one sentence each, the one every
            // other page gives them: no second set of keys for this page.
            for reply in [
                "kill_recorded",
                "check_recorded",
                "vote_recorded",
                "peek_recorded",
                "exploded",
                "surrendered",
            ] {
                let r = json!({"type": reply});
                assert!(!tr.has(&format!("reply-{}", dashed(reply))), "{reply}");
                let words = tr.say(&dongsha.reply(&r));
                assert_eq!(reply_text(&tr, dongsha, &r), words, "{reply}");
            }
            for code in ["not_your_role", "not_tied", "series_repeat"] {
                assert!(!tr.has(&format!("refusal-{}", dashed(code))), "{code}");
                assert_eq!(
                    refusal_text(&tr, dongsha, code),
                    tr.t(&format!("cl-refusal-{}", dashed(code))),
                    "{code}"
                );
            }
            assert!(tr.has("refusal-not-now"));
            for role in ["killer", "police", "civilian"] {
                assert!(tr.has(&format!("role-{role}")), "{role}");
            }
            let vote = json!({"kind": "reply", "ok": true, "reply": {"type": "vote_recorded"},
                              "action": {"type": "vote", "target": "Birch"}});
            let text = line_text(&tr, tp, &vote);
            assert!(text.contains("Birch"), "{text}");
            let slept = json!({"kind": "reply", "ok": true, "reply": {"type": "slept"},
                               "action": {"type": "sleep"}});
            let refused = json!({"kind": "reply", "ok": false, "error": "not_now",
                                 "action": {"type": "sleep"}});
            let unknown = json!({"kind": "private", "act": 2,
                                 "event": {"type": "some_news", "target": "Elm"}});
            let strange = json!({"kind": "reply", "ok": false, "error": "no_such_code",
                                 "action": {"type": "dance", "with_whom": "Fir"}});
            for l in [&vote, &slept, &refused, &unknown, &strange] {
                let text = line_text(&tr, tp, l);
                for code in [
                    "vote_recorded",
                    "slept",
                    "not_now",
                    "some_news",
                    "no_such_code",
                    "dance",
                    "with_whom",
                    "seat-",
                    "action-",
                    "reply-",
                    "refusal-",
                    "{",
                ] {
                    assert!(!text.contains(code), "{code} in {text}");
                }
            }
            assert!(line_text(&tr, tp, &unknown).contains("Elm"));
            for e in [
                FormError::UnknownKind("dance".into()),
                FormError::Unconfirmed,
                FormError::UnknownField("by".into()),
                FormError::Repeated("target".into()),
                FormError::Missing("target"),
                FormError::Invalid("notebook"),
            ] {
                let text = form_error_text(&tr, &e);
                assert!(
                    !text.contains("seat-") && !text.contains("action-"),
                    "{text}"
                );
            }
        }
        let en = Tr::new(Lang::En);
        let vote = json!({"kind": "reply", "ok": true, "reply": {"type": "vote_recorded"},
                          "action": {"type": "vote", "target": "Birch"}});
        assert_eq!(
            line_text(&en, tp, &vote),
            "You submitted “Vote (Target: Birch)” → Ballot recorded (you may replace it until the \
             deadline; the last one counts)."
        );
        let refused = json!({"kind": "reply", "ok": false, "error": "not_now",
                             "action": {"type": "sleep"}});
        assert_eq!(
            line_text(&en, tp, &refused),
            "You submitted “Sleep” → refused: That action is not open in this phase."
        );
    }

    /// A classic preset drawn by this page reads its replies, private events and
    /// abstentions in words (the sentences of `games::mod`), never as codes or nothing.
    #[test]
    fn a_classic_log_reads_in_words() {
        let dongsha = Variant::from_name("dongsha").expect("a variant");
        let zh = Tr::new(Lang::Zh);
        let check = json!({"kind": "private", "act": 1,
                           "event": {"type": "check_result", "target": "阿飞", "result": "killer"}});
        assert_eq!(line_text(&zh, dongsha, &check), "验人结果：阿飞 是杀手。");
        let team = json!({"kind": "private", "act": 1,
                          "event": {"type": "teammates", "team": "killers", "seats": ["夜雨", "阿飞"]}});
        assert!(line_text(&zh, dongsha, &team).contains("夜雨、阿飞"));
        let kill = json!({"type": "kill_recorded"});
        assert!(reply_text(&zh, dongsha, &kill).contains("记录"));
        assert_ne!(reply_text(&zh, dongsha, &kill), zh.t("seat-reply-accepted"));
        let abstain = json!({"kind": "reply", "ok": true, "reply": {"type": "vote_recorded"},
                             "action": {"type": "vote", "target": null}});
        let en = Tr::new(Lang::En);
        assert!(
            line_text(&en, dongsha, &abstain).starts_with("You submitted “Vote (Target: none)”"),
            "{}",
            line_text(&en, dongsha, &abstain)
        );
        assert!(refusal_text(&en, dongsha, "not_tied").contains("tied seats"));
        assert_eq!(zh.say(&dongsha.role("civilian")), "平民");
    }
}
