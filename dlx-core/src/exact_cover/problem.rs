//! A general exact cover problem kept in memory its caller owns: a header of counts, two
//! answer arrays, and a DLX engine with 32-bit links, all in one slice of words. Every call
//! takes the engine up again from the header ([`Dlx::resume`]), so nothing lives between
//! calls but those words, and nothing is allocated.
//!
//! A problem of DLX1's kind (items covered exactly once or at most once, every option costing
//! one) is searched as DLX1 searches: the primary item with the fewest options, the first
//! such, no probing and no reductions, so node counts compare with Knuth's program node for
//! node. Once an entry has a color, an item other bounds or an option another cost, the
//! general search of `dlx::mcc` runs on the same links, with per-node, per-item and per-option
//! arrays kept after the engine's words.

use core::ops::ControlFlow;

use crate::deadline::Deadline;
use super::dlx::mcc::{Goal, Rules, Work};
use super::dlx::{BuildError, Capacity, Choice, Counts, Dlx, Flow, Prefix};
use crate::Error;
use crate::error::count_limit;

/// Most items + options + entries of one problem: node numbers stay below the 32-bit spacer
/// mark with the two roots and one spacer to spare.
pub const LIMIT: u64 = (1 << 31) - 3;

/// The header's words, in order.
const MAGIC: usize = 0;
const PRIMARY: usize = 1;
const SECONDARY: usize = 2;
const OPTION_CAP: usize = 3;
const ENTRY_CAP: usize = 4;
const WORDS: usize = 5;
pub(super) const OPTIONS: usize = 6;
const NEXT_NODE: usize = 7;
const ENTRIES: usize = 8;
const WIDEST: usize = 9;
pub(super) const NODES: usize = 10;
/// Which of [`COLORED`], [`BOUNDED`] and [`COSTED`] the problem is.
pub(super) const KIND: usize = 11;
/// The total cost of the cover the last [`Problem::minimum`] or [`Problem::at_most`] wrote.
const COST: usize = 12;
/// The number of decisions of the piece set ([`Problem::set_piece`]).
pub(super) const PIECE: usize = 13;
/// Word 14 is unused: the header stays an even number of words, so every part after it
/// stays 16-aligned. Last, so that a rejected option changes only the header's last word:
const FAULT: usize = 15;
const HEAD: usize = 16;
/// Marks memory that [`Problem::new`] laid out ("dlxprob" and a layout version).
const MAGIC_WORD: u64 = u64::from_le_bytes(*b"dlxprob3");

/// Kinds of problem beyond DLX1's: some entry has a color, some item bounds other than 1:1,
/// some option a cost other than 1.
const COLORED: u64 = 1;
const BOUNDED: u64 = 2;
const COSTED: u64 = 4;

/// Why [`Problem::add`] or [`Problem::add_option`] rejected an option, naming the entry at
/// fault where there is one (entries count from 0 within the option). A rejected option changes
/// nothing; the faults with a [`code`](Self::code) are also kept in the problem's header, so
/// that a C caller who only sees a status code can ask ([`Problem::fault`]).
///
/// ```
/// use dlx_core::{Error, Fault, Problem};
///
/// let mut memory = vec![0u64; Problem::words_for(3, 1, 3).unwrap()];
/// let mut problem = Problem::new(&mut memory, 3, 0, 1, 3)?;
/// let fault = problem.add(&[0, 2, 0]).unwrap_err();
/// assert_eq!(fault, Fault::Repeated { entry: 2, first: 0 });
/// assert_eq!(fault.to_string(), "an entry names the same item as an earlier entry (entry 2, repeating entry 0)");
/// assert_eq!(problem.fault(), Some(fault));
/// // In a function that returns dlx_core::Error, `?` turns a fault into Error::Arg (or
/// // Error::Capacity for a full problem).
/// assert_eq!(Error::from(fault), Error::Arg);
/// assert_eq!(problem.add(&[0, 2, 1])?, 0);
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The option has no entries.
    Empty,
    /// An entry names no item of the problem.
    OutOfRange {
        /// The entry's place in the option, from 0.
        entry: usize,
    },
    /// An entry names the same item as an earlier one.
    Repeated {
        /// The entry's place in the option, from 0.
        entry: usize,
        /// The earlier entry's place.
        first: usize,
    },
    /// The option names secondary items only, so it could never be chosen.
    NoPrimary,
    /// The problem already holds as many options as it was sized for.
    OptionsFull,
    /// The option's entries do not fit in the entries the problem was sized for.
    EntriesFull,
    /// An entry gives a primary item a color (only secondary items have colors).
    ColorOnPrimary {
        /// The entry's place in the option, from 0.
        entry: usize,
    },
    /// An entry's color is negative.
    NegativeColor {
        /// The entry's place in the option, from 0.
        entry: usize,
    },
    /// The option's cost is negative.
    NegativeCost,
    /// The colors are not as many as the option's entries (no C code: the C call takes one
    /// count for both).
    ColorsLength,
    /// The problem's words were changed between calls so that they no longer hold a problem
    /// (no C code: the C call says `DLX_ERR_ARG` and `DLX_FAULT_NONE`).
    Damaged,
}

