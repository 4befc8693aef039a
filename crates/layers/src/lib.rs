//! The module graph of a crate's sources, read from the files, for the tests that keep its
//! imports one way (`crates/core/tests/one_way.rs`, `crates/search/tests/one_way.rs`,
//! `crates/cli/tests/one_way.rs`, `web/tests/layers.rs`). A dev-dependency only: it reads files.
#![forbid(unsafe_code)]

mod lengths;
mod tokens;

pub use lengths::{long_functions, long_functions_in};

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tokens::{tokens, Token};

/// The crates a manifest's `[dependencies]` names, in its order (comment lines and blank lines
/// left out): `crate_dir` is the crate's folder, its `Cargo.toml` read. For the tests that keep a
/// crate's own imports to a few crates. An unreadable manifest, or one without the table, is a
/// panic: the test fails and says so.
pub fn dependencies(crate_dir: &Path) -> Vec<String> {
    let path = crate_dir.join("Cargo.toml");
    let manifest = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} not read: {e}", path.display()));
    let table = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .unwrap_or_else(|| panic!("{} has no [dependencies]", path.display()));
    table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split('=').next().map(|name| name.trim().to_string()))
        .collect()
}

/// Each top-level module of a crate (a file or a folder under `src/`) and the other top-level
/// modules its code names (test code, comments and the crate root left out).
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The graph of the crate whose sources are in `src`.
///
/// A module names another through `crate::other`, through `super::` (or `self::`) paths that
/// climb out of its own top-level module, in grouped imports (`use crate::{a::X, b}`), and
/// through a name the crate root re-exports (`crate::Variant` for `pub use variant::Variant`).
/// Test code is left out: files named `tests.rs` or under a `tests` folder, a file marked
/// `#![cfg(test)]`, and each item marked `#[cfg(test)]` (only that item: the code after it is
/// read).
pub fn module_graph(src: &Path) -> Graph {
    let files = sources(src);
    let tops: BTreeSet<String> = files.iter().map(|(path, _)| path[0].clone()).collect();
    let exported = root_exports(src, &tops);
    let mut graph = Graph::new();
    for (path, named) in &files {
        let deps = graph.entry(path[0].clone()).or_default();
        for full in named
            .iter()
            .filter_map(|p| through_root(p, &tops, &exported))
        {
            if full[0] != path[0] {
                deps.insert(full[0].clone());
            }
        }
    }
    graph
}

/// The graph of every module of the crate whose sources are in `src`, one node a file
/// (`app::state` for `src/app/state.rs`, `app` for `src/app/mod.rs`): the finer graph, in which
/// two files of one folder that name each other are a cycle. Read as [`module_graph`] reads.
pub fn file_graph(src: &Path) -> Graph {
    let files = sources(src);
    let tops: BTreeSet<String> = files.iter().map(|(path, _)| path[0].clone()).collect();
    let nodes: BTreeSet<String> = files.iter().map(|(path, _)| path.join("::")).collect();
    let exported = root_exports(src, &tops);
    let mut graph = Graph::new();
    for (path, named) in &files {
        let me = path.join("::");
        let deps = graph.entry(me.clone()).or_default();
        for full in named
            .iter()
            .filter_map(|p| through_root(p, &tops, &exported))
        {
            let node = (1..=full.len())
                .rev()
                .map(|n| full[..n].join("::"))
                .find(|n| nodes.contains(n));
            if let Some(node) = node.filter(|n| *n != me) {
                deps.insert(node);
            }
        }
    }
    graph
}

/// Each source file's module path and the full paths its code names (test code left out).
fn sources(src: &Path) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let mut files = Vec::new();
    collect(src, src, &mut files);
    files
        .into_iter()
        .map(|(file, path)| {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let named = names(&tokens(&text), &path);
            (path, named)
        })
        .collect()
}

/// A full path from the crate root, its first name a top-level module (a name the root
/// re-exports becomes its module's); `None` for a name of the root itself.
fn through_root(
    path: &[String],
    tops: &BTreeSet<String>,
    exported: &BTreeMap<String, String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    if tops.contains(first) {
        return Some(path.to_vec());
    }
    exported.get(first).map(|m| vec![m.clone()])
}

