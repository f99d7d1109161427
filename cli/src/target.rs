//! Target Sudoku grids from text in the three layouts people have: 81 numbers a line; CSU
//! 1605's input (a count T, then T grids of 9 lines of 9 numbers); NOIP 2009's (one grid of 9
//! lines). Numbers are separated by whitespace.

use dlx_core::{CELLS9, Error};

use crate::jobs::{Job, Outcome};
use crate::{Source, expiry};

/// A grid's 81 values (0 blank), or why it could not be read.
pub type Grid = Result<[u8; CELLS9], String>;

/// Every grid of every source, each with the place of its first number.
pub fn grids(sources: &[Source]) -> Vec<Job<Grid>> {
    let mut jobs = Vec::new();
    for source in sources {
        // (line, token) for every number-like token; a token that is no number stays, to be
        // reported where it is.
        let lines: Vec<Vec<&str>> = source.text.lines().map(|l| l.split_whitespace().collect()).collect();
        let tokens: Vec<(usize, &str)> =
            lines.iter().enumerate().flat_map(|(n, words)| words.iter().map(move |w| (n + 1, *w))).collect();
        let non_empty: Vec<&Vec<&str>> = lines.iter().filter(|l| !l.is_empty()).collect();
        let place = |line: usize| format!("{}:{}", source.name, line);
        // CSU: one number on the first line, then exactly that many grids.
        let csu = non_empty.first().filter(|first| first.len() == 1).and_then(|first| first[0].parse::<usize>().ok());
        let body: &[(usize, &str)] = match csu {
            Some(t) if tokens.len() - 1 == t * CELLS9 => &tokens[1..],
            Some(t) if tokens.len() - 1 < t * CELLS9 => {
                // The grids it has, then the shortfall reported as one invalid grid.
                let whole = (tokens.len() - 1) / CELLS9;
                jobs.extend(read_grids(&tokens[1..1 + whole * CELLS9], &place));
                let line = tokens.last().map_or(1, |t| t.0);
                jobs.push(Job {
                    place: place(line),
                    item: Err(format!("input ends before grid {} of {t}", whole + 1)),
                });
                continue;
            }
            _ => &tokens,
        };
        if body.len() % CELLS9 != 0 {
            let whole = body.len() / CELLS9;
            jobs.extend(read_grids(&body[..whole * CELLS9], &place));
            let line = body[whole * CELLS9].0;
            jobs.push(Job { place: place(line), item: Err(format!("{} numbers, not 81", body.len() % CELLS9)) });
        } else {
            jobs.extend(read_grids(body, &place));
        }
    }
    jobs
}

/// Grids of 81 consecutive tokens.
fn read_grids(tokens: &[(usize, &str)], place: &dyn Fn(usize) -> String) -> Vec<Job<Grid>> {
    tokens
        .chunks(CELLS9)
        .map(|chunk| {
            let mut grid = [0u8; CELLS9];
            let mut item = Ok(());
            for (k, &(line, word)) in chunk.iter().enumerate() {
                match word.parse::<u8>() {
                    Ok(v) if v <= 9 => grid[k] = v,
                    _ => {
                        item = Err(format!(
                            "line {line}, row {}, column {}: {} ({word:?})",
                            k / 9 + 1,
                            k % 9 + 1,
                            Error::Cell
                        ));
                        break;
                    }
                }
            }
            Job { place: place(chunk[0].0), item: item.map(|()| grid) }
        })
        .collect()
}

/// The maximum score of a grid, or -1 when it has no completion.
pub fn solve(grid: &Grid, ms: u64) -> Outcome {
    match grid {
        Err(why) => Outcome::Invalid(why.clone()),
        Ok(grid) => match dlx_core::target_max_until(grid, expiry(ms)) {
            Ok(answer) => Outcome::Solved(answer.score.to_string()),
            Err(Error::Unsolvable) => Outcome::Unsolvable("-1".into()),
            Err(Error::Timeout) => Outcome::Timeout,
            Err(e) => Outcome::Invalid(e.to_string()),
        },
    }
}
