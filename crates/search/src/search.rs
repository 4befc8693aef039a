//! Iterative-deepening principal-variation search, resumable in slices.

use crate::eval::{Evaluator, Style};
use crate::exchange::loses_material;
use crate::features::{futility_margin, late_move_count, late_reduction, rfp_margin, Features};
use crate::structure::PawnTable;
use crate::tt::{Bound, Entry, Evaluations, Table};
use crate::weights::Weights;
use std::sync::Arc;
use topochess_core::game::insufficient_material;
use topochess_core::{Move, MoveKind, Position, Role, Variant};

mod endgame;
mod limits;
mod ordering;
mod quiescence;
mod root;

pub use limits::{mate_in, Info, Limits, Line};

/// The score of being mated now; a mate in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 96;
/// The evaluation cache holds `1 << EVALUATIONS_BITS` entries (8 bytes each).
const EVALUATIONS_BITS: u32 = 17;
/// The pawn-structure table holds `1 << PAWN_STRUCTURE_BITS` entries (104 bytes each).
const PAWN_STRUCTURE_BITS: u32 = 12;
/// The deepest iteration an analysis runs to.
pub const MAX_DEPTH: u32 = 64;

/// What the caller injects: asked every 1024 nodes whether to pause (the hard limit, or the end
/// of a time slice), and between iterations whether the search has had enough (the soft limit:
/// an iteration started late would not finish).
pub trait Control {
    /// Whether to pause now, after `nodes` nodes of this search.
    fn pause(&mut self, nodes: u64) -> bool;

    /// Whether to start no further iteration. Never, unless the caller says so.
    fn enough(&mut self, _nodes: u64) -> bool {
        false
    }
}

/// A control from two tests: `pause` (hard) and `enough` (soft), each given the nodes searched.
pub struct Limited<P, E>(pub P, pub E);

impl<P: FnMut(u64) -> bool, E: FnMut(u64) -> bool> Control for Limited<P, E> {
    fn pause(&mut self, nodes: u64) -> bool {
        (self.0)(nodes)
    }

    fn enough(&mut self, nodes: u64) -> bool {
        (self.1)(nodes)
    }
}

impl<F: FnMut(u64) -> bool> Control for F {
    fn pause(&mut self, nodes: u64) -> bool {
        self(nodes)
    }
}

/// Whether a search finished or paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Paused by the [`Control`]: call [`Engine::think`] again to go on.
    Paused,
    /// Done: the best line is [`Search::best`].
    Finished,
}

/// Why [`Engine::think`] refused a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongVariant {
    /// The engine's variant id.
    pub engine: String,
    /// The searched position's variant id.
    pub position: String,
}

impl std::fmt::Display for WrongVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the engine plays {} but the position is of {}",
            self.engine, self.position
        )
    }
}

impl std::error::Error for WrongVariant {}

/// One search in progress.
pub struct Search {
    root: Position,
    history: Vec<u64>,
    limits: Limits,
    next_depth: u32,
    nodes: u64,
    best: Option<Info>,
    finished: bool,
    excluded: Vec<Move>,
}

impl Search {
    /// A search of `root`, whose game went through the positions with hashes `history` (oldest
    /// first, `root` not included) for repetitions.
    pub fn new(root: Position, history: Vec<u64>, limits: Limits) -> Search {
        Search {
            root,
            history,
            limits,
            next_depth: 1,
            nodes: 0,
            best: None,
            finished: false,
            excluded: Vec::new(),
        }
    }

    /// The same search with these root moves left out: it finds the best of the others.
    pub fn excluding(mut self, moves: &[Move]) -> Search {
        self.excluded.extend_from_slice(moves);
        self
    }

    /// The best line so far.
    pub fn best(&self) -> Option<&Info> {
        self.best.as_ref()
    }

    /// The best move of the deepest completed iteration. [`Engine::think`] completes depth 1
    /// before it lets anything stop it, so once it has run on a position with a legal move this
    /// is a searched move; `None` only before that, or when there is no legal move.
    pub fn best_move(&self) -> Option<Move> {
        self.best.as_ref().and_then(|i| i.pv.first().copied())
    }

