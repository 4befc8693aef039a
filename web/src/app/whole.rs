//! The first screen's module and the whole app's.
//!
//! A first visit runs the first screen's module (`web/src/bin/first.rs`: this crate built with
//! the `first` feature, where [`crate::app::build::FULL`] is false): the front page, a game on the board
//! against the computer, at one screen or by correspondence, the New game dialog and the saved
//! games. A first visit to a live game's link runs the link's module (the `live` feature beside
//! `first`): live play, and the game's board, without the front page and the New game dialog
//! ([`crate::app::build::FRONT`]). Everything else (the other screens, the lobby, the account, the
//! pools, TV) is the whole app's module (`web/src/bin/app.rs`), fetched the first time the player goes
//! beyond the first screen's: the first module hands over as a reload would (the game on the board
//! is kept aside at each change, `library::shelf::save`), the address names where the whole app
//! opens, and what the player asked for goes with it ([`Then`]). `index.html`'s loader starts the
//! whole app at once on a page the service worker serves (every visit after the first, which
//! fetched and kept everything) and at an address the first module does not show
//! (scripts/build-site.mjs writes it).

use crate::app::address::Address;
use crate::app::handover::{Handover, Then};
use crate::app::state::{Action, AppState, Screen};
use yew::prelude::*;

impl AppState {
    /// In the first screen's module: whether `action` is the whole app's, and so asks for the
    /// handover instead of being carried out. One without an address does not replace one
    /// already asked for.
    pub(crate) fn handed_over(&mut self, action: &Action) -> bool {
        if crate::app::build::FULL {
            return false;
        }
        let Some(handover) = action.beyond_first() else {
            return false;
        };
        if handover.address.is_some() || self.whole.is_none() {
            self.whole = Some(handover);
        }
        true
    }

    /// The handover's own actions: asked for, the module here, or out of reach.
    pub(crate) fn reduce_handover(&mut self, action: Action) {
        let s = self;
        match action {
            Action::Whole(handover) => s.whole = Some(handover),
            Action::WholeReady => {
                let idle = s.screen == Screen::Home && !s.new_game.open && s.pending_link.is_none();
                if !crate::app::build::FULL && idle && s.whole.is_none() {
                    // At the address in the bar then (a link opened meanwhile is followed).
                    s.whole = Some(Handover {
                        address: None,
                        then: Then::Show,
                    });
                }
            }
            Action::WholeFailed(why) => {
                s.whole = None;
                // What the first module cannot show waits on the front page (the board in the
                // link's module, which has none).
                if !s.first_can_show() {
                    s.screen = if crate::app::build::FRONT {
                        Screen::Home
                    } else {
                        Screen::Play
                    };
                }
                s.notice = Some(why);
            }
            _ => {}
        }
    }
}

/// Where `then` waits for the whole app: the tab's session storage.
const THEN_KEY: &str = "topochess/then";

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// What the first module handed over for the whole app to do, taken (it is done once).
pub fn take_then() -> Option<Then> {
    let store = session()?;
    let text = store.get_item(THEN_KEY).ok()??;
    let _ = store.remove_item(THEN_KEY);
    serde_json::from_str(&text).ok()
}

/// The handover the first module makes now, if any: asked for, or a state it cannot show.
pub fn wanted(state: &AppState) -> Option<Handover> {
    if crate::app::build::FULL {
        return None;
    }
    state
        .whole
        .clone()
        .or_else(|| (!state.first_can_show()).then(|| Handover::to(state.address())))
}

