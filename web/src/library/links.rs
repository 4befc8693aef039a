//! A game opened by the page's address: a share link or a correspondence link in its fragment,
//! taken into the library.

use crate::library::correspondence::{self, Received};
use crate::library::storage::{browser_change, fresh_id, parse_fragment, Opened};

/// Takes the game of the address's fragment (a share link or a correspondence link) into the
/// library (the app then puts the game's own address in the link's place, so that a reload shows
/// the game as played since, not the link again). `None` when the address carries no game; an error leaves the
/// library and the address as they were.
pub fn browser_open_link() -> Option<Result<Opened, String>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let opened = if let Some(letter) = correspondence::parse(&hash) {
        letter.map(|letter| {
            let mut received = None;
            let _ = browser_change(|lib| received = Some(lib.receive(letter, fresh_id())));
            match received.expect("the change ran") {
                Received::Added(g) | Received::Updated(g) | Received::Same(g) => {
                    Opened::Game(Box::new(g))
                }
                Received::Ask {
                    kept,
                    incoming,
                    why,
                } => Opened::Ask {
                    kept,
                    incoming,
                    why,
                },
            }
        })
    } else {
        parse_fragment(&hash)?.map(|game| {
            let mut admitted = None;
            let _ = browser_change(|lib| admitted = Some(lib.admit(game, fresh_id())));
            Opened::Game(Box::new(admitted.expect("the change ran")))
        })
    };
    Some(opened)
}
