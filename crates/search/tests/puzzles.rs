//! The shipped puzzle set (`static/puzzles.tsv`, written by `scripts/puzzles.sh`) re-verified:
//! every solution is legal and ends in mate at the stated length (the last solver's move the
//! only mate) or with the solver a minor piece's worth of material up, at least one solver's
//! move cannot be made without crossing an edge or a pole, and the generator's own check
//! (unique at every solver's move) still accepts the puzzle, an exhaustive search proves that
//! no other solver's move reaches the goal as fast, and the themes the Puzzles screen filters on
//! are the ones the solution shows. The opponent's last move, shown to the player first, is
//! legal and leads to the puzzle.

use std::sync::Arc;
use topochess_core::paths::move_paths;
use topochess_core::{fen, san, Move, Position, Variant};
use topochess_search::puzzles::{prove_unique, solution_themes, Check, Goal, Solver, GAIN};
use topochess_search::tactics::balance;

struct Shipped {
    variant: Arc<Variant>,
    position: Position,
    solution: Vec<Move>,
    goal: Goal,
    difficulty: u32,
    themes: String,
    before: Option<(Position, Move)>,
    line: String,
}

fn shipped() -> Vec<Shipped> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../static/puzzles.tsv");
    let text = std::fs::read_to_string(path).expect("the puzzle set is shipped");
    text.lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 8, "{line}");
            let variant = Arc::new(Variant::preset(f[0], None).expect(line));
            let position = fen::parse_position(variant.clone(), f[1]).expect(line);
            let mut at = position.clone();
            let solution = f[2]
                .split(' ')
                .map(|text| {
                    let mv = san::parse_move(&at, text).expect(line);
                    at.play_unchecked(mv);
                    mv
                })
                .collect();
            let goal = Goal::from_tag(f[3]).expect(line);
            let before = (f[6] != "-").then(|| {
                let before = fen::parse_position(variant.clone(), f[6]).expect(line);
                let mv = san::parse_move(&before, f[7]).expect(line);
                (before, mv)
            });
            Shipped {
                before,
                variant,
                position,
                solution,
                goal,
                difficulty: f[5].parse().expect(line),
                themes: f[4].to_string(),
                line: line.to_string(),
            }
        })
        .collect()
}

fn mates(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after.is_check() && after.legal_moves().is_empty()
}

fn crosses(pos: &Position, mv: Move) -> bool {
    let size = pos.size();
    let (w, h) = (size.width() as i32, size.height() as i32);
    let paths = move_paths(pos, mv);
    !paths.is_empty()
        && paths.iter().all(|path| {
            path.iter()
                .any(|s| s.jump || s.x < 0 || s.y < 0 || s.x >= w || s.y >= h)
        })
}

#[test]
fn the_set_is_large_enough_and_every_puzzle_uses_an_edge_and_reaches_its_goal() {
    let set = shipped();
    let folded = set.iter().filter(|p| p.variant.id() == "folded").count();
    let gains = set
        .iter()
        .filter(|p| matches!(p.goal, Goal::Material(_)))
        .count();
    assert!(
        set.len() >= 450 && folded >= 60 && gains >= 100,
        "{} puzzles, {folded} folded, {gains} material",
        set.len()
    );
    // Every surface with a glued edge has puzzles of its own.
    for preset in topochess_core::PRESETS {
        let v = Variant::preset(preset.id, None).unwrap();
        let count = set.iter().filter(|p| p.variant.id() == preset.id).count();
        assert!(
            v.surface().is_flat() || count >= 20,
            "{}: {count}",
            preset.id
        );
    }
    for p in &set {
        assert_eq!(
            p.solution.len() as u32,
            2 * p.goal.moves() - 1,
            "{}",
            p.line
        );
        if let Goal::Material(_) = p.goal {
            let mut at = p.position.clone();
            let mut crossed = false;
            for (i, &mv) in p.solution.iter().enumerate() {
                assert!(at.legal_moves().contains(&mv), "{}", p.line);
                crossed |= i % 2 == 0 && crosses(&at, mv);
                at.play_unchecked(mv);
            }
            let me = p.position.turn();
            assert!(
                balance(&at, me) >= balance(&p.position, me) + GAIN,
                "{}",
                p.line
            );
            assert!(crossed, "{}", p.line);
            continue;
        }
        let mut at = p.position.clone();
        let mut crossed = false;
        for (i, &mv) in p.solution.iter().enumerate() {
            assert!(at.legal_moves().contains(&mv), "{}", p.line);
            if i % 2 == 0 {
                crossed |= crosses(&at, mv);
            }
            if i + 1 == p.solution.len() {
                let mating: Vec<Move> = at
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| mates(&at, m))
                    .collect();
                assert_eq!(mating, vec![mv], "{}", p.line);
            }
            at.play_unchecked(mv);
        }
        assert!(at.is_check() && at.legal_moves().is_empty(), "{}", p.line);
        assert!(crossed, "{}", p.line);
    }
}

