//! The composer: a judge's page that builds a setup from a preset's document or another setup's
//! version, shows every problem the rules find beside its field, checks without saving, and
//! saves (a new setup, or the next version of the judge's own). Post/redirect/get: a refusal or
//! a check comes back as a flash holding the fields as typed and the problems by field.

use super::form::{ComposeForm, Line, UnknownField};
use crate::app::AppState;
use crate::auth::account::Account;
use crate::error::AppError;
use crate::game::setups::{self, SetupRef, SetupView};
use crate::i18n::Tr;
use crate::rules::setups::{Book, LastWords, PRESETS, RoleCode, ThirdTie, Win, preset, read};
use crate::web::flash::{self, Flash};
use crate::web::pages::PageCtx;
use crate::web::posted::Posted;
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

/// The flash field holding the problems, `[[field, message], …]` (no form field has this name).
const PROBLEMS: &str = "!problems";

/// What the composer makes: a new setup, or the next version of setup `id`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    New,
    Edit(i64),
}

impl Target {
    fn path(self) -> String {
        match self {
            Target::New => "/setups/new".into(),
            Target::Edit(id) => format!("/setups/{id}/edit"),
        }
    }
}

/// Only judges compose (and not under a game ID's login).
fn composer(viewer: &Viewer) -> Result<&Account, AppError> {
    let a = viewer.require()?;
    if a.is_judge() && !a.is_alias() {
        Ok(a)
    } else {
        Err(AppError::Forbidden)
    }
}

/// A choice of a select: (value, label).
type Choice = (String, String);

#[derive(Template, WebTemplate)]
#[template(path = "setups/compose.html")]
struct ComposePage {
    page: PageCtx,
    /// Where the form posts.
    action: String,
    /// Editing setup (id, name, newest version); `None`: a new setup.
    editing: Option<(i64, String, i64)>,
    form: ComposeForm,
    lines: Vec<Line>,
    starts: Vec<Choice>,
    books: Vec<Choice>,
    roles: Vec<Choice>,
    wins: Vec<Choice>,
    civilians_out: Vec<Choice>,
    speeches: Vec<Choice>,
    pk_rounds: Vec<Choice>,
    third_ties: Vec<Choice>,
    last_words: Vec<Choice>,
    /// (field, message), in the rules' order.
    problems: Vec<(String, String)>,
    error: Option<String>,
    notice: Option<String>,
    /// The bots' estimate of the version the form started from: its heading, note and lines.
    balance: Option<(String, String, Vec<String>)>,
}

impl ComposePage {
    /// The problems beside field `name`, as one text.
    fn problem_text(&self, name: &str) -> Option<String> {
        let found: Vec<&str> = self
            .problems
            .iter()
            .filter(|(f, _)| f == name)
            .map(|(_, m)| m.as_str())
            .collect();
        (!found.is_empty()).then(|| found.join(" "))
    }

    /// A field's attributes when a problem is about it: marked invalid, described by its
    /// problems.
    fn attrs(&self, name: &str) -> String {
        if self.problems.iter().any(|(f, _)| f == name) {
            format!(r#" aria-invalid="true" aria-describedby="p-{name}""#)
        } else {
            String::new()
        }
    }

    fn selected(&self, value: &str, chosen: &str) -> &'static str {
        if value == chosen { " selected" } else { "" }
    }

    fn field(&self, kind: &str, i: &usize) -> String {
        format!("{kind}_{i}")
    }
}

fn choices<'a>(items: impl IntoIterator<Item = (&'a str, String)>) -> Vec<Choice> {
    items.into_iter().map(|(v, l)| (v.to_string(), l)).collect()
}

/// A role's name with its code, for the selects (the code tells 4.0's elder from 5.0's apart
/// in no way; the book does).
fn role_choices(tr: &Tr) -> Vec<Choice> {
    RoleCode::ALL
        .iter()
        .map(|&c| {
            (
                c.name().to_string(),
                tr.say(&crate::rules::setups::role_name(c)),
            )
        })
        .collect()
}

#[derive(Deserialize)]
struct StartQuery {
    /// A preset's name, or a stored version `<id>.<version>`.
    #[serde(default)]
    from: Option<String>,
}

/// `<id>.<version>`.
fn version_ref(raw: &str) -> Option<SetupRef> {
    let (id, version) = raw.trim().split_once('.')?;
    Some(SetupRef {
        id: id.parse().ok()?,
        version: version.parse().ok()?,
    })
}

