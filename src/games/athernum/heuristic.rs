//! The AI's cheap judgement of an Athernum position, in rough "card"
//! units: progress towards a win (a majority of the Victory Tokens, or an
//! objective's field filled), then what a player has built (characters by
//! their values, items, locations, resource tokens) and the cards it holds.
//!
//! Exhaustion counts for little: a paid cost or an attack exhausts what
//! comes back next morning (9.1.1), and a judgement that punished it
//! taught the search to end its day without acting. Unspent command
//! tokens count for nothing: the supply refills each morning (10.2.1).

use super::state::{Perm, Place, State, CHARACTER_SLOTS};
use super::values;
use crate::cards::athernum::{Ability, Condition, Trigger};
use crate::engine::Seat;

/// Actions a simulation plays before this judgement scores it: none.
/// The search scores the leaf of its tree itself, once what is under way
/// has resolved ([`crate::ai::search::settle`]): the tree is in charge of
/// both sides' answers. Random answers attack whatever they can, and
/// some main characters score when attacked (Lady Aurelie): long random
/// simulations taught the search to end its day at once and wait for
/// such a gift, and even four random actions blurred the judgement of
/// every answer with the noise of the moves after it (measured in
/// BENCHMARKS.md, "ai:hard judges settled positions").
pub const ROLLOUT_DEPTH: usize = 0;

/// The search's exploration constant ([`crate::engine::Rules::exploration`]).
/// Scored by this judgement at the leaves, answers differ by hundredths:
/// with the default 0.7 the search spread its visits nearly evenly.
pub const EXPLORATION: f64 = 0.3;

/// What a whole win is worth, against a card in hand at about 0.35.
const WIN: f64 = 8.0;

/// How far `seat` is towards a win, 0 to 1: the better of its share of
/// the majority it needs (4.2.3c) and its best objective's filled field
/// (4.2.2h). An objective whose condition is partly met counts half a
/// token for it, so the search builds towards the condition.
fn progress(s: &State, seat: Seat) -> f64 {
    let total = f64::from(s.victory_total().max(1));
    let majority = f64::from(s.victory_of(seat)) / (total / 2.0 + 0.5);
    let objective = s
        .board
        .iter()
        .filter(|p| p.controller == seat && !p.face_down)
        .filter_map(|p| {
            let d = s.def(p.def)?;
            let field = d.victory.filter(|v| *v > 0 && d.has_objective())?;
            let ready = d
                .abilities
                .iter()
                .filter_map(|a| match a {
                    // An objective that scores when a character enters
                    // (Wildcaller Ysra) cannot score with every character
                    // slot taken (7.1.2c): its met condition is no
                    // progress until a slot is free.
                    Ability::Objective { when: Some(Trigger::AllyEnters), .. }
                        if s.characters_of(seat) >= CHARACTER_SLOTS =>
                    {
                        Some(0.0)
                    }
                    Ability::Objective { condition: Some(c), .. } => {
                        let met = values::fulfilled(s, c, seat, p.uid);
                        // Nor can one that counts characters (Mother
                        // Sable's Witches) once every slot holds something
                        // else: a board filled with the wrong characters
                        // is no progress either.
                        let counts_characters =
                            matches!(c, Condition::Controls { filter, .. } if filter.kind.is_none());
                        let blocked =
                            counts_characters && met < 1.0 && s.characters_of(seat) >= CHARACTER_SLOTS;
                        Some(if blocked { 0.0 } else { met })
                    }
                    _ => None,
                })
                .fold(0.0, f64::max);
            Some((f64::from(p.victory) + 0.5 * ready) / f64::from(field))
        })
        .fold(0.0, f64::max);
    majority.max(objective).min(1.0)
}

/// What one permanent on the board is worth to its controller.
fn worth(s: &State, p: &Perm) -> f64 {
    let def = s.def(p.def);
    match p.place {
        Place::Resource => 0.6,
        Place::Location => 0.5,
        Place::Item { .. } => 0.45,
        Place::Main | Place::Character => {
            // The printed values: an exhausted or face-down character
            // shows none, but has them back when it turns face up.
            let (ofv, dfv) = def.map(|d| (d.ofv.unwrap_or(0), d.dfv.unwrap_or(0))).unwrap_or((1, 1));
            let shown = values::ofv(s, p).zip(values::dfv(s, p));
            let (ofv, dfv) = shown.unwrap_or((ofv, dfv));
            let health = f64::from(dfv.saturating_sub(p.damage).max(1));
            let body = 0.5 + 0.12 * f64::from(ofv) + 0.08 * health;
            if p.exhausted {
                0.8 * body
            } else {
                body
            }
        }
    }
}

