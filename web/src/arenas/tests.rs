use super::*;
use topochess_protocol::arena::{ArenaClock, ArenaGame, ArenaSide, ArenaSummary};

fn view(
    status: ArenaStatus,
    standings: &[(&str, bool)],
    games: &[(&str, &str, &str)],
) -> ArenaView {
    ArenaView {
        summary: ArenaSummary {
            id: topochess_protocol::id_text(7),
            name: "Folded Arena".into(),
            preset: "folded".into(),
            clock: ArenaClock {
                limit: 180,
                increment: 2,
            },
            rated: true,
            starts: 10_000,
            minutes: 30,
            status,
            players: standings.len() as u32,
            private: false,
            schedule: None,
            creator: None,
            bots: false,
        },
        ends: 10_000 + 30 * 60_000,
        now: 20_000,
        standings: standings
            .iter()
            .enumerate()
            .map(|(i, (name, paused))| Standing {
                rank: i as u32 + 1,
                name: name.to_string(),
                rating: 1500,
                provisional: true,
                score: 0,
                sheet: vec![],
                fire: false,
                berserks: 0,
                performance: None,
                paused: *paused,
            })
            .collect(),
        games: games
            .iter()
            .map(|(id, w, b)| ArenaGame {
                id: id.to_string(),
                white: ArenaSide {
                    name: w.to_string(),
                    rating: 1500,
                    rank: 1,
                },
                black: ArenaSide {
                    name: b.to_string(),
                    rating: 1500,
                    rank: 2,
                },
            })
            .collect(),
    }
}

fn heard(v: ArenaView, now: f64) -> ArenaAction {
    ArenaAction::Heard(Box::new(v), now)
}

#[test]
fn the_players_new_game_goes_on_the_board_once_and_the_arena_is_followed_while_they_play() {
    let mut w = ArenaWatch::default();
    w.reduce(ArenaAction::Show(Some(7)), Some("ann"));
    assert_eq!(w.followed(), Some(7));
    let g = topochess_protocol::id_text(99);
    let playing = view(
        ArenaStatus::Started,
        &[("ann", false), ("bob", false)],
        &[(&g, "bob", "ann")],
    );
    // The standings name the game, but only the player's own channel puts it on the board.
    assert_eq!(
        w.reduce(heard(playing.clone(), 15_000.0), Some("ann")),
        None
    );
    assert_eq!(w.offset, 5_000.0, "the server's clock less the page's");
    let told = topochess_protocol::player::PairedGame {
        id: g.clone(),
        side: Color::Black,
        preset: "folded".into(),
        clock: (180, 2),
        rated: true,
        from: topochess_protocol::player::PairedIn::Arena {
            arena: topochess_protocol::id_text(7),
        },
    };
    let mut elsewhere = ArenaWatch::default();
    assert_eq!(
        elsewhere.reduce(ArenaAction::Paired(told.clone()), Some("ann")),
        Some(NewArenaGame {
            id: 99,
            side: Color::Black,
            variant: "folded".into(),
            clock: (180, 2),
            rated: true
        }),
        "told on any screen"
    );
    assert_eq!(elsewhere.followed(), Some(7), "and the arena followed");
    assert!(w
        .reduce(ArenaAction::Paired(told.clone()), Some("ann"))
        .is_some());
    assert_eq!(
        w.reduce(ArenaAction::Paired(told), Some("ann")),
        None,
        "once"
    );
    // Off its page, the arena is still followed: the player plays in it.
    w.reduce(ArenaAction::Show(None), Some("ann"));
    assert_eq!(w.followed(), Some(7));
    // Paused: no longer followed off its page.
    let paused = view(ArenaStatus::Started, &[("ann", true), ("bob", false)], &[]);
    w.reduce(heard(paused, 17_000.0), Some("ann"));
    assert_eq!(w.followed(), None);
    // A spectator's standings open no game.
    let mut spectator = ArenaWatch::default();
    spectator.reduce(ArenaAction::Show(Some(7)), None);
    assert_eq!(spectator.reduce(heard(playing, 1.0), None), None);
    assert_eq!(spectator.playing, None);
}

