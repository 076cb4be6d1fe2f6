//! The layering rules, checked on the source text of `src/`.
//!
//! The file-level import graph is built from every `src/**/*.rs` file of the library without its
//! `#[cfg(test)]` module (in this codebase that module runs from its attribute line to the end of
//! the file; `test_modules_end_their_files` checks it). A file refers to another through
//! - `use crate::…;` and `use super::…;` items, nested `{a, b::{c, d}}` groups, `self` and `*` in
//!   groups and `as` renames included;
//! - inline `crate::a::b::…` paths (doc links included) and `super::…` paths anywhere else.
//!
//! `super` is the parent of the file's module: in `src/a/mod.rs` (module `a`) it is the crate
//! root, in `src/a/b.rs` (module `a::b`) it is `a`. A path names the file of its longest module
//! prefix that is a file: `crate::db::queries::games::x` is `src/db/queries/games.rs`. Each leaf
//! of a `use` group counts, not the group's prefix (`use crate::db::{models, schema}` names
//! `db/models.rs` and `db/schema.rs`, not `db/mod.rs`). A `#[macro_export]` macro
//! (`crate::on_backend!`) names the file that defines it. `src/main.rs` is another crate (it
//! reaches the library as `maku::`) and is not in the graph. Only `std` is used here.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::Path;

/// One source file of the library.
struct Source {
    /// As shown in messages: `src/game/log.rs`.
    path: String,
    /// Its module: `game::log`; `""` for `src/lib.rs`.
    module: String,
    /// The whole text.
    full: String,
    /// The text before its `#[cfg(test)]` line.
    code: String,
}

/// One path a file names.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ref {
    /// 1-based line of the path (of the last segment written, for a `use` leaf).
    line: usize,
    /// The absolute path without its leading `crate`: `["db", "queries", "games", "x"]`; for an
    /// exported macro `crate::m`, the path of its file's module and `m`.
    path: Vec<String>,
    /// The module of the file it names (longest prefix of `path` that is a file).
    target: String,
    /// The absolute path as written (`path` differs for an exported macro).
    shown: String,
}

impl Ref {
    fn top(&self) -> &str {
        self.path.first().map(String::as_str).unwrap_or("")
    }
}

/// The library's files, sorted by path.
fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(&root)
            .expect("a file under src/")
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "main.rs" {
            continue;
        }
        let full = fs::read_to_string(&file).unwrap_or_else(|e| panic!("read {rel}: {e}"));
        let code = strip_tests(&full).to_string();
        out.push(Source {
            path: format!("src/{rel}"),
            module: module_of(&rel),
            full,
            code,
        });
    }
    out
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

/// Whether `line` is a `#[cfg(test)]` attribute line.
fn is_cfg_test(line: &str) -> bool {
    line.trim() == "#[cfg(test)]"
}

/// The text before the first `#[cfg(test)]` line.
fn strip_tests(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if is_cfg_test(line) {
            return &text[..at];
        }
        at += line.len();
    }
    text
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// A path as written, at its byte offset: `(offset, ["super", "b", "X"])`.
type Leaf = (usize, Vec<String>);

/// A byte range of the text.
type Span = (usize, usize);

/// The file-level graph: module → (module it refers to → first line that does).
type Graph = BTreeMap<String, BTreeMap<String, usize>>;

/// A token of a `use` tree.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Colons,
    Open,
    Close,
    Comma,
    Star,
}

/// Tokens of `text` (a `use` item's tree) with their byte offsets; comments are skipped.
/// `None` if `text` is not a use tree (the word `use` in a comment or a string).
fn tokens(text: &str, base: usize) -> Option<Vec<(Tok, usize)>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if text[i..].starts_with("/*") {
            i = text[i..].find("*/").map_or(b.len(), |n| i + n + 2);
        } else if text[i..].starts_with("::") {
            out.push((Tok::Colons, base + i));
            i += 2;
        } else if is_ident_byte(c) {
            let start = i;
            while i < b.len() && is_ident_byte(b[i]) {
                i += 1;
            }
            out.push((Tok::Ident(text[start..i].to_string()), base + start));
        } else {
            let tok = match c {
                b'{' => Tok::Open,
                b'}' => Tok::Close,
                b',' => Tok::Comma,
                b'*' => Tok::Star,
                _ => return None,
            };
            out.push((tok, base + i));
            i += 1;
        }
    }
    Some(out)
}

