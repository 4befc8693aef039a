use super::*;
use topochess_core::Color;

#[test]
fn pressing_a_pool_waits_there_and_pressing_it_again_leaves() {
    let mut wait = None;
    assert_eq!(
        reduce(&mut wait, PoolAction::Press("folded-3+2".into()), 10.0),
        None
    );
    assert_eq!(
        wait.as_ref().map(|w| (w.pool.as_str(), w.since)),
        Some(("folded-3+2", 10.0))
    );
    // Another pool: the wait moves there (the server takes the player out of the first).
    reduce(&mut wait, PoolAction::Press("torus-1+0".into()), 20.0);
    assert_eq!(wait.as_ref().map(|w| w.pool.as_str()), Some("torus-1+0"));
    // A double tap's second tap is not a leave.
    reduce(
        &mut wait,
        PoolAction::Press("torus-1+0".into()),
        20.0 + SECOND_TAP_MS - 1.0,
    );
    assert_eq!(wait.as_ref().map(|w| w.pool.as_str()), Some("torus-1+0"));
    let left = reduce(
        &mut wait,
        PoolAction::Press("torus-1+0".into()),
        20.0 + SECOND_TAP_MS,
    );
    assert_eq!(wait, None, "pressed again: left");
    assert!(
        matches!(left, Some(PoolOutcome::Ended(ref s)) if s.starts_with("You left the")),
        "and said: {left:?}"
    );
    reduce(&mut wait, PoolAction::Press("no-such-pool".into()), 40.0);
    assert_eq!(wait, None);
}

#[test]
fn the_servers_news_ends_the_wait_in_a_game_or_a_sentence() {
    let mut wait = None;
    reduce(&mut wait, PoolAction::Press("cylinder-5+3".into()), 0.0);
    let waiting = PoolNews::Waiting {
        pool: "cylinder-5+3".into(),
        rated: true,
        rating: 1720,
    };
    reduce(&mut wait, PoolAction::Heard(waiting), 5.0);
    assert_eq!(wait.as_ref().and_then(|w| w.seat), Some((true, 1720)));
    let paired = PoolNews::Paired {
        id: "00000000000000ff".into(),
        side: Color::Black,
    };
    assert_eq!(
        reduce(&mut wait, PoolAction::Heard(paired.clone()), 6.0),
        Some(PoolOutcome::Paired {
            id: 255,
            side: Color::Black,
            pool: Pool::of("cylinder-5+3").unwrap(),
            rated: true
        })
    );
    assert_eq!(wait, None);
    // News of a wait already over changes nothing.
    assert_eq!(reduce(&mut wait, PoolAction::Heard(paired), 7.0), None);
    reduce(&mut wait, PoolAction::Press("folded-1+0".into()), 8.0);
    let left = PoolNews::Left {
        message: "elsewhere".into(),
    };
    assert_eq!(
        reduce(&mut wait, PoolAction::Heard(left), 9.0),
        Some(PoolOutcome::Ended("elsewhere".into()))
    );
    assert_eq!(wait, None);
}

#[test]
fn the_computer_is_offered_at_the_players_level_and_the_wait_is_shown() {
    assert_eq!(computer_level(1500), 4);
    assert_eq!(computer_level(1499), 3);
    assert_eq!(computer_level(1700), 5);
    assert_eq!(computer_level(400), 1);
    assert_eq!(computer_level(3000), 8);
    let wait = PoolWait {
        pool: "folded-1+0".into(),
        since: 1000.0,
        seat: None,
    };
    assert_eq!(waited_text(&wait, 8_500.0), "0:07");
    assert_eq!(waited_text(&wait, 73_000.0), "1:12");
    assert_eq!(pool_name(&Pool::of("torus-3+2").unwrap()), "Torus 3+2");
    for variant in topochess_protocol::pool::POOL_PRESETS {
        assert_ne!(preset_name(variant), variant, "{variant} has a name");
    }
}

#[test]
fn a_rated_wait_says_how_wide_its_range_has_grown() {
    let mut wait = PoolWait {
        pool: "folded-3+2".into(),
        since: 1_000.0,
        seat: None,
    };
    assert_eq!(range_text(&wait, 1_000.0), None, "before the server says");
    wait.seat = Some((true, 1720));
    assert_eq!(
        range_text(&wait, 1_000.0).unwrap(),
        "ratings 1620\u{2013}1820"
    );
    assert_eq!(
        range_text(&wait, 5_500.0).unwrap(),
        "ratings 1520\u{2013}1920"
    );
    assert_eq!(
        range_text(&wait, 60_000.0).unwrap(),
        "ratings 1220\u{2013}2220 (the widest)"
    );
    wait.seat = Some((false, 1500));
    assert_eq!(range_text(&wait, 9_000.0), None, "a guest meets any guest");
}

#[test]
fn every_cell_says_who_waits_and_plays_there_noughts_too() {
    use topochess_protocol::pool::PoolCount;
    assert_eq!(view::count_text(None), "0 waiting \u{b7} 0 playing");
    let count = PoolCount {
        id: "folded-3+2".into(),
        waiting: 1,
        playing: 4,
    };
    assert_eq!(view::count_text(Some(&count)), "1 waiting \u{b7} 4 playing");
}
