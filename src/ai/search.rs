//! Single-observer information-set MCTS (Cowling, Powley and Whitehouse
//! 2012): one tree of action sequences, searched over a new
//! determinization of the hidden cards at every iteration.
//!
//! Each iteration re-samples what the searching seat cannot see
//! ([`AnyState::determinize`]), walks down the tree choosing among the
//! edges legal in that sample (UCB1 with availability counts, so an action
//! that is rarely possible is not starved), adds one node, finishes the
//! game with a short simulation scored by the game's evaluation, and
//! backs the reward of each seat up the edges that seat chose.

use std::time::Instant;

use super::Budget;
use crate::engine::{GameRng, Seat};
use crate::games::{AnyAction, AnyState};

/// How a simulation plays on from the leaf of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rollouts {
    /// Whether simulated players use the game's rollout policy
    /// ([`crate::engine::Rules::rollout_pick`]) or uniformly random answers.
    pub policy: bool,
    /// Actions a simulation plays before the game's evaluation scores it
    /// (when the game has one; without, it plays to the end). `None`: the
    /// game's own depth ([`crate::engine::Rules::rollout_depth`]).
    pub depth: Option<usize>,
}

impl Rollouts {
    /// The rollouts the levels use.
    pub const DEFAULT: Rollouts = Rollouts { policy: true, depth: None };
    /// Uniformly random answers to the end of the game: the plain
    /// baseline the heuristics are measured against.
    pub const PLAIN: Rollouts = Rollouts { policy: false, depth: Some(MAX_ACTIONS) };
}

/// Actions after which a simulation that has not ended is scored as it
/// stands (a guard against games that go on and on at random).
const MAX_ACTIONS: usize = 3_000;

/// One decision point of the tree: the edges tried from it.
#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

/// An action taken from a node, with its statistics.
struct Edge {
    seat: Seat,
    action: AnyAction,
    /// The node the action leads to (`None` until expanded).
    child: Option<usize>,
    visits: u32,
    /// Iterations in which this edge was legal when its node was visited.
    available: u32,
    /// Sum of the rewards of `seat` over the visits.
    reward: f64,
}

impl Edge {
    fn new(seat: Seat, action: AnyAction) -> Edge {
        Edge { seat, action, child: None, visits: 0, available: 0, reward: 0.0 }
    }

    /// UCB1 with exploration constant `c`.
    fn ucb(&self, c: f64) -> f64 {
        let n = f64::from(self.visits);
        self.reward / n + c * (f64::from(self.available.max(1)).ln() / n).sqrt()
    }
}

/// What a finished search knows of each root action.
#[derive(Debug, Clone)]
pub struct RootStats {
    /// The root's legal actions, in `legal_actions` order.
    pub actions: Vec<AnyAction>,
    /// Visits of each.
    pub visits: Vec<u32>,
    /// Mean reward of each for the searching seat.
    pub means: Vec<f64>,
    /// Iterations run.
    pub iterations: u32,
}

/// Searches `seat`'s decision in `state` within `budget`.
pub fn search(
    state: &AnyState,
    seat: Seat,
    budget: Budget,
    rollouts: Rollouts,
    rng: &mut GameRng,
) -> RootStats {
    let start = Instant::now();
    let legal = state.legal_actions(seat);
    let mut nodes = vec![Node { edges: legal.iter().cloned().map(|a| Edge::new(seat, a)).collect() }];
    let seats = super::seat_count(state);
    let exploration = state.exploration();
    let mut iterations = 0;
    while iterations < budget.iterations && start.elapsed() < budget.time {
        iterations += 1;
        let mut sim = state.determinize(seat, rng);
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut node = 0;
        // Selection and expansion.
        loop {
            if sim.outcome().is_some() {
                break;
            }
            let Some(actor) = actor(&sim, seat) else { break };
            let legal = sim.legal_actions(actor);
            if legal.is_empty() {
                break;
            }
            let (edge, expanded) = select(&mut nodes[node], actor, legal, exploration, rng);
            if sim.apply(actor, &nodes[node].edges[edge].action).is_err() {
                break;
            }
            path.push((node, edge));
            node = match nodes[node].edges[edge].child {
                Some(child) => child,
                None => {
                    nodes.push(Node::default());
                    let child = nodes.len() - 1;
                    nodes[node].edges[edge].child = Some(child);
                    child
                }
            };
            if expanded {
                break;
            }
        }
        let rewards = simulate(&mut sim, seats, rollouts, rng);
        for (n, e) in path {
            let edge = &mut nodes[n].edges[e];
            edge.visits += 1;
            edge.reward += rewards.get(edge.seat.index()).copied().unwrap_or(0.0);
        }
    }
    root_stats(legal, &nodes[0], iterations)
}

/// The statistics of the root's `legal` actions. The root's first
/// `legal.len()` edges are those actions in order (edges are only ever
/// appended); any after them were legal only in some determinization and
/// are not the seat's to choose.
fn root_stats(legal: Vec<AnyAction>, root: &Node, iterations: u32) -> RootStats {
    let edges = &root.edges[..legal.len()];
    RootStats {
        actions: legal,
        visits: edges.iter().map(|e| e.visits).collect(),
        means: edges
            .iter()
            .map(|e| if e.visits == 0 { 0.0 } else { e.reward / f64::from(e.visits) })
            .collect(),
        iterations,
    }
}

/// The seat that moves in the tree. When several answer at once (secret
/// simultaneous choices), the searching seat moves first, so its own
/// choice never depends on what the others chose in secret.
fn actor(sim: &AnyState, seat: Seat) -> Option<Seat> {
    let to_act = sim.to_act();
    if to_act.contains(&seat) {
        Some(seat)
    } else {
        to_act.first().copied()
    }
}

