//! The app at an address: where the app is, as an address, and going to one (Back, Forward, a
//! reload, a bookmark), kept in step with the address bar. The addresses themselves are in
//! `address`.

use crate::app::address::{browser_address, browser_write, Address};
use crate::app::state::{Action, AppState, LearnAction, Screen};
use yew::prelude::*;

impl AppState {
    /// Whether the first screen's module shows this state: it is at an address the module shows
    /// (the front page, a game not watched on TV; a live game in the link's module alone), with
    /// no wait in a pool.
    pub fn first_can_show(&self) -> bool {
        crate::app::handover::first_shows(&self.address()) && self.pool.is_none()
    }

    /// Where the app is now, as an address.
    pub fn address(&self) -> Address {
        match self.screen {
            Screen::Home => Address::Home,
            Screen::Play => match (&self.tv, self.socket_game()) {
                (Some(tv), _) => Address::Tv(tv.channel.clone()),
                (None, Some(id)) => Address::Live(id),
                (None, None) => Address::Play(Some(self.play.game_id)),
            },
            Screen::Analyse => Address::Analysis,
            Screen::Puzzles => Address::Puzzles(
                self.puzzles
                    .solving
                    .as_ref()
                    .and_then(|s| crate::puzzle::set::shipped().get(s.index))
                    .map(|p| p.id.clone())
                    .or_else(|| self.puzzles.wanted.clone()),
            ),
            Screen::Learn => {
                Address::Learn(self.learn.studying.as_ref().map(|s| (s.lesson, s.step)))
            }
            Screen::Atlas => Address::Endgames(self.atlas.selected.clone()),
            Screen::Explore => Address::Explore,
            Screen::Lab => Address::Lab,
            Screen::Games => Address::Games,
            Screen::Settings => Address::Settings,
            Screen::Player => match &self.player {
                Some(name) => Address::Player(name.clone()),
                None => Address::Home,
            },
            Screen::Leaderboard => Address::Leaderboard(Some(self.leaderboard.clone())),
            Screen::Tournaments => Address::Tournaments,
            Screen::Tournament => match self.arena.shown {
                Some(id) => Address::Tournament(id),
                None => Address::Tournaments,
            },
        }
    }

    /// Goes where an address says (Back, Forward, a reload, a bookmark): its screen, and the
    /// game, puzzle, lesson step or table it names. What it names and this browser does not have
    /// is said, and the screen opens without it.
    pub(crate) fn open(&mut self, address: Address) {
        // A side's link: the side is asked for in the socket's hello, the game opened as any.
        let address = match address {
            Address::LiveSide(id, side) => {
                self.live.side_asked = Some((id, side));
                Address::Live(id)
            }
            other => other,
        };
        if address == self.address() {
            return;
        }
        // The first screen's module opens its own addresses only (the whole app takes the others:
        // `Action::beyond_first`).
        let full = crate::app::build::FULL;
        if !full && !crate::app::handover::first_shows(&address) {
            return;
        }
        // TV is on at its address only.
        self.tv = match &address {
            Address::Tv(channel) => Some(crate::app::tv_channel::Tv {
                channel: channel.clone(),
                playing: self.tv.take().map(|tv| tv.playing).unwrap_or_default(),
                ended_at: None,
            }),
            _ => None,
        };
        match &address {
            // The live game on the board already (back from another screen): it stays as it is,
            // its socket open and its state heard.
            Address::Live(id) if !crate::app::build::LIVE || self.live_id() == Some(*id) => {}
            Address::Live(id) => {
                let id = *id;
                let kept = self.saved.iter().find(|g| {
                    matches!(g.settings.opponent, crate::common::settings::Opponent::Live { id: i, .. } if i == id)
                });
                match kept.cloned() {
                    Some(game) => self.reduce_in_place(Action::SwitchGame(Box::new(game))),
                    // Not seen here yet: the server's state makes the game (`live_heard`).
                    None => self.live.joining = Some(id),
                }
            }
            Address::Play(Some(id)) if *id != self.play.game_id => {
                match self.saved.iter().find(|g| g.id == *id).cloned() {
                    Some(game) => self.reduce_in_place(Action::SwitchGame(Box::new(game))),
                    None => {
                        self.reduce_in_place(Action::Go(Screen::Play));
                        self.notice = Some(
                            "That game is not kept in this browser: here is the game on the board."
                                .into(),
                        );
                        return;
                    }
                }
            }
            Address::Puzzles(_) if !full => {}
            Address::Puzzles(Some(id)) if !crate::puzzle::set::is_ready() => {
                // The set is still on its way: the puzzle opens when it is here.
                self.puzzles.wanted = Some(id.clone());
                self.reduce_in_place(Action::Go(Screen::Puzzles));
                return;
            }
            Address::Puzzles(Some(id)) => {
                let index = crate::puzzle::set::shipped()
                    .iter()
                    .position(|p| p.id == *id);
                match index {
                    Some(i) => {
                        // Opened first, so that going to the screen does not open another.
                        let counts = !self.puzzles.record.played(id);
                        self.open_puzzle(i, counts);
                    }
                    None => {
                        self.reduce_in_place(Action::Go(Screen::Puzzles));
                        self.notice = Some("There is no such puzzle: here is another.".into());
                        return;
                    }
                }
            }
            Address::Player(name) => self.player = Some(name.clone()),
            Address::Leaderboard(preset) => {
                self.leaderboard = preset.clone().unwrap_or_else(|| "folded".into())
            }
            _ => {}
        }
        self.reduce_in_place(Action::Go(address.screen()));
        if !full {
            return;
        }
        if let Address::Tournament(id) = address {
            self.reduce_in_place(Action::Arena(crate::arenas::ArenaAction::Show(Some(id))));
        }
        match address {
            Address::Learn(Some((lesson, step))) => {
                let lessons = crate::learn::lessons::LESSONS;
                match lessons.get(lesson).filter(|l| step < l.steps.len()) {
                    Some(_) => self.open_step(lesson, step),
                    None => self.notice = Some("There is no such lesson step.".into()),
                }
            }
            Address::Learn(None) => self.reduce_in_place(Action::Learn(LearnAction::Close)),
            Address::Endgames(Some((surface, material))) => self.reduce_in_place(Action::Atlas(
                crate::atlas::AtlasAction::Cell(surface, material),
            )),
            Address::Endgames(None) => self.atlas.selected = None,
            _ => {}
        }
    }
}

