//! `topochess match`: games between players (the engine at a level or node budget, the engine with
//! plain chess values, a random mover, a one-ply greedy capturer) to measure strength. Each pair
//! of games starts from its own random opening (a few random plies, seeded), played once with each
//! colour, so that deterministic players do not repeat one game; a game still going after 400
//! plies is a draw. An outside UCI engine (`uci:PATH`) may play too: our rules core referees it,
//! and an illegal move, no answer in time or a crash loses it the game.

use crate::move_text;
use crate::outside::{Outside, Spec};
use std::sync::Arc;
use topochess_core::game::{Game, Outcome};
use topochess_core::{Color, Move, Position, Variant};
use topochess_search::levels::level;
use topochess_search::move_time::MoveTime;
use topochess_search::{Dice, Engine, Features, Limited, Limits, Search, Style, Weights};

/// Who plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// The engine with derived values, searching `nodes` nodes per move, with these search
    /// techniques.
    Engine {
        nodes: u64,
        style: Style,
        features: Features,
        /// Instead of nodes, milliseconds per move (as on a clock: no new iteration after
        /// 55% of them).
        ms: Option<u64>,
        /// The hand-set evaluation weights instead of the ones fitted for the surface.
        hand: bool,
    },
    /// The engine at a playing level (depth and deliberate mistakes; no clock).
    Level(u8),
    /// A uniformly random legal move.
    Random,
    /// The capture of the most valuable piece, else a random move.
    Greedy,
    /// An outside UCI engine, given `nodes` nodes a move (`go nodes`), or `ms` milliseconds
    /// (`go movetime`).
    Outside {
        /// How to run it.
        spec: Arc<Spec>,
        /// Nodes a move.
        nodes: u64,
        /// Milliseconds a move, instead of nodes.
        ms: Option<u64>,
    },
}

impl Player {
    /// Parses `engine`, `hand`, `plain`, `level:N`, `random`, `greedy` or `uci:PATH` (an outside
    /// engine with no options; see [`Spec`]). `hand` is the engine
    /// with the hand-set evaluation weights. `engine`, `hand` and `plain` may name search
    /// techniques to leave out of `Features::ENGINE` or to add to it: `engine-rfp-lmp`,
    /// `engine+lmr+lmrh` (see `Features::NAMED`).
    pub fn parse(text: &str, nodes: u64, ms: Option<u64>) -> Result<Player, String> {
        let cut = text.find(['-', '+']).unwrap_or(text.len());
        let (head, mut rest) = text.split_at(cut);
        if head == "engine" || head == "plain" || head == "hand" {
            let mut features = Features::ENGINE;
            while let Some(sign) = rest.chars().next() {
                let end = rest[1..].find(['-', '+']).map_or(rest.len(), |i| i + 1);
                let name = &rest[1..end];
                rest = &rest[end..];
                let named = Features::named(name).ok_or_else(|| {
                    let names: Vec<&str> = Features::NAMED.iter().map(|(n, _)| *n).collect();
                    format!("unknown technique '{name}' ({})", names.join(", "))
                })?;
                features = if sign == '+' {
                    features.with(named)
                } else {
                    features.without(named)
                };
            }
            let style = if head == "plain" {
                Style::Plain
            } else {
                Style::Derived
            };
            return Ok(Player::Engine {
                nodes,
                style,
                features,
                ms,
                hand: head == "hand",
            });
        }
        Ok(match text {
            "random" => Player::Random,
            "greedy" => Player::Greedy,
            t if t.starts_with("uci:") && t.len() > 4 => Player::Outside {
                spec: Arc::new(Spec {
                    path: t[4..].to_string(),
                    options: Vec::new(),
                    variant: None,
                    reply_ms: 10_000,
                }),
                nodes,
                ms,
            },
            t if t.starts_with("level:") => {
                Player::Level(t[6..].parse().map_err(|_| format!("bad level in '{t}'"))?)
            }
            t => {
                return Err(format!(
                    "unknown player '{t}' (engine, hand, plain, level:N, random, greedy, uci:PATH)"
                ))
            }
        })
    }
}

