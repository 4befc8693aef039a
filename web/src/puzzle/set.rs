//! The shipped puzzle set (`static/puzzles.tsv`, written by `topochess puzzles`) and the
//! player's puzzle record: a Glicko-2 rating, the streak, the history and the filters, kept in
//! the browser. The next puzzle is the unplayed one (of the filters) nearest the rating.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::sync::OnceLock;
pub use topochess_search::puzzles::Goal;

/// One puzzle of the set.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleEntry {
    /// A stable id: a hash of the preset and the FEN (the history names puzzles by it).
    pub id: String,
    /// The preset's id.
    pub variant: String,
    /// The position, solver to move.
    pub fen: String,
    /// The solution in coordinates: the solver's moves and the defender's answers.
    pub solution: Vec<String>,
    /// What it asks: mate, or material, in so many moves.
    pub goal: Goal,
    /// What the solution does on the surface: edge-crossing, corner-bounce, pole-jump.
    pub themes: Vec<String>,
    /// The puzzle's rating (the generator's difficulty estimate).
    pub rating: u32,
    /// The position before the opponent's last move, and that move, when known.
    pub before: Option<(String, String)>,
}

impl PuzzleEntry {
    /// Reads one line of the set; `None` if it is not a puzzle line.
    pub fn from_line(line: &str) -> Option<PuzzleEntry> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 6 {
            return None;
        }
        let before = match (f.get(6), f.get(7)) {
            (Some(&fen), Some(&mv)) if fen != "-" && mv != "-" => {
                Some((fen.to_string(), mv.to_string()))
            }
            _ => None,
        };
        Some(PuzzleEntry {
            id: format!("{:08x}", fnv(&format!("{} {}", f[0], f[1]))),
            variant: f[0].to_string(),
            fen: f[1].to_string(),
            solution: f[2].split(' ').map(str::to_string).collect(),
            goal: Goal::from_tag(f[3])?,
            themes: f[4]
                .split(',')
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect(),
            rating: f[5].parse().ok()?,
            before,
        })
    }

    /// Every tag a filter can pick: the goal (`mate-in-N`, `material-in-N`) and the themes.
    pub fn tags(&self) -> impl Iterator<Item = String> + '_ {
        std::iter::once(self.goal.tag()).chain(self.themes.iter().cloned())
    }

    /// The goal in words: "mate in 2", "win material in 1".
    pub fn goal_text(&self) -> String {
        match self.goal {
            Goal::Mate(n) => format!("mate in {n}"),
            Goal::Material(n) => format!("win material in {n}"),
        }
    }

    /// Whether the puzzle passes the filters.
    pub fn fits(&self, filter: &Filter) -> bool {
        filter.surface.as_ref().is_none_or(|s| *s == self.variant)
            && filter
                .theme
                .as_ref()
                .is_none_or(|t| self.tags().any(|tag| tag == *t))
    }
}

/// A 32-bit FNV-1a hash: stable across builds, for puzzle ids.
fn fnv(text: &str) -> u32 {
    text.bytes()
        .fold(0x811c_9dc5, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

/// The shipped set, once it is here.
static SET: OnceLock<Vec<PuzzleEntry>> = OnceLock::new();

/// What the puzzles' filters offer: the set's surfaces in the set's order and its themes
/// (the goals among them) in their sorted order, each with how many puzzles it has.
#[derive(Debug, Default, PartialEq)]
pub struct Choices {
    /// Each surface's preset id and count.
    pub surfaces: Vec<(String, usize)>,
    /// Each theme's tag and count.
    pub themes: Vec<(String, usize)>,
}

impl Choices {
    /// The choices of `set`.
    pub fn of(set: &[PuzzleEntry]) -> Choices {
        let mut surfaces: Vec<(String, usize)> = Vec::new();
        let mut themes: Vec<(String, usize)> = Vec::new();
        for p in set {
            count(&mut surfaces, &p.variant);
            // A puzzle counts once under each of its tags.
            let mut tags: Vec<String> = p.tags().collect();
            topochess_core::order::sort_unique(&mut tags);
            for t in tags {
                count(&mut themes, &t);
            }
        }
        topochess_core::order::sort_by(&mut themes, |a, b| a.0.cmp(&b.0));
        Choices { surfaces, themes }
    }
}

/// One more under `name` in `counts` (a new name goes last).
fn count(counts: &mut Vec<(String, usize)>, name: &str) {
    match counts.iter_mut().find(|(n, _)| n == name) {
        Some((_, c)) => *c += 1,
        None => counts.push((name.to_string(), 1)),
    }
}

/// The shipped set's choices, worked out once it is here (empty before).
pub fn shipped_choices() -> &'static Choices {
    static CHOICES: OnceLock<Choices> = OnceLock::new();
    static NONE: Choices = Choices {
        surfaces: Vec::new(),
        themes: Vec::new(),
    };
    let set = shipped();
    if set.is_empty() {
        return &NONE;
    }
    #[cfg(test)]
    if HELD_BACK.with(|h| h.get()) {
        return &NONE;
    }
    CHOICES.get_or_init(|| Choices::of(set))
}

/// The puzzles of a set's text, a line each (lines that cannot be read are left out).
pub fn read_set(text: &str) -> Vec<PuzzleEntry> {
    text.lines().filter_map(PuzzleEntry::from_line).collect()
}

/// The shipped set. In the browser it is fetched once the app runs (`fetch_shipped`: it is not
/// in the page's module, so the first screen does not wait for it) and empty until then; native
/// builds (the tests, the tools) read it compiled in.
pub fn shipped() -> &'static [PuzzleEntry] {
    #[cfg(test)]
    if HELD_BACK.with(|h| h.get()) {
        return &[];
    }
    #[cfg(not(target_arch = "wasm32"))]
    return SET.get_or_init(|| read_set(include_str!("../../../static/puzzles.tsv")));
    #[cfg(target_arch = "wasm32")]
    SET.get().map_or(&[], Vec::as_slice)
}