/// Keeps the address bar and the app in step: the app's address is written after every change
/// (in the task after the frame that shows it: the history's entry takes a while, and the click
/// waits for none of it; a write overtaken by a later change, Back or Forward among them, is
/// dropped), and Back and Forward (or an address typed in) take the app there.
#[hook]
pub fn use_address(state: &UseReducerHandle<AppState>) {
    let first = use_mut_ref(|| true);
    // The last write asked for: a write waiting runs only if no later one was asked for since.
    let asked = use_mut_ref(|| 0u64);
    use_effect_with(state.address(), move |address| {
        let first = std::mem::replace(&mut *first.borrow_mut(), false);
        let this = {
            let mut asked = asked.borrow_mut();
            *asked += 1;
            *asked
        };
        let address = address.clone();
        let write = move || {
            if *asked.borrow() == this {
                browser_write(&address, first);
            }
        };
        // The first address (a link just taken in, a reload) is written at once.
        if first {
            write();
        } else {
            crate::common::after_paint::after_paint(write);
        }
    });
    let dispatch = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            gloo_events::EventListener::new(&w, "popstate", move |_| {
                if let Some(address) = browser_address() {
                    dispatch.dispatch(Action::Open(address));
                }
            })
        });
        move || drop(listener)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::address::*;
    use std::rc::Rc;
    use yew::Reducible;

    #[test]
    fn every_address_reads_back_from_its_fragment() {
        let all = [
            Address::Home,
            Address::Play(None),
            Address::Play(Some(1234567890123)),
            Address::Live(0x00ab_cdef_0123_4567),
            Address::LiveSide(0x00ab_cdef_0123_4567, topochess_core::Color::Black),
            Address::Analysis,
            Address::Puzzles(None),
            Address::Puzzles(Some("0a1b2c3d".into())),
            Address::Learn(None),
            Address::Learn(Some((0, 0))),
            Address::Learn(Some((3, 11))),
            Address::Endgames(None),
            Address::Endgames(Some(("folded".into(), "KRvK".into()))),
            Address::Endgames(Some(("lab 6x10/odd".into(), "KQ vK%".into()))),
            Address::Explore,
            Address::Lab,
            Address::Games,
            Address::Settings,
            Address::Tournaments,
            Address::Tournament(0x1234_5678_9abc_def0),
        ];
        for address in all {
            let fragment = address.fragment();
            assert!(fragment.starts_with("#/"), "{fragment}");
            assert_eq!(
                Address::parse(&fragment),
                Some(address.clone()),
                "{fragment}"
            );
        }
        assert_eq!(Address::Learn(Some((0, 2))).fragment(), "#/learn/1/3");
    }

    #[test]
    fn share_links_and_garbage_are_not_addresses() {
        for fragment in [
            "",
            "#",
            "#variant=folded&moves=e2e4",
            "#moves=e2e4",
            "#corr=abc",
            "#/nowhere",
            "#/play/not-a-number",
            "#/live/12345",
            "#/live/00abcdef01234567/red",
            "#/learn/0/1",
            "#/learn/2",
            "#/puzzles/a/b",
            "#/endgames/folded/%FF",
            "#/tournament/nope",
        ] {
            assert_eq!(Address::parse(fragment), None, "{fragment}");
        }
        assert_eq!(Address::parse("#/"), Some(Address::Home));
        assert_eq!(Address::parse("/games/"), Some(Address::Games));
    }

    fn at(address: Address) -> Rc<AppState> {
        Rc::new(AppState::default()).reduce(Action::Open(address))
    }

    #[test]
    fn an_address_opens_its_screen_and_the_state_names_it_back() {
        for address in [
            Address::Home,
            Address::Analysis,
            Address::Explore,
            Address::Lab,
            Address::Games,
            Address::Settings,
            Address::Learn(None),
            Address::Endgames(None),
        ] {
            let s = at(address.clone());
            assert_eq!(s.screen, address.screen());
            assert_eq!(s.address(), address);
        }
        let s = at(Address::Play(None));
        assert_eq!(s.address(), Address::Play(Some(s.play.game_id)));
    }

    #[test]
    fn a_sides_link_opens_the_game_and_asks_for_that_side() {
        let id = 0x00ab_cdef_0123_4567;
        let s = at(Address::LiveSide(id, topochess_core::Color::Black));
        assert_eq!(s.screen, Screen::Play);
        assert_eq!(s.socket_game(), Some(id));
        assert_eq!(s.live.side_asked, Some((id, topochess_core::Color::Black)));
        // The address bar then names the game itself.
        assert_eq!(s.address(), Address::Live(id));
    }

    #[test]
    fn an_address_opens_the_puzzle_the_lesson_step_and_the_table_it_names() {
        let puzzle = crate::puzzle::set::shipped()[7].id.clone();
        let s = at(Address::Puzzles(Some(puzzle.clone())));
        assert_eq!(s.address(), Address::Puzzles(Some(puzzle)));
        assert!(s.notice.is_none());
        let s = at(Address::Learn(Some((1, 2))));
        assert_eq!(s.address(), Address::Learn(Some((1, 2))));
        let cell = ("folded".to_string(), "KRvK".to_string());
        let s = at(Address::Endgames(Some(cell.clone())));
        assert_eq!(s.address(), Address::Endgames(Some(cell)));
    }

    #[test]
    fn an_address_of_something_not_here_says_so_and_opens_the_screen() {
        let s = at(Address::Puzzles(Some("nosuchid".into())));
        assert_eq!(s.screen, Screen::Puzzles);
        assert!(s.notice.as_deref().unwrap_or("").contains("no such puzzle"));
        let s = at(Address::Learn(Some((99, 0))));
        assert_eq!(s.screen, Screen::Learn);
        assert!(s.notice.is_some());
        let s = at(Address::Play(Some(42)));
        assert_eq!(s.screen, Screen::Play);
        assert!(s.notice.as_deref().unwrap_or("").contains("not kept"));
    }

    #[test]
    fn a_game_of_the_library_is_put_on_the_board_by_its_address() {
        let s = Rc::new(AppState::default());
        let other = crate::library::storage::SavedGame {
            id: 77,
            moves: vec!["e2e4".into()],
            ..s.saved_game(0.0)
        };
        let here = s.saved_game(0.0);
        let s = s.reduce(Action::Library(vec![other, here]));
        let first = s.play.game_id;
        let s = s.reduce(Action::Open(Address::Play(Some(77))));
        assert_eq!(
            (s.play.game_id, s.move_texts()),
            (77, vec!["e2e4".to_string()])
        );
        let s = s.reduce(Action::Open(Address::Play(Some(first))));
        assert_eq!(s.play.game_id, first);
        assert!(s.move_texts().is_empty());
    }

    #[test]
    fn a_game_left_before_its_save_is_written_is_found_by_back_and_forward() {
        use crate::play::PlayAction;
        // The library as the shelf last told it: no game yet (the saves are on their way).
        let s = Rc::new(AppState::default()).reduce(Action::Library(Vec::new()));
        let s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
        let first = s.play.game_id;
        let settings = s.settings.clone();
        let s = s.reduce(Action::NewGame(settings, None));
        let s = s.reduce(Action::Play(PlayAction::Typed("d4".into())));
        let second = s.play.game_id;
        let s = s.reduce(Action::Open(Address::Play(Some(first))));
        assert_eq!(
            (s.play.game_id, s.move_texts()),
            (first, vec!["e2e4".into()])
        );
        let s = s.reduce(Action::Open(Address::Play(Some(second))));
        assert_eq!(
            (s.play.game_id, s.move_texts()),
            (second, vec!["d2d4".into()])
        );
        assert!(s.notice.is_none(), "{:?}", s.notice);
        // An untouched game is not listed when it is left.
        let settings = s.settings.clone();
        let s = s.reduce(Action::NewGame(settings.clone(), None));
        let untouched = s.play.game_id;
        let s = s.reduce(Action::NewGame(settings, None));
        assert!(s.saved.iter().all(|g| g.id != untouched));
        assert_eq!(s.saved.len(), 2);
    }
}
