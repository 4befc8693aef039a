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

/// Sends `isready` and expects `readyok` in time: the engine is alive and reading.
fn alive(uci: &mut Uci) {
    uci.send("isready");
    uci.until("readyok", Duration::from_secs(5));
}

#[test]
fn malformed_setoption_lines_are_reported_not_fatal() {
    let mut uci = Uci::start();
    for line in [
        "setoption value 1 name Hash",
        "setoption name",
        "setoption",
        "setoption name Hash value lots",
        "setoption name Hash value 99999999999999999999999",
        "setoption name Nonsense value 3",
    ] {
        uci.send(line);
        alive(&mut uci);
    }
    uci.send("position startpos");
    uci.send("go depth 2");
    let (best, _) = uci.bestmove(Duration::from_secs(10));
    assert_ne!(best, "0000");
}

#[test]
fn commands_during_an_infinite_search_stop_it_first() {
    for follow_up in [
        "position startpos moves e2e4",
        "go depth 2",
        "setoption name Hash value 8",
        "ucinewgame",
    ] {
        let mut uci = Uci::start();
        uci.send("position startpos");
        uci.send("go infinite");
        std::thread::sleep(Duration::from_millis(150));
        uci.send(follow_up);
        // The infinite search answers, and the engine goes on reading.
        uci.bestmove(Duration::from_secs(5));
        alive(&mut uci);
        uci.send("position startpos");
        uci.send("go depth 2");
        uci.bestmove(Duration::from_secs(10));
    }
}

#[test]
fn the_chess_alias_works_after_another_variant() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value folded");
    let lines = uci.until("info string surface", Duration::from_secs(5));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variant folded")),
        "{lines:?}"
    );
    uci.send("setoption name UCI_Variant value chess");
    let lines = uci.until("info string surface", Duration::from_secs(5));
    let n = lines.len();
    assert_eq!(
        lines[n - 2..],
        [
            "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "info string surface files 8 ranks 8 east-west flat north-south flat \
             knight steps king free castling standard"
        ]
    );
    // The castling is read as king squares: the search plays standard chess from there.
    uci.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    uci.send("go depth 2");
    let (_, lines) = uci.bestmove(Duration::from_secs(10));
    assert!(!lines.iter().any(|l| l.contains("illegal")), "{lines:?}");
}

#[test]
fn tiny_and_huge_time_controls_still_give_a_searched_move() {
    let mut uci = Uci::start();
    for go in [
        "go movetime 0",
        "go wtime 1 btime 1",
        "go wtime 0 btime 0",
        "go wtime 1000 btime 1000 winc 18446744073709551615 binc 18446744073709551615",
        "go movetime 18446744073709551615 depth 3",
        "go depth 0",
        "go nodes 1",
    ] {
        uci.send("position startpos");
        uci.send(go);
        let (best, lines) = uci.bestmove(Duration::from_secs(20));
        assert_ne!(best, "0000", "{go}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth")),
            "{go}: the move was searched: {lines:?}"
        );
    }
    alive(&mut uci);
}

#[test]
fn cylinder_castling_standard_is_taken_and_shown() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value cylinder");
    uci.until("info string surface", Duration::from_secs(5));
    uci.send("setoption name Castling value standard");
    let lines = uci.until("info string surface", Duration::from_secs(5));
    let last = lines.last().unwrap();
    assert!(
        last.contains("east-west wrap north-south flat") && last.ends_with("castling standard"),
        "{last}"
    );
    // The option list now names only the cylinder's values.
    uci.send("uci");
    let lines = uci.until("uciok", Duration::from_secs(5));
    let castling = lines.iter().find(|l| l.contains("name Castling")).unwrap();
    assert!(
        castling.ends_with("var preset var either-side var standard var none"),
        "{castling}"
    );
    // A value the variant does not have is reported and the GUI sees what is played instead.
    uci.send("setoption name UCI_Variant value torus");
    uci.until("info string surface", Duration::from_secs(5));
    uci.send("setoption name Castling value either-side");
    let lines = uci.until("info string surface", Duration::from_secs(5));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("torus has no castling option 'either-side'")),
        "{lines:?}"
    );
    assert!(
        lines.last().unwrap().ends_with("castling none"),
        "{lines:?}"
    );
    // Standard castling on the cylinder never castles round the edge.
    uci.send("setoption name UCI_Variant value cylinder");
    uci.send("setoption name Castling value standard");
    uci.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    uci.send("go depth 3");
    let (best, _) = uci.bestmove(Duration::from_secs(20));
    assert!(!best.starts_with("CO-"), "{best}");
}

