//! The puzzle being solved: the opponent's last move played in front of the player, the
//! player's moves checked against the solution (a wrong one refused, another mate accepted), the
//! defender's answers played after a pause, and the record (rating, streak, history) changed
//! once per puzzle. Every change comes through [`Puzzles::update`] with a [`PuzzleAction`]; what the
//! app must do besides (a notice, a choice offered on the board) comes back as a [`PuzzleOut`].

pub mod panel;
pub mod scene;
pub mod set;

use crate::common::fit::{Choice, Fit};
use crate::puzzle::set::{shipped, Filter, PuzzleEntry, PuzzleRecord};
use std::sync::Arc;
use topochess_core::{fen, san, Move, Position, Square, Variant};

/// A change to the puzzles.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// The next puzzle: unplayed, within the filters, nearest the rating.
    Next,
    /// A puzzle of the set by its index (from the history: a replay, not rated).
    Open(usize),
    /// The same puzzle again from its start (not rated).
    Retry,
    /// A move made on the board.
    Move(Square, Square),
    /// The pause before the defender's answer is over: (session, ply the answer is due at).
    Reply(u64, usize),
    /// Give up: the solution is played out (the puzzle counts as failed).
    Solution,
    /// Look one move back or forward (once the puzzle is over).
    Step(i32),
    /// Look at the position after this many moves (once the puzzle is over).
    View(usize),
    /// Change the filters (and open the next puzzle that fits them).
    SetFilter(Filter),
    /// Turn the board (puzzles are shown from the solver's side).
    Flip,
    /// Open the puzzle's position on the analysis board.
    Analyse,
    /// The screen is shown: open its puzzle (the one left there, the one on the board at the
    /// last visit, or the next).
    Show,
}

/// How a puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The player found the mate (with or without a wrong move on the way).
    Solved,
    /// The player asked for the solution.
    Shown,
}

/// The pause before the defender answers, in milliseconds.
pub const REPLY_DELAY_MS: u32 = 450;

/// One puzzle being solved.
#[derive(Clone, Debug)]
pub struct Solving {
    /// This opening of the puzzle (a stale answer for an earlier one is ignored).
    pub session: u64,
    /// The puzzle's index in the set.
    pub index: usize,
    /// The puzzle.
    pub entry: PuzzleEntry,
    /// The positions so far: before the lead-in move (if known), the puzzle's, then after each
    /// move played.
    positions: Vec<Position>,
    /// The moves played: the lead-in move, then the solution's so far.
    moves: Vec<Move>,
    /// 1 when the first move is the opponent's lead-in, else 0.
    lead: usize,
    /// The solution's moves.
    solution: Vec<Move>,
    /// The ply looked at while browsing (once the puzzle is over).
    pub viewing: Option<usize>,
    /// The last move refused, in SAN.
    pub wrong: Option<String>,
    /// A wrong move was made or the solution asked for.
    pub failed: bool,
    /// How it ended, once it has.
    pub finish: Option<Finish>,
    /// Whether this opening counts for the record.
    counts: bool,
    /// The rating change it made, once recorded.
    pub change: Option<i32>,
}

impl PartialEq for Solving {
    fn eq(&self, other: &Self) -> bool {
        (
            self.session,
            self.index,
            &self.moves,
            self.viewing,
            &self.wrong,
            self.failed,
            self.finish,
            self.change,
        ) == (
            other.session,
            other.index,
            &other.moves,
            other.viewing,
            &other.wrong,
            other.failed,
            other.finish,
            other.change,
        )
    }
}

impl Solving {
    /// The puzzle `entry` (index `index` in its set), ready to solve; `counts` when it goes
    /// on the record.
    pub fn open(
        entry: &PuzzleEntry,
        index: usize,
        session: u64,
        counts: bool,
    ) -> Result<Solving, String> {
        let variant = Arc::new(Variant::preset(&entry.variant, None).map_err(|e| e.to_string())?);
        let start = fen::parse_position(variant.clone(), &entry.fen).map_err(|e| e.to_string())?;
        let mut at = start.clone();
        let mut solution = Vec::new();
        for text in &entry.solution {
            let mv = san::parse_move(&at, text).map_err(|e| e.to_string())?;
            at.play_unchecked(mv);
            solution.push(mv);
        }
        // The opponent's last move, when it is known and leads to the puzzle's position.
        let lead_in = entry.before.as_ref().and_then(|(before, mv)| {
            let before = fen::parse_position(variant, before).ok()?;
            let mv = san::parse_move(&before, mv).ok()?;
            let mut after = before.clone();
            after.play_unchecked(mv);
            (after.hash() == start.hash()).then_some((before, mv))
        });
        let (positions, moves) = match lead_in {
            Some((before, mv)) => (vec![before, start], vec![mv]),
            None => (vec![start], Vec::new()),
        };
        Ok(Solving {
            session,
            index,
            entry: entry.clone(),
            lead: moves.len(),
            positions,
            moves,
            solution,
            viewing: None,
            wrong: None,
            failed: false,
            finish: None,
            counts,
            change: None,
        })
    }

