//! PGN with side lines (RAV), glyphs and other NAGs, comments and `[%eval]`: random annotated
//! trees round-trip on every preset and lab surface, and hand-written PGN reads as players
//! write it.

mod common;

use common::{all_variants, Rng};
use topochess_core::game::Game;
use topochess_core::move_tree::{Eval, MoveTree, NodeId};
use topochess_core::pgn::{self, PgnError};
use topochess_core::{san, Position};

/// Every node in depth-first order, side lines in their order: (depth, SAN, NAGs, comment,
/// eval). Two trees with the same outline have the same moves, lines, order and annotations.
fn outline(tree: &MoveTree) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<(NodeId, usize)> = vec![(MoveTree::ROOT, 0)];
    while let Some((id, depth)) = stack.pop() {
        let node = tree.node(id);
        let text = match (tree.parent(id), node.mv()) {
            (Some(parent), Some(mv)) => san::to_san(tree.node(parent).position(), mv),
            _ => "root".into(),
        };
        let best = node.best.map(|mv| san::to_san(node.position(), mv));
        out.push(format!(
            "{depth} {text} {:?} {:?} {:?} {best:?}",
            node.nags, node.comment, node.eval
        ));
        for &child in node.children().iter().rev() {
            stack.push((child, depth + 1));
        }
    }
    out
}

/// A random tree: a main line with side lines (some nested), glyphs, NAGs, comments, evals.
fn random_tree(start: Position, rng: &mut Rng, plies: usize) -> MoveTree {
    let mut tree = MoveTree::new(start);
    tree.node_mut(MoveTree::ROOT).unwrap().comment = "Before the first move".into();
    let mut lines = vec![MoveTree::ROOT];
    let mut made = 0;
    while made < plies {
        // Mostly extend the main line's end; now and then branch from an earlier node.
        let from = if rng.below(5) == 0 && made > 2 {
            let nodes: Vec<NodeId> = lines
                .iter()
                .flat_map(|&l| tree.path(l))
                .chain([MoveTree::ROOT])
                .collect();
            rng.pick(&nodes)
        } else {
            *lines.last().expect("a line")
        };
        let moves = tree.node(from).position().legal_moves();
        if moves.is_empty() {
            lines.retain(|&l| l != from);
            if lines.is_empty() {
                break;
            }
            continue;
        }
        let mv = rng.pick(&moves);
        let id = tree.play(from, mv).expect("a legal move");
        made += 1;
        match rng.below(8) {
            0 => tree.toggle_nag(id, 1 + rng.below(6) as u8),
            1 => tree.toggle_nag(id, 10 + rng.below(130) as u8),
            2 => tree.node_mut(id).unwrap().comment = format!("idea {made}, see (this)"),
            3 => {
                tree.node_mut(id).unwrap().eval =
                    Some(Eval::Centipawns(rng.below(2001) as i32 - 1000))
            }
            4 => tree.node_mut(id).unwrap().eval = Some(Eval::Mate(rng.below(9) as i32 - 4)),
            5 => {
                let replies = tree.node(id).position().legal_moves();
                if !replies.is_empty() {
                    tree.node_mut(id).unwrap().best = Some(rng.pick(&replies));
                }
            }
            _ => {}
        }
        if from == *lines.last().expect("a line") {
            *lines.last_mut().expect("a line") = id;
        } else {
            lines.push(id);
        }
    }
    tree
}

fn main_game(tree: &MoveTree) -> Game {
    let mut game = Game::new(tree.start().clone());
    for id in tree.mainline() {
        if game.play(tree.node(id).mv().unwrap()).is_err() {
            break;
        }
    }
    game
}

#[test]
fn annotated_trees_round_trip_on_every_preset_and_lab_surface() {
    let mut rng = Rng::new(13);
    let mut variants = all_variants();
    variants.extend(common::lab_variants(&[(6, 6), (9, 7)]));
    let mut side_lines = 0;
    for v in variants {
        for _ in 0..3 {
            let tree = random_tree(Position::start(v.clone()), &mut rng, 40);
            let game = main_game(&tree);
            if game.moves().len() < tree.mainline().len() {
                continue; // the game ended on the main line before its end
            }
            side_lines += tree
                .mainline()
                .iter()
                .filter(|&&n| tree.node(n).children().len() > 1)
                .count();
            let text = pgn::write_tree(&game, &tree, &[("Event", "Analysis")]);
            let read = pgn::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id()));
            assert_eq!(outline(&read.tree), outline(&tree), "{}\n{text}", v.id());
            assert_eq!(read.game.moves(), game.moves());
            // Written again, the same text.
            assert_eq!(
                pgn::write_tree(&read.game, &read.tree, &[("Event", "Analysis")]),
                text
            );
        }
    }
    assert!(
        side_lines > 50,
        "too few side lines to mean much: {side_lines}"
    );
}

