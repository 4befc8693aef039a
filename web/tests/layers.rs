//! The web crate's folders are layers, lower first (`LAYERS` below): a layer's code names
//! only itself and the layers before it, and a feature never names another feature. (The
//! engine's worker is a crate of its own, crates/worker, which names nothing of the page.) The
//! imports that still go against the layers are listed here, exactly: a new one fails, and one
//! taken away must leave the list.

use std::collections::BTreeSet;
use topochess_layers::{module_graph, Graph};

/// The layers, lower first.
const LAYERS: [&str; 16] = [
    "common",
    "board",
    "solid",
    "library",
    "play",
    "analysis",
    "puzzle",
    "learn",
    "atlas",
    "explore",
    "live",
    "pools",
    "arenas",
    "account",
    "challenge",
    "app",
];

/// The features: each a screen's state, actions and view.
const FEATURES: [&str; 11] = [
    "play",
    "analysis",
    "puzzle",
    "learn",
    "atlas",
    "explore",
    "live",
    "pools",
    "arenas",
    "account",
    "challenge",
];

/// The imports that still go against the layers: none. Every feature owns its state and changes
/// it through `update(action) -> Out`; only `app` composes them. An import added against the
/// layers fails the test below, and one listed here that goes must leave the list.
const STILL_AGAINST: &[(&str, &str)] = &[];

fn graph() -> Graph {
    module_graph(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

fn rank(layer: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| *l == layer)
        .unwrap_or_else(|| panic!("{layer} is not a layer of src/lib.rs"))
}

/// The imports of `graph` that go against the layers.
fn against(graph: &Graph) -> BTreeSet<(String, String)> {
    let feature = |l: &str| FEATURES.contains(&l);
    graph
        .iter()
        .flat_map(|(from, tos)| tos.iter().map(move |to| (from.clone(), to.clone())))
        .filter(|(from, to)| rank(to) > rank(from) || (feature(from) && feature(to)))
        .collect()
}

#[test]
fn imports_go_down_the_layers_but_for_those_listed() {
    let graph = graph();
    let layers: BTreeSet<&str> = graph.keys().map(String::as_str).collect();
    assert_eq!(
        layers,
        LAYERS.into_iter().collect(),
        "src/ is the layers' folders"
    );
    let found = against(&graph);
    let listed: BTreeSet<(String, String)> = STILL_AGAINST
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let new: Vec<_> = found.difference(&listed).collect();
    assert!(new.is_empty(), "imports against the layers: {new:?}");
    let gone: Vec<_> = listed.difference(&found).collect();
    assert!(
        gone.is_empty(),
        "gone, take them off STILL_AGAINST: {gone:?}"
    );
}

#[test]
fn an_import_against_the_layers_is_caught() {
    // The board naming the app, or a feature another feature.
    let mut graph = graph();
    assert!(against(&graph).iter().all(|(from, _)| from != "board"));
    graph.get_mut("board").unwrap().insert("app".into());
    graph.get_mut("atlas").unwrap().insert("learn".into());
    let found = against(&graph);
    assert!(found.contains(&("board".into(), "app".into())));
    assert!(found.contains(&("atlas".into(), "learn".into())));
}

/// No file names itself through others: within a folder (the app's actions, state, addresses
/// and engine job; the library's storage and links; the 3D view's scene and view) imports go
/// one way too, and a folder's `mod.rs` is not named back by the files in it.
#[test]
fn no_file_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = topochess_layers::file_graph(&src);
    assert!(
        files.contains_key("app::state") && files.contains_key("board"),
        "{files:?}"
    );
    assert_eq!(topochess_layers::cycle(&files), None);
}

/// The app and the board are composed of parts, as chessground is: no function of theirs runs
/// past the house's 150 lines (the app was one of 590, the board one of 458).
#[test]
fn the_app_and_the_board_are_made_of_short_parts() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for folder in ["app", "board"] {
        let long = topochess_layers::long_functions(&src.join(folder), 150);
        assert!(long.is_empty(), "{long:#?}");
    }
}
