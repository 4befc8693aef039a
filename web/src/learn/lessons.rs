//! The lessons of the Learn screen: for each surface family a few steps, each a position with a
//! goal that the rules core judges (reach a ringed square, take a piece, give check across a seam, mate,
//! count a piece's squares), a one-line hint, and what the step shows, said after the answer.

use std::sync::Arc;
use topochess_core::order;
use topochess_core::paths::{piece_paths, PathStep};
use topochess_core::{fen, Move, Position, Square, Variant};

/// What a step asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Move the piece on the first square onto one of the ringed squares (drawn with a green ring).
    Reach(&'static str, &'static [&'static str]),
    /// Take the piece on this square.
    Capture(&'static str),
    /// Give check; with `across`, a check whose line to the king cannot be drawn without
    /// crossing an edge.
    Check {
        /// The check must cross an edge.
        across: bool,
    },
    /// Mate in one.
    Mate,
    /// Say how many squares the piece on this square can move to.
    Count(&'static str),
}

/// One step of a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The position, the learner to move.
    pub fen: &'static str,
    /// What to do.
    pub prompt: &'static str,
    /// A one-line hint.
    pub hint: &'static str,
    /// The goal.
    pub goal: Goal,
    /// What the step shows, said once it is answered.
    pub point: &'static str,
}

/// A lesson: one surface, a few steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A stable id (progress is kept under it).
    pub id: &'static str,
    /// The title.
    pub title: &'static str,
    /// The preset the steps are on (and the game offered at the end).
    pub variant: &'static str,
    /// A sentence on the surface.
    pub intro: &'static str,
    /// The steps.
    pub steps: &'static [Step],
}

/// The lessons, one per surface family.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "folded",
        title: "The folded board",
        variant: "folded",
        intro: "Chess on a Folded Magnetic Board: the files wrap round like a cylinder, and the top \
                and bottom edges fold onto themselves, a with h, b with g, c with f, d with e.",
        steps: &[
            Step {
                fen: "8/8/6k1/1K6/8/8/8/2R5 w - - 0 1",
                prompt: "Move the rook to the green ring on f3 in one move.",
                hint: "Go up the c file: over the top edge it comes back down the f file.",
                goal: Goal::Reach("c1", &["f3"]),
                point: "A rook's file goes on over the fold into its partner: c with f. Every \
                        file is half of one long loop.",
            },
            Step {
                fen: "k7/8/8/8/8/2B5/8/7K w - - 0 1",
                prompt: "How many squares can the bishop on c3 move to?",
                hint: "Its diagonal runs into the corners a1 and h8.",
                goal: Goal::Count("c3"),
                point: "A bishop that runs into a corner (a1, d1, e1, h1, a8, d8, e8, h8) comes \
                        straight back out along the same diagonal: it returns on itself. And it \
                        never stops on its own square: that would be no move at all.",
            },
            Step {
                fen: "8/8/4k3/8/4K3/8/8/1N6 w - - 0 1",
                prompt: "How many squares can the knight on b1 move to?",
                hint: "Over the bottom edge, b1 meets g1: the knight jumps on round the fold.",
                goal: Goal::Count("b1"),
                point: "On ranks 1, 2, 7 and 8 a knight has 7 squares (here a1 a3 c3 d2 e1 f2 \
                        h2); on ranks 3 to 6 it has 8. No square is a corner for a knight.",
            },
            Step {
                fen: "8/8/8/k7/8/8/8/4K3 w - - 0 1",
                prompt: "How many moves has the king on e1?",
                hint: "e1 is a corner: over the fold it touches d1, its partner file.",
                goal: Goal::Count("e1"),
                point: "The king on e1 steps to c1 d1 d2 e2 f1 f2: d1 twice over (beside it, and \
                        over the fold), and its own square e1 is never a move.",
            },
            Step {
                fen: "8/8/8/8/5k2/1R6/8/4K3 w - - 0 1",
                prompt: "Give check across the fold.",
                hint: "Which file comes back down over the fold as the king's f file?",
                goal: Goal::Check { across: true },
                point: "Rb4, Rf3 and Rg4 check from beside the king; Rc3 checks from the far side \
                        of the fold: up the c file, over the top, down the f file.",
            },
        ],
    },
    Lesson {
        id: "cylinder",
        title: "The cylinder",
        variant: "cylinder",
        intro: "The a and h files are glued: the board is a tube, and every rank is a loop.",
        steps: &[
            Step {
                fen: "4k3/8/8/8/RP6/8/8/4K3 w - - 0 1",
                prompt: "Move the rook to the green ring on h4.",
                hint: "The pawn blocks the way east; go west.",
                goal: Goal::Reach("a4", &["h4"]),
                point: "West of a4 is h4: one step across the seam.",
            },
            Step {
                fen: "4k3/8/8/8/7p/8/8/2B1K3 w - - 0 1",
                prompt: "Take the pawn on h4 with the bishop.",
                hint: "Go up the long diagonal to the left: b2, a3, and on.",
                goal: Goal::Capture("h4"),
                point: "The bishop on c1 reaches b2 a3 h4 g5 f6 e7 d8: its diagonal goes on \
                        across the seam.",
            },
            Step {
                fen: "4k3/8/8/8/8/8/7N/2K5 w - - 0 1",
                prompt: "How many squares can the knight on h2 move to?",
                hint: "The a file is beside the h file.",
                goal: Goal::Count("h2"),
                point: "The knight on h2 reaches f1 f3 g4 and, across the seam, a4 b3 b1.",
            },
            Step {
                fen: "7k/6pp/1N6/8/8/8/8/R5K1 w - - 0 1",
                prompt: "Mate in one.",
                hint: "The king on h8 stands beside a8.",
                goal: Goal::Mate,
                point: "On the cylinder the corner king has five neighbours, a8 and a7 among \
                        them; the rook on a8 checks it from beside, covers a7, and sweeps g8 the \
                        long way round; the knight guards it.",
            },
        ],
    },
    Lesson {
        id: "torus",
        title: "The torus",
        variant: "torus",
        intro: "Fischer's torus: the files wrap and so do the ranks. Every square is the middle \
                of the board.",
        steps: &[
            Step {
                fen: "8/8/8/4k3/8/8/3P4/3RK3 w - - 0 1",
                prompt: "Move the rook to the green ring on d8.",
                hint: "Below rank 1 comes rank 8.",
                goal: Goal::Reach("d1", &["d8"]),
                point: "Down from d1 is d8: the bottom and top edges are glued.",
            },
            Step {
                fen: "7n/8/8/3k4/8/8/1P6/B3K3 w - - 0 1",
                prompt: "Take the knight on h8 with the bishop.",
                hint: "Leave a1 down and to the left.",
                goal: Goal::Capture("h8"),
                point: "Down-left from a1 is h8: across both seams at once, through the corner.",
            },
            Step {
                fen: "8/8/8/4k3/8/8/8/N3K3 w - - 0 1",
                prompt: "How many squares can the knight on a1 move to?",
                hint: "No edge stops it.",
                goal: Goal::Count("a1"),
                point: "Eight, as in the middle of a flat board: on the torus there are no edges.",
            },
        ],
    },
    Lesson {
        id: "klein-8x14",
        title: "The Klein bottle, 8x14",
        variant: "klein-8x14",
        intro: "Monteiro's 8x14 board as a Klein bottle: the files wrap, and over the top or \
                bottom edge the files come back mirrored (a with h, b with g).",
        steps: &[
            Step {
                fen: "8/1R6/8/8/4k3/8/8/8/8/8/8/3K4/8/8 w - - 0 1",
                prompt: "Move the rook to the green ring on g2.",
                hint: "Go up: over the top edge the b file comes back as the g file.",
                goal: Goal::Reach("b13", &["g2"]),
                point: "Up from b14 is g1: the twist mirrors the files.",
            },
            Step {
                fen: "8/8/5k2/8/8/8/8/K7/8/8/8/1R6/8/8 w - - 0 1",
                prompt: "Give check across the edge.",
                hint: "Below rank 1 comes rank 14, mirrored: which file comes back as the f file?",
                goal: Goal::Check { across: true },
                point: "Rb12, Rg12 and Rf3 check from beside the king; Rc3 checks over the edge: \
                        down the c file, and on down the f file from the top.",
            },
            Step {
                fen: "K7/8/8/8/8/8/8/4k3/8/8/8/8/8/8 w - - 0 1",
                prompt: "How many moves has the king in the corner, on a14?",
                hint: "Beside a is h; above rank 14 is rank 1, mirrored.",
                goal: Goal::Count("a14"),
                point: "Eight, as in the middle: b14 a13 b13, h14 h13 across the seam, and over \
                        the twisted edge h1, g1 and a1. On this surface no square is a corner.",
            },
        ],
    },
    Lesson {
        id: "sphere",
        title: "The sphere",
        variant: "sphere-nadvorney",
        intro: "Nadvorney's spherical chess: the files are meridians. Over the bottom or top edge \
                a piece comes out on the opposite meridian, four files on.",
        steps: &[
            Step {
                fen: "8/8/6k1/8/8/R7/8/6K1 w - - 0 1",
                prompt: "Move the rook to the green ring on e4.",
                hint: "Down the a file, over the pole, and up the e file.",
                goal: Goal::Reach("a3", &["e4"]),
                point: "Ra3-a1-e1-e4: over the pole the a file goes on as the e file.",
            },
            Step {
                fen: "8/8/6k1/8/8/8/8/3N2K1 w - - 0 1",
                prompt: "How many squares can the knight on d1 move to?",
                hint: "Some of its squares are over the pole.",
                goal: Goal::Count("d1"),
                point: "The knight on d1 reaches over the pole too: g2 and a2 by way of h1.",
            },
            Step {
                fen: "K7/8/8/3k4/8/8/6R1/8 w - - 0 1",
                prompt: "Give check across a pole.",
                hint: "Over a pole, the h file goes on as the d file.",
                goal: Goal::Check { across: true },
                point: "Rd2, Rc5 and Rg5 check from beside the king; from h2 the rook checks over a pole: \
                        down the h file and up the d file (or up and over the other pole).",
            },
        ],
    },
];

