//! The library, share links and the tab's game: saved, read back, kept apart, refused.

use super::*;
use crate::common::settings::{Margin, Opponent};

fn game_with(moves: &[&str]) -> (Settings, Game) {
    let settings = Settings::default();
    let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let start = variant_of(&settings).unwrap().start_fen();
    let game = rebuild(&settings, &start, &texts, None).unwrap();
    (settings, game)
}

#[test]
fn a_link_round_trips_and_a_bad_link_says_why() {
    let (settings, game) = game_with(&["e2e4", "e7e5", "g1f3"]);
    let hash = fragment(&settings, &game);
    let back = parse_fragment(&format!("#{hash}")).unwrap().unwrap();
    assert_eq!(back.moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(back.settings.variant, "folded");
    assert_eq!(back.settings.opponent, Opponent::HotSeat);
    assert_eq!(parse_fragment("#top"), None, "not a game link");
    assert_eq!(parse_fragment(""), None);
    for bad in [
        "variant=nowhere&moves=",
        "moves=e2e4",
        "variant=folded&castling=none&moves=e2e5",
        "variant=folded&castling=none&fen=8%2F8&moves=",
        "variant=folded&moves=%FF%FE",
    ] {
        let err = parse_fragment(bad).unwrap().unwrap_err();
        assert!(!err.is_empty(), "{bad}");
    }
}

#[test]
fn opening_a_link_adds_a_game_and_never_overwrites_one() {
    let (settings, mine) = game_with(&["d2d4"]);
    let mut lib = Library::default();
    lib.put(SavedGame::of(1, &settings, &mine, 1.0));
    let (_, linked) = game_with(&["e2e4", "e7e5"]);
    let link = parse_fragment(&fragment(&settings, &linked))
        .unwrap()
        .unwrap();
    let opened = lib.admit(link.clone(), 2);
    assert_eq!(opened.id, 2);
    assert_eq!(lib.current, Some(2));
    assert_eq!(lib.games.len(), 2, "the player's game is still there");
    assert!(lib.games.iter().any(|g| g.id == 1 && g.moves == ["d2d4"]));
    // The same link opened twice: one game, made current again.
    lib.current = Some(1);
    let again = lib.admit(link.clone(), 3);
    assert_eq!(again.id, 2);
    assert_eq!(lib.games.len(), 2);
    // After a move in the link's game, the link opens a game of its own beside it.
    let (_, moved) = game_with(&["e2e4", "e7e5", "b1c3"]);
    lib.put(SavedGame::of(2, &settings, &moved, 2.0));
    let third = lib.admit(link, 4);
    assert_eq!(third.id, 4);
    assert_eq!(lib.games.len(), 3);
    assert!(lib.games.iter().any(|g| g.id == 2 && g.moves.len() == 3));
}

#[test]
fn the_library_keeps_games_played_and_drops_untouched_ones() {
    let (settings, empty) = game_with(&[]);
    let (_, played) = game_with(&["e2e4"]);
    let mut lib = Library::default();
    lib.put(SavedGame::of(1, &settings, &played, 0.0));
    lib.put(SavedGame::of(2, &settings, &empty, 0.0));
    lib.put(SavedGame::of(3, &settings, &empty, 0.0));
    let ids: Vec<u64> = lib.games.iter().map(|g| g.id).collect();
    assert_eq!(
        ids,
        [3, 1],
        "the untouched game 2 went, the current one stays"
    );
    // No game played is ever dropped, however many there are.
    for id in 10..200 {
        lib.put(SavedGame::of(id, &settings, &played, 0.0));
    }
    assert_eq!(lib.games.len(), 191, "game 1 and games 10-199");
    let text = lib.to_json();
    assert_eq!(Library::from_json(&text).unwrap(), lib);
}

#[test]
fn a_save_that_a_reload_cut_short_is_put_back_once_and_never_over_another_tab() {
    let (settings, _) = game_with(&[]);
    let saved = |moves: &[&str]| SavedGame::of(1, &settings, &game_with(moves).1, 0.0);
    let texts = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let moves_of = |lib: &Library, id: u64| {
        lib.games
            .iter()
            .find(|g| g.id == id)
            .map(|g| g.moves.clone())
    };
    // The tab wrote 1.e4 and reloaded while 1...e5 was on its way: it is written now.
    let mut lib = Library::default();
    lib.put(saved(&["e2e4"]));
    let cut = saved(&["e2e4", "e7e5"]);
    let seen = texts(&["e2e4"]);
    assert_eq!(lib.recover(cut.clone(), Some(&seen), 9), None);
    assert_eq!(moves_of(&lib, 1), Some(texts(&["e2e4", "e7e5"])));
    // The write had been made after all: nothing changes, the current game included.
    let mut other = saved(&["d2d4"]);
    other.id = 2;
    lib.put(other);
    let before = lib.clone();
    assert_eq!(lib.recover(cut.clone(), Some(&seen), 9), None);
    assert_eq!(lib, before);
    // Another tab took the game another way before the reload: both lines are kept.
    let mut lib = Library::default();
    lib.put(saved(&["e2e4", "c7c5"]));
    assert_eq!(lib.recover(cut, Some(&seen), 9), Some(9));
    assert_eq!(moves_of(&lib, 1), Some(texts(&["e2e4", "c7c5"])));
    assert_eq!(moves_of(&lib, 9), Some(texts(&["e2e4", "e7e5"])));
}

#[test]
fn two_tabs_that_take_a_game_two_ways_keep_both_lines() {
    let (settings, _) = game_with(&[]);
    let saved = |moves: &[&str]| SavedGame::of(1, &settings, &game_with(moves).1, 0.0);
    let texts = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let mut lib = Library::default();
    // Both tabs have 1.e4; tab A goes on to 3.Bc4 and writes each move.
    lib.put(saved(&["e2e4"]));
    let a = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"];
    assert_eq!(
        lib.save_seen(saved(&a), Some(&texts(&["e2e4"])), 9),
        Kept::Saved
    );
    // Tab B, which last wrote 1.e4, plays 1...d5: A's line stays and B's is kept apart.
    let b = ["e2e4", "d7d5"];
    assert_eq!(
        lib.save_seen(saved(&b), Some(&texts(&["e2e4"])), 9),
        Kept::Apart(9)
    );
    let kept = |id: u64| lib.games.iter().find(|g| g.id == id).unwrap().moves.clone();
    assert_eq!((kept(1), kept(9)), (texts(&a), texts(&b)));
    assert_eq!(lib.current, Some(9));
    // A tab that continues what the other wrote, or takes back its own move, just saves.
    let mut lib = Library::default();
    lib.put(saved(&["e2e4", "e7e5"]));
    let on = ["e2e4", "e7e5", "g1f3"];
    assert_eq!(
        lib.save_seen(saved(&on), Some(&texts(&["e2e4"])), 9),
        Kept::Saved
    );
    assert_eq!(
        lib.save_seen(saved(&["e2e4"]), Some(&texts(&on)), 9),
        Kept::Saved
    );
    assert_eq!(
        lib.save_seen(saved(&["d2d4"]), None, 9),
        Kept::Saved,
        "nothing seen yet"
    );
    assert_eq!(lib.games.len(), 1);
    // A tab following another saves the line it has just heard (it last wrote 1.e4; it follows
    // to 1...e5) while the other has gone on to 2.Nf3: not a second line, and nothing cut.
    let mut lib = Library::default();
    lib.put(saved(&on));
    assert_eq!(
        lib.save_seen(saved(&["e2e4", "e7e5"]), Some(&texts(&["e2e4"])), 9),
        Kept::Saved
    );
    assert_eq!(
        (lib.games.len(), lib.games[0].moves.clone()),
        (1, texts(&on))
    );
}

#[test]
fn stored_settings_are_validated_and_missing_fields_take_defaults() {
    let text = r#"{"version":2,"current":5,"games":[{"id":5,
        "settings":{"variant":"standard","margin":{"Squares":255},
                    "opponent":{"Computer":{"computer":"Black","level":200}}},
        "start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "moves":["e2e4"]}]}"#;
    let lib = Library::from_json(text).unwrap();
    let (settings, game) = lib.current_game().unwrap().rebuild().unwrap();
    assert_eq!(settings.margin, Margin::Squares(3));
    assert_eq!(
        settings.opponent,
        Opponent::Computer {
            computer: topochess_core::Color::Black,
            level: 8
        }
    );
    assert_eq!(settings.castling, "standard");
    assert_eq!(game.moves().len(), 1);
    // Unknown variants and other versions are refused with a reason.
    assert!(Library::from_json(r#"{"version":9}"#).is_err());
    assert!(Library::from_json("not json").is_err());
    let bad = SavedGame {
        settings: Settings {
            variant: "nowhere".into(),
            ..Settings::default()
        },
        ..lib.games[0].clone()
    };
    assert!(bad.rebuild().is_err());
}

#[test]
fn the_single_saved_game_of_version_one_moves_into_the_library() {
    let old = r#"{"version":1,"settings":{"variant":"folded","castling":"none",
        "opponent":"HotSeat","view":"Both","margin":{"Squares":2},"flipped":false,
        "dark":true},"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "moves":["e2e4"],"ended":null}"#;
    let lib = Library::from_old_json(old, 9).unwrap();
    let game = lib.current_game().unwrap();
    assert_eq!((game.id, game.moves.len()), (9, 1));
    assert!(game.settings.dark);
}

/// A small edit of a text: delete, insert or replace one character.
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, c) in edits {
        let at = if chars.is_empty() {
            0
        } else {
            at % chars.len()
        };
        match kind % 3 {
            0 if !chars.is_empty() => {
                chars.remove(at);
            }
            1 => chars.insert(at, c),
            _ if !chars.is_empty() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 1000, ..Default::default() })]

    /// Share-link fragments from outside: never a panic, and a game accepted replays.
    #[test]
    fn link_fragments_are_never_a_panic(
        text in "\\PC{0,60}",
        edits in proptest::collection::vec((0u8..3, 0usize..200, proptest::char::any()), 1..4),
    ) {
        let (settings, game) = game_with(&["e2e4", "e7e5", "g1f3", "b8c6"]);
        let good = fragment(&settings, &game);
        for hash in [text.clone(), format!("variant={text}"), mutate(&good, &edits)] {
            if let Some(Ok(saved)) = parse_fragment(&hash) {
                let (_, replayed) = saved.rebuild().expect("an accepted link replays");
                proptest::prop_assert_eq!(replayed.moves().len(), saved.moves.len());
            }
        }
    }

    /// Stored library JSON: never a panic; whatever is read either replays or says why.
    #[test]
    fn stored_json_is_never_a_panic(
        edits in proptest::collection::vec((0u8..3, 0usize..400, proptest::char::any()), 1..4),
    ) {
        let (settings, game) = game_with(&["e2e4", "e7e5"]);
        let mut lib = Library::default();
        lib.put(SavedGame::of(1, &settings, &game, 0.0));
        let text = mutate(&lib.to_json(), &edits);
        if let Ok(read) = Library::from_json(&text) {
            for g in &read.games {
                let _ = g.rebuild();
            }
        }
        let _ = Library::from_old_json(&text, 2);
    }
}

