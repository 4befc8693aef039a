use super::*;
use crate::record::Player;
use topochess_core::game::Outcome;

const DAY: u64 = 86_400_000;

fn player(account: u64) -> Option<Player> {
    Some(Player::of_account(account, &format!("p{account}"), 1500))
}

fn game(outcome: Option<Outcome>, moves: usize) -> Record {
    Record {
        id: 1,
        variant: "folded".into(),
        castling: "none".into(),
        clock: None,
        seats: [Some("w".into()), Some("b".into())],
        moves: vec!["e2e4".into(); moves],
        left_ms: [0, 0],
        turn_since: None,
        outcome,
        aborted: false,
        draw_offer: None,
        takeback_offer: None,
        rematch: [false, false],
        next_game: None,
        created: 0,
        public: false,
        revision: 3,
        deadline: None,
        rated: true,
        settled: false,
        players: [player(1), player(2)],
        declined: Default::default(),
    }
}

fn standing(rating: f64, deviation: f64, updated: u64) -> Standing {
    Standing {
        variant: "folded".into(),
        rating: Rating {
            rating,
            deviation,
            volatility: 0.06,
        },
        games: 10,
        updated,
    }
}

#[test]
fn a_win_between_new_players_is_glicko_2_with_lichess_constants() {
    let won = Some(Outcome::Resignation {
        winner: Color::White,
    });
    let s = settle(&game(won, 2), [None, None], 5 * DAY).unwrap();
    let sys = system();
    let fresh = sys.new_rating();
    let expect = |score| {
        sys.rate(
            &fresh,
            &[topochess_rating::Result {
                opponent: fresh,
                score,
            }],
            0.0,
        )
    };
    assert_eq!(s.after[0].rating, expect(1.0));
    assert_eq!(s.after[1].rating, expect(0.0));
    // Two new players: the winner gains what the loser loses, a lot (RD 500).
    assert!(
        s.diffs[0] > 150 && s.diffs[0] == -s.diffs[1],
        "{:?}",
        s.diffs
    );
    assert_eq!((s.after[0].games, s.after[0].updated), (1, 5 * DAY));
}

#[test]
fn time_away_grows_the_deviation_and_the_opponent_is_seen_as_now() {
    let draw = Some(Outcome::DrawAgreed);
    let now = 400 * DAY;
    let (white, black) = (
        standing(1700.0, 60.0, now - 200 * DAY),
        standing(1500.0, 60.0, now),
    );
    let s = settle(&game(draw, 10), [Some(&white), Some(&black)], now).unwrap();
    let sys = system();
    let periods = sys.periods_between(white.updated, now);
    let black_now = black.rating;
    let expect_white = sys.rate(
        &white.rating,
        &[topochess_rating::Result {
            opponent: black_now,
            score: 0.5,
        }],
        periods,
    );
    assert_eq!(s.after[0].rating, expect_white);
    let white_now = Rating {
        deviation: sys.deviation_after(&white.rating, periods),
        ..white.rating
    };
    let expect_black = sys.rate(
        &black.rating,
        &[topochess_rating::Result {
            opponent: white_now,
            score: 0.5,
        }],
        0.0,
    );
    assert_eq!(s.after[1].rating, expect_black);
    assert!(
        s.diffs[0] < 0 && s.diffs[1] > 0,
        "the stronger side drew: {:?}",
        s.diffs
    );
    assert_eq!(s.after[0].games, 11);
}

#[test]
fn nothing_is_rated_unless_both_accounts_moved_in_a_rated_game_that_ended() {
    let won = Some(Outcome::Resignation {
        winner: Color::Black,
    });
    assert!(settle(&game(won, 1), [None, None], 0).is_none(), "one move");
    assert!(
        settle(&game(None, 20), [None, None], 0).is_none(),
        "not over"
    );
    let mut aborted = game(won, 2);
    aborted.aborted = true;
    assert!(settle(&aborted, [None, None], 0).is_none());
    let mut casual = game(won, 2);
    casual.rated = false;
    assert!(settle(&casual, [None, None], 0).is_none());
    let mut guest = game(won, 2);
    guest.players[1] = None;
    assert!(settle(&guest, [None, None], 0).is_none());
    assert!(settle(&game(won, 2), [None, None], 0).is_some());
}

#[test]
fn a_settled_record_carries_the_changes_at_its_next_revision() {
    let won = Some(Outcome::Checkmate {
        winner: Color::White,
    });
    let g = game(won, 6);
    let s = settle(&g, [None, None], 0);
    let kept = settled_record(g.clone(), s.as_ref());
    assert!(kept.settled && !unsettled(&kept) && unsettled(&g));
    assert_eq!(kept.revision, g.revision + 1);
    let diffs = kept.players.clone().map(|p| p.unwrap().tag.diff.unwrap());
    assert_eq!(diffs, s.unwrap().diffs);
    let unrated = settled_record(game(won, 1), None);
    assert!(unrated
        .players
        .iter()
        .flatten()
        .all(|p| p.tag.diff.is_none()));
}

#[test]
fn a_preset_never_played_shows_the_new_players_rating_and_time_away_shows() {
    let shown_new = shown(None, 0);
    assert_eq!(
        (shown_new.rating, shown_new.rd, shown_new.games),
        (1500, 500, 0)
    );
    assert!(shown_new.provisional);
    let settled = standing(1812.4, 50.0, 0);
    let fresh = shown(Some(&settled), 0);
    assert_eq!(
        (fresh.rating, fresh.rd, fresh.provisional),
        (1812, 50, false)
    );
    let later = shown(Some(&settled), 3 * 365 * DAY);
    assert!(later.rd > 100, "{later:?}");
    assert_eq!(rankable_deviation("standard"), 75.0);
    assert_eq!(rankable_deviation("folded"), 65.0);
}