impl Player {
    /// An outside engine given the match's options (`spec` without its path), and checked to
    /// start and answer `uci` and `isready`; any other player as it is.
    pub fn outside(self, spec: &Spec, variant: &Arc<Variant>) -> Result<Player, String> {
        let Player::Outside {
            spec: own,
            nodes,
            ms,
        } = self
        else {
            return Ok(self);
        };
        let spec = Spec {
            path: own.path.clone(),
            ..spec.clone()
        };
        Outside::start(&spec, variant).map_err(|e| format!("{}: {e}", spec.path))?;
        Ok(Player::Outside {
            spec: Arc::new(spec),
            nodes,
            ms,
        })
    }
}

pub(crate) struct Seat {
    player: Player,
    engine: Option<Engine>,
    /// The outside engine's process, or why it did not start.
    outside: Option<Result<Outside, String>>,
}

impl Seat {
    pub(crate) fn new(player: Player, variant: &Arc<Variant>) -> Seat {
        let outside = match &player {
            Player::Outside { spec, .. } => Some(Outside::start(spec, variant)),
            _ => None,
        };
        let engine = match player {
            Player::Engine {
                style,
                features,
                hand,
                ..
            } => {
                let mut engine = if hand {
                    Engine::weighted(variant.clone(), style, Weights::HAND, 8 << 20)
                } else {
                    Engine::new(variant.clone(), style, 8 << 20)
                };
                engine.set_features(features);
                Some(engine)
            }
            Player::Level(_) => Some(Engine::new(variant.clone(), Style::Derived, 8 << 20)),
            _ => None,
        };
        Seat {
            player,
            engine,
            outside,
        }
    }

    /// The move this player makes, or why it loses the game instead (an outside engine's illegal
    /// move, silence or crash).
    pub(crate) fn choose(&mut self, game: &Game, rng: &mut Dice) -> Result<Move, String> {
        if let (Player::Outside { nodes, ms, .. }, Some(outside)) =
            (&self.player, &mut self.outside)
        {
            let here = topochess_core::fen::write(game.position());
            let engine = outside
                .as_mut()
                .map_err(|e| format!("{e}, to move in {here}"))?;
            let moves: Vec<String> = game
                .moves()
                .iter()
                .enumerate()
                .filter_map(|(i, &mv)| game.position_at(i).map(|p| move_text::to_text(p, mv)))
                .collect();
            let limits = match ms {
                Some(ms) => format!("movetime {ms}"),
                None => format!("nodes {nodes}"),
            };
            let text = engine
                .best_move(game.start(), &moves, &limits)
                .map_err(|e| format!("{e}, to move in {here}"))?;
            return move_text::parse(game.position(), &text)
                .ok_or_else(|| format!("played the illegal move '{text}' in {here}"));
        }
        Ok(self.choose_here(game, rng))
    }

    fn choose_here(&mut self, game: &Game, rng: &mut Dice) -> Move {
        let pos = game.position();
        let moves = pos.legal_moves();
        let history: Vec<u64> = (0..game.moves().len())
            .filter_map(|i| game.position_at(i).map(Position::hash))
            .collect();
        match (&self.player, self.engine.as_mut()) {
            (Player::Random, _) => moves[rng.below(moves.len())],
            (Player::Greedy, _) => {
                let value = |m: &Move| {
                    pos.piece_at(m.to)
                        .filter(|_| pos.is_capture(*m))
                        .map(|p| p.role as i32 + 1)
                        .unwrap_or(0)
                };
                let best = moves.iter().map(value).max().unwrap_or(0);
                let top: Vec<Move> = moves.iter().copied().filter(|m| value(m) == best).collect();
                top[rng.below(top.len())]
            }
            (Player::Engine { nodes, ms, .. }, Some(engine)) => {
                let mut limits = Limits::depth(64);
                limits.nodes = ms.is_none().then_some(*nodes);
                let mut search = Search::new(pos.clone(), history, limits);
                let started = std::time::Instant::now();
                let budget = std::time::Duration::from_millis(ms.unwrap_or(u64::MAX / 4));
                let mut control = Limited(
                    |_| started.elapsed() >= budget,
                    |_| started.elapsed() >= budget * 11 / 20,
                );
                let _ = engine.think(&mut search, &mut control, &mut |_| {});
                search.best_move().unwrap_or(moves[0])
            }
            (Player::Level(n), Some(engine)) => {
                // As the browser's worker plays a level: its budget the hard limit, and no new
                // iteration once the search has settled (crate::move_time).
                let lvl = level(*n);
                let limits = Limits::level(lvl, rng.below(1 << 30) as u64);
                let ply = history.len();
                let mut search = Search::new(pos.clone(), history, limits);
                let started = std::time::Instant::now();
                let elapsed = || started.elapsed().as_secs_f64() * 1000.0;
                let time = std::cell::RefCell::new(MoveTime::new(lvl.max_millis as f64, ply));
                let mut control = Limited(
                    |_| elapsed() >= lvl.max_millis as f64,
                    |_| time.borrow().enough(elapsed()),
                );
                let _ = engine.think(&mut search, &mut control, &mut |info| {
                    time.borrow_mut().iteration(info)
                });
                search.best_move().unwrap_or(moves[0])
            }
            _ => moves[0],
        }
    }
}