#[test]
fn a_game_the_library_holds_as_it_is_needs_no_writing() {
    let (settings, _) = game_with(&[]);
    let at =
        |moves: &[&str], updated: f64| SavedGame::of(1, &settings, &game_with(moves).1, updated);
    let mut lib = Library::default();
    let mut stored = at(&["e2e4", "e7e5"], 1000.0);
    stored.annotations = Some("1. e4 {best by test} e5".into());
    lib.put(stored);
    // The same game saved again later (a tab that has just followed another's write): nothing
    // to write, whatever the time of the save.
    assert!(lib.holds(&at(&["e2e4", "e7e5"], 2000.0)));
    // A move more, a move fewer, other names, or another game current: something to write.
    assert!(!lib.holds(&at(&["e2e4", "e7e5", "g1f3"], 2000.0)));
    assert!(!lib.holds(&at(&["e2e4"], 2000.0)));
    let mut renamed = at(&["e2e4", "e7e5"], 2000.0);
    renamed.settings.names = ["Ann".into(), "Bo".into()];
    assert!(!lib.holds(&renamed));
    lib.put(SavedGame::of(2, &settings, &game_with(&["d2d4"]).1, 3000.0));
    assert!(
        !lib.holds(&at(&["e2e4", "e7e5"], 2000.0)),
        "not the current game"
    );
}
