//! The move tree of an analysed game: the main line with side lines (variations), each move with
//! its annotation glyphs (NAGs), a comment and an engine evaluation. Like lichess's analysis tree:
//! playing a move that differs from the one that follows makes a side line; a side line can be
//! promoted or deleted. Nodes live in one arena and are named by [`NodeId`]s that stay valid
//! while the tree changes (a deleted node is only unlinked), so nothing here recurses over a line.

use crate::game::Game;
use crate::moves::Move;
use crate::position::{IllegalMove, Position};

/// A node of a [`MoveTree`]; [`MoveTree::ROOT`] is the start position.
pub type NodeId = usize;

/// An engine evaluation, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: Black mates).
    Mate(i32),
}

impl Eval {
    /// The evaluation as PGN's `[%eval ...]` writes it: pawns with two decimals, or `#n`.
    pub fn to_pgn(self) -> String {
        match self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                format!("{sign}{}.{:02}", cp.abs() / 100, cp.abs() % 100)
            }
            Eval::Mate(n) => format!("#{n}"),
        }
    }

    /// Reads `0.35`, `-1.2`, `#3` or `#-2`.
    pub fn from_pgn(text: &str) -> Option<Eval> {
        let text = text.trim();
        if let Some(n) = text.strip_prefix('#') {
            return n.parse().ok().map(Eval::Mate);
        }
        let centipawns = crate::decimal::fixed(text, 2)?;
        (centipawns.abs() < 100_000).then_some(Eval::Centipawns(centipawns as i32))
    }
}

/// One move of the tree (or the root, which has none).
#[derive(Clone, Debug)]
pub struct Node {
    mv: Option<Move>,
    position: Position,
    parent: NodeId,
    children: Vec<NodeId>,
    /// Annotation glyphs as NAG numbers (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, ...).
    pub nags: Vec<u8>,
    /// The comment after the move (before the first move, for the root).
    pub comment: String,
    /// The engine's evaluation of the position after the move.
    pub eval: Option<Eval>,
    /// The engine's best move in the position after the move (a game review's "better move").
    pub best: Option<Move>,
}

impl Node {
    /// The move that led here; `None` at the root.
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The position after the move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves that follow, the main continuation first.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// The glyphs players type, with their NAG numbers.
pub const GLYPHS: [(&str, u8); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// The glyph of NAG `nag`, if it has one.
pub fn glyph(nag: u8) -> Option<&'static str> {
    GLYPHS.iter().find(|(_, n)| *n == nag).map(|(g, _)| *g)
}

/// A game's moves with their side lines and annotations.
#[derive(Clone, Debug)]
pub struct MoveTree {
    nodes: Vec<Node>,
}

impl MoveTree {
    /// The start position's node.
    pub const ROOT: NodeId = 0;

    /// A tree with no moves.
    pub fn new(start: Position) -> MoveTree {
        MoveTree {
            nodes: vec![Node {
                mv: None,
                position: start,
                parent: Self::ROOT,
                children: Vec::new(),
                nags: Vec::new(),
                comment: String::new(),
                eval: None,
                best: None,
            }],
        }
    }

    /// A tree whose main line is the game's moves.
    pub fn of_game(game: &Game) -> MoveTree {
        let mut tree = MoveTree::new(game.start().clone());
        let mut at = Self::ROOT;
        for (ply, &mv) in game.moves().iter().enumerate() {
            let next = game
                .position_at(ply + 1)
                .expect("a position after every move");
            at = tree.push(at, mv, next.clone());
        }
        tree
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.nodes[Self::ROOT].position
    }

    /// The node `id` (the root for an id this tree never gave).
    pub fn node(&self, id: NodeId) -> &Node {
        self.nodes.get(id).unwrap_or(&self.nodes[Self::ROOT])
    }