    /// Nodes searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The position searched.
    pub fn root(&self) -> &Position {
        &self.root
    }
}

/// The engine: evaluation, table and ordering statistics for one variant, reused across searches.
pub struct Engine {
    variant: Arc<Variant>,
    /// The board's number of squares (the history and counter-move tables are kept by from and
    /// to square): read at every ordered move, so kept here rather than behind the variant.
    squares: usize,
    eval: Evaluator,
    tt: Table,
    /// Recent static evaluations (quiescence stores none in `tt`): a function of the position
    /// and the evaluation's terms only, so a new game keeps them and new terms clear them.
    evals: Evaluations,
    /// Recent pawn structures (what the evaluation reads of them).
    pawns: PawnTable,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// The quiet move that last refuted each move (by its from and to squares).
    counters: Vec<Option<Move>>,
    /// The move played at each ply of the current line (`None` for a null move).
    played: Vec<Option<Move>>,
    /// Each ply's move lists and child position, kept between nodes so that no node allocates.
    plies: Vec<Ply>,
    path: Vec<u64>,
    nodes: u64,
    node_limit: u64,
    aborted: bool,
    /// Set while depth 1 runs: nothing may stop it.
    must_finish: bool,
    root_depth: i32,
    features: Features,
    /// The iteration in progress found this root move better than the one searched first.
    partial: Option<(i32, Move)>,
    /// Endgame tables probed in the tree, and the most pieces any has.
    tables: Vec<Arc<crate::tablebase::Tablebase>>,
    table_pieces: usize,
}

/// What a node of the search works in, reused by the next node at the same ply.
#[derive(Default)]
struct Ply {
    /// The moves.
    moves: Vec<Move>,
    /// Their ordering scores.
    scores: Vec<i32>,
    /// The quiet moves searched (for the history malus).
    quiets: Vec<Move>,
    /// The position after the move being searched, filled by [`Position::play_into`]: a clone
    /// per move would count the shared variant up and down. Boxed, so that taking a ply's work
    /// out and putting it back (twice a node) moves a pointer and not the half-kilobyte board.
    child: Option<Box<Position>>,
}

/// Where a node stands: its distance from the root, whether it lies on the principal variation,
/// and whether its side to move is in check, when the caller has asked already.
#[derive(Clone, Copy)]
struct Node {
    ply: usize,
    pv: bool,
    check: Option<bool>,
}

impl Node {
    /// A child of the root, on the principal variation if `pv`.
    fn root_child(pv: bool) -> Node {
        Node {
            ply: 1,
            pv,
            check: None,
        }
    }

    /// The node a move or a pass leads to, on the principal variation if `pv`, in check if the
    /// caller knows.
    fn child(self, pv: bool, check: Option<bool>) -> Node {
        Node {
            ply: self.ply + 1,
            pv,
            check,
        }
    }
}

struct Ctx<'a> {
    control: &'a mut dyn Control,
}

impl Engine {
    /// An engine for `variant` with a table of about `table_bytes`.
    pub fn new(variant: Arc<Variant>, style: Style, table_bytes: usize) -> Engine {
        let weights = Weights::for_surface(variant.surface());
        Engine::weighted(variant, style, weights, table_bytes)
    }