/// How a move or an answer was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It does what the step asks.
    Right,
    /// It does not; why.
    Wrong(String),
}

impl Step {
    /// The step's position.
    pub fn position(&self, variant: &str) -> Result<Position, String> {
        let v = Arc::new(Variant::preset(variant, None).map_err(|e| e.to_string())?);
        fen::parse_position(v, self.fen).map_err(|e| e.to_string())
    }

    /// The squares the goal marks: the rings, the piece to take, the piece to count.
    pub fn marked(&self, pos: &Position) -> Vec<Square> {
        let names: &[&str] = match &self.goal {
            Goal::Reach(_, rings) => rings,
            Goal::Capture(sq) | Goal::Count(sq) => std::slice::from_ref(sq),
            Goal::Check { .. } | Goal::Mate => &[],
        };
        names
            .iter()
            .filter_map(|n| pos.size().parse_square(n))
            .collect()
    }

    /// Whether the step is answered by a move (else by a number).
    pub fn by_move(&self) -> bool {
        !matches!(self.goal, Goal::Count(_))
    }

    /// Judges the move `mv` (legal in `pos`).
    pub fn judge_move(&self, pos: &Position, mv: Move) -> Verdict {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let wrong = |why: &str| Verdict::Wrong(why.to_string());
        match self.goal {
            Goal::Reach(from, _) if pos.size().parse_square(from) != Some(mv.from) => {
                wrong(&format!("Move the piece on {from}."))
            }
            Goal::Reach(..) if self.marked(pos).contains(&mv.to) => Verdict::Right,
            Goal::Reach(..) => wrong("That square has no green ring."),
            Goal::Capture(_) if self.marked(pos).contains(&mv.to) => Verdict::Right,
            Goal::Capture(_) => wrong("That does not take the piece."),
            Goal::Check { across } if after.is_check() && (!across || check_crosses(&after)) => {
                Verdict::Right
            }
            Goal::Check { .. } if after.is_check() => {
                wrong("That is check, but not across an edge.")
            }
            Goal::Check { .. } => wrong("That is not check."),
            Goal::Mate if after.is_check() && !after.has_legal_move() => Verdict::Right,
            Goal::Mate if after.is_check() => wrong("Check, but the king can get out."),
            Goal::Mate => wrong("That is not mate."),
            Goal::Count(_) => wrong("Answer with a number."),
        }
    }

