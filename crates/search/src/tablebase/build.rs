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
    fn predecessors(&self, pos: &Position, squares: &[Square], out: &mut Vec<usize>) {
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
                out.push(index_of(self.n, mover, &q_squares));
                q_squares[i] = to;
            }
        }
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

/// The value for the side to move of the position after a capture or promotion, from the
/// smaller tables.
fn exit_value(tables: &BTreeMap<String, Vec<u8>>, child: &Position) -> Option<Value> {
    let material = Material::of(child);
    if material.bare() {
        return Some(Value::Draw);
    }
    let codes = tables.get(&material.name())?;
    let squares = squares_in_order(child, &material)?;
    Value::of_code(*codes.get(index_of(child.size().squares(), child.turn(), &squares))?)
}

/// The positions of a material set on `variant`, or why there are too many.
fn positions(variant: &Variant, material: &Material) -> Result<usize, TablebaseError> {
    let n = variant.size().squares() as u64;
    match n.checked_pow(material.pieces.len() as u32).map(|x| x * 2) {
        Some(t) if t <= MAX_POSITIONS => Ok(t as usize),
        other => Err(TablebaseError::TooLarge(other.unwrap_or(u64::MAX))),
    }
}

/// Where one table's build is.
enum Phase {
    /// Decoding index `.0` next (its squares in the odometer).
    Positions(usize),
    /// Resolving the positions of level `.0`, from entry `.1` of its list.
    Mates(usize, usize),
}

/// One table being built.
struct OneBuild {
    work: Work,
    total: usize,
    codes: Vec<u8>,
    counts: Vec<u8>,
    floor: Vec<u8>,
    levels: Vec<Vec<u32>>,
    phase: Phase,
    odometer: Vec<Square>,
    moves: Vec<Move>,
    preds: Vec<usize>,
    squares: Vec<Square>,
}