impl Fault {
    /// What went wrong, in a sentence (without the entry numbers, which `Display` adds).
    pub const fn text(self) -> &'static core::ffi::CStr {
        match self {
            Fault::Empty => c"the option has no entries",
            Fault::OutOfRange { .. } => c"an entry names no item of the problem",
            Fault::Repeated { .. } => c"an entry names the same item as an earlier entry",
            Fault::NoPrimary => c"the option names no primary item",
            Fault::OptionsFull => c"the problem holds as many options as it was sized for",
            Fault::EntriesFull => c"the option's entries exceed the entries the problem was sized for",
            Fault::ColorOnPrimary { .. } => c"an entry gives a primary item a color",
            Fault::NegativeColor { .. } => c"an entry's color is negative",
            Fault::NegativeCost => c"the option's cost is negative",
            Fault::ColorsLength => c"the colors are not as many as the option's entries",
            Fault::Damaged => c"the problem's memory no longer holds a problem",
        }
    }

    /// Its number, 1 to 9 in the order above: the C library's `DLX_FAULT_` code, and the low
    /// byte of the header word that keeps it; `None` for the faults C calls never meet as
    /// such ([`ColorsLength`](Self::ColorsLength), [`Damaged`](Self::Damaged)), which the
    /// header does not keep.
    pub const fn code(self) -> Option<u8> {
        Some(match self {
            Fault::Empty => 1,
            Fault::OutOfRange { .. } => 2,
            Fault::Repeated { .. } => 3,
            Fault::NoPrimary => 4,
            Fault::OptionsFull => 5,
            Fault::EntriesFull => 6,
            Fault::ColorOnPrimary { .. } => 7,
            Fault::NegativeColor { .. } => 8,
            Fault::NegativeCost => 9,
            Fault::ColorsLength | Fault::Damaged => return None,
        })
    }

    /// The places the fault names: the entry, and the earlier entry it repeats.
    pub const fn places(self) -> (Option<usize>, Option<usize>) {
        match self {
            Fault::OutOfRange { entry } | Fault::ColorOnPrimary { entry } | Fault::NegativeColor { entry } => {
                (Some(entry), None)
            }
            Fault::Repeated { entry, first } => (Some(entry), Some(first)),
            _ => (None, None),
        }
    }

    /// The fault of [`code`](Self::code) `code` naming `entry` and `first` (where it names
    /// places); `None` for any other code.
    pub const fn of_code(code: u8, entry: usize, first: usize) -> Option<Fault> {
        Some(match code {
            1 => Fault::Empty,
            2 => Fault::OutOfRange { entry },
            3 => Fault::Repeated { entry, first },
            4 => Fault::NoPrimary,
            5 => Fault::OptionsFull,
            6 => Fault::EntriesFull,
            7 => Fault::ColorOnPrimary { entry },
            8 => Fault::NegativeColor { entry },
            9 => Fault::NegativeCost,
            _ => return None,
        })
    }

    /// The header word: the code in the low 8 bits, then the two places in 28 bits each
    /// (saturated: an option of 2^28 entries and more names its places approximately); 0, no
    /// fault, for a fault without a code.
    fn pack(self) -> u64 {
        let at = |n: Option<usize>| n.map_or(0, |n| n.min(PLACE as usize) as u64);
        let (entry, first) = self.places();
        self.code().map_or(0, |code| u64::from(code) | at(entry) << 8 | at(first) << 36)
    }

    fn unpack(word: u64) -> Option<Fault> {
        Fault::of_code(word as u8, (word >> 8 & PLACE) as usize, (word >> 36 & PLACE) as usize)
    }
}

impl core::fmt::Display for Fault {
    /// The [`text`](Fault::text), and the entries it names: "an entry names the same item as
    /// an earlier entry (entry 2, repeating entry 0)".
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The texts are ASCII (a test checks), so this never falls back.
        f.write_str(self.text().to_str().unwrap_or("dlx fault"))?;
        match self.places() {
            (Some(entry), Some(first)) => write!(f, " (entry {entry}, repeating entry {first})"),
            (Some(entry), None) => write!(f, " (entry {entry})"),
            _ => Ok(()),
        }
    }
}

impl core::error::Error for Fault {}

impl From<Fault> for Error {
    /// [`Error::Capacity`] for a problem that is full ([`Fault::OptionsFull`],
    /// [`Fault::EntriesFull`]), [`Error::Arg`] for every other fault: the C library's status.
    fn from(fault: Fault) -> Self {
        match fault {
            Fault::OptionsFull | Fault::EntriesFull => Error::Capacity,
            _ => Error::Arg,
        }
    }
}

/// The largest place a fault word keeps.
const PLACE: u64 = (1 << 28) - 1;

/// An exact cover problem in a caller's words: items `0..primary` must be covered exactly
/// once (or as [`set_bounds`](Self::set_bounds) says), items `primary..primary + secondary` at
/// most once (or by options that agree on their color, see [`add_option`](Self::add_option));
/// options are added one at a time and numbered from 0 in that order.
///
/// The problem lives entirely in the slice it was made in ([`words_for`](Self::words_for)
/// says how long), the search's stacks included: nothing is allocated, and the words can be
/// kept, copied and taken up again with [`open`](Self::open).
///
/// ```
/// use core::ops::ControlFlow;
/// use dlx_core::Problem;
///
/// // Four items, all primary; three ways to cover them exactly: options 0 and 1, 2 and 3, or 4.
/// let options: [&[i32]; 5] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3], &[0, 1, 2, 3]];
/// let entries = options.iter().map(|o| o.len()).sum();
/// let mut memory = vec![0u64; Problem::words_for(4, options.len(), entries).unwrap()];
/// let mut problem = Problem::new(&mut memory, 4, 0, 5, entries as i64)?;
/// for option in options {
///     problem.add(option)?;
/// }
/// // Count: visit every cover and go on.
/// assert_eq!(problem.search(u64::MAX, || false, |_| ControlFlow::Continue(()))?, 3);
/// // List them, each as its option numbers ascending.
/// let mut covers = Vec::new();
/// problem.search(u64::MAX, || false, |cover| {
///     covers.push(cover.to_vec());
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(covers, [vec![0, 1], vec![2, 3], vec![4]]);
/// // Stop at the first: Break ends the search.
/// let mut first = Vec::new();
/// let visited = problem.search(u64::MAX, || false, |cover| {
///     first.extend_from_slice(cover);
///     ControlFlow::Break(())
/// })?;
/// assert_eq!((visited, first), (1, vec![0, 1]));
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub struct Problem<'m> {
    pub(super) head: &'m mut [u64],
    /// Two arrays of `options + 1` option numbers: a solution as it is reported, and the best
    /// cover [`minimum`](Self::minimum) has found so far.
    pub(super) answers: &'m mut [i32],
    engine: &'m mut [u64],
    /// The general search's [`Rules`]: per node a color and an option number, per item two
    /// bounds, per option a cost, in that order.
    rules: &'m mut [u32],
    /// The general search's [`Work`].
    work: &'m mut [u64],
    /// The piece's decisions (the header says how many; see `pieces`), at most one per option.
    pub(super) piece: &'m mut [i32],
    /// Per option: its first node, to find an option by its number.
    first: &'m mut [u32],
}

