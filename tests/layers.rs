//! The layering rules that crates cannot say, read off the source with `syn`.
//!
//! Cargo keeps what it can: the rules engines are the crate `maku-rules`, so the compiler refuses
//! any import from them into the server; here we only hold that crate's dependency list to the
//! allowed one. Inside the server crate, modules are not crates, so this file checks, on every
//! `src/**/*.rs` file of the library outside its tests:
//! - the layer table [`LAYERS`]: no file refers to a module of a higher layer;
//! - the file-level import graph has no cycle;
//! - the game service, the web shell, the notifier and the mail name no variant;
//! - `#[cfg(test)]` marks only the file's closing test module.
//!
//! A file refers to another through any path in its code: `use` items (groups, `self`, `*`,
//! renames), paths in expressions, types and patterns, paths in macros' tokens and in attributes'
//! strings (`serde(with = "crate::…")`). A path is made absolute from the module it is written in
//! (inline `mod`s included): `crate::…`, `self::…`, `super::…`, a child module's name
//! (`console::actions::x`), or a name a `use` of that module brought in. It names the file of its
//! longest module prefix that is a file; an exported macro (`crate::on_backend!`) names the file
//! that defines it. Doc comments are not imports. `src/main.rs` is another crate and is left out.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::sync::OnceLock;
use syn::visit::{self, Visit};

/// The layers of the server crate, lowest first: a top-level module of `src/` (or `rules`, the
/// crate `maku-rules` re-exported as `maku::rules`) may refer only to its own layer's modules and
/// to lower layers. docs/architecture.md draws the same table.
const LAYERS: &[&[&str]] = &[
    // Values and words: the engines, values parsed at the edge, the catalogs, Markdown, the
    // names of the metrics.
    &["rules", "domain", "i18n", "markdown", "telemetry"],
    // The store: schema, rows, queries.
    &["db"],
    // The server's settings and the one error type (which maps the store's errors).
    &["config", "error"],
    // Accounts, sessions and credentials.
    &["auth"],
    // The shared state and the handles it holds (clock, live hub, read marks, mail sender).
    &["app"],
    // Boards and posts.
    &["forum"],
    // The game service.
    &["game"],
    // What reads the games' logs and the forum's posts: notifications, the audit, moderation.
    &["notify", "audit", "moderation"],
    // Mail, from the notifications.
    &["mail"],
    // The background rounds: deadlines, then the notifier, and housekeeping.
    &["scheduler"],
    // HTTP.
    &["web"],
    // The commands and the server's assembly.
    &["cli", "startup"],
];

/// The store's crate, whose modules keep their server paths (`db`, `domain`).
const STORE_SRC: &str = "crates/maku-store/src";

/// What the store's crate may never depend on: a web framework, an async runtime, mail, HTTP.
const NOT_IN_THE_STORE: [&str; 10] = [
    "actix-web",
    "actix-session",
    "askama",
    "askama_web",
    "tokio",
    "futures-util",
    "lettre",
    "reqwest",
    "hyper-util",
    "metrics",
];

/// The normal dependencies the rules crate may have: nothing of the web, the database, an async
/// runtime, mail or HTTP.
const RULES_DEPENDENCIES: [&str; 5] = ["rand", "rand_chacha", "serde", "serde_json", "thiserror"];

/// One path a file names.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ref {
    /// 1-based line.
    line: usize,
    /// The absolute path without `crate`: `["db", "queries", "games", "x"]`.
    path: Vec<String>,
    /// The module of the file it names.
    target: String,
}

impl Ref {
    fn top(&self) -> &str {
        self.path.first().map_or("", String::as_str)
    }

    fn shown(&self) -> String {
        format!("crate::{}", self.path.join("::"))
    }
}

/// One source file of the library.
struct Source {
    /// As shown in messages: `src/game/log.rs`.
    path: String,
    /// Its module: `game::log`; `""` for `src/lib.rs`.
    module: String,
    /// Its text before its test module.
    code: String,
    refs: Vec<Ref>,
    /// `#[cfg(test)]` on anything but the file's last item, a module.
    stray_tests: Vec<usize>,
}

