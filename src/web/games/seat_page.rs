//! A seat's private page, one for every variant: the seat's game ID, role and what it means,
//! whether it is in, the phase, the facts its variant's sheet gives (`rules::SeatSheet`), its
//! private log, and one form per action it may submit now, drawn from the variant's action
//! forms (`rules::ActionForm`). The forms post to `seat::act`, which turns them into the parsed
//! action with `rules::form_to_action`.
//!
//! Privacy: only the seat's own account (or its game-ID login) sees it, and it shows nothing the
//! seat's own view (`Game::view_for`) and private lines do not.

use super::banner::Banner;
use crate::app::AppState;
use crate::auth::account::Account;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::views::{self, PublicGame, SeatView};
use crate::i18n::Tr;
use crate::rules::{ActionForm, FieldInput, FormError, SeatSheet, Variant};
use crate::web::flash::Flash;
use crate::web::pages::{PageCtx, RuledLine};
use crate::web::viewer::Viewer;
use askama::Template;
use askama_web::WebTemplate;

/// The outcome of the submission just made, shown above the page.
pub struct Outcome {
    pub ok: bool,
    pub text: String,
}

/// One line of a seat's private log (`games/_seat_log.html`).
pub struct LogLine {
    pub act: u64,
    pub text: String,
    pub refused: bool,
    /// The rule behind a refusal, for the line's tooltip (the sentence names none).
    pub rule: Option<&'static str>,
}

/// Facts under one heading, ready to draw.
pub struct FactView {
    pub term: Option<String>,
    pub lines: Vec<FactLineView>,
}