#[test]
fn hand_written_pgn_reads_as_players_write_it() {
    let text = "[Event \"Study\"]\n\n{Start} 1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) \
                2. Nf3!? $14 {[%eval 0.35] a good move} 2... Nc6?? {[%eval #-3,20] [%best Bb5]} \
                ( 2... d6 ; a line comment\n 3. d4 ) 3. Bb5 *";
    let read = pgn::read(text).unwrap();
    let t = &read.tree;
    let texts = |ids: &[NodeId]| -> Vec<String> {
        ids.iter()
            .map(|&n| {
                san::to_san(
                    t.node(t.parent(n).unwrap()).position(),
                    t.node(n).mv().unwrap(),
                )
            })
            .collect()
    };
    let main = t.mainline();
    assert_eq!(texts(&main), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(t.node(MoveTree::ROOT).comment, "Start");
    let e4 = main[0];
    let c5 = t.node(e4).children()[1];
    assert_eq!(texts(&t.line_after(c5)), ["Nf3", "d6"]);
    let nf3 = t.node(c5).children()[0];
    assert_eq!(texts(&t.node(c5).children()[1..]), ["Nc3"]);
    assert_eq!(texts(&t.line_after(t.node(c5).children()[1])), ["Nc6"]);
    assert_eq!(texts(&t.line_after(nf3)), ["d6"]);
    let white_nf3 = main[2];
    assert_eq!(t.node(white_nf3).nags, [5, 14]);
    assert_eq!(t.node(white_nf3).comment, "a good move");
    assert_eq!(t.node(white_nf3).eval, Some(Eval::Centipawns(35)));
    let nc6 = main[3];
    assert_eq!(t.node(nc6).nags, [4]);
    assert_eq!(t.node(nc6).eval, Some(Eval::Mate(-3)));
    let bb5 = t
        .node(nc6)
        .best
        .map(|mv| san::to_san(t.node(nc6).position(), mv));
    assert_eq!(bb5.as_deref(), Some("Bb5"));
    let d6 = t.node(white_nf3).children()[1];
    assert_eq!(t.node(d6).comment, "a line comment");
    assert_eq!(texts(&t.line_after(d6)), ["d4"]);
    // The game is the main line.
    assert_eq!(read.game.moves().len(), 5);
    // Written out: side lines in parentheses, Black's moves numbered after them and comments.
    let written = pgn::write_tree(&read.game, t, &[]);
    let expected = "{Start} 1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3!? $14 \
                    {[%eval 0.35] a good move} 2... Nc6?? {[%eval #-3] [%best Bb5]} \
                    (2... d6 {a line comment} 3. d4) 3. Bb5 *";
    assert!(written.replace('\n', " ").contains(expected), "{written}");
}

#[test]
fn broken_variations_are_refused_not_guessed() {
    assert_eq!(
        pgn::read("1. e4 (1. d4 d5").unwrap_err(),
        PgnError::Unterminated('(')
    );
    let deep = format!("1. e4 e5 {} {}", "(1... c5 ".repeat(100), ")".repeat(100));
    assert_eq!(pgn::read(&deep).unwrap_err(), PgnError::TooDeep);
    // A wrong move in a side line names the side line's move.
    let err = pgn::read("1. e4 e5 (1... d6 2. Qh5 Kd6) 2. Nf3").unwrap_err();
    assert!(
        matches!(&err, PgnError::Move { number: 2, black: true, text, .. } if text == "Kd6"),
        "{err:?}"
    );
    // A stray ')' ends nothing and harms nothing.
    assert_eq!(pgn::read("1. e4 ) e5").unwrap().game.moves().len(), 2);
}