/// In the first screen's module: hands over to the whole app when the state asks for it
/// (`wanted`, of this render). The
/// whole app's module is fetched (`topochessWhole` in `index.html`), the address written, and
/// the whole app takes the page; if the module cannot be fetched, the player is told and the
/// first module goes on.
#[hook]
pub fn use_handover(state: &UseReducerHandle<AppState>, wanted: Option<Handover>) {
    let dispatch = state.dispatcher();
    use_effect_with(wanted, move |wanted| {
        if let Some(handover) = wanted.clone() {
            if let (Some(store), Ok(then)) = (session(), serde_json::to_string(&handover.then)) {
                let _ = store.set_item(THEN_KEY, &then);
            }
            // The page's own games, where the browser keeps none, go with it.
            crate::library::shelf::hand_over();
            let fragment = handover.address.map(|address| match address {
                Address::Home => String::new(),
                address => address.fragment(),
            });
            let at = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&at, &"at".into(), &fragment.into());
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = crate::common::module_view::loaded_with("topochessWhole", &at).await;
                if let Err(why) = loaded {
                    if let Some(store) = session() {
                        let _ = store.remove_item(THEN_KEY);
                    }
                    dispatch.dispatch(Action::WholeFailed(format!(
                        "This part of Topochess could not be loaded ({why}). Your game is \
                         saved; try again when the network is back."
                    )));
                }
            });
        }
    });
}

/// While the whole app is fetched: a word on what is opening (the page is inert meanwhile).
pub fn opening(handover: Option<&Handover>) -> Html {
    let Some(handover) = handover else {
        return html! {};
    };
    let what = match (&handover.then, &handover.address) {
        (Then::SignIn, _) => "the sign-in form",
        (Then::NewGame(_), _) => "the New game dialog",
        (Then::Live(_), _) => "a live game",
        (_, Some(address)) => opened(address),
        (_, None) => "the lobby",
    };
    html! {
        <div class="notice whole-opening" id="whole-opening" role="status">
            <span class="spinner" aria-hidden="true"></span>{format!("Opening {what}\u{2026}")}
        </div>
    }
}

/// What an address opens, as the word on the way there says it.
fn opened(address: &Address) -> &'static str {
    match address {
        Address::Home | Address::Play(_) => "the game",
        Address::Live(_) | Address::LiveSide(..) => "the live game",
        Address::Analysis => "the analysis board",
        Address::Puzzles(_) => "the puzzles",
        Address::Learn(_) => "the lessons",
        Address::Endgames(_) => "the endgame atlas",
        Address::Explore => "the explorer",
        Address::Lab => "the surface lab",
        Address::Games => "your games",
        Address::Settings => "the settings",
        Address::Player(_) => "the player's page",
        Address::Leaderboard(_) => "the leaderboard",
        Address::Tv(_) => "Topochess TV",
        Address::Tournaments | Address::Tournament(_) => "the tournaments",
    }
}

/// In the whole app: what the first module handed over for it to do, done once it is drawn.
/// Returns whether the sign-in form was asked for (the header opens it).
#[hook]
pub fn use_then(state: &UseReducerHandle<AppState>) -> bool {
    let then = use_memo((), |_| {
        if crate::app::build::FULL {
            take_then()
        } else {
            None
        }
    });
    {
        let state = state.clone();
        let then = then.clone();
        use_effect_with((), move |_| {
            if !crate::app::build::FULL {
                return;
            }
            match (*then).clone() {
                Some(Then::Live(settings)) => {
                    crate::app::live_panel::create_live_game(&state, settings)
                }
                Some(Then::Review) => {
                    state.dispatch(Action::Analyse(crate::analysis::AnalysisAction::ReviewGame))
                }
                Some(Then::Analyse) => {
                    state.dispatch(Action::Analyse(crate::analysis::AnalysisAction::FromGame))
                }
                Some(Then::Lesson(lesson)) => {
                    state.dispatch(Action::Learn(crate::learn::LearnAction::Open(lesson)))
                }
                Some(Then::NewGame(None)) => state.dispatch(Action::ShowNewGame(true)),
                Some(Then::NewGame(Some(opponent))) => state.dispatch(Action::Begin(opponent)),
                Some(Then::Show | Then::SignIn) | None => {}
            }
        });
    }
    *then == Some(Then::SignIn)
}