#[test]
fn the_opponents_last_move_is_known_for_most_puzzles_and_leads_to_the_puzzle() {
    let set = shipped();
    let known = set.iter().filter(|p| p.before.is_some()).count();
    assert!(known * 10 >= set.len() * 9, "{known} of {}", set.len());
    for p in &set {
        if let Some((before, mv)) = &p.before {
            assert!(before.legal_moves().contains(mv), "{}", p.line);
            let mut after = before.clone();
            after.play_unchecked(*mv);
            assert_eq!(fen::write(&after), fen::write(&p.position), "{}", p.line);
        }
    }
}

/// The generator's check, run again on every shipped position on two threads, accepts it with
/// the same solution and difficulty.
#[test]
fn the_generators_check_still_accepts_every_puzzle() {
    let set = shipped();
    let check = Check {
        max_mate: 3,
        nodes: 200_000,
    };
    let halves = set.split_at(set.len() / 2);
    std::thread::scope(|scope| {
        for half in [halves.0, halves.1] {
            scope.spawn(move || {
                let mut solver = Solver::new();
                for p in half {
                    let again = match p.goal {
                        Goal::Mate(_) => solver.solve(&p.position, check),
                        Goal::Material(_) => solver.solve_material(&p.position, check),
                    };
                    let again = again.unwrap_or_else(|| panic!("refused: {}", p.line));
                    assert_eq!(again.solution, p.solution, "{}", p.line);
                    assert_eq!(again.goal, p.goal, "{}", p.line);
                    assert_eq!(again.difficulty, p.difficulty, "{}", p.line);
                }
            });
        }
    });
}

/// Runs `check` on every shipped puzzle, on two threads.
fn on_two_threads(set: &[Shipped], check: impl Fn(&Shipped) + Sync) {
    let halves = set.split_at(set.len() / 2);
    std::thread::scope(|scope| {
        for half in [halves.0, halves.1] {
            let check = &check;
            scope.spawn(move || half.iter().for_each(check));
        }
    });
}

/// Every solution is the only one, proved by exhaustive search at every solver's move: for a
/// mate, no other move mates as fast; for material, no other move keeps the same gain.
#[test]
fn every_solution_is_proved_the_only_one() {
    let set = shipped();
    let failed = std::sync::Mutex::new(Vec::new());
    on_two_threads(&set, |p| {
        if let Err(why) = prove_unique(&p.position, &p.solution, p.goal) {
            failed.lock().unwrap().push(format!("{why}: {}", p.line));
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(
        failed.is_empty(),
        "{} of {} puzzles have another answer:\n{}",
        failed.len(),
        set.len(),
        failed.join("\n")
    );
}

/// The themes the Puzzles screen filters on are what the solution shows.
#[test]
fn every_puzzles_themes_are_those_its_solution_shows() {
    for p in shipped() {
        let themes: Vec<&str> = solution_themes(&p.position, &p.solution)
            .iter()
            .map(|t| t.name())
            .collect();
        assert_eq!(themes.join(","), p.themes, "{}", p.line);
    }
}
