use super::*;

#[test]
fn ratings_and_changes_are_written_as_players_read_them() {
    assert_eq!(rating_text(1623, true), "1623?");
    assert_eq!(rating_text(1623, false), "1623");
    assert_eq!(diff_text(12), "+12");
    assert_eq!(diff_text(-7), "\u{2212}7");
    assert_eq!(diff_text(0), "±0");
    let tag = PlayerTag {
        name: "anna".into(),
        rating: Some(1500),
        provisional: true,
        diff: Some(-176),
    };
    assert_eq!(player_text(&tag), "anna (1500?) \u{2212}176");
}

#[test]
fn the_chart_runs_oldest_to_newest_highest_at_the_top() {
    let p = |rating| RatingPoint { at: 0, rating };
    let (line, lo, hi) = chart_points(&[p(1500), p(1700), p(1600)], 100.0, 50.0);
    assert_eq!((lo, hi), (1500, 1700));
    assert_eq!(line.join(" "), "0.0,50.0 50.0,0.0 100.0,25.0");
    assert!(chart_points(&[], 100.0, 50.0).0.is_empty());
    assert_eq!(chart_points(&[p(1500)], 100.0, 50.0).0, vec!["50.0,25.0"]);
}

#[test]
fn a_finished_game_opens_as_pgn_with_its_players_and_result() {
    let g = PastGame {
        id: "0000000000000001".into(),
        variant: "folded".into(),
        castling: "none".into(),
        clock: Some((300, 0)),
        rated: true,
        players: [
            Some(PlayerTag {
                name: "anna".into(),
                rating: Some(1500),
                provisional: true,
                diff: None,
            }),
            None,
        ],
        result: "0-1".into(),
        ending: "resignation".into(),
        moves: vec!["e2e4".into(), "e7e5".into()],
        created: 0,
    };
    let pgn = game_pgn(&g).unwrap();
    assert!(
        pgn.contains("[White \"anna\"]") && pgn.contains("[Black \"Anonymous\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[Variant \"folded\"]"),
        "{pgn}"
    );
    let read = topochess_core::pgn::read(&pgn).unwrap();
    assert_eq!(read.game.moves().len(), 2);
    let bad = PastGame {
        moves: vec!["e2e5".into()],
        ..g
    };
    assert_eq!(game_pgn(&bad), None);
}