#[test]
fn a_start_fen_with_rights_the_game_cannot_use_is_accepted() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value folded");
    uci.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let lines = uci.until("info string The FEN", Duration::from_secs(5));
    assert!(lines.last().unwrap().contains("no castling"), "{lines:?}");
    uci.send("go depth 2");
    let (best, _) = uci.bestmove(Duration::from_secs(10));
    assert_ne!(best, "0000");
}

/// Seeded dice, so a failing line sequence can be replayed.
struct Lines(topochess_search::Dice);

impl Lines {
    fn next(&mut self) -> u64 {
        self.0.roll()
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.0.below(items.len())]
    }
    /// A command line a GUI (or a broken one) might send.
    fn line(&mut self) -> String {
        let words = [
            "uci",
            "isready",
            "ucinewgame",
            "stop",
            "go",
            "position",
            "setoption",
            "name",
            "value",
            "startpos",
            "fen",
            "moves",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "infinite",
            "UCI_Variant",
            "Castling",
            "Hash",
            "chess",
            "folded",
            "cylinder",
            "torus-8x14",
            "sphere-yapsan",
            "lab-twist-wrap-6x6",
            "standard",
            "either-side",
            "none",
            "preset",
            "0",
            "1",
            "2",
            "-1",
            "18446744073709551616",
            "e2e4",
            "e7e5",
            "O-O",
            "CO-O",
            "e1g1",
            "a7a8q",
            "4k3/8/8/8/8/8/8/R3K2R",
            "w",
            "b",
            "KQkq",
            "-",
            "99999999999999999999q8/8",
            "\u{0}",
            "é",
            "",
        ];
        let n = 1 + self.next() % 9;
        let mut line: Vec<&str> = (0..n).map(|_| self.pick(&words)).collect();
        // Keep searches short: a go gets a small depth unless the line says otherwise.
        if line.first() == Some(&"go") && !line.contains(&"infinite") {
            line.extend(["depth", "2"]);
        }
        line.join(" ")
    }
}

#[test]
fn generated_command_lines_never_kill_or_hang_the_engine() {
    let mut uci = Uci::start();
    let mut gen = Lines(topochess_search::Dice::new(0x9E37_79B9_7F4A_7C15));
    for i in 0..400 {
        let line = gen.line();
        uci.send(&line);
        if i % 25 == 24 {
            // Still reading and answering: a stop, then a short search of a sound position.
            uci.send("stop");
            alive(&mut uci);
        }
    }
    // Any search still running answers before readyok: the next bestmove is the one asked for.
    uci.send("stop");
    alive(&mut uci);
    uci.send("setoption name UCI_Variant value standard");
    uci.send("position startpos");
    uci.send("go depth 2");
    let (best, _) = uci.bestmove(Duration::from_secs(20));
    assert_ne!(best, "0000");
    alive(&mut uci);
}

#[test]
fn multipv_reports_distinct_lines_and_searchmoves_restricts_the_root() {
    let mut uci = Uci::start();
    uci.send("uci");
    let options = uci.until("uciok", Duration::from_secs(5));
    assert!(options.iter().any(|l| l.starts_with("option name MultiPV")));
    uci.send("setoption name UCI_Variant value folded");
    uci.send("setoption name MultiPV value 3");
    uci.send("position startpos");
    uci.send("go depth 4");
    let out = uci.until("bestmove", Duration::from_secs(30));
    let last: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info depth 4 multipv"))
        .collect();
    assert_eq!(last.len(), 3, "{out:?}");
    let firsts: Vec<&str> = last
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    let best = out.last().unwrap().split(' ').nth(1).unwrap().to_string();
    assert_eq!(best, firsts[0], "the best move is line 1's");
    // Only the moves named are searched, and MultiPV is capped by them.
    uci.send("go depth 3 searchmoves a2a3 h2h3");
    let out = uci.until("bestmove", Duration::from_secs(30));
    let best = out.last().unwrap().split(' ').nth(1).unwrap();
    assert!(["a2a3", "h2h3"].contains(&best), "{out:?}");
    let depth3: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info depth 3 multipv"))
        .collect();
    assert_eq!(depth3.len(), 2, "{out:?}");
    uci.send("quit");
}

