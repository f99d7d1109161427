//! `dlx`: the library's solvers from the shell, for files of puzzles (one a line, grids, CSV) and for exact
//! cover problems in the input format of Knuth's DLX programs.
//!
//! Exit status: 0 when every puzzle was solved (every problem covered), 1 when some were
//! unsolvable, invalid or out of time, 2 on usage or I/O errors.

mod cover;
mod input;
mod jobs;
mod pieces;
mod target;
mod variant;

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use input::{Layout, Line};
use jobs::{Outcome, Tally};

#[derive(Parser)]
#[command(name = "dlx", version, about = "Sudoku, Target Sudoku and exact cover problems, solved exactly by libdlx")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solves Sudoku puzzles: 81 cells (1-9, blank 0 . -) or 256 (A-P, blank . -), one a line,
    /// or as 9 or 16 lines of a grid (with | and rule lines, as printed), or CSV (the first
    /// field, a header skipped); # starts a comment. Prints each solution on a line, in input
    /// order, or "unsolvable", "invalid" or "timeout" in its place. Variants (jigsaw, X-Sudoku,
    /// windoku, any side 4 to 25) with --regions, --diagonals, --extra.
    Solve(PuzzleArgs),
    /// Counts the solutions of each puzzle (as for solve), stopping at --limit.
    Count {
        /// Stop counting here: 2 tells none, unique and several apart.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        puzzles: PuzzleArgs,
    },
    /// The canonical form of each 9x9 line (puzzles and complete grids, any givens, nothing
    /// solved): the least string, blanks first, over the grid's 3,359,232 symmetries and the
    /// relabelings of its digits, digits named in order of first appearance, `.` a blank. Two
    /// lines print the same form exactly when they are equivalent, so `sort -u` deduplicates.
    Canon {
        /// Files to read, in order; none or - for standard input.
        files: Vec<PathBuf>,
        /// Threads to work on (default: every core). Output stays in input order.
        #[arg(long)]
        threads: Option<NonZeroUsize>,
        #[command(flatten)]
        read: ReadArgs,
    },
    /// The Sudoku Explainer rating of each 9x9 puzzle (read as for solve), one a line: the
    /// hardest step on the path SE takes, as SE writes it (`7.2`), or "unsolvable", "invalid",
    /// "multiple" (more than one solution) or "beyond" (the techniques implemented, singles to
    /// forcing chains, do not finish it: it needs SE's nets, 7.5 and up).
    Rate(NineArgs),
    /// The next solving step of each 9x9 puzzle, in words, one a line: the technique and its
    /// SE rating, the pattern's digits and cells, the candidates it removes (r1c3<>4,5) and
    /// the cell it fills (r1c3 = 4); "solved" for a complete grid, else as for rate.
    Hint(NineArgs),
    /// Target Sudoku (CSU 1605, NOIP 2009): the proven maximum score of each grid, or -1 when
    /// it has no completion. Grids are 81 numbers a line, or CSU's input (a count, then grids
    /// of 9 lines), or NOIP's (one grid of 9 lines).
    Target(RunArgs),
    /// An exact cover problem in the format of Knuth's DLX1, DLX2, DLX3 and DLX5: a line of
    /// item names (those after a `|` are secondary; `a:b|x` bounds primary item x to a..b
    /// covers), then one option a line (`x:c` gives secondary item x color c, `|n` adds n to
    /// the option's cost); lines starting with `|` are comments; an option with no primary
    /// item is left out with a warning. Prints the number of solutions.
    Cover {
        /// The problem's file; none or - for standard input.
        file: Option<PathBuf>,
        /// Print every solution, its options one a line as written, a blank line after each.
        #[arg(long)]
        list: bool,
        /// Print a solution of least total cost instead, its cost on standard error. An option
        /// without a `|n` costs 0, or 1 when no option has one: then it is the fewest options.
        #[arg(long, conflicts_with = "list")]
        minimum: bool,
        /// Print a solution of total cost at most K instead (at most K options when no option
        /// has a cost), or report that there is none.
        #[arg(long, value_name = "K", conflicts_with_all = ["list", "minimum"],
              value_parser = clap::value_parser!(i64).range(0..))]
        at_most: Option<i64>,
        /// Stop after this many solutions.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Milliseconds before giving up (0: none). A count stopped so prints the solutions
        /// found so far followed by "(partial)".
        #[arg(long, value_name = "MS", default_value_t = 0)]
        time_limit: u64,
        /// Search on N threads (1 to 1024): the problem is cut into pieces (at least 8 a
        /// thread), which the threads take in turn; a bar shows the pieces done on a terminal.
        /// The same count, covers (listed in another order) and least cost as one search; of
        /// equal least covers, the first piece's. Without it, one search in the order of
        /// Knuth's programs (on a terminal, a bar of the options tried against Knuth's
        /// estimate of their number).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        /// Print at least K pieces of the problem, one a line, instead of searching: each
        /// line for --piece. Their solutions partition the problem's, so their counts add up.
        #[arg(long, value_name = "K", conflicts_with_all = ["list", "minimum", "at_most", "limit", "threads"],
              value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        split: Option<u32>,
        /// Search only this piece, a line --split printed (option numbers from 0 that every
        /// solution has, and -1-n for option n that none has); with --split, cut it further.
        #[arg(long, value_name = "LINE", allow_hyphen_values = true)]
        piece: Option<String>,
        /// Print Knuth's estimate of the options the search would try (from random paths)
        /// and of its time (at the rate of a short search), instead of searching.
        #[arg(long, conflicts_with_all = ["list", "minimum", "at_most", "limit", "threads", "split"])]
        estimate: bool,
    },
    /// Makes minimal puzzles with exactly one solution, one a line in the layout solve reads
    /// (9x9: 1-9 and . for a blank; 16x16: A-P and -). Puzzle i (from 0) is the library's
    /// generator on seed S + i, so the output is the same for any number of threads.
    Generate(GenerateArgs),
}