/// `game/log.rs` → `game::log`, `game/mod.rs` → `game`, `lib.rs` → `""`.
fn module_of(rel: &str) -> String {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" {
        String::new()
    } else {
        stem.replace('/', "::")
    }
}

fn is_cfg_test(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg")
        && matches!(&attr.meta, syn::Meta::List(l) if l.tokens.to_string() == "test")
}

fn line_of(span: proc_macro2::Span) -> usize {
    span.start().line
}

/// What a module scope knows by name: its child modules and what its `use` items bring in.
struct Scope {
    module: Vec<String>,
    children: BTreeSet<String>,
    /// A name brought in → its path as written.
    uses: BTreeMap<String, Vec<String>>,
}

impl Scope {
    fn new(module: Vec<String>, items: &[syn::Item]) -> Scope {
        let mut scope = Scope {
            module,
            children: BTreeSet::new(),
            uses: BTreeMap::new(),
        };
        for item in items {
            match item {
                syn::Item::Mod(m) if !m.attrs.iter().any(is_cfg_test) => {
                    scope.children.insert(m.ident.to_string());
                }
                syn::Item::Use(u) if !u.attrs.iter().any(is_cfg_test) => {
                    let mut leaves = Vec::new();
                    use_leaves(&u.tree, Vec::new(), &mut leaves);
                    for (_, path, name) in leaves {
                        if let Some(name) = name {
                            scope.uses.insert(name, path);
                        }
                    }
                }
                _ => {}
            }
        }
        scope
    }
}

/// The leaves of a use tree: (line, path as written, the name it brings in; `None` for `*`).
fn use_leaves(
    tree: &syn::UseTree,
    mut prefix: Vec<String>,
    out: &mut Vec<(usize, Vec<String>, Option<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_leaves(&p.tree, prefix, out);
        }
        syn::UseTree::Name(n) if n.ident == "self" => {
            let name = prefix.last().cloned();
            out.push((line_of(n.ident.span()), prefix, name));
        }
        syn::UseTree::Name(n) => {
            prefix.push(n.ident.to_string());
            out.push((line_of(n.ident.span()), prefix, Some(n.ident.to_string())));
        }
        syn::UseTree::Rename(r) => {
            if r.ident != "self" {
                prefix.push(r.ident.to_string());
            }
            out.push((line_of(r.ident.span()), prefix, Some(r.rename.to_string())));
        }
        syn::UseTree::Glob(g) => out.push((line_of(g.star_token.spans[0]), prefix, None)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, prefix.clone(), out);
            }
        }
    }
}

/// Walks one file, scope by scope, and collects the absolute paths it names.
struct Walker<'a> {
    /// Modules that are files.
    files: &'a BTreeSet<String>,
    /// Exported macro → the module of the file that defines it.
    macros: &'a BTreeMap<String, String>,
    scopes: Vec<Scope>,
    refs: Vec<Ref>,
    /// Lines of `#[cfg(test)]` attributes: (line, on a `mod`).
    tests: Vec<(usize, bool)>,
}