/// The source files under `dir` that are not test code, each with its module path
/// (`src/a/b.rs` and `src/a/b/mod.rs` are `a::b`); the crate root and `bin/` are left out.
fn collect(src: &Path, dir: &Path, files: &mut Vec<(PathBuf, Vec<String>)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "tests" && name != "bin" {
                collect(src, &path, files);
            }
            continue;
        }
        if !name.ends_with(".rs") || name == "tests.rs" {
            continue;
        }
        let mut module: Vec<String> = path
            .strip_prefix(src)
            .unwrap()
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        if module == ["lib"] || module == ["main"] || module.is_empty() {
            continue;
        }
        files.push((path, module));
    }
}

/// The names the crate root re-exports (`pub use a::X;`, `pub use crate::a::{X, Y as Z};`),
/// each with the top-level module it comes from.
fn root_exports(src: &Path, tops: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut exported = BTreeMap::new();
    for root in ["lib.rs", "main.rs"] {
        let Ok(text) = std::fs::read_to_string(src.join(root)) else {
            continue;
        };
        let t = tokens(&text);
        let mut i = 0;
        while i + 2 < t.len() {
            let is = |k: usize, word: &str| t.get(k) == Some(&Token::Ident(word.into()));
            if !(is(i, "pub") && is(i + 1, "use")) {
                i += 1;
                continue;
            }
            let end = (i..t.len())
                .find(|&k| t[k] == Token::Punct(';'))
                .unwrap_or(t.len());
            let mut path: Vec<&str> = t[i + 2..end]
                .iter()
                .filter_map(|t| match t {
                    Token::Ident(s) => Some(s.as_str()),
                    _ => None,
                })
                .collect();
            if matches!(path.first(), Some(&"crate") | Some(&"self")) {
                path.remove(0);
            }
            if let Some((module, names)) = path.split_first() {
                if tops.contains(*module) {
                    for name in names.iter().filter(|n| **n != "as" && **n != "self") {
                        exported
                            .entry(name.to_string())
                            .or_insert(module.to_string());
                    }
                }
            }
            i = end;
        }
    }
    exported
}

/// Whether the tokens at `i` are `#[cfg(test)]` (or `#![cfg(test)]`, with `inner`).
fn cfg_test(t: &[Token], i: usize, inner: bool) -> bool {
    let mut want = vec![Token::Punct('#')];
    if inner {
        want.push(Token::Punct('!'));
    }
    want.extend([
        Token::Punct('['),
        Token::Ident("cfg".into()),
        Token::Punct('('),
        Token::Ident("test".into()),
        Token::Punct(')'),
        Token::Punct(']'),
    ]);
    t.get(i..i + want.len()) == Some(&want[..])
}

