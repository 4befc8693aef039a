//! The Games screen: every game kept in the browser, with its preset, players, start date, last
//! move, whose turn and result; filtered by preset and result, sorted by date; opened, renamed,
//! deleted (with undo), exported as one PGN file, and filled from a multi-game PGN file.
//!
//! It is drawn by the views' module (see `common::module_view`): the page hands it
//! [`GamesScene`] as JSON ([`GamesView`] does) and hears [`GamesOut`] back as JSON. It writes
//! the library in the browser's storage itself, as the page does, and tells the app.

use crate::common::module_view::{events, Crossing, ModuleView};
use crate::common::settings::{Opponent, Settings};
use crate::library::shelf;
use crate::library::storage::{self, Library, SavedGame};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use topochess_core::order;
use topochess_core::variant::PRESETS;
use topochess_core::{pgn, Color};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Games imported between two looks at the page (the progress bar moves between them).
const IMPORT_CHUNK: usize = 25;

/// The games to list: those of `variant` (all when empty) with `result` (all when empty),
/// newest or oldest first by start date.
pub fn listed<'a>(
    games: &'a [SavedGame],
    variant: &str,
    result: &str,
    newest_first: bool,
) -> Vec<&'a SavedGame> {
    let mut rows: Vec<&SavedGame> = games
        .iter()
        .filter(|g| variant.is_empty() || g.settings.variant == variant)
        .filter(|g| result.is_empty() || g.result == result)
        .collect();
    order::sort_by(&mut rows, |a, b| {
        a.started.total_cmp(&b.started).then(a.id.cmp(&b.id))
    });
    if newest_first {
        rows.reverse();
    }
    rows
}

/// `YYYY-MM-DD` of a time in milliseconds since 1970 (UTC).
pub fn date(ms: f64) -> String {
    if ms <= 0.0 {
        return "-".into();
    }
    let (year, month, day) = topochess_protocol::date::date_of(ms.floor() as i64, 0);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Every game as one PGN file (games that cannot be replayed are left out and counted).
pub fn export_all(games: &[SavedGame]) -> (String, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    for g in games {
        match g.rebuild() {
            Ok((settings, game)) => {
                let day = date(g.started).replace('-', ".");
                let white = settings.player_name(Color::White);
                let black = settings.player_name(Color::Black);
                let tree =
                    crate::library::annotations::tree_for_game(&game, g.annotations.as_deref());
                out.push(pgn::write_tree(
                    &game,
                    &tree,
                    &[
                        ("Event", "Topochess game"),
                        ("Site", "Topochess"),
                        ("Date", &day),
                        ("White", &white),
                        ("Black", &black),
                    ],
                ));
            }
            Err(_) => skipped += 1,
        }
    }
    (out.join("\n"), skipped)
}

/// A game read from one PGN text, as the library keeps it (hot-seat, names from the tags).
pub fn imported(text: &str, id: u64, now: f64) -> Result<SavedGame, String> {
    let read = pgn::read(text).map_err(|e| e.to_string())?;
    let v = read.game.start().variant();
    let mut settings = Settings {
        variant: v.id().to_string(),
        castling: v.castling().name().to_string(),
        opponent: Opponent::HotSeat,
        ..Settings::default()
    };
    for (i, tag) in ["White", "Black"].iter().enumerate() {
        if let Some(name) = read.tag(tag).filter(|n| *n != "?") {
            settings.names[i] = name.to_string();
        }
    }
    Ok(SavedGame::of(id, &settings, &read.game, now))
}

/// Whether `imported` is `kept` as the export wrote it: the same preset, start, moves and
/// players (a resignation or agreed draw is not in the moves, so the ending is not compared).
fn exported_from(kept: &SavedGame, imported: &SavedGame) -> bool {
    let players = |g: &SavedGame| [Color::White, Color::Black].map(|c| g.settings.player_name(c));
    kept.settings.variant == imported.settings.variant
        && kept.start_fen == imported.start_fen
        && kept.moves == imported.moves
        && players(kept) == players(imported)
}

/// What the Games screen asks of the app.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GamesOut {
    /// A word for the player.
    Notice(String),
    /// The stored library changed: its games.
    Library(Vec<SavedGame>),
    /// New names for the players of the game on the board.
    Rename([String; 2]),
    /// Play this game.
    Open(Box<SavedGame>),
}

/// What the Games screen shows: every game kept and the one on the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesScene {
    /// Every game kept.
    pub games: Vec<SavedGame>,
    /// The game on the board.
    pub current: u64,
}

impl Crossing for GamesScene {}

impl Crossing for GamesOut {}

