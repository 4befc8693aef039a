//! The referee of one live game: who sits where, which moves are legal (the rules core decides),
//! the clocks as absolute times (a restart of the server gives nobody time), and how the game
//! ends. Pure: the caller says what time it is.

use crate::record::{same_proof, seat_proof, Player, Record};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use topochess_core::clock::{may_offer_again, offer_after_move, Clocks, REOFFER_PLIES};
use topochess_core::game::Game;
use topochess_core::{san, CastlingMode, Color, Position, Variant};
use topochess_protocol::{id_text, ClientMessage, GameId, GameState, NewGame, Side};

/// A live game: its record (what the store keeps) and the game it replays to.
#[derive(Clone, Debug)]
pub struct LiveGame {
    record: Record,
    game: Game,
}

/// The variants built so far, by preset id and castling option name.
type Built = HashMap<(String, String), Arc<Variant>>;

/// The variant of a preset id and castling option name (empty: the preset's). Built once per
/// process and shared by every game on it: a variant's move tables are most of a game's memory.
fn variant_of(variant: &str, castling: &str) -> Result<Arc<Variant>, String> {
    static BUILT: OnceLock<Mutex<Built>> = OnceLock::new();
    let key = (variant.to_string(), castling.to_string());
    let built = BUILT.get_or_init(Default::default);
    if let Some(v) = built.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(v.clone());
    }
    let mode = match castling {
        "" => None,
        name => Some(CastlingMode::from_name(name).ok_or(format!("no castling option {name:?}"))?),
    };
    let v = Arc::new(Variant::preset(variant, mode).map_err(|e| e.to_string())?);
    built
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, v.clone());
    Ok(v)
}

impl LiveGame {
    /// A new game `id` as `new` asks, its creator seated (`creator`: their account, if signed
    /// in); `coin` decides a random side. A rated game is refused to a guest.
    pub fn create(
        id: GameId,
        new: &NewGame,
        coin: bool,
        now: u64,
        creator: Option<Player>,
    ) -> Result<LiveGame, String> {
        if new.rated && creator.is_none() {
            return Err("a rated game is between two accounts: sign in to create one".into());
        }
        let variant = variant_of(&new.variant, &new.castling)?;
        if let Some(base) = new.base_secs {
            if base == 0 || base > 3 * 3600 || new.increment_secs > 180 {
                return Err("clocks from 1 second to 3 hours, at most 180 s a move".into());
            }
        }
        let side = match new.side {
            Side::White => Color::White,
            Side::Black => Color::Black,
            Side::Random if coin => Color::White,
            Side::Random => Color::Black,
        };
        let mut seats = [None, None];
        seats[side.index()] = Some(seat_proof(&new.secret));
        let mut players = [None, None];
        players[side.index()] = creator;
        let base_ms = new.base_secs.map_or(0, |s| s as u64 * 1000);
        let record = Record {
            id,
            variant: variant.id().to_string(),
            castling: variant.castling().name().to_string(),
            clock: new.base_secs.map(|b| (b, new.increment_secs)),
            seats,
            moves: Vec::new(),
            left_ms: [base_ms, base_ms],
            turn_since: None,
            outcome: None,
            aborted: false,
            draw_offer: None,
            takeback_offer: None,
            rematch: [false, false],
            next_game: None,
            created: now,
            public: new.public,
            revision: 0,
            deadline: None,
            rated: new.rated,
            settled: false,
            players,
            declined: Default::default(),
        };
        LiveGame::from_record(record)
    }

    /// A game of two players paired in pool `pool`: both seated by their seats' proofs (White's
    /// first) with their accounts, listed among the games being played; rated when both are
    /// accounts.
    pub fn paired(
        id: GameId,
        pool: &topochess_protocol::pool::Pool,
        seats: [(String, Option<Player>); 2],
        now: u64,
    ) -> Result<LiveGame, String> {
        let (base, increment) = pool.clock();
        let new = NewGame {
            variant: pool.variant.to_string(),
            castling: String::new(),
            base_secs: Some(base),
            increment_secs: increment,
            side: Side::White,
            secret: String::new(),
            public: true,
            rated: seats.iter().all(|(_, who)| who.is_some()),
        };
        let [(white, white_player), (black, black_player)] = seats;
        let mut game = LiveGame::create(id, &new, true, now, white_player.clone())?;
        game.record.seats = [Some(white), Some(black)];
        game.record.players = [white_player, black_player];
        Ok(game)
    }