    /// The moves of the piece a counting step asks about (one per destination), in `pos`.
    pub fn counted_moves(&self, pos: &Position) -> Vec<Move> {
        let Some(&from) = self.marked(pos).first().filter(|_| !self.by_move()) else {
            return Vec::new();
        };
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect();
        order::sort_by(&mut moves, |a, b| a.to.index().cmp(&b.to.index()));
        moves.dedup_by_key(|m| m.to);
        moves
    }

    /// Judges the number `n` given as the count.
    pub fn judge_count(&self, pos: &Position, n: usize) -> Verdict {
        let right = self.counted_moves(pos).len();
        match n.cmp(&right) {
            std::cmp::Ordering::Equal => Verdict::Right,
            std::cmp::Ordering::Less => Verdict::Wrong(format!("More than {n}: count again.")),
            std::cmp::Ordering::Greater => Verdict::Wrong(format!("Fewer than {n}: count again.")),
        }
    }

    /// The numbers offered for a count: the answer and a few either side.
    pub fn count_choices(&self, pos: &Position) -> Vec<usize> {
        let n = self.counted_moves(pos).len();
        (n.saturating_sub(3).max(1)..=n + 3).collect()
    }
}

/// Whether every one of `paths` leaves the board's own plane or jumps a pole (none can be drawn
/// without crossing an edge).
fn all_cross(size: topochess_core::BoardSize, paths: &[Vec<PathStep>]) -> bool {
    let (w, h) = (size.width() as i32, size.height() as i32);
    !paths.is_empty()
        && paths.iter().all(|path| {
            path.iter()
                .any(|s| s.jump || s.x < 0 || s.y < 0 || s.x >= w || s.y >= h)
        })
}