    /// The side the player moves.
    pub fn solver(&self) -> topochess_core::Color {
        self.positions[self.lead].turn()
    }

    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.viewing.unwrap_or(self.moves.len())
    }

    /// The position shown.
    pub fn shown(&self) -> &Position {
        &self.positions[self.shown_ply()]
    }

    /// The position after every move played.
    pub fn live(&self) -> &Position {
        &self.positions[self.moves.len()]
    }

    /// The move that led to ply `ply`, with the position before it.
    pub fn move_to(&self, ply: usize) -> Option<(&Position, Move)> {
        let i = ply.checked_sub(1)?;
        Some((&self.positions[i], *self.moves.get(i)?))
    }

    /// The solution's moves played so far.
    fn done(&self) -> usize {
        self.moves.len() - self.lead
    }

    /// Whether the player is to find a move now.
    pub fn player_to_move(&self) -> bool {
        self.finish.is_none() && self.viewing.is_none() && self.done().is_multiple_of(2)
    }

    /// The defender's answer waiting for its pause: (session, ply it is due at).
    pub fn reply_due(&self) -> Option<(u64, usize)> {
        (self.finish.is_none() && self.done() % 2 == 1).then_some((self.session, self.moves.len()))
    }

    /// The moves played from the puzzle's position on (the lead-in left out): the ply each
    /// leads to, its move number as written before it (`12.`, or `12...` for a first move by
    /// Black), and its SAN.
    pub fn played(&self) -> Vec<(usize, Option<String>, String)> {
        (self.lead..self.moves.len())
            .map(|i| {
                let pos = &self.positions[i];
                let n = pos.fullmove_number();
                let number = match pos.turn() {
                    topochess_core::Color::White => Some(format!("{n}.")),
                    topochess_core::Color::Black if i == self.lead => Some(format!("{n}...")),
                    topochess_core::Color::Black => None,
                };
                (i + 1, number, san::to_san(pos, self.moves[i]))
            })
            .collect()
    }

    /// The opponent's lead-in move in SAN, when known.
    pub fn lead_in(&self) -> Option<String> {
        (self.lead == 1).then(|| san::to_san(&self.positions[0], self.moves[0]))
    }

    /// The player's moves to draw along their paths: once the puzzle is over, every one of
    /// them on the final position, or while browsing the one played from the position shown.
    pub fn solution_paths(&self) -> Vec<(&Position, Move)> {
        if self.finish.is_none() {
            return Vec::new();
        }
        let ply = self.shown_ply();
        if ply == self.moves.len() {
            (self.lead..self.moves.len())
                .step_by(2)
                .map(|i| (&self.positions[i], self.moves[i]))
                .collect()
        } else if ply >= self.lead && (ply - self.lead).is_multiple_of(2) {
            vec![(&self.positions[ply], self.moves[ply])]
        } else {
            Vec::new()
        }
    }

    fn push(&mut self, mv: Move) {
        let mut next = self.live().clone();
        next.play_unchecked(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Whether `mv` mates at once.
    fn mates(&self, mv: Move) -> bool {
        let mut after = self.live().clone();
        after.play_unchecked(mv);
        after.is_check() && !after.has_legal_move()
    }
}

/// The puzzles' part of the state: the record and the puzzle being solved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Puzzles {
    /// The player's record, kept in the browser.
    pub record: PuzzleRecord,
    /// The puzzle on the board.
    pub solving: Option<Solving>,
    /// The number given to the last opening of a puzzle (a late answer for an earlier one is dropped).
    sessions: u64,
    /// The board is turned from the solver's side.
    pub flipped: bool,
    /// A puzzle asked for (by its address) before the set was here.
    pub wanted: Option<String>,
    /// Why the set could not be fetched.
    pub trouble: Option<String>,
    /// The screen was opened with no puzzle on it: one opens (the one left there, or the next)
    /// in the task after the frame that shows the screen, so that the switch is drawn first.
    pub opening: bool,
}

impl Puzzles {
    /// The puzzles with a kept record.
    pub fn with_record(record: PuzzleRecord) -> Puzzles {
        Puzzles {
            record,
            ..Puzzles::default()
        }
    }
}

/// What a puzzle action asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleOut {
    /// Nothing more.
    Done,
    /// A word for the player.
    Notice(String),
    /// The player chooses among these moves first (a promotion).
    Choose(Choice),
    /// A choice the board offers is no longer wanted.
    DropChoice,
    /// The analysis board on this PGN.
    Analyse(String),
}

impl Puzzles {
    /// Opens puzzle `index` (counting for the record when `counts`).
    pub fn open(&mut self, index: usize, counts: bool) -> PuzzleOut {
        self.sessions += 1;
        let opened = shipped()
            .get(index)
            .ok_or_else(|| "no such puzzle".to_string())
            .and_then(|entry| Solving::open(entry, index, self.sessions, counts));
        match opened {
            Ok(s) => {
                self.record.current = Some(s.entry.id.clone());
                self.solving = Some(s);
                PuzzleOut::DropChoice
            }
            Err(e) => PuzzleOut::Notice(format!("That puzzle could not be opened: {e}.")),
        }
    }

