//! `topochess uci`: the Universal Chess Interface over stdin and stdout, for every preset.
//!
//! Move text: on `standard`, plain UCI (castling as the king's squares, `e1g1`); on every other
//! preset the coordinate form of RULES.md section 9, with castling as `O-O`, `O-O-O`, `CO-O`,
//! `CO-O-O`, since there the king's squares do not name a castling.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use topochess_core::variant::PRESETS;
use topochess_core::{fen, san, CastlingMode, Color, Move, Position, Variant};
use topochess_search::{Engine, Info, Limits, Search, Style};

struct State {
    variant: Arc<Variant>,
    castling: Option<CastlingMode>,
    hash_mb: usize,
    engine: Option<Engine>,
    position: Position,
    history: Vec<u64>,
    running: Option<(JoinHandle<Engine>, Arc<AtomicBool>)>,
}

fn move_text(pos: &Position, mv: Move) -> String {
    if pos.variant().id() == "standard" {
        let size = pos.size();
        let mut t = format!("{}{}", size.name(mv.from), size.name(mv.to));
        if let Some(r) = mv.promotion() {
            t.push(r.upper().to_ascii_lowercase());
        }
        t
    } else {
        san::to_coordinate(pos, mv)
    }
}

fn parse_uci_move(pos: &Position, text: &str) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|&m| move_text(pos, m) == text)
        .or_else(|| san::parse_move(pos, text).ok())
}

fn info_line(info: &Info, pos: &Position, started: Instant) -> String {
    let ms = started.elapsed().as_millis().max(1) as u64;
    let score = match info.mate_in() {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", info.score),
    };
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &m in &info.pv {
        pv.push(move_text(&p, m));
        p.play_unchecked(m);
    }
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        info.depth,
        info.nodes,
        info.nodes * 1000 / ms,
        pv.join(" ")
    )
}

impl State {
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

    fn set_variant(&mut self) -> Result<(), String> {
        let v = Variant::preset(self.variant.id(), self.castling).map_err(|e| e.to_string())?;
        self.variant = Arc::new(v);
        self.engine = None;
        self.position = Position::start(self.variant.clone());
        self.history.clear();
        Ok(())
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
        let mut limits = Limits::depth(num("depth").map(|d| d as u32).unwrap_or(64));
        limits.nodes = num("nodes");
        let infinite = words.contains(&"infinite");
        let us = self.position.turn();
        let (time, inc) = if us == Color::White {
            (num("wtime"), num("winc"))
        } else {
            (num("btime"), num("binc"))
        };
        let budget = num("movetime").or_else(|| {
            time.map(|t| {
                let moves_to_go = num("movestogo").unwrap_or(30).max(1);
                (t / moves_to_go + inc.unwrap_or(0) * 3 / 4)
                    .min(t.saturating_sub(50))
                    .max(1)
            })
        });
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let pos = self.position.clone();
        let history = self.history.clone();
        let out = out.clone();
        let handle = std::thread::spawn(move || {
            let started = Instant::now();
            let deadline = budget
                .filter(|_| !infinite)
                .map(|ms| started + Duration::from_millis(ms));
            let mut search = Search::new(pos.clone(), history, limits);
            let mut control = |_nodes: u64| {
                flag.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
            };
            let mut report = |info: &Info| {
                let line = info_line(info, &pos, started);
                let mut o = out.lock().expect("stdout lock");
                let _ = writeln!(o, "{line}");
                let _ = o.flush();
            };
            engine.think(&mut search, &mut control, &mut report);
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
    let variant = Arc::new(Variant::preset("standard", None).expect("standard exists"));
    let mut state = State {
        position: Position::start(variant.clone()),
        variant,
        castling: None,
        hash_mb: 16,
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
                // `chess` is what GUIs and referees call standard chess in UCI_Variant.
                let vars: Vec<String> = std::iter::once("var chess".to_string())
                    .chain(PRESETS.iter().map(|p| format!("var {}", p.id)))
                    .collect();
                say(&format!(
                    "option name UCI_Variant type combo default standard {}",
                    vars.join(" ")
                ));
                say("option name Castling type combo default preset var preset var none var standard var either-side");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("uciok");
            }
            Some("isready") => {
                say("readyok");
            }
            Some("ucinewgame") => {
                state.wait();
                if let Some(e) = state.engine.as_mut() {
                    e.clear();
                }
            }
            Some("setoption") => {
                state.wait();
                let name_at = words.iter().position(|w| *w == "name");
                let value_at = words.iter().position(|w| *w == "value");
                let (Some(n), Some(v)) = (name_at, value_at) else {
                    continue;
                };
                let name = words[n + 1..v].join(" ");
                let value = words[v + 1..].join(" ");
                let result = match name.as_str() {
                    "UCI_Variant" => Variant::preset(&value, None)
                        .map_err(|e| e.to_string())
                        .and_then(|v| {
                            state.variant = Arc::new(v);
                            state.castling = None;
                            state.set_variant()
                        }),
                    "Castling" => {
                        state.castling = CastlingMode::from_name(&value);
                        state.set_variant()
                    }
                    "Hash" => {
                        state.hash_mb = value.parse::<usize>().unwrap_or(16).clamp(1, 1024);
                        state.engine = None;
                        Ok(())
                    }
                    _ => Ok(()),
                };
                if let Err(e) = result {
                    say(&format!("info string {e}"));
                }
            }
            Some("position") => {
                state.wait();
                let moves_at = words
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(words.len());
                let start = match words.get(1).copied() {
                    Some("startpos") => Ok(Position::start(state.variant.clone())),
                    Some("fen") => {
                        fen::parse_position(state.variant.clone(), &words[2..moves_at].join(" "))
                            .map_err(|e| e.to_string())
                    }
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
            Some("go") => state.go(&words, &out),
            Some("stop") => {
                if let Some((_, flag)) = &state.running {
                    flag.store(true, Ordering::Relaxed);
                }
                state.wait();
            }
            Some("quit") => break,
            _ => {}
        }
    }
    if let Some((_, flag)) = &state.running {
        flag.store(true, Ordering::Relaxed);
    }
    state.wait();
}
