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
        title: None,
    };
    assert_eq!(player_text(&tag), "anna (1500?) \u{2212}176");
}

#[test]
fn the_chart_runs_oldest_to_newest_by_date_highest_at_the_top() {
    let p = |at, rating| RatingPoint { at, rating };
    let (line, lo, hi) = chart_points(&[p(0, 1500), p(10, 1700), p(40, 1600)], 100.0, 50.0);
    assert_eq!((lo, hi), (1500, 1700));
    assert_eq!(line.join(" "), "0.0,50.0 25.0,0.0 100.0,25.0");
    // Games all at one instant: by order.
    let (line, ..) = chart_points(&[p(5, 1500), p(5, 1700), p(5, 1600)], 100.0, 50.0);
    assert_eq!(line.join(" "), "0.0,50.0 50.0,0.0 100.0,25.0");
    assert!(chart_points(&[], 100.0, 50.0).0.is_empty());
    let one = chart_points(&[p(0, 1741)], 100.0, 50.0);
    assert_eq!(
        one,
        (Vec::new(), 1741, 1741),
        "one point: a sentence, no line"
    );
}

#[test]
fn days_are_written_as_players_read_them_in_their_own_time() {
    // 2026-11-29 10:41 UTC.
    let ms = 1_795_948_860_000;
    assert_eq!(day_text(ms, 0), "29 Nov 2026");
    // Eleven hours ahead of UTC (offset -660): already the 29th's evening; fourteen behind:
    // still the 28th.
    assert_eq!(day_text(ms, -660), "29 Nov 2026");
    assert_eq!(day_text(ms, 14 * 60), "28 Nov 2026");
    assert_eq!(day_text(0, 0), "1 Jan 1970");
    assert_eq!(day_text(951_782_400_000, 0), "29 Feb 2000");
    assert_eq!(day_text(1_709_251_199_000, 0), "29 Feb 2024");
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
                title: None,
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

#[test]
fn the_sign_up_form_says_what_is_wrong_before_sending() {
    assert_eq!(
        form_fault(true, " ", "x"),
        Some((Field::Name, "Enter a name.".into()))
    );
    assert_eq!(
        form_fault(true, "a b", "long enough"),
        Some((Field::Name, topochess_protocol::account::NAME_RULE.into()))
    );
    assert_eq!(
        form_fault(true, "gwen", "short"),
        Some((
            Field::Password,
            "A password has at least 8 characters.".into()
        ))
    );
    assert_eq!(form_fault(true, "gwen", "gwen plays on a torus"), None);
    // Signing in checks only that both are there: an old account's name is the server's.
    assert_eq!(form_fault(false, "a b", "short"), None);
    assert_eq!(
        form_fault(false, "gwen", ""),
        Some((Field::Password, "Enter a password.".into()))
    );
}