#[derive(Args)]
struct GenerateArgs {
    /// The grid's side: 9 or 16.
    #[arg(long, default_value_t = 9, value_parser = clap::builder::TypedValueParser::map(
        clap::builder::PossibleValuesParser::new(["9", "16"]), |s| s.parse::<usize>().unwrap_or(9)))]
    size: usize,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// The first puzzle's seed; puzzle i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads to generate on (default: every core). Output stays in order.
    #[arg(long)]
    threads: Option<NonZeroUsize>,
    /// The symmetry of the pattern of givens: none, 180 (half turn), 90 (quarter turn) or mirror
    /// (left-right).
    #[arg(long, default_value = "none", value_parser = ["none", "180", "90", "mirror"])]
    symmetry: String,
    /// At most this many givens (0: no target): grids are drawn again until a puzzle has them.
    /// Minimal 9x9 puzzles have 17 at least: a low target needs --time-limit.
    #[arg(long, default_value_t = 0)]
    givens: usize,
    /// Only puzzles whose Sudoku Explainer rating (as `dlx rate` gives it) lies in LO..HI, e.g.
    /// 7.0:8.5 (one decimal; an empty side: 0 or 12.0). 9x9 only. About 1 puzzle in 8 rates
    /// 7.0 or more, none of 3,000 above 7.4 (docs/generate.md): give high ranges --time-limit.
    #[arg(long, value_name = "LO:HI", value_parser = rating_range)]
    rating: Option<(u8, u8)>,
    /// Milliseconds each puzzle may take before it is reported as "timeout" (0: none).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    time_limit: u64,
}

/// `--rating`'s LO:HI in tenths: each side a number from 0 to 12.0 with at most one decimal
/// (an empty side the end of the scale), LO at most HI.
fn rating_range(text: &str) -> Result<(u8, u8), String> {
    let max = dlx_core::RATING_MAX;
    let tenths = |side: &str, empty: u8| -> Result<u8, String> {
        if side.is_empty() {
            return Ok(empty);
        }
        let (whole, tenth) = side.split_once('.').unwrap_or((side, "0"));
        let digits = |s: &str, most: usize| !s.is_empty() && s.len() <= most && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole, 2) || !digits(tenth, 1) {
            return Err(format!("{side:?} is not a rating like 7.5"));
        }
        let value =
            whole.parse::<u8>().map_err(|e| e.to_string())? * 10 + tenth.parse::<u8>().map_err(|e| e.to_string())?;
        if value > max {
            return Err(format!("{side} is above {}.{}, the top of the scale", max / 10, max % 10));
        }
        Ok(value)
    };
    let (lo, hi) = text.split_once(':').ok_or_else(|| format!("{text:?} is not LO:HI, e.g. 7.0:8.5"))?;
    let (lo, hi) = (tenths(lo, 0)?, tenths(hi, max)?);
    if lo > hi {
        return Err(format!("the range {text} is empty: LO is above HI"));
    }
    Ok((lo, hi))
}

