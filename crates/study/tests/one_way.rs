//! The study crate leans on the rules and nothing leans back: no file of it names itself through
//! others, and it names no crate but the rules.

#[test]
fn no_file_of_the_study_crate_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = topochess_layers::file_graph(&src);
    for file in ["decimal", "explore", "lab"] {
        assert!(graph.contains_key(file), "{file} read: {graph:?}");
    }
    assert_eq!(topochess_layers::cycle(&graph), None);
}

#[test]
fn the_study_crate_uses_the_rules_only() {
    let names = topochess_layers::dependencies(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(names, ["topochess-core"]);
}
