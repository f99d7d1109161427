//! The debug-only link checker: every invariant the dancing links keep, checked from scratch,
//! for the tests (after every search, and at every node of some), and public in debug builds
//! with the `internals` feature. Release builds of the library carry none of it.

use super::{Dlx, Index};

impl<I: Index> Dlx<'_, I> {
    /// Debug-only consistency check of every link reachable from the two roots: each item ring
    /// is doubly linked and holds items of its kind only, each active item's list is doubly
    /// linked, its nodes name it, and its length is the number of nodes in the list; the packed
    /// primary items and the short-item set agree with the ring. Returns the first fault.
    pub fn check_links(&self) -> Result<(), &'static str> {
        let mut active_primary = 0;
        for (root, kind) in [(0, 1..self.primary + 1), (self.items + 1, self.primary + 1..self.items + 1)] {
            let mut seen = 0;
            let mut i = root;
            loop {
                let r = self.rlink[i].to_usize();
                if (r != root && !kind.contains(&r)) || self.llink[r].to_usize() != i {
                    return Err("item ring is not doubly linked");
                }
                i = r;
                if i == root {
                    break;
                }
                seen += 1;
                if seen > self.items {
                    return Err("item ring does not close");
                }
                if root == 0 {
                    active_primary += 1;
                    if !self.lean && !self.is_active(i) {
                        return Err("an item in the ring is not among the packed ones");
                    }
                }
                let mut len = 0;
                let mut p = self.nodes[i].down.to_usize();
                while p != i {
                    if p >= self.next_node || self.nodes[self.nodes[p].down.to_usize()].up.to_usize() != p {
                        return Err("item list is not doubly linked");
                    }
                    if self.nodes[p].top.to_usize() != i {
                        return Err("node in the wrong item list");
                    }
                    len += 1;
                    if len > self.capacity.options {
                        return Err("item list does not close");
                    }
                    p = self.nodes[p].down.to_usize();
                }
                if self.nodes[i].top.to_usize() != len {
                    return Err("item length differs from its list");
                }
            }
        }
        if active_primary != self.open_primary() {
            return Err("packed items differ from the ring");
        }
        // A lean search keeps neither the packed items nor the short-item set.
        for i in (0..64 * self.short.words().len()).filter(|_| !self.lean) {
            let marked = self.short.contains(i);
            let short = (1..=self.primary).contains(&i) && self.is_active(i) && self.nodes[i].top.to_usize() <= 1;
            if marked != short {
                return Err("short-item set differs from the lengths");
            }
        }
        Ok(())
    }

    /// Every link and length in use (the item rings, then each node's top, up and down): a
    /// search must leave them as it found them.
    #[cfg(test)]
    pub(crate) fn links(&self) -> impl Iterator<Item = usize> + '_ {
        let rings = self.items + 1;
        let items = self.llink[..=rings].iter().chain(&self.rlink[..=rings]).map(|x| x.to_usize());
        items.chain(self.nodes[..self.next_node].iter().flat_map(|n| [n.top, n.up, n.down].map(I::to_usize)))
    }
}