    /// A game `id` of arena `arena` between two accounts (White's first), each seated by their
    /// account on any device: `seats` are proofs of secrets nobody has.
    pub fn for_arena(
        id: GameId,
        arena: &crate::store::arenas::Arena,
        players: [Player; 2],
        seats: [String; 2],
        now: u64,
    ) -> Result<LiveGame, String> {
        let new = NewGame {
            variant: arena.variant.clone(),
            castling: String::new(),
            base_secs: Some(arena.clock.0),
            increment_secs: arena.clock.1,
            side: Side::White,
            secret: String::new(),
            public: true,
            rated: arena.rated,
        };
        let players = players.map(|mut p| {
            p.arena = Some(arena.id);
            p
        });
        let [white, black] = players;
        let mut game = LiveGame::create(id, &new, true, now, Some(white.clone()))?;
        game.record.seats = seats.map(Some);
        game.record.players = [Some(white), Some(black)];
        Ok(game)
    }

    /// The game `id` of an accepted challenge asking `new` (its side, the challenger's),
    /// between `challenger` and `challenged`, each seated by their account on any device
    /// (`seats`: proofs of secrets nobody has, the challenger's first).
    pub fn challenged(
        id: GameId,
        new: &NewGame,
        players: [Player; 2],
        seats: [String; 2],
        now: u64,
    ) -> Result<LiveGame, String> {
        let [challenger, challenged] = players;
        let mut game = LiveGame::create(id, new, true, now, Some(challenger.clone()))?;
        let side = if game.record.players[0].is_some() {
            Color::White
        } else {
            Color::Black
        };
        let [mine, theirs] = seats;
        game.record.seats[side.index()] = Some(mine);
        game.record.seats[(!side).index()] = Some(theirs);
        game.record.players[(!side).index()] = Some(challenged);
        Ok(game)
    }

    /// The game of an open challenge: both seats free, each taken by the first browser at the
    /// game's link (or at its link for that side); with `players` named, each side kept for
    /// its account. Rated only when both are accounts (a guest does not sit at a rated game).
    pub fn open(
        id: GameId,
        new: &NewGame,
        players: [Option<Player>; 2],
        now: u64,
    ) -> Result<LiveGame, String> {
        let casual = NewGame {
            rated: false,
            ..new.clone()
        };
        let mut game = LiveGame::create(id, &casual, true, now, None)?;
        game.record.seats = [None, None];
        game.record.rated = new.rated;
        game.record.players = players;
        Ok(game)
    }

    /// The game a record keeps (its moves replayed); an error when they do not replay.
    pub fn from_record(record: Record) -> Result<LiveGame, String> {
        let variant = variant_of(&record.variant, &record.castling)?;
        let mut game = Game::new(Position::start(variant));
        for text in &record.moves {
            let mv = san::parse_move(game.position(), text).map_err(|e| e.to_string())?;
            game.play(mv).map_err(|e| e.to_string())?;
        }
        if let Some(outcome) = record.outcome {
            game.end_as(outcome);
        }
        Ok(LiveGame { record, game })
    }

    /// The game as `record` keeps it now, `record` being a later revision of this game (kept
    /// by another server): only the moves played since are played here, when the moves held
    /// are where it starts (a take-back, say, replays the whole game).
    pub fn catch_up(&mut self, record: Record) -> Result<(), String> {
        let held = &self.record.moves;
        let extends = record.id == self.record.id
            && record.moves.starts_with(held)
            && self.game.outcome().is_none();
        if !extends {
            *self = LiveGame::from_record(record)?;
            return Ok(());
        }
        let mut game = self.game.clone();
        for text in &record.moves[held.len()..] {
            let mv = san::parse_move(game.position(), text).map_err(|e| e.to_string())?;
            game.play(mv).map_err(|e| e.to_string())?;
        }
        if let Some(outcome) = record.outcome {
            game.end_as(outcome);
        }
        self.game = game;
        self.record = record;
        Ok(())
    }

