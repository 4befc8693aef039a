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

/// One table's work in progress.
struct Work<'a> {
    variant: &'a Arc<Variant>,
    material: &'a Material,
    n: usize,
    /// Un-moves read from the tables (else confirmed by the move generator).
    fast: bool,
    /// For each role, colour and square: the squares it is reached from on the empty board.
    reached_from: Vec<Vec<Vec<Square>>>,
}

impl Work<'_> {
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

/// Builds the tables of `material` and of every material its captures and promotions lead to,
/// smallest first, into `tables`.
pub(super) fn build_all(
    variant: &Arc<Variant>,
    material: &Material,
    tables: &mut BTreeMap<String, Vec<u8>>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(), TablebaseError> {
    if material.bare() || tables.contains_key(&material.name()) {
        return Ok(());
    }
    for (i, piece) in material.pieces.iter().enumerate() {
        if piece.role == Role::King {
            continue;
        }
        build_all(variant, &material.without(i), tables, progress)?;
        if piece.role == Role::Pawn {
            for role in Role::PROMOTIONS {
                build_all(variant, &material.promoted(i, role), tables, progress)?;
            }
        }
    }
    let codes = build_one(variant, material, tables, progress)?;
    tables.insert(material.name(), codes);
    Ok(())
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

fn build_one(
    variant: &Arc<Variant>,
    material: &Material,
    tables: &BTreeMap<String, Vec<u8>>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<u8>, TablebaseError> {
    let n = variant.size().squares();
    let k = material.pieces.len();
    let total = (n as u64).checked_pow(k as u32).map(|x| x * 2);
    let total = match total {
        Some(t) if t <= MAX_POSITIONS => t as usize,
        other => return Err(TablebaseError::TooLarge(other.unwrap_or(u64::MAX))),
    };
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
                let list = &mut reached_from[Role::King as usize * 2 + color.index()][to.index()];
                if !list.contains(&from) {
                    list.push(from);
                }
            }
        }
    }
    let work = Work {
        variant,
        material,
        n,
        fast,
        reached_from,
    };
    let name = material.name();
    let mut report = |stage: &'static str, done: u64, all: u64| {
        progress(&Progress {
            material: name.clone(),
            stage,
            done,
            total: all,
        })
    };

    let mut codes = vec![UNKNOWN; total];
    let mut counts = vec![0u8; total];
    let mut floor = vec![0u8; total];
    let mut levels: Vec<Vec<u32>> = Vec::new();
    let push = |levels: &mut Vec<Vec<u32>>, level: usize, idx: usize| {
        if levels.len() <= level {
            levels.resize_with(level + 1, Vec::new);
        }
        levels[level].push(idx as u32);
    };
    let mut squares = Vec::with_capacity(k);
    let step = (total / 100).max(1);
    let mut moves = Vec::with_capacity(64);
    // The squares of each index in turn, counted up like an odometer.
    let mut odometer = vec![Square(0); k];
    for idx in 0..total {
        if idx % step == 0 {
            report("positions", idx as u64, total as u64);
        }
        let turn = if idx < total / 2 {
            Color::White
        } else {
            Color::Black
        };
        if idx > 0 {
            for slot in odometer.iter_mut().rev() {
                if slot.index() + 1 < n {
                    *slot = Square(slot.0 + 1);
                    break;
                }
                *slot = Square(0);
            }
        }
        let Some(pos) = position_of(variant, material, &odometer, turn) else {
            codes[idx] = INVALID;
            continue;
        };
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            if pos.is_check() {
                push(&mut levels, 0, idx);
            }
            continue;
        }
        let (mut inside, mut held, mut best_win, mut worst) = (0u32, false, None::<u8>, 0u8);
        for &mv in &moves {
            if !pos.is_capture(mv) && mv.promotion().is_none() {
                inside += 1;
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            match exit_value(tables, &child) {
                Some(Value::Loss(p)) => best_win = Some(best_win.map_or(p + 1, |w| w.min(p + 1))),
                Some(Value::Win(p)) => worst = worst.max(p + 1),
                Some(Value::Draw) | None => held = true,
            }
        }
        // A draw or win by leaving the table: never lost (one count that never comes down).
        let keep = (held || best_win.is_some()) as u32;
        counts[idx] = u8::try_from(inside + keep)
            .map_err(|_| TablebaseError::Unsupported(format!("a position with {inside} moves")))?;
        floor[idx] = worst;
        if let Some(w) = best_win {
            push(&mut levels, w as usize, idx);
        }
        if inside == 0 && keep == 0 {
            push(&mut levels, worst as usize, idx);
        }
    }

    let mut preds = Vec::new();
    let mut level = 0;
    while level < levels.len() {
        report("mates", level as u64, levels.len() as u64);
        let list = std::mem::take(&mut levels[level]);
        if level >= 254 {
            return Err(TablebaseError::Unsupported(
                "a mate longer than 253 plies".into(),
            ));
        }
        for idx in list {
            let idx = idx as usize;
            if codes[idx] != UNKNOWN {
                continue;
            }
            codes[idx] = level as u8 + 1;
            let turn = squares_of(n, k, idx, &mut squares);
            let Some(pos) = position_of(variant, material, &squares, turn) else {
                continue;
            };
            work.predecessors(&pos, &squares, &mut preds);
            for &pred in &preds {
                if codes[pred] != UNKNOWN {
                    continue;
                }
                if level % 2 == 0 {
                    push(&mut levels, level + 1, pred);
                } else if counts[pred] > 0 {
                    counts[pred] -= 1;
                    if counts[pred] == 0 {
                        let at = (level + 1).max(floor[pred] as usize);
                        push(&mut levels, at, pred);
                    }
                }
            }
        }
        level += 1;
    }
    Ok(codes)
}