/// Expands one use tree at `toks[*i..]` under `prefix` into its leaves `(offset, path)`;
/// `None` if it is not a well-formed tree.
fn use_tree(
    toks: &[(Tok, usize)],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<Leaf>,
) -> Option<()> {
    let mut path = prefix;
    loop {
        let (tok, off) = toks.get(*i)?;
        let off = *off;
        *i += 1;
        match tok {
            Tok::Ident(name) => {
                if name != "self" {
                    path.push(name.clone());
                }
                match toks.get(*i) {
                    Some((Tok::Colons, _)) => *i += 1,
                    Some((Tok::Ident(kw), _)) if kw == "as" => {
                        *i += 2;
                        out.push((off, path));
                        return Some(());
                    }
                    _ => {
                        out.push((off, path));
                        return Some(());
                    }
                }
            }
            Tok::Star => {
                out.push((off, path));
                return Some(());
            }
            Tok::Open => loop {
                match toks.get(*i) {
                    Some((Tok::Close, _)) => {
                        *i += 1;
                        return Some(());
                    }
                    Some((Tok::Comma, _)) => *i += 1,
                    Some(_) => use_tree(toks, i, path.clone(), out)?,
                    None => return None,
                }
            },
            _ => return None,
        }
    }
}

/// `crate::…` and `super::…` `use` items of `code`: their byte spans and leaves.
fn use_items(code: &str) -> Vec<(Span, Vec<Leaf>)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(n) = code[from..].find("use") {
        let at = from + n;
        from = at + 3;
        let before_ok = at == 0 || !is_ident_byte(b[at - 1]);
        let after_ok = b.get(at + 3).is_some_and(|c| c.is_ascii_whitespace());
        if !before_ok || !after_ok {
            continue;
        }
        let start = at + 3 + (code[at + 3..].len() - code[at + 3..].trim_start().len());
        let rest = &code[start..];
        if !(rest.starts_with("crate::") || rest.starts_with("super::")) {
            continue;
        }
        let Some(len) = rest.find(';') else {
            continue;
        };
        let mut leaves = Vec::new();
        let mut i = 0;
        let tree = tokens(&rest[..len], start)
            .and_then(|toks| use_tree(&toks, &mut i, Vec::new(), &mut leaves).map(|()| toks));
        // A whole tree, or not a `use` item at all (then its paths count as inline ones).
        if tree.is_some_and(|toks| i == toks.len()) {
            out.push(((start, start + len), leaves));
            from = start + len;
        }
    }
    out
}

/// Inline `crate::…` / `super::…` paths of `code` outside the spans `skip`: `(offset, path)`.
fn inline_paths(code: &str, skip: &[Span]) -> Vec<Leaf> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.char_indices() {
        if !(code[at..].starts_with("crate::") || code[at..].starts_with("super::")) {
            continue;
        }
        if at > 0 && (is_ident_byte(b[at - 1]) || b[at - 1] == b':' || b[at - 1] == b'$') {
            continue;
        }
        if skip.iter().any(|&(s, e)| at >= s && at < e) {
            continue;
        }
        let mut path = Vec::new();
        let mut i = at;
        loop {
            let start = i;
            while i < b.len() && is_ident_byte(b[i]) {
                i += 1;
            }
            if i == start {
                break;
            }
            path.push(code[start..i].to_string());
            if code[i..].starts_with("::") && b.get(i + 2).is_some_and(|&c| is_ident_byte(c)) {
                i += 2;
            } else {
                break;
            }
        }
        out.push((at, path));
    }
    out
}

