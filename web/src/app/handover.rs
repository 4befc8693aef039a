//! What the first screen's module hands over to the whole app (`app::whole`): the address the
//! whole app opens, and what it does there.

use crate::app::address::Address;
use crate::app::screen::Screen;
use crate::common::settings::{Opponent, Settings};
use serde::{Deserialize, Serialize};

/// What the whole app does once it has taken over, beside opening the address.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Then {
    /// Nothing more.
    Show,
    /// Create a live game with the New game dialog's settings.
    Live(Settings),
    /// Review the game on the analysis board.
    Review,
    /// Put the game on the analysis board.
    Analyse,
    /// Open a lesson (at its first step not done).
    Lesson(usize),
    /// Open the sign-in form.
    SignIn,
    /// Open the New game dialog, for this opponent if one was chosen.
    NewGame(Option<Opponent>),
}

/// The whole app's taking over: the address it opens, and what it does then.
#[derive(Clone, Debug, PartialEq)]
pub struct Handover {
    /// Where the whole app opens (none: at the address in the bar when it takes over).
    pub address: Option<Address>,
    /// What it does there.
    pub then: Then,
}

impl Handover {
    /// The whole app at `address`, with nothing more to do.
    pub fn to(address: Address) -> Handover {
        Handover {
            address: Some(address),
            then: Then::Show,
        }
    }
}

/// Whether the first screen's module shows the app at `address`.
pub fn first_shows(address: &Address) -> bool {
    match address {
        Address::Home => crate::app::build::FRONT,
        Address::Play(_) => true,
        Address::Live(_) | Address::LiveSide(..) => crate::app::build::LIVE,
        _ => false,
    }
}

/// The address of a screen opened from the navigation, with nothing on it yet.
pub fn screen_address(screen: Screen) -> Address {
    match screen {
        Screen::Home => Address::Home,
        Screen::Play => Address::Play(None),
        Screen::Explore => Address::Explore,
        Screen::Lab => Address::Lab,
        Screen::Games => Address::Games,
        Screen::Analyse => Address::Analysis,
        Screen::Atlas => Address::Endgames(None),
        Screen::Puzzles => Address::Puzzles(None),
        Screen::Learn => Address::Learn(None),
        Screen::Settings => Address::Settings,
        Screen::Player | Screen::Leaderboard => Address::Leaderboard(None),
        Screen::Tournaments | Screen::Tournament => Address::Tournaments,
    }
}