/// Whether the side to move in `pos` is checked across an edge: by a piece whose every line to
/// the king crosses one.
pub fn check_crosses(pos: &Position) -> bool {
    let king = pos.king(pos.turn());
    let occupied = |sq: Square| pos.piece_at(sq).is_some();
    pos.attackers(king, !pos.turn()).iter().any(|from| {
        pos.piece_at(from).is_some_and(|piece| {
            let paths = piece_paths(pos.variant(), &occupied, piece, from, king, true);
            all_cross(pos.size(), &paths)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step: its position reads, and its goal can be met and missed, by the rules core.
    #[test]
    fn every_step_can_be_answered_right_and_wrong() {
        for lesson in LESSONS {
            for (i, step) in lesson.steps.iter().enumerate() {
                let at = format!("{} step {}", lesson.id, i + 1);
                let pos = step.position(lesson.variant).expect(&at);
                let legal = pos.legal_moves();
                if step.by_move() {
                    let right: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|&m| step.judge_move(&pos, m) == Verdict::Right)
                        .collect();
                    assert!(!right.is_empty(), "{at}: no right move");
                    assert!(right.len() < legal.len(), "{at}: every move is right");
                } else {
                    let n = step.counted_moves(&pos).len();
                    assert!(n > 0, "{at}");
                    assert_eq!(step.judge_count(&pos, n), Verdict::Right, "{at}");
                    assert!(step.count_choices(&pos).contains(&n), "{at}");
                    assert!(matches!(step.judge_count(&pos, n + 1), Verdict::Wrong(_)));
                }
            }
        }
    }

    /// The answers each step takes, as the rules core gives them: the right moves of each move
    /// step (in SAN) and the squares of each counting step, against the lists written here from
    /// the steps' words.
    #[test]
    fn each_steps_answers_are_the_ones_its_words_give() {
        let expected: [&[&str]; 18] = [
            &["Rf3"],
            &[
                "a1", "c1", "e1", "b2", "d2", "a3", "b4", "d4", "h4", "a5", "e5", "g5", "f6", "h6",
                "e7", "g7", "d8", "f8", "h8",
            ],
            &["a1", "e1", "d2", "f2", "h2", "a3", "c3"],
            &["c1", "d1", "f1", "d2", "e2", "f2"],
            &["Rc3+"],
            &["Rh4"],
            &["Bxh4"],
            &["b1", "f1", "b3", "f3", "a4", "g4"],
            &["Ra8#"],
            &["Rd8"],
            &["Bxh8"],
            &["c2", "g2", "b3", "h3", "b7", "h7", "c8", "g8"],
            &["Rg2"],
            &["Rc3+"],
            &["a1", "g1", "h1", "a13", "b13", "h13", "b14", "h14"],
            &["Re4"],
            &["b1", "f1", "a2", "b2", "f2", "g2", "c3", "e3"],
            &["Rh2+"],
        ];
        let steps = LESSONS
            .iter()
            .flat_map(|l| l.steps.iter().map(move |s| (l, s)));
        assert_eq!(steps.clone().count(), expected.len());
        for ((lesson, step), want) in steps.zip(expected) {
            let pos = step.position(lesson.variant).unwrap();
            let got: Vec<String> = if step.by_move() {
                pos.legal_moves()
                    .into_iter()
                    .filter(|&m| step.judge_move(&pos, m) == Verdict::Right)
                    .map(|m| topochess_core::san::to_san(&pos, m))
                    .collect()
            } else {
                step.counted_moves(&pos)
                    .iter()
                    .map(|m| pos.size().name(m.to))
                    .collect()
            };
            assert_eq!(got, want, "{}: {}", lesson.id, step.prompt);
        }
    }

    /// A check from beside the king is refused where the step asks for one across an edge,
    /// and a piece other than the one named is refused where a ring is to be reached.
    #[test]
    fn near_misses_are_refused_with_the_reason() {
        let folded = &LESSONS[0];
        let check = &folded.steps[4];
        let pos = check.position(folded.variant).unwrap();
        let rb4 = topochess_core::san::parse_move(&pos, "Rb4").unwrap();
        assert_eq!(
            check.judge_move(&pos, rb4),
            Verdict::Wrong("That is check, but not across an edge.".into())
        );
        let torus = &LESSONS[2];
        let reach = &torus.steps[0];
        let pos = reach.position(torus.variant).unwrap();
        let kd8 = topochess_core::san::parse_move(&pos, "Kd8").unwrap();
        assert_eq!(
            reach.judge_move(&pos, kd8),
            Verdict::Wrong("Move the piece on d1.".into())
        );
    }

    /// Every lesson is on a preset, and the families the Learn screen promises are there.
    #[test]
    fn each_family_has_a_lesson() {
        let ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
        assert_eq!(ids, ["folded", "cylinder", "torus", "klein-8x14", "sphere"]);
        for l in LESSONS {
            assert!(Variant::preset(l.variant, None).is_ok(), "{}", l.id);
            assert!((2..=6).contains(&l.steps.len()), "{}", l.id);
        }
    }
}