    /// An engine for `variant` whose evaluation uses `weights` (matches and the tuner compare
    /// weights with it).
    pub fn weighted(
        variant: Arc<Variant>,
        style: Style,
        weights: Weights,
        table_bytes: usize,
    ) -> Engine {
        let squares = variant.size().squares();
        let mut engine = Engine {
            eval: Evaluator::weighted(&variant, style, weights),
            variant,
            squares,
            tt: Table::new(table_bytes),
            evals: Evaluations::new(EVALUATIONS_BITS),
            pawns: PawnTable::new(PAWN_STRUCTURE_BITS),
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; squares * squares],
            counters: vec![None; squares * squares],
            played: vec![None; MAX_PLY + 2],
            plies: (0..MAX_PLY + 2).map(|_| Ply::default()).collect(),
            path: Vec::with_capacity(MAX_PLY + 2),
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            must_finish: false,
            root_depth: 1,
            features: Features::ENGINE,
            partial: None,
            tables: Vec::new(),
            table_pieces: 0,
        };
        engine.set_features(Features::ENGINE);
        engine
    }

    /// Switches search techniques on or off (`Features::ENGINE` by default): matches measure each
    /// one.
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
        self.tt.set_buckets(features.has(Features::TT));
        self.eval.set_terms(features);
        self.evals.clear();
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Whether the engine plays `variant`'s rules: the same variant, or one of the same id,
    /// castling mode and size.
    pub fn plays(&self, variant: &Arc<Variant>) -> bool {
        Arc::ptr_eq(variant, &self.variant)
            || (variant.id() == self.variant.id()
                && variant.castling() == self.variant.castling()
                && variant.size() == self.variant.size())
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Searches until `search` finishes or `control` pauses it; `report` gets each iteration.
    /// Depth 1 is always completed first, whatever `control` or the node limit say, so a search
    /// stopped at once still has a searched best move. A position of another variant (or
    /// castling mode) than the engine's is refused.
    pub fn think(
        &mut self,
        search: &mut Search,
        control: &mut dyn Control,
        report: &mut dyn FnMut(&Info),
    ) -> Result<Status, WrongVariant> {
        let theirs = search.root.variant();
        if !self.plays(theirs) {
            return Err(WrongVariant {
                engine: self.variant.id().to_string(),
                position: theirs.id().to_string(),
            });
        }
        if search.finished {
            return Ok(Status::Finished);
        }
        let mut ctx = Ctx { control };
        let mut root_moves = search.root.legal_moves();
        root_moves.retain(|m| !search.excluded.contains(m));
        if root_moves.is_empty() {
            search.finished = true;
            return Ok(Status::Finished);
        }
        self.node_limit = search.limits.nodes.unwrap_or(u64::MAX);
        if search.nodes == 0 && search.best.is_none() {
            // A new search: what the last one learnt about quiet moves counts half, and what
            // it stored ages.
            if self.features.has(Features::HISTORY) {
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
            if self.features.has(Features::TT) {
                self.tt.new_search();
            }
        }
        while search.next_depth <= search.limits.depth.max(1) {
            if search.best.is_some()
                && (search.nodes >= self.node_limit
                    || (self.features.has(Features::TIME) && ctx.control.enough(search.nodes)))
            {
                break;
            }
            let depth = search.next_depth;
            self.nodes = search.nodes;
            self.partial = None;
            self.aborted = false;
            self.must_finish = search.best.is_none();
            self.root_depth = depth as i32;
            let noisy = search.limits.noise > 0 || search.limits.blunders > 0;
            let result = if noisy {
                self.noisy_root(search, &mut root_moves, depth as i32, &mut ctx)
            } else if search.limits.lines > 1 {
                self.multi_root(search, &mut root_moves, depth as i32, &mut ctx)
            } else {
                self.root(search, &mut root_moves, depth as i32, &mut ctx)
            };
            search.nodes = self.nodes;
            match result {
                Some(info) => {
                    report(&info);
                    let mate_found = info.mate_in().is_some();
                    search.best = Some(info);
                    search.next_depth += 1;
                    let analysis = search.limits.analysis;
                    if mate_found && depth >= 2 && !noisy && !analysis {
                        break;
                    }
                    if root_moves.len() == 1 && depth >= 2 && !analysis {
                        break;
                    }
                }
                None => {
                    // Stopped inside the iteration: a root move already proved better than the
                    // last iteration's choice is kept.
                    if let (Some((score, mv)), Some(best)) = (self.partial.take(), &search.best) {
                        if best.pv.first() != Some(&mv) && self.features.has(Features::TIME) {
                            let mut pv = self.principal_variation(&search.root, mv, depth as usize);
                            pv.truncate(best.depth.max(1) as usize);
                            search.best = Some(Info {
                                depth: best.depth,
                                score,
                                nodes: self.nodes,
                                pv,
                                lines: Vec::new(),
                            });
                        }
                    }
                    if self.nodes >= self.node_limit {
                        break;
                    }
                    return Ok(Status::Paused);
                }
            }
        }
        search.finished = true;
        Ok(Status::Finished)
    }

    fn is_draw(&self, pos: &Position) -> bool {
        if pos.halfmove_clock() >= 100 {
            // Mate on the hundredth half-move still counts: the rules ask for mate first.
            return !pos.is_check() || pos.has_legal_move();
        }
        let back = pos.halfmove_clock() as usize;
        let n = self.path.len();
        // path ends with pos itself; look at earlier positions with the same side to move.
        let hash = pos.hash();
        let mut i = 2;
        while i <= back && i < n {
            if self.path[n - 1 - i] == hash {
                return true;
            }
            i += 2;
        }
        pos.occupied_by(topochess_core::Color::White).len()
            + pos.occupied_by(topochess_core::Color::Black).len()
            <= 4
            && insufficient_material(pos)
    }

    fn tick(&mut self, ctx: &mut Ctx) {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && !self.must_finish
            && (ctx.control.pause(self.nodes) || self.nodes >= self.node_limit)
        {
            self.aborted = true;
        }
    }

    /// The static evaluation of `pos`, from the cache when it was worked out lately.
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        self.evals.get(key).unwrap_or_else(|| {
            let eval = self.eval.evaluate_keeping(pos, &mut self.pawns);
            self.evals.put(key, eval);
            eval
        })
    }

    /// The score of `pos` at `node`, searched `depth` plies deep in the window (`alpha`, `beta`).
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        node: Node,
        ctx: &mut Ctx,
    ) -> i32 {
        let Node {
            ply,
            pv: pv_node,
            check,
        } = node;
        self.tick(ctx);
        if self.aborted {
            return 0;
        }
        if self.is_draw(pos) {
            return 0;
        }
        if let Some(score) = self.table_score(pos, ply).filter(|_| ply > 0) {
            return score;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let in_check = check.unwrap_or_else(|| pos.is_check());
        // Checks are extended, but only within twice the iteration's depth: on wrapped boards
        // checks come easily and unbounded extensions explode.
        if in_check && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            let here = Node {
                check: Some(in_check),
                ..node
            };
            return self.quiescence(pos, alpha, beta, here, 0, ctx);
        }
        // Mate distance pruning.
        let alpha0 = alpha.max(-MATE + ply as i32);
        let beta0 = beta.min(MATE - ply as i32 - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.best);
        if let Some(score) = entry
            .filter(|e| e.depth as i32 >= depth && !pv_node)
            .and_then(|e| cutoff(e, ply, alpha, beta))
        {
            return score;
        }
        let f = self.features;
        // Without a stored move the ordering is a guess: search shallower, and let the next
        // iteration come back with a move.
        if f.has(Features::IIR) && depth >= 4 && tt_move.is_none() && !in_check {
            depth -= 1;
        }
        let us = pos.turn();
        let static_eval = if in_check {
            -INF
        } else if let Some(stored) = entry.and_then(|e| e.eval) {
            stored
        } else {
            self.evaluate(pos)
        };
        let decisive = MATE - MAX_PLY as i32;
        // Reverse futility: far enough above beta that no quiet reply will bring it back.
        if f.has(Features::RFP)
            && !pv_node
            && !in_check
            && depth <= 6
            && beta.abs() < decisive
            && static_eval - rfp_margin(depth) >= beta
        {
            return static_eval;
        }
        if !pv_node && !in_check && depth >= 3 {
            let pieces = pos.occupied_by(us).len();
            let pawns_and_king = pos
                .occupied_by(us)
                .iter()
                .filter(|&s| {
                    matches!(
                        pos.piece_at(s).map(|p| p.role),
                        Some(Role::Pawn | Role::King)
                    )
                })
                .count();
            if static_eval >= beta && pieces > pawns_and_king {
                let null = pos.pass();
                self.played[ply] = None;
                self.path.push(null.hash());
                let r = 2 + depth / 4;
                let score = -self.negamax(
                    &null,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    node.child(false, None),
                    ctx,
                );
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta && score < MATE - MAX_PLY as i32 {
                    return score;
                }
            }
        }

        let mut work = std::mem::take(&mut self.plies[ply]);
        let Ply {
            moves,
            scores,
            quiets: quiets_tried,
            child,
        } = &mut work;
        pos.legal_moves_into(moves);
        if moves.is_empty() {
            self.plies[ply] = work;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.order(pos, moves, (tt_move, ply, true), scores);
        let child = child.get_or_insert_with(|| Box::new(pos.clone()));
        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        quiets_tried.clear();
        for i in 0..moves.len() {
            // Selection sort: the best-scored remaining move next.
            let j = ordering::best_from(scores, i);
            moves.swap(i, j);
            scores.swap(i, j);
            let mv = moves[i];
            let quiet = !pos.is_capture(mv) && mv.promotion().is_none();
            let killer = scores[i] >= 90_000 && scores[i] <= 100_000;
            // Whether the move gives check, asked at most once.
            let mut gives_check = None;
            let mut checks = || *gives_check.get_or_insert_with(|| pos.gives_check(mv));
            // Near the leaves, quiet moves that cannot matter are skipped once a move has
            // been searched (and no mate is being fended off), unless they give check (asked
            // last: it costs an attack test; the move is made only if it is searched).
            let late = quiet && !in_check && i > 0;
            if late
                && !pv_node
                && best > -decisive
                && ((f.has(Features::LMP)
                    && depth <= 4
                    && quiets_tried.len() >= late_move_count(depth))
                    || (f.has(Features::FUTILITY)
                        && depth <= 3
                        && static_eval + futility_margin(depth) <= alpha))
                && !checks()
            {
                continue;
            }
            pos.play_into(mv, child);
            if quiet {
                quiets_tried.push(mv);
            }
            self.played[ply] = Some(mv);
            self.path.push(child.hash());
            let score = if i == 0 {
                -self.negamax(
                    child,
                    depth - 1,
                    -beta,
                    -alpha,
                    node.child(pv_node, gives_check),
                    ctx,
                )
            } else {
                let reduction = if !quiet || in_check {
                    0
                } else if f.has(Features::LMR) {
                    let history = f.has(Features::LMR_HISTORY).then_some(scores[i]);
                    let r = late_reduction(depth, i + 1, pv_node, history);
                    // Killers and checks are searched in full.
                    if r == 0 || killer || checks() {
                        0
                    } else {
                        r
                    }
                } else if depth >= 3 && i >= 3 {
                    1 + (i >= 8) as i32 + (depth >= 6) as i32
                } else {
                    0
                };
                let mut sc = -self.negamax(
                    child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    node.child(false, gives_check),
                    ctx,
                );
                if sc > alpha && reduction > 0 && !self.aborted {
                    sc = -self.negamax(
                        child,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        node.child(false, gives_check),
                        ctx,
                    );
                }
                if sc > alpha && sc < beta && pv_node && !self.aborted {
                    sc = -self.negamax(
                        child,
                        depth - 1,
                        -beta,
                        -alpha,
                        node.child(true, gives_check),
                        ctx,
                    );
                }
                sc
            };
            self.path.pop();
            if self.aborted {
                self.plies[ply] = work;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            self.learn_cutoff(mv, ply, depth, quiets_tried);
                        }
                        break;
                    }
                }
            }
        }
        self.plies[ply] = work;
        if best == -INF {
            // Every move was pruned: the node is as good as its static evaluation.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = (!in_check).then_some(static_eval);
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound, eval);
        best
    }
}

/// The score a stored result settles the node with in the window (`alpha`, `beta`), if any.
fn cutoff(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -MATE + MAX_PLY as i32 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -MATE + MAX_PLY as i32 {
        score + ply as i32
    } else {
        score
    }
}
