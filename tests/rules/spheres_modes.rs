//! Every mode of Spheres, played at random: a thousand seeded games across
//! player counts, multiplayer modes, variants and deck assembly methods
//! (weighted so the CI run stays short), every game finishing with the
//! invariants checked after every action. Hidden information over every
//! seat is checked for the same mix in `reliability_hidden.rs`.
//!
//! The same mix from the command line:
//! `cardtable sim --game spheres --players P --mode M [--variant V] [--assembly A]`.

use cardtable::games::spheres::check_invariants;
use cardtable::games::{AnyState, GameId, Library};
use cardtable::sim::{play_random_with, SimOptions};

/// Games in the CI run.
const GAMES: u64 = 1_000;

/// One entry of the mix: (weight, players, mode, variant, assembly).
type Entry = (u64, usize, Option<&'static str>, Option<&'static str>, Option<&'static str>);

/// The mix of the run.
pub const MIX: &[Entry] = &[
    (3, 2, None, None, None),
    (1, 2, None, Some("face-down"), None),
    (2, 3, Some("free-for-all"), None, None),
    (2, 4, Some("free-for-all"), None, None),
    (1, 5, Some("limited-range"), None, None),
    (1, 6, Some("limited-range"), None, None),
    (2, 4, Some("teams"), None, None),
    (1, 6, Some("teams"), Some("face-down"), None),
    (2, 2, None, Some("first-draft"), None),
    (1, 3, Some("free-for-all"), Some("first-draft"), None),
    (1, 4, Some("teams"), Some("first-draft,face-down"), None),
    (1, 2, None, None, Some("pre-design")),
    (1, 3, None, None, Some("mirror")),
    (1, 4, None, None, Some("random")),
    (1, 2, None, None, Some("random-keep")),
    (1, 3, None, None, Some("set-selection")),
    (1, 2, None, None, Some("open-draft")),
    (1, 3, Some("free-for-all"), None, Some("closed-draft")),
    (1, 4, Some("teams"), None, Some("blind-draft")),
    (2, 4, Some("tag-team"), None, None),
    (1, 4, Some("tag-team"), Some("both-fall"), None),
    (1, 6, Some("tag-team"), Some("face-down"), None),
    (2, 4, Some("citadel"), None, None),
    (1, 6, Some("citadel"), None, None),
    (1, 4, Some("citadel"), None, Some("closed-draft")),
];

/// The options of game `i` of the run, by weight.
pub fn options(i: u64) -> SimOptions {
    let total: u64 = MIX.iter().map(|m| m.0).sum();
    let mut k = i % total;
    for (w, players, mode, variant, assembly) in MIX {
        if k < *w {
            return SimOptions {
                players: *players,
                mode: mode.map(String::from),
                variant: variant.map(String::from),
                assembly: assembly.map(String::from),
            };
        }
        k -= w;
    }
    unreachable!("k < total")
}

#[test]
fn every_mode_variant_and_assembly_finishes_with_invariants_after_every_action() {
    let library = Library::embedded().unwrap();
    let game = GameId::parse("spheres").unwrap();
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeMap::new();
    for i in 0..GAMES {
        let opts = options(i);
        let mut broken = None;
        let r = play_random_with(&library, game, 7_000 + i, &opts, |s| {
            if let (AnyState::Spheres(s), None) = (s, &broken) {
                broken = check_invariants(s).err();
            }
        });
        if let Some(e) = broken.or(r.error.clone()).or((!r.finished).then(|| "unfinished".to_string())) {
            failures.push(format!("seed {} {opts:?}: {e}", 7_000 + i));
        }
        *seen.entry(format!("{opts:?}")).or_insert(0u64) += 1;
        assert_eq!(r.decks.len(), opts.players);
    }
    eprintln!("{GAMES} games: {seen:#?}");
    assert!(failures.is_empty(), "{} of {GAMES} games failed:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(seen.len(), MIX.len(), "every entry of the mix ran");
}