/// How long a player took over its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveTimes {
    /// Moves made.
    pub moves: u32,
    /// Milliseconds, all of them.
    pub total_ms: f64,
    /// The longest move's milliseconds.
    pub max_ms: f64,
}

impl MoveTimes {
    fn add(&mut self, other: MoveTimes) {
        self.moves += other.moves;
        self.total_ms += other.total_ms;
        self.max_ms = self.max_ms.max(other.max_ms);
    }

    /// The mean milliseconds a move.
    pub fn mean_ms(&self) -> f64 {
        self.total_ms / self.moves.max(1) as f64
    }
}

/// The result of a match from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// The first player's score in per cent.
    pub fn percent(&self) -> f64 {
        let games = (self.wins + self.draws + self.losses).max(1) as f64;
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / games
    }
}

/// A random opening of `plies` plies, the same for both games of pair `pair`.
fn opening(variant: &Arc<Variant>, seed: u64, pair: u32, plies: u32) -> Game {
    let mut rng = Dice::new(seed ^ (pair as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407));
    let mut game = Game::new(Position::start(variant.clone()));
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.play(moves[rng.below(moves.len())]).is_err() {
            break;
        }
    }
    game
}

/// How a game of a match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    /// The game's number, from 0.
    pub game: u32,
    /// The outcome (none: still going after 400 plies, a draw).
    pub outcome: Option<Outcome>,
    /// Whether the first player had White.
    pub first_is_white: bool,
    /// Why a player lost without being beaten over the board, with the position: an outside
    /// engine's illegal move, silence or crash (the outcome then gives the other side the win).
    pub forfeit: Option<String>,
}

/// Plays up to `games` games of `variant` between `first` and `second`, colours alternating,
/// each pair from a random opening of `opening_plies` plies, on `jobs` threads. `each` hears of
/// every game as it ends. Once
/// `decided` says so of the tally, no new pair is started (the pairs under way are finished).
#[allow(clippy::too_many_arguments)]
pub fn play(
    variant: &Arc<Variant>,
    first: Player,
    second: Player,
    games: u32,
    seed: u64,
    opening_plies: u32,
    jobs: usize,
    each: impl Fn(&GameEnd) + Sync,
    decided: impl Fn(&Tally) -> bool + Sync,
) -> (Tally, [MoveTimes; 2]) {
    let tally = std::sync::Mutex::new(Tally::default());
    let times = std::sync::Mutex::new([MoveTimes::default(); 2]);
    // A thread plays both games of a pair, so a match stopped by `decided` ends on whole pairs.
    share_games(games.div_ceil(2), jobs, |pair| {
        if tally.lock().is_ok_and(|t| decided(&t)) {
            return false;
        }
        for g in (2 * pair..2 * pair + 2).filter(|&g| g < games) {
            let (end, took) = play_one(variant, &first, &second, g, seed, opening_plies);
            if let Ok(mut t) = times.lock() {
                t[0].add(took[0]);
                t[1].add(took[1]);
            }
            let first_color = if end.first_is_white {
                Color::White
            } else {
                Color::Black
            };
            if let Ok(mut t) = tally.lock() {
                match end.outcome.and_then(|o| o.winner()) {
                    Some(c) if c == first_color => t.wins += 1,
                    Some(_) => t.losses += 1,
                    None => t.draws += 1,
                }
            }
            each(&end);
        }
        true
    });
    (
        tally.into_inner().unwrap_or_default(),
        times.into_inner().unwrap_or_default(),
    )
}

