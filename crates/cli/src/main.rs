//! `topochess`: the command line of the rules core. Other tools read its output, so every command
//! prints a fixed format: results on stdout (the last line of `perft` and `reach` is a count
//! alone), errors on stderr with a non-zero exit.

#![forbid(unsafe_code)]

mod bench;
mod bot;
mod matches;
mod move_text;
mod outside;
mod puzzles;
mod sprt;
mod tablebase;
mod tune;
mod uci;

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;
use topochess_core::{fen, san, CastlingMode, Piece, Position, Variant};

#[derive(Parser)]
#[command(
    name = "topochess",
    version,
    about = "Chess on folded and wrapped boards"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct Game {
    /// Preset id (folded, cylinder, torus, standard, ...).
    #[arg(long)]
    variant: String,
    /// Castling mode: none, standard or either-side (default: the preset's).
    #[arg(long)]
    castling: Option<String>,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, in SAN or coordinate form, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaves of the legal move tree; the last line is the count alone.
    Perft {
        #[command(flatten)]
        game: Game,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// Lists the squares a piece reaches on an otherwise empty board, then their count.
    Reach {
        /// Preset id.
        #[arg(long)]
        variant: String,
        /// Piece letter (upper case White, lower case Black).
        #[arg(long)]
        piece: char,
        /// The piece's square.
        #[arg(long)]
        square: String,
    },
    /// Lists the legal moves in SAN on one line.
    Moves {
        #[command(flatten)]
        game: Game,
    },
    /// Speaks the UCI protocol on stdin/stdout (variants via the UCI_Variant option).
    Uci,
    /// Joins a Topochess site as a program with a token (lichess's Bot API): accepts the
    /// challenges sent to it on the presets it knows and plays every game it is in.
    Bot {
        /// The site's address (`http://127.0.0.1:8080`).
        #[arg(long)]
        url: String,
        /// The account's personal access token (with `bot:play`).
        #[arg(long, env = "TOPOCHESS_TOKEN", hide_env_values = true)]
        token: String,
        /// Who plays: engine, level:N, or uci:PATH (an outside UCI engine), as `match` names them.
        #[arg(long, default_value = "engine")]
        player: String,
        /// Milliseconds a move.
        #[arg(long, default_value_t = 500)]
        ms: u64,
        /// Stops after this many games (none: plays on, as a service).
        #[arg(long)]
        games: Option<u32>,
    },
    /// Lists the preset ids, one per line.
    Presets,
    /// Searches fixed positions across presets to a fixed depth; prints a node signature and rate.
    Bench {
        /// Search depth.
        #[arg(long, default_value_t = 6)]
        depth: u32,
    },
    /// Builds an endgame table: the counts of each side to move, then example positions.
    Tablebase {
        /// Preset or lab id.
        #[arg(long)]
        variant: String,
        /// Material, like KRvK or KQvKR (White's pieces, v, Black's).
        #[arg(long)]
        material: String,
        /// Report progress on stderr.
        #[arg(long)]
        verbose: bool,
    },
    /// Plays games between two players and prints the first player's score.
    Match {
        /// Preset id.
        #[arg(long)]
        variant: String,
        /// Castling mode: none, standard or either-side (default: the preset's).
        #[arg(long)]
        castling: Option<String>,
        /// First player: engine, hand (engine with the hand-set weights), plain (engine with chess
        /// values), level:N, random, greedy, or uci:PATH (an outside UCI engine, refereed by our
        /// rules: an illegal move, no answer or a crash loses the game).
        #[arg(long)]
        first: String,
        /// Second player.
        #[arg(long)]
        second: String,
        /// Number of games (colours alternate).
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Nodes per move for engine and plain players.
        #[arg(long, default_value_t = 20000)]
        nodes: u64,
        /// Seed of the random players, the openings and the levels' mistakes.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies played before the players take over (the same for both games of a pair).
        #[arg(long, default_value_t = 4)]
        opening: u32,
        /// Games played at once, one thread each.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Milliseconds per move for engine and plain players, instead of nodes.
        #[arg(long)]
        ms: Option<u64>,
        /// A sequential test, `ELO0,ELO1[,ALPHA,BETA]` (error rates 0.05 by default): the match
        /// stops once it accepts H0 (the first player is not ELO1 stronger) or H1 (it is at
        /// least ELO0 stronger), or after --games games; the verdict is printed.
        #[arg(long)]
        sprt: Option<String>,
        /// An option for the outside engines, `NAME=VALUE` (repeatable), sent as `setoption`.
        #[arg(long = "option")]
        options: Vec<String>,
        /// The outside engines' `UCI_Variant` value (default: the name Fairy-Stockfish gives the
        /// game, else our id).
        #[arg(long)]
        uci_variant: Option<String>,
        /// Milliseconds an outside engine may take to answer before it loses the game.
        #[arg(long, default_value_t = 10_000)]
        reply_ms: u64,
    },
    /// Finds puzzles that use the edges in the engine's own games (mates, and with --material
    /// material gains); one line each: preset, FEN, solution, goal, themes, difficulty, the
    /// position before the opponent's last move and that move (tab-separated).
    Puzzles {
        /// Preset id.
        #[arg(long)]
        variant: String,
        #[command(flatten)]
        options: puzzles::Options,
    },
    /// Fits the evaluation's weights to the engine's own games (Texel tuning), per surface
    /// family; prints each family's line of the generated weights file.
    Tune(tune::Options),
}

fn variant(id: &str, castling: Option<&str>) -> Result<Arc<Variant>, String> {
    let mode = match castling {
        Some(name) => Some(CastlingMode::from_name(name).ok_or_else(|| {
            format!("unknown castling mode '{name}' (none, standard, either-side)")
        })?),
        None => None,
    };
    Ok(Arc::new(
        Variant::by_id(id, mode).map_err(|e| e.to_string())?,
    ))
}

fn position(game: &Game) -> Result<Position, String> {
    let v = variant(&game.variant, game.castling.as_deref())?;
    let mut pos = match &game.fen {
        Some(text) => {
            let (pos, dropped) =
                fen::parse_position_lenient(v, text).map_err(|e| format!("bad FEN: {e}"))?;
            if let Some(note) = fen::dropped_rights_note(&dropped) {
                eprintln!("topochess: {note}");
            }
            pos
        }
        None => Position::start(v),
    };
    for text in game.moves.as_deref().unwrap_or("").split_whitespace() {
        let mv = san::parse_move(&pos, text).map_err(|e| e.to_string())?;
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft {
            game,
            depth,
            divide,
        } => {
            let pos = position(&game)?;
            if divide {
                let mut total = 0;
                for (mv, nodes) in topochess_core::perft::divide(&pos, depth) {
                    println!("{} {nodes}", san::to_coordinate(&pos, mv));
                    total += nodes;
                }
                println!("{total}");
            } else {
                println!("{}", topochess_core::perft::perft(&pos, depth));
            }
        }
        Command::Reach {
            variant: id,
            piece,
            square,
        } => {
            let v = variant(&id, None)?;
            let piece = Piece::from_char(piece)
                .ok_or_else(|| format!("'{piece}' is not a piece letter (PNBRQK, pnbrqk)"))?;
            let size = v.size();
            let sq = size
                .parse_square(&square)
                .ok_or_else(|| format!("'{square}' is not a square of the {id} board"))?;
            let mut squares: Vec<_> = v.reach(piece.role, piece.color, sq).iter().collect();
            squares.sort_by_key(|&s| (size.file(s), size.rank(s)));
            let names: Vec<String> = squares.iter().map(|&s| size.name(s)).collect();
            println!("{}", names.join(" "));
            println!("{}", squares.len());
        }
        Command::Uci => uci::run(),
        Command::Bot {
            url,
            token,
            player,
            ms,
            games,
        } => bot::run(bot::Options {
            url,
            token,
            player,
            ms,
            games,
        })?,
        Command::Presets => {
            for preset in topochess_core::PRESETS {
                println!("{}", preset.id);
            }
        }
        Command::Bench { depth } => {
            let (nodes, secs) = bench::run(depth, |line| println!("{line}"));
            println!("signature {nodes}");
            println!("{:.0} nodes/s", nodes as f64 / secs.max(1e-9));
        }
        Command::Match {
            variant: id,
            castling,
            first,
            second,
            games,
            nodes,
            seed,
            opening,
            jobs,
            ms,
            sprt,
            options,
            uci_variant,
            reply_ms,
        } => {
            let v = variant(&id, castling.as_deref())?;
            let mut outside = outside::Spec {
                path: String::new(),
                options: Vec::new(),
                variant: uci_variant,
                reply_ms,
            };
            for option in &options {
                let (name, value) = option
                    .split_once('=')
                    .ok_or_else(|| format!("--option takes NAME=VALUE, not '{option}'"))?;
                outside.options.push((name.to_string(), value.to_string()));
            }
            let a = matches::Player::parse(&first, nodes, ms)?.outside(&outside, &v)?;
            let b = matches::Player::parse(&second, nodes, ms)?.outside(&outside, &v)?;
            let test = sprt.as_deref().map(sprt::Sprt::parse).transpose()?;
            let each = |end: &matches::GameEnd| {
                let result = match (&end.forfeit, end.outcome.and_then(|o| o.winner())) {
                    (Some(why), Some(winner)) => {
                        format!("{winner:?} wins: {:?} {why}", !winner)
                    }
                    _ => end
                        .outcome
                        .map(|o| o.to_string())
                        .unwrap_or_else(|| "draw: 400 plies".into()),
                };
                eprintln!(
                    "game {} ({first} {}): {result}",
                    end.game + 1,
                    if end.first_is_white { "white" } else { "black" }
                );
            };
            let decided = |t: &matches::Tally| test.is_some_and(|s| s.verdict(t).is_some());
            let (tally, times) = matches::play(&v, a, b, games, seed, opening, jobs, each, decided);
            let elo = tally
                .elo()
                .map(|(e, err)| format!(", Elo {e:+.0} +/- {err:.0}"))
                .unwrap_or_default();
            println!(
                "{first} vs {second} on {id}: +{} ={} -{} ({:.1}%{elo})",
                tally.wins,
                tally.draws,
                tally.losses,
                tally.percent()
            );
            if let Some(test) = test {
                println!("{}", test.report(&tally));
            }
            for (name, t) in [(&first, times[0]), (&second, times[1])] {
                println!(
                    "{name}: {} moves, {:.0} ms a move on average, {:.0} ms at most",
                    t.moves,
                    t.mean_ms(),
                    t.max_ms
                );
            }
        }
        Command::Tablebase {
            variant: id,
            material,
            verbose,
        } => tablebase::run(variant(&id, None)?, &material, verbose)?,
        Command::Puzzles {
            variant: id,
            options,
        } => puzzles::run(variant(&id, None)?, options)?,
        Command::Tune(options) => tune::run(options)?,
        Command::Moves { game } => {
            let pos = position(&game)?;
            let moves: Vec<String> = pos
                .legal_moves()
                .into_iter()
                .map(|mv| san::to_san(&pos, mv))
                .collect();
            println!("{}", moves.join(" "));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("topochess: {message}");
            ExitCode::FAILURE
        }
    }
}