/// What solve and count take: the files, how to read them, a variant's rules.
#[derive(Args)]
struct PuzzleArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    variant: VariantArgs,
}

/// 9x9 puzzles read as solve reads them, without a variant's rules.
#[derive(Args)]
struct NineArgs {
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    read: ReadArgs,
}

/// How lines make puzzles.
#[derive(Args)]
struct ReadArgs {
    /// How lines make puzzles: auto tells the layouts apart line by line; the others settle
    /// what it cannot tell.
    #[arg(long, value_enum, default_value_t = Layout::Auto)]
    layout: Layout,
}

/// The rules of a Sudoku variant.
#[derive(Args)]
struct VariantArgs {
    /// A region map (jigsaw Sudoku): a line for each row of the grid, a symbol for each cell
    /// naming its region (any character but whitespace; spaces between cells are skipped;
    /// blank lines and lines starting with # too). Its row count is the side, 4 to 25; it must
    /// make that many regions of that many cells. Puzzles are then of that side (a line of
    /// side x side cells, or a grid of side lines): digits 1.. for sides up to 9 (blank 0 . -),
    /// letters A.. above (blank . -); solutions print in the same alphabet.
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
    /// The two main diagonals hold every digit once too (X-Sudoku). Without a map, each
    /// puzzle's side comes from its cell count and its boxes are the regions (2x3 for 6x6).
    #[arg(long)]
    diagonals: bool,
    /// Extra units (windoku and the like): a map as for --regions, `.` for a cell in no unit,
    /// up to side units of side cells each. Without --regions the boxes are the regions.
    #[arg(long, value_name = "FILE")]
    extra: Option<PathBuf>,
}

#[derive(Args)]
struct RunArgs {
    /// Files to read, in order; none or - for standard input.
    files: Vec<PathBuf>,
    /// Threads to solve on (default: every core). Output stays in input order.
    #[arg(long)]
    threads: Option<NonZeroUsize>,
    /// Milliseconds each puzzle may take before it is reported as "timeout" (0: none).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    time_limit: u64,
}

/// Writes "dlx: `message`" to standard error; a closed standard error is no reason to stop.
pub fn note(message: &str) {
    let _ = writeln!(std::io::stderr(), "dlx: {message}");
}

/// Whether standard output is a pipe or socket whose reader has gone (poll says POLLERR or
/// POLLHUP): a run can stop before its next write would fail.
pub fn output_closed() -> bool {
    let mut fd = libc::pollfd { fd: 1, events: 0, revents: 0 };
    // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & (libc::POLLERR | libc::POLLHUP) != 0
}

/// A check the library asks now and then: has `ms` (0: never) passed since the call began, or
/// has the run stopped (its output closed)?
pub fn expiry(ms: u64, stop: &AtomicBool) -> impl FnMut() -> bool + '_ {
    expiry_at((ms > 0).then(|| Instant::now() + Duration::from_millis(ms)), stop)
}

/// [`expiry`] with the end as an instant (`None`: never).
pub fn expiry_at(end: Option<Instant>, stop: &AtomicBool) -> impl FnMut() -> bool + '_ {
    move || stop.load(Ordering::Relaxed) || end.is_some_and(|end| Instant::now() >= end)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve_or_count(args, None),
        Command::Count { limit, puzzles } => solve_or_count(puzzles, Some(limit)),
        Command::Canon { files, threads, read } => {
            puzzles(&RunArgs { files, threads, time_limit: 0 }, read.layout, None, |line, _| jobs::canon(line))
        }
        Command::Rate(args) => {
            let ms = args.run.time_limit;
            puzzles(&args.run, args.read.layout, None, move |line, stop| jobs::rate(line, ms, stop))
        }
        Command::Hint(args) => {
            let ms = args.run.time_limit;
            puzzles(&args.run, args.read.layout, None, move |line, stop| jobs::hint(line, ms, stop))
        }
        Command::Target(run) => input::open(&run.files).map(|(inputs, bytes)| {
            let (ms, mut grids) = (run.time_limit, target::Grids::new(inputs));
            jobs::run(move || grids.next_job(), bytes, threads(&run), move |grid, stop| target::solve(grid, ms, stop))
        }),
        Command::Generate(args) => generate(args),
        Command::Cover { file, list, minimum, at_most, limit, time_limit, threads, split, piece, estimate } => {
            let file = file.unwrap_or_else(|| PathBuf::from("-"));
            let goal = match (list, minimum, at_most) {
                (_, _, Some(k)) => cover::Goal::AtMost(k),
                (_, true, _) => cover::Goal::Minimum,
                (true, ..) => cover::Goal::List,
                _ => cover::Goal::Count,
            };
            let ask = cover::Ask {
                goal,
                limit,
                ms: time_limit,
                threads: threads.map(usize::from),
                piece,
                split: split.map(|k| k as usize),
                estimate,
            };
            cover::read(&file).map(|(name, text)| cover::run(&name, &text, &ask))
        }
    };
    match result {
        Ok(tally) if tally.output_error.is_some() || tally.input_error.is_some() => ExitCode::from(2),
        Ok(tally) if tally.all_solved() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(message) => {
            let _ = std::io::stdout().flush();
            note(&message);
            ExitCode::from(2)
        }
    }
}

