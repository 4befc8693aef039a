//! The search finds mates and wins material, pauses and resumes to the same result, honours its
//! limits, and its weak levels are deterministic for a given seed.

use std::sync::Arc;
use topochess_core::{fen, san, Position, Variant};
use topochess_search::{Engine, Features, Info, Limited, Limits, Search, Status, Style};

fn pos(id: &str, text: &str) -> Position {
    fen::parse_position(Arc::new(Variant::preset(id, None).unwrap()), text).unwrap()
}

fn best(position: &Position, depth: u32) -> (String, Info) {
    let mut engine = Engine::new(position.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(position.clone(), Vec::new(), Limits::depth(depth));
    let status = engine.think(&mut search, &mut |_| false, &mut |_| {});
    assert_eq!(status, Ok(Status::Finished));
    let info = search.best().unwrap().clone();
    (san::to_san(position, info.pv[0]), info)
}

#[test]
fn finds_mate_in_one_on_flat_and_wrapped_boards() {
    let (mv, info) = best(&pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 3);
    assert_eq!(mv, "Ra8#");
    assert_eq!(info.mate_in(), Some(1));
    // On the cylinder the rook mates round the edge (b8-a8-h8); on the flat board the knight on
    // e8 blocks the rank and there is no mate.
    let edge = "4n1bk/p5pp/8/8/8/8/8/1R4K1 w - - 0 1";
    let (mv, info) = best(&pos("cylinder", edge), 3);
    assert_eq!((mv.as_str(), info.mate_in()), ("Rb8#", Some(1)));
    let (_, info) = best(&pos("standard", edge), 3);
    assert_eq!(info.mate_in(), None);
}

#[test]
fn finds_a_mate_the_defender_cannot_stop() {
    // The d8 rook cannot hold the back rank against two heavy pieces: Rxd8 is mate at once.
    let (mv, info) = best(
        &pos("standard", "3r2k1/5ppp/8/8/8/8/5PPP/3RQ1K1 w - - 0 1"),
        5,
    );
    assert_eq!((mv.as_str(), info.mate_in()), ("Rxd8#", Some(1)));
    // Being mated is seen from the other side too.
    let (_, info) = best(&pos("standard", "6k1/5ppp/8/8/8/1r6/r7/6K1 w - - 0 1"), 4);
    assert!(info.mate_in().is_some_and(|m| m < 0), "{info:?}");
}

#[test]
fn takes_a_hanging_queen_across_the_fold() {
    // On the folded board the c1 rook reaches f8 over the fold: c1-c2...c8, f8.
    let (mv, _) = best(&pos("folded", "5q1k/8/8/8/8/8/6PP/2R3K1 w - - 0 1"), 3);
    assert_eq!(mv, "Rxf8+");
}

/// The best line of a depth-5 search of `p` that is paused every `slice` nodes and resumed
/// until it finishes, and how many slices it took.
fn sliced(p: &Position, slice: u64) -> (Info, usize) {
    let mut engine = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(p.clone(), Vec::new(), Limits::depth(5));
    let mut slices = 0;
    let mut budget = 0u64;
    loop {
        budget += slice;
        let limit = budget;
        let status = engine.think(&mut search, &mut |nodes| nodes >= limit, &mut |_| {});
        slices += 1;
        if status == Ok(Status::Finished) {
            break;
        }
        assert!(slices < 10_000, "no progress");
    }
    (search.best().unwrap().clone(), slices)
}

#[test]
fn a_search_paused_and_resumed_completes_every_depth_the_same_way_each_time() {
    // A pause drops the iteration under way and the next slice searches it again with what the
    // table learnt, so the line may differ from an unpaused search's; but it completes every
    // depth, plays a legal move, and the same slices give the same line (the worker's searches
    // are reproducible).
    let p = pos(
        "folded",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3",
    );
    let (info, slices) = sliced(&p, 2048);
    assert!(slices > 3, "the search was really sliced ({slices})");
    assert_eq!(info.depth, 5);
    assert!(p.legal_moves().contains(&info.pv[0]));
    let (again, _) = sliced(&p, 2048);
    assert_eq!((again.pv, again.score), (info.pv, info.score));
}

#[test]
fn node_limit_stops_the_search() {
    let p = Position::start(Arc::new(Variant::preset("torus", None).unwrap()));
    let mut engine = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    let mut limits = Limits::depth(64);
    limits.nodes = Some(20_000);
    // The first iteration always finishes (a move must be found); after it the limit is asked
    // every 1024 nodes.
    let mut first = Search::new(p.clone(), Vec::new(), Limits::depth(1));
    let mut fresh = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    fresh
        .think(&mut first, &mut |_| false, &mut |_| {})
        .unwrap();
    let mut search = Search::new(p, Vec::new(), limits);
    assert_eq!(
        engine.think(&mut search, &mut |_| false, &mut |_| {}),
        Ok(Status::Finished)
    );
    let bound = first.nodes().max(20_000) + 1024;
    assert!(
        search.nodes() <= bound,
        "{} > {bound} (first {})",
        search.nodes(),
        first.nodes()
    );
    assert!(search.nodes() >= 20_000 || search.best().unwrap().depth >= 64);
    assert!(search.best_move().is_some());
}

#[test]
fn weak_levels_are_deterministic_for_a_seed_and_vary_with_it() {
    let p = Position::start(Arc::new(Variant::preset("folded", None).unwrap()));
    let play = |seed: u64| {
        let mut engine = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
        let limits = Limits::level(topochess_search::levels::level(1), seed);
        let mut search = Search::new(p.clone(), Vec::new(), limits);
        engine
            .think(&mut search, &mut |_| false, &mut |_| {})
            .unwrap();
        search.best_move().unwrap()
    };
    assert_eq!(play(7), play(7));
    let distinct: std::collections::HashSet<_> = (0..20).map(play).collect();
    assert!(distinct.len() > 3, "{}", distinct.len());
}

/// The search of `root` to `depth` whose game went through `history` (oldest first).
fn search_with_history(root: &Position, history: Vec<u64>, depth: u32) -> Info {
    let mut engine = Engine::new(root.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(root.clone(), history, Limits::depth(depth));
    let status = engine.think(&mut search, &mut |_| false, &mut |_| {});
    assert_eq!(status, Ok(Status::Finished));
    search.best().unwrap().clone()
}

#[test]
fn a_position_that_repeats_the_game_is_scored_as_a_draw() {
    // White, a rook down, has one move (Kg1), and it brings back the position of three plies
    // before: with the game's history the search scores it a draw; without, a loss.
    let start = pos("standard", "7k/8/8/8/8/8/r7/6K1 b - - 0 1");
    let mut game = vec![start];
    for text in ["Rb2", "Kh1", "Ra2"] {
        let last = game.last().unwrap();
        let mv = san::parse_move(last, text).unwrap();
        game.push(last.play(mv).unwrap());
    }
    let root = game.pop().unwrap();
    assert_eq!(root.legal_moves().len(), 1);
    let history: Vec<u64> = game.iter().map(Position::hash).collect();
    let with = search_with_history(&root, history, 4);
    assert_eq!(with.score, 0, "{with:?}");
    let without = search_with_history(&root, Vec::new(), 4);
    assert!(without.score < -300, "{without:?}");
}

#[test]
fn mate_on_the_hundredth_half_move_is_mate_not_a_draw() {
    // Ra8 mates, and it is the hundredth half-move without a capture or pawn move: the rules ask
    // for mate first, so the search must score it as mate.
    let p = pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    let (mv, info) = best(&p, 3);
    assert_eq!((mv.as_str(), info.mate_in()), ("Ra8#", Some(1)));
}

#[test]
fn a_search_stopped_at_once_still_completes_depth_one() {
    // A stop asked for before the first node still gets a searched move: here the first
    // generated move is not the best one.
    let p = pos("standard", "4k3/8/8/3q4/8/8/8/R3K1N1 w - - 0 1");
    let mut engine = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(p.clone(), Vec::new(), Limits::depth(30));
    assert_eq!(search.best_move(), None, "nothing searched yet");
    let status = engine.think(&mut search, &mut |_| true, &mut |_| {});
    assert_eq!(
        status,
        Ok(Status::Paused),
        "the stop is honoured after depth 1"
    );
    let info = search.best().expect("depth 1 completed");
    assert!(info.depth >= 1);
    let first_generated = p.legal_moves()[0];
    let best = search.best_move().unwrap();
    assert_ne!(best, first_generated);
    // And a node limit of 1 likewise.
    let mut limits = Limits::depth(30);
    limits.nodes = Some(1);
    let mut search = Search::new(p.clone(), Vec::new(), limits);
    let status = engine.think(&mut search, &mut |_| false, &mut |_| {});
    assert_eq!(status, Ok(Status::Finished));
    assert!(search.best().is_some_and(|i| i.depth >= 1));
}

#[test]
fn a_position_of_another_variant_is_refused_not_a_panic() {
    let torus = Position::start(Arc::new(Variant::preset("torus-8x14", None).unwrap()));
    let mut engine = Engine::new(
        Arc::new(Variant::preset("standard", None).unwrap()),
        Style::Derived,
        1 << 20,
    );
    let mut search = Search::new(torus, Vec::new(), Limits::depth(3));
    let refused = engine.think(&mut search, &mut |_| false, &mut |_| {});
    assert!(refused.is_err());
    assert!(refused.unwrap_err().to_string().contains("torus-8x14"));
    // The same variant built twice is fine.
    let standard = pos("standard", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let mut search = Search::new(standard, Vec::new(), Limits::depth(2));
    assert_eq!(
        engine.think(&mut search, &mut |_| false, &mut |_| {}),
        Ok(Status::Finished)
    );
}

#[test]
fn a_soft_limit_starts_no_new_iteration_but_lets_the_current_one_finish() {
    let start = Position::start(Arc::new(Variant::preset("folded", None).unwrap()));
    let mut engine = Engine::new(start.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(start.clone(), Vec::new(), Limits::depth(30));
    let mut depths = Vec::new();
    // Enough once depth 3 is done: no depth 4 is started, and nothing is cut short before.
    let done = std::cell::Cell::new(0);
    let mut control = Limited(|_| false, |_| done.get() >= 3);
    let status = engine.think(&mut search, &mut control, &mut |info: &Info| {
        depths.push(info.depth);
        done.set(info.depth);
    });
    assert_eq!(status, Ok(Status::Finished));
    assert_eq!(depths, [1, 2, 3]);
    // With time management off, the soft limit is not heard.
    let mut engine = Engine::new(start.variant().clone(), Style::Derived, 1 << 20);
    engine.set_features(Features::ALL.without(Features::TIME));
    let mut search = Search::new(start, Vec::new(), Limits::depth(4));
    let mut control = Limited(|_| false, |_| true);
    let _ = engine.think(&mut search, &mut control, &mut |_| {});
    assert_eq!(search.best().map(|i| i.depth), Some(4));
}

#[test]
fn every_technique_can_be_switched_off_and_the_mates_are_still_found() {
    let mate = pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    for &(name, off) in Features::NAMED.iter() {
        let mut engine = Engine::new(mate.variant().clone(), Style::Derived, 1 << 20);
        engine.set_features(Features::ALL.without(off));
        let mut search = Search::new(mate.clone(), Vec::new(), Limits::depth(4));
        let _ = engine.think(&mut search, &mut |_| false, &mut |_| {});
        let info = search.best().unwrap();
        assert_eq!(san::to_san(&mate, info.pv[0]), "Ra8#", "without {name}");
    }
}

#[test]
fn an_engine_switched_to_other_terms_searches_as_a_new_one_with_them() {
    // The engine keeps recent evaluations; switching the evaluation's terms must forget them,
    // or the second search would read scores of the first evaluation.
    let p = pos(
        "standard",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    );
    let fewer = Features::ALL.without(Features::MOBILITY);
    let run = |engine: &mut Engine| {
        let mut search = Search::new(p.clone(), Vec::new(), Limits::depth(5));
        let _ = engine.think(&mut search, &mut |_| false, &mut |_| {});
        let info = search.best().unwrap().clone();
        (info.pv, info.score, search.nodes())
    };
    let mut used = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    let with_mobility = run(&mut used);
    used.set_features(fewer);
    used.clear();
    let mut fresh = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    fresh.set_features(fewer);
    let without = run(&mut fresh);
    assert_eq!(run(&mut used), without);
    assert_ne!(with_mobility, without, "the terms make a difference here");
}
