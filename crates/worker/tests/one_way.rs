//! The engine's worker leans on the rules and the search and nothing of the page: no file of it
//! names itself through others, and its manifest names no crate of the page (no Yew, no web-sys,
//! not the app), so that its wasm module compiles none of them.

#[test]
fn no_file_of_the_worker_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::file_graph(&src);
    for file in ["endgame", "messages", "review_job", "table_entry"] {
        assert!(graph.contains_key(file), "{file} read: {graph:?}");
    }
    assert_eq!(topochess_layers::cycle(&graph), None);
}

#[test]
fn the_worker_uses_the_rules_the_search_and_the_workers_plumbing_only() {
    let names = topochess_layers::dependencies(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(
        names,
        [
            "topochess-core",
            "topochess-search",
            "topochess-study",
            "gloo-worker",
            "gloo-timers",
            "js-sys",
            "serde",
            "wasm-bindgen"
        ]
    );
}
