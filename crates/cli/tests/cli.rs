//! The command line's output formats, which other tools read, and its errors.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_topochess"))
        .args(args)
        .output()
        .expect("the topochess binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_count_last() {
    let (ok, out, _) = run(&["perft", "--variant", "folded", "--depth", "3"]);
    assert!(ok);
    assert_eq!(out.trim(), "9318");
    let (ok, out, _) = run(&[
        "perft",
        "--variant",
        "cylinder",
        "--castling",
        "none",
        "--depth",
        "2",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("392"));
}

#[test]
fn perft_divide_lists_each_move_then_the_total() {
    let (ok, out, _) = run(&["perft", "--variant", "standard", "--depth", "2", "--divide"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4 20"));
    assert_eq!(lines.last(), Some(&"400"));
}

#[test]
fn perft_after_moves_in_san_and_coordinates() {
    let (ok, out, _) = run(&[
        "perft",
        "--variant",
        "torus",
        "--moves",
        "Nh3-g1 a6h4",
        "--depth",
        "1",
    ]);
    assert!(ok, "{out}");
    let (_, direct, _) = run(&[
        "perft",
        "--variant",
        "torus",
        "--fen",
        "r1b2b1r/pp4pp/2pqkp1n/3pp3/3PP2n/N1PQKP2/PP4PP/R1B2BNR w - - 2 2",
        "--depth",
        "1",
    ]);
    assert_eq!(out, direct);
}

#[test]
fn reach_prints_sorted_squares_then_the_count() {
    let (ok, out, _) = run(&[
        "reach",
        "--variant",
        "folded",
        "--piece",
        "N",
        "--square",
        "b1",
    ]);
    assert!(ok);
    assert_eq!(out, "a1 a3 c3 d2 e1 f2 h2\n7\n");
    let (ok, out, _) = run(&[
        "reach",
        "--variant",
        "torus-8x14",
        "--piece",
        "R",
        "--square",
        "a14",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("20"));
}

#[test]
fn moves_prints_san_on_one_line() {
    let (ok, out, _) = run(&[
        "moves",
        "--variant",
        "cylinder",
        "--fen",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    ]);
    assert!(ok);
    assert_eq!(out.lines().count(), 1);
    assert!(out.split_whitespace().any(|m| m == "CO-O"));
    assert!(out.split_whitespace().any(|m| m == "O-O-O"));
}

#[test]
fn errors_go_to_stderr_with_a_failing_exit() {
    for (args, needle) in [
        (
            vec!["perft", "--variant", "moon", "--depth", "1"],
            "unknown variant 'moon'",
        ),
        (
            vec![
                "perft",
                "--variant",
                "folded",
                "--castling",
                "sideways",
                "--depth",
                "1",
            ],
            "castling mode",
        ),
        (
            vec![
                "perft",
                "--variant",
                "torus",
                "--castling",
                "standard",
                "--depth",
                "1",
            ],
            "no castling option",
        ),
        (
            vec![
                "perft",
                "--variant",
                "standard",
                "--fen",
                "8/8 w",
                "--depth",
                "1",
            ],
            "bad FEN",
        ),
        (
            vec![
                "perft",
                "--variant",
                "standard",
                "--moves",
                "e2e5",
                "--depth",
                "1",
            ],
            "not a legal move",
        ),
        (
            vec![
                "reach",
                "--variant",
                "standard",
                "--piece",
                "X",
                "--square",
                "e4",
            ],
            "not a piece",
        ),
        (
            vec![
                "reach",
                "--variant",
                "standard",
                "--piece",
                "N",
                "--square",
                "e9",
            ],
            "not a square",
        ),
    ] {
        let (ok, out, err) = run(&args);
        assert!(!ok, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_huge_perft_depth_allocates_nothing_up_front() {
    // Checkmate: no move at any depth, so even the largest depth answers at once.
    let (ok, out, err) = run(&[
        "perft",
        "--variant",
        "standard",
        "--fen",
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        "--depth",
        "4294967295",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "0");
}

#[test]
fn a_pasted_start_fen_plays_on_the_folded_board_with_a_notice() {
    let (ok, out, err) = run(&[
        "perft",
        "--variant",
        "folded",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--depth",
        "2",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "392");
    assert!(err.contains("no castling"));
}

#[test]
fn tablebase_prints_the_counts_of_each_side_to_move() {
    let (ok, out, _) = run(&["tablebase", "--variant", "standard", "--material", "KRvK"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "white to move: 175168 legal, 175168 won, 0 drawn, 0 lost; longest mate 16"
    );
    assert!(
        lines[1].starts_with("black to move: 223944 legal, 0 won, "),
        "{}",
        lines[1]
    );
    assert!(out.contains("longest mate, mate in 16: "), "{out}");
    // The folded board's page says king and rook mate a bare king; under our rules only the
    // positions already one move from mate are won.
    let (ok, out, _) = run(&["tablebase", "--variant", "folded", "--material", "KRvK"]);
    assert!(ok);
    assert!(
        out.lines().next().unwrap().ends_with("; longest mate 1"),
        "{out}"
    );
    let (ok, _, err) = run(&["tablebase", "--variant", "standard", "--material", "KR"]);
    assert!(!ok);
    assert!(err.contains("is not like KRvK"), "{err}");
}

#[test]
fn tune_prints_the_family_line_and_writes_the_same_file_again() {
    let dir = std::env::temp_dir().join(format!("topochess-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tune = |file: &str, jobs: &str| {
        let path = dir.join(file).to_string_lossy().into_owned();
        let out = run(&[
            "tune",
            "--variant",
            "folded",
            "--games",
            "8",
            "--nodes",
            "300",
            "--passes",
            "3",
            "--jobs",
            jobs,
            "--write",
            &path,
        ]);
        (out, std::fs::read_to_string(&path).unwrap_or_default())
    };
    let ((ok, stdout, stderr), first) = tune("a.rs", "2");
    assert!(ok, "{stderr}");
    assert!(stderr.contains("wrap/fold: 8 games on folded"), "{stderr}");
    let line = stdout.lines().last().unwrap();
    assert!(
        line.starts_with("    (Gluing::Wrap, Gluing::Fold, ["),
        "{line}"
    );
    let weights = line.split('[').nth(1).unwrap().trim_end_matches("]),");
    assert_eq!(
        weights
            .split(", ")
            .filter(|w| w.parse::<i32>().is_ok())
            .count(),
        22,
        "every weight of the evaluation is fitted"
    );
    assert!(first.contains("pub(crate) const TUNED: &[(Gluing, Gluing, [i32; 22])]"));
    assert!(first.contains(line));
    // Seeded: the same games and fit on one thread as on two.
    let ((ok, _, _), second) = tune("b.rs", "1");
    assert!(ok);
    assert_eq!(first, second);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzles_prints_checked_puzzles_found_in_the_engines_games() {
    let (ok, stdout, stderr) = run(&[
        "puzzles",
        "--variant",
        "folded",
        "--count",
        "1",
        "--games",
        "10",
        "--max-mate",
        "2",
        "--material",
        "1",
    ]);
    assert!(ok, "{stderr}");
    assert!(stderr.ends_with("2 puzzles\n"), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    // The mate first, then the gain of material.
    let gain: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(gain.len(), 8, "{}", lines[1]);
    assert!(gain[3].starts_with("material-in-"), "{}", lines[1]);
    let line = lines[0];
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 8, "{line}");

    assert!(fields[5].parse::<u32>().is_ok_and(|d| d >= 400), "{line}");
    assert_eq!(fields[0], "folded");
    assert!(fields[3].starts_with("mate-in-"), "{line}");
    let themes: Vec<&str> = fields[4].split(',').collect();
    assert!(
        themes.contains(&"edge-crossing") || themes.contains(&"pole-jump"),
        "{line}"
    );
    // The solution plays from the FEN, and the last move leaves no legal reply.
    let moves = run(&[
        "moves",
        "--variant",
        "folded",
        "--fen",
        fields[1],
        "--moves",
        fields[2],
    ]);
    assert!(moves.0, "{}", moves.2);
    assert_eq!(
        moves.1.trim(),
        "",
        "the side to move has no move after the solution"
    );
}

#[test]
fn a_match_with_a_sequential_test_stops_at_its_verdict() {
    // The engine against a random mover: a difference far above elo1, decided long before
    // the 200 games allowed, at the end of a pair.
    let (ok, text, err) = run(&[
        "match",
        "--variant",
        "folded",
        "--first",
        "engine",
        "--second",
        "random",
        "--games",
        "200",
        "--nodes",
        "300",
        "--opening",
        "2",
        "--sprt",
        "0,50",
        "--jobs",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(text.contains("H1 accepted"), "{text}");
    // "engine vs random on folded: +W =D -L (...)"
    let counts: Vec<u32> = text
        .split_whitespace()
        .filter(|w| w.starts_with(['+', '=', '-']))
        .take(3)
        .map(|w| w[1..].parse().unwrap())
        .collect();
    let games: u32 = counts.iter().sum();
    assert!(
        (2..200).contains(&games) && games.is_multiple_of(2),
        "{games} games: {text}"
    );
    // Bounds that make no sense are refused.
    let (ok, _, err) = run(&[
        "match",
        "--variant",
        "folded",
        "--first",
        "engine",
        "--second",
        "random",
        "--sprt",
        "10,0",
    ]);
    assert!(!ok && err.contains("ELO0 < ELO1"), "{err}");
}
