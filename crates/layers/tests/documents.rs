//! The README and the documents under `docs/` name only paths that exist in the repository: each
//! link to a file, and each path written as code (`web/src/app/address.rs`, `scripts/`, or a
//! file's name alone, which some file of the repository must end with).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The extensions of the files the documents name.
const EXTENSIONS: [&str; 14] = [
    "rs", "md", "mjs", "js", "sh", "toml", "json", "css", "html", "tsv", "yml", "txt", "sql", "svg",
];

/// What the build and the tests write: named by the documents, absent from a clean clone.
const MADE: [&str; 2] = ["target/", "dist/"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file and folder of the repository, as paths from its root ("a/b.rs", and "a/" for a
/// folder); the build's outputs and the installed packages left out.
fn repository() -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if [".git", "target", "node_modules", "dist"].contains(&name.as_str()) {
                continue;
            }
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            if path.is_dir() {
                out.insert(format!("{relative}/"));
                walk(root, &path, out);
            } else {
                out.insert(relative);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&root(), &root(), &mut out);
    out
}

/// The documents: the README and everything under `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    docs
}

/// The targets of a document's links that are files of the repository (not addresses or
/// anchors), without their anchors.
fn links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split('#').next().unwrap_or("").to_string())
        .filter(|t| !t.is_empty() && !t.contains("://") && !t.starts_with("mailto:"))
        .collect()
}

/// The spans written as code that are paths: a folder (ending in `/`) or a file with one of
/// [`EXTENSIONS`]; not addresses of the server (starting with `/`), fragments or patterns.
fn code_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            !span.is_empty()
                && !span.starts_with('/')
                && !span.starts_with('#')
                && !span.contains("://")
                && span
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c))
        })
        .filter(|span| {
            span.ends_with('/')
                || span
                    .rsplit_once('.')
                    .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext))
        })
        .map(str::to_string)
        .collect()
}

/// Whether some path of the repository is `named`, or ends with it at a folder's boundary.
fn exists(repository: &BTreeSet<String>, named: &str) -> bool {
    let named = named.trim_start_matches("./");
    repository.contains(named)
        || repository
            .iter()
            .any(|p| p.ends_with(named) && p[..p.len() - named.len()].ends_with('/'))
}

#[test]
fn every_path_the_documents_name_exists() {
    let repository = repository();
    let mut missing = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let dir = doc.parent().unwrap();
        for target in links(&text) {
            if !dir.join(&target).exists() {
                missing.push(format!("{name}: link {target}"));
            }
        }
        for path in code_paths(&text) {
            if !MADE.iter().any(|m| path.starts_with(m)) && !exists(&repository, &path) {
                missing.push(format!("{name}: `{path}`"));
            }
        }
    }
    assert_eq!(
        missing,
        Vec::<String>::new(),
        "named but not in the repository"
    );
}

#[test]
fn the_reader_finds_links_and_paths_and_leaves_the_rest() {
    let text = "See [the API](api.md#games) and [lichess](https://lichess.org), \
                `web/src/app/address.rs`, `scripts/`, `legal.rs`, `GET /api/lobby`, \
                `text/event-stream`, `#/play`, `e2e4`, `a.rs b.rs`.";
    assert_eq!(links(text), ["api.md"]);
    assert_eq!(
        code_paths(text),
        ["web/src/app/address.rs", "scripts/", "legal.rs"]
    );
    let repository: BTreeSet<String> = ["web/", "web/src/", "web/src/app/address.rs"]
        .map(String::from)
        .into();
    assert!(exists(&repository, "web/src/app/address.rs"));
    assert!(exists(&repository, "app/address.rs"));
    assert!(exists(&repository, "src/"));
    assert!(
        !exists(&repository, "web/src/address.rs"),
        "the README's old slip"
    );
    assert!(
        !exists(&repository, "ress.rs"),
        "only at a folder's boundary"
    );
}

/// The README is the project's front door: at most 300 lines, the rest in `docs/`.
#[test]
fn the_readme_stays_a_front_door() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines: move detail to docs/"
    );
}
