//! The sentences of the events that say who dealt how much damage to
//! whom: one per battle in combat where it fits, one per source for a
//! spell or an ability. Each keeps well under a button's 80 characters,
//! so a phone shows it in two lines at most.

use super::state::{Permanent, State, TargetRef, Uid};
use crate::cards::certamen::CardType;
use crate::engine::Seat;

/// The longest event sentence; a longer one is told in parts.
pub const MAX_EVENT: usize = 72;

/// A permanent as the events name it: its board label, with its
/// controller's name when the other player has one of the same name.
pub fn name(s: &State, p: &Permanent) -> String {
    super::view::public_name(s, p)
}

/// What one hit lands on, named: a player, a creature, or an Ascendant
/// with its loyalty before and after ("Kaelith (loyalty 5→2)").
pub fn hit_on(s: &State, target: TargetRef, amount: i32) -> String {
    match target {
        TargetRef::Player(seat) => s.players[seat].name.clone(),
        TargetRef::Permanent(uid) => match s.permanent(uid) {
            Some(p) if s.kind_of(p) == CardType::Ascendant => {
                format!("{} (loyalty {}→{})", name(s, p), p.loyalty, i32::from(p.loyalty) - amount)
            }
            Some(p) => name(s, p),
            None => "(gone)".to_owned(),
        },
        TargetRef::Spell(_) => "(a spell)".to_owned(),
    }
}

/// The target of a combat hit: a creature or Ascendant, or the defending player.
pub fn combat_target(target: Option<Uid>, defender: Seat) -> TargetRef {
    target.map_or(TargetRef::Player(defender), TargetRef::Permanent)
}

/// "Ember Bolt deals 3 to Bob." — or, with several, "Cataclysm Spark
/// deals 2 to Owl, 2 to Seer and 2 to Bob." One sentence when it fits in
/// [`MAX_EVENT`], one per target otherwise. `hits` are (what, amount),
/// already named.
pub fn deals(source: &str, hits: &[(String, i32)]) -> Vec<String> {
    let Some(clause) = deals_clause(source, hits) else { return Vec::new() };
    let whole = format!("{clause}.");
    if whole.chars().count() <= MAX_EVENT || hits.len() < 2 {
        return vec![whole];
    }
    hits.iter().map(|(what, n)| format!("{source} deals {n} to {what}.")).collect()
}

/// "Ember Drake deals 2 to Thicket Warden and 1 to Owl" (no full stop).
fn deals_clause(source: &str, hits: &[(String, i32)]) -> Option<String> {
    let parts: Vec<String> = hits.iter().map(|(what, n)| format!("{n} to {what}")).collect();
    Some(format!("{source} deals {}", and_list(&parts)?))
}

/// "a", "a and b", "a, b and c"; `None` for none.
fn and_list(parts: &[String]) -> Option<String> {
    match parts {
        [] => None,
        [one] => Some(one.clone()),
        [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
    }
}

/// One battle of a damage window: what the attacker dealt (`dealt`, to
/// its blockers, an Ascendant or the defending player) and what its
/// blockers dealt it (`back`, each blocker with its amount), as one event
/// where it fits ("Ember Drake deals 3 to Thicket Warden; Thicket Warden
/// (3) and Riddlewing Owl (1) deal 4 back."), else two or more.
pub fn battle(attacker: &str, dealt: &[(String, i32)], back: &[(String, i32)]) -> Vec<String> {
    let total: i32 = back.iter().map(|(_, n)| n).sum();
    let blockers = |to: &str| -> Option<String> {
        match back {
            [] => None,
            [(who, n)] => Some(format!("{who} deals {n} {to}")),
            _ => {
                let each: Vec<String> = back.iter().map(|(who, n)| format!("{who} ({n})")).collect();
                Some(format!("{} deal {total} {to}", and_list(&each)?))
            }
        }
    };
    let to_attacker = format!("to {attacker}");
    match deals_clause(attacker, dealt) {
        None => blockers(&to_attacker).map(|b| format!("{b}.")).into_iter().collect(),
        Some(first) => {
            if let Some(b) = blockers("back") {
                let one = format!("{first}; {b}.");
                if one.chars().count() <= MAX_EVENT {
                    return vec![one];
                }
            }
            let mut out = deals(attacker, dealt);
            if let Some(b) = blockers(&to_attacker) {
                let b = format!("{b}.");
                if b.chars().count() <= MAX_EVENT || back.len() < 2 {
                    out.push(b);
                } else {
                    out.extend(back.iter().map(|(who, n)| format!("{who} deals {n} {to_attacker}.")));
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(list: &[(&str, i32)]) -> Vec<(String, i32)> {
        list.iter().map(|(w, n)| ((*w).to_owned(), *n)).collect()
    }

    #[test]
    fn a_battle_with_one_blocker_is_one_event() {
        let out = battle("Ember Drake", &hits(&[("Thicket Warden", 3)]), &hits(&[("Thicket Warden", 2)]));
        assert_eq!(
            out,
            vec!["Ember Drake deals 3 to Thicket Warden; Thicket Warden deals 2 back.".to_owned()]
        );
    }

    #[test]
    fn a_battle_with_two_blockers_is_one_event_where_it_fits() {
        let out = battle("Drake", &hits(&[("Warden", 3)]), &hits(&[("Warden", 3), ("Owl", 1)]));
        assert_eq!(out, vec!["Drake deals 3 to Warden; Warden (3) and Owl (1) deal 4 back.".to_owned()]);
        let out = battle(
            "Ember Drake",
            &hits(&[("Thicket Warden", 3)]),
            &hits(&[("Thicket Warden", 3), ("Riddlewing Owl", 1)]),
        );
        assert_eq!(
            out,
            vec![
                "Ember Drake deals 3 to Thicket Warden.".to_owned(),
                "Thicket Warden (3) and Riddlewing Owl (1) deal 4 to Ember Drake.".to_owned()
            ]
        );
    }

    #[test]
    fn an_unblocked_attacker_deals_to_the_player() {
        assert_eq!(
            battle("Ember Drake", &hits(&[("Bob", 3)]), &[]),
            vec!["Ember Drake deals 3 to Bob.".to_owned()]
        );
    }

    #[test]
    fn a_long_battle_is_told_in_parts_each_short() {
        let five: Vec<(String, i32)> = (1..=5).map(|i| (format!("Riddlewing Owl #{i}"), 1)).collect();
        let out = battle("Magmaback Brute", &five, &five);
        assert!(out.len() > 2, "{out:?}");
        assert!(out.iter().all(|e| e.chars().count() <= MAX_EVENT), "{out:?}");
    }

    #[test]
    fn a_blocker_alone_deals_to_the_attacker() {
        assert_eq!(
            battle("Ember Drake", &[], &hits(&[("Thicket Warden", 2)])),
            vec!["Thicket Warden deals 2 to Ember Drake.".to_owned()]
        );
    }
}
