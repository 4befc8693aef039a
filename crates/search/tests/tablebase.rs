//! Endgame tables: the well-known figures of the flat board, and on every kind of surface the
//! tables agree with a plain mate search and with the reference move generator.

use std::sync::Arc;
use topochess_core::{reference, Color, Position, Variant};
use topochess_search::tablebase::{Material, Tablebase, Value};

fn table(variant: &str, material: &str) -> Tablebase {
    let v = Arc::new(Variant::by_id(variant, None).unwrap());
    Tablebase::build(v, &Material::parse(material).unwrap(), &mut |_| {}).unwrap()
}

/// Whether the side to move mates within `plies` plies (odd) whatever the defence: a plain
/// search with no pruning and no table, the slow reference generator's moves.
fn mates_within(pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    reference::legal_moves(pos).into_iter().any(|mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let replies = reference::legal_moves(&child);
        if replies.is_empty() {
            return child.is_check();
        }
        plies >= 3
            && replies.into_iter().all(|r| {
                let mut next = child.clone();
                next.play_unchecked(r);
                mates_within(&next, plies - 2)
            })
    })
}

#[test]
fn the_flat_boards_well_known_mates() {
    for (material, longest) in [("KQvK", 10), ("KRvK", 16)] {
        let t = table("standard", material);
        let [white, black] = t.counts();
        assert_eq!(white.longest, longest, "{material}");
        assert_eq!(white.lost, 0);
        assert_eq!(black.won, 0, "a bare king never wins");
        assert_eq!(white.legal, white.won + white.drawn + white.lost);
    }
    // Two knights cannot force mate: only a position one move from mate is won, and the
    // defender to move is lost only where it is mated already.
    let t = table("standard", "KNNvK");
    let [white, _] = t.counts();
    assert_eq!(white.longest, 1, "{white:?}");
    let forced = t.examples(Color::Black, 1, |v| matches!(v, Value::Loss(p) if p > 0));
    assert!(
        forced.is_empty(),
        "{:?}",
        forced.first().map(topochess_core::fen::write)
    );
}

#[test]
fn tables_agree_with_a_plain_mate_search_on_every_kind_of_surface() {
    let mut mates = 0;
    for variant in [
        "folded",
        "cylinder",
        "torus",
        "sphere-dot",
        "lab-twist-twist-6x6",
    ] {
        for material in ["KQvK", "KRvK"] {
            let t = table(variant, material);
            let mut checked = 0;
            for (turn, pick) in [
                (
                    Color::White,
                    (|v| matches!(v, Value::Win(1 | 3))) as fn(Value) -> bool,
                ),
                (Color::White, |v| v == Value::Draw),
                (Color::Black, |v| matches!(v, Value::Loss(0 | 2))),
            ] {
                for pos in t.examples(turn, 6, pick) {
                    let value = t.probe(&pos).unwrap();
                    match value {
                        Value::Win(p) => {
                            mates += 1;
                            assert!(
                                mates_within(&pos, p as u32),
                                "{variant} {material} {value:?}"
                            );
                            assert!(
                                !mates_within(&pos, (p as u32).saturating_sub(2)),
                                "{variant} {value:?} shorter"
                            );
                        }
                        Value::Draw => assert!(!mates_within(&pos, 3), "{variant} drawn but mates"),
                        Value::Loss(p) => {
                            // Every reply leaves a mate within what is left.
                            for mv in reference::legal_moves(&pos) {
                                let mut child = pos.clone();
                                child.play_unchecked(mv);
                                assert!(
                                    p == 0 || mates_within(&child, p as u32 - 1),
                                    "{variant} {material} lost in {p}"
                                );
                            }
                        }
                    }
                    // The fast generator's moves are the reference's.
                    let mut fast = pos.legal_moves();
                    let mut slow = reference::legal_moves(&pos);
                    fast.sort_by_key(|m| (m.from.0, m.to.0));
                    slow.sort_by_key(|m| (m.from.0, m.to.0));
                    assert_eq!(fast, slow);
                    checked += 1;
                }
            }
            // The torus has no mates with these: draws only.
            assert!(checked >= 6, "{variant} {material}: {checked}");
        }
    }
    assert!(mates >= 30, "only {mates} won positions checked");
}

#[test]
fn the_best_move_of_a_won_position_mates_in_time() {
    let t = table("folded", "KQvK");
    let mut pos = t.longest_mate(Color::White).unwrap();
    let start = t.probe(&pos).unwrap();
    let Value::Win(mut plies) = start else {
        panic!("{start:?}");
    };
    // Play the table's moves for both sides: the mate comes exactly when it said.
    while plies > 0 {
        let (mv, value) = t.best_move(&pos).unwrap();
        assert!(
            matches!(value, Value::Win(p) | Value::Loss(p) if p == plies),
            "{value:?}"
        );
        pos.play_unchecked(mv);
        plies -= 1;
    }
    assert!(pos.legal_moves().is_empty() && pos.is_check(), "mated");
}