    /// The node `id` to annotate, if it exists.
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id)
    }

    /// The node before `id`; `None` for the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        (id != Self::ROOT && id < self.nodes.len()).then(|| self.nodes[id].parent)
    }

    /// Whether `id` is a node of the tree (not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            if !self.nodes[parent].children.contains(&at) {
                return false;
            }
            at = parent;
        }
        at == Self::ROOT
    }

    /// The nodes from the root's first move to `id`.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id)
            .into_iter()
            .filter_map(|n| self.nodes[n].mv)
            .collect()
    }

    /// The line that continues from `id` by main continuations (without `id`).
    pub fn line_after(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = id;
        while let Some(&next) = self.node(at).children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The main line, from the first move.
    pub fn mainline(&self) -> Vec<NodeId> {
        self.line_after(Self::ROOT)
    }

    /// Whether `id` is on the main line.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        self.path(id)
            .into_iter()
            .all(|n| self.nodes[self.nodes[n].parent].children.first() == Some(&n))
    }

    /// The ply of `id` (0 for the root).
    pub fn ply(&self, id: NodeId) -> usize {
        self.path(id).len()
    }

    fn push(&mut self, parent: NodeId, mv: Move, position: Position) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            position,
            parent,
            children: Vec::new(),
            nags: Vec::new(),
            comment: String::new(),
            eval: None,
            best: None,
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Plays `mv` after `id`: the existing node if the move is already there, otherwise a new
    /// node (a side line when `id` already has a continuation).
    pub fn play(&mut self, id: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        let id = if self.contains(id) { id } else { Self::ROOT };
        if let Some(&child) = self.nodes[id]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == Some(mv))
        {
            return Ok(child);
        }
        let next = self.nodes[id].position.play(mv)?;
        Ok(self.push(id, mv, next))
    }

    /// Moves the side line that `id` is on one step up, at the nearest fork where it is not the
    /// main continuation: promoted to the main line there. Returns whether anything changed.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            let siblings = &mut self.nodes[parent].children;
            if let Some(i) = siblings.iter().position(|&c| c == at) {
                if i > 0 {
                    siblings[..=i].rotate_right(1);
                    return true;
                }
            }
            at = parent;
        }
        false
    }

    /// Makes the line through `id` the main line at every fork on its way.
    pub fn make_mainline(&mut self, id: NodeId) {
        while self.promote(id) {}
    }

    /// Deletes `id` and everything after it; returns the node before it (the root stays).
    pub fn delete(&mut self, id: NodeId) -> NodeId {
        match self.parent(id) {
            Some(parent) => {
                self.nodes[parent].children.retain(|&c| c != id);
                parent
            }
            None => Self::ROOT,
        }
    }

    /// Toggles NAG `nag` on `id`: a move glyph (1 to 6) replaces another move glyph.
    pub fn toggle_nag(&mut self, id: NodeId, nag: u8) {
        let Some(node) = self.nodes.get_mut(id) else {
            return;
        };
        if node.nags.contains(&nag) {
            node.nags.retain(|&n| n != nag);
        } else {
            if (1..=6).contains(&nag) {
                node.nags.retain(|n| !(1..=6).contains(n));
            }
            node.nags.push(nag);
            crate::order::sort_by(&mut node.nags, u8::cmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::san;
    use crate::variant::Variant;
    use std::sync::Arc;

    fn tree() -> MoveTree {
        MoveTree::new(Position::start(Arc::new(
            Variant::preset("standard", None).unwrap(),
        )))
    }

    fn play(t: &mut MoveTree, at: NodeId, text: &str) -> NodeId {
        let mv = san::parse_move(t.node(at).position(), text).unwrap();
        t.play(at, mv).unwrap()
    }

    #[test]
    fn a_different_move_makes_a_side_line_that_can_be_promoted_and_deleted() {
        let mut t = tree();
        let e4 = play(&mut t, MoveTree::ROOT, "e4");
        let e5 = play(&mut t, e4, "e5");
        assert_eq!(play(&mut t, e4, "e5"), e5, "the same move is the same node");
        let c5 = play(&mut t, e4, "c5");
        let nf3 = play(&mut t, c5, "Nf3");
        assert_eq!(t.mainline(), [e4, e5]);
        assert!(!t.is_mainline(nf3));
        assert_eq!(t.node(e4).children(), [e5, c5]);
        assert!(t.promote(nf3));
        assert_eq!(t.mainline(), [e4, c5, nf3]);
        assert!(t.is_mainline(nf3));
        assert!(!t.promote(nf3), "already the main line");
        assert_eq!(t.delete(c5), e4);
        assert_eq!(t.mainline(), [e4, e5]);
        assert!(!t.contains(nf3));
        // A deleted node's id is not played from: the root is.
        let d4 = san::parse_move(t.start(), "d4").unwrap();
        let d4 = t.play(nf3, d4).unwrap();
        assert_eq!(t.parent(d4), Some(MoveTree::ROOT));
        assert_eq!(t.moves_to(e5).len(), 2);
    }

    #[test]
    fn glyphs_replace_each_other_and_toggle() {
        let mut t = tree();
        let e4 = play(&mut t, MoveTree::ROOT, "e4");
        t.toggle_nag(e4, 1);
        t.toggle_nag(e4, 3);
        assert_eq!(t.node(e4).nags, [3]);
        t.toggle_nag(e4, 3);
        assert!(t.node(e4).nags.is_empty());
        t.toggle_nag(e4, 5);
        t.toggle_nag(e4, 14);
        assert_eq!(t.node(e4).nags, [5, 14]);
    }

    #[test]
    fn evaluations_read_and_write_as_pgn_does() {
        for (text, eval) in [
            ("0.35", Eval::Centipawns(35)),
            ("-1.20", Eval::Centipawns(-120)),
            ("-0.05", Eval::Centipawns(-5)),
            ("#3", Eval::Mate(3)),
            ("#-2", Eval::Mate(-2)),
        ] {
            assert_eq!(Eval::from_pgn(text), Some(eval));
            assert_eq!(eval.to_pgn(), text);
        }
        assert_eq!(Eval::from_pgn("1e9"), None);
        assert_eq!(Eval::from_pgn("NaN"), None);
    }
}