impl Walker<'_> {
    /// `segs` as written in the innermost scope, made absolute (without `crate`); `None` for a
    /// path outside the crate (`std::…`, a dependency, a local name).
    fn absolute(&self, segs: &[String], depth: usize) -> Option<Vec<String>> {
        let scope = self.scopes.last()?;
        let rest = |k: usize| segs[k..].iter().cloned();
        match segs.first()?.as_str() {
            "crate" => Some(rest(1).collect()),
            "maku_rules" => Some(["rules".to_string()].into_iter().chain(rest(1)).collect()),
            "self" => Some(scope.module.iter().cloned().chain(rest(1)).collect()),
            "super" => {
                let mut base = scope.module.clone();
                let mut k = 0;
                while segs.get(k).is_some_and(|s| s == "super") {
                    base.pop()?;
                    k += 1;
                }
                Some(base.into_iter().chain(rest(k)).collect())
            }
            // A module is no value: a one-word path is a local name, not a child.
            name if segs.len() > 1 && scope.children.contains(name) => {
                Some(scope.module.iter().cloned().chain(rest(0)).collect())
            }
            name if depth < 8 => {
                let mut path = scope.uses.get(name)?.clone();
                path.extend(rest(1));
                self.absolute(&path, depth + 1)
            }
            _ => None,
        }
    }

    fn add(&mut self, line: usize, segs: &[String]) {
        let Some(path) = self.absolute(segs, 0) else {
            return;
        };
        let path = match (
            path.as_slice(),
            path.first().and_then(|m| self.macros.get(m)),
        ) {
            ([name], Some(home)) if !self.files.contains(name) => home
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .chain([name.clone()])
                .collect(),
            _ => path,
        };
        let target = (0..=path.len())
            .rev()
            .map(|n| path[..n].join("::"))
            .find(|m| self.files.contains(m))
            .unwrap_or_default();
        self.refs.push(Ref { line, path, target });
    }

    /// Paths in a macro's or an attribute's tokens: `a::b::c` runs (not after `$`, so not
    /// `$crate::…`) and string literals that are `crate::…` or `super::…` paths.
    fn tokens(&mut self, stream: TokenStream) {
        let toks: Vec<TokenTree> = stream.into_iter().collect();
        let punct = |i: usize, c: char| matches!(toks.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Literal(lit) => {
                    let text = lit.to_string();
                    let inner = text.trim_matches('"');
                    let pathlike = inner
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
                    if pathlike && (inner.starts_with("crate::") || inner.starts_with("super::")) {
                        let segs: Vec<String> = inner.split("::").map(str::to_string).collect();
                        self.add(line_of(lit.span()), &segs);
                    }
                }
                TokenTree::Ident(first) => {
                    let mut segs = vec![first.to_string()];
                    let mut j = i + 1;
                    while matches!(toks.get(j), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
                        && punct(j + 1, ':')
                    {
                        let Some(TokenTree::Ident(next)) = toks.get(j + 2) else {
                            break;
                        };
                        segs.push(next.to_string());
                        j += 3;
                    }
                    let after_dollar = i > 0 && punct(i - 1, '$');
                    if segs.len() > 1 && !after_dollar {
                        self.add(line_of(first.span()), &segs);
                    }
                    i = j;
                    continue;
                }
                TokenTree::Punct(_) => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Walker<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if let Some(attr) = m.attrs.iter().find(|a| is_cfg_test(a)) {
            self.tests.push((line_of(attr.pound_token.span), true));
            return;
        }
        let Some((_, items)) = &m.content else {
            return;
        };
        let mut module = self.scopes.last().expect("a scope").module.clone();
        module.push(m.ident.to_string());
        self.scopes.push(Scope::new(module, items));
        for attr in &m.attrs {
            self.visit_attribute(attr);
        }
        for item in items {
            self.visit_item(item);
        }
        self.scopes.pop();
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        for attr in &u.attrs {
            self.visit_attribute(attr);
        }
        let mut leaves = Vec::new();
        use_leaves(&u.tree, Vec::new(), &mut leaves);
        for (line, path, _) in leaves {
            self.add(line, &path);
        }
    }

    /// `pub(super)` and `pub(in crate::a)` say who may see an item, not what it uses.
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() {
            let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
            let line = p.segments.first().map_or(0, |s| line_of(s.ident.span()));
            self.add(line, &segs);
        }
        visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        self.tokens(m.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if is_cfg_test(attr) {
            self.tests.push((line_of(attr.pound_token.span), false));
        }
        if attr.path().is_ident("doc") {
            return;
        }
        if let syn::Meta::List(list) = &attr.meta {
            self.tokens(list.tokens.clone());
        } else {
            visit::visit_attribute(self, attr);
        }
    }
}

/// The exported macros a file defines.
fn exported_macros(file: &syn::File) -> Vec<String> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                m.ident.as_ref().map(ToString::to_string)
            }
            _ => None,
        })
        .collect()
}