    /// Opens the next puzzle for the player, or says none fits the filters (nothing while the
    /// set is on its way).
    fn next(&mut self) -> PuzzleOut {
        if !crate::puzzle::set::is_ready() {
            return PuzzleOut::Done;
        }
        let last = self.solving.as_ref().map(|s| s.index);
        match self.record.next(shipped(), last) {
            Some(i) => self.open(i, true),
            None => {
                self.solving = None;
                PuzzleOut::Notice("No puzzle fits these filters.".into())
            }
        }
    }

    /// Records the puzzle's result once (when the opening counts).
    fn record_result(&mut self, solved: bool) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        if s.counts && s.change.is_none() {
            s.change = Some(self.record.record(&s.entry, solved));
        }
    }

    /// Plays the player's `mv` if it is the solution's (or mates at once); else refuses it.
    fn try_move(&mut self, mv: Move) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        let expected = s.solution.get(s.done()).copied();
        if Some(mv) == expected || s.mates(mv) {
            s.wrong = None;
            s.push(mv);
            if s.done() >= s.solution.len() || !s.live().has_legal_move() {
                s.finish = Some(Finish::Solved);
                let solved = !s.failed;
                self.record_result(solved);
            }
        } else {
            s.wrong = Some(san::to_san(s.live(), mv));
            s.failed = true;
            self.record_result(false);
        }
    }

    /// A puzzle action.
    pub fn update(&mut self, action: PuzzleAction) -> PuzzleOut {
        match action {
            PuzzleAction::Next => self.next(),
            PuzzleAction::Show => self.opened(),
            PuzzleAction::Open(i) => self.open(i, false),
            PuzzleAction::Retry => match self.solving.as_ref().map(|s| s.index) {
                Some(i) => self.open(i, false),
                None => PuzzleOut::Done,
            },
            PuzzleAction::Flip => {
                self.flipped = !self.flipped;
                PuzzleOut::Done
            }
            PuzzleAction::SetFilter(filter) => {
                self.record.filter = filter;
                self.next()
            }
            PuzzleAction::Analyse => match &self.solving {
                Some(s) => PuzzleOut::Analyse(crate::library::annotations::position_pgn(
                    &s.entry.variant,
                    &s.entry.fen,
                )),
                None => PuzzleOut::Done,
            },
            action => self.change_solving(action),
        }
    }

    /// An action on the puzzle on the board.
    fn change_solving(&mut self, action: PuzzleAction) -> PuzzleOut {
        let Some(s) = self.solving.as_mut() else {
            return PuzzleOut::Done;
        };
        match action {
            PuzzleAction::Move(from, to) if s.player_to_move() => {
                match Choice::fit(s.live(), from, to) {
                    Fit::None => {}
                    Fit::One(mv) => self.try_move(mv),
                    Fit::Choose(c) => return PuzzleOut::Choose(c),
                }
            }
            PuzzleAction::Reply(session, ply) if s.reply_due() == Some((session, ply)) => {
                if let Some(&mv) = s.solution.get(s.done()) {
                    s.push(mv);
                }
            }
            PuzzleAction::Solution if s.finish.is_none() => {
                s.failed = true;
                s.wrong = None;
                s.viewing = None;
                while let Some(&mv) = s.solution.get(s.done()) {
                    s.push(mv);
                }
                s.finish = Some(Finish::Shown);
                self.record_result(false);
                return PuzzleOut::DropChoice;
            }
            PuzzleAction::Step(delta) if s.finish.is_some() => {
                let len = s.moves.len() as i64;
                let ply = (s.shown_ply() as i64 + delta as i64).clamp(0, len) as usize;
                s.viewing = (ply < s.moves.len()).then_some(ply);
            }
            PuzzleAction::View(ply) if s.finish.is_some() => {
                s.viewing = (ply < s.moves.len()).then_some(ply);
            }
            _ => {}
        }
        PuzzleOut::Done
    }

    /// A move chosen from the board's chooser (one of the choice it offered).
    pub fn choose(&mut self, mv: Move) {
        if self.solving.as_ref().is_some_and(|s| s.player_to_move()) {
            self.try_move(mv);
        }
    }

    /// The puzzle screen opened: the puzzle left there, or the one on the board at the last
    /// visit (from its start; on the record only if it was not recorded yet), or the next one.
    pub fn opened(&mut self) -> PuzzleOut {
        self.opening = false;
        if self.solving.is_some() {
            return PuzzleOut::Done;
        }
        let record = &self.record;
        let kept = record
            .current
            .as_ref()
            .and_then(|id| shipped().iter().position(|p| p.id == *id));
        match kept {
            Some(i) => {
                let counts = !record.played(&shipped()[i].id);
                self.open(i, counts)
            }
            None => self.next(),
        }
    }
}

#[cfg(test)]
mod tests;
