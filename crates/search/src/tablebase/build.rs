//! Retrograde analysis. Every index is decoded once: illegal ones are marked, mates seeded, and
//! each position's moves counted (captures and promotions are looked up in the smaller tables
//! built first). Then level by level (distance to mate in plies, from 0): each position resolved
//! at this level reaches its predecessors by un-moves; a predecessor of a lost position wins one
//! ply later, and one whose last move to resolve led to a won position is lost. Un-moves come
//! from the surface's own tables read backwards (`knight_from`, `king_from`, rays walked from
//! the destination where rides can be walked back); on surfaces whose rides cannot be walked
//! back, with stationary moves or pole rules, and for pawns, the candidates are the squares the
//! piece reaches the destination from on the empty board, each confirmed by the legal move
//! generator.

use super::board::Reach;
use super::ledger::{Exits, Ledger};
use super::retrograde::Retro;
use super::symmetry::{plain_moves, symmetries, Layout};
use super::*;

/// What un-moves are made from, for one table.
struct Work {
    variant: Arc<Variant>,
    material: Material,
    n: usize,
    /// Un-moves read from the tables (else confirmed by the move generator).
    fast: bool,
    /// For each role, colour and square: the squares it is reached from on the empty board.
    reached_from: Vec<Vec<Vec<Square>>>,
}

impl Work {
    fn reached_from(&self, piece: Piece, to: Square) -> &[Square] {
        &self.reached_from[piece.role as usize * 2 + piece.color.index()][to.index()]
    }

    /// The indices of the positions one un-move before `pos` (the side not to move in `pos`
    /// made the move), into `out`.
    fn predecessors(&self, pos: &Position, squares: &[Square], out: &mut Vec<u32>) {
        out.clear();
        let t = self.variant.tables();
        let mover = !pos.turn();
        let mut scratch = pos.pass();
        let mut q_squares = squares.to_vec();
        let mut candidates: Vec<Square> = Vec::with_capacity(32);
        for (i, piece) in self.material.pieces.iter().enumerate() {
            if piece.color != mover {
                continue;
            }
            let to = squares[i];
            candidates.clear();
            let fast = self.fast && piece.role != Role::Pawn;
            if fast {
                match piece.role {
                    Role::King => candidates.extend_from_slice(t.king_from(to)),
                    Role::Knight => candidates.extend_from_slice(t.knight_from(to)),
                    role => {
                        for dir in role.ray_directions() {
                            for &s in t.ray(to, dir) {
                                if s == to || pos.piece_at(s).is_some() {
                                    break;
                                }
                                if !candidates.contains(&s) {
                                    candidates.push(s);
                                }
                            }
                        }
                    }
                }
            } else {
                candidates.extend_from_slice(self.reached_from(*piece, to));
            }
            for &from in &candidates {
                if from != to && pos.piece_at(from).is_some() {
                    continue;
                }
                let mv = Move {
                    from,
                    to,
                    kind: topochess_core::MoveKind::Normal,
                };
                // The position before: the piece back on `from` (played on `scratch`, the
                // position with the mover to move, and taken back after).
                if from != to {
                    scratch.play_unchecked(Move {
                        from: to,
                        to: from,
                        kind: mv.kind,
                    });
                }
                // The side not to move there may not be in check, and the move must be legal.
                let legal = !scratch.attacked_by(scratch.king(!mover), mover)
                    && (fast || {
                        let mut q = scratch.clone();
                        if from != to {
                            q = q.pass();
                        }
                        q.legal_moves().contains(&mv)
                    });
                if from != to {
                    scratch.play_unchecked(Move {
                        from,
                        to,
                        kind: mv.kind,
                    });
                }
                if !legal {
                    continue;
                }
                q_squares[i] = from;
                out.push(index_of(self.n, mover, &q_squares) as u32);
                q_squares[i] = to;
            }
        }
    }
}

