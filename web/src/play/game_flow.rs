//! The flow of a game as players expect it from lichess: moves made on the board or typed,
//! promotions and castlings asked, take-backs, pre-moves while the other side is to move,
//! resignation confirmed, draws offered and answered rather than agreed by one click, and the
//! clocks.

use crate::common::fit::Choice;
use crate::common::settings::{Opponent, Settings};
use crate::library::storage::{self, SavedGame};
use crate::play::{Play, PlayOut};
use topochess_core::{pgn, san, Color, Move, Position, Role, Square};
use topochess_protocol::ClientMessage;

/// The computer accepts a draw when its own last score is at most this (centipawns): when it
/// is not better.
pub const COMPUTER_ACCEPTS_DRAW_AT: i32 = 0;

impl Play {
    /// Whether a pre-move may be set now: against the computer while it is thinking, or in a
    /// live game while the opponent is to move; the game on, the live position shown.
    pub fn premove_time(&self, settings: &Settings) -> bool {
        let turn = self.game.position().turn();
        self.viewing.is_none()
            && self.game.outcome().is_none()
            && match settings.opponent {
                Opponent::Computer { computer, .. } => turn == computer,
                Opponent::Live { me: Some(me), .. } => turn != me,
                _ => false,
            }
    }

    /// The position on the board (the one being looked at).
    pub fn shown(&self) -> &Position {
        self.viewing
            .and_then(|ply| self.game.position_at(ply))
            .unwrap_or_else(|| self.game.position())
    }

    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.viewing.unwrap_or(self.game.moves().len())
    }

    /// Where the game stands: its id, ply and position hash.
    pub fn point(&self) -> (u64, usize, u64) {
        (
            self.game_id,
            self.game.moves().len(),
            self.game.position().hash(),
        )
    }

    /// Whether the player may move now (the live position, the game on, not the computer's or
    /// the other player's turn).
    pub fn player_to_move(&self, settings: &Settings) -> bool {
        let turn = self.game.position().turn();
        self.viewing.is_none()
            && self.game.outcome().is_none()
            && match settings.opponent {
                Opponent::HotSeat => true,
                Opponent::Computer { computer, .. } => turn != computer,
                // A correspondence game: only one's own moves; the other's come by link.
                Opponent::Correspondence { me, .. } => turn == me,
                // A live game: one's own moves, sent to the server; a spectator none.
                Opponent::Live { me, .. } => Some(turn) == me,
            }
    }

    /// Whether it is the computer's turn in the game (also while the player looks at an
    /// earlier position: the computer's reply is played into the game).
    pub fn computer_to_move(&self, settings: &Settings) -> bool {
        self.game.outcome().is_none()
            && matches!(settings.opponent, Opponent::Computer { computer, .. } if self.game.position().turn() == computer)
    }

    /// Legal moves from `from` in the game's position, if the player may move.
    pub fn moves_from(&self, from: Square, settings: &Settings) -> Vec<Move> {
        if !self.player_to_move(settings) {
            return Vec::new();
        }
        self.game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// The moves in coordinate form (for the worker, storage and links).
    pub fn move_texts(&self) -> Vec<String> {
        storage::move_texts(&self.game)
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        pgn::write(
            &self.game,
            &[("Event", "Topochess game"), ("Site", "Topochess")],
        )
    }

    /// The game as the library keeps it, played under `settings`, at time `now`.
    pub fn saved(&self, settings: &Settings, now: f64) -> SavedGame {
        let mut saved = SavedGame::of(self.game_id, settings, &self.game, now);
        saved.draw_offer = self.draw_offer;
        saved.clock = self.clock.clone();
        saved
    }

    /// Takes from `saved` what the library keeps beside the moves: the draw offer and the clocks.
    pub fn restore(&mut self, saved: &SavedGame) {
        self.draw_offer = saved.draw_offer;
        self.clock = saved.clock.clone();
    }

    /// Plays `mv` into the game: a live game's own move goes to the server, the clock turns, an
    /// offer by the other side lapses, and what belonged to the last position goes.
    pub(crate) fn play(&mut self, mv: Move, settings: &Settings, out: &mut PlayOut) {
        let mover = self.game.position().turn();
        let uci = san::to_coordinate(self.game.position(), mv);
        if self.game.play(mv).is_err() {
            return;
        }
        let ply = self.game.moves().len();
        if matches!(settings.opponent, Opponent::Live { me: Some(me), .. } if me == mover) {
            out.send.push(ClientMessage::Move { uci, ply: ply - 1 });
        }
        if let Some(c) = &mut self.clock {
            c.moved(mover, ply, crate::common::clock::now());
        }
        self.after_move(mover);
        self.redo.clear();
        self.choice = None;
        self.hint = None;
    }

    /// Plays a move from `from` to `to`, asking when several moves fit (promotion, castling).
    pub(crate) fn try_move(
        &mut self,
        from: Square,
        to: Square,
        settings: &Settings,
        out: &mut PlayOut,
    ) {
        let candidates: Vec<Move> = self
            .moves_from(from, settings)
            .into_iter()
            .filter(|m| m.to == to)
            .collect();
        self.play_or_ask(&candidates, settings, out);
    }

    /// Plays the one move, or asks which when several fit.
    fn play_or_ask(&mut self, candidates: &[Move], settings: &Settings, out: &mut PlayOut) {
        match candidates {
            [] => {}
            [mv] => self.play(*mv, settings, out),
            many => {
                let pos = self.game.position();
                self.choice = Some(Choice {
                    options: many.iter().map(|&m| (m, san::to_san(pos, m))).collect(),
                });
            }
        }
    }

    /// A move typed in SAN or coordinate form.
    pub(crate) fn typed(&mut self, text: &str, settings: &Settings) -> PlayOut {
        let mut out = PlayOut {
            offer_live: Some(false),
            ..PlayOut::default()
        };
        if self.game.outcome().is_some() {
            out.notice = Some("The game is over: start a new game to play on.".into());
            return out;
        }
        if self.viewing.is_some() {
            out.notice = Some("You are looking at an earlier position.".into());
            out.offer_live = Some(true);
            return out;
        }
        if !self.player_to_move(settings) {
            out.notice = Some(match settings.opponent {
                Opponent::Correspondence { me, .. } => format!(
                    "It is {}'s move: it comes to you by link.",
                    settings.player_name(!me)
                ),
                _ => "It is the computer's move.".into(),
            });
            return out;
        }
        let pos = self.game.position().clone();
        match san::candidate_moves(&pos, text) {
            Ok(moves) if moves.is_empty() => {
                out.notice = Some(format!("'{}' is not a legal move here.", text.trim()));
            }
            Ok(moves) => {
                let shadowed = san::step_shadows_castling(&pos, text);
                self.play_or_ask(&moves, settings, &mut out);
                out.notice = shadowed.map(|kind| {
                    format!(
                        "{} was played as a king move; castling is written {}.",
                        text.trim(),
                        kind.notation()
                    )
                });
                out.clear_notice = out.notice.is_none();
            }
            Err(e) => out.notice = Some(format!("{e}.")),
        }
        out
    }

    /// Takes a move back (against the computer, back to the player's move).
    pub(crate) fn take_back(&mut self, settings: &Settings) {
        self.viewing = None;
        self.choice = None;
        self.hint = None;
        if let Some(mv) = self.game.undo() {
            self.redo.push(mv);
        }
        if let Opponent::Computer { computer, .. } = settings.opponent {
            while self.game.position().turn() == computer {
                match self.game.undo() {
                    Some(mv) => self.redo.push(mv),
                    None => break,
                }
            }
        }
    }

    /// Replays one move of the player's, then the computer's replies that followed it, so the
    /// taken-back line comes back whole before the computer is asked anything.
    pub(crate) fn redo_line(&mut self, settings: &Settings, out: &mut PlayOut) {
        self.viewing = None;
        let mut first = true;
        while let Some(&mv) = self.redo.last() {
            if !first && !self.computer_to_move(settings) {
                break;
            }
            self.redo.pop();
            let redo = std::mem::take(&mut self.redo);
            self.play(mv, settings, out);
            self.redo = redo;
            first = false;
        }
    }

    /// The player's own piece on `sq` while the other side is to move (a pre-move may start
    /// there).
    fn own_piece_for_premove(&self, sq: Square, settings: &Settings) -> bool {
        let pos = self.game.position();
        self.premove_time(settings) && pos.piece_at(sq).is_some_and(|p| p.color != pos.turn())
    }

    /// Where the piece on `from` may be pre-moved: every square it reaches on the empty
    /// surface, and a pawn's capture squares (the reply may change anything).
    pub fn premove_dests(&self, from: Square, settings: &Settings) -> Vec<Square> {
        if !self.own_piece_for_premove(from, settings) {
            return Vec::new();
        }
        let pos = self.game.position();
        let Some(piece) = pos.piece_at(from) else {
            return Vec::new();
        };
        let v = pos.variant();
        let mut set = v.reach(piece.role, piece.color, from);
        if piece.role == Role::Pawn {
            set.extend(v.tables().pawn_captures(piece.color, from).iter().copied());
        }
        set.iter().filter(|&sq| sq != from).collect()
    }

    /// After the other side's move: the pre-move is played at once when legal (a promotion
    /// becomes a queen), else dropped.
    pub(crate) fn play_premove(&mut self, settings: &Settings, out: &mut PlayOut) {
        let Some((from, to)) = self.premove.take() else {
            return;
        };
        let candidates: Vec<Move> = self
            .moves_from(from, settings)
            .into_iter()
            .filter(|m| m.to == to)
            .collect();
        let chosen = candidates
            .iter()
            .find(|m| m.promotion() == Some(Role::Queen))
            .or_else(|| candidates.iter().find(|m| m.castle().is_none()))
            .or(candidates.first())
            .copied();
        if let Some(mv) = chosen {
            self.play(mv, settings, out);
        }
    }

    /// The side the player resigns for: against the computer the player's, in hot-seat the
    /// side to move.
    fn resigning_side(&self, settings: &Settings) -> Color {
        match settings.opponent {
            Opponent::Computer { computer, .. } => !computer,
            Opponent::Correspondence { me, .. } | Opponent::Live { me: Some(me), .. } => me,
            Opponent::HotSeat | Opponent::Live { me: None, .. } => self.game.position().turn(),
        }
    }

    /// Resign asks first; a yes resigns.
    pub(crate) fn resign(
        &mut self,
        confirmed: Option<bool>,
        settings: &Settings,
        out: &mut PlayOut,
    ) {
        if self.game.outcome().is_some() {
            self.confirm_resign = false;
            return;
        }
        match confirmed {
            None => self.confirm_resign = true,
            Some(false) => self.confirm_resign = false,
            Some(true) => {
                self.confirm_resign = false;
                let loser = self.resigning_side(settings);
                match settings.opponent {
                    // The server ends the game, and tells both players.
                    Opponent::Live { .. } => out.send.push(ClientMessage::Resign),
                    _ => self.game.resign(loser),
                }
            }
        }
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Offers a draw. In hot-seat the offer stands until the other side answers or moves;
    /// the computer accepts when its last search did not find it better.
    pub(crate) fn offer_draw(&mut self, settings: &Settings) -> PlayOut {
        let mut out = PlayOut::default();
        if self.game.outcome().is_some() {
            return out;
        }
        match settings.opponent {
            Opponent::HotSeat => self.draw_offer = Some(self.game.position().turn()),
            // The offer travels with the next link sent.
            Opponent::Correspondence { me, .. } => self.draw_offer = Some(me),
            // The server hears of it, and tells both players.
            Opponent::Live { me: Some(_), .. } => out.send.push(ClientMessage::Draw),
            Opponent::Live { me: None, .. } => {}
            Opponent::Computer { .. } => {
                let not_better = self
                    .computer_eval
                    .is_some_and(|score| score <= COMPUTER_ACCEPTS_DRAW_AT);
                if not_better {
                    self.game.agree_draw();
                    out.notice = Some("The computer accepts the draw.".into());
                } else {
                    out.notice = Some("The computer declines the draw.".into());
                }
            }
        }
        out
    }

    /// The other side answers a draw offer.
    pub(crate) fn answer_draw(&mut self, accept: bool, settings: &Settings, out: &mut PlayOut) {
        if matches!(settings.opponent, Opponent::Live { .. }) {
            out.send.push(if accept {
                ClientMessage::Draw
            } else {
                ClientMessage::Decline
            });
            return;
        }
        if self.draw_offer.take().is_some() && accept && self.game.outcome().is_none() {
            self.game.agree_draw();
        }
    }

    /// After a move by `mover`: an offer by the other side is declined by moving on (the core's
    /// rule, the server's too).
    pub(crate) fn after_move(&mut self, mover: Color) {
        self.draw_offer = topochess_core::clock::offer_after_move(self.draw_offer, mover);
        self.confirm_resign = false;
    }

    /// The side to move's flag falls when its time is out; a game that ended stops the clock.
    pub(crate) fn settle_clock(&mut self, settings: &Settings) {
        let turn = self.game.position().turn();
        let now = crate::common::clock::now();
        // In a live game the server's clock is the one that ends it.
        let live = matches!(settings.opponent, Opponent::Live { .. });
        let Some(c) = &mut self.clock else {
            return;
        };
        if !live
            && self.game.outcome().is_none()
            && c.running()
            && c.time_left(turn, turn, now) <= 0.0
        {
            self.game.flag(turn);
        }
        if self.game.outcome().is_some() {
            c.stop(turn, now);
        }
    }
}