pub struct FactLineView {
    pub text: String,
    pub class: &'static str,
    pub urgent: bool,
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
    /// A text input offering the signed-up real IDs (`<datalist id="real-ids">`).
    pub real_id: bool,
    /// The select's empty choice.
    pub none: String,
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
    /// Hints above its fields, and what it costs above its confirmation.
    pub hints: Vec<String>,
    pub costs: Vec<String>,
    pub fields: Vec<FieldView>,
    pub confirm: bool,
    /// The refusal shown above the page was this form's: its fields point to it.
    pub refused: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/seat.html")]
pub struct SeatPage {
    page: PageCtx,
    game: i64,
    title: String,
    game_id: String,
    /// The seat's real ID, where its variant's deal names it.
    real_id: Option<String>,
    role: String,
    /// The role is one the rules keep secret (highlighted).
    marked: bool,
    /// What the role does in this variant: the seat's own rules at hand.
    role_about: Option<RuledLine>,
    /// The role's state today, as its view tells it.
    notes: Vec<RuledLine>,
    alive: bool,
    /// When and why it went out.
    out: Option<String>,
    /// "Act 1 (day)".
    phase: String,
    /// The step (phase) the forms are made for: each form carries it, and a form sent after
    /// that step ended is refused, not counted in the next one.
    step: u32,
    facts: Vec<FactView>,
    log: Vec<LogLine>,
    forms: Vec<FormView>,
    /// The signed-up real IDs, the suggestions of a real-ID guess (only when a form asks one),
    /// listed once, in the first form that asks.
    real_ids: Vec<String>,
    real_id_form: &'static str,
    /// The team threads the seat is in now: (key, label).
    team_threads: Vec<(&'static str, String)>,
    outcome: Option<Outcome>,
    banner: Banner,
    /// The seat's own notes, in the order written (issue 41).
    own_notes: Vec<NoteView>,
    /// The notes box: the text as typed before a refusal, why it was refused, or that the last
    /// note was kept.
    note_body: String,
    note_error: Option<String>,
    note_saved: Option<String>,
    /// The game is over: no more notes (they are in the seat's replay).
    over: bool,
}

/// One of the seat's notes, ready to draw.
pub struct NoteView {
    /// "Act N".
    pub act: String,
    pub body: String,
    pub at: crate::web::pages::TimeView,
}

impl SeatPage {
    /// Shows the flash the action handler left: the outcome above the page and, after a
    /// refusal, the refused form refilled and pointing to it.
    pub fn with_flash(mut self, flash: Option<Flash>, ctx: &PageData) -> SeatPage {
        if let Some(f) = flash {
            if f.form == super::notes::FORM {
                if f.ok {
                    self.note_saved = Some(f.message);
                } else {
                    self.note_body = f.field("body").to_string();
                    self.note_error = Some(f.message);
                }
                return self;
            }
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
    sheet: SeatSheet,
}

/// The seat's view and the public game, for the seat of `account` in game `game_id`: `404` for
/// no game, `409 game_not_started` before the deal and `409 not_seated` for an account without
/// a seat (the same answers for every variant).
pub async fn read(
    state: &AppState,
    account: &Account,
    game_id: i64,
) -> Result<(SeatView, PublicGame), AppError> {
    let user_id = account.id;
    state
        .db(move |c| {
            // One load of the game for both views.
            let (row, folded) = crate::game::service::load(c, game_id)?;
            if row.status == GameStatus::Signup {
                return Err(AppError::Conflict("game_not_started"));
            }
            let view = views::seat_view_from(c, &row, &folded, user_id)?
                .ok_or(AppError::Conflict("not_seated"))?;
            Ok((view, views::public_from(c, &row, &folded)?))
        })
        .await
}

/// The page of a seat of `variant`.
pub async fn page(
    state: &AppState,
    kept: &crate::game::snapshot::Snapshots,
    viewer: &Viewer,
    variant: Variant,
    view: SeatView,
    public: PublicGame,
) -> Result<(SeatPage, PageData), AppError> {
    let tr = viewer.tr;
    let over = public.winner.is_some() || public.status == GameStatus::Finished;
    let sheet = variant.seat_sheet(&view.state, over);
    let phase = super::phase_name(&tr, variant, public.status, public.phase, public.act);
    let team_threads = view
        .team_threads
        .iter()
        .map(|&k| {
            let label = known(&tr, "game-thread", k).unwrap_or_else(|| tr.t("seat-team-thread"));
            (k, label)
        })
        .collect();
    let mut banner = super::banner::banner(state, kept, viewer, public.id).await?;
    // One owing line, not two saying the same thing: the variant's fuller sentence (with what
    // missing it costs) takes the banner's place.
    // While the judge has stopped the clock nothing is owed by a deadline: the seat is told the
    // game is paused instead of what it would lose.
    if public.paused && !over {
        banner.text = Some(tr.t("seat-paused"));
        banner.deadline = None;
    } else if let Some(owes) = &sheet.owes {
        banner.text = Some(tr.say(owes));
    }
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
        sheet,
    };
    let forms = forms(&tr, &ctx, None);
    let real_id_form = forms
        .iter()
        .find(|f| f.fields.iter().any(|x| x.real_id))
        .map_or("", |f| f.kind);
    let sheet = &ctx.sheet;
    let page = SeatPage {
        page: viewer.page(),
        game: public.id,
        title: public.title.clone(),
        real_id: sheet.real_id.clone(),
        role: tr.say(&sheet.role),
        marked: sheet.marked,
        role_about: sheet.about.as_ref().map(|m| RuledLine::of(&tr, m)),
        notes: sheet.notes.iter().map(|m| RuledLine::of(&tr, m)).collect(),
        alive: view.alive,
        out: sheet.out.as_ref().map(|m| tr.say(m)),
        phase,
        step: public.phase.map_or(public.act, |p| p.step),
        facts: sheet
            .facts
            .iter()
            .map(|f| FactView {
                term: f.term.as_ref().map(|m| tr.say(m)),
                lines: f
                    .lines
                    .iter()
                    .map(|l| FactLineView {
                        text: tr.say(&l.text),
                        class: l.class.unwrap_or(""),
                        urgent: l.urgent,
                    })
                    .collect(),
            })
            .collect(),
        log: view
            .private
            .iter()
            .map(|l| {
                let e = variant.log_entry(&l.line, l.action.as_ref());
                LogLine {
                    act: e.act,
                    text: tr.say(&e.text),
                    refused: e.refused,
                    rule: e.rule,
                }
            })
            .collect(),
        forms,
        real_id_form,
        real_ids: if !real_id_form.is_empty() {
            public.signups.clone()
        } else {
            Vec::new()
        },
        team_threads,
        outcome: None,
        banner,
        own_notes: view
            .notes
            .iter()
            .map(|n| NoteView {
                act: tr.t1("game-act", "act", &n.act),
                body: n.body.clone(),
                at: crate::web::pages::TimeView::new(n.at),
            })
            .collect(),
        note_body: String::new(),
        note_error: None,
        note_saved: None,
        over,
        game_id: view.game_id,
    };
    Ok((page, ctx))
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
    let sheet = &ctx.sheet;
    let typed = |name: &str| refill.map(|r| r.field(name)).unwrap_or("").to_string();
    let fields = form
        .fields
        .iter()
        .filter(|f| !sheet.hidden_fields.contains(&f.name))
        .map(|f| {
            let value = typed(f.name);
            // A select shows what was typed before a refusal, else the seat's choice now.
            let chosen = match refill {
                Some(_) => value.clone(),
                None => sheet.chosen(form.kind, f.name).unwrap_or("").to_string(),
            };
            let seats = |list: &[String], me_too: bool| -> Vec<(String, String)> {
                list.iter()
                    .filter(|g| me_too || **g != ctx.me)
                    .map(|g| (g.clone(), g.clone()))
                    .collect()
            };
            let values: Vec<(String, String)> = match f.input {
                FieldInput::OtherLivingSeat => seats(&ctx.living, false),
                // The rules may still ban the seat itself now (a 5.0 magician holding the
                // kill, R5-1).
                FieldInput::LivingSeat => {
                    seats(&ctx.living, !sheet.not_self.iter().any(|k| k == form.kind))
                }
                FieldInput::Candidate if sheet.candidates.is_empty() => seats(&ctx.living, true),
                FieldInput::Candidate => seats(&sheet.candidates, true),
                FieldInput::Choice(choices) => choices
                    .iter()
                    .map(|c| {
                        let label = known(tr, &format!("action-choice-{}", dashed(f.name)), c)
                            .unwrap_or_else(|| c.to_string());
                        (c.to_string(), label)
                    })
                    .collect(),
                FieldInput::Text | FieldInput::RealId => Vec::new(),
            };
            let text = matches!(f.input, FieldInput::Text | FieldInput::RealId);
            FieldView {
                name: f.name,
                label: field_label(tr, f.name),
                text,
                real_id: f.input == FieldInput::RealId,
                none: known(tr, "action-none", f.name).unwrap_or_else(|| tr.t("seat-choose")),
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
    let notes = |cost: bool| -> Vec<String> {
        sheet
            .notes_of(form.kind, cost)
            .into_iter()
            .map(|m| tr.say(m))
            .collect()
    };
    FormView {
        kind: form.kind,
        id: format!("form-{}", dashed(form.kind)),
        title: action_label(tr, form.kind),
        hints: notes(false),
        costs: notes(true),
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
fn action_label(tr: &Tr, kind: &str) -> String {
    known(tr, "action", kind).unwrap_or_else(|| tr.t("log-some-action"))
}

/// A form field's label (`action-field-<name>`).
fn field_label(tr: &Tr, name: &str) -> String {
    known(tr, "action-field", name).unwrap_or_else(|| tr.t("seat-some-field"))
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
        // Worded as the service words an API body that does not parse.
        FormError::Action(e) => crate::game::service::unparsed(e.clone()).message(tr),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::{Event, Line, Message, Reply};
    use serde_json::json;

    /// Every form, field and phase of every variant has its words in both languages, and a
    /// log line never shows a code, even for what a variant has no words for.
    #[test]
    fn the_seat_page_speaks_both_languages() {
        let tp = Variant::from_name("twophase").expect("the test variant");
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for variant in Variant::all().iter().copied() {
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
            let vote = (
                reply_line(Some(json!({"type": "vote_recorded"})), None),
                tp.parse_action(&json!({"type": "vote", "target": "Birch"}))
                    .ok(),
            );
            let refused = (
                reply_line(None, Some("not_now")),
                tp.parse_action(&json!({"type": "sleep"})).ok(),
            );
            let unknown = (
                Line::Private {
                    act: 2,
                    to: "Oak".into(),
                    event: Event::from_stored(json!({"type": "some_news", "target": "Elm"})),
                },
                None,
            );
            let strange = (reply_line(None, Some("no_such_code")), None);
            let odd_reply = (reply_line(Some(json!({"type": "odd"})), None), None);
            for (l, a) in [&vote, &refused, &unknown, &strange, &odd_reply] {
                let text = tr.say(&tp.line(l, a.as_ref()));
                assert_no_code(&text);
            }
            // Stored actions no game has, or that no longer parse, read as some action.
            let dance = json!({"type": "dance", "with_whom": "Fir"});
            let no_target = json!({"type": "vote", "target": null});
            for a in [&dance, &no_target] {
                assert_no_code(&tr.say(&tp.stored_action(a)));
            }
            assert!(tr.say(&tp.line(&unknown.0, None)).contains("Elm"));
            assert!(tr.say(&tp.stored_action(&dance)).contains("Fir"));
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
        let refused = reply_line(None, Some("not_now"));
        let sleep = tp
            .parse_action(&json!({"type": "sleep"}))
            .expect("an action");
        assert_eq!(
            en.say(&tp.line(&refused, Some(&sleep))),
            "You submitted “sleep” → refused: That action is not open in this phase."
        );
        let e = tp.log_entry(&refused, Some(&sleep));
        assert!(e.refused);
        assert_eq!(e.text, tp.line(&refused, Some(&sleep)));
    }

    /// A reply line of act 1: accepted with `reply`, or refused with `error`.
    fn reply_line(reply: Option<serde_json::Value>, error: Option<&'static str>) -> Line {
        Line::Reply {
            act: 1,
            by: "Oak".into(),
            ok: error.is_none(),
            reply: reply.map(Reply::from_stored),
            error,
        }
    }

    /// A log line names no code: no refusal, event, reply or action type, no catalog key.
    fn assert_no_code(text: &str) {
        for code in [
            "vote_recorded",
            "not_now",
            "some_news",
            "no_such_code",
            "dance",
            "with_whom",
            "odd",
            "seat-",
            "log-",
            "action-",
            "{",
        ] {
            assert!(!text.contains(code), "{code} in {text}");
        }
    }

    /// A classic preset's log reads in its own words, never as codes.
    #[test]
    fn a_classic_log_reads_in_words() {
        let dongsha = Variant::from_name("dongsha").expect("a variant");
        let zh = Tr::new(Lang::Zh);
        let private = |event| Line::Private {
            act: 1,
            to: "夜雨".into(),
            event: Event::from_stored(event),
        };
        let check = private(json!({"type": "check_result", "target": "阿飞", "result": "killer"}));
        assert_eq!(
            zh.say(&dongsha.line(&check, None)),
            "验人结果：阿飞 是杀手。"
        );
        let team =
            private(json!({"type": "teammates", "team": "killers", "seats": ["夜雨", "阿飞"]}));
        assert!(zh.say(&dongsha.line(&team, None)).contains("夜雨、阿飞"));
        let kill = Reply::from_stored(json!({"type": "kill_recorded"}));
        assert!(zh.say(&dongsha.reply(&kill)).contains("记录"));
        assert_ne!(dongsha.reply(&kill), Message::key("log-accepted"));
        let en = Tr::new(Lang::En);
        assert!(en.say(&dongsha.refusal("not_tied")).contains("tied seats"));
        assert_eq!(zh.say(&dongsha.role("civilian")), "平民");
    }
}