/// The references of one file's `code` (module `module`), and its `#[cfg(test)]` lines.
fn references(
    module: &str,
    tree: &syn::File,
    files: &BTreeSet<String>,
    macros: &BTreeMap<String, String>,
) -> (Vec<Ref>, Vec<(usize, bool)>) {
    let module: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let mut walker = Walker {
        files,
        macros,
        scopes: vec![Scope::new(module, &tree.items)],
        refs: Vec::new(),
        tests: Vec::new(),
    };
    walker.visit_file(tree);
    let mut refs = walker.refs;
    refs.sort_by(|a, b| (a.line, &a.path).cmp(&(b.line, &b.path)));
    refs.dedup();
    (refs, walker.tests)
}

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The library's files, sorted by path, each with what it refers to; read and parsed once.
fn sources() -> &'static [Source] {
    static SOURCES: OnceLock<Vec<Source>> = OnceLock::new();
    SOURCES.get_or_init(read_sources)
}

fn read_sources() -> Vec<Source> {
    let mut parsed = Vec::new();
    // The store's crate keeps the server's module paths (`crate::db`, `crate::domain`), so its
    // files join the graph as the modules they were; its `lib.rs` is not the server's root.
    for (dir, not) in [("src", "main.rs"), (STORE_SRC, "lib.rs")] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths = Vec::new();
        walk(&root, &mut paths);
        paths.sort();
        for file in paths {
            let rel = file
                .strip_prefix(&root)
                .expect("a file under its root")
                .to_string_lossy()
                .replace('\\', "/");
            if rel == not {
                continue;
            }
            let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("read {rel}: {e}"));
            let tree = syn::parse_file(&text).unwrap_or_else(|e| panic!("parse {rel}: {e}"));
            parsed.push((format!("{dir}/{rel}"), rel, text, tree));
        }
    }
    let files: BTreeSet<String> = parsed.iter().map(|(_, rel, ..)| module_of(rel)).collect();
    let macros: BTreeMap<String, String> = parsed
        .iter()
        .flat_map(|(_, rel, _, tree)| {
            exported_macros(tree)
                .into_iter()
                .map(move |m| (m, module_of(rel)))
        })
        .collect();
    parsed
        .into_iter()
        .map(|(path, rel, text, tree)| {
            let module = module_of(&rel);
            let (refs, tests) = references(&module, &tree, &files, &macros);
            let closing = match tree.items.last() {
                Some(syn::Item::Mod(m)) => m
                    .attrs
                    .iter()
                    .find(|a| is_cfg_test(a))
                    .map(|a| line_of(a.pound_token.span)),
                _ => None,
            };
            let stray_tests = tests
                .iter()
                .filter(|&&(line, _)| Some(line) != closing)
                .map(|&(line, _)| line)
                .collect();
            let code = match closing {
                Some(line) => text.lines().take(line - 1).collect::<Vec<_>>().join("\n"),
                None => text,
            };
            Source {
                path,
                module,
                code,
                refs,
                stray_tests,
            }
        })
        .collect()
}

/// The file-level graph: module → (module it refers to → first line that does).
type Graph = BTreeMap<String, BTreeMap<String, usize>>;

fn graph(files: &[Source]) -> Graph {
    let mut graph = Graph::new();
    for file in files {
        let edges = graph.entry(file.module.clone()).or_default();
        for r in &file.refs {
            if r.target != file.module && !is_ancestor(&r.target, &file.module) {
                edges.entry(r.target.clone()).or_insert(r.line);
            }
        }
    }
    graph
}

/// Whether `module` is inside `outer` (the crate root `""` holds every module). A file's part of
/// its own module's parent (`super::ApiUser` in `web/api/console.rs`, the `mod.rs` that declares
/// it) is not an edge of the graph: the parent's file is the module itself, which owns its
/// children and lists them (`mod`, the `configure` that mounts their handlers); what it shares
/// with them is not an import across modules. Every other reference is one: to a sibling, a
/// cousin, a child (`console::actions::x`), or another layer.
fn is_ancestor(outer: &str, module: &str) -> bool {
    outer.is_empty() || module.starts_with(&format!("{outer}::"))
}

