//! An outside engine in a match: a UCI program, started afresh for each game, told the variant
//! and the moves so far and asked for a move. Our rules core referees what it answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use topochess_core::variant::name_elsewhere;
use topochess_core::{fen, Position, Variant};

/// How to run an outside engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The program.
    pub path: String,
    /// `setoption` lines sent after `uci`, as (name, value).
    pub options: Vec<(String, String)>,
    /// The `UCI_Variant` value, where the engine's name for the game is not the one we know
    /// (`core::variant::OTHER_NAMES`) or our id.
    pub variant: Option<String>,
    /// How long it may take to answer before it loses the game, in milliseconds.
    pub reply_ms: u64,
}

/// A running outside engine.
pub struct Outside {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    reply: Duration,
}

impl Outside {
    /// Starts the engine, sets its options and the variant, and waits until it is ready.
    pub fn start(spec: &Spec, variant: &Variant) -> Result<Outside, String> {
        let mut child = Command::new(&spec.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.path))?;
        let input = child.stdin.take().ok_or("no input to the engine")?;
        let output = child.stdout.take().ok_or("no output from the engine")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Outside {
            child,
            input,
            lines,
            reply: Duration::from_millis(spec.reply_ms),
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        let name = spec
            .variant
            .clone()
            .or_else(|| name_elsewhere(variant.id(), variant.castling()).map(String::from))
            .unwrap_or_else(|| variant.id().to_string());
        // Standard chess needs no variant option (an engine for chess alone has none).
        if spec.variant.is_some() || variant.id() != "standard" {
            engine.send(&format!("setoption name UCI_Variant value {name}"))?;
        }
        engine.send("ucinewgame")?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|_| "stopped (its process ended)".to_string())
    }

    /// The lines up to the first that starts with `prefix`, within the reply time.
    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let deadline = Instant::now() + self.reply;
        loop {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "gave no '{prefix}' within {} ms",
                        self.reply.as_millis()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("stopped (its process ended)".into())
                }
            }
        }
    }

    /// The engine's move text for the game from `start` after `moves` (UCI text), searched with
    /// `go <limits>`.
    pub fn best_move(
        &mut self,
        start: &Position,
        moves: &[String],
        limits: &str,
    ) -> Result<String, String> {
        let from = fen::write(start);
        let mut line = if from == start.variant().start_fen() {
            "position startpos".to_string()
        } else {
            format!("position fen {from}")
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        self.send(&format!("go {limits}"))?;
        let answer = self.wait_for("bestmove")?;
        Ok(answer
            .split_whitespace()
            .nth(1)
            .unwrap_or("(none)")
            .to_string())
    }
}

impl Drop for Outside {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