#[cfg(test)]
thread_local! {
    static HELD_BACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// For tests: the set as if it were still on its way (`true`), or here again.
#[cfg(test)]
pub fn hold_back(held: bool) {
    HELD_BACK.with(|h| h.set(held));
}

/// Whether the shipped set is here.
pub fn is_ready() -> bool {
    !shipped().is_empty()
}

/// Fetches the shipped set (`puzzles.tsv`, beside the page; the service worker keeps it for
/// offline use) and keeps it.
pub async fn fetch_shipped() -> Result<(), String> {
    if is_ready() {
        return Ok(());
    }
    let window = web_sys::window().ok_or("no window")?;
    let answer = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str("puzzles.tsv"))
        .await
        .map_err(|_| "no network".to_string())?;
    let response: web_sys::Response =
        wasm_bindgen::JsCast::dyn_into(answer).map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let text = wasm_bindgen_futures::JsFuture::from(response.text().map_err(|_| "no body")?)
        .await
        .map_err(|_| "the set could not be read".to_string())?
        .as_string()
        .unwrap_or_default();
    let set = read_set(&text);
    if set.is_empty() {
        return Err("the set is empty".into());
    }
    let _ = SET.set(set);
    Ok(())
}

/// The filters of the puzzle screen: one surface, one theme, or any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// Only this preset's puzzles.
    pub surface: Option<String>,
    /// Only puzzles with this tag.
    pub theme: Option<String>,
}

/// One puzzle played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// The puzzle's id.
    pub id: String,
    /// Solved without a wrong move.
    pub solved: bool,
    /// The rating change it made (0 for a replay, which is not rated).
    pub change: i32,
}

/// The rating a new player starts with: the middle of the set's puzzle ratings.
pub const START_RATING: f64 = 1000.0;

/// A new player's rating deviation. Glicko-2's usual 350 moves a new rating by up to 500 points
/// for one puzzle against this set's narrow range (550-1400); 150 moves it by about 110, and it
/// still settles within a few dozen puzzles.
pub const START_DEVIATION: f64 = 150.0;

/// The player's puzzle record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 deviation.
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Puzzles solved in a row, without a wrong move.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// Every puzzle played, oldest first.
    pub history: Vec<Attempt>,
    /// The filters chosen.
    pub filter: Filter,
    /// The puzzle on the board at the last visit.
    #[serde(default)]
    pub current: Option<String>,
    /// Whether the puzzle screen was open at the last visit.
    #[serde(default)]
    pub open: bool,
}

impl Default for PuzzleRecord {
    fn default() -> Self {
        PuzzleRecord {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: 0.06,
            streak: 0,
            best_streak: 0,
            history: Vec::new(),
            filter: Filter::default(),
            current: None,
            open: false,
        }
    }
}

/// The history kept: enough for the whole set several times over.
const HISTORY: usize = 2000;

