//! The exact cover engines, with no knowledge of Sudoku: Dancing Links ([`dlx`], Knuth's
//! Algorithm X over index-linked arrays) and clause learning over the same kind of cover
//! ([`learning`], for when search alone keeps failing for the same reasons); [`problem`] keeps
//! a general exact cover in a caller's memory for the DLX, and [`pieces`] cuts it into
//! pieces searched apart.

pub mod dlx;
pub mod learning;
pub mod pieces;
pub mod problem;
pub mod size;
