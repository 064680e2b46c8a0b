use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A player's place at the table, numbered from 0 in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat containers.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value per seat, indexed by [`Seat`] rather than by bare numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(Vec<T>);

impl<T> PerSeat<T> {
    /// Builds one value per seat from `f(seat)`.
    pub fn from_fn(seats: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        Self((0..seats).map(|i| f(Seat(i as u8))).collect())
    }
    /// Number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// True when there are no seats.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// All seats, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.0.len()).map(|i| Seat(i as u8))
    }
    /// Seats with their values.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
    /// Seats with mutable values.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Seat, &mut T)> {
        self.0.iter_mut().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
    /// The values, in seat order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_seat_indexes_by_seat() {
        let mut p = PerSeat::from_fn(3, |s| s.0 * 10);
        p[Seat(1)] += 1;
        assert_eq!(p[Seat(1)], 11);
        assert_eq!(p.seats().collect::<Vec<_>>(), vec![Seat(0), Seat(1), Seat(2)]);
    }
}