#[test]
fn standings_of_another_arena_are_not_taken_for_the_one_followed() {
    let mut w = ArenaWatch::default();
    w.reduce(ArenaAction::Show(Some(8)), Some("ann"));
    let other = view(
        ArenaStatus::Started,
        &[("ann", false)],
        &[("x", "ann", "bob")],
    );
    assert_eq!(w.reduce(heard(other, 0.0), Some("ann")), None);
    assert_eq!(w.view, None);
}

#[test]
fn the_countdown_and_the_sheet_read_as_players_expect() {
    let v = view(ArenaStatus::Created, &[], &[]);
    assert_eq!(countdown(&v, 9_000.0), "Starts in 0:01");
    assert_eq!(countdown(&v, 10_000.0 + 60_000.0), "Ends in 29:00");
    assert_eq!(countdown(&v, 10_000.0 + 30.0 * 60_000.0), "Finished");
    let g = |result, points, streak: Option<&str>, berserk| SheetGame {
        game: "g".into(),
        result,
        points,
        streak: streak.map(String::from),
        berserk,
    };
    assert_eq!(
        sheet_mark(&g(SheetResult::Win, 4, Some("double"), false)),
        "4"
    );
    assert_eq!(sheet_mark(&g(SheetResult::Draw, 0, None, false)), "0");
    assert_eq!(
        sheet_title(&g(SheetResult::Win, 3, Some("start"), true)),
        "win: 3 points, streak, berserk"
    );
    assert_eq!(clock_text(180, 2), "3+2");
}

#[test]
fn the_front_page_shows_the_arenas_being_played_then_the_next_three_at_most() {
    let summary = |n: u64, status| ArenaSummary {
        id: topochess_protocol::id_text(n),
        status,
        ..view(status, &[], &[]).summary
    };
    let ids = |list: &topochess_protocol::arena::ArenaList| {
        view::soonest(list)
            .iter()
            .map(|a| a.id.clone())
            .collect::<Vec<_>>()
    };
    let text = topochess_protocol::id_text;
    let mut list = topochess_protocol::arena::ArenaList {
        started: vec![summary(1, ArenaStatus::Started)],
        created: (2..6).map(|n| summary(n, ArenaStatus::Created)).collect(),
        finished: vec![summary(9, ArenaStatus::Finished)],
    };
    assert_eq!(ids(&list), [text(1), text(2), text(3)]);
    list.started.clear();
    assert_eq!(ids(&list), [text(2), text(3), text(4)]);
    list.created.clear();
    assert!(ids(&list).is_empty(), "a finished arena is not offered");
}

#[test]
fn the_list_a_missing_arena_and_a_join_are_kept_in_the_state() {
    let mut w = ArenaWatch::default();
    let list = ArenaList {
        started: vec![view(ArenaStatus::Started, &[], &[]).summary],
        created: vec![],
        finished: vec![],
    };
    w.reduce(ArenaAction::Listed(Ok(list.clone())), None);
    assert_eq!(w.list.clone().unwrap().unwrap().started.len(), 1);
    // A list that cannot be read again keeps the one shown; with none shown, says why.
    w.reduce(ArenaAction::Listed(Err("offline".into())), None);
    assert!(matches!(w.list, Some(Ok(_))));
    let mut fresh = ArenaWatch::default();
    fresh.reduce(ArenaAction::Listed(Err("offline".into())), None);
    assert_eq!(fresh.list, Some(Err("offline".into())));
    // Told of no arena 9 while arena 8 is shown: nothing; of 8: said.
    w.reduce(ArenaAction::Show(Some(8)), None);
    w.reduce(ArenaAction::Missing(9, "no such".into()), None);
    assert_eq!(w.missing, None);
    w.reduce(ArenaAction::Missing(8, "no such".into()), None);
    assert_eq!(w.missing.as_deref(), Some("no such"));
    // A join waits for its answer; a refusal is said until the next try or another arena.
    w.reduce(ArenaAction::Act, None);
    assert!(w.acting);
    w.reduce(ArenaAction::Answered(Err("over".into())), None);
    assert_eq!((w.acting, w.trouble.as_deref()), (false, Some("over")));
    w.reduce(ArenaAction::Act, None);
    assert_eq!(w.trouble, None);
    w.reduce(ArenaAction::Answered(Ok(())), None);
    w.reduce(ArenaAction::Answered(Err("over".into())), None);
    w.reduce(ArenaAction::Show(Some(7)), None);
    assert_eq!((w.missing.clone(), w.trouble.clone()), (None, None));
}
