//! Human solving techniques on 9x9 candidates, rated on Sudoku Explainer's scale (SE, the
//! rating players quote): each technique family in its own file, the hint (the next step SE
//! would take) and the rating (the hardest step on SE's path) on top.
//!
//! SE's rule, which this follows: at every position try the techniques in SE's fixed order
//! and apply the first step found (so a cheaper technique later in the order never beats an
//! earlier one that applies); the rating is the highest difficulty among the steps taken
//! until the grid is solved. The technique set and order are those of Sukaku Explainer (the
//! maintained SE fork that rated the puzzles tests/data carries) with its default settings:
//! SE 1.2.1's techniques plus strong-link chains and the WXYZ/VWXYZ/UVWXYZ wings. Order and
//! difficulties were read from its public Java source (`diuf.sudoku.solver.Solver` and the
//! rules' `getDifficulty`); the code is ours.
//! Everything lives in fixed arrays on the stack: a grid is 81 values and 81 candidate masks.

// Unit and cell numbers index several tables at once (cells, sets, candidates), so the loops
// run over the numbers.
#![allow(clippy::needless_range_loop)]

pub mod grid;
pub(crate) mod chains;
mod fish;
mod intersections;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

pub use grid::Grid;

/// The techniques, in the order SE tries them (the first that finds a step is applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Technique {
    /// The last open cell of a unit (SE: hidden single, 1.0).
    FullHouse = 1,
    /// A digit with one place left in a box (1.2).
    HiddenSingleBox,
    /// A digit with one place left in a row or column (1.5).
    HiddenSingleLine,
    /// A box's digit confined to one line, leaving a hidden single in another box (1.7).
    DirectPointing,
    /// A line's digit confined to one box, leaving a hidden single in another line (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its unit (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single in its unit (2.5).
    DirectHiddenTriplet,
    /// A box's digit confined to one line: out of the rest of the line (2.6).
    Pointing,
    /// A line's digit confined to one box: out of the rest of the box (2.8).
    Claiming,
    /// Two cells of a unit with the same two candidates (3.0).
    NakedPair,
    /// A digit's places in two lines lie in two cross lines (3.2).
    XWing,
    /// Two digits with the same two places in a unit (3.4).
    HiddenPair,
    /// Three cells of a unit holding three candidates between them (3.6).
    NakedTriplet,
    /// The fish of three lines (3.8).
    Swordfish,
    /// Three digits with the same three places in a unit (4.0).
    HiddenTriplet,
    /// Sukaku Explainer's two strong links on a digit: skyscraper, kite, turbot (4.0-4.2).
    StrongLinks2,
    /// A bivalue pivot xy and wings xz, yz: z out of cells seeing both wings (4.2).
    XYWing,
    /// A pivot xyz and wings xz, yz: z out of cells seeing all three (4.4).
    XYZWing,
    /// A unique rectangle (SE's unique loop of four cells), types 1 to 4 (4.5 to 4.8).
    UniqueRectangle,
    /// Four cells of a unit holding four candidates between them (5.0).
    NakedQuad,
    /// The fish of four lines (5.2).
    Jellyfish,
    /// Four digits with the same four places in a unit (5.4).
    HiddenQuad,
    /// Sukaku Explainer's three strong links on a digit (5.4-5.6).
    StrongLinks3,
    /// Sukaku Explainer's WXYZ-Wing: a 3-cell almost locked set and a bivalue cell (5.5-5.6).
    WXYZWing,
    /// Bivalue universal grave type 1: one cell holds the extra digits (5.6).
    Bug1,
    /// Bivalue universal grave type 2: one extra digit, out of cells seeing every BUG cell (5.7).
    Bug2,
    /// Bivalue universal grave type 4: two BUG cells in a unit sharing a digit (5.7).
    Bug4,
    /// Sukaku Explainer's four strong links on a digit (5.8-6.0).
    StrongLinks4,
    /// Sukaku Explainer's VWXYZ-Wing: a 4-cell almost locked set and a bivalue cell (6.2-6.4).
    VWXYZWing,
    /// Sukaku Explainer's UVWXYZ-Wing: a 5-cell almost locked set and a bivalue cell (6.6).
    UVWXYZWing,
    /// A loop of strong and weak links on one digit (6.5 and up by length).
    XCycle,
    /// A loop through bivalue cells (6.5 and up by length).
    YCycle,
    /// A chain on one digit from a candidate to its own opposite (6.6 and up by length).
    XChain,
    /// A loop of links of both kinds (7.0 and up by length).
    XYCycle,
    /// A chain of links of both kinds from a candidate to its own opposite (7.0 and up).
    XYChain,
}