/// The score of the deepest `info` line before `bestmove`.
fn last_score(lines: &[String]) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" score "))
        .unwrap_or_else(|| panic!("no score in {lines:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").unwrap();
    format!("{} {}", words[at + 1], words[at + 2])
}

#[test]
fn a_position_that_repeats_the_moves_given_is_a_draw() {
    // White, a rook down, has one move (Kg1); it repeats the position the moves started from.
    let mut uci = Uci::start();
    uci.send("uci");
    uci.until("uciok", Duration::from_secs(5));
    uci.send("setoption name UCI_Variant value chess");
    uci.send("position fen 7k/8/8/8/8/8/r7/6K1 b - - 0 1 moves a2b2 g1h1 b2a2");
    uci.send("go depth 4");
    let (best, lines) = uci.bestmove(Duration::from_secs(20));
    assert_eq!(best, "h1g1");
    assert_eq!(last_score(&lines), "cp 0", "{lines:?}");
    // The same position without the moves that led to it is lost.
    uci.send("position fen 7k/8/8/8/8/8/r7/7K w - - 3 3");
    uci.send("go depth 4");
    let (_, lines) = uci.bestmove(Duration::from_secs(20));
    let score = last_score(&lines);
    let cp: i32 = score.strip_prefix("cp ").unwrap_or("0").parse().unwrap();
    assert!(score.starts_with("mate -") || cp < -300, "{lines:?}");
}

#[test]
fn fen_clocks_beyond_any_game_are_refused_not_a_crash() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.until("uciok", Duration::from_secs(5));
    uci.send("setoption name UCI_Variant value folded");
    uci.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 4294967295 4294967295 moves a1a2");
    uci.send("isready");
    let lines = uci.until("readyok", Duration::from_secs(5));
    assert!(
        lines.iter().any(|l| l.contains("move counter")),
        "{lines:?}"
    );
    // The engine is still there and plays from a sane position.
    uci.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 50 1000000 moves a1a2");
    uci.send("go depth 2");
    let (best, _) = uci.bestmove(Duration::from_secs(20));
    assert_ne!(best, "(none)");
}

/// The two lines a variant choice prints: Fairy-Stockfish's `info string variant ...` and ours.
fn variant_lines(uci: &mut Uci, name: &str) -> [String; 2] {
    uci.send(&format!("setoption name UCI_Variant value {name}"));
    let lines = uci.until("info string surface", Duration::from_secs(5));
    let n = lines.len();
    assert!(n >= 2, "{lines:?}");
    [lines[n - 2].clone(), lines[n - 1].clone()]
}