/// What the general search works with, borrowed from a problem's words.
pub(super) struct General<'a> {
    pub(super) engine: Dlx<'a, u32>,
    pub(super) rules: Rules<'a>,
    pub(super) work: Work<'a>,
    /// A solution as it is reported; the best one found.
    answer: &'a mut [i32],
    best: &'a mut [i32],
    /// The piece's decisions.
    pub(super) prefix: Prefix<'a>,
}

/// The engine searching as DLX1 does, under a piece's decisions, and the words a search
/// writes to.
pub(super) struct Lean<'a> {
    pub(super) engine: Dlx<'a, u32>,
    /// Whether the decisions hold together (else the piece has no solution).
    pub(super) consistent: bool,
    answers: &'a mut [i32],
    pub(super) head: &'a mut [u64],
}

/// The decisions of the piece in `piece` for the engine, checked against the options added
/// and their nodes (the words may have been changed between calls): `None` when one is out
/// of range.
fn checked_prefix<'a>(head: &[u64], piece: &'a [i32], first: &'a [u32]) -> Option<Prefix<'a>> {
    let (options, nodes) = (head[OPTIONS] as usize, head[NEXT_NODE] as usize);
    let decisions = piece.get(..usize::try_from(head[PIECE]).ok()?)?;
    let first = first.get(..options)?;
    let fits = decisions.iter().all(|&d| {
        let o = if d < 0 { -1 - i64::from(d) } else { i64::from(d) } as usize;
        o < options && (first[o] as usize) < nodes && first[o] as u64 > head[PRIMARY] + head[SECONDARY] + 1
    });
    fits.then(|| Prefix::new(decisions, first))
}

/// Where each of [`Rules`]' arrays starts in [`Problem::rules`], and their total length.
struct RuleLayout {
    owner: usize,
    lo: usize,
    hi: usize,
    cost: usize,
    end: usize,
}

impl RuleLayout {
    fn of(capacity: Capacity) -> Self {
        let owner = capacity.nodes;
        let lo = owner + capacity.nodes;
        let hi = lo + capacity.items;
        let cost = hi + capacity.items;
        RuleLayout { owner, lo, hi, cost, end: cost + capacity.options }
    }
}

/// The words of a problem of `items` items, `options` options and `entries` entries.
struct Layout {
    answers: usize,
    engine: usize,
    rules: usize,
    work: usize,
    /// A piece's decisions and the options' first nodes, `options` 32-bit numbers each.
    pieces: usize,
    capacity: Capacity,
}

/// The layout of a problem of `items` items, `options` options and `entries` entries, or
/// `None` beyond the limit (items + options + entries at most 2^31 - 3) or the address space.
fn layout(items: u64, options: u64, entries: u64) -> Option<Layout> {
    let total = items.checked_add(options)?.checked_add(entries)?;
    // Every part is at most 128 bytes per item, option or entry, plus a little: beyond what a
    // slice may span, no sum below can overflow.
    if total > LIMIT || usize::try_from(128 * (total + 64)).ok()? > isize::MAX as usize {
        return None;
    }
    let (items, options, entries) = (items as usize, options as usize, entries as usize);
    let capacity = Capacity::for_problem(items, options, entries);
    // Each part an even number of words, so that every part stays 16-aligned. Two arrays of
    // options + 1 i32 answers: a solution has at most every option.
    let even = |words: usize| words.next_multiple_of(2);
    Some(Layout {
        answers: even(options + 1),
        engine: even(capacity.words::<u32>()),
        rules: even(RuleLayout::of(capacity).end.div_ceil(2)),
        work: even(Work::words(capacity.items, capacity.options, capacity.nodes)),
        pieces: even(options),
        capacity,
    })
}

/// The engine over a problem's words, searching as DLX1 does; `None` if the header was
/// changed between calls so that it no longer fits.
fn dlx1(words: &mut [u64], capacity: Capacity, counts: Counts) -> Option<Dlx<'_, u32>> {
    let mut engine = Dlx::resume(words, capacity, counts)?;
    engine.set_choice(Choice::Dlx1);
    engine.set_probing(false);
    engine.set_reductions_after(u64::MAX);
    Some(engine)
}

