//! `topochess uci`: the Universal Chess Interface over stdin and stdout, for every preset.
//!
//! Move text is UCI's (see `move_text`): squares and a promotion letter, castling as the king's
//! squares where that names it alone, else `O-O`, `O-O-O`, `CO-O`, `CO-O-O` (docs/rules.md section 9).
//!
//! What variant engines and their tournament tools expect, as Fairy-Stockfish does it:
//! - `UCI_Variant` takes our preset and lab ids and the names Fairy-Stockfish gives the same games
//!   (`chess`, `cylinder`, `cylinder-castling`, `toroidal-chess`; `core::variant::OTHER_NAMES`).
//!   Here `cylinder` means Fairy-Stockfish's cylinder, without castling; `Castling` chooses ours.
//! - After a variant is chosen: `info string variant NAME files F ranks R pocket 0 template fairy
//!   startpos FEN`, then `info string surface ...` with the gluing of each edge pair.
//! - `go` on a finished position answers `bestmove (none)`, after `info depth 0 score mate 0`
//!   (the side to move is mated) or `score cp 0` (a draw).
//! - `go perft N` counts the move tree: a line per legal move, then `Nodes searched: N`.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use topochess_core::game::outcome_of;
use topochess_core::variant::PRESETS;
use topochess_core::variant::{other_name, OTHER_NAMES};
use topochess_core::{fen, perft, CastlingMode, Color, Move, Position, Variant};
use topochess_search::{mate_in, Engine, Info, Limited, Limits, Search, Style};

/// The deepest `go perft` counted.
const PERFT_DEPTH: u32 = 8;

struct State {
    variant: Arc<Variant>,
    /// The `UCI_Variant` value the variant was chosen by.
    name: String,
    /// The castling the `Castling` option chose (none: what the name carries, else the preset's).
    castling: Option<CastlingMode>,
    hash_mb: usize,
    /// Lines searched (the MultiPV option).
    lines: usize,
    engine: Option<Engine>,
    position: Position,
    history: Vec<u64>,
    running: Option<(JoinHandle<Engine>, Arc<AtomicBool>)>,
}

fn move_text(pos: &Position, mv: Move) -> String {
    crate::move_text::to_text(pos, mv)
}

fn parse_uci_move(pos: &Position, text: &str) -> Option<Move> {
    crate::move_text::parse(pos, text)
}

/// The `info` lines of an iteration: one, or one per line with `multipv k` under MultiPV.
fn info_lines(info: &Info, pos: &Position, started: Instant) -> Vec<String> {
    let ms = started.elapsed().as_millis().max(1) as u64;
    info.all_lines()
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let score = match mate_in(line.score) {
                Some(m) => format!("mate {m}"),
                None => format!("cp {}", line.score),
            };
            let mut p = pos.clone();
            let mut pv = Vec::new();
            for &m in &line.pv {
                pv.push(move_text(&p, m));
                p.play_unchecked(m);
            }
            let multipv = if info.lines.is_empty() {
                String::new()
            } else {
                format!(" multipv {}", k + 1)
            };
            format!(
                "info depth {}{multipv} score {score} nodes {} nps {} time {ms} pv {}",
                info.depth,
                info.nodes,
                info.nodes * 1000 / ms,
                pv.join(" ")
            )
        })
        .collect()
}

/// Milliseconds to spend on a move with `time` left and `inc` a move: a share of the clock plus
/// most of the increment, never more than the clock less a safety margin, never overflowing.
fn clock_budget(time: u64, inc: Option<u64>, moves_to_go: Option<u64>) -> u64 {
    let moves_to_go = moves_to_go.unwrap_or(30).max(1);
    let inc = inc.unwrap_or(0);
    (time / moves_to_go)
        .saturating_add(inc / 4 * 3)
        .min(time.saturating_sub(50))
        .max(1)
}

/// The preset a `UCI_Variant` value names and the castling that name carries: one of the names
/// other programs use (`core::variant::OTHER_NAMES`), or a preset or lab id of ours.
fn variant_of(value: &str) -> (&str, Option<CastlingMode>) {
    match other_name(value) {
        Some(other) => (other.preset, Some(other.castling)),
        None => (value, None),
    }
}

