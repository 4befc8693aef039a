//! The command line flows one way: no module of `src/` depends on itself through others (each module's
//! `crate::` references, read from the sources, form no loop).

#[test]
fn no_module_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::module_graph(&src);
    assert!(graph.len() > 4, "the modules were read: {graph:?}");
    assert_eq!(topochess_layers::cycle(&graph), None);
}

/// Nor does any file: two files of one folder (or a folder's `mod.rs` and a file in it) never
/// name each other.
#[test]
fn no_file_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::file_graph(&src);
    assert_eq!(topochess_layers::cycle(&graph), None);
}
