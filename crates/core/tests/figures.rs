//! The figures of docs/rules.md sections 8 and 10 for the non-spherical presets.

mod common;

use common::{position, variant};
use topochess_core::geometry::Dir;
use topochess_core::{san, Color, Role, Square};

fn reach_names(id: &str, role: Role, square: &str) -> Vec<String> {
    let v = variant(id, None);
    let size = v.size();
    let sq = size.parse_square(square).unwrap();
    let mut squares: Vec<Square> = v.reach(role, Color::White, sq).iter().collect();
    squares.sort_by_key(|&s| (size.file(s), size.rank(s)));
    squares.into_iter().map(|s| size.name(s)).collect()
}

fn sorted(list: &str) -> Vec<String> {
    let v = variant("standard", None);
    let size = v.size();
    let mut squares: Vec<Square> = list
        .split_whitespace()
        .map(|s| size.parse_square(s).unwrap())
        .collect();
    squares.sort_by_key(|&s| (size.file(s), size.rank(s)));
    squares.into_iter().map(|s| size.name(s)).collect()
}

/// The four diagonal lines of the folded board that run into a corner (docs/rules.md section 10).
fn on_corner_diagonal(file: i32, rank: i32) -> bool {
    let (d, s) = ((file - rank).rem_euclid(8), (file + rank).rem_euclid(8));
    d == 0 || d == 4 || s == 7 || s == 3
}

#[test]
fn folded_rider_counts_from_every_square() {
    let v = variant("folded", None);
    let size = v.size();
    let mut corner_squares = 0;
    for sq in size.all() {
        let corner = on_corner_diagonal(size.file(sq), size.rank(sq));
        corner_squares += corner as usize;
        let count = |role| v.reach(role, Color::White, sq).len();
        assert_eq!(count(Role::Rook), 21, "rook {}", size.name(sq));
        assert_eq!(
            count(Role::Bishop),
            if corner { 19 } else { 23 },
            "bishop {}",
            size.name(sq)
        );
        assert_eq!(
            count(Role::Queen),
            if corner { 36 } else { 37 },
            "queen {}",
            size.name(sq)
        );
        let knight = if (2..=5).contains(&size.rank(sq)) {
            8
        } else {
            7
        };
        assert_eq!(count(Role::Knight), knight, "knight {}", size.name(sq));
    }
    assert_eq!(corner_squares, 32);
}

#[test]
fn folded_knight_king_and_cairns_bishop() {
    assert_eq!(
        reach_names("folded", Role::Knight, "b1"),
        sorted("a1 a3 c3 d2 e1 f2 h2")
    );
    assert_eq!(
        reach_names("folded", Role::King, "e1"),
        sorted("c1 d1 d2 e2 f1 f2")
    );
    assert_eq!(
        reach_names("folded", Role::King, "b8"),
        sorted("a7 a8 b7 c7 c8 f8 g8 h8")
    );
    // Cairns: a bishop going d7-e8 continues c8, b7.
    let v = variant("folded", None);
    let size = v.size();
    let (steps, _) = v.surface().ray(size.parse_square("d7").unwrap(), Dir::NE);
    let names: Vec<String> = steps
        .iter()
        .take(3)
        .map(|s| size.name(s.to.square))
        .collect();
    assert_eq!(names, ["e8", "c8", "b7"]);
}

#[test]
fn cylinder_bishop_and_knight() {
    assert_eq!(
        reach_names("cylinder", Role::Bishop, "c1"),
        sorted("b2 a3 h4 g5 f6 e7 d8 d2 e3 f4 h6 a7 b8")
    );
    assert_eq!(
        reach_names("cylinder", Role::Knight, "h2"),
        sorted("f1 f3 g4 a4 b3 b1")
    );
}

