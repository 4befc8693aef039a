//! Variants: a surface, a setup with its pawn rules, and a castling mode, with the tables built from
//! them. The presets of docs/rules.md section 7 are rows of data here; nothing else names them.

use crate::castling::{rights_bit, CastleKind, CastlePlan, CastlingMode};
use crate::geometry::{BoardSize, Square, SquareSet};
use crate::pawns::PawnRules;
use crate::pieces::{Color, Role};
use crate::surface::{Gluing, KingRule, KnightRule, PoleDiagonal, Surface};
use crate::tables::Tables;
use core::fmt;

/// Which family a preset belongs to, for grouping in lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// The flat reference board.
    Standard,
    /// The folded (pillow) board.
    Folded,
    /// Cylinders and tori on 8x8.
    CylinderTorus,
    /// Monteiro's 8x14 boards.
    Tall,
    /// The spherical versions.
    Sphere,
}

/// The starting arrangement of a preset.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setup {
    /// The chess setup.
    Standard,
    /// Fischer's torus setup.
    Torus,
    /// Monteiro's 8x14 setup, pawns on both sides of each army.
    Tall,
}

/// One preset of docs/rules.md section 7.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// The id used everywhere a preset is named in text.
    pub id: &'static str,
    /// The name shown to players.
    pub name: &'static str,
    /// One line on what is special about it.
    pub summary: &'static str,
    /// Its family.
    pub family: Family,
    /// Board size (files, ranks).
    pub size: (u8, u8),
    /// Gluing of the east and west edges.
    pub east_west: Gluing,
    /// Gluing of the north and south edges.
    pub north_south: Gluing,
    /// The setup.
    pub setup: Setup,
    /// The castling mode when none is chosen.
    pub castling: CastlingMode,
    /// Every castling mode a player may choose (the default among them).
    pub castling_options: &'static [CastlingMode],
    /// How diagonals cross a pole.
    pub pole_diagonal: PoleDiagonal,
    /// The knight rule.
    pub knight: KnightRule,
    /// The king rule.
    pub king: KingRule,
    /// Whether a rider that comes round to its own square may stay there (Yapsan).
    pub stationary: bool,
}

/// The rules every non-spherical preset shares.
const PLAIN: (PoleDiagonal, KnightRule, KingRule, bool) = (
    PoleDiagonal::Klein,
    KnightRule::Steps,
    KingRule::Free,
    false,
);

/// A spherical preset: the standard setup on a sphere (wrapped files, poles beyond ranks 1 and 8)
/// with one version's rules.
const fn sphere(
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    rules: (PoleDiagonal, KnightRule, KingRule, bool),
    castling: CastlingMode,
) -> Preset {
    Preset {
        id,
        name,
        summary,
        family: Family::Sphere,
        size: (8, 8),
        east_west: Gluing::Wrap,
        north_south: Gluing::Pole,
        setup: Setup::Standard,
        castling,
        castling_options: match castling {
            CastlingMode::EitherSide => &[CastlingMode::EitherSide],
            CastlingMode::Standard => &[CastlingMode::Standard],
            CastlingMode::None => &[CastlingMode::None],
        },
        pole_diagonal: rules.0,
        knight: rules.1,
        king: rules.2,
        stationary: rules.3,
    }
}

use CastlingMode as C;

