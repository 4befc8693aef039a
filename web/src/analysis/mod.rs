//! The analysis board: a move tree (side lines, glyphs, comments) on a game or any position, the
//! node shown, and the engine's lines for it. It changes through [`Analysis::update`]; what the
//! app must do besides (a choice offered on the board, the game screen) comes back as an
//! [`AnalysisOut`]. The engine runs on the node shown while the analysis screen is open and the
//! engine is on; the job is settled like every other (`engine_job`), so a job for a node no
//! longer shown is dropped.

pub mod panel;
pub mod review;
pub mod review_panel;
pub mod scene;

use crate::common::fit::{Choice, Fit};
use crate::common::math;
pub use crate::library::annotations::tree_for_game;
use serde::{Deserialize, Serialize};
use topochess_core::game::Game;
use topochess_core::move_tree::{MoveTree, NodeId};
use topochess_core::{pgn, san, Color, Move, Position, Square};
use topochess_study::decimal;
use topochess_worker::LineReport;

/// The most lines the engine shows.
pub const MAX_LINES: u8 = 5;

/// Nodes a review searches in each position (about a sixth of a second in the browser).
pub const REVIEW_NODES: u64 = 50_000;

/// A review in progress: the main line's nodes (the start first) and how many are done.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRun {
    /// Names this run (its job's point).
    pub serial: u64,
    /// The positions reviewed, in order.
    pub nodes: Vec<NodeId>,
    /// How many have their evaluation (the first ones: positions are reviewed in order).
    pub done: usize,
}

/// The engine's latest lines for one node.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The node analysed.
    pub node: NodeId,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub rate: u64,
    /// The lines, best first (scores for the side to move).
    pub lines: Vec<LineReport>,
}

/// An analysis in progress.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Names this analysis (jobs and shapes are keyed by it).
    pub id: u64,
    /// Counts the tree's changes.
    pub revision: u64,
    /// The moves, side lines and annotations.
    pub tree: MoveTree,
    /// The node shown.
    pub at: NodeId,
    /// How many lines the engine shows (1 to [`MAX_LINES`]).
    pub lines: u8,
    /// Whether the engine runs.
    pub engine_on: bool,
    /// The engine's latest lines.
    pub report: Option<Report>,
    /// The engine reached its deepest iteration here (node, lines): it is not restarted.
    pub done: Option<(NodeId, u8)>,
    /// A game review in progress.
    pub review: Option<ReviewRun>,
    /// The library's game this analyses, if it came from one (its analysis is kept with it).
    pub game_id: Option<u64>,
}

impl PartialEq for Analysis {
    fn eq(&self, other: &Analysis) -> bool {
        (
            self.id,
            self.revision,
            self.at,
            self.lines,
            self.engine_on,
            self.done,
        ) == (
            other.id,
            other.revision,
            other.at,
            other.lines,
            other.engine_on,
            other.done,
        ) && self.report == other.report
    }
}

/// A change to the analysis.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisAction {
    /// Analyse the game on the board, at the move looked at.
    FromGame,
    /// Analyse the game on the board and review it at once (after a game).
    ReviewGame,
    /// Analyse the explorer's position.
    FromExplorer,
    /// Analyse a PGN (its side lines and annotations kept).
    Load(String),
    /// Show a node.
    Goto(NodeId),
    /// One move back (-1) or forward along the line shown (+1).
    Step(i32),
    /// The start.
    First,
    /// The end of the line shown.
    Last,
    /// A move made on the board (a promotion asks which).
    Move(Square, Square),
    /// Play engine line `.0` up to its move `.1` (0-based).
    PlayLine(usize, usize),
    /// Promote the side line of the node shown.
    Promote,
    /// Delete the node shown and what follows it.
    Delete,
    /// Toggle a NAG on the node shown.
    Nag(u8),
    /// Set the comment of the node shown (trimmed: the text box was left).
    Comment(String),
    /// The comment of the node shown as it is being typed (kept as typed, spaces included).
    CommentTyped(String),
    /// Engine on or off.
    Engine(bool),
    /// How many lines.
    Lines(u8),
    /// Review the main line (true) or stop the review (false).
    Review(bool),
    /// Back to the game on the board.
    BackToGame,
}

/// What an analysis action asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisOut {
    /// Nothing more.
    Done,
    /// The player chooses among these moves first (a promotion).
    Choose(Choice),
    /// The game screen.
    ShowGame,
}

impl Analysis {
    /// An analysis of `tree` showing `at`, the engine on, three lines.
    pub fn new(tree: MoveTree, at: NodeId) -> Analysis {
        Analysis {
            id: crate::library::storage::fresh_id(),
            revision: 0,
            tree,
            at,
            lines: 3,
            engine_on: true,
            report: None,
            done: None,
            review: None,
            game_id: None,
        }
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        self.tree.node(self.at).position()
    }

    /// The engine's report for the node shown, if it has one.
    pub fn report_here(&self) -> Option<&Report> {
        self.report.as_ref().filter(|r| r.node == self.at)
    }