    /// The game as played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What the store keeps.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The side of the browser with this secret, if it sits at the game.
    pub fn side_of(&self, secret: &str) -> Option<Color> {
        let proof = seat_proof(secret);
        [Color::White, Color::Black].into_iter().find(|c| {
            self.record.seats[c.index()]
                .as_deref()
                .is_some_and(|kept| same_proof(kept, &proof))
        })
    }

    /// The side of the browser with this secret, or of the signed-in `account` (on any device),
    /// if either sits at the game.
    pub fn side_of_player(&self, secret: &str, account: Option<u64>) -> Option<Color> {
        self.side_of(secret).or_else(|| {
            [Color::White, Color::Black]
                .into_iter()
                .find(|&c| account.is_some() && self.record.account(c) == account)
        })
    }

    /// The side of the browser with this secret (or of its account), seating it on the free
    /// side if there is one (`wanted`: on that side only): with `player` its account, if signed
    /// in. A side kept for an account (an open challenge for two players named) is free to that
    /// account only. `None` for a spectator, and for a guest at a rated game, or an account at
    /// its own rated seek. The second value says whether this took a free seat.
    pub fn seat(
        &mut self,
        secret: &str,
        player: Option<Player>,
        wanted: Option<Color>,
    ) -> (Option<Color>, bool) {
        let account = player.as_ref().and_then(|p| p.account);
        if let Some(side) = self.side_of_player(secret, account) {
            // A side kept for this account is proven by this browser from now on (its players
            // were told of the game when it was made).
            if self.record.seats[side.index()].is_none() {
                self.record.seats[side.index()] = Some(seat_proof(secret));
            }
            return (Some(side), false);
        }
        if self.record.outcome.is_some() || self.record.aborted {
            return (None, false);
        }
        if self.record.rated && player.is_none() {
            return (None, false);
        }
        let free = [Color::White, Color::Black]
            .into_iter()
            .filter(|c| wanted.is_none_or(|w| w == *c))
            .find(|c| {
                self.record.seats[c.index()].is_none() && self.record.players[c.index()].is_none()
            });
        if let Some(side) = free {
            self.record.seats[side.index()] = Some(seat_proof(secret));
            self.record.players[side.index()] = player;
        }
        (free, free.is_some())
    }

    /// Puts the guest seat of the browser with this secret under `player`'s account (after
    /// sign-up); whether it did.
    pub fn claim(&mut self, secret: &str, player: &Player) -> bool {
        let Some(side) = self.side_of(secret) else {
            return false;
        };
        let other = self.record.account(!side);
        let free = self.record.players[side.index()].is_none();
        if free && (other.is_none() || other != player.account) {
            self.record.players[side.index()] = Some(player.clone());
        }
        free && self.record.players[side.index()].is_some()
    }

    /// The account `account`'s seats shown as a deleted player's from now on.
    pub fn forget(&mut self, account: u64) {
        for p in self.record.players.iter_mut().flatten() {
            if p.account == Some(account) {
                p.account = None;
                p.tag = topochess_protocol::PlayerTag {
                    name: crate::record::DELETED.into(),
                    rating: p.tag.rating,
                    provisional: p.tag.provisional,
                    diff: p.tag.diff,
                    title: None,
                };
            }
        }
    }

    /// Whether the game is a seek: public, a seat free, not started, not over.
    pub fn is_seek(&self) -> bool {
        self.record.public
            && self.record.seats.iter().any(Option::is_none)
            && self.record.moves.is_empty()
            && !self.over()
    }

    /// Takes a seek off the lobby for good (its creator posted another): it is aborted. Whether
    /// it was a seek.
    pub fn withdraw(&mut self) -> bool {
        let seek = self.is_seek();
        if seek {
            self.record.aborted = true;
        }
        seek
    }

