//! The server flows one way: no module of `src/` depends on itself through others, and the
//! server imports the rules core and the protocol, never the web crate.

#[test]
fn no_module_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::module_graph(&src);
    assert!(graph.len() >= 5, "the modules were read: {graph:?}");
    assert_eq!(topochess_layers::cycle(&graph), None);
}

#[test]
fn the_server_knows_no_screen() {
    let manifest = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"),
    )
    .unwrap();
    assert!(manifest.contains("topochess-core"));
    assert!(
        !manifest.contains("topochess-web"),
        "the server imports the web crate"
    );
}

/// Nor does any file: two files of one folder (or a folder's `mod.rs` and a file in it) never
/// name each other.
#[test]
fn no_file_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::file_graph(&src);
    assert_eq!(topochess_layers::cycle(&graph), None);
}