    /// The engine's point: (analysis, node, position hash).
    pub fn point(&self) -> (u64, usize, u64) {
        (self.id, self.at, self.position().hash())
    }

    /// The main line as a game (for PGN).
    pub fn main_game(&self) -> Game {
        let mut game = Game::new(self.tree.start().clone());
        for id in self.tree.mainline() {
            match self.tree.node(id).mv() {
                Some(mv) if game.play(mv).is_ok() => {}
                _ => break,
            }
        }
        game
    }

    /// The analysis as PGN: the main line with its side lines, glyphs, comments and evaluations.
    pub fn pgn(&self) -> String {
        pgn::write_tree(
            &self.main_game(),
            &self.tree,
            &[("Event", "Topochess analysis"), ("Site", "Topochess")],
        )
    }

    /// Each node from the root to the node shown, as its index among its parent's children:
    /// the node shown named so that it survives writing the tree as PGN and reading it back.
    pub fn route(&self) -> Vec<usize> {
        self.tree
            .path(self.at)
            .into_iter()
            .map(|n| {
                let parent = self.tree.parent(n).unwrap_or(MoveTree::ROOT);
                let siblings = self.tree.node(parent).children();
                siblings.iter().position(|&c| c == n).unwrap_or(0)
            })
            .collect()
    }

    /// The node a route leads to (as far as it goes).
    pub fn follow(tree: &MoveTree, route: &[usize]) -> NodeId {
        let mut at = MoveTree::ROOT;
        for &i in route {
            match tree.node(at).children().get(i) {
                Some(&next) => at = next,
                None => break,
            }
        }
        at
    }

    fn changed(&mut self) {
        self.revision += 1;
    }

    fn goto(&mut self, id: NodeId) {
        if self.tree.contains(id) {
            self.at = id;
        }
    }

    /// Plays `mv` at the node shown and shows it.
    fn play(&mut self, mv: Move) {
        let before = self.tree.node(self.at).children().len();
        if let Ok(next) = self.tree.play(self.at, mv) {
            if self.tree.node(self.at).children().len() != before {
                self.changed();
            }
            self.at = next;
        }
    }
}

/// What the analysis keeps across reloads.
#[derive(Serialize, Deserialize)]
struct Kept {
    pgn: String,
    route: Vec<usize>,
    lines: u8,
    engine_on: bool,
    /// The analysis screen was open.
    open: bool,
    /// The library's game analysed, if any.
    #[serde(default)]
    game_id: Option<u64>,
}

const KEY: &str = "topochess-analysis";

/// Keeps the analysis in the browser's storage (the tree as PGN and the node shown).
pub fn browser_keep(analysis: &Analysis, open: bool) {
    let kept = Kept {
        pgn: analysis.pgn(),
        route: analysis.route(),
        lines: analysis.lines,
        engine_on: analysis.engine_on,
        open,
        game_id: analysis.game_id,
    };
    if let (Some(store), Ok(text)) = (
        crate::library::storage::local_storage(),
        serde_json::to_string(&kept),
    ) {
        let _ = store.set_item(KEY, &text);
    }
}

/// The analysis kept by the last visit, and whether its screen was open.
pub fn browser_kept() -> Option<(Analysis, bool)> {
    let text = crate::library::storage::local_storage()?
        .get_item(KEY)
        .ok()??;
    let kept: Kept = serde_json::from_str(&text).ok()?;
    let read = pgn::read(&kept.pgn).ok()?;
    let at = Analysis::follow(&read.tree, &kept.route);
    let mut analysis = Analysis::new(read.tree, at);
    analysis.lines = kept.lines.clamp(1, MAX_LINES);
    analysis.engine_on = kept.engine_on;
    analysis.game_id = kept.game_id;
    Some((analysis, kept.open))
}

impl Analysis {
    /// Puts `analysis` in `slot`, with the lines and engine switch of the one it replaces.
    pub fn open_in(slot: &mut Option<Analysis>, mut analysis: Analysis) {
        if let Some(old) = slot.as_ref() {
            analysis.lines = old.lines;
            analysis.engine_on = old.engine_on;
        }
        *slot = Some(analysis);
    }

    /// The engine's lines arrived for the point `wanted` (the job's).
    pub fn lines_arrived(&mut self, wanted: Option<(u64, usize, u64)>, report: Report) {
        if wanted == Some(self.point()) && report.node == self.at {
            self.report = Some(report);
        }
    }