/// Picks an edge of `node` for `actor` among `legal`: an untried one if
/// there is any (returned with `true`: the tree grows there), else the
/// best by UCB1 (exploration constant `c`) among those legal now.
fn select(node: &mut Node, actor: Seat, legal: Vec<AnyAction>, c: f64, rng: &mut GameRng) -> (usize, bool) {
    let mut available = Vec::with_capacity(legal.len());
    let mut untried = Vec::new();
    for action in legal {
        match node.edges.iter().position(|e| e.seat == actor && e.action == action) {
            Some(i) => {
                available.push(i);
                if node.edges[i].visits == 0 {
                    untried.push(i);
                }
            }
            None => {
                node.edges.push(Edge::new(actor, action));
                let i = node.edges.len() - 1;
                available.push(i);
                untried.push(i);
            }
        }
    }
    for &i in &available {
        node.edges[i].available += 1;
    }
    if !untried.is_empty() {
        return (untried[rng.below(untried.len())], true);
    }
    let best = available
        .iter()
        .copied()
        .max_by(|&a, &b| node.edges[a].ucb(c).total_cmp(&node.edges[b].ucb(c)).then(b.cmp(&a)))
        .expect("a seat to act has a legal action");
    (best, false)
}

/// Plays `sim` on and scores it for every seat: 1 to a winner (split
/// among several), 0 to a loser, `1/seats` each for a draw; a game still
/// going after the rollout depth is [`settle`]d, then scored by the
/// game's evaluation.
pub fn simulate(sim: &mut AnyState, seats: usize, rollouts: Rollouts, rng: &mut GameRng) -> Vec<f64> {
    let has_evaluation = sim.evaluate(Seat(0)).is_some();
    let limit =
        if has_evaluation { rollouts.depth.unwrap_or_else(|| sim.rollout_depth()) } else { MAX_ACTIONS };
    let mut played = 0;
    while sim.outcome().is_none() && played < limit {
        let to_act = sim.to_act();
        if to_act.is_empty() {
            break;
        }
        let seat = to_act[rng.below(to_act.len())];
        let action = if rollouts.policy {
            sim.rollout_action(seat, rng)
        } else {
            let mut legal = sim.legal_actions(seat);
            (!legal.is_empty()).then(|| legal.swap_remove(rng.below(legal.len())))
        };
        let Some(action) = action else { break };
        if sim.apply(seat, &action).is_err() {
            break;
        }
        played += 1;
    }
    if has_evaluation {
        settle(sim);
    }
    rewards(sim, seats)
}

/// Longest run of answers [`settle`] plays.
const SETTLE: usize = 40;

/// Plays a simulation cut short on until what is under way has resolved,
/// so that the evaluation judges a position and not an instant: a seat at
/// a priority stop passes and a seat that does not hold the turn declines
/// (no response, no block), so a spell waiting on the Stack resolves and
/// a declared battle is fought. Judged mid-way, a spell on the Stack
/// scores as a card lost and an attack as a character exhausted for
/// nothing (the greedy player judges its answers the same way). It ends
/// when the turn's own players are to make their next move, the turn
/// changes or the game ends.
pub fn settle(sim: &mut AnyState) {
    let turn = sim.turn();
    let holds_turn = |s: Seat| turn.is_some_and(|t| t.active == s || t.partner == Some(s));
    for _ in 0..SETTLE {
        if sim.outcome().is_some() || sim.turn() != turn {
            return;
        }
        let step = sim.to_act().into_iter().find_map(|s| match sim.stop(s) {
            Some(stop) => Some((s, stop.pass)),
            None if !holds_turn(s) => sim.decline(s).map(|a| (s, a)),
            None => None,
        });
        let Some((seat, action)) = step else { return };
        if sim.apply(seat, &action).is_err() {
            return;
        }
    }
}

/// Each seat's reward for `sim` as it stands: its outcome when over,
/// else the game's evaluation, else an even share.
pub fn rewards(sim: &AnyState, seats: usize) -> Vec<f64> {
    let even = 1.0 / seats as f64;
    match sim.outcome() {
        Some(o) if o.winners.is_empty() => vec![even; seats],
        Some(o) => {
            let share = 1.0 / o.winners.len() as f64;
            (0..seats).map(|i| if o.winners.contains(&Seat(i as u8)) { share } else { 0.0 }).collect()
        }
        None => (0..seats).map(|i| sim.evaluate(Seat(i as u8)).unwrap_or(even).clamp(0.0, 1.0)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Library, GAMES};
    use crate::sim::random_setup;

    #[test]
    fn root_stats_cover_only_the_real_legal_actions() {
        let library = Library::embedded().unwrap();
        let setup = random_setup(&library, GAMES[0], 1).unwrap();
        let state = AnyState::setup(GAMES[0], &setup, &library).unwrap();
        let (seat, legal) = state
            .to_act()
            .into_iter()
            .map(|s| (s, state.legal_actions(s)))
            .find(|(_, l)| !l.is_empty())
            .expect("someone acts at the start");
        let mut root = Node { edges: legal.iter().cloned().map(|a| Edge::new(seat, a)).collect() };
        // An edge appended for an action legal only in one determinization,
        // visited more than any real one.
        let mut extra = Edge::new(Seat(seat.0 + 1), legal[0].clone());
        extra.visits = 99;
        extra.reward = 99.0;
        root.edges.push(extra);
        root.edges[0].visits = 2;
        root.edges[0].reward = 1.0;
        let stats = root_stats(legal.clone(), &root, 101);
        assert_eq!(stats.actions, legal);
        assert_eq!(stats.visits.len(), legal.len(), "one count per legal action, none for the extra edge");
        assert_eq!(stats.means.len(), legal.len());
        assert_eq!((stats.visits[0], stats.means[0]), (2, 0.5));
    }
}