/// Every preset, in the order lists show them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "folded",
        name: "Chess on a Folded Magnetic Board",
        summary: "Files wrap like a cylinder and the top and bottom edges fold onto themselves (Cairns' pillow).",
        family: Family::Folded,
        size: (8, 8),
        east_west: Gluing::Wrap,
        north_south: Gluing::Fold,
        setup: Setup::Standard,
        castling: C::None,
        castling_options: &[C::None, C::Standard, C::EitherSide],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "cylinder",
        name: "Cylinder chess",
        summary: "The a- and h-files are joined; castling with either rook.",
        family: Family::CylinderTorus,
        size: (8, 8),
        east_west: Gluing::Wrap,
        north_south: Gluing::Flat,
        setup: Setup::Standard,
        castling: C::EitherSide,
        // `standard` as Jocly and Ludii play it: ordinary castling only.
        castling_options: &[C::EitherSide, C::Standard, C::None],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "horizontal-cylinder",
        name: "Horizontal cylinder chess",
        summary: "The first and eighth ranks are joined; Fischer's torus setup.",
        family: Family::CylinderTorus,
        size: (8, 8),
        east_west: Gluing::Flat,
        north_south: Gluing::Wrap,
        setup: Setup::Torus,
        castling: C::None,
        castling_options: &[C::None],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "torus",
        name: "Torus chess (Fischer)",
        summary: "Files and ranks both wrap; Karl Fischer's protective setup.",
        family: Family::CylinderTorus,
        size: (8, 8),
        east_west: Gluing::Wrap,
        north_south: Gluing::Wrap,
        setup: Setup::Torus,
        castling: C::None,
        castling_options: &[C::None],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "torus-8x14",
        name: "Chess in a Toroidal Board (Monteiro)",
        summary: "An 8x14 torus with pawns on both sides of each army.",
        family: Family::Tall,
        size: (8, 14),
        east_west: Gluing::Wrap,
        north_south: Gluing::Wrap,
        setup: Setup::Tall,
        castling: C::Standard,
        castling_options: &[C::Standard],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "cylinder-8x14",
        name: "Cylindrical 8x14",
        summary: "Monteiro's board with the ranks joined and the files walled.",
        family: Family::Tall,
        size: (8, 14),
        east_west: Gluing::Flat,
        north_south: Gluing::Wrap,
        setup: Setup::Tall,
        castling: C::Standard,
        castling_options: &[C::Standard],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "klein-8x14",
        name: "Klein chess 8x14",
        summary: "Monteiro's torus with a twist in the rank seam: a Klein bottle.",
        family: Family::Tall,
        size: (8, 14),
        east_west: Gluing::Wrap,
        north_south: Gluing::Twist,
        setup: Setup::Tall,
        castling: C::Standard,
        castling_options: &[C::Standard],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    Preset {
        id: "standard",
        name: "Standard chess",
        summary: "The flat board, for reference.",
        family: Family::Standard,
        size: (8, 8),
        east_west: Gluing::Flat,
        north_south: Gluing::Flat,
        setup: Setup::Standard,
        castling: C::Standard,
        castling_options: &[C::Standard],
        pole_diagonal: PLAIN.0,
        knight: PLAIN.1,
        king: PLAIN.2,
        stationary: PLAIN.3,
    },
    sphere(
        "sphere-grayber",
        "Spherical Chess (Grayber, 1950s)",
        "Bishops cross a pole two files back and zigzag round the globe; knights by a pole leap over it.",
        (PoleDiagonal::Miller, KnightRule::Grayber, KingRule::Free, false),
        C::Standard,
    ),
    sphere(
        "sphere-miller",
        "Spherical Chess (Miller, 1965)",
        "Grayber's bishops; knights on the second rank also leap over the pole, for eight moves.",
        (PoleDiagonal::Miller, KnightRule::Miller, KingRule::Free, false),
        C::Standard,
    ),
    sphere(
        "sphere-yapsan",
        "Spherical Chess (Yapsan, 1971)",
        "Diagonals go straight over a pole and turn back; castling either side; a rider that circles the globe may stay put.",
        (PoleDiagonal::Straight, KnightRule::Eight, KingRule::Free, true),
        C::EitherSide,
    ),
    sphere(
        "sphere-nadvorney",
        "Spherical Chess (Nadvorney, 1975)",
        "The board is really a Klein bottle: diagonals follow the poles like rooks and change colour; castling either side.",
        (PoleDiagonal::Klein, KnightRule::Eight, KingRule::Free, false),
        C::EitherSide,
    ),
    sphere(
        "sphere-boholy",
        "Globe Chess (Boholy, 1987)",
        "The poles are neutral points: a king may cross one only while the enemy does not guard it.",
        (PoleDiagonal::Straight, KnightRule::Boholy, KingRule::GuardedPole, false),
        C::Standard,
    ),
    sphere(
        "sphere-global",
        "Global Chess (Welman, 1997)",
        "Diagonals straight over the pole, knights with eight moves everywhere, ordinary castling.",
        (PoleDiagonal::Straight, KnightRule::Eight, KingRule::Free, false),
        C::Standard,
    ),
    sphere(
        "sphere-welman",
        "Sphere Chess (Welman, 2009)",
        "The king never crosses a pole or the a/h seam, and knights do not leap over poles.",
        (PoleDiagonal::Straight, KnightRule::Cylinder, KingRule::FlatKing, false),
        C::Standard,
    ),
    sphere(
        "sphere-dot",
        "Chess on the Dot (Chao, 2008-14)",
        "Global Chess with castling to either side: the most straightforward globe.",
        (PoleDiagonal::Straight, KnightRule::Eight, KingRule::Free, false),
        C::EitherSide,
    ),
];

/// Finds a preset by id.
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// A name another program gives one of our games: Fairy-Stockfish's (its `variants.ini`) and the
/// `chess` of UCI GUIs, with the preset and castling it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherName {
    /// The other program's name.
    pub name: &'static str,
    /// Our preset with the same rules.
    pub preset: &'static str,
    /// The castling those rules have.
    pub castling: CastlingMode,
}