/// Props of [`GamesScreen`] and [`GamesView`].
#[derive(Properties, Clone, PartialEq)]
pub struct GamesProps {
    /// Every game kept (shared with the app's state, not copied).
    pub games: std::rc::Rc<Vec<SavedGame>>,
    /// The game on the board.
    pub current: u64,
    /// What the screen asks of the app.
    pub on_action: Callback<GamesOut>,
}

/// The Games screen as the page shows it: drawn by the views' module, its scene made again only
/// when the props change.
#[function_component(GamesView)]
pub fn games_view(p: &GamesProps) -> Html {
    let scene = GamesScene {
        games: p.games.to_vec(),
        current: p.current,
    }
    .to_json();
    let on_action = p.on_action.clone();
    let on_event = events(move |out: GamesOut| on_action.emit(out));
    html! { <ModuleView kind="games" what="the Games screen" props={scene} {on_event} /> }
}

fn variant_name(id: &str) -> String {
    PRESETS
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.name.to_string())
        .unwrap_or_else(|| id.to_string())
}

/// Writes a change to the stored library and tells the app once it is written.
fn change(on_action: &Callback<GamesOut>, f: impl FnOnce(&mut Library) + 'static) {
    change_then(on_action, f, |()| ());
}

/// Writes a change to the stored library, tells the app once it is written, and then hands
/// `then` what the change returned (nothing when it could not run).
fn change_then<R: 'static>(
    on_action: &Callback<GamesOut>,
    f: impl FnOnce(&mut Library) -> R + 'static,
    then: impl FnOnce(R) + 'static,
) {
    let on_action = on_action.clone();
    shelf::change(f, move |result| match result {
        Ok(shelved) => {
            if let Some(why) = shelved.notice {
                on_action.emit(GamesOut::Notice(why));
            }
            on_action.emit(GamesOut::Library(shelved.library.games));
            then(shelved.outcome);
        }
        Err(why) => on_action.emit(GamesOut::Notice(why)),
    });
}

/// Offers `text` as a file download.
fn download(name: &str, text: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let a = document.create_element("a").ok()?;
    let href = format!(
        "data:application/x-chess-pgn;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    );
    a.set_attribute("href", &href).ok()?;
    a.set_attribute("download", name).ok()?;
    a.dyn_into::<web_sys::HtmlElement>().ok()?.click();
    Some(())
}

/// Imports `texts[from..]` a chunk at a time, the progress shown between chunks.
fn import_from(
    texts: Rc<Vec<String>>,
    from: usize,
    counts: ImportCounts,
    progress: UseStateHandle<Option<ImportCounts>>,
    on_action: Callback<GamesOut>,
) {
    let end = (from + IMPORT_CHUNK).min(texts.len());
    let chunk = texts.clone();
    let read = move |lib: &mut Library| {
        let mut counts = counts;
        let current = lib.current;
        for text in &chunk[from..end] {
            match imported(text, storage::fresh_id(), storage::now()) {
                // A game the library has already (the same file imported again) is not added twice.
                Ok(g) if lib.games.iter().any(|kept| exported_from(kept, &g)) => counts.same += 1,
                Ok(g) => lib.put(g),
                Err(_) => counts.failed += 1,
            }
        }
        lib.current = current;
        counts.done = end;
        counts
    };
    let on = on_action.clone();
    change_then(&on_action, read, move |counts| {
        progress.set(Some(counts));
        if end < texts.len() {
            gloo_timers::callback::Timeout::new(0, move || {
                import_from(texts, end, counts, progress, on)
            })
            .forget();
        }
    });
}

/// How an import goes: games read so far of all, and of those the ones that could not be read
/// and the ones already kept.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct ImportCounts {
    done: usize,
    total: usize,
    failed: usize,
    same: usize,
}

impl ImportCounts {
    /// What the player is told.
    fn text(&self) -> String {
        if self.total == 0 || (self.done == self.total && self.failed == self.total) {
            return "No game could be read from this file: is it a PGN file?".into();
        }
        let added = self.done - self.failed - self.same;
        let mut text = if self.done < self.total {
            format!("{} of {} games read", self.done, self.total)
        } else {
            format!("{added} game{} added", if added == 1 { "" } else { "s" })
        };
        if self.same > 0 {
            text.push_str(&format!(", {} already in your games", self.same));
        }
        if self.failed > 0 {
            text.push_str(&format!(", {} could not be read", self.failed));
        }
        text
    }
}

