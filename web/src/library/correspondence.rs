//! Correspondence play without a server: after each move the player sends the other a link that
//! carries the whole game (moves in the core's compact code), the game's id, the players, who
//! sent it, any ending or draw offer, and a check over all of it. Opening a link adds the game
//! or brings the kept one up to date; a link older than the kept game, or of another line, asks
//! first; a corrupted or edited link is refused.

use crate::common::settings::{variant_of, Opponent, Settings};
use crate::library::storage::{Library, SavedGame};
use percent_encoding::{percent_decode_str, utf8_percent_encode, NON_ALPHANUMERIC};
use topochess_core::game::Game;
use topochess_core::{compact, fen, Color};

/// The format's version, first in every link.
const VERSION: &str = "1";

fn side_letter(c: Color) -> &'static str {
    if c == Color::White {
        "w"
    } else {
        "b"
    }
}

fn side_of(letter: &str) -> Option<Color> {
    match letter {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    }
}

fn enc(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// The fragment (without `#`) of the link `sender` sends after their move, or why the game
/// cannot be carried by a link.
pub fn fragment(saved: &SavedGame, game: &Game, sender: Color) -> Result<String, String> {
    let s = &saved.settings;
    let id = match s.opponent {
        Opponent::Correspondence { id, .. } => id,
        _ => saved.id,
    };
    let mut text = format!(
        "cg={VERSION}&variant={}&castling={}&id={id:x}&white={}&black={}&from={}",
        enc(&s.variant),
        enc(&s.castling),
        enc(&s.names[0]),
        enc(&s.names[1]),
        side_letter(sender)
    );
    let start = fen::write(game.start());
    if start != game.start().variant().start_fen() {
        text.push_str(&format!("&fen={}", enc(&start)));
    }
    let code = compact::encode(game.start(), game.moves()).map_err(|e| e.to_string())?;
    text.push_str(&format!("&moves={code}"));
    if let Some(ended) = &saved.ended {
        text.push_str(&format!("&ended={}", enc(ended)));
    }
    if let Some(by) = saved.draw_offer {
        text.push_str(&format!("&offer={}", side_letter(by)));
    }
    let check = compact::check(&text);
    Ok(format!("{text}&check={check}"))
}

/// A game received by link: as the receiver keeps it (their side is the one that did not send).
#[derive(Clone, Debug, PartialEq)]
pub struct Letter {
    /// The game, with the receiver's side in its settings.
    pub game: SavedGame,
    /// Who sent it.
    pub sender: Color,
}

/// The game a correspondence fragment carries: `None` when it is not one, else the game or why
/// it cannot be used (corrupted, edited, or not a legal game).
pub fn parse(hash: &str) -> Option<Result<Letter, String>> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if !hash.starts_with("cg=") {
        return None;
    }
    Some(read(hash))
}

fn read(hash: &str) -> Result<Letter, String> {
    let (body, check) = hash
        .rsplit_once("&check=")
        .ok_or("the link has no check: it was cut short")?;
    if compact::check(body) != check {
        return Err(
            "the link was changed or corrupted on the way (its check does not match)".into(),
        );
    }
    let mut settings = Settings::default();
    let (mut id, mut from, mut start, mut code, mut ended, mut offer) =
        (None, None, None, String::new(), None, None);
    for pair in body.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v = percent_decode_str(v)
            .decode_utf8()
            .map_err(|_| format!("its {k} is not valid text"))?
            .into_owned();
        match k {
            "cg" if v != VERSION => return Err(format!("it is of an unknown version {v}")),
            "variant" => settings.variant = v,
            "castling" => settings.castling = v,
            "white" => settings.names[0] = v,
            "black" => settings.names[1] = v,
            "id" => id = u64::from_str_radix(&v, 16).ok(),
            "from" => from = side_of(&v),
            "fen" => start = Some(v),
            "moves" => code = v,
            "ended" => ended = Some(v),
            "offer" => offer = side_of(&v),
            _ => {}
        }
    }
    let id = id.ok_or("the link has no game id")?;
    let sender = from.ok_or("the link does not say who sent it")?;
    settings.opponent = Opponent::Correspondence { me: !sender, id };
    settings.flipped = Settings::orientation_for(settings.opponent);
    let variant = variant_of(&settings)?;
    let start = match start {
        Some(text) => fen::parse_position(variant.clone(), &text).map_err(|e| e.to_string())?,
        None => topochess_core::Position::start(variant.clone()),
    };
    let moves = compact::decode(&start, &code).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    for mv in moves {
        game.play(mv)
            .map_err(|_| "a move of the link is not legal")?;
    }
    let mut saved = SavedGame::of(id, &settings, &game, 0.0);
    saved.ended = ended.filter(|e| e == "draw" || e.starts_with("resign:"));
    saved.draw_offer = offer;
    // The ending is checked by replaying it.
    saved.rebuild()?;
    Ok(Letter {
        game: saved,
        sender,
    })
}

