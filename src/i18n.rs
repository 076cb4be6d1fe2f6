//! Interface text in the reader's language, from the Fluent catalogs in `locales/`.
//!
//! Simplified Chinese is the default; English is chosen by the language switch (a cookie) or by
//! `Accept-Language`.

use crate::rules::{Arg, Message, Variant};
use fluent_templates::fluent_bundle::{FluentResource, FluentValue};
use fluent_templates::{Loader, static_loader};
use std::borrow::Cow;
use std::collections::HashMap;
use unic_langid::{LanguageIdentifier, langid};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "zh-CN",
        // Bidi isolation marks around arguments would end up inside HTML attributes and names.
        // Each variant's own catalog joins its language's bundle.
        customise: |bundle| {
            bundle.set_use_isolating(false);
            let lang = bundle.locales.first().map(ToString::to_string).unwrap_or_default();
            for resource in variant_catalogs(&lang) {
                bundle.add_resource_overriding(resource);
            }
        },
    };
}

/// The variants' catalogs in the language `lang`, parsed once (variants sharing a catalog, as
/// the classic presets do, add it once). A catalog that does not parse is a build error caught
/// by the tests, so it is skipped here rather than failing every page.
fn variant_catalogs(lang: &str) -> Vec<&'static FluentResource> {
    let mut seen: Vec<&'static str> = Vec::new();
    for v in Variant::all() {
        let text = v.catalog(lang);
        if !text.is_empty() && !seen.iter().any(|s| std::ptr::eq(*s, text)) {
            seen.push(text);
        }
    }
    seen.into_iter()
        .filter_map(|text| FluentResource::try_new(text.to_string()).ok())
        .map(|r| &*Box::leak(Box::new(r)))
        .collect()
}

/// The languages maku speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
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

    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        if code == "zh" || code.starts_with("zh-") || code.starts_with("zh_") {
            Some(Lang::Zh)
        } else if code == "en" || code.starts_with("en-") || code.starts_with("en_") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The first language of an `Accept-Language` header we speak, by quality.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut offers: Vec<(f32, Lang)> = header
            .split(',')
            .filter_map(|part| {
                let mut pieces = part.split(';');
                let lang = Lang::from_code(pieces.next()?)?;
                let q = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .and_then(|q| q.parse::<f32>().ok())
                    .unwrap_or(1.0);
                Some((q, lang))
            })
            .collect();
        // Stable sort: equal qualities keep the header's order.
        offers.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        offers.first().map(|(_, l)| *l)
    }

    fn langid(self) -> LanguageIdentifier {
        match self {
            Lang::Zh => langid!("zh-CN"),
            Lang::En => langid!("en"),
        }
    }
}