/// Each cycle of the graph, found depth first: one per edge that closes one, as the files
/// around it with the line of each step (`src/a.rs:3 -> src/b.rs:9 -> src/a.rs`).
fn cycles(graph: &Graph, path_of: impl Fn(&str) -> String) -> Vec<String> {
    fn walk<'a>(
        graph: &'a Graph,
        v: &'a str,
        stack: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
        out: &mut Vec<Vec<&'a str>>,
    ) {
        stack.push(v);
        for w in graph.get(v).into_iter().flat_map(|e| e.keys()) {
            if let Some(at) = stack.iter().position(|s| s == w) {
                out.push(stack[at..].to_vec());
            } else if !done.contains(w.as_str()) {
                walk(graph, w, stack, done, out);
            }
        }
        stack.pop();
        done.insert(v);
    }
    let (mut done, mut rings) = (BTreeSet::new(), Vec::new());
    for v in graph.keys() {
        if !done.contains(v.as_str()) {
            walk(graph, v, &mut Vec::new(), &mut done, &mut rings);
        }
    }
    rings
        .into_iter()
        .map(|ring| {
            let steps: Vec<String> = ring
                .iter()
                .zip(ring.iter().cycle().skip(1))
                .map(|(a, b)| format!("{}:{} -> ", path_of(a), graph[*a][*b]))
                .collect();
            format!("{}{}", steps.concat(), path_of(ring[0]))
        })
        .collect()
}

/// The layer of a top-level module; `None` for the crate root.
fn layer(top: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&top))
}

fn report(what: &str, offenders: &[String]) -> String {
    format!(
        "{what}: {} offender(s)\n  {}",
        offenders.len(),
        offenders.join("\n  ")
    )
}

/// Where in `line` a variant's word stands as a word of its own (camelCase and a plural `s`
/// count as word ends), in any case: Death Note's (`deathnote`, `death note`, `death_note`,
/// `death-note`, `kira`, `死亡笔记`) and the other variants' names (`dongsha`, `killgame`,
/// `shengtui`, `wujian`, `v5emin`, `twophase`, `东杀`, `无间`, `恶民`).
fn variant_words(line: &str) -> Vec<usize> {
    const WORDS: [&str; 15] = [
        "deathnote",
        "death note",
        "death_note",
        "death-note",
        "kira",
        "死亡笔记",
        "dongsha",
        "killgame",
        "shengtui",
        "wujian",
        "v5emin",
        "twophase",
        "东杀",
        "无间",
        "恶民",
    ];
    let b = line.as_bytes();
    let lower = line.to_ascii_lowercase();
    let letter = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_alphabetic());
    let upper = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_uppercase());
    let mut hits = BTreeSet::new();
    for word in WORDS {
        let mut from = 0;
        while let Some(n) = lower[from..].find(word) {
            let at = from + n;
            let end = at + word.len();
            from = end;
            if !word.is_ascii() {
                hits.insert(at);
                continue;
            }
            let starts = at == 0 || !letter(at - 1) || (!upper(at - 1) && upper(at));
            let ends = !letter(end)
                || upper(end)
                || (b[end].eq_ignore_ascii_case(&b's') && (!letter(end + 1) || upper(end + 1)));
            if starts && ends {
                hits.insert(at);
            }
        }
    }
    hits.into_iter().collect()
}

/// The lines of files under `dir` that name a variant, outside their tests, in code or
/// comments: `path:line: text`.
fn naming_a_variant(dir: &str) -> Vec<String> {
    let mut offenders = Vec::new();
    for file in sources().iter().filter(|f| f.path.starts_with(dir)) {
        for (n, line) in file.code.lines().enumerate() {
            if !variant_words(line).is_empty() {
                offenders.push(format!("{}:{}: {}", file.path, n + 1, line.trim()));
            }
        }
    }
    offenders
}

// ---------------------------------------------------------------------------------------------
// The rules.

/// A member crate's normal `[dependencies]`, and any other dependency section it has (build,
/// target-specific).
fn dependencies(manifest: &str) -> (BTreeSet<String>, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(manifest);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{manifest}: {e}"));
    let (mut section, mut normal, mut other) = (String::new(), BTreeSet::new(), Vec::new());
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            let is_deps = section.ends_with("dependencies") || section.contains("dependencies.");
            if is_deps && !["dependencies", "dev-dependencies"].contains(&name) {
                other.push(section.clone());
            }
        } else if section == "dependencies" && !line.is_empty() && !line.starts_with('#') {
            normal.insert(line.split('=').next().expect("a key").trim().to_string());
        }
    }
    (normal, other)
}