/// `setoption name <name> value <value>`: the name and value, or why the line is not one.
fn option_words(words: &[&str]) -> Result<(String, String), String> {
    let name_at = words.iter().position(|w| *w == "name");
    let value_at = words.iter().position(|w| *w == "value");
    match (name_at, value_at) {
        (Some(n), Some(v)) if n < v => Ok((words[n + 1..v].join(" "), words[v + 1..].join(" "))),
        (Some(n), None) => Ok((words[n + 1..].join(" "), String::new())),
        _ => Err("setoption needs 'name <option> value <value>'".into()),
    }
}

impl State {
    /// Stops a running search (its `bestmove` is printed) and takes the engine back.
    fn stop(&mut self) {
        if let Some((_, flag)) = &self.running {
            flag.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// The castling values `Castling` takes for the current variant.
    fn castling_values(&self) -> Vec<&'static str> {
        let options = topochess_core::variant::preset(self.variant.id())
            .map(|p| p.castling_options)
            .unwrap_or(&[CastlingMode::None]);
        std::iter::once("preset")
            .chain(options.iter().map(|m| m.name()))
            .collect()
    }

    /// What the engine now plays, for the GUI to see after an option changed: Fairy-Stockfish's
    /// line, then the surface and castling.
    fn describe(&self) -> [String; 2] {
        let v = &self.variant;
        [
            format!(
                "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
                self.name,
                v.size().width(),
                v.size().height(),
                v.start_fen()
            ),
            format!(
                "info string surface {} castling {}",
                v.surface().describe(),
                v.castling().name()
            ),
        ]
    }

    fn wait(&mut self) {
        if let Some((handle, _)) = self.running.take() {
            if let Ok(engine) = handle.join() {
                self.engine = Some(engine);
            }
        }
    }

    fn engine(&mut self) -> Engine {
        self.wait();
        match self.engine.take() {
            Some(e) if Arc::ptr_eq(e.variant(), &self.variant) => e,
            _ => Engine::new(self.variant.clone(), Style::Derived, self.hash_mb << 20),
        }
    }

    /// Rebuilds the variant a `UCI_Variant` value names, with the chosen castling. A castling
    /// mode the variant does not offer is reported and the name's own castling is used instead.
    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let (id, carried) = variant_of(name);
        let (v, refused) = match Variant::by_id(id, self.castling.or(carried)) {
            Ok(v) => (v, None),
            Err(e) if self.castling.is_some() => {
                self.castling = None;
                (
                    Variant::by_id(id, carried).map_err(|e| e.to_string())?,
                    Some(e.to_string()),
                )
            }
            Err(e) => return Err(e.to_string()),
        };
        self.variant = Arc::new(v);
        self.name = name.to_string();
        self.engine = None;
        self.position = Position::start(self.variant.clone());
        self.history.clear();
        refused.map_or(Ok(()), Err)
    }

    /// The answer to `go` on a position the game has ended in (mate, stalemate, a draw by rule),
    /// as variant tournament tools read it.
    fn finished(&self) -> Option<[&'static str; 2]> {
        let repeated = self
            .history
            .iter()
            .filter(|&&h| h == self.position.hash())
            .count()
            >= 2;
        let over = outcome_of(&self.position);
        let score = match over {
            Some(o) if o.winner().is_some() => "mate 0",
            Some(_) => "cp 0",
            None if repeated => "cp 0",
            None => return None,
        };
        Some([
            if score == "mate 0" {
                "info depth 0 score mate 0"
            } else {
                "info depth 0 score cp 0"
            },
            "bestmove (none)",
        ])
    }

    /// `go perft N`: the count below each legal move, then the total (depth 1 to
    /// [`PERFT_DEPTH`]: the count runs on the input thread, where `stop` cannot reach it).
    fn perft(&self, depth: u32) -> Vec<String> {
        let divided = perft::divide(&self.position, depth.clamp(1, PERFT_DEPTH));
        let total: u64 = divided.iter().map(|&(_, n)| n).sum();
        let mut lines: Vec<String> = divided
            .into_iter()
            .map(|(mv, n)| format!("{}: {n}", move_text(&self.position, mv)))
            .collect();
        lines.push(String::new());
        lines.push(format!("Nodes searched: {total}"));
        lines
    }