/// What `seat` has built and holds.
fn material(s: &State, seat: Seat) -> f64 {
    let board: f64 = s.board.iter().filter(|p| p.controller == seat).map(|p| worth(s, p)).sum();
    let p = &s.players[seat];
    // A player who can no longer draw has lost its Acquisition.
    let deck = if p.deck.is_empty() { -0.5 } else { 0.0 };
    board + 0.35 * p.hand.len() as f64 + deck
}

/// How far a lead in material alone can carry the judgement, in the
/// same units. Material is a means to progress, not a win: uncapped, a
/// wide board against a player who built nothing pushed every answer's
/// score against 1, where a Victory Token more or less changed it in the
/// third decimal and the search (whose exploration term is far larger)
/// could no longer tell the winning move from the idle one. Capped, a
/// token is worth as much late as early.
const MATERIAL_CAP: f64 = 4.0;

/// What `seat` has going for it: its progress towards a win (in units of
/// [`WIN`]) and its material. Once time is called (11.1.4–11.1.6) the
/// match is decided within two turns by Victory Tokens alone, so only
/// progress counts: what a player has built no longer matters, and a
/// search that still weighed it would rather keep a character than trade
/// it for the token that wins.
fn standing(s: &State, seat: Seat) -> (f64, f64) {
    let progress = WIN * progress(s, seat);
    if s.series.as_ref().is_some_and(|m| m.time.is_some()) {
        return (progress, 0.0);
    }
    (progress, material(s, seat))
}