fn threads(run: &RunArgs) -> usize {
    run.threads.or_else(|| std::thread::available_parallelism().ok()).map_or(1, NonZeroUsize::get)
}

/// Solves (`limit` `None`) or counts every puzzle of the files, through a variant's rules when
/// the flags give any.
fn solve_or_count(args: PuzzleArgs, limit: Option<u64>) -> Result<Tally, String> {
    let (ms, layout, v) = (args.run.time_limit, args.read.layout, &args.variant);
    match variant::Rules::read(v.regions.as_deref(), v.extra.as_deref(), v.diagonals)? {
        Some(rules) => puzzles(&args.run, layout, rules.side(), move |line, stop| rules.run(line, limit, ms, stop)),
        None => puzzles(&args.run, layout, None, move |line, stop| match limit {
            None => jobs::solve(line, ms, stop),
            Some(limit) => jobs::count(line, limit, ms, stop),
        }),
    }
}

/// Solves or counts every puzzle of the files, read in `layout` (grids of `side` rows when a
/// variant's map fixes it).
fn puzzles(
    run: &RunArgs,
    layout: Layout,
    side: Option<usize>,
    work: impl Fn(&Line, &AtomicBool) -> Outcome + Send + Sync + 'static,
) -> Result<Tally, String> {
    let (inputs, bytes) = input::open(&run.files)?;
    let mut lines = input::Lines::new(inputs, layout, side);
    Ok(jobs::run(move || lines.next_job(), bytes, threads(run), work))
}

/// Generates `args.count` puzzles on the threads asked, written in order.
fn generate(args: GenerateArgs) -> Result<Tally, String> {
    if args.rating.is_some() && args.size == 16 {
        return Err("--rating rates 9x9 puzzles only (the rater has no 16x16 techniques)".into());
    }
    let symmetry = match args.symmetry.as_str() {
        "180" => dlx_core::Symmetry::Rotate180,
        "90" => dlx_core::Symmetry::Rotate90,
        "mirror" => dlx_core::Symmetry::Mirror,
        _ => dlx_core::Symmetry::None,
    };
    let threads = args.threads.or_else(|| std::thread::available_parallelism().ok()).map_or(1, NonZeroUsize::get);
    let (count, seed, size, givens, ms, rating) =
        (args.count, args.seed, args.size, args.givens, args.time_limit, args.rating);
    let mut next = 0u64;
    let jobs = move || {
        let i = next;
        next += 1;
        Ok((i < count).then(|| input::Job { place: format!("puzzle {}", i + 1), item: seed.wrapping_add(i), read: 0 }))
    };
    Ok(jobs::run(jobs, None, threads, move |&seed, stop| {
        let expired = expiry(ms, stop);
        let made = if size == 16 {
            dlx_core::generate16(seed, symmetry, givens, expired).map(|p| String::from_utf8_lossy(&p).into_owned())
        } else if let Some((lo, hi)) = rating {
            dlx_core::generate9_rated(seed, symmetry, givens, lo, hi, expired)
                .map(|(p, _)| String::from_utf8_lossy(&p).into_owned())
        } else {
            dlx_core::generate9(seed, symmetry, givens, expired).map(|p| String::from_utf8_lossy(&p).into_owned())
        };
        match made {
            Ok(puzzle) => Outcome::Solved(puzzle),
            Err(_) => Outcome::Timeout,
        }
    }))
}