/// The form a start point fills: a preset's document, or a stored version's (forked from it,
/// which is returned too: its balance is shown).
async fn started_from(
    state: &AppState,
    from: &str,
) -> Result<(ComposeForm, Option<SetupView>), AppError> {
    if let Some(setup) = preset(from) {
        return Ok((ComposeForm::from_document(&setup.to_json()), None));
    }
    let r = version_ref(from).ok_or(AppError::NotFound)?;
    let s = setups::read(state, r.id, Some(r.version)).await?;
    let mut form = ComposeForm::from_document(&s.document);
    form.based_on = format!("{}.{}", s.id, s.version);
    Ok((form, Some(s)))
}

/// The form as a flash kept it, and the problems it carried.
fn from_flash(f: &Flash) -> (ComposeForm, Vec<(String, String)>) {
    let fields: serde_json::Map<String, serde_json::Value> = f
        .fields
        .iter()
        .filter(|(k, _)| k.as_str() != PROBLEMS)
        .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
        .collect();
    let form = serde_json::from_value(serde_json::Value::Object(fields)).unwrap_or_default();
    let problems = serde_json::from_str(f.field(PROBLEMS)).unwrap_or_default();
    (form, problems)
}

/// The fields as typed (and the problems), kept for the page the form returns to.
fn to_flash(mut flash: Flash, form: &ComposeForm, problems: &[(String, String)]) -> Flash {
    if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(form) {
        for (k, v) in m {
            if let Some(v) = v.as_str() {
                flash = flash.with(&k, v);
            }
        }
    }
    if !problems.is_empty() {
        let text = serde_json::to_string(problems).unwrap_or_default();
        flash = flash.with(PROBLEMS, &text);
        if let Some((field, _)) = problems.first() {
            flash = flash.about(field);
        }
    }
    flash
}

/// The composer of a new setup, or of the next version of `editing` (its newest version, read
/// by the caller); `start` fills the form unless a flash kept one, and `base` is the stored
/// version it started from, when the caller read it already.
async fn compose_page(
    state: &AppState,
    viewer: &Viewer,
    editing: Option<SetupView>,
    start: Option<ComposeForm>,
    base: Option<SetupView>,
) -> Result<ComposePage, AppError> {
    let tr = viewer.tr;
    let target = editing.as_ref().map_or(Target::New, |s| Target::Edit(s.id));
    let kept = flash::take(state, viewer, &target.path()).await?;
    let (form, problems, error, notice) = match &kept {
        Some(f) => {
            let (form, problems) = from_flash(f);
            let (error, notice) = match f.ok {
                true => (None, Some(f.message.clone())),
                false => (Some(f.message.clone()), None),
            };
            (form, problems, error, notice)
        }
        None => {
            // The first preset's document when nothing else is chosen.
            let form = start.unwrap_or_else(|| {
                let first = PRESETS.first().and_then(|(name, _)| preset(name));
                ComposeForm::from_document(&first.map(|s| s.to_json()).unwrap_or_default())
            });
            (form, Vec::new(), None, None)
        }
    };
    // The estimate of the stored version the form started from, where the bots play it.
    let base = match (&editing, base, version_ref(&form.based_on)) {
        (Some(s), _, _) => Some(s.clone()),
        (None, Some(b), Some(r)) if (b.id, b.version) == (r.id, r.version) => Some(b),
        (None, _, Some(r)) => setups::read(state, r.id, Some(r.version)).await.ok(),
        (None, _, None) => None,
    };
    let balance = match base {
        Some(s) => {
            let variant = super::variant_of(&s);
            super::balance_lines(state, &tr, s.id, s.version, variant)
                .await
                .map(|(note, lines)| {
                    let heading = tr.ta(
                        "compose-base-balance",
                        &[("id", s.id.to_string()), ("version", s.version.to_string())],
                    );
                    (heading, note, lines)
                })
        }
        None => None,
    };
    let mut starts: Vec<Choice> = PRESETS
        .iter()
        .map(|(name, _)| (name.to_string(), tr.variant(name)))
        .collect();
    for s in setups::names(state).await? {
        starts.push((
            format!("{}.{}", s.id, s.version),
            format!("#{} {} v{}", s.id, s.name, s.version),
        ));
    }
    Ok(ComposePage {
        page: viewer.page(),
        action: target.path(),
        editing: editing.map(|s| (s.id, s.name, s.version)),
        lines: form.lines_to_draw(),
        form,
        starts,
        books: Book::ALL
            .iter()
            .map(|b| {
                (
                    b.name().to_string(),
                    tr.t(&format!("compose-book-{}", b.name())),
                )
            })
            .collect(),
        roles: role_choices(&tr),
        wins: Win::RULES
            .iter()
            .map(|r| (r.to_string(), tr.t(&format!("compose-win-{r}"))))
            .collect(),
        civilians_out: choices(crate::rules::setups::CiviliansOut::ALL.iter().map(|c| {
            (
                c.name(),
                tr.t(&format!("compose-civilians-out-{}", c.name())),
            )
        })),
        speeches: choices(
            ["ordered", "free"]
                .into_iter()
                .map(|s| (s, tr.t(&format!("compose-speeches-{s}")))),
        ),
        pk_rounds: choices(
            ["2", "1", "0"]
                .into_iter()
                .map(|n| (n, tr.t(&format!("compose-pk-rounds-{n}")))),
        ),
        third_ties: choices(
            ThirdTie::ALL
                .iter()
                .map(|t| (t.name(), tr.t(&format!("compose-third-tie-{}", t.name())))),
        ),
        last_words: choices(
            LastWords::ALL
                .iter()
                .map(|l| (l.name(), tr.t(&format!("compose-last-words-{}", l.name())))),
        ),
        problems,
        error,
        notice,
        balance,
    })
}