/// `seat`'s standing against its strongest living opponent, 0 to 1: the
/// difference in progress, plus the difference in material squashed to
/// at most [`MATERIAL_CAP`] either way.
pub fn evaluate(s: &State, seat: Seat) -> Option<f64> {
    if s.players[seat].out {
        return Some(0.0);
    }
    let (progress, material) = standing(s, seat);
    let best = s
        .alive()
        .into_iter()
        .filter(|o| *o != seat)
        .map(|o| standing(s, o))
        .max_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)));
    let Some((their_progress, their_material)) = best else {
        return Some(1.0);
    };
    let lead = MATERIAL_CAP * ((material - their_material) / MATERIAL_CAP).tanh();
    Some(crate::engine::logistic((progress - their_progress + lead) / 3.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::athernum::effects::{create_resource, exhaust};
    use crate::games::athernum::testing::{day_phase, day_phase_with, to_board};

    fn mine(s: &State) -> f64 {
        evaluate(s, Seat(0)).expect("Athernum has an evaluation")
    }

    /// Alice with Wildcaller Ysra (The Green Return) against Bob's Lady
    /// Aurelie (The Unbroken Gate), in Alice's day phase.
    fn ysra_against_aurelie() -> State {
        day_phase_with(
            1,
            ["The Green Return", "The Unbroken Gate"],
            ["Wildcaller Ysra", "Lady Aurelie, Keeper of the Gate"],
        )
    }

    #[test]
    fn rule_9_1_1_an_exhausted_resource_token_keeps_its_worth() {
        let mut s = day_phase(1);
        let none = mine(&s);
        create_resource(&mut s, Seat(0), None, false);
        let ready = mine(&s);
        let uid = s.board.last().expect("the token").uid;
        assert!(exhaust(&mut s, uid));
        let spent = mine(&s);
        assert!(ready > none, "a resource token is worth having: {none} -> {ready}");
        assert!(spent == ready, "paying with it (exhausting it) costs nothing lasting: {ready} -> {spent}");
    }

    #[test]
    fn rule_4_2_3c_a_victory_token_outweighs_a_lead_in_resources() {
        let mut s = day_phase(1);
        for _ in 0..3 {
            create_resource(&mut s, Seat(0), None, false);
        }
        let main = s.board.iter().find(|p| p.controller == Seat(1) && p.main).expect("Bob's main").uid;
        s.victory_pool -= 1;
        s.perm_mut(main).expect("on the board").victory = 1;
        assert!(mine(&s) < 0.5, "Bob's token beats Alice's three resource tokens: {}", mine(&s));
    }

    #[test]
    fn rule_4_2_2h_a_victory_token_still_counts_with_a_wide_board() {
        // Alice has built far more than Bob; her next token on Wildcaller
        // Ysra (a field of 3) must still be worth a clear step.
        let mut s = ysra_against_aurelie();
        for _ in 0..6 {
            to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
            create_resource(&mut s, Seat(0), None, false);
        }
        let wide = mine(&s);
        let ysra = s.board.iter().find(|p| p.controller == Seat(0) && p.main).expect("Alice's main").uid;
        s.victory_pool -= 1;
        s.perm_mut(ysra).expect("on the board").victory += 1;
        let scored = mine(&s);
        assert!(wide > 0.6, "the wide board is a lead: {wide}");
        assert!(scored - wide > 0.05, "the token is a clear step even so: {wide} -> {scored}");
    }

    #[test]
    fn rule_7_1_2c_a_met_condition_waits_for_a_free_character_slot() {
        // Ysra scores when a character enters while Alice has three
        // Beasts; with all five slots taken nothing can enter.
        let mut s = ysra_against_aurelie();
        for _ in 0..4 {
            to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
        }
        let room = progress(&s, Seat(0));
        to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
        let full = progress(&s, Seat(0));
        assert!(room > 0.0, "three Beasts and a free slot are progress: {room}");
        assert_eq!(full, 0.0, "with every slot taken no ally can enter: {full}");
    }

    #[test]
    fn rule_7_1_2c_a_board_of_the_wrong_characters_is_no_progress_to_a_counting_objective() {
        // Mother Sable scores at night while Alice controls two Witches
        // (she is one). Four other characters leave a slot for a second
        // Witch; a fifth that is not one leaves none.
        let mut s = day_phase_with(
            1,
            ["Candles in the Gloam", "The Unbroken Gate"],
            ["Mother Sable, the Gloam Voice", "Lady Aurelie, Keeper of the Gate"],
        );
        for _ in 0..4 {
            to_board(&mut s, Seat(0), "Veiled Informant", Place::Character);
        }
        let room = progress(&s, Seat(0));
        to_board(&mut s, Seat(0), "Veiled Informant", Place::Character);
        let full = progress(&s, Seat(0));
        assert!(room > 0.0, "one Witch of two and a free slot are progress: {room}");
        assert_eq!(full, 0.0, "no slot is left for a second Witch: {full}");
    }

    #[test]
    fn rule_4_2_2h_meeting_more_of_an_objective_condition_is_progress() {
        let mut s = ysra_against_aurelie();
        let before = progress(&s, Seat(0));
        to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
        let one = progress(&s, Seat(0));
        to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
        to_board(&mut s, Seat(0), "Mossback Boar", Place::Character);
        let three = progress(&s, Seat(0));
        assert!(
            before < one && one < three,
            "each Beast brings Ysra's objective nearer: {before} {one} {three}"
        );
        assert!(three < 1.0 / 3.0, "a met condition is worth less than the token it earns: {three}");
    }

    #[test]
    fn rule_10_2_1_the_ai_spends_its_command_tokens_instead_of_ending_its_day() {
        use crate::ai::{choose_with, Budget, Level, Settings};
        use crate::games::athernum::Action;
        use crate::games::{AnyAction, AnyState};
        // The supply refills next morning: tokens left unspent are lost.
        // Both main characters score when attacked; random simulations
        // long enough to reach Bob's turn gave Alice that gift often
        // enough that ending her day at once looked best.
        let gate = "The Unbroken Gate";
        let aurelie = "Lady Aurelie, Keeper of the Gate";
        let mut s = day_phase_with(3, [gate, gate], [aurelie, aurelie]);
        for card in ["Signal Horn", "Sealed Writ", "Citadel of Dawnspire", "Wallwarden Recruit"] {
            crate::games::athernum::testing::to_hand(&mut s, Seat(0), card);
        }
        let state = AnyState::Athernum(Box::new(s));
        // The Normal level's own iterations, without its wall-clock cut
        // (a loaded test machine must not change the answer).
        let normal = Level::Normal.settings();
        let settings = Settings {
            budget: Budget {
                iterations: normal.budget.iterations,
                time: std::time::Duration::from_secs(600),
            },
            ..normal
        };
        for seed in 1..=4 {
            let choice = choose_with(&state, Seat(0), settings, seed).expect("Alice has a choice");
            assert_ne!(choice, AnyAction::Athernum(Action::Pass), "seed {seed}: she ended her day at once");
        }
    }
}