    fn go(&mut self, words: &[&str], out: &Arc<std::sync::Mutex<std::io::Stdout>>) {
        let mut engine = self.engine();
        let num = |key: &str| -> Option<u64> {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        let depth = num("depth").map(|d| d.clamp(1, 64) as u32).unwrap_or(64);
        let mut limits = Limits::depth(depth);
        limits.nodes = num("nodes");
        limits.lines = self.lines;
        // `searchmoves m1 m2 ...` (to the next keyword): only these root moves are searched.
        let excluded: Vec<_> = match words.iter().position(|w| *w == "searchmoves") {
            Some(at) => {
                let wanted: Vec<_> = words[at + 1..]
                    .iter()
                    .map_while(|w| parse_uci_move(&self.position, w))
                    .collect();
                self.position
                    .legal_moves()
                    .into_iter()
                    .filter(|m| !wanted.contains(m))
                    .collect()
            }
            None => Vec::new(),
        };
        let infinite = words.contains(&"infinite");
        let us = self.position.turn();
        let (time, inc) = if us == Color::White {
            (num("wtime"), num("winc"))
        } else {
            (num("btime"), num("binc"))
        };
        let from_clock = time.map(|t| clock_budget(t, inc, num("movestogo")));
        let budget = num("movetime").or(from_clock);
        // On a clock, no new iteration after a little over half the budget: it would not
        // finish. A fixed move time is used whole.
        let soft = if num("movetime").is_none() {
            from_clock.map(|ms| ms * 11 / 20)
        } else {
            None
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let pos = self.position.clone();
        let history = self.history.clone();
        let out = out.clone();
        let handle = std::thread::spawn(move || {
            let started = Instant::now();
            // A budget too large for the clock is no deadline at all.
            let deadline = budget
                .filter(|_| !infinite)
                .and_then(|ms| started.checked_add(Duration::from_millis(ms)));
            let mut search = Search::new(pos.clone(), history, limits).excluding(&excluded);
            let soft = soft
                .filter(|_| !infinite)
                .and_then(|ms| started.checked_add(Duration::from_millis(ms)));
            let mut control = Limited(
                |_nodes: u64| {
                    flag.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
                },
                |_nodes: u64| soft.is_some_and(|d| Instant::now() >= d),
            );
            let mut report = |info: &Info| {
                let mut o = out.lock().expect("stdout lock");
                for line in info_lines(info, &pos, started) {
                    let _ = writeln!(o, "{line}");
                }
                let _ = o.flush();
            };
            if let Err(e) = engine.think(&mut search, &mut control, &mut report) {
                let mut o = out.lock().expect("stdout lock");
                let _ = writeln!(o, "info string {e}");
            }
            // Under "go infinite" the answer waits for "stop".
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            let best = search
                .best_move()
                .map(|m| move_text(&pos, m))
                .unwrap_or_else(|| "0000".into());
            let mut o = out.lock().expect("stdout lock");
            let _ = writeln!(o, "bestmove {best}");
            let _ = o.flush();
            engine
        });
        self.running = Some((handle, stop));
    }
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run() {
    let out = Arc::new(std::sync::Mutex::new(std::io::stdout()));
    let say = |line: &str| {
        let mut o = out.lock().expect("stdout lock");
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    };
    let variant = Arc::new(Variant::by_id("standard", None).expect("standard exists"));
    let mut state = State {
        position: Position::start(variant.clone()),
        variant,
        name: "standard".into(),
        castling: None,
        hash_mb: 16,
        lines: 1,
        engine: None,
        history: Vec::new(),
        running: None,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say("id name Topochess");
                say("id author the Topochess developers");
                // Our ids, then the names other programs give the same games (`chess` is what
                // GUIs and referees call standard chess).
                let mut names: Vec<&str> = PRESETS.iter().map(|p| p.id).collect();
                for other in OTHER_NAMES {
                    if !names.contains(&other.name) {
                        names.push(other.name);
                    }
                }
                let vars: Vec<String> = names.iter().map(|n| format!("var {n}")).collect();
                say(&format!(
                    "option name UCI_Variant type combo default standard {}",
                    vars.join(" ")
                ));
                let castling: Vec<String> = state
                    .castling_values()
                    .iter()
                    .map(|v| format!("var {v}"))
                    .collect();
                say(&format!(
                    "option name Castling type combo default preset {}",
                    castling.join(" ")
                ));
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name MultiPV type spin default 1 min 1 max 10");
                say("uciok");
            }
            Some("isready") => {
                say("readyok");
            }
            Some("ucinewgame") => {
                state.stop();
                if let Some(e) = state.engine.as_mut() {
                    e.clear();
                }
            }
            Some("setoption") => {
                state.stop();
                let (name, value) = match option_words(&words) {
                    Ok(pair) => pair,
                    Err(e) => {
                        say(&format!("info string {e}"));
                        continue;
                    }
                };
                let result = match name.as_str() {
                    "UCI_Variant" => {
                        let castling = state.castling.take();
                        let result = state.set_variant(&value.to_ascii_lowercase());
                        if result.is_err() {
                            state.castling = castling;
                        }
                        result
                    }
                    "Castling" => {
                        let id = state.name.clone();
                        if value == "preset" {
                            state.castling = None;
                            state.set_variant(&id)
                        } else {
                            match CastlingMode::from_name(&value) {
                                Some(mode) => {
                                    state.castling = Some(mode);
                                    state.set_variant(&id)
                                }
                                None => Err(format!(
                                    "unknown castling value '{value}' (values: {})",
                                    state.castling_values().join(", ")
                                )),
                            }
                        }
                    }
                    "Hash" => match value.parse::<usize>() {
                        Ok(mb) => {
                            state.hash_mb = mb.clamp(1, 1024);
                            state.engine = None;
                            Ok(())
                        }
                        Err(_) => Err(format!("Hash takes megabytes, not '{value}'")),
                    },
                    "MultiPV" => match value.parse::<usize>() {
                        Ok(n) => {
                            state.lines = n.clamp(1, 10);
                            Ok(())
                        }
                        Err(_) => Err(format!("MultiPV takes a number of lines, not '{value}'")),
                    },
                    other => Err(format!("unknown option '{other}'")),
                };
                if let Err(e) = result {
                    say(&format!("info string {e}"));
                }
                if matches!(name.as_str(), "UCI_Variant" | "Castling") {
                    for line in state.describe() {
                        say(&line);
                    }
                }
            }
            Some("position") => {
                state.stop();
                let moves_at = words
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(words.len());
                let start = match words.get(1).copied() {
                    Some("startpos") => Ok(Position::start(state.variant.clone())),
                    Some("fen") => fen::parse_position_lenient(
                        state.variant.clone(),
                        &words[2.min(moves_at)..moves_at].join(" "),
                    )
                    .map(|(pos, dropped)| {
                        if let Some(note) = fen::dropped_rights_note(&dropped) {
                            say(&format!("info string {note}"));
                        }
                        pos
                    })
                    .map_err(|e| e.to_string()),
                    _ => Err("position needs startpos or fen".to_string()),
                };
                match start {
                    Ok(mut pos) => {
                        let mut history = Vec::new();
                        for text in words.iter().skip(moves_at + 1) {
                            match parse_uci_move(&pos, text) {
                                Some(mv) => {
                                    history.push(pos.hash());
                                    pos.play_unchecked(mv);
                                }
                                None => {
                                    say(&format!("info string illegal move {text}"));
                                    break;
                                }
                            }
                        }
                        state.position = pos;
                        state.history = history;
                    }
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            Some("go") => {
                state.stop();
                if let Some(at) = words.iter().position(|w| *w == "perft") {
                    let depth = words.get(at + 1).and_then(|d| d.parse().ok()).unwrap_or(1);
                    for line in state.perft(depth) {
                        say(&line);
                    }
                } else if let Some(answer) = state.finished() {
                    for line in answer {
                        say(line);
                    }
                } else {
                    state.go(&words, &out);
                }
            }
            Some("stop") => state.stop(),
            Some("quit") => break,
            _ => {}
        }
    }
    state.stop();
}