#[get("/setups/new")]
async fn new_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    q: web::Query<StartQuery>,
) -> Result<ComposePage, AppError> {
    composer(&viewer)?;
    let (start, base) = match q.from.as_deref() {
        Some(from) => {
            let (form, base) = started_from(&state, from).await?;
            (Some(form), base)
        }
        None => (None, None),
    };
    compose_page(&state, &viewer, None, start, base).await
}

#[get("/setups/{id:[0-9]+}/edit")]
async fn edit_form(
    viewer: Viewer,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<ComposePage, AppError> {
    let account = composer(&viewer)?;
    let s = setups::read(&state, *id, None).await?;
    if s.author_id != account.id {
        return Err(AppError::Forbidden);
    }
    let start = ComposeForm::from_document(&s.document);
    compose_page(&state, &viewer, Some(s), Some(start), None).await
}

#[post("/setups/new")]
async fn create(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<ComposeForm>,
) -> Result<HttpResponse, AppError> {
    submit(&state, &viewer, form, Target::New).await
}

#[post("/setups/{id:[0-9]+}/edit")]
async fn revise(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    Posted { viewer, form }: Posted<ComposeForm>,
) -> Result<HttpResponse, AppError> {
    submit(&state, &viewer, form, Target::Edit(*id)).await
}

/// Reads the form's document; a check or a refusal returns to the composer with the fields
/// and every problem; a save goes to the saved version's page.
async fn submit(
    state: &AppState,
    viewer: &Viewer,
    form: ComposeForm,
    target: Target,
) -> Result<HttpResponse, AppError> {
    let account = composer(viewer)?;
    let tr = &viewer.tr;
    let back = target.path();
    let (document, from) = form
        .document()
        .map_err(|UnknownField(f)| AppError::UnknownField(f))?;
    let based_on = match form.based_on.trim() {
        "" => None,
        raw => Some(version_ref(raw).ok_or(AppError::BadRequest(format!("based_on {raw:?}")))?),
    };
    let mut problems: Vec<(String, String)> = match read(&document) {
        Ok(_) => Vec::new(),
        Err(found) => found
            .iter()
            .map(|p| (form.field_of(p, &from), tr.say(&p.message)))
            .collect(),
    };
    let saving = form.action.trim() == "save";
    if saving
        && target == Target::New
        && let Err(e) = crate::domain::Title::parse(&form.name)
    {
        problems.insert(0, ("name".into(), AppError::from(e).message(tr)));
    }
    if !problems.is_empty() {
        let f = to_flash(
            Flash::refusal("", tr.t("error-invalid-setup")),
            &form,
            &problems,
        );
        return flash::redirect(state, viewer, &back, f).await;
    }
    if !saving {
        let f = to_flash(Flash::notice(tr.t("compose-holds")), &form, &[]);
        return flash::redirect(state, viewer, &back, f).await;
    }
    let saved = match target {
        Target::New => setups::save(state, account, &form.name, based_on, &document).await,
        Target::Edit(id) => setups::revise(state, account, id, &document).await,
    };
    match saved {
        Ok(r) => {
            let to = format!("/setups/{}?version={}", r.id, r.version);
            let notice = Flash::notice(tr.t1("compose-saved", "version", &r.version));
            flash::redirect(state, viewer, &to, notice).await
        }
        Err(e @ AppError::Invalid("setup_based_on_unknown")) => {
            let f = to_flash(Flash::refusal("", e.message(tr)), &form, &[]);
            flash::redirect(state, viewer, &back, f).await
        }
        Err(e) => Err(e),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(new_form)
        .service(edit_form)
        .service(create)
        .service(revise);
}