impl Work {
    /// Decodes index `idx` (its squares in `odometer`): marks it illegal, seeds a mate, or
    /// counts its moves and looks up its captures and promotions.
    fn decode(
        &self,
        ledger: &mut Ledger,
        idx: usize,
        odometer: &[Square],
        moves: &mut Vec<Move>,
        tables: &BTreeMap<String, Table>,
    ) -> Result<(), TablebaseError> {
        let turn = if idx < ledger.codes.len() / 2 {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = position_of(&self.variant, &self.material, odometer, turn) else {
            ledger.codes[idx] = INVALID;
            return Ok(());
        };
        pos.legal_moves_into(moves);
        if moves.is_empty() {
            if pos.is_check() {
                ledger.mated(idx);
            }
            return Ok(());
        }
        let (mut inside, mut exits) = (0u32, Exits::default());
        for &mv in moves.iter() {
            if !pos.is_capture(mv) && mv.promotion().is_none() {
                inside += 1;
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            exits.add(lookup(tables, &child));
        }
        ledger.tally(idx, inside, &exits)
    }
}

/// The materials to build for `material`, smallest first: those its captures and promotions
/// lead to, then itself (bare kings need no table).
fn order(material: &Material, out: &mut Vec<Material>) {
    if material.bare() || out.iter().any(|m| m == material) {
        return;
    }
    for (i, piece) in material.pieces.iter().enumerate() {
        if piece.role == Role::King {
            continue;
        }
        order(&material.without(i), out);
        if piece.role == Role::Pawn {
            for role in Role::PROMOTIONS {
                order(&material.promoted(i, role), out);
            }
        }
    }
    out.push(material.clone());
}

/// The positions of a material set on `variant`, or why there are too many.
fn positions(variant: &Variant, material: &Material) -> Result<usize, TablebaseError> {
    let n = variant.size().squares() as u64;
    match n.checked_pow(material.pieces.len() as u32).map(|x| x * 2) {
        Some(t) if t <= MAX_POSITIONS => Ok(t as usize),
        other => Err(TablebaseError::TooLarge(other.unwrap_or(u64::MAX))),
    }
}

/// One table being built by the general builder: every index decoded into a [`Position`].
struct OneBuild {
    work: Work,
    ledger: Ledger,
    odometer: Vec<Square>,
    moves: Vec<Move>,
    preds: Vec<u32>,
    squares: Vec<Square>,
}

impl OneBuild {
    fn new(variant: &Arc<Variant>, material: &Material) -> Result<OneBuild, TablebaseError> {
        let total = positions(variant, material)?;
        let n = variant.size().squares();
        let t = variant.tables();
        let size = variant.size();
        let fast = t.rides_reversible()
            && !variant.stationary_moves()
            && size.all().all(|s| t.king_over_pole(s).is_empty());
        let mut reached_from = vec![vec![Vec::new(); n]; 12];
        for role in Role::ALL {
            for color in Color::ALL {
                for from in size.all() {
                    for to in variant.reach(role, color, from).iter() {
                        reached_from[role as usize * 2 + color.index()][to.index()].push(from);
                    }
                }
            }
        }
        // Kings stepping over a pole are confirmed by the generator too.
        for from in size.all() {
            for &to in t.king_over_pole(from) {
                for color in Color::ALL {
                    let list =
                        &mut reached_from[Role::King as usize * 2 + color.index()][to.index()];
                    if !list.contains(&from) {
                        list.push(from);
                    }
                }
            }
        }
        Ok(OneBuild {
            work: Work {
                variant: variant.clone(),
                material: material.clone(),
                n,
                fast,
                reached_from,
            },
            ledger: Ledger::new(total),
            odometer: vec![Square(0); material.pieces.len()],
            moves: Vec::with_capacity(64),
            preds: Vec::new(),
            squares: Vec::new(),
        })
    }

    /// Does about `units` positions' work; true when the table is done.
    fn step(
        &mut self,
        units: usize,
        tables: &BTreeMap<String, Table>,
    ) -> Result<bool, TablebaseError> {
        let OneBuild {
            work,
            ledger,
            odometer,
            moves,
            preds,
            squares,
        } = self;
        ledger.step(
            units,
            |ledger, idx| {
                if idx > 0 {
                    // The next index's squares, counted up like an odometer.
                    for slot in odometer.iter_mut().rev() {
                        if slot.index() + 1 < work.n {
                            *slot = Square(slot.0 + 1);
                            break;
                        }
                        *slot = Square(0);
                    }
                }
                work.decode(ledger, idx, odometer, moves, tables)
            },
            |ledger, idx, level| {
                if !ledger.resolving(idx, level) {
                    return;
                }
                let k = work.material.pieces.len();
                let turn = squares_of(work.n, k, idx, squares);
                if let Some(pos) = position_of(&work.variant, &work.material, squares, turn) {
                    work.predecessors(&pos, squares, preds);
                    ledger.reached(preds, level);
                }
            },
        )
    }

    fn finish(self) -> Table {
        let layout = Layout::plain(self.work.n, &self.work.material);
        Table {
            codes: codes::Codes::pack(self.ledger.codes),
            layout,
        }
    }
}

/// One table being built: by the general builder, or on a few squares where the surface's
/// moves are its tables' alone.
enum Current {
    General(OneBuild),
    Plain(Retro),
}

/// A build run in steps, so a caller (the browser's worker) can report progress and stop it
/// between steps: the tables its captures and promotions lead to first, then its own.
pub struct Builder {
    variant: Arc<Variant>,
    target: Material,
    queue: Vec<Material>,
    tables: BTreeMap<String, Table>,
    current: Option<Current>,
    /// The surface's symmetries, when a table is built on a few squares.
    perms: Option<Vec<Vec<u8>>>,
    /// The surface's reach, once such a table starts.
    reach: Option<Arc<Reach>>,
    /// The most positions one table stores.
    largest: u64,
    /// The most positions of one table the general builder makes (each ten to fifty times the
    /// work of a position on a few squares).
    general: u64,
    /// Whether tables on plain surfaces are built by the general builder (for tests).
    general_only: bool,
}

impl Builder {
    /// A build of `material` on `variant`; refused when a table would be too large.
    pub fn new(variant: Arc<Variant>, material: &Material) -> Result<Builder, TablebaseError> {
        let mut queue = Vec::new();
        order(material, &mut queue);
        let perms = queue.iter().any(plain_moves).then(|| symmetries(&variant));
        let (mut largest, mut general) = (0, 0);
        for m in &queue {
            let stored = match &perms {
                Some(p) if plain_moves(m) => {
                    Layout::new(variant.size().squares(), m, p.clone()).len() as u64
                }
                _ => {
                    let n = positions(&variant, m)? as u64;
                    general = general.max(n);
                    n
                }
            };
            if stored > MAX_POSITIONS {
                return Err(TablebaseError::TooLarge(stored));
            }
            largest = largest.max(stored);
        }
        queue.reverse();
        Ok(Builder {
            variant,
            target: material.clone(),
            queue,
            tables: BTreeMap::new(),
            current: None,
            perms,
            reach: None,
            largest,
            general,
            general_only: false,
        })
    }

    /// The most positions one of its tables stores (what the build's memory and time go by).
    pub fn largest(&self) -> u64 {
        self.largest
    }

    /// The most positions of one of its tables made by the general builder (pawns, pole rules),
    /// 0 when there is none.
    pub fn largest_general(&self) -> u64 {
        self.general
    }

    /// The same build with every table made by the general builder (every position kept, each
    /// confirmed through a full [`Position`]): what the tests compare the fast builder with.
    pub fn general(mut self) -> Builder {
        self.general_only = true;
        self
    }

    fn start(&mut self, material: &Material) -> Result<Current, TablebaseError> {
        if self.general_only || !plain_moves(material) {
            return Ok(Current::General(OneBuild::new(&self.variant, material)?));
        }
        let variant = &self.variant;
        let reach = self
            .reach
            .get_or_insert_with(|| Arc::new(Reach::new(variant)))
            .clone();
        let perms = self
            .perms
            .clone()
            .unwrap_or_else(|| vec![(0..variant.size().squares()).map(|s| s as u8).collect()]);
        Ok(Current::Plain(Retro::new(variant, material, reach, perms)?))
    }

    /// Does about `units` positions' work; true when every table is built.
    pub fn step(&mut self, units: usize) -> Result<bool, TablebaseError> {
        let mut current = match self.current.take() {
            Some(c) => c,
            None => match self.queue.pop() {
                Some(m) => self.start(&m)?,
                None => return Ok(true),
            },
        };
        let done = match &mut current {
            Current::General(b) => b.step(units, &self.tables)?,
            Current::Plain(b) => b.step(units, &self.tables)?,
        };
        if done {
            let (name, table) = match current {
                Current::General(b) => (b.work.material.name(), b.finish()),
                Current::Plain(b) => (b.material().name(), b.finish()),
            };
            self.tables.insert(name, table);
            Ok(self.queue.is_empty())
        } else {
            self.current = Some(current);
            Ok(false)
        }
    }

    /// How far it is (between two tables, the next is starting).
    pub fn progress(&self) -> Progress {
        let (material, (stage, done, total)) = match &self.current {
            Some(Current::General(c)) => (&c.work.material, c.ledger.progress()),
            Some(Current::Plain(c)) => (c.material(), c.ledger.progress()),
            None => (&self.target, ("starting", 0, 1)),
        };
        Progress {
            material: material.name(),
            stage,
            done,
            total,
        }
    }

    /// The built tables (once `step` said done).
    pub fn finish(self) -> Option<Tablebase> {
        (self.queue.is_empty() && self.current.is_none()).then_some(Tablebase {
            variant: self.variant,
            tables: self.tables,
            material: self.target,
        })
    }
}
