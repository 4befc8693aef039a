//! `topochess match` against outside UCI engines: scripted fakes that misbehave (an illegal move,
//! silence, a crash, no handshake) and our own `topochess uci` as a well-behaved one. Our rules
//! core referees; whoever breaks the protocol loses the game, and the match goes on.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::Command;

/// A shell script that answers the handshake and does `on_go` when asked for a move.
fn fake(name: &str, on_go: &str, on_uci: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topochess-outside-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) {on_uci};;\n    \
         isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const HANDSHAKE: &str = "echo 'id name fake'; echo uciok";

/// Runs a match of `games` games on standard chess, our engine first; (success, stdout, stderr).
fn play(second: &str, games: &str, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "match",
        "--variant",
        "standard",
        "--first",
        "engine",
        "--second",
        second,
        "--games",
        games,
        "--nodes",
        "300",
        "--opening",
        "0",
        "--reply-ms",
        "700",
    ];
    args.extend_from_slice(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_topochess"))
        .args(&args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_illegal_move_loses_and_is_printed_with_the_position() {
    let path = fake("illegal", "echo 'bestmove a1a1'", HANDSHAKE);
    let second = format!("uci:{}", path.display());
    let (ok, out, err) = play(&second, "2", &[]);
    assert!(ok, "{err}");
    assert!(out.contains(": +2 =0 -0"), "{out}");
    // Game 1: our engine is White and has moved once; game 2: the fake is White at the start.
    assert!(
        err.contains("game 1 (engine white): White wins: Black played the illegal move 'a1a1' in "),
        "{err}"
    );
    assert!(
        err.contains(
            "game 2 (engine black): Black wins: White played the illegal move 'a1a1' in \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ),
        "{err}"
    );
}

#[test]
fn silence_and_a_crash_lose_the_game_and_the_match_goes_on() {
    let silent = fake("silent", ":", HANDSHAKE);
    let started = std::time::Instant::now();
    let (ok, out, err) = play(&format!("uci:{}", silent.display()), "2", &[]);
    assert!(ok, "{err}");
    assert!(out.contains(": +2 =0 -0"), "{out}");
    assert!(
        err.contains(
            "game 2 (engine black): Black wins: White gave no 'bestmove' within 700 ms, to move \
             in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    let crash = fake("crash", "exit 3", HANDSHAKE);
    let (ok, out, err) = play(&format!("uci:{}", crash.display()), "2", &[]);
    assert!(ok, "{err}");
    assert!(out.contains(": +2 =0 -0"), "{out}");
    assert!(
        err.contains("White stopped (its process ended), to move in rnbqkbnr/"),
        "{err}"
    );
}

#[test]
fn an_engine_that_cannot_start_or_never_says_uciok_stops_the_match_before_it_begins() {
    let (ok, _, err) = play("uci:/nonexistent/engine", "2", &[]);
    assert!(!ok);
    assert!(err.contains("cannot start /nonexistent/engine"), "{err}");
    let mute = fake("mute", ":", ":");
    let (ok, _, err) = play(&format!("uci:{}", mute.display()), "2", &[]);
    assert!(!ok);
    assert!(err.contains("gave no 'uciok' within 700 ms"), "{err}");
}

#[test]
fn a_well_behaved_engine_plays_whole_games_with_options_and_the_variant_it_knows() {
    // Our own UCI engine as the outsider, told its options: the cylinder without castling is
    // what Fairy-Stockfish calls `cylinder`, and the match says so to the engine.
    let dir = std::env::temp_dir().join(format!("topochess-outside-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("told.txt");
    let path = dir.join("ours");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\ntee {} | exec {} uci\n",
            log.display(),
            env!("CARGO_BIN_EXE_topochess")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_topochess"))
        .args([
            "match",
            "--variant",
            "cylinder",
            "--castling",
            "none",
            "--first",
            "engine",
            "--second",
            &format!("uci:{}", path.display()),
            "--games",
            "2",
            "--nodes",
            "400",
            "--option",
            "Hash=4",
            "--sprt=-10,10",
        ])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(
        !stderr.contains(" played ") && !stderr.contains("stopped"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().filter(|l| l.starts_with("game ")).count(), 2);
    assert!(stdout.contains("SPRT"), "{stdout}");
    let told = std::fs::read_to_string(&log).unwrap();
    for line in [
        "setoption name Hash value 4",
        "setoption name UCI_Variant value cylinder",
        "go nodes 400",
    ] {
        assert!(told.contains(line), "{told}");
    }
    assert!(told.contains("position startpos moves "), "{told}");
}