#[test]
fn fairy_stockfish_names_choose_the_same_rules_and_are_described_as_it_describes_them() {
    let mut uci = Uci::start();
    uci.send("uci");
    let options = uci.until("uciok", Duration::from_secs(5));
    let variant = options.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    for name in ["var cylinder-castling", "var toroidal-chess", "var torus"] {
        assert!(variant.contains(name), "{variant}");
    }
    let [line, surface] = variant_lines(&mut uci, "toroidal-chess");
    assert_eq!(
        line,
        "info string variant toroidal-chess files 8 ranks 8 pocket 0 template fairy startpos \
         r1b2b1r/pp4pp/n1pqkp1n/3pp3/3PP3/N1PQKP1N/PP4PP/R1B2B1R w - - 0 1"
    );
    assert!(
        surface.starts_with("info string surface files 8 ranks 8 east-west wrap north-south wrap"),
        "{surface}"
    );
    // Fairy-Stockfish's cylinder has no castling; its cylinder-castling castles as in chess.
    let [line, surface] = variant_lines(&mut uci, "cylinder");
    assert!(line.contains("startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
    assert!(surface.ends_with("castling none"), "{surface}");
    let [line, surface] = variant_lines(&mut uci, "Cylinder-Castling");
    assert!(line.contains("w KQkq - 0 1"), "{line}");
    assert!(
        surface.contains("east-west wrap north-south flat")
            && surface.ends_with("castling standard"),
        "{surface}"
    );
    // Our either-side castling is one option away.
    uci.send("setoption name Castling value either-side");
    let lines = uci.until("info string surface", Duration::from_secs(5));
    assert!(lines.last().unwrap().ends_with("castling either-side"));
}

/// The `go perft` listing: per-move lines and the total.
fn perft_lines(uci: &mut Uci, position: &str, depth: u32) -> (Vec<String>, u64) {
    uci.send(position);
    uci.send(&format!("go perft {depth}"));
    let lines = uci.until("Nodes searched", Duration::from_secs(30));
    let total = lines
        .last()
        .unwrap()
        .trim_start_matches("Nodes searched: ")
        .parse()
        .unwrap();
    let moves = lines
        .into_iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes") && !l.starts_with("info"))
        .collect();
    (moves, total)
}

#[test]
fn go_perft_counts_as_the_command_line_does_and_castles_in_the_king_squares() {
    let mut uci = Uci::start();
    let (moves, total) = perft_lines(&mut uci, "position startpos", 3);
    assert_eq!((moves.len(), total), (20, 8902));
    let sum: u64 = moves
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, total);
    for id in ["folded", "torus", "sphere-dot"] {
        variant_lines(&mut uci, id);
        let (_, total) = perft_lines(&mut uci, "position startpos", 3);
        let cli = std::process::Command::new(env!("CARGO_BIN_EXE_topochess"))
            .args(["perft", "--variant", id, "--depth", "3"])
            .output()
            .unwrap();
        let text = String::from_utf8(cli.stdout).unwrap();
        assert_eq!(
            text.lines().last().unwrap().parse::<u64>().unwrap(),
            total,
            "{id}"
        );
    }
    // Ordinary castling on the cylinder is written as other engines write it; castling with
    // either rook keeps the coordinate form, which says which way round the king goes.
    variant_lines(&mut uci, "cylinder-castling");
    let (moves, _) = perft_lines(
        &mut uci,
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        1,
    );
    for castle in ["e1g1: 1", "e1c1: 1"] {
        assert!(moves.iter().any(|l| l == castle), "{moves:?}");
    }
    assert!(!moves.iter().any(|l| l.starts_with('O')), "{moves:?}");
    uci.send("setoption name Castling value either-side");
    uci.until("info string surface", Duration::from_secs(5));
    let (moves, _) = perft_lines(
        &mut uci,
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        1,
    );
    assert!(moves.iter().any(|l| l == "O-O: 1"), "{moves:?}");
    assert!(!moves.iter().any(|l| l.starts_with("e1g1")), "{moves:?}");
    // The king squares are read in either form.
    uci.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves O-O");
    uci.send("go depth 1");
    let (_, lines) = uci.bestmove(Duration::from_secs(10));
    assert!(!lines.iter().any(|l| l.contains("illegal")), "{lines:?}");
}

#[test]
fn go_on_a_finished_game_answers_none_with_mate_or_a_draw() {
    let mut uci = Uci::start();
    // Fool's mate: White to move is mated.
    uci.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    uci.send("go depth 5");
    let (best, lines) = uci.bestmove(Duration::from_secs(5));
    assert_eq!(best, "(none)");
    assert!(
        lines.contains(&"info depth 0 score mate 0".to_string()),
        "{lines:?}"
    );
    // Stalemate.
    uci.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    uci.send("go movetime 100");
    let (best, lines) = uci.bestmove(Duration::from_secs(5));
    assert_eq!(best, "(none)");
    assert!(
        lines.contains(&"info depth 0 score cp 0".to_string()),
        "{lines:?}"
    );
    // The third time a position stands, the game is drawn.
    uci.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    uci.send("go depth 3");
    let (best, lines) = uci.bestmove(Duration::from_secs(5));
    assert_eq!((best.as_str(), lines.len()), ("(none)", 2), "{lines:?}");
    // A game still going gets a move.
    uci.send("position startpos moves g1f3 g8f6 f3g1 f6g8");
    uci.send("go depth 3");
    let (best, _) = uci.bestmove(Duration::from_secs(10));
    assert_ne!(best, "(none)");
}