/// Game `g` of a match: how it ended, and each player's time over its moves.
fn play_one(
    variant: &Arc<Variant>,
    first: &Player,
    second: &Player,
    g: u32,
    seed: u64,
    opening_plies: u32,
) -> (GameEnd, [MoveTimes; 2]) {
    let mut took = [MoveTimes::default(); 2];
    let mut rng = Dice::new(seed ^ (g as u64 + 7).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut seats = [
        Seat::new(first.clone(), variant),
        Seat::new(second.clone(), variant),
    ];
    let first_is_white = g.is_multiple_of(2);
    let mut game = opening(variant, seed, g / 2, opening_plies);
    while game.outcome().is_none() && game.moves().len() < 400 {
        let white_to_move = game.position().turn() == Color::White;
        let seat = if white_to_move == first_is_white {
            0
        } else {
            1
        };
        let started = std::time::Instant::now();
        let chosen = seats[seat].choose(&game, &mut rng);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        took[seat].add(MoveTimes {
            moves: 1,
            total_ms: ms,
            max_ms: ms,
        });
        let mv = match chosen {
            Ok(mv) => mv,
            Err(why) => {
                let loser = game.position().turn();
                let end = GameEnd {
                    game: g,
                    outcome: Some(Outcome::Resignation { winner: !loser }),
                    first_is_white,
                    forfeit: Some(why),
                };
                return (end, took);
            }
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let end = GameEnd {
        game: g,
        outcome: game.outcome(),
        first_is_white,
        forfeit: None,
    };
    (end, took)
}

impl Tally {
    /// The first player's Elo difference and the half-width of its 95% interval, from the score
    /// and its spread over the games (none while the score is 0% or 100%).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = (self.wins + self.draws + self.losses) as f64;
        if n == 0.0 {
            return None;
        }
        let s = (self.wins as f64 + 0.5 * self.draws as f64) / n;
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let (lo, hi) = ((s - 1.96 * se).max(1e-6), (s + 1.96 * se).min(1.0 - 1e-6));
        Some((elo(s), (elo(hi) - elo(lo)) / 2.0))
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn elo_of_a_score() {
        let even = Tally {
            wins: 50,
            draws: 100,
            losses: 50,
        };
        let (e, err) = even.elo().unwrap();
        assert!(e.abs() < 1e-9 && err > 20.0 && err < 40.0, "{e} {err}");
        let better = Tally {
            wins: 120,
            draws: 40,
            losses: 40,
        };
        let (e, _) = better.elo().unwrap();
        // 70% is about +147 Elo.
        assert!((e - 147.2).abs() < 1.0, "{e}");
        assert_eq!(
            Tally {
                wins: 3,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
    }
}

#[cfg(test)]
mod parse_tests {
    use super::Player;
    use topochess_search::{Features, Style};

    #[test]
    fn engine_players_name_the_techniques_they_leave_out() {
        let Ok(Player::Engine { features, ms, .. }) = Player::parse("engine-rfp-tt", 100, Some(40))
        else {
            panic!("an engine player");
        };
        assert!(!features.has(Features::RFP) && !features.has(Features::TT));
        assert!(features.has(Features::LMP));
        assert_eq!(ms, Some(40));
        assert!(Player::parse("engine-bogus", 100, None).is_err());
        assert_eq!(Player::parse("level:3", 1, None), Ok(Player::Level(3)));
        let Ok(Player::Engine { hand, style, .. }) = Player::parse("hand-lmp", 100, None) else {
            panic!("an engine player");
        };
        assert!(hand && style == Style::Derived);
        assert!(matches!(
            Player::parse("engine", 100, None),
            Ok(Player::Engine { hand: false, features, .. }) if features == Features::ENGINE
        ));
        // A technique the engine leaves out can be added back.
        let Ok(Player::Engine { features, .. }) = Player::parse("engine+lmr+lmrh-rfp", 100, None)
        else {
            panic!("an engine player");
        };
        assert_eq!(
            features,
            Features::ENGINE
                .with(Features::LMR)
                .with(Features::LMR_HISTORY)
                .without(Features::RFP)
        );
        assert!(Player::parse("engine+", 100, None).is_err());
    }
}

/// Plays games (or pairs of games) `0..games` on `jobs` threads: each thread takes the next
/// number and plays it, until the numbers run out or `play` answers false.
pub fn share_games(games: u32, jobs: usize, play: impl Fn(u32) -> bool + Sync) {
    let next = std::sync::atomic::AtomicU32::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= games || !play(g) {
                    break;
                }
            });
        }
    });
}
