//! Building the matrix and reading it: a new or resumed engine, items and options, and the
//! queries callers make of options and items. Everything here runs outside the search's inner
//! loop; the search's own moves are in `links`.

use super::{BuildError, Capacity, Counts, Dlx, Index, Node, OptionRef};

impl<'m, I: Index> Dlx<'m, I> {
    /// An empty engine of `capacity` in `words` (zeroed or not), or `None` when the words are
    /// too few or the capacity is beyond `I`.
    pub fn new(words: &'m mut [u64], capacity: Capacity) -> Option<Self> {
        let mut engine = Self::carve(words, capacity)?;
        engine.reset(0, 0).ok()?;
        Some(engine)
    }

    /// The engine [`counts`](Self::counts) described, in the same `words` and `capacity`, with
    /// settings at their defaults; `None` when the counts cannot be one of this capacity's.
    /// Between searches the matrix is whole (every search restores it), so links, lengths and
    /// the packed item order are as they were left, and the scalars are recomputed here.
    pub fn resume(words: &'m mut [u64], capacity: Capacity, counts: Counts) -> Option<Self> {
        let mut engine = Self::carve(words, capacity)?;
        let Counts { primary, items, options, next_node } = counts;
        if primary > items || items + 2 > capacity.items || options > capacity.options || next_node > capacity.nodes {
            return None;
        }
        (engine.primary, engine.items, engine.options, engine.next_node) = (primary, items, options, next_node);
        engine.active.resume(primary);
        Some(engine)
    }

    /// What [`resume`](Self::resume) needs to take this matrix up again.
    pub fn counts(&self) -> Counts {
        Counts { primary: self.primary, items: self.items, options: self.options, next_node: self.next_node }
    }

    /// Empties the matrix and sets up `primary` primary items, numbered `1..=primary`, then
    /// `secondary` secondary ones, numbered on from there.
    pub fn reset(&mut self, primary: usize, secondary: usize) -> Result<(), BuildError> {
        let items = primary + secondary;
        if items + 2 > self.capacity.items || items + 2 > self.capacity.nodes {
            return Err(BuildError::Capacity);
        }
        self.link_ring(0, 1..primary + 1);
        self.link_ring(items + 1, primary + 1..items + 1);
        for i in 0..=items {
            self.nodes[i].top = I::from_usize(0);
            self.nodes[i].up = I::from_usize(i);
            self.nodes[i].down = I::from_usize(i);
        }
        let first_spacer = items + 1;
        self.nodes[first_spacer].top = I::SPACER;
        self.nodes[first_spacer].up = I::from_usize(first_spacer);
        self.nodes[first_spacer].down = I::from_usize(first_spacer);
        self.primary = primary;
        self.items = items;
        self.options = 0;
        self.next_node = first_spacer + 1;
        self.level = 0;
        self.weight[..=items].fill(1);
        self.active.fill(primary);
        self.short.clear();
        for i in 1..=primary {
            self.short.insert(i);
        }
        self.reductions.forget_shrunk();
        self.removed.clear();
        Ok(())
    }

    /// Links `root` and `members`, in order, into a doubly linked ring.
    fn link_ring(&mut self, root: usize, members: core::ops::Range<usize>) {
        let mut prev = root;
        for i in members {
            self.llink[i] = I::from_usize(prev);
            self.rlink[prev] = I::from_usize(i);
            prev = i;
        }
        self.rlink[prev] = I::from_usize(root);
        self.llink[root] = I::from_usize(prev);
    }

    /// Appends an option covering `items` (each in `1..=n`, no repeats, at least one primary).
    /// Only before [`select`](Self::select) and [`search`](Self::search). A rejected option
    /// changes nothing.
    pub fn add_option(&mut self, items: &[usize]) -> Result<OptionRef, BuildError> {
        self.add_option_from(items.iter().copied())
    }

    /// [`add_option`](Self::add_option) for items given by an iterator of known length. One
    /// pass: a fault (an item out of range or repeated, no primary item) found while the nodes
    /// are linked in undoes the links, so checking costs time linear in the option; a repeat is
    /// seen as an item whose last node is already this option's.
    pub fn add_option_from(&mut self, items: impl ExactSizeIterator<Item = usize>) -> Result<OptionRef, BuildError> {
        debug_assert_eq!(self.level, 0, "options are added before any selection");
        let len = items.len();
        if len == 0 {
            return Err(BuildError::BadOption);
        }
        if self.options >= self.capacity.options || self.next_node + len + 1 > self.capacity.nodes {
            return Err(BuildError::Capacity);
        }
        let first = self.next_node;
        let mut primary = false;
        for (k, item) in items.enumerate() {
            let x = first + k;
            if !(1..=self.items).contains(&item) {
                self.unlink_new(first, x);
                return Err(BuildError::BadOption);
            }
            // The item's last node is this option's own when the option named it already.
            let last = self.nodes[item].up.to_usize();
            if last >= first {
                self.unlink_new(first, x);
                return Err(BuildError::Repeated { entry: k, first: last - first });
            }
            primary |= self.is_primary(item);
            self.nodes[x] = Node { top: I::from_usize(item), up: I::from_usize(last), down: I::from_usize(item) };
            self.nodes[last].down = I::from_usize(x);
            self.nodes[item].up = I::from_usize(x);
            self.lengthen(item);
        }
        if !primary {
            self.unlink_new(first, first + len);
            return Err(BuildError::BadOption);
        }
        let last = first + len - 1;
        let spacer_before = first - 1;
        let spacer_after = last + 1;
        self.nodes[spacer_before].down = I::from_usize(last);
        self.nodes[spacer_after] = Node {
            top: I::from_usize(I::SPACER.to_usize() + self.options),
            up: I::from_usize(first),
            down: I::from_usize(spacer_after),
        };
        self.next_node = spacer_after + 1;
        self.options += 1;
        Ok(OptionRef(first))
    }

