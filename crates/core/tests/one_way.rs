//! The rules core flows one way: text -> setup -> position, with no module cycle anywhere in the
//! crate (each module's `crate::` references, read from the sources, form no loop), and the
//! variant knows nothing of lab ids.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use topochess_core::fen;
use topochess_core::setup::SetupError;
use topochess_core::{Position, Variant};

/// Each module of `src/` and the modules it refers to.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    topochess_layers::module_graph(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    topochess_layers::cycle(graph)
}

#[test]
fn no_module_of_the_core_depends_on_itself_through_others() {
    let graph = module_graph();
    assert!(graph.contains_key("position") && graph.contains_key("setup"));
    assert_eq!(cycle(&graph), None);
    // And the named ones stay apart: the position knows neither text nor move generation.
    for far in ["fen", "movegen", "setup", "lab"] {
        assert!(!graph["position"].contains(far), "position uses {far}");
    }
    assert!(!graph["variant"].contains("lab"), "variant uses lab");
    assert!(!graph["setup"].contains("fen"), "setup uses fen");
}

/// Nor does any file of the core.
#[test]
fn no_file_of_the_core_depends_on_itself_through_others() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    assert_eq!(cycle(&topochess_layers::file_graph(&src)), None);
}

#[test]
fn text_becomes_a_setup_then_a_checked_position() {
    let v = Arc::new(Variant::preset("standard", None).unwrap());
    let text = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 12";
    let setup = fen::parse_setup(&v, text).unwrap();
    assert_eq!(setup.castling, ['K', 'Q', 'k', 'q']);
    assert_eq!(setup.fullmoves, 12);
    let pos = Position::from_setup(v.clone(), &setup).unwrap();
    assert_eq!(pos, fen::parse_position(v.clone(), text).unwrap());
    assert_eq!(fen::write(&pos), text);
    // The setup is only text made orderly: the rules are the position's to check.
    let no_king = fen::parse_setup(&v, "8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(matches!(
        Position::from_setup(v.clone(), &no_king),
        Err(SetupError::KingCount { count: 0, .. })
    ));
    let mut moved = setup.clone();
    moved.castling = vec!['K'];
    moved.pieces.retain(|(sq, _)| v.size().name(*sq) != "h1");
    assert_eq!(
        Position::from_setup(v, &moved),
        Err(SetupError::CastlingWithoutPieces('K'))
    );
}

#[test]
fn lab_ids_are_read_by_the_lab_not_the_variant() {
    assert!(Variant::preset("lab-twist-wrap-6x6", None).is_err());
    let lab = Variant::by_id("lab-twist-wrap-6x6", None).unwrap();
    assert_eq!(lab.size().width(), 6);
    assert_eq!(Variant::by_id("folded", None).unwrap().id(), "folded");
}

#[test]
fn the_generators_internals_are_private_to_the_crate() {
    let lib = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"),
    )
    .unwrap();
    for internal in ["bitboard", "tables", "lines", "legal", "movegen", "zobrist"] {
        assert!(
            lib.lines().any(|l| l == format!("mod {internal};")),
            "{internal} is a private module"
        );
    }
    // The callers' way in: the crate root's types, and the hidden door for the engine and tests.
    assert!(lib.contains("#[doc(hidden)]\npub mod internals"));
}

/// The rules crate is the rules: what only the page shows (the explorer's placements, the lab's
/// verdicts, numbers written for reading) lives in `topochess-study`.
#[test]
fn the_page_helpers_live_outside_the_rules() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let read = |file: &str| std::fs::read_to_string(src.join(file)).unwrap();
    assert!(
        !src.join("explore.rs").exists(),
        "the explorer is the study crate's"
    );
    assert!(!read("lib.rs").contains("mod explore"));
    for helper in ["pub fn write", "pub fn write_short", "pub fn write_fixed"] {
        assert!(
            !read("decimal.rs").contains(helper),
            "{helper} is the page's"
        );
    }
    for verdict in ["pub fn no_game_reason", "pub fn start_captures"] {
        assert!(
            !read("lab.rs").contains(verdict),
            "{verdict} is the lab screen's"
        );
    }
}