/// The rules crate's normal dependencies are exactly the allowed list: no web framework,
/// database, async runtime, mail or HTTP client can reach the engines.
#[test]
fn the_rules_crate_depends_only_on_the_allowed_list() {
    let (normal, other) = dependencies("crates/maku-rules/Cargo.toml");
    let allowed: BTreeSet<String> = RULES_DEPENDENCIES.iter().map(|s| s.to_string()).collect();
    assert_eq!(normal, allowed, "maku-rules' [dependencies]");
    assert!(
        other.is_empty(),
        "maku-rules has other dependency sections: {other:?}"
    );
}

/// The store's crate has the rules and the database, and no web framework, async runtime, mail
/// or HTTP client.
#[test]
fn the_store_crate_has_no_web_runtime_mail_or_http() {
    let (normal, other) = dependencies("crates/maku-store/Cargo.toml");
    assert!(
        normal.contains("maku-rules") && normal.contains("diesel"),
        "{normal:?}"
    );
    let wrong: Vec<&str> = NOT_IN_THE_STORE
        .into_iter()
        .filter(|d| normal.contains(*d))
        .collect();
    assert!(wrong.is_empty(), "maku-store depends on {wrong:?}");
    assert!(!normal.contains("maku"), "the store depends on the server");
    assert!(
        other.is_empty(),
        "maku-store has other dependency sections: {other:?}"
    );
}

