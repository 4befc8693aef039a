//! The side panels kept in the page: the game's, the analysis's, the puzzle's and the lesson's
//! panel each stay, hidden, while another screen is shown, so that coming back to a screen shows
//! its panel again and writes only what changed meanwhile, instead of building it anew (the game's
//! panel is some 280 elements, the analysis's over 400). A panel kept hidden is not drawn again
//! until it is shown.

use crate::app::state::{AppState, NoticeAt, Screen};
use yew::prelude::*;

/// Whose panel is beside the boards (in the page's order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Panel {
    /// The game's (moves, offers, the saved games).
    Game,
    /// The analysis's.
    Analysis,
    /// The puzzle's, a puzzle being solved.
    Puzzle,
    /// The lesson's, a lesson's step being learnt.
    Lesson,
}

impl Panel {
    /// The panel beside the boards of `state`'s screen; `None` where the panel is another (the
    /// explorer's, the lab's, the settings), drawn when shown and not kept.
    pub fn of(state: &AppState) -> Option<Panel> {
        if state.screen == Screen::Explore {
            return None;
        }
        if state.analysing().is_some() {
            return Some(Panel::Analysis);
        }
        if state.solving().is_some() {
            return Some(Panel::Puzzle);
        }
        if state.studying().is_some() {
            return Some(Panel::Lesson);
        }
        match state.screen {
            Screen::Settings | Screen::Lab => None,
            _ => Some(Panel::Game),
        }
    }

    /// The name its box is keyed by.
    pub fn key(self) -> &'static str {
        match self {
            Panel::Game => "game",
            Panel::Analysis => "analysis",
            Panel::Puzzle => "puzzle",
            Panel::Lesson => "lesson",
        }
    }
}

/// Props of [`Kept`].
#[derive(Properties)]
pub struct KeptProps {
    /// Whether the panel is drawn from `children` (else what was drawn last stays).
    pub live: bool,
    /// The panel, when it is live.
    #[prop_or_default]
    pub children: Html,
}

impl PartialEq for KeptProps {
    /// A live panel is always drawn again (its own components compare their props); a panel that
    /// is not is left as it is.
    fn eq(&self, other: &Self) -> bool {
        !self.live && !other.live
    }
}

/// A panel that keeps what it drew last while it is not live.
pub struct Kept;

impl Component for Kept {
    type Message = ();
    type Properties = KeptProps;

    fn create(_: &Context<Self>) -> Self {
        Kept
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &KeptProps) -> bool {
        ctx.props().live
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        ctx.props().children.clone()
    }
}

/// The kept panels at a render: those shown so far, the one visible, the one drawn.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct Shelf {
    /// Every panel shown so far, in the page's order.
    pub seen: Vec<Panel>,
    /// The panel visible: the screen's, or while the boards are hidden the last one shown with
    /// them.
    pub shown: Option<Panel>,
    /// The panel drawn from the state: the screen's, when the boards are shown.
    pub live: Option<Panel>,
    /// The game's panel, drawn once more as it is left when it held a message (a typed move's, an
    /// import's): the message goes with its screen instead of staying, hidden, in the page.
    pub left: Option<Panel>,
    /// The panel drawn held a message.
    message: bool,
}

impl Shelf {
    /// The shelf after `previous` for a render of `state` (`boards_hidden`: under a screen of
    /// its own).
    pub fn next(previous: &Shelf, state: &AppState, boards_hidden: bool) -> Shelf {
        let mut shelf = Shelf {
            left: None,
            ..previous.clone()
        };
        shelf.live = None;
        if !boards_hidden {
            let panel = Panel::of(state);
            shelf.shown = panel;
            shelf.live = panel;
            noted(&mut shelf.seen, panel, |p| *p as usize);
        }
        let had_message = previous.live == Some(Panel::Game) && previous.message;
        if had_message && shelf.live != Some(Panel::Game) {
            shelf.left = Some(Panel::Game);
        }
        shelf.message = state.notice.is_some() && state.notice_at != NoticeAt::Top;
        shelf
    }
}

/// The kept panels, each in its box: the visible one shown, the others hidden as they were; those
/// drawn at this render (the live one, one left) drawn by `draw`.
pub fn panels(shelf: &Shelf, mut draw: impl FnMut(Panel) -> Html) -> Html {
    boxes(
        "kept-panel",
        shelf.seen.iter().map(|&panel| {
            let drawn =
                (shelf.live == Some(panel) || shelf.left == Some(panel)).then(|| draw(panel));
            (panel.key(), shelf.shown == Some(panel), drawn)
        }),
    )
}

