//! The card database a state reads its definitions from.

use std::ops::Deref;
use std::sync::Arc;

/// A state's card database: shared by every clone of the state, never
/// serialised (a deserialised state gets it back through
/// [`Rules::attach`](super::Rules::attach)), and no part of the state's
/// identity, so two states are equal whatever databases they point to.
pub struct Attached<D>(Option<Arc<D>>);

impl<D> Attached<D> {
    /// A state's handle on `cards`.
    pub fn new(cards: &Arc<D>) -> Self {
        Attached(Some(Arc::clone(cards)))
    }

    /// The database, shared (for code that must hold it while changing the state).
    pub fn arc(&self) -> Arc<D> {
        Arc::clone(self.get())
    }

    fn get(&self) -> &Arc<D> {
        self.0.as_ref().expect("a deserialised state was used before Rules::attach gave it its cards")
    }
}

impl<D> Deref for Attached<D> {
    type Target = D;
    fn deref(&self) -> &D {
        self.get()
    }
}

impl<D> Default for Attached<D> {
    /// Detached: what deserialisation leaves until `attach`.
    fn default() -> Self {
        Attached(None)
    }
}

impl<D> Clone for Attached<D> {
    fn clone(&self) -> Self {
        Attached(self.0.clone())
    }
}

impl<D> PartialEq for Attached<D> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<D> Eq for Attached<D> {}

impl<D> std::fmt::Debug for Attached<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Attached" } else { "Detached" })
    }
}