impl PuzzleRecord {
    /// The rating as shown, with `?` while it is provisional (deviation above 110, as lichess).
    pub fn rating_text(&self) -> String {
        let provisional = if self.deviation > 110.0 { "?" } else { "" };
        format!("{}{provisional}", self.rating.round() as i32)
    }

    /// Whether `id` was played before (a replay is not rated).
    pub fn played(&self, id: &str) -> bool {
        self.history.iter().any(|a| a.id == id)
    }

    /// Records a finished puzzle: solved without a wrong move or not. The first play of a
    /// puzzle moves the rating (Glicko-2 against the puzzle's rating, as a fixed opponent);
    /// returns the change.
    pub fn record(&mut self, puzzle: &PuzzleEntry, solved: bool) -> i32 {
        let change = if self.played(&puzzle.id) {
            0
        } else {
            let me = Glicko2Rating {
                rating: self.rating,
                deviation: self.deviation,
                volatility: self.volatility,
            };
            let it = Glicko2Rating {
                rating: puzzle.rating as f64,
                deviation: 80.0,
                volatility: 0.06,
            };
            let outcome = if solved {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            let (new, _) = glicko2(&me, &it, &outcome, &Glicko2Config::new());
            let change = (new.rating.round() - self.rating.round()) as i32;
            self.rating = new.rating;
            self.deviation = new.deviation;
            self.volatility = new.volatility;
            change
        };
        if solved {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.history.push(Attempt {
            id: puzzle.id.clone(),
            solved,
            change,
        });
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
        change
    }

    /// The next puzzle of `set` for this player: among those the filters let through, an
    /// unplayed one nearest the rating (after `last` in the set's order on a tie), on the
    /// folded board (the headline game) for a player's first puzzle; when every one was played,
    /// the one played longest ago. `None` when no puzzle fits the filters.
    pub fn next(&self, set: &[PuzzleEntry], last: Option<usize>) -> Option<usize> {
        let n = set.len();
        let after = |i: usize| (i + n - last.map_or(n - 1, |l| l) - 1) % n;
        let fitting = (0..n).filter(|&i| set[i].fits(&self.filter));
        let newcomer = self.history.is_empty();
        let unplayed = fitting
            .clone()
            .filter(|&i| !self.played(&set[i].id) && Some(i) != last)
            .min_by_key(|&i| {
                let elsewhere = newcomer && set[i].variant != "folded";
                let distance = (set[i].rating as f64 - self.rating).abs() as i64;
                (elsewhere, distance, after(i))
            });
        unplayed.or_else(|| {
            let when = |i: usize| self.history.iter().rposition(|a| a.id == set[i].id);
            fitting
                .filter(|&i| Some(i) != last)
                .min_by_key(|&i| (when(i), after(i)))
                .or(last.filter(|&l| set[l].fits(&self.filter)))
        })
    }
}

const KEY: &str = "topochess-puzzles";

/// The record kept by earlier visits (a fresh one if none or unreadable).
pub fn browser_kept() -> PuzzleRecord {
    crate::library::storage::kept_json(KEY)
}

/// Keeps the record in the browser's storage.
pub fn browser_keep(record: &PuzzleRecord) {
    crate::library::storage::keep_json(KEY, record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_reads_whole_with_distinct_ids_and_lead_in_moves() {
        let set = shipped();
        let lines = include_str!("../../../static/puzzles.tsv").lines().count();
        assert_eq!(set.len(), lines);
        let ids: std::collections::HashSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), set.len());
        assert!(set.iter().filter(|p| p.before.is_some()).count() * 10 >= set.len() * 9);
        assert!(set
            .iter()
            .all(|p| p.solution.len() as u32 == 2 * p.goal.moves() - 1));
    }

    #[test]
    fn the_filters_choices_count_each_puzzle_once_under_each_surface_and_tag() {
        let set = [
            entry("a", "folded", 1500, &["fork"]),
            entry("b", "standard", 1500, &["fork", "pin", "fork"]),
            entry("c", "folded", 1500, &["pin"]),
        ];
        let choices = Choices::of(&set);
        let surfaces = [("folded".to_string(), 2), ("standard".to_string(), 1)];
        assert_eq!(choices.surfaces, surfaces);
        // Each puzzle's goal is a tag too: all three are mates in 1.
        let themes: Vec<(String, usize)> = vec![
            ("fork".into(), 2),
            (Goal::Mate(1).tag(), 3),
            ("pin".into(), 2),
        ];
        let mut sorted = themes.clone();
        sorted.sort();
        assert_eq!(choices.themes, sorted);
        // The shipped set's: every puzzle under one surface, and under its goal's tag.
        let offered = shipped_choices();
        let all: usize = offered.surfaces.iter().map(|(_, n)| n).sum();
        assert_eq!(all, shipped().len());
        let goals: usize = offered
            .themes
            .iter()
            .filter(|(t, _)| shipped().iter().any(|p| p.goal.tag() == *t))
            .map(|(_, n)| n)
            .sum();
        assert_eq!(goals, shipped().len());
    }

    fn entry(id: &str, variant: &str, rating: u32, tags: &[&str]) -> PuzzleEntry {
        PuzzleEntry {
            id: id.into(),
            variant: variant.into(),
            fen: String::new(),
            solution: vec!["a1a2".into()],
            goal: Goal::Mate(1),
            themes: tags.iter().map(|t| t.to_string()).collect(),
            rating,
            before: None,
        }
    }

    #[test]
    fn solving_raises_the_rating_failing_lowers_it_and_a_replay_is_not_rated() {
        let mut r = PuzzleRecord::default();
        let p = entry("a", "folded", 1000, &[]);
        let up = r.record(&p, true);
        assert!(up > 0 && r.rating > START_RATING && r.deviation < START_DEVIATION);
        assert_eq!((r.streak, r.best_streak), (1, 1));
        let q = entry("b", "folded", 1000, &[]);
        let before = r.rating;
        let down = r.record(&q, false);
        assert!(down < 0 && r.rating < before);
        assert_eq!((r.streak, r.best_streak), (0, 1));
        let again = r.rating;
        assert_eq!(r.record(&p, true), 0);
        assert_eq!(r.rating, again);
        assert_eq!(r.streak, 1);
        assert_eq!(r.history.len(), 3);
        // An easy puzzle solved moves the rating less than a hard one.
        let (mut easy, mut hard) = (PuzzleRecord::default(), PuzzleRecord::default());
        let e = easy.record(&entry("e", "torus", 500, &[]), true);
        let h = hard.record(&entry("h", "torus", 1500, &[]), true);
        assert!(0 < e && e < h, "{e} {h}");
        assert!(easy.rating_text().ends_with('?'));
    }

    #[test]
    fn a_newcomers_first_puzzle_is_on_the_folded_board() {
        let set = vec![
            entry("t", "torus", 1000, &[]),
            entry("f", "folded", 1300, &[]),
        ];
        let mut r = PuzzleRecord::default();
        assert_eq!(r.next(&set, None), Some(1), "the headline board first");
        r.record(&set[1], true);
        assert_eq!(r.next(&set, Some(1)), Some(0), "then the nearest rating");
    }

    #[test]
    fn the_next_puzzle_is_unplayed_near_the_rating_within_the_filters() {
        let set = vec![
            entry("a", "folded", 550, &["edge-crossing"]),
            entry("b", "folded", 1000, &["corner-bounce"]),
            entry("c", "torus", 1050, &["edge-crossing"]),
            entry("d", "torus", 1400, &["pole-jump"]),
        ];
        let mut r = PuzzleRecord::default();
        assert_eq!(r.next(&set, None), Some(1));
        r.record(&set[1], true);
        assert_eq!(r.next(&set, Some(1)), Some(2));
        r.filter.surface = Some("folded".into());
        assert_eq!(r.next(&set, Some(1)), Some(0));
        r.filter.theme = Some("pole-jump".into());
        assert_eq!(r.next(&set, None), None);
        r.filter = Filter {
            surface: None,
            theme: Some("mate-in-1".into()),
        };
        // Once all are played, the one played longest ago comes back.
        for i in [0, 2, 3] {
            r.record(&set[i], true);
        }
        assert_eq!(r.next(&set, Some(3)), Some(1));
        // A one-puzzle filter gives that puzzle again.
        r.filter.theme = Some("pole-jump".into());
        assert_eq!(r.next(&set, Some(3)), Some(3));
    }

    #[test]
    fn a_record_survives_its_text_and_a_broken_text_gives_a_fresh_one() {
        let mut r = PuzzleRecord::default();
        r.record(&entry("a", "folded", 700, &[]), false);
        r.filter.surface = Some("torus".into());
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<PuzzleRecord>(&text).unwrap(), r);
        assert!(serde_json::from_str::<PuzzleRecord>("{\"rating\":").is_err());
    }
}