/// Every name of [`OtherName`]. `cylinder` is also our preset's own id: Fairy-Stockfish's cylinder
/// has no castling, ours castles with either rook by default, so where a program only names the
/// game (UCI) the name means what it means there; where a `Castling` tag says more (PGN), ours
/// reads it.
pub const OTHER_NAMES: &[OtherName] = &[
    OtherName {
        name: "chess",
        preset: "standard",
        castling: CastlingMode::Standard,
    },
    OtherName {
        name: "cylinder",
        preset: "cylinder",
        castling: CastlingMode::None,
    },
    OtherName {
        name: "cylinder-castling",
        preset: "cylinder",
        castling: CastlingMode::Standard,
    },
    OtherName {
        name: "toroidal-chess",
        preset: "torus",
        castling: CastlingMode::None,
    },
];

/// What another program's name for a game means (ASCII case ignored), if it is one of
/// [`OTHER_NAMES`].
pub fn other_name(name: &str) -> Option<&'static OtherName> {
    OTHER_NAMES
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The name other programs give this preset with this castling, if they have one (the first of
/// [`OTHER_NAMES`] that fits).
pub fn name_elsewhere(id: &str, castling: CastlingMode) -> Option<&'static str> {
    OTHER_NAMES
        .iter()
        .find(|o| o.preset == id && o.castling == castling)
        .map(|o| o.name)
}