    /// Whether the game is over (ended or aborted).
    pub fn over(&self) -> bool {
        self.record.outcome.is_some() || self.record.aborted
    }

    /// The game's clocks as the record keeps them (the core's rules), if it has clocks.
    fn clocks(&self) -> Option<Clocks> {
        let (_, increment) = self.record.clock?;
        Some(Clocks {
            increment_ms: increment as u64 * 1000,
            berserk: self
                .record
                .players
                .each_ref()
                .map(|p| p.as_ref().is_some_and(|p| p.berserk)),
            left_ms: self.record.left_ms,
            since: self.record.turn_since,
        })
    }

    /// Changes the game's clocks with `change` (the core's rules), if it has clocks.
    fn on_clocks(&mut self, change: impl FnOnce(&mut Clocks)) {
        if let Some(mut c) = self.clocks() {
            change(&mut c);
            self.record.left_ms = c.left_ms;
            self.record.turn_since = c.since;
        }
    }

    /// When the running clock falls, in ms since the epoch.
    pub fn deadline(&self) -> Option<u64> {
        let turn = self.game.position().turn();
        self.clocks()
            .filter(|_| !self.over())
            .and_then(|c| c.deadline(turn))
    }

    /// Ends the game if the running clock has fallen by `now`; whether it did.
    pub fn check_flag(&mut self, now: u64) -> bool {
        let turn = self.game.position().turn();
        if self.over() || !self.clocks().is_some_and(|c| c.fallen(turn, now)) {
            return false;
        }
        self.on_clocks(|c| c.fall(turn));
        self.game.flag(turn);
        self.record.outcome = self.game.outcome();
        true
    }

    /// What `side` asks, at `now`; why not, when it is refused.
    pub fn apply(&mut self, side: Color, message: &ClientMessage, now: u64) -> Result<(), String> {
        if self.check_flag(now) {
            return Err("time ran out".into());
        }
        let in_arena = self.arena_id().is_some();
        if in_arena
            && matches!(
                message,
                ClientMessage::Rematch | ClientMessage::Takeback | ClientMessage::Abort
            )
        {
            return Err("an arena game has no abort, take-back or rematch".into());
        }
        if let ClientMessage::Rematch = message {
            if !self.over() {
                return Err("a rematch is asked for once the game is over".into());
            }
            self.record.rematch[side.index()] = true;
            return Ok(());
        }
        if self.over() {
            return Err("the game is over".into());
        }
        let plies = self.record.moves.len();
        match message {
            ClientMessage::Move { uci, ply } => {
                if *ply != plies {
                    return Err(format!(
                        "that move was for move {ply}, the game is at {plies}"
                    ));
                }
                if self.game.position().turn() != side {
                    return Err("it is not your move".into());
                }
                let mv = san::parse_move(self.game.position(), uci).map_err(|e| e.to_string())?;
                self.game.play(mv).map_err(|e| e.to_string())?;
                self.record.moves.push(san::to_coordinate(
                    self.game.position_at(plies).expect("played"),
                    mv,
                ));
                self.on_clocks(|c| c.moved(side, plies + 1, now));
                if in_arena && plies < 2 {
                    if let Some(p) = self.record.players[side.index()].as_mut() {
                        p.first_moved = Some(now);
                    }
                }
                // The opponent's offers lapse as the mover moves on: declined.
                let theirs = (!side).index();
                if self.record.draw_offer == Some(!side) {
                    self.record.declined.draw[theirs] = Some(plies);
                }
                if self.record.takeback_offer == Some(!side) {
                    self.record.declined.takeback[theirs] = Some(plies);
                }
                self.record.draw_offer = offer_after_move(self.record.draw_offer, side);
                self.record.takeback_offer = None;
            }
            ClientMessage::Takeback if self.record.rated => {
                return Err("there are no take-backs in a rated game".into())
            }
            ClientMessage::Takeback if self.record.takeback_offer == Some(!side) => {
                self.take_back(!side, now)?
            }
            ClientMessage::Takeback => {
                let theirs = (0..plies).any(|ply| (ply % 2 == 0) == (self.first_mover() == side));
                if !theirs {
                    return Err("you have no move to take back".into());
                }
                let declined = self.record.declined.takeback[side.index()];
                if !may_offer_again(declined, plies) {
                    return Err(again_after("take-back", declined, plies));
                }
                self.record.takeback_offer = Some(side);
            }
            ClientMessage::DeclineTakeback if self.record.takeback_offer == Some(!side) => {
                self.record.takeback_offer = None;
                self.record.declined.takeback[(!side).index()] = Some(plies);
            }
            ClientMessage::DeclineTakeback => return Err("there is no take-back to decline".into()),
            ClientMessage::ClaimVictory => self.game.resign(!side),
            ClientMessage::Berserk => self.berserk(side)?,
            ClientMessage::Rematch => unreachable!("answered above"),
            ClientMessage::Resync | ClientMessage::Chat { .. } => {
                return Err("the socket answers that itself".into())
            }
            ClientMessage::Resign => self.game.resign(side),
            ClientMessage::Draw if self.record.draw_offer == Some(!side) => self.game.agree_draw(),
            ClientMessage::Draw => {
                let declined = self.record.declined.draw[side.index()];
                if !may_offer_again(declined, plies) {
                    return Err(again_after("draw offer", declined, plies));
                }
                self.record.draw_offer = Some(side);
            }
            ClientMessage::Decline if self.record.draw_offer == Some(!side) => {
                self.record.draw_offer = None;
                self.record.declined.draw[(!side).index()] = Some(plies);
            }
            ClientMessage::Decline => return Err("there is no offer to decline".into()),
            ClientMessage::Abort if plies < 2 => {
                self.record.aborted = true;
                self.record.turn_since = None;
            }
            ClientMessage::Abort => {
                return Err("a game can be aborted only before both sides move".into())
            }
        }
        self.ended(now);
        Ok(())
    }