fn push(levels: &mut Vec<Vec<u32>>, level: usize, idx: usize) {
    if levels.len() <= level {
        levels.resize_with(level + 1, Vec::new);
    }
    levels[level].push(idx as u32);
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
            total,
            codes: vec![UNKNOWN; total],
            counts: vec![0; total],
            floor: vec![0; total],
            levels: Vec::new(),
            phase: Phase::Positions(0),
            odometer: vec![Square(0); material.pieces.len()],
            moves: Vec::with_capacity(64),
            preds: Vec::new(),
            squares: Vec::new(),
        })
    }

    /// Decodes index `idx` (its squares in the odometer): marks it illegal, seeds a mate, or
    /// counts its moves and looks up its captures and promotions.
    fn decode(
        &mut self,
        idx: usize,
        tables: &BTreeMap<String, Vec<u8>>,
    ) -> Result<(), TablebaseError> {
        let turn = if idx < self.total / 2 {
            Color::White
        } else {
            Color::Black
        };
        let w = &self.work;
        let Some(pos) = position_of(&w.variant, &w.material, &self.odometer, turn) else {
            self.codes[idx] = INVALID;
            return Ok(());
        };
        pos.legal_moves_into(&mut self.moves);
        if self.moves.is_empty() {
            if pos.is_check() {
                push(&mut self.levels, 0, idx);
            }
            return Ok(());
        }
        let (mut inside, mut held, mut best_win, mut worst) = (0u32, false, None::<u8>, 0u8);
        for &mv in &self.moves {
            if !pos.is_capture(mv) && mv.promotion().is_none() {
                inside += 1;
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            match exit_value(tables, &child) {
                Some(Value::Loss(p)) => best_win = Some(best_win.map_or(p + 1, |b| b.min(p + 1))),
                Some(Value::Win(p)) => worst = worst.max(p + 1),
                Some(Value::Draw) | None => held = true,
            }
        }
        // A draw or win by leaving the table: never lost (one count that never comes down).
        let keep = (held || best_win.is_some()) as u32;
        self.counts[idx] = u8::try_from(inside + keep)
            .map_err(|_| TablebaseError::Unsupported(format!("a position with {inside} moves")))?;
        self.floor[idx] = worst;
        if let Some(b) = best_win {
            push(&mut self.levels, b as usize, idx);
        }
        if inside == 0 && keep == 0 {
            push(&mut self.levels, worst as usize, idx);
        }
        Ok(())
    }

    /// Resolves `idx` at `level` and reaches its predecessors.
    fn resolve(&mut self, idx: usize, level: usize) {
        if self.codes[idx] != UNKNOWN {
            return;
        }
        self.codes[idx] = level as u8 + 1;
        let n = self.work.n;
        let k = self.work.material.pieces.len();
        let turn = squares_of(n, k, idx, &mut self.squares);
        let w = &self.work;
        let Some(pos) = position_of(&w.variant, &w.material, &self.squares, turn) else {
            return;
        };
        w.predecessors(&pos, &self.squares, &mut self.preds);
        for &pred in &self.preds {
            if self.codes[pred] != UNKNOWN {
                continue;
            }
            if level.is_multiple_of(2) {
                push(&mut self.levels, level + 1, pred);
            } else if self.counts[pred] > 0 {
                self.counts[pred] -= 1;
                if self.counts[pred] == 0 {
                    let at = (level + 1).max(self.floor[pred] as usize);
                    push(&mut self.levels, at, pred);
                }
            }
        }
    }

    /// Does about `units` positions' work; true when the table is done.
    fn step(
        &mut self,
        units: usize,
        tables: &BTreeMap<String, Vec<u8>>,
    ) -> Result<bool, TablebaseError> {
        let mut left = units;
        while left > 0 {
            match self.phase {
                Phase::Positions(idx) if idx < self.total => {
                    if idx > 0 {
                        // The next index's squares, counted up like an odometer.
                        for slot in self.odometer.iter_mut().rev() {
                            if slot.index() + 1 < self.work.n {
                                *slot = Square(slot.0 + 1);
                                break;
                            }
                            *slot = Square(0);
                        }
                    }
                    self.decode(idx, tables)?;
                    self.phase = Phase::Positions(idx + 1);
                }
                Phase::Positions(_) => self.phase = Phase::Mates(0, 0),
                Phase::Mates(level, _) if level >= self.levels.len() => return Ok(true),
                Phase::Mates(level, _) if level >= 254 => {
                    return Err(TablebaseError::Unsupported(
                        "a mate longer than 253 plies".into(),
                    ))
                }
                Phase::Mates(level, at) => match self.levels[level].get(at).copied() {
                    Some(idx) => {
                        self.resolve(idx as usize, level);
                        self.phase = Phase::Mates(level, at + 1);
                    }
                    None => {
                        self.levels[level] = Vec::new();
                        self.phase = Phase::Mates(level + 1, 0);
                    }
                },
            }
            left -= 1;
        }
        Ok(false)
    }

    fn progress(&self) -> (&'static str, u64, u64) {
        match self.phase {
            Phase::Positions(idx) => ("positions", idx as u64, self.total as u64),
            Phase::Mates(level, _) => ("mates", level as u64, self.levels.len().max(1) as u64),
        }
    }
}

/// A build run in steps, so a caller (the browser's worker) can report progress and stop it
/// between steps: the tables its captures and promotions lead to first, then its own.
pub struct Builder {
    variant: Arc<Variant>,
    target: Material,
    queue: Vec<Material>,
    tables: BTreeMap<String, Vec<u8>>,
    current: Option<OneBuild>,
}

impl Builder {
    /// A build of `material` on `variant`; refused when a table would be too large.
    pub fn new(variant: Arc<Variant>, material: &Material) -> Result<Builder, TablebaseError> {
        let mut queue = Vec::new();
        order(material, &mut queue);
        for m in &queue {
            positions(&variant, m)?;
        }
        queue.reverse();
        Ok(Builder {
            variant,
            target: material.clone(),
            queue,
            tables: BTreeMap::new(),
            current: None,
        })
    }

    /// Does about `units` positions' work; true when every table is built.
    pub fn step(&mut self, units: usize) -> Result<bool, TablebaseError> {
        let mut current = match self.current.take() {
            Some(c) => c,
            None => match self.queue.pop() {
                Some(m) => OneBuild::new(&self.variant, &m)?,
                None => return Ok(true),
            },
        };
        if current.step(units, &self.tables)? {
            self.tables.insert(
                current.work.material.name(),
                std::mem::take(&mut current.codes),
            );
            Ok(self.queue.is_empty())
        } else {
            self.current = Some(current);
            Ok(false)
        }
    }

    /// How far it is.
    pub fn progress(&self) -> Progress {
        match &self.current {
            Some(c) => {
                let (stage, done, total) = c.progress();
                Progress {
                    material: c.work.material.name(),
                    stage,
                    done,
                    total,
                }
            }
            None => Progress {
                material: self.target.name(),
                stage: "waiting",
                done: 0,
                total: 1,
            },
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