/// Past the item starting at `i` (its other attributes, then up to its `;` or the brace that
/// closes its body, whichever ends it).
fn item_end(t: &[Token], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < t.len() {
        match t[i] {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']') => depth = depth.saturating_sub(1),
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            Token::Punct(';') if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The paths of a file's code (module path `path`) that may name another module, test items
/// left out.
fn names(t: &[Token], path: &[String]) -> Vec<Vec<String>> {
    if cfg_test(t, 0, true) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Inline modules (`mod inner { ... }`): each name, and the depth its body opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < t.len() {
        if cfg_test(t, i, false) {
            i = item_end(t, i + 7);
            continue;
        }
        match &t[i] {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            Token::Ident(m) if m == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Punct('{'))) =
                    (t.get(i + 1), t.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Token::Ident(start)
                if ["crate", "super", "self"].contains(&start.as_str())
                    && t.get(i + 1) == Some(&Token::Path)
                    && !(i > 0 && t[i - 1] == Token::Path) =>
            {
                let here: Vec<String> = path
                    .iter()
                    .cloned()
                    .chain(inline.iter().map(|(n, _)| n.clone()))
                    .collect();
                i = resolve(t, i, &here, &mut out);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Reads the path starting at `i` (`crate::`, `super::super::`, `self::`) in module `here`;
/// adds each full path it names (from the crate root, groups spread out) to `out`, and returns
/// where it ends.
fn resolve(t: &[Token], mut i: usize, here: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut base: Option<Vec<String>> = Some(here.to_vec());
    match &t[i] {
        Token::Ident(k) if k == "crate" => {
            base = Some(Vec::new());
            i += 2;
        }
        Token::Ident(k) if k == "self" => i += 2,
        _ => {
            while t.get(i) == Some(&Token::Ident("super".into()))
                && t.get(i + 1) == Some(&Token::Path)
            {
                base = base.and_then(|mut b| b.pop().map(|_| b));
                i += 2;
            }
        }
    }
    let Some(mut base) = base else {
        return i;
    };
    let mut found = Vec::new();
    let end = tree(t, i, &mut base, &mut found);
    out.extend(found.into_iter().filter(|p| !p.is_empty()));
    end
}

/// Reads the rest of a path at `i`: names joined by `::`, ending in a name, `*` or a group
/// `{...}` of such rests (`self` in a group names the group's own path); pushes each full path
/// (`prefix` and the names) to `out` and returns where it ends.
fn tree(t: &[Token], mut i: usize, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let kept = prefix.len();
    loop {
        match t.get(i) {
            Some(Token::Ident(name)) => {
                if name != "self" {
                    prefix.push(name.clone());
                }
                i += 1;
                if t.get(i) == Some(&Token::Path) {
                    i += 1;
                    continue;
                }
                out.push(prefix.clone());
            }
            Some(Token::Punct('{')) => {
                i += 1;
                while i < t.len() {
                    i = tree(t, i, prefix, out);
                    // What follows an item (`as Name`), up to the comma or the group's end.
                    while i < t.len() && !matches!(t[i], Token::Punct(',' | '}')) {
                        i += 1;
                    }
                    if t.get(i) == Some(&Token::Punct(',')) {
                        i += 1;
                    }
                    if t.get(i) == Some(&Token::Punct('}')) {
                        i += 1;
                        break;
                    }
                }
            }
            Some(Token::Punct('*')) => {
                out.push(prefix.clone());
                i += 1;
            }
            _ => out.push(prefix.clone()),
        }
        break;
    }
    prefix.truncate(kept);
    i
}

/// A cycle of the graph, if there is one (depth-first, in name order).
pub fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            return Some(path[i..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> Graph {
        let mut g = Graph::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    }

    #[test]
    fn a_cycle_is_found_and_a_chain_is_not_one() {
        assert_eq!(cycle(&graph(&[("a", "b"), ("b", "c")])), None);
        let found = cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])).expect("a cycle");
        assert_eq!(found.len(), 3);
    }

    /// The graph of a crate made of `files` (path under `src/`, text).
    fn graph_of(name: &str, files: &[(&str, &str)]) -> Graph {
        let dir = std::env::temp_dir().join(format!("layers-{name}-{}", std::process::id()));
        let src = dir.join("src");
        for (path, text) in files {
            let file = src.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        let g = module_graph(&src);
        std::fs::remove_dir_all(&dir).unwrap();
        g
    }

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn super_and_self_paths_that_leave_their_module_are_imports() {
        let g = graph_of(
            "super",
            &[
                ("lib.rs", "mod a; mod b; mod c; mod d;"),
                // `a` is a file at the top: its `super` is the crate.
                ("a.rs", "use super::b::X;\nfn f() { super::c::g(); }"),
                // Inside b/, `super` is b, `super::super` the crate.
                ("b/mod.rs", "mod inner;\nuse self::inner::Y;"),
                ("b/inner.rs", "use super::Z;\nuse super::super::d::W;"),
                // An inline module's `super` is its file's module.
                ("c.rs", "mod deep { use super::super::d::V; use super::Q; }"),
                ("d.rs", "pub struct W;"),
            ],
        );
        assert_eq!(g["a"], set(&["b", "c"]));
        assert_eq!(g["b"], set(&["d"]), "self:: and super:: within b stay in b");
        assert_eq!(g["c"], set(&["d"]));
        assert!(g["d"].is_empty());
    }

    #[test]
    fn only_the_item_under_cfg_test_is_left_out() {
        let g = graph_of(
            "cfgtest",
            &[
                ("lib.rs", "mod a; mod b; mod c; mod d; mod e;"),
                (
                    "a.rs",
                    "#[cfg(test)]\nfn helper() { crate::c::x(); }\n\
                     #[cfg(test)]\nconst T: [u8; 2] = [1, 2];\n\
                     use crate::b::Y;\n\
                     #[cfg(test)]\n#[allow(unused)]\nmod tests { use crate::e::Z; }\n\
                     fn after() { crate::d::w(); }",
                ),
                ("b.rs", ""),
                ("c.rs", ""),
                ("d.rs", ""),
                ("e.rs", "#![cfg(test)]\nuse crate::a::F;"),
            ],
        );
        assert_eq!(g["a"], set(&["b", "d"]));
        assert!(
            g["e"].is_empty(),
            "a file marked #![cfg(test)] is test code"
        );
    }

    #[test]
    fn grouped_imports_and_the_roots_re_exports_name_their_modules() {
        let g = graph_of(
            "groups",
            &[
                (
                    "lib.rs",
                    "mod a; mod b; mod c; mod d; mod e;\n\
                     pub use crate::d::{Thing, other as Renamed};\npub use e::Piece;",
                ),
                ("a.rs", "use crate::{b::X, c, self as root};"),
                (
                    "b.rs",
                    "use crate::Thing;\nfn f() -> crate::Piece { crate::Piece }",
                ),
                (
                    "c.rs",
                    "fn g() { crate::Renamed(); let s = \"crate::e::x\"; }",
                ),
                ("d.rs", ""),
                (
                    "e.rs",
                    "pub(crate) struct Piece; pub(in crate::d) fn h() {}",
                ),
            ],
        );
        assert_eq!(g["a"], set(&["b", "c"]));
        assert_eq!(g["b"], set(&["d", "e"]));
        assert_eq!(g["c"], set(&["d"]), "a path in a string is no import");
        assert_eq!(g["e"], set(&["d"]));
    }

    #[test]
    fn the_file_graph_has_a_node_a_file_and_finds_a_loop_within_a_folder() {
        let files = [
            ("lib.rs", "mod app;"),
            (
                "app/mod.rs",
                "mod state; mod action; pub use self::state::State;",
            ),
            (
                "app/state.rs",
                "use crate::app::action::Action;\nuse super::{action::Kind, Thing};",
            ),
            ("app/action.rs", "use crate::app::{state::State};"),
        ];
        let g = graph_of("files", &files);
        assert_eq!(
            g["app"],
            BTreeSet::new(),
            "one folder: no loop between folders"
        );
        let dir = std::env::temp_dir().join(format!("layers-filegraph-{}", std::process::id()));
        for (path, text) in files {
            let file = dir.join("src").join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        let f = file_graph(&dir.join("src"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(f["app"], set(&["app::state"]));
        assert_eq!(f["app::state"], set(&["app", "app::action"]));
        assert_eq!(f["app::action"], set(&["app::state"]));
        let found = cycle(&f).expect("a loop");
        assert!(found.contains(&"app::state".to_string()), "{found:?}");
    }

    #[test]
    fn the_graph_reads_imports_and_leaves_tests_and_comments_out() {
        let dir = std::env::temp_dir().join(format!("layers-{}", std::process::id()));
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("feature")).unwrap();
        std::fs::write(src.join("lib.rs"), "pub mod low;\npub mod feature;\n").unwrap();
        std::fs::write(src.join("low.rs"), "// crate::feature in a comment\n").unwrap();
        std::fs::write(
            src.join("feature/mod.rs"),
            "use crate::low::X;\n#[cfg(test)]\nmod t { use crate::other; }\n",
        )
        .unwrap();
        std::fs::write(src.join("feature/tests.rs"), "use crate::other;\n").unwrap();
        let g = module_graph(&src);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(g["feature"], BTreeSet::from(["low".to_string()]));
        assert!(g["low"].is_empty());
    }
}