#[test]
fn fischers_torus_game_ends_in_mate() {
    let game =
        "Nh3-g1 Na6-h4 Ng1xa8 Rh8xh1 Na3xh1 Bf8-g1+ Nh1-f2 Qd6xa1 Bf1xh7 Bg1-f8 Na8xh6 Nh4-g2#";
    let mut pos = topochess_core::Position::start(variant("torus", None));
    let mut written = Vec::new();
    for text in game.split_whitespace() {
        let mv = san::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        written.push(san::to_san(&pos, mv));
        pos.play_unchecked(mv);
    }
    assert!(pos.is_check());
    assert!(pos.legal_moves().is_empty(), "mate");
    assert_eq!(
        written.join(" "),
        "Ng1 Nh4 Nxa8 Rxh1 Nxh1 Bg1+ Nf2 Qxa1 Bxh7 Bf8 Nxh6 Nxg2#"
    );
}

#[test]
fn castling_may_not_open_a_line_round_the_edge_onto_the_king() {
    let fen = "4k3/8/8/8/8/8/8/1rB1K2R w K - 0 1";
    let cylinder = position("cylinder", fen);
    assert!(san::parse_move(&cylinder, "O-O").is_err());
    let standard = position("standard", fen);
    assert!(san::parse_move(&standard, "O-O").is_ok());
}

#[test]
fn either_side_castling_is_a_move_of_its_own() {
    let castles = |fen: &str| -> Vec<String> {
        let pos = position("cylinder", fen);
        pos.legal_moves()
            .into_iter()
            .filter(|m| m.castle().is_some())
            .map(|m| san::to_san(&pos, m))
            .collect()
    };
    // With both rooks home, a rook cannot come round: the other rook is in the way.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        ["O-O", "O-O-O"]
    );
    assert_eq!(castles("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), ["O-O-O", "CO-O"]);
    assert_eq!(castles("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), ["O-O", "CO-O-O"]);
    // CO-O: the a-rook comes round over h1 to f1, the king goes to g1.
    let pos = position("cylinder", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let mut after = pos.clone();
    after.play_unchecked(san::parse_move(&pos, "CO-O").unwrap());
    assert_eq!(
        topochess_core::fen::write(&after),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    // The flat board has no such castling.
    let flat = position("standard", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(san::parse_move(&flat, "CO-O").is_err());
}

#[test]
fn en_passant_across_the_wrapped_edge() {
    let pos = position("cylinder", "4k3/p7/8/7P/8/8/8/4K3 b - - 0 1");
    let mut after = pos.clone();
    after.play_unchecked(san::parse_move(&pos, "a5").unwrap());
    assert_eq!(after.ep_square(), after.size().parse_square("a6"));
    let ep = san::parse_move(&after, "hxa6").unwrap();
    let mut taken = after.clone();
    taken.play_unchecked(ep);
    assert_eq!(
        topochess_core::fen::write(&taken),
        "4k3/8/P7/8/8/8/8/4K3 b - - 0 2"
    );
    // On the flat board the same pawns do not meet.
    let flat = position("standard", "4k3/p7/8/7P/8/8/8/4K3 b - - 0 1");
    let mut after = flat.clone();
    after.play_unchecked(san::parse_move(&flat, "a5").unwrap());
    assert_eq!(after.ep_square(), None);
}

#[test]
fn klein_pawn_crosses_the_twisted_seam() {
    let fen = "p7/8/8/8/8/8/4k3/8/8/8/8/4K3/8/R5N1 b - - 0 1";
    let pos = position("klein-8x14", fen);
    let mut pawn_moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.piece_at(m.from).map(|p| p.role) == Some(Role::Pawn))
        .map(|m| san::to_san(&pos, m))
        .collect();
    pawn_moves.sort();
    assert_eq!(
        pawn_moves,
        // A bishop on g1 checks e3 directly; one on h1 reaches it through the twist
        // (h1-a14-g13-...-f4-e3).
        [
            "axa1=B", "axa1=N", "axa1=Q", "axa1=R", "axg1=B+", "axg1=N", "axg1=Q+", "axg1=R",
            "h1=B+", "h1=N", "h1=Q+", "h1=R"
        ]
    );
}