/// Why a variant could not be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariantError {
    /// No preset has this id.
    UnknownPreset(String),
    /// The preset does not offer this castling mode.
    CastlingNotOffered {
        /// The preset.
        preset: &'static str,
        /// The mode asked for.
        mode: CastlingMode,
    },
    /// A lab surface that cannot be built (the message says why).
    Lab(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownPreset(id) => {
                let ids: Vec<&str> = PRESETS.iter().map(|p| p.id).collect();
                write!(f, "unknown variant '{id}' (known: {})", ids.join(", "))
            }
            VariantError::Lab(why) => write!(f, "{why}"),
            VariantError::CastlingNotOffered { preset, mode } => {
                let options: Vec<&str> = self::preset(preset)
                    .map(|p| p.castling_options.iter().map(|m| m.name()).collect())
                    .unwrap_or_default();
                write!(
                    f,
                    "{preset} has no castling option '{mode}' (options: {})",
                    options.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// A playable variant: surface, pawn rules, castling, start position and the tables built from
/// them. Built once and shared (positions hold it in an `Arc`).
#[derive(Clone, Debug)]
pub struct Variant {
    id: String,
    name: String,
    surface: Surface,
    pawns: PawnRules,
    castling: CastlingMode,
    back_rank: [i32; 2],
    king_file: i32,
    plans: [Vec<CastlePlan>; 2],
    stationary: bool,
    start_placement: String,
    rights_kept: Vec<u8>,
    tables: Tables,
}

impl Variant {
    /// The preset `id` with castling `mode` (`None`: the preset's default). For any id, lab ids
    /// included, see `Variant::by_id` (in `lab`).
    pub fn preset(id: &str, mode: Option<CastlingMode>) -> Result<Variant, VariantError> {
        let p = preset(id).ok_or_else(|| VariantError::UnknownPreset(id.to_string()))?;
        let mode = mode.unwrap_or(p.castling);
        if !p.castling_options.contains(&mode) {
            return Err(VariantError::CastlingNotOffered { preset: p.id, mode });
        }
        let size = BoardSize::new(p.size.0 as u32, p.size.1 as u32)
            .unwrap_or_else(|_| panic!("preset sizes are valid"));
        let surface = Surface::new(size, p.east_west, p.north_south)
            .unwrap_or_else(|_| panic!("preset surfaces are valid"));
        let surface = surface
            .with_pole_diagonal(p.pole_diagonal)
            .with_knight(p.knight)
            .with_king(p.king);
        let (pawns, placement, black_rank) = match p.setup {
            Setup::Standard => (
                PawnRules::ordinary(size),
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                7,
            ),
            Setup::Torus => (
                PawnRules::ordinary(size),
                "r1b2b1r/pp4pp/n1pqkp1n/3pp3/3PP3/N1PQKP1N/PP4PP/R1B2B1R",
                7,
            ),
            Setup::Tall => (
                PawnRules::tall(),
                "PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                7,
            ),
        };
        Ok(Variant::build(
            p.id.to_string(),
            p.name.to_string(),
            surface,
            pawns,
            mode,
            [0, black_rank],
            placement.to_string(),
        )
        .with_stationary_moves(p.stationary))
    }

    /// A variant from its parts: the way custom surfaces are made. `back_rank` is each side's
    /// castling rank; `start_placement` the FEN board field of the start position.
    pub fn build(
        id: String,
        name: String,
        surface: Surface,
        pawns: PawnRules,
        castling: CastlingMode,
        back_rank: [i32; 2],
        start_placement: String,
    ) -> Variant {
        let size = surface.size();
        let king_file = size.width() as i32 / 2;
        let plans = [Color::White, Color::Black].map(|color| {
            castling
                .kinds()
                .iter()
                .filter_map(|&kind| {
                    CastlePlan::new(size, kind, back_rank[color.index()], king_file)
                })
                .collect()
        });
        let tables = Tables::new(&surface, &pawns);
        let rights_kept = size
            .all()
            .map(|sq| {
                let mut keep = 0xF;
                for color in Color::ALL {
                    let rank = back_rank[color.index()];
                    if size.square(king_file, rank) == Some(sq) {
                        keep &= !(rights_bit(color, true) | rights_bit(color, false));
                    }
                    for (h_rook, file) in [(true, size.width() as i32 - 1), (false, 0)] {
                        if size.square(file, rank) == Some(sq) {
                            keep &= !rights_bit(color, h_rook);
                        }
                    }
                }
                keep
            })
            .collect();
        Variant {
            id,
            name,
            surface,
            pawns,
            castling,
            back_rank,
            king_file,
            plans,
            stationary: false,
            start_placement,
            rights_kept,
            tables,
        }
    }

    /// The same variant starting from another arrangement (a FEN board field); the tables stay.
    pub(crate) fn with_start_placement(mut self, placement: String) -> Variant {
        self.start_placement = placement;
        self
    }

    /// The same variant with stationary moves allowed or not (docs/rules.md section 6).
    pub fn with_stationary_moves(mut self, allowed: bool) -> Variant {
        self.stationary = allowed;
        self
    }

    /// The preset id (or the id given to [`Variant::build`]).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The name shown to players.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The surface.
    #[inline]
    pub fn surface(&self) -> &Surface {
        &self.surface
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.surface.size()
    }

    /// The pawn rules.
    pub fn pawns(&self) -> &PawnRules {
        &self.pawns
    }

    /// The castling mode.
    pub fn castling(&self) -> CastlingMode {
        self.castling
    }

    /// Whether pieces may make stationary moves (Yapsan's sphere).
    pub fn stationary_moves(&self) -> bool {
        self.stationary
    }

    /// The castling rank of `color`.
    pub fn back_rank(&self, color: Color) -> i32 {
        self.back_rank[color.index()]
    }

    /// The file the king starts on.
    pub fn king_file(&self) -> i32 {
        self.king_file
    }

    /// The castlings `color` may make in this variant.
    pub fn castle_plans(&self, color: Color) -> &[CastlePlan] {
        &self.plans[color.index()]
    }

    /// The plan of one kind of castling, if the variant has it.
    pub fn castle_plan(&self, color: Color, kind: CastleKind) -> Option<&CastlePlan> {
        self.plans[color.index()].iter().find(|p| p.kind == kind)
    }

    /// The square of the rook behind a castling right (`h_rook`: `K`), on the back rank.
    pub fn castling_rook_square(&self, color: Color, h_rook: bool) -> Option<Square> {
        let file = if h_rook {
            self.size().width() as i32 - 1
        } else {
            0
        };
        self.size().square(file, self.back_rank(color))
    }

    /// The castling rights that survive a move from or to `sq`.
    #[inline]
    pub fn rights_kept(&self, sq: Square) -> u8 {
        self.rights_kept[sq.index()]
    }

    /// The move tables.
    #[inline]
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The squares a piece of `role` and `color` on `sq` reaches on an otherwise empty board
    /// (pawns: their pushes; a stationary move counts where the variant allows them).
    pub fn reach(&self, role: Role, color: Color, sq: Square) -> SquareSet {
        let t = &self.tables;
        let mut set = SquareSet::EMPTY;
        match role {
            Role::Pawn => {
                set.extend(t.pawn_push(color, sq));
                set.extend(t.pawn_double(color, sq));
            }
            Role::Knight => set.extend(t.knight(sq).iter().copied()),
            Role::King => set.extend(t.king(sq).iter().copied()),
            _ => {
                let dirs = role.ray_directions();
                for dir in dirs {
                    set.extend(t.ray(sq, dir).iter().copied());
                    if self.stationary && t.ray_returns(sq, dir) {
                        set.insert(sq);
                    }
                }
            }
        }
        set
    }

    /// The FEN of the start position.
    pub fn start_fen(&self) -> String {
        let rights = if self.castling == CastlingMode::None {
            "-"
        } else {
            "KQkq"
        };
        format!("{} w {rights} - 0 1", self.start_placement)
    }
}