/// In the first screen's module, on the front page of a site with its game server: the whole
/// app's module is fetched in the background, and takes over once it is here if the player is
/// still on the front page with no dialog open, so that the lobby, the pools and the
/// tournaments (the whole app's) appear there as they would have.
#[hook]
pub fn use_lobby_coming(state: &UseReducerHandle<AppState>) {
    let home = !crate::app::build::FULL
        && state.screen == Screen::Home
        && crate::common::http::server_here();
    let dispatch = state.dispatcher();
    use_effect_with(home, move |home| {
        if *home {
            wasm_bindgen_futures::spawn_local(async move {
                let ready = crate::common::module_view::loaded_with(
                    "topochessWhole",
                    &wasm_bindgen::JsValue::UNDEFINED,
                )
                .await;
                if ready.is_ok() {
                    dispatch.dispatch(Action::WholeReady);
                }
            });
        }
    });
}

/// In the whole app's module, before it draws: the first module's app leaves the page (the
/// loader's `topochessLeaveFirst`, there when the first module ran).
pub fn first_leaves() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let leave = js_sys::Reflect::get(&window, &"topochessLeaveFirst".into())
        .ok()
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
    if let Some(leave) = leave {
        let _ = leave.call0(&window);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::settings::{Opponent, Settings};

    #[test]
    fn the_first_module_hands_over_every_screen_but_the_front_page_and_the_game() {
        let go = |screen| Action::Go(screen).beyond_first().and_then(|h| h.address);
        assert_eq!(go(Screen::Home), None);
        assert_eq!(go(Screen::Play), None);
        assert_eq!(go(Screen::Puzzles), Some(Address::Puzzles(None)));
        assert_eq!(go(Screen::Learn), Some(Address::Learn(None)));
        assert_eq!(go(Screen::Atlas), Some(Address::Endgames(None)));
        assert_eq!(go(Screen::Settings), Some(Address::Settings));
        let open = |address: Address| Action::Open(address).beyond_first();
        assert_eq!(open(Address::Play(Some(7))), None);
        assert_eq!(open(Address::Home), None);
        // A live game's link: handed over by a build without live play; this one (the whole
        // app's, as the link's module) plays it.
        let live = (!crate::app::build::LIVE).then(|| Handover::to(Address::Live(7)));
        assert_eq!(open(Address::Live(7)), live, "a live game's link");
        assert_eq!(
            open(Address::Tournaments),
            Some(Handover::to(Address::Tournaments))
        );
        // What the first module's own screens ask of the whole app goes with the handover.
        let analyse = (Action::Analyse(crate::analysis::AnalysisAction::FromGame)).beyond_first();
        assert_eq!(
            analyse,
            Some(Handover {
                address: Some(Address::Analysis),
                then: Then::Analyse
            })
        );
        let lesson = (Action::Learn(crate::learn::LearnAction::Open(0))).beyond_first();
        assert_eq!(lesson.map(|h| h.then), Some(Then::Lesson(0)));
        // A move, a flip, a new game: the first module's own.
        assert_eq!((Action::Flip).beyond_first(), None);
        assert_eq!((Action::Hint).beyond_first(), None);
    }

    #[test]
    fn the_first_module_shows_a_live_game_only_if_built_to_and_never_tv() {
        let mut state = AppState {
            screen: Screen::Play,
            ..AppState::default()
        };
        assert!(state.first_can_show());
        state.settings.opponent = Opponent::Live {
            me: Some(topochess_core::Color::White),
            id: 5,
            public: false,
            rated: false,
        };
        // Shown by a build with live play (this one), handed over by the first screen's module.
        assert_eq!(state.first_can_show(), crate::app::build::LIVE);
        state.tv = Some(crate::app::tv_channel::Tv {
            channel: None,
            playing: Default::default(),
            ended_at: None,
        });
        assert!(!state.first_can_show(), "TV is the whole app's");
        // The front page shows no game: it is the first module's whatever is on the board.
        state.screen = Screen::Home;
        assert!(state.first_can_show());
        state.screen = Screen::Puzzles;
        assert!(!state.first_can_show());
    }

    #[test]
    fn what_the_whole_app_does_then_reads_back_as_it_was_written() {
        for then in [
            Then::Show,
            Then::SignIn,
            Then::Review,
            Then::Analyse,
            Then::Lesson(3),
            Then::Live(Settings::default()),
        ] {
            let text = serde_json::to_string(&then).unwrap();
            assert_eq!(serde_json::from_str::<Then>(&text).unwrap(), then);
        }
    }
}
