//! A game opened by the page's address: a share link or a correspondence link in its fragment,
//! taken into the library.

use crate::library::correspondence::{self, Letter, Received};
use crate::library::shelf;
use crate::library::storage::{fresh_id, parse_fragment, Library, Opened, SavedGame};

/// The game a link carries.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// A correspondence game, as its receiver keeps it.
    Letter(Letter),
    /// A shared game.
    Game(SavedGame),
}

impl Link {
    /// Takes the link's game into the library (`new_id`: its id when it is new).
    pub fn take_into(self, lib: &mut Library, new_id: u64) -> Opened {
        match self {
            Link::Letter(letter) => match lib.receive(letter, new_id) {
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
            },
            Link::Game(game) => Opened::Game(Box::new(lib.admit(game, new_id))),
        }
    }
}

/// The game the address's fragment carries: `None` when it carries none, an error when it cannot
/// be opened (the library is then left as it is).
pub fn address_link() -> Option<Result<Link, String>> {
    let hash = web_sys::window()?.location().hash().ok()?;
    if let Some(letter) = correspondence::parse(&hash) {
        return Some(letter.map(Link::Letter));
    }
    Some(parse_fragment(&hash)?.map(Link::Game))
}

/// Takes the game of the address's fragment (a share link or a correspondence link) into the
/// library (the app then puts the game's own address in the link's place, so that a reload shows
/// the game as played since, not the link again). `then` hears what was opened (`None` when the
/// address carries no game; an error leaves the library and the address as they were) and the
/// library after it, once written.
pub fn browser_open_link(
    then: impl FnOnce(Option<Result<Opened, String>>, Option<Library>) + 'static,
) {
    match address_link() {
        None => then(None, None),
        Some(Err(why)) => then(Some(Err(why)), None),
        Some(Ok(link)) => shelf::change(
            move |lib| link.take_into(lib, fresh_id()),
            move |result| match result {
                Ok(shelved) => then(Some(Ok(shelved.outcome)), Some(shelved.library)),
                Err(why) => then(Some(Err(why)), None),
            },
        ),
    }
}
