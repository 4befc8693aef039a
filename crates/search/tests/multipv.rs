//! Multi-PV and excluded root moves: the lines are distinct, legal, best first, their first line
//! is the single-line search's choice where one move is clearly best, and excluded moves never
//! appear.

use std::sync::Arc;
use topochess_core::{fen, san, Move, Position, Variant};
use topochess_search::{Engine, Info, Limits, Search, Status, Style};

fn pos(id: &str, text: Option<&str>) -> Position {
    let variant = Arc::new(Variant::preset(id, None).unwrap());
    match text {
        Some(t) => fen::parse_position(variant, t).unwrap(),
        None => Position::start(variant),
    }
}

fn run(position: &Position, limits: Limits, excluded: &[Move]) -> Info {
    let mut engine = Engine::new(position.variant().clone(), Style::Derived, 4 << 20);
    let mut search = Search::new(position.clone(), Vec::new(), limits).excluding(excluded);
    let status = engine.think(&mut search, &mut |_| false, &mut |_| {});
    assert_eq!(status, Ok(Status::Finished));
    search.best().expect("a line").clone()
}

fn lines(position: &Position, count: usize, depth: u32) -> Info {
    run(
        position,
        Limits {
            depth,
            ..Limits::analysis(count)
        },
        &[],
    )
}

/// Every line's moves are legal in turn from the root.
fn assert_playable(position: &Position, pv: &[Move]) {
    let mut p = position.clone();
    for &mv in pv {
        p = p
            .play(mv)
            .unwrap_or_else(|_| panic!("{pv:?} is not a line of {}", fen::write(position)));
    }
}

fn check_lines(position: &Position, info: &Info, count: usize) {
    let legal = position.legal_moves().len();
    assert_eq!(info.lines.len(), count.min(legal), "{info:?}");
    assert_eq!(
        (info.score, &info.pv),
        (info.lines[0].score, &info.lines[0].pv)
    );
    let firsts: Vec<Move> = info.lines.iter().map(|l| l.pv[0]).collect();
    for (i, m) in firsts.iter().enumerate() {
        assert!(!firsts[..i].contains(m), "two lines start with {m:?}");
    }
    for pair in info.lines.windows(2) {
        assert!(pair[0].score >= pair[1].score, "not best first: {info:?}");
    }
    for line in &info.lines {
        assert_playable(position, &line.pv);
    }
}

#[test]
fn lines_are_distinct_legal_and_best_first_on_every_kind_of_surface() {
    for (id, text) in [
        ("standard", None),
        (
            "standard",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ),
        ("folded", None),
        ("cylinder", None),
        ("torus", None),
        ("torus-8x14", None),
        ("sphere-dot", None),
    ] {
        let p = pos(id, text);
        for count in [2, 3, 5] {
            let info = lines(&p, count, 4);
            check_lines(&p, &info, count);
        }
    }
}

#[test]
fn the_first_line_is_the_single_line_choice_where_one_move_is_clearly_best() {
    for (id, text) in [
        // Mate in one on the flat board and round the edge of the cylinder.
        ("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        ("cylinder", "4n1bk/p5pp/8/8/8/8/8/1R4K1 w - - 0 1"),
        // A queen hanging across the fold.
        ("folded", "5q1k/8/8/8/8/8/6PP/2R3K1 w - - 0 1"),
        // A queen left to a knight.
        ("torus", "8/8/8/4k3/8/2q5/8/1N2K3 w - - 0 1"),
    ] {
        let p = pos(id, Some(text));
        for depth in [3, 4] {
            let single = run(&p, Limits::depth(depth), &[]);
            let multi = lines(&p, 3, depth);
            check_lines(&p, &multi, 3);
            assert_eq!(
                san::to_san(&p, multi.pv[0]),
                san::to_san(&p, single.pv[0]),
                "{id} {text} depth {depth}"
            );
            assert_eq!(multi.score, single.score, "{id} {text} depth {depth}");
        }
    }
}

#[test]
fn fewer_legal_moves_than_lines_gives_one_line_each() {
    // The king in the corner has three moves.
    let p = pos("standard", Some("k7/8/8/8/8/8/8/7K w - - 0 1"));
    let info = lines(&p, 5, 3);
    check_lines(&p, &info, 5);
    assert_eq!(info.lines.len(), 3);
}

#[test]
fn excluded_root_moves_never_appear() {
    let p = pos("folded", Some("5q1k/8/8/8/8/8/6PP/2R3K1 w - - 0 1"));
    let best = run(&p, Limits::depth(3), &[]).pv[0];
    assert_eq!(san::to_san(&p, best), "Rxf8+");
    let without = run(&p, Limits::depth(3), &[best]);
    assert_ne!(without.pv[0], best);
    // Every move but two excluded: the answer is one of the two, in every line.
    let all = p.legal_moves();
    let (keep, drop) = all.split_at(2);
    let info = run(
        &p,
        Limits {
            depth: 3,
            ..Limits::analysis(4)
        },
        drop,
    );
    assert_eq!(info.lines.len(), 2);
    for line in &info.lines {
        assert!(keep.contains(&line.pv[0]), "{line:?}");
    }
    // Everything excluded: nothing to find.
    let mut engine = Engine::new(p.variant().clone(), Style::Derived, 1 << 20);
    let mut search = Search::new(p.clone(), Vec::new(), Limits::depth(3)).excluding(&all);
    assert_eq!(
        engine.think(&mut search, &mut |_| false, &mut |_| {}),
        Ok(Status::Finished)
    );
    assert!(search.best().is_none());
}

#[test]
fn analysis_goes_on_after_a_mate_is_found() {
    let p = pos("standard", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    let info = run(
        &p,
        Limits {
            depth: 6,
            ..Limits::analysis(1)
        },
        &[],
    );
    assert_eq!(info.depth, 6, "a game search would stop at depth 2");
    assert_eq!(info.mate_in(), Some(1));
    let game = run(&p, Limits::depth(6), &[]);
    assert!(game.depth < 6);
}

#[test]
fn a_paused_analysis_resumes_with_its_lines() {
    let p = pos("folded", None);
    let mut engine = Engine::new(p.variant().clone(), Style::Derived, 4 << 20);
    let mut search = Search::new(p.clone(), Vec::new(), Limits::analysis(3));
    let mut seen = Vec::new();
    let mut slices = 0;
    while slices < 40 {
        slices += 1;
        let mut budget = 0;
        let status = engine
            .think(
                &mut search,
                &mut |_| {
                    budget += 1;
                    budget > 20
                },
                &mut |i: &Info| seen.push(i.clone()),
            )
            .unwrap();
        assert_eq!(status, Status::Paused, "an analysis runs until stopped");
    }
    assert!(seen.len() >= 3, "iterations reported: {}", seen.len());
    for info in &seen {
        check_lines(&p, info, 3);
    }
    assert!(seen.windows(2).all(|w| w[0].depth < w[1].depth));
}