/// What opening a correspondence link did, or asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Received {
    /// A game not kept before: added.
    Added(SavedGame),
    /// The kept game, brought up to date with the link's new moves.
    Updated(SavedGame),
    /// The link has nothing new.
    Same(SavedGame),
    /// The link is older than the kept game, or of another line: nothing changed yet.
    Ask {
        /// The game kept.
        kept: Box<SavedGame>,
        /// The link's game (with the kept game's library id).
        incoming: Box<SavedGame>,
        /// Why the player is asked.
        why: String,
    },
}

fn correspondence_id(g: &SavedGame) -> Option<u64> {
    match g.settings.opponent {
        Opponent::Correspondence { id, .. } => Some(id),
        _ => None,
    }
}

impl Library {
    /// Takes in a game received by link (see [`Received`]); `new_id` is its library id when it
    /// is new.
    pub fn receive(&mut self, letter: Letter, new_id: u64) -> Received {
        let mut incoming = letter.game;
        let wanted = correspondence_id(&incoming);
        let Some(kept) = self
            .games
            .iter()
            .find(|g| correspondence_id(g) == wanted)
            .cloned()
        else {
            incoming.id = new_id;
            self.put(incoming.clone());
            return Received::Added(incoming);
        };
        // The kept game's id and the player's own side stay as they are in this browser.
        incoming.id = kept.id;
        incoming.settings.opponent = kept.settings.opponent;
        incoming.settings.flipped = kept.settings.flipped;
        let same_start = kept.start_fen == incoming.start_fen
            && kept.settings.variant == incoming.settings.variant;
        let (k, i) = (&kept.moves, &incoming.moves);
        if same_start && k == i && kept.ended == incoming.ended {
            self.current = Some(kept.id);
            return Received::Same(kept);
        }
        if same_start && i.len() >= k.len() && i.starts_with(k) {
            self.put(incoming.clone());
            return Received::Updated(incoming);
        }
        let why = if same_start && k.starts_with(i) {
            format!(
                "This link is older than the game you keep: it has {} moves, yours {}.",
                i.len(),
                k.len()
            )
        } else {
            "This link's game has moves your game does not: it goes another way.".into()
        };
        Received::Ask {
            kept: Box::new(kept),
            incoming: Box::new(incoming),
            why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn correspondence_game(moves: &[&str], me: Color) -> (SavedGame, Game) {
        let settings = Settings {
            variant: "folded".into(),
            opponent: Opponent::Correspondence { me, id: 0xabc },
            names: ["Ann".into(), "Bo Ö".into()],
            ..Settings::default()
        };
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let start = variant_of(&settings).unwrap().start_fen();
        let game = crate::library::storage::rebuild(&settings, &start, &texts, None).unwrap();
        (SavedGame::of(7, &settings, &game, 0.0), game)
    }

    #[test]
    fn a_link_round_trips_with_names_sides_and_moves() {
        let (saved, game) = correspondence_game(&["e2e4", "e7e5", "g1f3"], Color::White);
        let hash = fragment(&saved, &game, Color::White).unwrap();
        let letter = parse(&format!("#{hash}")).unwrap().unwrap();
        assert_eq!(letter.sender, Color::White);
        assert_eq!(letter.game.moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(
            letter.game.settings.names,
            ["Ann".to_string(), "Bo Ö".into()]
        );
        assert_eq!(
            letter.game.settings.opponent,
            Opponent::Correspondence {
                me: Color::Black,
                id: 0xabc
            }
        );
        assert!(parse("#variant=folded").is_none(), "a plain share link");
    }

    #[test]
    fn an_edited_or_cut_link_is_refused() {
        let (saved, game) = correspondence_game(&["e2e4", "e7e5"], Color::White);
        let hash = fragment(&saved, &game, Color::White).unwrap();
        let edited = hash.replace("from=w", "from=b");
        assert!(parse(&edited).unwrap().unwrap_err().contains("changed"));
        let cut = &hash[..hash.len() - 14];
        assert!(parse(cut).unwrap().is_err());
    }

    #[test]
    fn receiving_adds_updates_or_asks() {
        let mut lib = Library::default();
        let (sent, game) = correspondence_game(&["e2e4"], Color::White);
        let letter = parse(&fragment(&sent, &game, Color::White).unwrap())
            .unwrap()
            .unwrap();
        let Received::Added(added) = lib.receive(letter.clone(), 100) else {
            panic!("added");
        };
        assert_eq!(added.id, 100);
        assert_eq!(
            lib.receive(letter.clone(), 101),
            Received::Same(added.clone())
        );
        // The next link has one more move: the kept game is updated, the player's side stays.
        let (later, game2) = correspondence_game(&["e2e4", "e7e5", "g1f3"], Color::White);
        let newer = parse(&fragment(&later, &game2, Color::White).unwrap())
            .unwrap()
            .unwrap();
        let Received::Updated(updated) = lib.receive(newer, 102) else {
            panic!("updated");
        };
        assert_eq!(updated.id, 100);
        assert_eq!(updated.moves.len(), 3);
        assert!(matches!(
            updated.settings.opponent,
            Opponent::Correspondence {
                me: Color::Black,
                ..
            }
        ));
        // The first link again: older, so the player is asked and nothing changes.
        match lib.receive(letter, 103) {
            Received::Ask { why, .. } => assert!(why.contains("older")),
            other => panic!("{other:?}"),
        }
        assert_eq!(lib.current_game().unwrap().moves.len(), 3);
        // Another line.
        let (other, game3) = correspondence_game(&["e2e4", "c7c5"], Color::White);
        let branch = parse(&fragment(&other, &game3, Color::White).unwrap())
            .unwrap()
            .unwrap();
        assert!(matches!(lib.receive(branch, 104), Received::Ask { .. }));
        assert_eq!(lib.games.len(), 1);
    }

    #[test]
    fn a_hundred_move_game_link_fits_a_chat_message_on_every_preset() {
        let mut longest = (0, "");
        for preset in topochess_core::variant::PRESETS {
            let settings = Settings {
                variant: preset.id.into(),
                opponent: Opponent::Correspondence {
                    me: Color::White,
                    id: u64::MAX,
                },
                names: ["Annabelle".into(), "Bartholomew".into()],
                ..Settings::default()
            }
            .validated()
            .unwrap();
            let variant = variant_of(&settings).unwrap();
            let mut game = Game::new(topochess_core::Position::start(variant));
            // A long game of seeded random moves: 200 plies, or until the game ends.
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            while game.moves().len() < 200 && game.outcome().is_none() {
                let moves = game.position().legal_moves();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                game.play(moves[(seed % moves.len() as u64) as usize])
                    .unwrap();
            }
            let saved = SavedGame::of(1, &settings, &game, 0.0);
            let text = fragment(&saved, &game, Color::White).unwrap();
            assert!(parse(&text).unwrap().is_ok(), "{}", preset.id);
            if game.moves().len() == 200 && text.len() > longest.0 {
                longest = (text.len(), preset.id);
            }
        }
        println!(
            "longest 100-move correspondence fragment: {} characters ({})",
            longest.0, longest.1
        );
        assert!(longest.0 > 0 && longest.0 <= 450, "{longest:?}");
    }

    #[test]
    fn no_take_back_redo_or_hint_in_a_correspondence_game() {
        use crate::app::state::{Action, AppState, PlayAction};
        use yew::Reducible;
        let (saved, _) = correspondence_game(&["e2e4", "e7e5"], Color::White);
        let s = std::rc::Rc::new(AppState::from_saved(&saved).unwrap());
        let s = s
            .reduce(Action::Play(PlayAction::TakeBack))
            .reduce(Action::Hint);
        assert_eq!(s.move_texts(), ["e2e4", "e7e5"]);
        assert!(s.engine.is_none());
        // The opponent's move cannot be typed either.
        let s = s.reduce(Action::Play(PlayAction::Typed("Nf3".into())));
        assert_eq!(s.move_texts().len(), 3, "White (me) to move: played");
        let s = s.reduce(Action::Play(PlayAction::Typed("Nc6".into())));
        assert_eq!(s.move_texts().len(), 3, "Black's move comes by link");
        assert!(s.notice.as_deref().unwrap().contains("by link"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 600, ..Default::default() })]

        /// Correspondence links from outside, edited anywhere: never a panic, and whatever is
        /// accepted replays as a legal game.
        #[test]
        fn edited_links_are_never_a_panic(
            at in 0usize..400,
            c in proptest::char::any(),
            cut in 0usize..400,
        ) {
            let (saved, game) = correspondence_game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
            let good = fragment(&saved, &game, Color::White).unwrap();
            let mut chars: Vec<char> = good.chars().collect();
            let i = at % chars.len();
            chars[i] = c;
            let edited: String = chars.into_iter().collect();
            let cut_text: String = good.chars().take(cut % good.len()).collect();
            for text in [edited, cut_text] {
                if let Some(Ok(letter)) = parse(&text) {
                    proptest::prop_assert!(letter.game.rebuild().is_ok());
                }
            }
        }
    }
}