/// Kept boxes of `class`, each given by its key, whether it is shown and what it is drawn with
/// at this render (`None`: what it drew last stays).
fn boxes(
    class: &'static str,
    each: impl Iterator<Item = (&'static str, bool, Option<Html>)>,
) -> Html {
    html! {
        <>
            { for each.map(|(key, shown, drawn)| html! {
                <div class={class} key={key} hidden={!shown}>
                    <Kept live={drawn.is_some()}>{ drawn.unwrap_or_default() }</Kept>
                </div>
            }) }
        </>
    }
}

/// `seen` with `shown` added if it is new, in the order `order` gives (a stable sort: equal
/// ones stay in the order shown).
fn noted<T: Copy + PartialEq>(seen: &mut Vec<T>, shown: Option<T>, order: impl Fn(&T) -> usize) {
    if let Some(p) = shown.filter(|p| !seen.contains(p)) {
        seen.push(p);
        seen.sort_by_key(order);
    }
}

/// A screen of its own kept in the page once shown, hidden under the others: those a player goes
/// back and forth to (the lessons' list, some 220 elements; the saved games).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Page {
    /// The lessons' list.
    Lessons,
    /// The saved games.
    Games,
}

impl Page {
    /// The page `state`'s screen shows, if it is kept.
    pub fn of(state: &AppState) -> Option<Page> {
        match state.screen {
            Screen::Learn if state.studying().is_none() => Some(Page::Lessons),
            Screen::Games => Some(Page::Games),
            _ => None,
        }
    }

    /// The name its box is keyed by.
    fn key(self) -> &'static str {
        match self {
            Page::Lessons => "lessons",
            Page::Games => "games",
        }
    }
}

/// The kept pages at a render: those shown so far, and the one shown (drawn from the state).
#[derive(Clone, Default, PartialEq, Debug)]
pub struct Pages {
    /// Every page shown so far, in the order first shown.
    pub seen: Vec<Page>,
    /// The page shown.
    pub shown: Option<Page>,
}

impl Pages {
    /// The kept pages after `previous` for a render of `state`.
    pub fn next(previous: &Pages, state: &AppState) -> Pages {
        let shown = Page::of(state);
        let mut seen = previous.seen.clone();
        noted(&mut seen, shown, |_| 0);
        Pages { seen, shown }
    }

    /// The kept pages, each in its box, the one shown drawn from `page` (the screen's page), the
    /// others hidden as they were.
    pub fn draw(&self, page: Html) -> Html {
        let mut page = Some(page);
        boxes(
            "kept-page",
            self.seen.iter().map(|&p| {
                let here = self.shown == Some(p);
                (p.key(), here, here.then(|| page.take().unwrap_or_default()))
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(screen: Screen) -> AppState {
        AppState {
            screen,
            ..AppState::default()
        }
    }

    #[test]
    fn a_panel_is_kept_once_shown_and_drawn_only_while_its_screen_is_shown() {
        let first = Shelf::next(&Shelf::default(), &on(Screen::Play), false);
        assert_eq!(
            (first.seen.clone(), first.shown, first.live),
            (vec![Panel::Game], Some(Panel::Game), Some(Panel::Game))
        );
        // Under a screen of its own the boards are hidden: the panel stays shown in them, undrawn.
        let games = Shelf::next(&first, &on(Screen::Games), true);
        assert_eq!(
            (games.shown, games.live, games.left),
            (Some(Panel::Game), None, None)
        );
        // A panel that is not kept (the settings') hides the kept ones.
        let settings = Shelf::next(&games, &on(Screen::Settings), false);
        assert_eq!(
            (settings.seen.clone(), settings.shown, settings.live),
            (vec![Panel::Game], None, None)
        );
        let back = Shelf::next(&settings, &on(Screen::Play), false);
        assert_eq!(
            (back.shown, back.live),
            (Some(Panel::Game), Some(Panel::Game))
        );
    }

    #[test]
    fn the_games_panel_left_with_a_message_is_drawn_once_more() {
        let mut typed = on(Screen::Play);
        typed.notice = Some("No such move".into());
        typed.notice_at = NoticeAt::TypedMove;
        let shown = Shelf::next(&Shelf::default(), &typed, false);
        assert_eq!(shown.left, None);
        let left = Shelf::next(&shown, &on(Screen::Settings), false);
        assert_eq!(left.left, Some(Panel::Game));
        // Once: the next render leaves it be.
        assert_eq!(Shelf::next(&left, &on(Screen::Settings), false).left, None);
        // A message under the header is not the panel's.
        let mut top = typed.clone();
        top.notice_at = NoticeAt::Top;
        let shown = Shelf::next(&Shelf::default(), &top, false);
        assert_eq!(Shelf::next(&shown, &on(Screen::Games), true).left, None);
    }

    #[test]
    fn a_page_is_kept_once_shown() {
        let games = Pages::next(&Pages::default(), &on(Screen::Games));
        assert_eq!(
            (games.seen.clone(), games.shown),
            (vec![Page::Games], Some(Page::Games))
        );
        let learn = Pages::next(&games, &on(Screen::Learn));
        assert_eq!(
            (learn.seen.clone(), learn.shown),
            (vec![Page::Games, Page::Lessons], Some(Page::Lessons))
        );
        let play = Pages::next(&learn, &on(Screen::Play));
        assert_eq!(
            (play.seen, play.shown),
            (vec![Page::Games, Page::Lessons], None)
        );
    }
}
