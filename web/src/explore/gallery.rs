//! The gallery: the source pages' own diagrams, rebuilt in the explorer, each with a one-line
//! caption in our words and the number of squares the page (or docs/rules.md) states.

/// One diagram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// A short title.
    pub title: &'static str,
    /// The preset.
    pub variant: &'static str,
    /// The piece and its square, as a FEN letter and a square name.
    pub piece: (char, &'static str),
    /// The caption.
    pub caption: &'static str,
    /// The number of squares the piece reaches.
    pub count: usize,
}

/// Every entry, grouped as the pages present them.
pub const ENTRIES: &[Entry] = &[
    Entry { title: "Folded rook", variant: "folded", piece: ('R', "c3"), count: 21,
        caption: "From any square the rook covers its rank and two whole files: its own and the one the fold joins it to." },
    Entry { title: "Folded bishop, corner diagonal", variant: "folded", piece: ('B', "c3"), count: 19,
        caption: "On a diagonal that runs into a corner the bishop bounces back the way it came, and sees fewer squares." },
    Entry { title: "Folded bishop, open diagonal", variant: "folded", piece: ('B', "d3"), count: 23,
        caption: "Away from the corner diagonals both lines run round the pillow: 23 squares." },
    Entry { title: "Folded queen in a corner", variant: "folded", piece: ('Q', "d1"), count: 36,
        caption: "d1 is one of the eight corners: the queen's diagonal through it comes straight back." },
    Entry { title: "Folded queen", variant: "folded", piece: ('Q', "c4"), count: 37,
        caption: "Rook and bishop together, neither on a corner line." },
    Entry { title: "Folded knight on the first rank", variant: "folded", piece: ('N', "b1"), count: 7,
        caption: "Two of its leaps cross an edge: one to h2 round the side, one to e1 over the fold." },
    Entry { title: "Folded knight in the middle", variant: "folded", piece: ('N', "d4"), count: 8,
        caption: "Far from the folds a knight is an ordinary knight." },
    Entry { title: "Folded king on e1", variant: "folded", piece: ('K', "e1"), count: 6,
        caption: "A corner of the pillow: one diagonal leads back to e1 itself and d1 is reached twice, so six moves." },
    Entry { title: "Folded king on b8", variant: "folded", piece: ('K', "b8"), count: 8,
        caption: "Over the top fold the king steps to f8, g8 and h8." },
    Entry { title: "Cairns' bishop", variant: "folded", piece: ('B', "d7"), count: 23,
        caption: "Heading north-east, the bishop goes d7-e8 and comes back over the fold on c8, then b7." },
    Entry { title: "Cylinder bishop", variant: "cylinder", piece: ('B', "c1"), count: 13,
        caption: "Both diagonals run round the cylinder and meet again on g5." },
    Entry { title: "Cylinder knight", variant: "cylinder", piece: ('N', "h2"), count: 6,
        caption: "From the h-file the knight leaps round to the a- and b-files." },
    Entry { title: "Nadvorney's bishop", variant: "sphere-nadvorney", piece: ('B', "g3"), count: 27,
        caption: "On the Klein-bottle sphere a bishop crossing the pole changes colour, so its loops cover more." },
    Entry { title: "Yapsan's bishop", variant: "sphere-yapsan", piece: ('B', "g3"), count: 24,
        caption: "Straight over the pole and back; with the way clear it may even stay put, a stationary move." },
    Entry { title: "Miller's bishop", variant: "sphere-miller", piece: ('B', "h3"), count: 31,
        caption: "Crossing the pole two files back, the bishop spirals round the globe (h3-a2-b1-h1-a2-b3...)." },
    Entry { title: "Grayber's knight by the pole", variant: "sphere-grayber", piece: ('N', "g1"), count: 6,
        caption: "Two leaps go over the pole to b2 and d2; the others are ordinary." },
    Entry { title: "Miller's knight on the second rank", variant: "sphere-miller", piece: ('N', "g2"), count: 8,
        caption: "A diagonal step to the pole rank and one over the pole add b1 and d1." },
    Entry { title: "Knight with eight moves", variant: "sphere-dot", piece: ('N', "g1"), count: 8,
        caption: "As on Nadvorney's board, the knight by the pole keeps all eight moves." },
    Entry { title: "Boholy's knight", variant: "sphere-boholy", piece: ('N', "g1"), count: 6,
        caption: "The pole counts as a square: over it and one step along the rank, to b1 and d1." },
    Entry { title: "Welman's knight", variant: "sphere-welman", piece: ('N', "b1"), count: 4,
        caption: "Knights never leap a pole in Sphere Chess: only four moves by the pole." },
];