    /// Keeps the game's ending, if it has one, as of `now`.
    fn ended(&mut self, now: u64) {
        self.record.outcome = self.game.outcome();
        if self.over() {
            self.record.draw_offer = None;
            // The clock of the side to move stops where it stands.
            let turn = self.game.position().turn();
            self.on_clocks(|c| c.stop(turn, now));
        }
    }

    /// Ends a tournament game whose side to move did not make its first move in time
    /// ([`Record::first_move_deadline`]): that side loses. Answers the loser.
    pub fn no_start(&mut self, now: u64) -> Result<Color, String> {
        match self.record.first_move_deadline() {
            Some(deadline) if now >= deadline => {}
            Some(_) => return Err("there is still time for the first move".into()),
            None => return Err("no first move is awaited".into()),
        }
        let loser = self.game.position().turn();
        self.game.no_start(loser);
        self.ended(now);
        Ok(loser)
    }

    /// `side` goes berserk (an arena game, before its first move): half its time, no increment.
    fn berserk(&mut self, side: Color) -> Result<(), String> {
        let first = self.first_mover();
        let moves = (0..self.record.moves.len())
            .filter(|ply| (ply % 2 == 0) == (first == side))
            .count();
        let in_arena = self.record.players[side.index()]
            .as_ref()
            .is_some_and(|p| p.arena.is_some());
        let Some(mut clocks) = self.clocks().filter(|_| in_arena) else {
            return Err("berserk is for arena games with clocks".into());
        };
        if !clocks.berserk(side, moves) {
            return Err("berserk is chosen once, before your first move".into());
        }
        self.record.left_ms = clocks.left_ms;
        if let Some(p) = self.record.players[side.index()].as_mut() {
            p.berserk = true;
        }
        Ok(())
    }

    /// The arena tournament the game is played in, if any.
    pub fn arena_id(&self) -> Option<u64> {
        self.record.players.iter().flatten().find_map(|p| p.arena)
    }

    /// The side that moved first (White, unless the start says otherwise).
    fn first_mover(&self) -> Color {
        self.game.start().turn()
    }