/// The Games screen.
#[function_component(GamesScreen)]
pub fn games_screen(p: &GamesProps) -> Html {
    let variant = use_state(String::new);
    let result = use_state(String::new);
    let newest = use_state(|| true);
    let renaming = use_state(|| None::<(u64, [String; 2])>);
    let deleted = use_state(|| None::<SavedGame>);
    let progress = use_state(|| None::<ImportCounts>);
    let select = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: Event| state.set(crate::common::select_value(&e)))
    };
    let on_sort = {
        let newest = newest.clone();
        Callback::from(move |e: Event| newest.set(crate::common::select_value(&e) == "newest"))
    };
    let on_export = {
        let games = p.games.clone();
        let cb = p.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            let (text, skipped) = export_all(&games);
            download("topochess-games.pgn", &text);
            if skipped > 0 {
                cb.emit(GamesOut::Notice(format!(
                    "{skipped} games could not be replayed and were left out."
                )));
            }
        })
    };
    let on_import = {
        let cb = p.on_action.clone();
        let progress = progress.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let (cb, progress) = (cb.clone(), progress.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await else {
                    return;
                };
                let text = text.as_string().unwrap_or_default();
                let texts: Vec<String> = pgn::split_games(&text)
                    .into_iter()
                    .map(String::from)
                    .collect();
                let counts = ImportCounts {
                    total: texts.len(),
                    ..ImportCounts::default()
                };
                progress.set(Some(counts));
                import_from(Rc::new(texts), 0, counts, progress, cb);
            });
        })
    };
    let rename_form = (*renaming).clone().map(|(id, names)| {
        let input = |i: usize| {
            let renaming = renaming.clone();
            let names = names.clone();
            Callback::from(move |e: InputEvent| {
                let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                let mut next = names.clone();
                next[i] = el.value();
                renaming.set(Some((id, next)));
            })
        };
        // A form, so that Enter in either box saves.
        let save = {
            let (cb, renaming, names, current) = (p.on_action.clone(), renaming.clone(), names.clone(), p.current);
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                if id == current {
                    cb.emit(GamesOut::Rename(names.clone()));
                } else {
                    let names = names.clone();
                    change(&cb, move |lib| {
                        let keep = lib.current;
                        if let Some(g) = lib.games.iter_mut().find(|g| g.id == id) {
                            g.settings.names = names;
                        }
                        lib.current = keep;
                    });
                }
                renaming.set(None);
            })
        };
        let cancel = {
            let renaming = renaming.clone();
            Callback::from(move |_: MouseEvent| renaming.set(None))
        };
        let form = html! {
            <tr class="rename-row"><td colspan="8">
                <form class="row rename" id="rename-form" onsubmit={save}>
                    <label>{"White "}<input id="rename-white" value={names[0].clone()} oninput={input(0)} /></label>
                    <label>{"Black "}<input id="rename-black" value={names[1].clone()} oninput={input(1)} /></label>
                    <button type="submit" id="rename-save">{"Save"}</button>
                    <button type="button" class="secondary" onclick={cancel}>{"Cancel"}</button>
                </form>
            </td></tr>
        };
        (id, form)
    });
    let rows = listed(&p.games, &variant, &result, *newest).into_iter().map(|g| {
        let id = g.id;
        let current = id == p.current;
        let names = [Color::White, Color::Black].map(|c| g.settings.player_name(c));
        let open = {
            let (cb, g) = (p.on_action.clone(), g.clone());
            Callback::from(move |_: MouseEvent| {
                cb.emit(GamesOut::Open(Box::new(g.clone())));
            })
        };
        let rename = {
            let renaming = renaming.clone();
            let given = g.settings.names.clone();
            Callback::from(move |_: MouseEvent| renaming.set(Some((id, given.clone()))))
        };
        let remove = {
            let (cb, g, deleted) = (p.on_action.clone(), g.clone(), deleted.clone());
            Callback::from(move |_: MouseEvent| {
                change(&cb, move |lib| lib.remove(id));
                deleted.set(Some(g.clone()));
            })
        };
        let turn = match (g.result.as_str(), g.turn) {
            ("*" | "", Some(c)) => match g.settings.opponent {
                Opponent::Correspondence { me, .. } if me == c => "yours".to_string(),
                Opponent::Correspondence { .. } => "theirs".to_string(),
                _ => (if c == Color::White { "White" } else { "Black" }).to_string(),
            },
            _ => "-".to_string(),
        };
        // The players' names are edited in a row right under the game's.
        let form = rename_form
            .as_ref()
            .filter(|(renamed, _)| *renamed == id)
            .map(|(_, form)| form.clone());
        html! {
            <>
            <tr class={classes!("game-row", current.then_some("current"))} data-game={id.to_string()}>
                <td>{variant_name(&g.settings.variant)}</td>
                <td class="white" data-label="White">{names[0].clone()}</td>
                <td class="black" data-label="Black">{names[1].clone()}</td>
                <td data-label="Started">{date(g.started)}</td>
                <td class="last" data-label="Last move">{if g.last_move.is_empty() { "-".to_string() } else { format!("{} ({})", g.last_move, g.moves.len().div_ceil(2)) }}</td>
                <td class="turn" data-label="To move">{turn}</td>
                <td class="result" data-label="Result">{g.result.clone()}</td>
                <td class="actions">
                    <button class="open-game" onclick={open}>{"Open"}</button>
                    <button class="secondary rename-game" onclick={rename}>{"Players' names"}</button>
                    <button class="secondary delete-game" onclick={remove} disabled={current}
                            title={if current { "the game on the board cannot be deleted" } else { "" }}>{"Delete"}</button>
                </td>
            </tr>
            { for form }
            </>
        }
    });
    let undo = (*deleted).clone().map(|g| {
        let (cb, deleted) = (p.on_action.clone(), deleted.clone());
        let line = g.summary();
        let restore = Callback::from(move |_: MouseEvent| {
            let g = g.clone();
            change(&cb, move |lib| lib.restore(g));
            deleted.set(None);
        });
        html! {
            <div class="notice" id="undo-delete">{format!("Deleted {line}.")}
                <button id="undo" onclick={restore}>{"Undo"}</button>
            </div>
        }
    });
    let variants: Vec<String> = {
        let mut v: Vec<String> = p.games.iter().map(|g| g.settings.variant.clone()).collect();
        order::sort_unique(&mut v);
        v
    };
    html! {
        <section class="games" id="games">
            <h2>{format!("Games ({})", p.games.len())}</h2>
            { for undo }
            <div class="row">
                <label>{"Preset "}
                    <select id="games-variant" onchange={select(&variant)}>
                        <option value="" selected={variant.is_empty()}>{"all"}</option>
                        { for variants.iter().map(|v| html! { <option value={v.clone()} selected={*v == *variant}>{variant_name(v)}</option> }) }
                    </select>
                </label>
                <label>{"Result "}
                    <select id="games-result" onchange={select(&result)}>
                        { for [("", "all"), ("*", "playing"), ("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "draws")].iter().map(|(v, l)| html! {
                            <option value={*v} selected={*v == result.as_str()}>{*l}</option>
                        }) }
                    </select>
                </label>
                <label>{"Sort "}
                    <select id="games-sort" onchange={on_sort}>
                        <option value="newest" selected={*newest}>{"newest first"}</option>
                        <option value="oldest" selected={!*newest}>{"oldest first"}</option>
                    </select>
                </label>
                <button id="games-export" onclick={on_export}>{"Export all (PGN)"}</button>
                <label class="file">{"Import a PGN file "}<input type="file" id="games-import" accept=".pgn,.txt" onchange={on_import} /></label>
            </div>
            if let Some(counts) = *progress {
                <div class="row" id="import-progress">
                    <progress max={counts.total.max(1).to_string()} value={counts.done.to_string()}></progress>
                    <span>{counts.text()}</span>
                </div>
            }
            <table class="games-table">
                <thead><tr><th>{"Preset"}</th><th>{"White"}</th><th>{"Black"}</th><th>{"Started"}</th><th>{"Last move"}</th><th>{"To move"}</th><th>{"Result"}</th><th></th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_and_the_page_tell_each_other_what_they_told() {
        let mut named = game(1, "cylinder", &["d2d4", "d7d5"], 5.0);
        named.settings.names = ["Ann".into(), "Bo".into()];
        let games = vec![named.clone(), game(2, "standard", &["e2e4"], 6.5)];
        let scene = GamesScene {
            games: games.clone(),
            current: 2,
        };
        assert_eq!(GamesScene::from_json(&scene.to_json()), Some(scene));
        for out in [
            GamesOut::Notice("Imported 3 games.".into()),
            GamesOut::Library(games),
            GamesOut::Rename(["Ann".into(), "Bo".into()]),
            GamesOut::Open(Box::new(named)),
        ] {
            assert_eq!(GamesOut::from_json(&out.to_json()), Some(out));
        }
        assert_eq!(GamesOut::from_json(r#"{"Burn":null}"#), None);
        assert_eq!(GamesScene::from_json("[]"), None);
    }

    #[test]
    fn an_exported_game_imported_again_is_recognised() {
        let mut named = game(1, "cylinder", &["d2d4", "d7d5"], 5.0);
        named.settings.names = ["Ann".into(), "Bo".into()];
        let mut resigned = game(2, "standard", &["e2e4"], 6.0);
        resigned.ended = Some("resign:black".into());
        let kept = [game(3, "folded", &["e2e4"], 7.0), named, resigned];
        let (text, skipped) = export_all(&kept);
        assert_eq!(skipped, 0);
        for (i, one) in pgn::split_games(&text).into_iter().enumerate() {
            let again = imported(one, 99, 0.0).unwrap();
            assert!(exported_from(&kept[i], &again), "{one}");
            for (j, other) in kept.iter().enumerate() {
                assert_eq!(exported_from(other, &again), i == j, "{i} {j}");
            }
        }
    }

    #[test]
    fn a_game_from_fairy_stockfish_is_imported_under_our_variant() {
        let text = "[White \"Fairy-Stockfish\"]\n[Variant \"cylinder-castling\"]\n\n\
                    1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O *";
        let saved = imported(text, 1, 0.0).unwrap();
        assert_eq!(saved.settings.variant, "cylinder");
        assert_eq!(saved.settings.castling, "standard");
        assert_eq!(saved.settings.names[0], "Fairy-Stockfish");
        let torus = imported("[Variant \"toroidal-chess\"]\n\n1. c4 *", 2, 0.0).unwrap();
        assert_eq!(torus.settings.variant, "torus");
    }

    #[test]
    fn an_import_says_what_it_added_kept_and_could_not_read() {
        let counts = |done, total, failed, same| ImportCounts {
            done,
            total,
            failed,
            same,
        };
        assert!(counts(1, 1, 1, 0)
            .text()
            .starts_with("No game could be read"));
        assert!(counts(0, 0, 0, 0)
            .text()
            .starts_with("No game could be read"));
        assert_eq!(
            counts(3, 3, 0, 3).text(),
            "0 games added, 3 already in your games"
        );
        assert_eq!(
            counts(4, 4, 1, 1).text(),
            "2 games added, 1 already in your games, 1 could not be read"
        );
        assert_eq!(counts(50, 200, 0, 0).text(), "50 of 200 games read");
    }

    fn game(id: u64, variant: &str, moves: &[&str], started: f64) -> SavedGame {
        let settings = Settings {
            variant: variant.into(),
            ..Settings::default()
        }
        .validated()
        .unwrap();
        let start = crate::common::settings::variant_of(&settings)
            .unwrap()
            .start_fen();
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let g = storage::rebuild(&settings, &start, &texts, None).unwrap();
        let mut saved = SavedGame::of(id, &settings, &g, started);
        saved.started = started;
        saved
    }

    #[test]
    fn dates_read_as_calendar_days() {
        assert_eq!(date(0.0), "-");
        assert_eq!(date(86_400_000.0 * 0.5), "1970-01-01");
        assert_eq!(date(1_795_305_600_000.0), "2026-11-22");
        assert_eq!(date(951_782_400_000.0), "2000-02-29");
    }

    #[test]
    fn the_list_filters_by_preset_and_result_and_sorts_by_date() {
        let games = vec![
            game(1, "folded", &["e2e4"], 3.0),
            game(2, "cylinder", &["d2d4"], 1.0),
            game(3, "folded", &[], 2.0),
        ];
        let ids = |rows: Vec<&SavedGame>| rows.iter().map(|g| g.id).collect::<Vec<_>>();
        assert_eq!(ids(listed(&games, "", "", true)), [1, 3, 2]);
        assert_eq!(ids(listed(&games, "", "", false)), [2, 3, 1]);
        assert_eq!(ids(listed(&games, "folded", "", true)), [1, 3]);
        assert_eq!(ids(listed(&games, "", "*", true)), [1, 3, 2]);
        assert!(listed(&games, "", "1-0", true).is_empty());
    }

    #[test]
    fn every_game_exports_to_one_pgn_file_that_reads_back() {
        let games = vec![
            game(1, "folded", &["e2e4", "e7e5"], 1_795_305_600_000.0),
            game(2, "torus-8x14", &["e2e4"], 0.0),
        ];
        let (text, skipped) = export_all(&games);
        assert_eq!(skipped, 0);
        let parts = pgn::split_games(&text);
        assert_eq!(parts.len(), 2);
        let back: Vec<SavedGame> = parts
            .iter()
            .enumerate()
            .map(|(i, t)| imported(t, i as u64, 0.0).unwrap())
            .collect();
        assert_eq!(back[0].moves, ["e2e4", "e7e5"]);
        assert_eq!(back[1].settings.variant, "torus-8x14");
        assert!(text.contains("[Date \"2026.11.22\"]"));
    }
}
