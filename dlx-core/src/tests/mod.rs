//! The core's tests: the engines, the encodings and the bounds against independent evidence
//! (brute force written here, the answers in tests/data, validity checks of every solution).

mod assignment;
mod bits;
mod canon;
mod common;
mod cost_order;
mod deadline;
mod dlx;
mod generate;
mod learning;
mod mcc;
mod pieces;
mod problem;
mod rate;
mod stack;
mod sudoku;
mod target;
mod variant;