    /// An action on the analysis board. The ones that open it (from the game, the explorer, a
    /// PGN) are the app's: it has what they start from.
    pub fn update(&mut self, action: AnalysisAction) -> AnalysisOut {
        let a = self;
        match action {
            AnalysisAction::FromGame
            | AnalysisAction::ReviewGame
            | AnalysisAction::FromExplorer
            | AnalysisAction::Load(_) => {}
            AnalysisAction::BackToGame => return AnalysisOut::ShowGame,
            AnalysisAction::Goto(id) => a.goto(id),
            AnalysisAction::Step(delta) => {
                let next = if delta < 0 {
                    a.tree.parent(a.at)
                } else {
                    a.tree.node(a.at).children().first().copied()
                };
                if let Some(next) = next {
                    a.at = next;
                }
            }
            AnalysisAction::First => a.at = MoveTree::ROOT,
            AnalysisAction::Last => a.at = a.tree.line_after(a.at).last().copied().unwrap_or(a.at),
            AnalysisAction::Move(from, to) => match Choice::fit(a.position(), from, to) {
                Fit::None => {}
                Fit::One(mv) => a.play(mv),
                Fit::Choose(c) => return AnalysisOut::Choose(c),
            },
            AnalysisAction::PlayLine(k, upto) => {
                let Some(line) = a.report_here().and_then(|r| r.lines.get(k)).cloned() else {
                    return AnalysisOut::Done;
                };
                for text in line.moves.iter().take(upto + 1) {
                    match san::parse_move(a.position(), text) {
                        Ok(mv) => a.play(mv),
                        Err(_) => break,
                    }
                }
            }
            AnalysisAction::Promote => {
                if a.tree.promote(a.at) {
                    a.changed();
                }
            }
            AnalysisAction::Delete => {
                if a.at != MoveTree::ROOT {
                    a.at = a.tree.delete(a.at);
                    a.changed();
                }
            }
            AnalysisAction::Nag(nag) => {
                if a.at != MoveTree::ROOT {
                    a.tree.toggle_nag(a.at, nag);
                    a.changed();
                }
            }
            AnalysisAction::Comment(text) => {
                if let Some(node) = a.tree.node_mut(a.at) {
                    node.comment = text.trim().to_string();
                    a.changed();
                }
            }
            AnalysisAction::CommentTyped(text) => {
                if let Some(node) = a.tree.node_mut(a.at) {
                    node.comment = text;
                    a.changed();
                }
            }
            AnalysisAction::Engine(on) => {
                a.engine_on = on;
                a.done = None;
            }
            AnalysisAction::Lines(n) => {
                a.lines = n.clamp(1, MAX_LINES);
                a.done = None;
            }
            AnalysisAction::Review(true) => {
                let nodes: Vec<NodeId> = std::iter::once(MoveTree::ROOT)
                    .chain(a.tree.mainline())
                    .collect();
                a.review = Some(ReviewRun {
                    serial: a.revision.wrapping_mul(1_000_003) ^ nodes.len() as u64,
                    nodes,
                    done: 0,
                });
            }
            AnalysisAction::Review(false) => a.review = None,
        }
        AnalysisOut::Done
    }

    /// A move the player chose from the board's chooser (one the board offered).
    pub fn choose(&mut self, mv: Move) {
        self.play(mv);
    }

    /// The review job's point: (analysis, run, 0), while a review runs.
    pub fn review_point(&self) -> Option<(u64, usize, u64)> {
        let run = self.review.as_ref()?;
        Some((self.id, run.serial as usize, 0))
    }

    /// The review reviewed position `ply`: its evaluation (for the side to move: centipawns,
    /// or mate in `mate`) and the engine's move there are written into the tree.
    pub fn reviewed(
        &mut self,
        ply: usize,
        (score, mate, best): (i32, Option<i32>, Option<String>),
    ) {
        let Some(run) = self.review.as_mut() else {
            return;
        };
        // Positions come in order; a restarted job starts where the last one stopped.
        let Some(&id) = run.nodes.get(ply).filter(|_| ply == run.done) else {
            return;
        };
        run.done = ply + 1;
        let finished = run.done == run.nodes.len();
        if let Some(node) = self.tree.node_mut(id) {
            let white = node.position().turn() == Color::White;
            let sign = if white { 1 } else { -1 };
            node.eval = Some(match mate {
                Some(m) => topochess_core::move_tree::Eval::Mate(m * sign),
                None => topochess_core::move_tree::Eval::Centipawns(score * sign),
            });
            node.best = best.and_then(|t| san::parse_move(node.position(), &t).ok());
        }
        if finished {
            self.review = None;
        }
        self.changed();
    }
}

/// A score from White's side, as players read it: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn white_score_text(line: &LineReport, turn: Color) -> String {
    let sign = if turn == Color::White { 1 } else { -1 };
    match line.mate {
        Some(m) => format!("#{}", m * sign),
        None => {
            let cp = line.score * sign;
            format!(
                "{}{}",
                if cp >= 0 { "+" } else { "-" },
                decimal::write_fixed(i64::from(cp).abs(), 2)
            )
        }
    }
}

/// White's share of the evaluation bar, 0 to 100: lichess's winning chance of the centipawn
/// score (`50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`), all or nothing for a mate.
pub fn white_share(line: &LineReport, turn: Color) -> f64 {
    let sign = if turn == Color::White { 1.0 } else { -1.0 };
    match line.mate {
        Some(m) => {
            if (m as f64) * sign > 0.0 {
                100.0
            } else {
                0.0
            }
        }
        None => {
            let cp = line.score as f64 * sign;
            50.0 + 50.0 * (2.0 / (1.0 + math::exp(-0.00368208 * cp)) - 1.0)
        }
    }
}

#[cfg(test)]
mod tests;
