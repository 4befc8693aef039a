//! `topochess match`: games between players (the engine at a level or node budget, the engine with
//! plain chess values, a random mover, a one-ply greedy capturer) to measure strength. Each pair
//! of games starts from its own random opening (a few random plies, seeded), played once with each
//! colour, so that deterministic players do not repeat one game; a game still going after 400
//! plies is a draw.

use std::sync::Arc;
use topochess_core::game::{Game, Outcome};
use topochess_core::{Color, Move, Position, Variant};
use topochess_search::levels::level;
use topochess_search::{Engine, Limits, Search, Style};

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The engine with derived values, searching `nodes` nodes per move (at most `depth`).
    Engine { nodes: u64, style: Style },
    /// The engine at a playing level (depth and deliberate mistakes; no clock).
    Level(u8),
    /// A uniformly random legal move.
    Random,
    /// The capture of the most valuable piece, else a random move.
    Greedy,
}

impl Player {
    /// Parses `engine`, `plain`, `level:N`, `random` or `greedy`.
    pub fn parse(text: &str, nodes: u64) -> Result<Player, String> {
        Ok(match text {
            "engine" => Player::Engine {
                nodes,
                style: Style::Derived,
            },
            "plain" => Player::Engine {
                nodes,
                style: Style::Plain,
            },
            "random" => Player::Random,
            "greedy" => Player::Greedy,
            t if t.starts_with("level:") => {
                Player::Level(t[6..].parse().map_err(|_| format!("bad level in '{t}'"))?)
            }
            t => {
                return Err(format!(
                    "unknown player '{t}' (engine, plain, level:N, random, greedy)"
                ))
            }
        })
    }
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

struct Seat {
    player: Player,
    engine: Option<Engine>,
}

impl Seat {
    fn new(player: Player, variant: &Arc<Variant>) -> Seat {
        let engine = match player {
            Player::Engine { style, .. } => Some(Engine::new(variant.clone(), style, 8 << 20)),
            Player::Level(_) => Some(Engine::new(variant.clone(), Style::Derived, 8 << 20)),
            _ => None,
        };
        Seat { player, engine }
    }

    fn choose(&mut self, game: &Game, rng: &mut Rng) -> Move {
        let pos = game.position();
        let moves = pos.legal_moves();
        let history: Vec<u64> = (0..game.moves().len())
            .filter_map(|i| game.position_at(i).map(Position::hash))
            .collect();
        match (self.player, self.engine.as_mut()) {
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
            (Player::Engine { nodes, .. }, Some(engine)) => {
                let mut limits = Limits::depth(64);
                limits.nodes = Some(nodes);
                let mut search = Search::new(pos.clone(), history, limits);
                let _ = engine.think(&mut search, &mut |_| false, &mut |_| {});
                search.best_move().unwrap_or(moves[0])
            }
            (Player::Level(n), Some(engine)) => {
                let lvl = level(n);
                let limits = Limits::level(lvl, rng.below(1 << 30) as u64);
                let mut search = Search::new(pos.clone(), history, limits);
                let deadline = std::time::Instant::now()
                    + std::time::Duration::from_millis(lvl.max_millis as u64);
                let _ = engine.think(
                    &mut search,
                    &mut |_| std::time::Instant::now() >= deadline,
                    &mut |_| {},
                );
                search.best_move().unwrap_or(moves[0])
            }
            _ => moves[0],
        }
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
    let mut rng = Rng((seed ^ (pair as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407)) | 1);
    let mut game = Game::new(Position::start(variant.clone()));
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.play(moves[rng.below(moves.len())]).is_err() {
            break;
        }
    }
    game
}

/// Plays `games` games of `variant` between `first` and `second`, colours alternating, each pair
/// from a random opening of `opening_plies` plies.
pub fn play(
    variant: &Arc<Variant>,
    first: Player,
    second: Player,
    games: u32,
    seed: u64,
    opening_plies: u32,
    mut each: impl FnMut(u32, Option<Outcome>, bool),
) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for g in 0..games {
        let mut seats = [Seat::new(first, variant), Seat::new(second, variant)];
        let first_is_white = g % 2 == 0;
        let mut game = opening(variant, seed, g / 2, opening_plies);
        while game.outcome().is_none() && game.moves().len() < 400 {
            let white_to_move = game.position().turn() == Color::White;
            let seat = if white_to_move == first_is_white {
                0
            } else {
                1
            };
            let mv = seats[seat].choose(&game, &mut rng);
            if game.play(mv).is_err() {
                break;
            }
        }
        let outcome = game.outcome();
        let first_color = if first_is_white {
            Color::White
        } else {
            Color::Black
        };
        match outcome.and_then(|o| o.winner()) {
            Some(c) if c == first_color => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        each(g, outcome, first_is_white);
    }
    tally
}
