//! The module graph of a crate's sources, read from the files, for the tests that keep its
//! imports one way (`crates/core/tests/one_way.rs`, `crates/search/tests/one_way.rs`,
//! `crates/cli/tests/one_way.rs`, `web/tests/layers.rs`). A dev-dependency only: it reads files.
#![forbid(unsafe_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of a crate (a file or a folder under `src/`) and the top-level modules
/// its code names through `crate::` (test code, comments and the crate root left out).
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The graph of the crate whose sources are in `src`.
///
/// Test code is left out: files named `tests.rs` or under a `tests` folder, and whatever follows
/// a file's first `#[cfg(test)]`. A grouped `use crate::{...}` would hide what it names, so it
/// is refused (panics).
pub fn module_graph(src: &Path) -> Graph {
    let mut graph = Graph::new();
    visit(src, src, &mut graph);
    graph
}

fn visit(src: &Path, dir: &Path, graph: &mut Graph) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "tests" && name != "bin" {
                visit(src, &path, graph);
            }
            continue;
        }
        if !name.ends_with(".rs") || name == "tests.rs" {
            continue;
        }
        let relative = path.strip_prefix(src).unwrap();
        let top = relative
            .iter()
            .next()
            .unwrap()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let deps = graph.entry(top.clone()).or_default();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            assert!(
                !line.contains("crate::{"),
                "{}: a grouped import hides modules: {line}",
                path.display()
            );
            for part in line.split("crate::").skip(1) {
                let module: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if !module.is_empty() && module != top {
                    deps.insert(module);
                }
            }
        }
    }
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