    /// Takes nodes `first..end` of an option being added out of their lists again, newest
    /// first: each is the last of its item's list.
    fn unlink_new(&mut self, first: usize, end: usize) {
        for x in (first..end).rev() {
            let (item, above) = (self.nodes[x].top.to_usize(), self.nodes[x].up);
            self.nodes[item].up = above;
            self.nodes[above.to_usize()].down = I::from_usize(item);
            self.shorten(item);
        }
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionRef) -> impl Iterator<Item = usize> + '_ {
        let first = option.0;
        self.nodes[first..].iter().map(|n| n.top).take_while(|&t| t < I::SPACER).map(|t| t.to_usize())
    }

    /// The node at the top of `item`'s list, if any is left: a number below the engine's node
    /// capacity, for a caller's per-node table (filled through [`option_nodes`]), which saves
    /// walking from the node to its option where a bound looks at every item's top.
    ///
    /// [`option_nodes`]: Self::option_nodes
    pub fn top_node(&self, item: usize) -> Option<usize> {
        let top = self.nodes[item].down.to_usize();
        (top != item).then_some(top)
    }

    /// The nodes of an option, one per item, in the order of [`option_items`].
    ///
    /// [`option_items`]: Self::option_items
    pub fn option_nodes(&self, option: OptionRef) -> core::ops::Range<usize> {
        option.0..option.0 + self.option_items(option).count()
    }

    /// The options still in `item`'s list, top to bottom.
    pub fn options_of(&self, item: usize) -> impl Iterator<Item = OptionRef> + '_ {
        self.item_nodes(item).map(|p| self.option_of(p))
    }

    /// The nodes still in `item`'s list, top to bottom: [`options_of`](Self::options_of)
    /// without the walk from each node to its option, for a caller's per-node table (as
    /// [`top_node`](Self::top_node)'s).
    pub(crate) fn item_nodes(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(self.nodes[item].down.to_usize()), |&p| Some(self.nodes[p].down.to_usize()))
            .take_while(move |&p| p != item)
    }

    /// The active items in their packed order, which a search's ties follow (see
    /// `choose_item`) and which a search leaves changed: with [`set_active_order`], a caller
    /// that searches the same matrix again takes it up as it was built.
    ///
    /// [`set_active_order`]: Self::set_active_order
    pub(crate) fn active_order(&self) -> &[I] {
        self.active.members()
    }

    /// Puts the active items back in an order [`active_order`](Self::active_order) gave for
    /// the same active items (between searches).
    pub(crate) fn set_active_order(&mut self, order: &[I]) {
        self.active.repack(order);
    }

    /// The items not yet covered, in item order.
    pub fn active_items(&self) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(self.rlink[0].to_usize()), |&i| Some(self.rlink[i].to_usize()))
            .take_while(|&i| i != 0)
    }

    /// Commits to `option` before the search (a Sudoku given, say): covers its items.
    /// Returns false, changing nothing, when the option is no longer available because an
    /// earlier selection covered one of its items.
    pub fn select(&mut self, option: OptionRef) -> bool {
        let first = option.0;
        let available = self.option_items(option).all(|item| self.is_active(item));
        if !available || self.level >= self.capacity.items {
            return false;
        }
        self.cover::<false, false>(self.nodes[first].top.to_usize());
        self.cover_rest::<false, false>(first);
        self.chosen[self.level] = I::from_usize(first);
        self.level += 1;
        true
    }

    /// Whether `item` is still in its item list (not covered).
    pub(super) fn is_active(&self, item: usize) -> bool {
        if self.is_primary(item) {
            self.is_open(item)
        } else {
            let root = self.items + 1;
            core::iter::successors(Some(self.rlink[root].to_usize()), |&i| Some(self.rlink[i].to_usize()))
                .take_while(|&i| i != root)
                .any(|i| i == item)
        }
    }

    /// The number of option `option`, counting from 0 in the order they were added.
    pub fn ordinal(&self, option: OptionRef) -> usize {
        let mut q = option.0;
        while self.nodes[q].top < I::SPACER {
            q += 1;
        }
        self.nodes[q].top.to_usize() - I::SPACER.to_usize()
    }

    /// The option that node `node` belongs to.
    pub(super) fn option_of(&self, node: usize) -> OptionRef {
        let mut q = node;
        while self.nodes[q].top < I::SPACER {
            q += 1;
        }
        OptionRef(self.nodes[q].up.to_usize())
    }
}