#[test]
fn material_reads_and_names() {
    assert_eq!(Material::parse("KRvK").unwrap().name(), "KRvK");
    assert_eq!(Material::parse("kqvkr").unwrap().name(), "KQvKR");
    assert_eq!(Material::parse("KNBvK").unwrap().name(), "KBNvK");
    assert!(Material::parse("KRK").is_err());
    assert!(Material::parse("RvK").is_err());
    assert!(Material::parse("KXvK").is_err());
}

#[test]
fn the_flat_boards_four_piece_figures() {
    // Bishop and knight: 33 moves; two bishops: 19 (on both colours; the pair on one colour
    // draws).
    for (material, longest) in [("KBNvK", 33), ("KBBvK", 19)] {
        let t = table("standard", material);
        let [white, black] = t.counts();
        assert_eq!(white.longest, longest, "{material}");
        assert_eq!(black.won, 0);
        let pos = t.longest_mate(Color::White).unwrap();
        assert_eq!(
            t.probe(&pos).and_then(Value::moves_to_mate),
            Some(longest as i32)
        );
    }
}

#[test]
fn the_legal_positions_counted_are_the_reference_generators() {
    use topochess_core::setup::Setup;
    use topochess_core::{Piece, Square};
    // Every placement of king and rook against king; a placement is legal with a side to move
    // when the other side's king is not attacked, by the reference generator's attacks.
    for variant in ["standard", "folded", "sphere-dot", "lab-twist-twist-6x6"] {
        let v = Arc::new(Variant::by_id(variant, None).unwrap());
        let t = table(variant, "KRvK");
        let [white, black] = t.counts();
        let n = v.size().squares() as u8;
        let (wk, wr, bk) = (
            Piece::from_char('K').unwrap(),
            Piece::from_char('R').unwrap(),
            Piece::from_char('k').unwrap(),
        );
        let mut legal = [0u64; 2];
        for a in 0..n {
            for b in 0..n {
                for c in 0..n {
                    if a == b || b == c || a == c {
                        continue;
                    }
                    let pieces = vec![(Square(a), wk), (Square(b), wr), (Square(c), bk)];
                    // Any setup of the placement will do: attacks do not depend on the side
                    // to move (none at all when the kings touch: illegal either way).
                    let setup = |turn| Setup {
                        pieces: pieces.clone(),
                        turn,
                        castling: Vec::new(),
                        ep: None,
                        halfmoves: 0,
                        fullmoves: 1,
                    };
                    let Some(pos) = Color::ALL
                        .into_iter()
                        .find_map(|c| Position::from_setup(v.clone(), &setup(c)).ok())
                    else {
                        continue;
                    };
                    for turn in Color::ALL {
                        // Legal with `turn` to move when the other king is not attacked.
                        let king = pos.king(!turn);
                        if !reference::attacked_squares(&pos, turn).contains(king) {
                            legal[turn.index()] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(legal, [white.legal, black.legal], "{variant}");
    }
}

#[test]
fn the_search_scores_table_positions_exactly() {
    use topochess_search::{mate_in, Engine, Limits, Search, Style};
    // King and rook against king and knight on the flat board: positions won in 15 moves or more,
    // far beyond a depth-3 search. With the table in the tree, the search finds the exact mate
    // distance and a move that keeps it; without, it sees only material.
    let t = Arc::new(table("standard", "KRvKN"));
    let long = t.examples(Color::White, 400, |v| matches!(v, Value::Win(p) if p >= 29));
    assert!(long.len() >= 3);
    for pos in long.iter().step_by(long.len() / 3).take(3) {
        let moves = t.probe(pos).and_then(Value::moves_to_mate).unwrap();
        let run = |tables: Vec<Arc<Tablebase>>| {
            let mut engine = Engine::new(pos.variant().clone(), Style::Derived, 1 << 20);
            engine.set_tables(tables);
            let mut search = Search::new(pos.clone(), Vec::new(), Limits::depth(3));
            engine
                .think(&mut search, &mut |_| false, &mut |_| {})
                .unwrap();
            search.best().cloned().unwrap()
        };
        let with = run(vec![t.clone()]);
        assert_eq!(mate_in(with.score), Some(moves), "{}", fen(pos));
        let mut after = pos.clone();
        after.play_unchecked(with.pv[0]);
        assert_eq!(
            t.probe(&after),
            Some(Value::Loss(2 * moves as u8 - 2)),
            "the move keeps the mate"
        );
        let without = run(Vec::new());
        assert_eq!(mate_in(without.score), None);
        // Tables of another variant are not asked.
        let other = Arc::new(table("folded", "KRvK"));
        assert_eq!(mate_in(run(vec![other]).score), None);
    }
}

fn fen(pos: &Position) -> String {
    topochess_core::fen::write(pos)
}