/// A translator bound to one language; templates call `tr.t("key")`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tr {
    pub lang: Lang,
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    /// The message `key`; a missing key shows itself rather than failing the page.
    /// A message without arguments never changes, so each thread keeps the ones it has
    /// formatted: a thread page asks for the same few labels on every post.
    pub fn t(&self, key: &str) -> String {
        thread_local! {
            static FORMATTED: std::cell::RefCell<[HashMap<Box<str>, String>; Lang::ALL.len()]> =
                std::cell::RefCell::new(Default::default());
        }
        FORMATTED.with_borrow_mut(|by_lang| {
            let cache = &mut by_lang[self.lang as usize];
            if let Some(text) = cache.get(key) {
                return text.clone();
            }
            // Only found messages are kept, so the cache is never larger than the catalogs.
            match LOCALES.try_lookup(&self.lang.langid(), key) {
                Some(text) => {
                    cache.insert(key.into(), text.clone());
                    text
                }
                None => key.to_string(),
            }
        })
    }

    /// The message `key` with named arguments.
    pub fn ta(&self, key: &str, args: &[(&'static str, String)]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(k, v)| {
                // Numbers stay numbers, so that plural forms select on them; only a number
                // written as Fluent writes it back ("007", a game ID, stays text).
                let value = match v.parse::<i64>() {
                    Ok(n) if n.to_string() == *v => FluentValue::from(n),
                    _ => FluentValue::from(v.clone()),
                };
                (Cow::Borrowed(*k), value)
            })
            .collect();
        LOCALES
            .try_lookup_with_args(&self.lang.langid(), key, &map)
            .unwrap_or_else(|| key.to_string())
    }

    /// One named argument, the common case in templates.
    pub fn t1(&self, key: &str, name: &'static str, value: &dyn std::fmt::Display) -> String {
        self.ta(key, &[(name, value.to_string())])
    }

    pub fn has(&self, key: &str) -> bool {
        LOCALES.try_lookup(&self.lang.langid(), key).is_some()
    }

    /// What readers call the variant named `name`: a preset by the catalogs (`variant-<name>`),
    /// a judge's own setup by its name and version.
    pub fn variant(&self, name: &str) -> String {
        match Variant::from_name(name).and_then(Variant::label) {
            Some(label) => label.to_string(),
            None => self.t(&format!("variant-{name}")),
        }
    }

    /// A typed message of an engine in the reader's language.
    pub fn say(&self, m: &Message) -> String {
        match m {
            Message::Say { key, args, .. } if args.is_empty() => self.t(key),
            Message::Say { key, args, .. } => {
                let args: Vec<(&'static str, String)> =
                    args.iter().map(|(k, a)| (*k, self.arg(a))).collect();
                self.ta(key, &args)
            }
            Message::Verbatim(text) => text.clone(),
            Message::Joined(list) => list.iter().map(|m| self.say(m)).collect(),
        }
    }

    /// Messages as one list ("A, B", "A、B").
    pub fn list(&self, items: impl IntoIterator<Item = String>) -> String {
        items
            .into_iter()
            .collect::<Vec<_>>()
            .join(self.t("list-sep").as_str())
    }

    fn arg(&self, a: &Arg) -> String {
        match a {
            Arg::Text(t) => t.clone(),
            Arg::Number(n) => n.to_string(),
            Arg::Message(m) => self.say(m),
            Arg::List(items) => self.list(items.iter().map(|a| self.arg(a))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge's and the system's labels, in both languages, cannot be registered as names
    /// (`domain::account`, in the store's crate, holds the rest of the reserved names).
    #[test]
    fn reserved_labels() {
        for lang in [Lang::Zh, Lang::En] {
            let tr = Tr::new(lang);
            for label in ["thread-judge", "feed-judge", "judge", "admin", "player"] {
                let shown = tr.t(label);
                // A label that is no valid name ("The judge") cannot be registered anyway.
                if let Ok(name) = crate::domain::Username::parse(&shown) {
                    assert!(name.is_reserved(), "{label} = {shown}");
                }
            }
        }
    }

    /// The message keys of a catalog, which must parse (a message starts its line: `key =`).
    fn keys(text: &str) -> std::collections::BTreeSet<String> {
        if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
            panic!("a catalog does not parse: {errors:?}");
        }
        text.lines()
            .filter_map(|l| l.split_once(" ="))
            .map(|(key, _)| key)
            .filter(|key| {
                key.starts_with(|c: char| c.is_ascii_alphabetic())
                    && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
            .map(str::to_string)
            .collect()
    }

    /// No message is defined twice in a language's catalogs, within a file or across files: the
    /// bundle would refuse the second and no page of that language would render.
    #[test]
    fn no_message_is_defined_twice() {
        for lang in Lang::ALL {
            let mut seen: HashMap<String, String> = HashMap::new();
            let dir = format!("locales/{}", lang.code());
            for file in std::fs::read_dir(&dir).expect("a locale folder") {
                let path = file.expect("a file").path();
                let text = std::fs::read_to_string(&path).expect("a catalog");
                for line in text.lines() {
                    let Some((key, _)) = line.split_once(" =") else {
                        continue;
                    };
                    if !key.starts_with(|c: char| c.is_ascii_alphabetic())
                        || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    {
                        continue;
                    }
                    let here = path.display().to_string();
                    if let Some(first) = seen.insert(key.to_string(), here.clone()) {
                        panic!("{key} in {first} and {here}");
                    }
                }
            }
        }
    }

    /// Every problem a setup document may have, every sentence of a setup's page, and every
    /// role a setup may deal, is worded in both languages (`locales/*/setups.ftl`, `locales/*/games.ftl`).
    #[test]
    fn every_setup_problem_and_role_is_worded() {
        for lang in Lang::ALL {
            let read = |file: &str| {
                std::fs::read_to_string(format!("locales/{}/{file}", lang.code()))
                    .expect("a catalog")
            };
            let setups = keys(&read("setups.ftl"));
            for key in crate::rules::setups::PROBLEM_KEYS {
                assert!(setups.contains(*key), "{key} in {}", lang.code());
            }
            for key in crate::rules::setups::describe::keys() {
                assert!(setups.contains(&key), "{key} in {}", lang.code());
            }
            let games = keys(&read("games.ftl"));
            for role in crate::rules::setups::RoleCode::ALL {
                let Message::Say { key, .. } = crate::rules::setups::role_name(*role) else {
                    panic!("a catalog key");
                };
                assert!(games.contains(key.as_ref()), "{key} in {}", lang.code());
            }
        }
    }

    /// A role game's seat page says what each of its roles does, in both languages, with the
    /// rules it follows as the line's tooltip (the sheet's `about` applies them), never as rule
    /// codes in the sentence a player reads.
    #[test]
    fn every_role_of_a_role_game_is_explained() {
        use crate::rules::roles::RoleGame;
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for game in RoleGame::ALL {
                let v = Variant::from_name(game.name()).expect("a role game");
                let rule = if game.is_v4() { "R4-" } else { "R5-" };
                for (role, _) in game.deal() {
                    let view = crate::rules::SeatView::from_stored(
                        serde_json::json!({"role": role.name(), "alive": true}),
                    );
                    let message = v.seat_sheet(&view, false).about;
                    let message =
                        message.unwrap_or_else(|| panic!("{} {}", game.name(), role.name()));
                    let about = tr.say(&message);
                    assert!(!about.starts_with("role-about"), "{about}");
                    assert!(
                        !about.contains(rule),
                        "no rule code in the sentence: {about}"
                    );
                    assert!(
                        message.applies().is_some_and(|r| r.starts_with(rule))
                            || role == crate::rules::roles::Role::Civilian,
                        "{about}: {:?}",
                        message.applies()
                    );
                }
            }
        }
    }

    /// Each variant's own catalog parses, speaks both languages with the same messages, and
    /// names no message another catalog has (the bundle would take one of them silently).
    #[test]
    fn every_variant_catalog_parses_in_both_languages() {
        let mut seen: Vec<&'static str> = Vec::new();
        for v in Variant::all() {
            let (zh, en) = (v.catalog("zh-CN"), v.catalog("en"));
            if seen.iter().any(|s| std::ptr::eq(*s, zh)) {
                continue;
            }
            seen.push(zh);
            let (zk, ek) = (keys(zh), keys(en));
            assert!(!zk.is_empty(), "{} has no catalog", v.name());
            assert_eq!(zk, ek, "{}: the two languages differ", v.name());
            // Loaded into both bundles: `has` formats without arguments, so it can tell only
            // for a message that takes none; the sentence tests read the others.
            let plain = zh
                .lines()
                .filter(|l| !l.contains('$'))
                .filter_map(|l| l.split_once(" ="))
                .map(|(k, _)| k)
                .filter(|k| zk.contains(*k));
            for key in plain {
                for lang in Lang::ALL {
                    assert!(Tr::new(lang).has(key), "{key} not loaded in {lang:?}");
                }
            }
        }
        // The shell's own catalogs, which the variants' must not repeat either.
        let mut all = std::collections::BTreeSet::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/zh-CN");
        for file in std::fs::read_dir(dir).expect("locales") {
            let text = std::fs::read_to_string(file.expect("a file").path()).expect("a catalog");
            all.extend(keys(&text));
        }
        for text in seen {
            for key in keys(text) {
                assert!(
                    all.insert(key.clone()),
                    "{key} is in two variants' catalogs"
                );
            }
        }
    }

    /// Players read sentences, not rule codes (issue 38 item 11): no message of any catalog (the
    /// shell's, every variant's, both languages) names a rule (`DN-19`, `R4-3`, `CL-7`…) in its
    /// words, but the rules book's links (which name the book's range of rules) and the judges'
    /// series hint on the create form. A message's rule is its tooltip (`Message::rule`).
    #[test]
    fn no_catalog_names_a_rule_code_in_running_text() {
        const FOR_JUDGES_AND_THE_BOOK: [&str; 4] = [
            "rules-book-link",
            "rules-book-link-classic",
            "rules-book-link-roles",
            "new-series-hint",
        ];
        let code = |text: &str| {
            let b = text.as_bytes();
            ["DN-", "CL-", "R4-", "R5-", "WJ-"].iter().any(|p| {
                text.match_indices(p)
                    .any(|(i, _)| b.get(i + p.len()).is_some_and(u8::is_ascii_digit))
            })
        };
        let mut texts: Vec<String> = Vec::new();
        for lang in ["zh-CN", "en"] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("locales")
                .join(lang);
            for file in std::fs::read_dir(dir).expect("locales") {
                texts.push(
                    std::fs::read_to_string(file.expect("a file").path()).expect("a catalog"),
                );
            }
            for v in Variant::all() {
                texts.push(v.catalog(lang).to_string());
            }
        }
        let mut named = Vec::new();
        for text in &texts {
            // A message and its continuation lines; comments (`#`) are for translators.
            let mut key = "";
            for line in text.lines() {
                if line.starts_with('#') {
                    continue;
                }
                if let Some((k, _)) = line.split_once(" =")
                    && !line.starts_with(' ')
                {
                    key = k;
                }
                if code(line) && !FOR_JUDGES_AND_THE_BOOK.contains(&key) {
                    named.push(format!("{key}: {line}"));
                }
            }
        }
        assert!(named.is_empty(), "rule codes in running text: {named:#?}");
    }

    #[test]
    fn a_name_made_of_digits_keeps_its_zeros() {
        let tr = Tr::new(Lang::En);
        let text = tr.t1("turn-speaker", "name", &"007");
        assert!(text.contains("007"), "{text}");
        assert!(tr.t1("turn-speaker", "name", &"42").contains("42"));
    }

    #[test]
    fn accept_language_picks_by_quality() {
        assert_eq!(Lang::from_accept_language("en-US,en;q=0.9"), Some(Lang::En));
        assert_eq!(
            Lang::from_accept_language("fr, zh-CN;q=0.8, en;q=0.5"),
            Some(Lang::Zh)
        );
        assert_eq!(Lang::from_accept_language("de, fr"), None);
        assert_eq!(
            Lang::from_accept_language("zh;q=0.2, en;q=0.9"),
            Some(Lang::En)
        );
    }

    #[test]
    fn both_catalogs_have_the_same_keys_file_by_file() {
        fn keys(path: &std::path::Path) -> Vec<String> {
            let text = std::fs::read_to_string(path).expect("catalog readable");
            let mut keys: Vec<String> = text
                .lines()
                .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && l.contains(" ="))
                .filter_map(|l| l.split(" =").next().map(str::to_string))
                .collect();
            keys.sort();
            keys
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let mut files = 0;
        for entry in std::fs::read_dir(root.join("zh-CN")).expect("catalog folder") {
            let path = entry.expect("entry").path();
            let name = path.file_name().expect("a file name").to_owned();
            let zh = keys(&path);
            let en = keys(&root.join("en").join(&name));
            assert!(!zh.is_empty(), "{name:?} is empty");
            assert_eq!(
                zh, en,
                "{name:?}: zh-CN and en must define the same messages"
            );
            files += 1;
        }
        assert_eq!(
            files,
            std::fs::read_dir(root.join("en")).expect("en").count()
        );
    }

    #[test]
    fn every_error_code_has_a_message() {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for code in [
                "game_started",
                "seat_count",
                "game_not_started",
                "not_seated",
                "act_closed",
                "concurrent_change",
                "already_resolved",
                "game_over",
                "game_not_over",
                "cannot_post_here",
                "game_thread",
                "judge_cannot_play",
                "name_taken",
                "thread_locked",
                "wrong_password",
                "slug_taken",
                "self_demotion",
                "not_found",
                "unauthorized",
                "forbidden",
                "csrf",
                "gone",
                "rate_limited",
                "bad_credentials",
                "internal",
                "database_busy",
            ] {
                let key = format!("error-{}", code.replace('_', "-"));
                assert!(tr.has(&key), "{key} is missing in {lang:?}");
            }
        }
    }

    /// Every `AppError::Conflict("code")` written anywhere in the sources has its message.
    #[test]
    fn every_conflict_code_in_the_sources_has_a_message() {
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("source folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("i18n.rs")
                {
                    let text = std::fs::read_to_string(&path).expect("source");
                    for part in text.split("Conflict(\"").skip(1) {
                        if let Some(code) = part.split('"').next() {
                            out.push(code.to_string());
                        }
                    }
                }
            }
        }
        let mut codes = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut codes,
        );
        assert!(codes.len() > 20, "found {} codes", codes.len());
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for code in &codes {
                let key = format!("error-{}", code.replace('_', "-"));
                assert!(tr.has(&key), "{key} is missing in {lang:?}");
            }
        }
    }

    #[test]
    fn arguments_are_interpolated_without_isolation_marks() {
        let tr = Tr::new(Lang::En);
        let s = tr.t1("greeting", "name", &"alice");
        assert!(s.contains("alice"));
        assert!(!s.contains('\u{2068}'));
    }
}