/// No file of the server refers to a module of a layer above its own ([`LAYERS`]).
#[test]
fn no_file_refers_up_a_layer() {
    let files = sources();
    let mut offenders = Vec::new();
    for file in files {
        let top = file.module.split("::").next().unwrap_or("");
        let Some(own) = layer(top) else {
            continue;
        };
        for r in &file.refs {
            let above = layer(r.top()).is_none_or(|l| l > own);
            if above && r.top() != top {
                offenders.push(format!("{}:{}: {}", file.path, r.line, r.shown()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "{}",
        report(
            "files refer up a layer (tests/layers.rs LAYERS)",
            &offenders
        )
    );
}

/// Every top-level module of `src/` has its place in the table.
#[test]
fn every_module_has_a_layer() {
    let missing: Vec<String> = sources()
        .iter()
        .filter_map(|f| f.module.split("::").next().map(str::to_string))
        .filter(|top| !top.is_empty() && layer(top).is_none())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert!(missing.is_empty(), "modules without a layer: {missing:?}");
}

/// The file-level import graph of the library has no cycle.
#[test]
fn the_import_graph_has_no_cycle() {
    let files = sources();
    let path_of = |m: &str| {
        files
            .iter()
            .find(|f| f.module == m)
            .map_or("?".to_string(), |f| f.path.clone())
    };
    let found = cycles(&graph(files), path_of);
    assert!(
        found.is_empty(),
        "{}",
        report("the file-level import graph has cycles", &found)
    );
}

/// The game services name no variant (outside their tests), in code or comments.
#[test]
fn game_services_name_no_variant() {
    let offenders = naming_a_variant("src/game/");
    assert!(
        offenders.is_empty(),
        "{}",
        report("files in src/game/ name a variant", &offenders)
    );
}

/// The HTTP shell too: its handlers and pages name no variant (outside their tests), in code or
/// comments. A variant reaches a page only through the registry and its own words.
#[test]
fn the_web_shell_names_no_variant() {
    let offenders = naming_a_variant("src/web/");
    assert!(
        offenders.is_empty(),
        "{}",
        report("files in src/web/ name a variant", &offenders)
    );
}

/// The notifier and the mail name no variant either (outside their tests), in code or comments:
/// a kind of notification is what it asks of a seat, not a variant's word (issue 39 renamed the
/// one that was). The only words let stand are the old names a mailed address may still carry,
/// each as the literal of its entry in `src/notify/renamed.rs`.
#[test]
fn the_notifier_and_the_mail_name_no_variant() {
    const RENAMED: &str = "src/notify/renamed.rs";
    let old_names: Vec<&str> = sources()
        .iter()
        .filter(|f| f.path == RENAMED)
        .flat_map(|f| f.code.lines())
        .filter_map(|l| l.trim().strip_prefix("pub const OLD_NAMES"))
        .flat_map(|l| l.split("(\"").skip(1))
        .filter_map(|l| l.split('"').next())
        .collect();
    assert!(!old_names.is_empty(), "{RENAMED} lists the old names");
    let mut offenders = naming_a_variant("src/notify/");
    offenders.extend(naming_a_variant("src/mail/"));
    offenders.retain(|o| {
        let Some(line) = o.strip_prefix(RENAMED).and_then(|l| l.split_once(": ")) else {
            return true;
        };
        let mut rest = line.1.to_string();
        for old in &old_names {
            rest = rest.replace(&format!("(\"{old}\","), "");
        }
        !variant_words(&rest).is_empty()
    });
    assert!(
        offenders.is_empty(),
        "{}",
        report(
            "files in src/notify/ or src/mail/ name a variant",
            &offenders
        )
    );
}

/// `#[cfg(test)]` marks only a file's last item, its test module: what the graph leaves out is
/// tests, and test helpers never hide in the shipped code.
#[test]
fn tests_live_in_closing_test_modules() {
    let wrong: Vec<String> = sources()
        .iter()
        .flat_map(|f| {
            f.stray_tests
                .iter()
                .map(|l| {
                    format!(
                        "{}:{l}: #[cfg(test)] outside the closing test module",
                        f.path
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(wrong.is_empty(), "{}", report("test modules", &wrong));
}

// ---------------------------------------------------------------------------------------------
// The checker's own assumptions.

/// The refs of `code` as the file of `module` among `files`: (line, shown, target file).
fn refs_of(module: &str, code: &str, files: &[&str]) -> Vec<(usize, String, String)> {
    let files: BTreeSet<String> = files.iter().map(|s| s.to_string()).collect();
    let tree = syn::parse_file(code).expect("valid Rust");
    let macros = exported_macros(&tree)
        .into_iter()
        .map(|m| (m, module.to_string()))
        .collect();
    references(module, &tree, &files, &macros)
        .0
        .into_iter()
        .map(|r| (r.line, r.shown(), r.target))
        .collect()
}

/// The parser on a made-up file `a::b`: groups, `self`, `*`, `as`, `super` chains, child
/// modules, names brought in by `use`, nested modules, macro tokens, attribute strings, no
/// `$crate`, no doc links, no tests.
#[test]
fn the_parser_reads_every_form_of_path() {
    let files = ["", "a", "a::b", "a::b::c", "d", "e"];
    let code = "use std::fmt;\n\
                use crate::a::{b::{self, c::X as Y}, f};\n\
                pub(super) use super::{\n    g, // a sibling item\n    *,\n};\n\
                use super::super::d::Z;\n\
                mod c;\n\
                fn g() { crate::e::h::<u8>(); c::k(); Y::new(); format!(\"{}\", e::no()); }\n\
                /// See [`crate::d`].\n\
                mod inner {\n    use super::super::f;\n    fn i() { self::j(); f::l(); }\n}\n\
                #[serde(with = \"super::d\")]\n\
                struct S;\n\
                macro_rules! m { () => { $crate::d::no() } }\n\
                fn n() { vec![crate::d::m()]; }\n\
                #[cfg(test)]\nmod tests {\n    use crate::e;\n}\n";
    let got = refs_of("a::b", code, &files);
    let want = [
        (2, "crate::a::b", "a::b"),
        (2, "crate::a::b::c::X", "a::b::c"),
        (2, "crate::a::f", "a"),
        (4, "crate::a::g", "a"),
        (5, "crate::a", "a"),
        (7, "crate::d::Z", "d"),
        (9, "crate::a::b::c::X::new", "a::b::c"),
        (9, "crate::a::b::c::k", "a::b::c"),
        (9, "crate::e::h", "e"),
        (12, "crate::a::f", "a"),
        (13, "crate::a::b::inner::j", "a::b"),
        (13, "crate::a::f::l", "a"),
        (15, "crate::a::d", "a"),
        (18, "crate::d::m", "d"),
    ];
    let want: Vec<(usize, String, String)> = want
        .into_iter()
        .map(|(l, p, t)| (l, p.to_string(), t.to_string()))
        .collect();
    assert_eq!(got, want);
    assert_eq!(module_of("a/mod.rs"), "a");
    assert_eq!(module_of("a/b.rs"), "a::b");
    assert_eq!(module_of("lib.rs"), "");
    // `super` at the crate root climbs out of the crate: no path.
    assert!(refs_of("", "use super::d;", &files).is_empty());
    // An exported macro names the file that defines it.
    let code = "#[macro_export]\nmacro_rules! m { () => {} }\nfn f() { crate::m!(); }\n";
    assert_eq!(
        refs_of("d", code, &files),
        [(3, "crate::d::m".to_string(), "d".to_string())]
    );
}

/// A circle made only of relative paths (`super::`, a child module's name, a name a `use`
/// brought in) is found, with its files and lines.
#[test]
fn a_relative_circle_is_found() {
    let files = ["", "w", "w::api", "w::api::console", "w::pages"];
    let modules: BTreeSet<String> = files.iter().map(|s| s.to_string()).collect();
    let sources = [
        (
            "w::api::console",
            "use super::super::pages;\nfn f() { pages::list(); }\n",
        ),
        ("w::pages", "fn g() { super::api::h(); }\n"),
        ("w::api", "mod console;\npub fn h() { console::f(); }\n"),
    ];
    let files: Vec<Source> = sources
        .iter()
        .map(|(module, code)| {
            let tree = syn::parse_file(code).expect("valid Rust");
            let (refs, _) = references(module, &tree, &modules, &BTreeMap::new());
            Source {
                path: format!("src/{}.rs", module.replace("::", "/")),
                module: module.to_string(),
                code: code.to_string(),
                refs,
                stray_tests: Vec::new(),
            }
        })
        .collect();
    let path_of = |m: &str| format!("src/{}.rs", m.replace("::", "/"));
    assert_eq!(
        cycles(&graph(&files), path_of),
        ["src/w/api.rs:2 -> src/w/api/console.rs:1 -> src/w/pages.rs:1 -> src/w/api.rs"]
    );
}

/// `#[cfg(test)]` anywhere but on the closing test module is found.
#[test]
fn a_stray_test_item_is_found() {
    let code = "#[cfg(test)]\nfn helper() {}\nfn f() {}\n#[cfg(test)]\nmod tests {}\n";
    let tree = syn::parse_file(code).expect("valid Rust");
    let (_, tests) = references("a", &tree, &BTreeSet::new(), &BTreeMap::new());
    assert_eq!(tests, [(1, false), (4, true)]);
}

/// The cycle finder finds a cycle, with its files in order, and nothing else.
#[test]
fn the_cycle_finder_finds_cycles() {
    let mut graph: Graph = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "d")] {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), 1);
    }
    assert_eq!(cycles(&graph, str::to_string), ["a:1 -> b:1 -> c:1 -> a"]);
    graph.remove("c");
    assert!(cycles(&graph, str::to_string).is_empty());
}

/// The variant words, as words: camelCase parts and plurals count, longer words do not.
#[test]
fn variant_words_are_words() {
    for hit in [
        "is_kira",
        "kiras_at_open",
        "DeathNoteSettings",
        "the Death Note book",
        "death_note",
        "Variant::DeathNote",
        "newKira",
        "KIRA",
        "《死亡笔记》",
        "\"deathnote\"",
    ] {
        assert_eq!(variant_words(hit).len(), 1, "{hit:?} names a variant");
    }
    for miss in [
        "akira",
        "Kirara",
        "deathnotebook",
        "kirameki",
        "note of death",
    ] {
        assert!(variant_words(miss).is_empty(), "{miss:?} names no variant");
    }
}