impl<'m> Problem<'m> {
    /// Words (`u64`) of memory a problem with up to `items` items in all (primary and
    /// secondary), `options` options and `entries` option entries (the sum of the options'
    /// lengths) needs, an even number; `None` beyond the limit (items + options + entries at
    /// most 2^31 - 3) or the address space.
    pub fn words_for(items: usize, options: usize, entries: usize) -> Option<usize> {
        let count = |n: usize| u64::try_from(n).ok();
        let layout = layout(count(items)?, count(options)?, count(entries)?)?;
        HEAD.checked_add(layout.answers + layout.engine + layout.rules + layout.work + layout.pieces)
    }

    /// The same in bytes, with the C library's signed counts: what `dlx_problem_size` returns
    /// (a multiple of 16); `None` also when a count is negative. Rust callers size their
    /// memory with [`words_for`](Self::words_for).
    pub fn size(items: i64, options: i64, entries: i64) -> Option<usize> {
        let count = |n: i64| usize::try_from(n).ok();
        Self::words_for(count(items)?, count(options)?, count(entries)?)?.checked_mul(8)
    }

    /// Lays out an empty problem in `memory` (whatever it held), with room for `options`
    /// options and `entries` entries; items `0..primary` are primary, the next `secondary`
    /// secondary.
    ///
    /// # Errors
    /// [`Error::Arg`] for a negative count or a problem beyond the limit (items + options +
    /// entries at most 2^31 - 3), [`Error::Capacity`] when `memory` is shorter than
    /// [`words_for`](Self::words_for) says.
    pub fn new(memory: &'m mut [u64], primary: i32, secondary: i32, options: i32, entries: i64) -> Result<Self, Error> {
        let count = |n: i64| u64::try_from(n).map_err(|_| Error::Arg);
        let (primary, secondary, options, entries) =
            (count(primary.into())?, count(secondary.into())?, count(options.into())?, count(entries)?);
        let items = primary + secondary;
        let size = Self::size(items as i64, options as i64, entries as i64).ok_or(Error::Arg)?;
        if memory.len() < size / 8 {
            return Err(Error::Capacity);
        }
        let memory = &mut memory[..size / 8];
        memory[..HEAD].fill(0);
        memory[MAGIC] = MAGIC_WORD;
        memory[PRIMARY] = primary;
        memory[SECONDARY] = secondary;
        memory[OPTION_CAP] = options;
        memory[ENTRY_CAP] = entries;
        memory[WORDS] = (size / 8) as u64;
        let mut problem = Self::carve(memory).ok_or(Error::Arg)?;
        let capacity = problem.capacity();
        let mut engine = Dlx::<u32>::new(problem.engine, capacity).ok_or(Error::Arg)?;
        engine.reset(primary as usize, secondary as usize).map_err(|_| Error::Arg)?;
        let counts = engine.counts();
        problem.save(counts);
        let at = RuleLayout::of(capacity);
        problem.rules[at.lo..at.cost].fill(1);
        Ok(problem)
    }

    /// The problem [`new`](Self::new) laid out in `memory` (which may be longer than it needs:
    /// the header says how many words it is); `None` when the header is not one of ours.
    pub fn open(memory: &'m mut [u64]) -> Option<Self> {
        if memory.len() < HEAD || memory[MAGIC] != MAGIC_WORD {
            return None;
        }
        let words = usize::try_from(memory[WORDS]).ok()?;
        let memory = memory.get_mut(..words)?;
        let problem = Self::carve(memory)?;
        let h = &problem.head;
        let fits = h[OPTIONS] <= h[OPTION_CAP]
            && h[ENTRIES] <= h[ENTRY_CAP]
            && h[WIDEST] <= h[PRIMARY]
            && h[PIECE] <= h[OPTIONS]
            && Self::size((h[PRIMARY] + h[SECONDARY]) as i64, h[OPTION_CAP] as i64, h[ENTRY_CAP] as i64) == Some(words * 8);
        fits.then_some(problem)
    }

    /// How many words the problem at the start of `memory` spans, from its header; `None`
    /// when it is not one of ours. For a C caller's pointer, before a slice is made of it.
    // For the C layer (src/ffi.rs, another crate, hence `pub`): not part of the Rust API.
    #[doc(hidden)]
    pub fn words(head: &[u64]) -> Option<usize> {
        (head.len() >= HEAD && head[MAGIC] == MAGIC_WORD).then(|| usize::try_from(head[WORDS]).ok()).flatten()
    }

    /// Words of a header: what [`words`](Self::words) reads.
    // For the C layer (src/ffi.rs, another crate, hence `pub`): not part of the Rust API.
    #[doc(hidden)]
    pub const HEAD_WORDS: usize = HEAD;

    fn carve(memory: &'m mut [u64]) -> Option<Self> {
        let (primary, secondary) = (memory[PRIMARY], memory[SECONDARY]);
        let layout = layout(primary.checked_add(secondary)?, memory[OPTION_CAP], memory[ENTRY_CAP])?;
        let (head, rest) = memory.split_at_mut(HEAD);
        if rest.len() < layout.answers + layout.engine + layout.rules + layout.work + layout.pieces {
            return None;
        }
        let (answers, rest) = rest.split_at_mut(layout.answers);
        let (engine, rest) = rest.split_at_mut(layout.engine);
        let (rules, rest) = rest.split_at_mut(layout.rules);
        let (work, rest) = rest.split_at_mut(layout.work);
        let options = head[OPTION_CAP] as usize;
        // SAFETY: `answers`, `rules` and `rest` are initialised, 8-aligned words, which hold
        // at least 2 * (options + 1), `RuleLayout::end` and 2 * options u32 (see `layout`);
        // every bit pattern is an i32 or u32.
        let (answers, rules, piece, first) = unsafe {
            (
                core::slice::from_raw_parts_mut(answers.as_mut_ptr().cast::<i32>(), 2 * (options + 1)),
                core::slice::from_raw_parts_mut(rules.as_mut_ptr().cast::<u32>(), RuleLayout::of(layout.capacity).end),
                core::slice::from_raw_parts_mut(rest.as_mut_ptr().cast::<i32>(), options),
                core::slice::from_raw_parts_mut(rest.as_mut_ptr().cast::<u32>().add(options), options),
            )
        };
        Some(Problem { head, answers, engine, rules, work, piece, first })
    }