/// `path` as written in the file of `module`, made absolute (without `crate`); `None` for a
/// path that is neither `crate::…` nor `super::…`, or climbs above the crate.
fn absolute(module: &str, path: &[String]) -> Option<Vec<String>> {
    match path.first().map(String::as_str) {
        Some("crate") => Some(path[1..].to_vec()),
        Some("super") => {
            let mut base: Vec<String> = if module.is_empty() {
                Vec::new()
            } else {
                module.split("::").map(str::to_string).collect()
            };
            let mut k = 0;
            while path.get(k).is_some_and(|s| s == "super") {
                base.pop()?;
                k += 1;
            }
            base.extend(path[k..].iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

/// The longest prefix of `path` that is a file's module (`""`, the crate root, at worst).
fn resolve(path: &[String], modules: &BTreeSet<String>) -> String {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

/// The `#[macro_export]` macros of `code`. They live at the crate root (`crate::name!`) wherever
/// they are written, so a path to one names the file that defines it.
fn exported_macros(code: &str) -> Vec<String> {
    let lines: Vec<&str> = code.lines().map(str::trim).collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("macro_rules!") else {
            continue;
        };
        let mut attrs = lines[..i].iter().rev().take_while(|l| l.starts_with("#["));
        if attrs.any(|l| l.starts_with("#[macro_export")) {
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| c.is_ascii_alphanumeric() || c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

/// Every path the (test-stripped) `code` of the file of `module` names, in text order.
/// `macros` maps each exported macro to the module of its file.
fn references(
    module: &str,
    code: &str,
    modules: &BTreeSet<String>,
    macros: &BTreeMap<String, String>,
) -> Vec<Ref> {
    let items = use_items(code);
    let spans: Vec<Span> = items.iter().map(|(span, _)| *span).collect();
    let mut raw: Vec<Leaf> = items.into_iter().flat_map(|(_, l)| l).collect();
    raw.extend(inline_paths(code, &spans));
    raw.sort();
    raw.into_iter()
        .filter_map(|(off, path)| {
            let path = absolute(module, &path)?;
            let shown = if path.is_empty() {
                "crate".to_string()
            } else {
                format!("crate::{}", path.join("::"))
            };
            let path = match (path.as_slice(), path.first().and_then(|m| macros.get(m))) {
                ([name], Some(home)) if !modules.contains(name) => home
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .chain([name.clone()])
                    .collect(),
                _ => path,
            };
            Some(Ref {
                line: line_at(code, off),
                target: resolve(&path, modules),
                path,
                shown,
            })
        })
        .collect()
}

/// The library: its files and what each refers to.
struct Crate {
    files: Vec<Source>,
    refs: Vec<Vec<Ref>>,
}

impl Crate {
    fn load() -> Crate {
        let files = sources();
        let modules: BTreeSet<String> = files.iter().map(|f| f.module.clone()).collect();
        let macros: BTreeMap<String, String> = files
            .iter()
            .flat_map(|f| {
                exported_macros(&f.code)
                    .into_iter()
                    .map(|m| (m, f.module.clone()))
            })
            .collect();
        let refs = files
            .iter()
            .map(|f| references(&f.module, &f.code, &modules, &macros))
            .collect();
        Crate { files, refs }
    }

    fn path_of(&self, module: &str) -> &str {
        self.files
            .iter()
            .find(|f| f.module == module)
            .map_or("?", |f| f.path.as_str())
    }

    /// `file:line: path` for every reference of the files `pick` selects that `bad` refuses.
    fn offenders(&self, pick: impl Fn(&str) -> bool, bad: impl Fn(&Ref) -> bool) -> Vec<String> {
        let mut out = BTreeSet::new();
        for (file, refs) in self.files.iter().zip(&self.refs) {
            if !pick(&file.path) {
                continue;
            }
            for r in refs.iter().filter(|r| bad(r)) {
                out.insert((file.path.clone(), r.line, r.shown.clone()));
            }
        }
        out.into_iter()
            .map(|(f, l, p)| format!("{f}:{l}: {p}"))
            .collect()
    }

    /// The file-level graph among the files `pick` selects: module → (target → first line).
    fn graph(&self, pick: impl Fn(&str) -> bool) -> Graph {
        let picked: BTreeSet<&str> = self
            .files
            .iter()
            .filter(|f| pick(&f.path))
            .map(|f| f.module.as_str())
            .collect();
        let mut graph = BTreeMap::new();
        for (file, refs) in self.files.iter().zip(&self.refs) {
            if !picked.contains(file.module.as_str()) {
                continue;
            }
            let edges: &mut BTreeMap<String, usize> = graph.entry(file.module.clone()).or_default();
            for r in refs {
                if r.target != file.module && picked.contains(r.target.as_str()) {
                    edges.entry(r.target.clone()).or_insert(r.line);
                }
            }
        }
        graph
    }

    /// Each cycle of the graph among the files `pick` selects (a strongly connected set of two
    /// or more files), shown as its files and one shortest cycle with the line of each step.
    fn cycles(&self, pick: impl Fn(&str) -> bool) -> Vec<String> {
        let graph = self.graph(pick);
        strongly_connected(&graph)
            .into_iter()
            .filter(|set| set.len() > 1)
            .map(|set| {
                let files: Vec<&str> = set.iter().map(|m| self.path_of(m)).collect();
                let first = set.iter().next().expect("a non-empty set");
                let ring = shortest_cycle(&graph, &set, first);
                let steps: Vec<String> = ring
                    .windows(2)
                    .map(|w| format!("{}:{}", self.path_of(&w[0]), graph[&w[0]][&w[1]]))
                    .collect();
                format!(
                    "{{{}}}: {} -> {}",
                    files.join(", "),
                    steps.join(" -> "),
                    self.path_of(first)
                )
            })
            .collect()
    }
}

/// Tarjan's strongly connected components, each as a sorted set.
fn strongly_connected(graph: &Graph) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            let graph = self.graph;
            for w in graph.get(v).into_iter().flat_map(|e| e.keys()) {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    set.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                self.out.push(set);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out.sort();
    walk.out
}

/// A shortest cycle from `start` back to it inside `set`: `[start, …, start]`.
fn shortest_cycle(graph: &Graph, set: &BTreeSet<String>, start: &str) -> Vec<String> {
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = VecDeque::from([start.to_string()]);
    while let Some(v) = queue.pop_front() {
        for w in graph.get(&v).into_iter().flat_map(|e| e.keys()) {
            if !set.contains(w) {
                continue;
            }
            if w == start {
                // v, the file before v, …, start; then turned round and closed.
                let mut ring = vec![v.clone()];
                while let Some(prev) = came_from.get(ring.last().expect("not empty")) {
                    ring.push(prev.clone());
                }
                ring.reverse();
                ring.push(start.to_string());
                return ring;
            }
            if !came_from.contains_key(w) && w != start {
                came_from.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
    }
    vec![start.to_string(), start.to_string()]
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
            from = at + word.len();
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

fn report(what: &str, offenders: &[String]) -> String {
    format!(
        "{what}: {} offender(s)\n  {}",
        offenders.len(),
        offenders.join("\n  ")
    )
}

// ---------------------------------------------------------------------------------------------
// The layering rules.

/// Rule 1: the web shell is the only one that knows `crate::web`.
#[test]
fn only_the_web_shell_refers_to_web() {
    let krate = Crate::load();
    let shell = |p: &str| {
        p.starts_with("src/web/")
            || p.starts_with("src/cli/")
            || ["src/startup.rs", "src/main.rs", "src/lib.rs"].contains(&p)
    };
    let offenders = krate.offenders(|p| !shell(p), |r| r.top() == "web");
    assert!(
        offenders.is_empty(),
        "{}",
        report(
            "files outside src/web/, src/cli/ and src/startup.rs refer to crate::web",
            &offenders
        )
    );
}

/// Rule 2: the store refers to nothing above it: only `crate::db` and `crate::domain`.
#[test]
fn the_store_refers_to_nothing_above_it() {
    let krate = Crate::load();
    let offenders = krate.offenders(
        |p| p.starts_with("src/db/"),
        |r| !["db", "domain"].contains(&r.top()),
    );
    assert!(
        offenders.is_empty(),
        "{}",
        report(
            "files in src/db/ refer to modules other than crate::db and crate::domain",
            &offenders
        )
    );
}

/// Rule 3: the file-level import graph of the whole library has no cycle.
#[test]
fn the_import_graph_has_no_cycle() {
    let cycles = Crate::load().cycles(|_| true);
    assert!(
        cycles.is_empty(),
        "{}",
        report("the file-level import graph has cycles", &cycles)
    );
}

/// Rule 3 for the rules engines alone, so a cycle inside `src/rules/` is reported on its own.
#[test]
fn the_rules_import_graph_has_no_cycle() {
    let cycles = Crate::load().cycles(|p| p.starts_with("src/rules/"));
    assert!(
        cycles.is_empty(),
        "{}",
        report("the import graph of src/rules/ has cycles", &cycles)
    );
}

/// The lines of files under `dir` that name a variant, outside their tests, in code or
/// comments: `path:line: text`.
fn naming_a_variant(dir: &str) -> Vec<String> {
    let krate = Crate::load();
    let mut offenders = Vec::new();
    for file in krate.files.iter().filter(|f| f.path.starts_with(dir)) {
        for (n, line) in file.code.lines().enumerate() {
            if !variant_words(line).is_empty() {
                offenders.push(format!("{}:{}: {}", file.path, n + 1, line.trim()));
            }
        }
    }
    offenders
}

/// Rule 4: the game services name no variant (outside their tests), in code or comments.
#[test]
fn game_services_name_no_variant() {
    let offenders = naming_a_variant("src/game/");
    assert!(
        offenders.is_empty(),
        "{}",
        report("files in src/game/ name a variant", &offenders)
    );
}

/// Rule 4 for the HTTP shell too: its handlers and pages name no variant (outside their tests),
/// in code or comments. A variant reaches a page only through the registry and its own words.
#[test]
fn the_web_shell_names_no_variant() {
    let offenders = naming_a_variant("src/web/");
    assert!(
        offenders.is_empty(),
        "{}",
        report("files in src/web/ name a variant", &offenders)
    );
}

/// Rule 5: the rules engines are pure: they refer to nothing of the crate outside `crate::rules`.
#[test]
fn the_rules_refer_only_to_rules() {
    let krate = Crate::load();
    let offenders = krate.offenders(|p| p.starts_with("src/rules/"), |r| r.top() != "rules");
    assert!(
        offenders.is_empty(),
        "{}",
        report("files in src/rules/ refer outside crate::rules", &offenders)
    );
}

// ---------------------------------------------------------------------------------------------
// The checker's own assumptions.

/// The graph leaves out each file's tests by cutting at its `#[cfg(test)]` line, which is right
/// only while that line is the file's one `#[cfg(test)]`, opens a `mod`, and the module closes
/// the file.
#[test]
fn test_modules_end_their_files() {
    let mut wrong = Vec::new();
    for file in sources() {
        let lines: Vec<&str> = file.full.lines().collect();
        let marks: Vec<usize> = (0..lines.len())
            .filter(|&i| is_cfg_test(lines[i]))
            .collect();
        let Some(&mark) = marks.first() else {
            continue;
        };
        if marks.len() > 1 {
            wrong.push(format!("{}: {} #[cfg(test)] lines", file.path, marks.len()));
            continue;
        }
        let opens = lines[mark + 1..]
            .iter()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.starts_with("mod ") && l.trim_end().ends_with('{'));
        let close = (mark + 1..lines.len()).find(|&i| lines[i] == "}");
        let last = (0..lines.len())
            .rev()
            .find(|&i| !lines[i].trim().is_empty());
        if !opens || close.is_none() || close != last {
            wrong.push(format!(
                "{}:{}: #[cfg(test)] is not a `mod` that runs to the end of the file",
                file.path,
                mark + 1
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", report("test modules", &wrong));
}

/// The parser on a made-up file `a::b`: groups, `self`, `*`, `as`, `super` chains, inline paths,
/// and no `$crate`.
#[test]
fn the_parser_reads_every_form_of_path() {
    let modules: BTreeSet<String> = ["", "a", "a::b", "a::b::c", "d", "e"]
        .into_iter()
        .map(String::from)
        .collect();
    let code = "use std::fmt;\n\
                use crate::a::{b::{self, c::X as Y}, f};\n\
                pub(super) use super::{\n    b, // the file itself\n    *,\n};\n\
                use super::super::d::Z;\n\
                fn g() { crate::e::h::<u8>(); $crate::d::no(); crate::m!(); }\n\
                /// See [`crate::d`].\n";
    let macros = BTreeMap::from([("m".to_string(), "d".to_string())]);
    let got: Vec<(usize, String, String)> = references("a::b", code, &modules, &macros)
        .into_iter()
        .map(|r| (r.line, r.shown, r.target))
        .collect();
    let want = [
        (2, "crate::a::b", "a::b"),
        (2, "crate::a::b::c::X", "a::b::c"),
        (2, "crate::a::f", "a"),
        (4, "crate::a::b", "a::b"),
        (5, "crate::a", "a"),
        (7, "crate::d::Z", "d"),
        (8, "crate::e::h", "e"),
        (8, "crate::m", "d"),
        (9, "crate::d", "d"),
    ];
    let want: Vec<(usize, String, String)> = want
        .into_iter()
        .map(|(l, p, t)| (l, p.to_string(), t.to_string()))
        .collect();
    assert_eq!(got, want);
    // A `mod.rs` file's `super` is its module's parent; a file's own module is `a/b.rs`'s `a::b`.
    assert_eq!(module_of("a/mod.rs"), "a");
    assert_eq!(module_of("a/b.rs"), "a::b");
    assert_eq!(module_of("lib.rs"), "");
    let up = references("a", "use super::d;", &modules, &macros);
    assert_eq!(up[0].target, "d");
    assert!(references("", "use super::d;", &modules, &macros).is_empty());
    let code = "#[macro_export]\n#[doc(hidden)]\nmacro_rules! m {\n}\nmacro_rules! local {}\n";
    assert_eq!(exported_macros(code), ["m"]);
}

/// The cycle finder names each cycle once, with its files.
#[test]
fn the_cycle_finder_finds_cycles() {
    let mut graph: Graph = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "d")] {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), 1);
    }
    let sets: Vec<Vec<String>> = strongly_connected(&graph)
        .into_iter()
        .filter(|s| s.len() > 1)
        .map(|s| s.into_iter().collect())
        .collect();
    assert_eq!(sets, vec![vec!["a", "b", "c"]]);
    let set: BTreeSet<String> = sets[0].iter().cloned().collect();
    assert_eq!(shortest_cycle(&graph, &set, "a"), ["a", "b", "c", "a"]);
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
