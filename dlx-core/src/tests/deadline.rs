//! The deadline asks its question at the stated interval and stays passed.

use crate::deadline::{Deadline, INTERVAL};

#[test]
fn asks_every_interval_and_stays_passed() {
    let mut asked = 0;
    let mut expired = || {
        asked += 1;
        asked >= 3
    };
    let mut deadline = Deadline::new(&mut expired);
    let mut ticks = 0;
    while !deadline.tick(1) {
        ticks += 1;
    }
    assert!(deadline.passed() && deadline.tick(1));
    assert_eq!(ticks, 3 * INTERVAL - 1);
    assert_eq!(asked, 3);
}