    /// The engine, its rules and work memory, the two answer arrays and the piece, for the
    /// general search; `None` when the words no longer hold a problem.
    pub(super) fn general(&mut self) -> Option<General<'_>> {
        let prefix = checked_prefix(self.head, self.piece, self.first)?;
        let (capacity, counts) = (self.capacity(), self.counts());
        let engine = dlx1(self.engine, capacity, counts)?;
        let at = RuleLayout::of(capacity);
        let (color, rest) = self.rules.split_at(at.owner);
        let (owner, rest) = rest.split_at(at.lo - at.owner);
        let (lo, rest) = rest.split_at(at.hi - at.lo);
        let (hi, cost) = rest.split_at(at.cost - at.hi);
        let rules = Rules { color, owner, lo, hi, cost };
        let work = Work::carve(self.work, capacity.items, capacity.options, capacity.nodes)?;
        let (answer, best) = self.answers.split_at_mut(self.answers.len() / 2);
        Some(General { engine, rules, work, answer, best, prefix })
    }

    /// The engine searching as DLX1 does, with the piece's decisions applied
    /// (`consistent` false when they contradict: nothing to search); `None` when the words no
    /// longer hold a problem. The caller must [`Dlx::leave`] it.
    pub(super) fn lean(&mut self) -> Option<Lean<'_>> {
        let (capacity, counts) = (self.capacity(), self.counts());
        let prefix = checked_prefix(self.head, self.piece, self.first)?;
        let mut engine = dlx1(self.engine, capacity, counts)?;
        let consistent = engine.enter(&prefix);
        Some(Lean { engine, consistent, answers: self.answers, head: self.head })
    }

    fn capacity(&self) -> Capacity {
        let items = (self.head[PRIMARY] + self.head[SECONDARY]) as usize;
        Capacity::for_problem(items, self.head[OPTION_CAP] as usize, self.head[ENTRY_CAP] as usize)
    }

    fn counts(&self) -> Counts {
        let items = (self.head[PRIMARY] + self.head[SECONDARY]) as usize;
        Counts {
            primary: self.head[PRIMARY] as usize,
            items,
            options: self.head[OPTIONS] as usize,
            next_node: self.head[NEXT_NODE] as usize,
        }
    }

    fn save(&mut self, counts: Counts) {
        self.head[OPTIONS] = counts.options as u64;
        self.head[NEXT_NODE] = counts.next_node as u64;
    }

    /// Appends an option covering `items` (numbers from 0), of cost 1, and returns its number.
    ///
    /// # Errors
    /// The [`Fault`] that names what is wrong: [`Fault::Empty`], [`Fault::OutOfRange`],
    /// [`Fault::NoPrimary`], [`Fault::OptionsFull`] or [`Fault::EntriesFull`] past what the
    /// problem was sized for, then [`Fault::Repeated`], checked in that order. A rejected
    /// option changes nothing but [`fault`](Self::fault). `?` makes an [`Error`] of it.
    pub fn add(&mut self, items: &[i32]) -> Result<usize, Fault> {
        self.add_option(items, None, 1)
    }

    /// Appends an option covering `items` (numbers from 0), giving entry `k` the color
    /// `colors[k]` (0 for none; only secondary items have colors), at cost `cost`; returns its
    /// number. `colors`, when given, is as long as `items`.
    ///
    /// Colors are Knuth's (DLX2): chosen options that share a secondary item must give it the
    /// same color, and an entry without one is exclusive.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use dlx_core::{Fault, Problem};
    ///
    /// // Primary items 0 and 1, secondary item 2: option 0 colors it 1, options 1 and 2
    /// // color it 1 and 2, so only options 0 and 1 go together.
    /// let mut memory = vec![0u64; Problem::words_for(3, 3, 6).unwrap()];
    /// let mut problem = Problem::new(&mut memory, 2, 1, 3, 6)?;
    /// problem.add_option(&[0, 2], Some(&[0, 1]), 1)?;
    /// problem.add_option(&[1, 2], Some(&[0, 1]), 1)?;
    /// problem.add_option(&[1, 2], Some(&[0, 2]), 1)?;
    /// let mut covers = Vec::new();
    /// problem.search(u64::MAX, || false, |cover| {
    ///     covers.push(cover.to_vec());
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(covers, [[0, 1]]);
    /// // A color on a primary item is refused, naming the entry.
    /// assert_eq!(problem.add_option(&[2, 0], Some(&[1, 3]), 1), Err(Fault::ColorOnPrimary { entry: 1 }));
    /// # Ok::<(), dlx_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`add`](Self::add), and [`Fault::ColorsLength`] first, then
    /// [`Fault::NegativeColor`], [`Fault::ColorOnPrimary`] and [`Fault::NegativeCost`] after
    /// [`Fault::NoPrimary`].
    pub fn add_option(&mut self, items: &[i32], colors: Option<&[i32]>, cost: i32) -> Result<usize, Fault> {
        let added = match colors {
            Some(colors) if colors.len() != items.len() => Err(Fault::ColorsLength),
            _ => self.try_add(items, colors, cost),
        };
        // The faults without a C code clear the word, as any success does.
        self.head[FAULT] = added.err().map_or(0, Fault::pack);
        added
    }

    /// Why the last [`add`](Self::add) or [`add_option`](Self::add_option) failed, as the
    /// problem's header keeps it for the C library's `dlx_problem_fault`; `None` when it
    /// succeeded (or none was made), or failed with a fault that has no
    /// [`code`](Fault::code).
    pub fn fault(&self) -> Option<Fault> {
        Fault::unpack(self.head[FAULT])
    }

    fn try_add(&mut self, items: &[i32], colors: Option<&[i32]>, cost: i32) -> Result<usize, Fault> {
        let (primary, all) = (self.head[PRIMARY], self.head[PRIMARY] + self.head[SECONDARY]);
        if items.is_empty() {
            return Err(Fault::Empty);
        }
        if let Some(entry) = items.iter().position(|&i| u64::try_from(i).map_or(true, |i| i >= all)) {
            return Err(Fault::OutOfRange { entry });
        }
        let widest = items.iter().filter(|&&i| (i as u64) < primary).count() as u64;
        if widest == 0 {
            return Err(Fault::NoPrimary);
        }
        if let Some(colors) = colors {
            if let Some(entry) = colors.iter().position(|&c| c < 0) {
                return Err(Fault::NegativeColor { entry });
            }
            if let Some(entry) = items.iter().zip(colors).position(|(&i, &c)| c != 0 && (i as u64) < primary) {
                return Err(Fault::ColorOnPrimary { entry });
            }
        }
        if cost < 0 {
            return Err(Fault::NegativeCost);
        }
        if self.head[OPTIONS] >= self.head[OPTION_CAP] {
            return Err(Fault::OptionsFull);
        }
        if self.head[ENTRIES] + items.len() as u64 > self.head[ENTRY_CAP] {
            return Err(Fault::EntriesFull);
        }
        let (capacity, counts) = (self.capacity(), self.counts());
        let mut engine = dlx1(self.engine, capacity, counts).ok_or(Fault::Damaged)?;
        // Ranges, primary items and capacity are checked above: what is left is a repeat.
        let option = engine.add_option_from(items.iter().map(|&i| i as usize + 1)).map_err(|e| match e {
            BuildError::Repeated { entry, first } => Fault::Repeated { entry, first },
            BuildError::Capacity | BuildError::BadOption => Fault::Damaged,
        })?;
        let number = engine.ordinal(option);
        self.first[number] = option.index() as u32;
        let nodes = engine.option_nodes(option);
        let counts = engine.counts();
        self.save(counts);
        let at = RuleLayout::of(capacity);
        for (k, node) in nodes.enumerate() {
            self.rules[node] = colors.map_or(0, |colors| colors[k] as u32);
            self.rules[at.owner + node] = number as u32;
        }
        self.rules[at.cost + number] = cost as u32;
        if colors.is_some_and(|colors| colors.iter().any(|&c| c != 0)) {
            self.head[KIND] |= COLORED;
        }
        if cost != 1 {
            self.head[KIND] |= COSTED;
        }
        self.head[ENTRIES] += items.len() as u64;
        self.head[WIDEST] = self.head[WIDEST].max(widest);
        Ok(number)
    }

    /// Bounds primary item `item`: every solution covers it at least `lo` and at most `hi`
    /// times (Knuth's multiplicities; 1 and 1 unless set). `lo` 1 and `hi` the number of its
    /// options is the repeat cover's "at least once".
    ///
    /// ```
    /// use dlx_core::Problem;
    ///
    /// // The fewest options covering each of four items at least once.
    /// let options: [&[i32]; 5] = [&[0, 1], &[1, 2], &[2, 3], &[3, 0], &[0, 2]];
    /// let mut memory = vec![0u64; Problem::words_for(4, 5, 10).unwrap()];
    /// let mut problem = Problem::new(&mut memory, 4, 0, 5, 10)?;
    /// for item in 0..4 {
    ///     let holders = options.iter().filter(|o| o.contains(&item)).count() as i32;
    ///     problem.set_bounds(item, 1, holders)?;
    /// }
    /// for option in options {
    ///     problem.add(option)?;
    /// }
    /// let mut cover = [0; 5];
    /// let n = problem.minimum(&mut cover, || false)?;
    /// assert_eq!(&cover[..n], [0, 2]);
    /// assert_eq!(problem.cost(), 2);
    /// # Ok::<(), dlx_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Arg`] when `item` is not primary, `lo` is negative or above `hi`, or `hi` is
    /// below 1.
    pub fn set_bounds(&mut self, item: i32, lo: i32, hi: i32) -> Result<(), Error> {
        let primary = self.head[PRIMARY];
        if u64::try_from(item).map_or(true, |i| i >= primary) || lo < 0 || lo > hi || hi < 1 {
            return Err(Error::Arg);
        }
        let at = RuleLayout::of(self.capacity());
        let i = item as usize + 1;
        self.rules[at.lo + i] = lo as u32;
        self.rules[at.hi + i] = hi as u32;
        if (lo, hi) != (1, 1) {
            self.head[KIND] |= BOUNDED;
        }
        Ok(())
    }

    /// Visits exact covers in DLX1's order, each as its option numbers ascending, until
    /// `limit` (at least 1) have been visited, `visit` returns [`ControlFlow::Break`], or
    /// `expired` says the time is up (it is asked every few tens of microseconds).
    /// Returns the number visited, the one that broke off included. The problem is unchanged
    /// afterwards. See [`Problem`] for an example.
    ///
    /// # Errors
    /// [`Error::Arg`] for a `limit` of 0, [`Error::Timeout`] once `expired` says so.
    pub fn search(
        &mut self,
        limit: u64,
        expired: impl FnMut() -> bool,
        visit: impl FnMut(&[i32]) -> ControlFlow<()>,
    ) -> Result<u64, Error> {
        self.visit_covers(limit, expired, true, visit)
    }

    /// [`search`](Self::search) without writing the covers out, for a count: `each` is called
    /// at every cover (a caller keeps its own tally there, to report how far a search cut
    /// short by `expired` got, or breaks off). Writing and sorting each cover was a third of
    /// `dlx cover`'s work on a 9x9 grid's 512,634 completions.
    ///
    /// # Errors
    /// As [`search`](Self::search).
    pub fn count(
        &mut self,
        limit: u64,
        expired: impl FnMut() -> bool,
        mut each: impl FnMut() -> ControlFlow<()>,
    ) -> Result<u64, Error> {
        self.visit_covers(limit, expired, false, |_| each())
    }

    /// `search`'s body; `write` false visits each cover with an empty slice.
    fn visit_covers(
        &mut self,
        limit: u64,
        mut expired: impl FnMut() -> bool,
        write: bool,
        mut visit: impl FnMut(&[i32]) -> ControlFlow<()>,
    ) -> Result<u64, Error> {
        let deadline = &mut Deadline::new(&mut expired);
        let limit = count_limit(limit)?;
        if self.head[KIND] != 0 {
            let General { mut engine, rules, mut work, answer, prefix, .. } = self.general().ok_or(Error::Arg)?;
            let mut found = 0;
            let stats = engine.search_mcc(&rules, &mut work, Goal::All, &prefix, deadline, |picked, _| {
                found += 1;
                let n = if write { write_picked(picked, answer) } else { 0 };
                if visit(&answer[..n]).is_break() || found == limit { Flow::Stop } else { Flow::Continue }
            });
            self.head[NODES] = stats.nodes;
            return if deadline.passed() { Err(Error::Timeout) } else { Ok(found) };
        }
        let Lean { mut engine, consistent, answers, head } = self.lean().ok_or(Error::Arg)?;
        let (answer, _) = answers.split_at_mut(answers.len() / 2);
        let mut found = 0;
        let mut nodes = 0;
        if consistent {
            let stats = engine.search_pruned(
                |e| e.within(deadline),
                |e| {
                    found += 1;
                    let n = if write { write_sorted(e, answer) } else { 0 };
                    if visit(&answer[..n]).is_break() || found == limit { Flow::Stop } else { Flow::Continue }
                },
            );
            nodes = stats.nodes;
        }
        engine.leave();
        head[NODES] = nodes;
        if deadline.passed() { Err(Error::Timeout) } else { Ok(found) }
    }

    /// An exact cover with the fewest options, the first such in search order, written to
    /// `out` (option numbers ascending); returns how many. Branch and bound: a node is cut
    /// when the options chosen plus the primary items still open, over the most primary items
    /// any option covers (rounded up), cannot beat the best cover found so far.
    ///
    /// # Errors
    /// [`Error::Unsolvable`] when there is no cover, [`Error::Capacity`] when the cover has more
    /// options than `out` holds, [`Error::Timeout`]; `out` is written only on success.
    pub fn minimum(&mut self, out: &mut [i32], expired: impl FnMut() -> bool) -> Result<usize, Error> {
        self.minimum_below(i64::MAX, out, expired)
    }

    /// As [`minimum`](Self::minimum), among the solutions costing less than `below` only:
    /// the least of them, the first such in search order. With a [piece](Self::set_piece)
    /// set, callers searching pieces one after another (or on threads, each in its own copy
    /// of the words) find the minimum over all of them by passing the best cost found so far:
    /// a piece with nothing cheaper says [`Error::Unsolvable`] and is cut by the same bound.
    ///
    /// Unlike [`search`](Self::search), it asks `expired` once before it starts as well as
    /// every few tens of microseconds: a caller whose other threads have already found what
    /// it wanted (a cancel flag behind `expired`) gets [`Error::Timeout`] at once, with
    /// [`nodes`](Self::nodes) 0.
    ///
    /// # Errors
    /// As [`minimum`](Self::minimum): [`Error::Unsolvable`] when no solution costs less than
    /// `below` (a `below` of 0 or less included).
    pub fn minimum_below(&mut self, below: i64, out: &mut [i32], mut expired: impl FnMut() -> bool) -> Result<usize, Error> {
        if below <= 0 {
            return Err(Error::Unsolvable);
        }
        self.started(&mut expired)?;
        if self.head[KIND] != 0 {
            return self.cheapest(below, false, out, &mut expired);
        }
        let deadline = &mut Deadline::new(&mut expired);
        let widest = self.head[WIDEST].max(1) as usize;
        let Lean { mut engine, consistent, answers, head } = self.lean().ok_or(Error::Arg)?;
        let (answer, best) = answers.split_at_mut(answers.len() / 2);
        // Every option costs 1: a cover's cost is its length, and "cheaper than `below`" is
        // "shorter than best_len" from the start.
        let best_len = core::cell::Cell::new(usize::try_from(below).unwrap_or(usize::MAX));
        let mut found = false;
        let mut nodes = 0;
        if consistent {
            let stats = engine.search_pruned(
                |e| {
                    if !e.within(deadline) {
                        return false;
                    }
                    e.depth() + e.open_primary().div_ceil(widest) < best_len.get()
                },
                |e| {
                    let n = write_sorted(e, answer);
                    best[..n].copy_from_slice(&answer[..n]);
                    best_len.set(n);
                    found = true;
                    Flow::Continue
                },
            );
            nodes = stats.nodes;
        }
        engine.leave();
        head[NODES] = nodes;
        if deadline.passed() {
            return Err(Error::Timeout);
        }
        match best_len.get() {
            _ if !found => Err(Error::Unsolvable),
            n if n > out.len() => Err(Error::Capacity),
            n => {
                out[..n].copy_from_slice(&best[..n]);
                head[COST] = n as u64;
                Ok(n)
            }
        }
    }

    /// A solution of total cost at most `limit`, the first the search finds, written to `out`
    /// (option numbers ascending); returns how many options it has. The judges' question "can
    /// K options do?": the search stops at the first such solution, or once the cost bound
    /// proves there is none. Asks `expired` before it starts, as
    /// [`minimum_below`](Self::minimum_below) does.
    ///
    /// ```
    /// use dlx_core::{Error, Problem};
    ///
    /// // Covers of four items: options 0 and 1 cost 10, option 2 costs 8, options 3 and 4
    /// // cost 3 together.
    /// let options: [(&[i32], i32); 5] =
    ///     [(&[0, 1], 5), (&[2, 3], 5), (&[0, 1, 2, 3], 8), (&[0, 2], 1), (&[1, 3], 2)];
    /// let mut memory = vec![0u64; Problem::words_for(4, 5, 12).unwrap()];
    /// let mut problem = Problem::new(&mut memory, 4, 0, 5, 12)?;
    /// for (items, cost) in options {
    ///     problem.add_option(items, None, cost)?;
    /// }
    /// let mut cover = [0; 4];
    /// assert_eq!(problem.at_most(2, &mut cover, || false), Err(Error::Unsolvable));
    /// // The first cover within 9 that the search meets, not the cheapest.
    /// let n = problem.at_most(9, &mut cover, || false)?;
    /// assert_eq!((&cover[..n], problem.cost()), (&[2][..], 8));
    /// let n = problem.minimum(&mut cover, || false)?;
    /// assert_eq!((&cover[..n], problem.cost()), (&[3, 4][..], 3));
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`minimum`](Self::minimum): [`Error::Unsolvable`] when no solution costs at most
    /// `limit`.
    pub fn at_most(&mut self, limit: i64, out: &mut [i32], mut expired: impl FnMut() -> bool) -> Result<usize, Error> {
        if limit < 0 {
            return Err(Error::Unsolvable);
        }
        self.started(&mut expired)?;
        self.cheapest(limit.saturating_add(1), true, out, &mut expired)
    }

    /// The total cost of the solution the last successful [`minimum`](Self::minimum) or
    /// [`at_most`](Self::at_most) wrote.
    pub fn cost(&self) -> i64 {
        self.head[COST] as i64
    }

    /// The question [`minimum_below`](Self::minimum_below) and [`at_most`](Self::at_most)
    /// ask before they search: [`Error::Timeout`], with no nodes tried, when `expired` already
    /// says so.
    fn started(&mut self, expired: &mut dyn FnMut() -> bool) -> Result<(), Error> {
        if !expired() {
            return Ok(());
        }
        self.head[NODES] = 0;
        Err(Error::Timeout)
    }

    /// The general search for a solution cheaper than `below`: the least, or with `first` the
    /// first found.
    fn cheapest(&mut self, below: i64, first: bool, out: &mut [i32], expired: &mut dyn FnMut() -> bool) -> Result<usize, Error> {
        let deadline = &mut Deadline::new(expired);
        let General { mut engine, rules, mut work, best, prefix, .. } = self.general().ok_or(Error::Arg)?;
        let mut found = None;
        let stats = engine.search_mcc(&rules, &mut work, Goal::Cheaper { below, first }, &prefix, deadline, |picked, cost| {
            found = Some((write_picked(picked, best), cost));
            Flow::Continue
        });
        self.head[NODES] = stats.nodes;
        if deadline.passed() {
            return Err(Error::Timeout);
        }
        match found {
            None => Err(Error::Unsolvable),
            Some((n, _)) if n > out.len() => Err(Error::Capacity),
            Some((n, cost)) => {
                let (_, best) = self.answers.split_at(self.answers.len() / 2);
                out[..n].copy_from_slice(&best[..n]);
                self.head[COST] = cost as u64;
                Ok(n)
            }
        }
    }

    /// The link checker over the matrix between calls (tests only): every call must leave the
    /// links whole.
    #[cfg(test)]
    pub(crate) fn check_links(&mut self) -> Result<(), &'static str> {
        let (capacity, counts) = (self.capacity(), self.counts());
        dlx1(self.engine, capacity, counts).ok_or("the words hold no problem")?.check_links()
    }

    /// Options tried by the last [`search`](Self::search) or [`minimum`](Self::minimum)
    /// (Knuth's nodes without the root).
    pub fn nodes(&self) -> u64 {
        self.head[NODES]
    }
}

/// Option numbers `picked`, ascending, into `out`; returns how many.
fn write_picked(picked: &[u32], out: &mut [i32]) -> usize {
    for (slot, &option) in out.iter_mut().zip(picked) {
        *slot = option as i32;
    }
    out[..picked.len()].sort_unstable();
    picked.len()
}

/// The numbers of the options chosen, ascending, into `out`; returns how many.
fn write_sorted(engine: &Dlx<'_, u32>, out: &mut [i32]) -> usize {
    let mut n = 0;
    for option in engine.chosen() {
        out[n] = engine.ordinal(option) as i32;
        n += 1;
    }
    out[..n].sort_unstable();
    n
}