impl Technique {
    /// Every technique, in SE's order.
    pub const ALL: [Technique; 36] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriplet,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriplet,
        Technique::Swordfish,
        Technique::HiddenTriplet,
        Technique::StrongLinks2,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::StrongLinks3,
        Technique::WXYZWing,
        Technique::Bug1,
        Technique::Bug2,
        Technique::Bug4,
        Technique::StrongLinks4,
        Technique::VWXYZWing,
        Technique::UVWXYZWing,
        Technique::XCycle,
        Technique::YCycle,
        Technique::XChain,
        Technique::XYCycle,
        Technique::XYChain,
    ];

    /// The technique's name as players say it.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox => "Hidden Single (box)",
            Technique::HiddenSingleLine => "Hidden Single (line)",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriplet => "Direct Hidden Triplet",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriplet => "Naked Triplet",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriplet => "Hidden Triplet",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Bug1 => "BUG type 1",
            Technique::Bug2 => "BUG type 2",
            Technique::Bug4 => "BUG type 4",
            Technique::StrongLinks2 => "Turbot Fish",
            Technique::StrongLinks3 => "3 Strong Links",
            Technique::StrongLinks4 => "4 Strong Links",
            Technique::WXYZWing => "WXYZ-Wing",
            Technique::VWXYZWing => "VWXYZ-Wing",
            Technique::UVWXYZWing => "UVWXYZ-Wing",
            Technique::XCycle => "X-Cycle",
            Technique::YCycle => "Y-Cycle",
            Technique::XChain => "Forcing X-Chain",
            Technique::XYCycle => "XY-Cycle",
            Technique::XYChain => "Forcing XY-Chain",
        }
    }

    /// The technique's number (1 up, in SE's order), as the C API reports it.
    pub const fn number(self) -> u8 {
        self as u8
    }
}

/// One step of solving: what was seen and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// SE's difficulty of this step in tenths (23 for 2.3).
    pub rating: u8,
    /// The cells of the pattern (bit `cell`, cells 0..81 in reading order).
    pub cells: u128,
    /// The digits of the pattern (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// The cell this step fills, if it fills one.
    pub place: Option<(u8, u8)>,
    /// The candidates it takes out, per cell (bit `d - 1` for digit `d`).
    pub eliminations: [u16; 81],
}

impl Step {
    /// An empty step of `technique` at `rating`, to be filled by the finder.
    pub const fn new(technique: Technique, rating: u8) -> Step {
        Step { technique, rating, cells: 0, digits: 0, place: None, eliminations: [0; 81] }
    }

    /// Whether the step changes anything on `grid` (a placement, or a candidate taken out).
    pub fn progresses(&self, grid: &Grid) -> bool {
        self.place.is_some() || self.eliminations.iter().zip(&grid.cands).any(|(&e, &c)| e & c != 0)
    }

    /// Applies the step to `grid`: the eliminations, then the placement.
    pub fn apply(&self, grid: &mut Grid) {
        for (c, &e) in grid.cands.iter_mut().zip(&self.eliminations) {
            *c &= !e;
        }
        if let Some((cell, digit)) = self.place {
            grid.place(cell as usize, digit);
        }
    }
}

/// The next step SE would take on `grid`: the first step of the first technique (in SE's
/// order) that makes progress; `None` when the grid is solved or none of the techniques here
/// applies.
pub fn next_step(grid: &Grid) -> Option<Step> {
    if grid.solved() {
        return None;
    }
    singles::full_house(grid)
        .or_else(|| singles::hidden_single(grid))
        .or_else(|| intersections::locking(grid, true))
        .or_else(|| subsets::hidden(grid, 2, true))
        .or_else(|| singles::naked_single(grid))
        .or_else(|| subsets::hidden(grid, 3, true))
        .or_else(|| intersections::locking(grid, false))
        .or_else(|| subsets::naked(grid, 2))
        .or_else(|| fish::fish(grid, 2))
        .or_else(|| subsets::hidden(grid, 2, false))
        .or_else(|| subsets::naked(grid, 3))
        .or_else(|| fish::fish(grid, 3))
        .or_else(|| subsets::hidden(grid, 3, false))
        .or_else(|| fish::strong_links(grid, 2))
        .or_else(|| wings::xy_wing(grid, false))
        .or_else(|| wings::xy_wing(grid, true))
        .or_else(|| uniqueness::unique_rectangle(grid))
        .or_else(|| subsets::naked(grid, 4))
        .or_else(|| fish::fish(grid, 4))
        .or_else(|| subsets::hidden(grid, 4, false))
        .or_else(|| fish::strong_links(grid, 3))
        .or_else(|| wings::als_wing(grid, 3))
        .or_else(|| uniqueness::bug(grid))
        .or_else(|| fish::strong_links(grid, 4))
        .or_else(|| wings::als_wing(grid, 4))
        .or_else(|| wings::als_wing(grid, 5))
        .or_else(|| chains::chains(grid))
}

/// What rating a puzzle came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// Solved by the techniques here: SE's rating in tenths (72 for 7.2).
    Rated(u8),
    /// The techniques here ran out before the grid was solved; the hardest step taken until
    /// then, in tenths (a lower bound of SE's rating).
    Beyond(u8),
    /// The puzzle has more than one solution (only from `rate9`, which checks first).
    Multiple,
}

/// Rates `grid` by SE's rule: takes [`next_step`] until solved, keeping the hardest.
/// `visit` sees each step with the grid before it (the tests check every step's soundness).
pub fn rate(grid: &mut Grid, mut visit: impl FnMut(&Grid, &Step)) -> Rating {
    let mut hardest = 0;
    while !grid.solved() {
        let Some(step) = next_step(grid) else {
            return Rating::Beyond(hardest);
        };
        visit(grid, &step);
        hardest = hardest.max(step.rating);
        step.apply(grid);
    }
    Rating::Rated(hardest)
}