    /// Takes back `asker`'s last move (and the other's answer to it, if any), as agreed. The
    /// clocks keep what they show: time is not given back.
    fn take_back(&mut self, asker: Color, now: u64) -> Result<(), String> {
        let turn = self.game.position().turn();
        let plies = if turn == asker { 2 } else { 1 };
        if self.record.moves.len() < plies {
            return Err("there is no move to take back".into());
        }
        let kept = self.record.moves.len() - plies;
        // The running clock is charged up to now before the turn changes hands.
        self.on_clocks(|c| c.taken_back(turn, kept, now));
        self.record.moves.truncate(kept);
        self.record.takeback_offer = None;
        self.record.draw_offer = None;
        let replayed = LiveGame::from_record(self.record.clone())?;
        self.game = replayed.game;
        Ok(())
    }

    /// Whether both sides asked for a rematch and none is made yet.
    pub fn rematch_due(&self) -> bool {
        self.record.rematch == [true, true] && self.record.next_game.is_none()
    }

    /// The rematch of this game, as game `id`: the same board and clocks, colours swapped.
    pub fn rematch(&mut self, id: GameId, now: u64) -> Result<LiveGame, String> {
        let mut record = self.record.clone();
        let base = record.clock.map_or(0, |c| c.0 as u64 * 1000);
        record.id = id;
        record.seats.swap(0, 1);
        record.moves.clear();
        record.left_ms = [base, base];
        record.turn_since = None;
        record.outcome = None;
        record.aborted = false;
        record.draw_offer = None;
        record.takeback_offer = None;
        record.rematch = [false, false];
        record.next_game = None;
        record.created = now;
        record.revision = 0;
        record.deadline = None;
        record.settled = false;
        record.players.swap(0, 1);
        // Each player at their rating after this game.
        for p in record.players.iter_mut().flatten() {
            if let (Some(r), Some(d)) = (p.tag.rating, p.tag.diff.take()) {
                p.tag.rating = Some(r + d);
            }
        }
        let next = LiveGame::from_record(record)?;
        self.record.next_game = Some(id);
        Ok(next)
    }

    /// Marks the record as the game's next revision, to be kept over `revision`, with its
    /// clock's deadline.
    pub fn stamp(&mut self, revision: u64) {
        self.record.revision = revision + 1;
        self.record.deadline = self.deadline();
    }

    /// The game as `you` sees it at `now`.
    pub fn state(&self, you: Option<Color>, now: u64) -> GameState {
        let running = self.deadline().is_some();
        let turn = self.game.position().turn();
        let left_ms = match self.clocks() {
            Some(c) if running => [Color::White, Color::Black].map(|side| c.left(side, turn, now)),
            _ => self.record.left_ms,
        };
        GameState {
            id: id_text(self.record.id),
            v: self.record.revision,
            variant: self.record.variant.clone(),
            castling: self.record.castling.clone(),
            moves: self.record.moves.clone(),
            you,
            seated: self.record.seats.clone().map(|s| s.is_some()),
            clock: self.record.clock,
            left_ms,
            running,
            outcome: self.record.outcome,
            aborted: self.record.aborted,
            draw_offer: self.record.draw_offer,
            takeback_offer: self.record.takeback_offer,
            rematch: self.record.rematch,
            next_game: self.record.next_game.map(id_text),
            gone_ms: [None, None],
            public: self.record.public,
            rated: self.record.rated,
            players: self.record.players.clone().map(|p| p.map(|p| p.tag)),
            arena: self.arena_id().map(id_text),
            first_move_ms: self
                .record
                .first_move_deadline()
                .map(|d| d.saturating_sub(now)),
            berserk: self.clocks().map_or([false, false], |c| c.berserk),
        }
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        topochess_core::fen::write(self.game.position())
    }
}

/// The refusal of an offer made again too soon after its decline at ply `declined`.
fn again_after(offer: &str, declined: Option<usize>, plies: usize) -> String {
    let left = (declined.unwrap_or(0) + REOFFER_PLIES).saturating_sub(plies);
    format!("your {offer} was declined: you may make it again in {left} more plies")
}

#[cfg(test)]
mod tests;
