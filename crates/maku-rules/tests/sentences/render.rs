//! A test-only renderer: a variant's typed [`Message`] in a language, through the variant's own
//! catalog (`Rules::catalog`) and the shell's common words (`locales/<lang>/*.ftl`: `list-sep`,
//! `refusal-*` …); a role game also reads the table's words (`table/messages.rs`, outs, ties,
//! ballots, teammates), which live in the classic presets' catalog. It gives the output of the server's `i18n::Tr::say`: arguments rendered first
//! (nested messages in the same language, lists joined by `list-sep`), numbers that read back
//! as written passed as Fluent numbers (plural forms select on them), no isolation marks, a
//! message missing (or failing) in English taken from Chinese, and a key no catalog has shown
//! as itself.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use maku_rules::{Arg, Message, Variant};
use std::cell::RefCell;
use std::collections::HashMap;

/// The languages maku speaks (the server's `i18n::Lang`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }
}

/// A translator bound to one language.
#[derive(Debug, Clone, Copy)]
pub struct Tr {
    pub lang: Lang,
}

/// A bundle: the shell's common catalogs of a language, then one variant's own (or none).
type Bundle = FluentBundle<FluentResource>;

/// Which bundle: the language, and the catalogs it adds by address (the classic presets share
/// one); none for the shell's words alone.
type BundleKey = (Lang, Vec<usize>);

/// The role games, whose table (what they share with the classic presets) speaks through the
/// classic presets' catalog (`roles/messages.rs`).
const ON_THE_CLASSIC_TABLE: [&str; 2] = ["v4wujian", "v5emin"];

/// The catalogs `variant`'s messages read from in `lang`: its own, and the table's for a role
/// game.
fn catalogs_of(variant: Variant, lang: Lang) -> Vec<&'static str> {
    let mut list = vec![variant.catalog(lang.code())];
    if ON_THE_CLASSIC_TABLE.contains(&variant.name()) {
        let classic = Variant::from_name("dongsha").expect("the classic presets");
        list.push(classic.catalog(lang.code()));
    }
    list.retain(|c| !c.is_empty());
    list
}

thread_local! {
    static BUNDLES: RefCell<HashMap<BundleKey, Bundle>> = RefCell::new(HashMap::new());
}

/// The shell's catalogs of `lang`, file by file in name order, as the server loads them.
fn shell_catalogs(lang: Lang) -> Vec<String> {
    let dir = format!(
        "{}/../../locales/{}",
        env!("CARGO_MANIFEST_DIR"),
        lang.code()
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|f| f.expect("a file").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a catalog"))
        .collect()
}

fn bundle(lang: Lang, catalogs: &[&'static str]) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a language");
    let mut bundle = FluentBundle::new(vec![id]);
    bundle.set_use_isolating(false);
    for text in shell_catalogs(lang) {
        let resource = FluentResource::try_new(text).expect("the shell's catalog parses");
        bundle.add_resource(resource).expect("no message twice");
    }
    for text in catalogs {
        let resource =
            FluentResource::try_new(text.to_string()).expect("the variant's catalog parses");
        bundle.add_resource_overriding(resource);
    }
    bundle
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    /// `key` with `args` in one language's bundle, if it has the message and it formats
    /// without errors (`fluent-templates`' lookup).
    fn lookup(
        lang: Lang,
        catalogs: &[&'static str],
        key: &str,
        args: &[(&str, String)],
    ) -> Option<String> {
        let slot = (lang, catalogs.iter().map(|c| c.as_ptr() as usize).collect());
        BUNDLES.with_borrow_mut(|bundles| {
            let bundle = bundles
                .entry(slot)
                .or_insert_with(|| bundle(lang, catalogs));
            let pattern = match key.split_once('.') {
                Some((message, attribute)) => bundle
                    .get_message(message)?
                    .attributes()
                    .find(|a| a.id() == attribute)?
                    .value(),
                None => bundle.get_message(key)?.value()?,
            };
            let mut fluent = FluentArgs::new();
            for (name, value) in args {
                // As `Tr::ta`: a number stays a number only when it reads back as written
                // ("007", a game ID, stays text).
                let value = match value.parse::<i64>() {
                    Ok(n) if n.to_string() == *value => FluentValue::from(n),
                    _ => FluentValue::from(value.clone()),
                };
                fluent.set(name.to_string(), value);
            }
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&fluent), &mut errors);
            errors.is_empty().then(|| text.into_owned())
        })
    }

    /// `key` in this language's bundle (with the catalogs `catalogs_of` gives for a language),
    /// else, in English, in the Chinese one; else the key itself.
    fn format(
        &self,
        catalogs_of: impl Fn(Lang) -> Vec<&'static str>,
        key: &str,
        args: &[(&str, String)],
    ) -> String {
        Tr::lookup(self.lang, &catalogs_of(self.lang), key, args)
            .or_else(|| {
                (self.lang != Lang::Zh)
                    .then(|| Tr::lookup(Lang::Zh, &catalogs_of(Lang::Zh), key, args))
                    .flatten()
            })
            .unwrap_or_else(|| key.to_string())
    }

    /// A message of the shell's own catalogs (`refusal-other`, `list-sep`).
    pub fn t(&self, key: &str) -> String {
        self.format(|_| Vec::new(), key, &[])
    }

    /// `m`, a message of `variant`, through its own catalog.
    pub fn say(&self, variant: Variant, m: &Message) -> String {
        match m {
            Message::Say { key, args, .. } => {
                let args: Vec<(&str, String)> = args
                    .iter()
                    .map(|(k, a)| (*k, self.arg(variant, a)))
                    .collect();
                self.format(|lang| catalogs_of(variant, lang), key, &args)
            }
            Message::Verbatim(text) => text.clone(),
            Message::Joined(list) => list.iter().map(|m| self.say(variant, m)).collect(),
        }
    }

    /// Items as one list ("A, B", "A、B").
    pub fn list(&self, items: impl IntoIterator<Item = String>) -> String {
        items
            .into_iter()
            .collect::<Vec<_>>()
            .join(self.t("list-sep").as_str())
    }

    fn arg(&self, variant: Variant, a: &Arg) -> String {
        match a {
            Arg::Text(t) => t.clone(),
            Arg::Number(n) => n.to_string(),
            Arg::Message(m) => self.say(variant, m),
            Arg::List(items) => self.list(items.iter().map(|a| self.arg(variant, a))),
        }
    }
}
