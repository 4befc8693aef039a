//! `topochess uci` driven as a GUI would drive it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Uci {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_topochess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("topochess uci starts");
        let input = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no '{prefix}' within {limit:?}; got {seen:?}");
    }

    fn bestmove(&mut self, limit: Duration) -> (String, Vec<String>) {
        let lines = self.until("bestmove", limit);
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        (best, lines)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_and_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.until("uciok", Duration::from_secs(5));
    assert!(lines.iter().any(|l| l.starts_with("id name Topochess")));
    let variant = lines
        .iter()
        .find(|l| l.contains("name UCI_Variant"))
        .unwrap();
    for id in ["standard", "folded", "torus-8x14", "sphere-dot"] {
        assert!(variant.contains(&format!("var {id}")), "{variant}");
    }
    assert!(
        variant.contains("var chess"),
        "the name GUIs use for standard chess"
    );
    assert!(lines.iter().any(|l| l.contains("name Castling")));
    assert!(lines.iter().any(|l| l.contains("name Hash")));
    uci.send("isready");
    uci.until("readyok", Duration::from_secs(5));
}

#[test]
fn standard_chess_in_plain_uci_with_castling_as_king_squares() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.until("uciok", Duration::from_secs(5));
    uci.send("setoption name UCI_Variant value chess");
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    uci.send("go depth 4");
    let (best, lines) = uci.bestmove(Duration::from_secs(20));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 4 score")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("illegal")), "{lines:?}");
    // The answer is a legal Black move in plain UCI form.
    let v = std::sync::Arc::new(topochess_core::Variant::preset("standard", None).unwrap());
    let mut pos = topochess_core::Position::start(v);
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"] {
        let mv = topochess_core::san::parse_move(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    let size = pos.size();
    let legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| format!("{}{}", size.name(m.from), size.name(m.to)))
        .collect();
    assert!(
        legal.contains(&best[..4].to_string()),
        "{best} not in {legal:?}"
    );
}

#[test]
fn either_side_castling_on_the_folded_board() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value folded");
    uci.send("setoption name Castling value either-side");
    uci.send("position fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 moves CO-O");
    uci.send("go depth 3");
    let (best, lines) = uci.bestmove(Duration::from_secs(20));
    assert!(!lines.iter().any(|l| l.contains("illegal")), "{lines:?}");
    assert!(
        best.starts_with('e') || best.starts_with('d') || best.starts_with('f'),
        "{best}"
    );
}

#[test]
fn stop_ends_an_infinite_search_and_movetime_is_kept() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value torus");
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    uci.send("stop");
    let (best, _) = uci.bestmove(Duration::from_secs(5));
    assert!(
        asked.elapsed() < Duration::from_millis(200),
        "stop took {:?}",
        asked.elapsed()
    );
    assert_ne!(best, "0000");
    let asked = Instant::now();
    uci.send("go movetime 300");
    uci.bestmove(Duration::from_secs(5));
    let took = asked.elapsed();
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_millis(900),
        "{took:?}"
    );
}
