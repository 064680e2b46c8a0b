use cardtable::games::{AnyState, GAMES};
use cardtable::sim::random_setup;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn probe(seed: u64, target: usize, name: &str) {
    let game = &GAMES[0];
    let setup = random_setup(game.id, seed).unwrap();
    let mut state = AnyState::setup(game.id, &setup).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut step = 0;
    loop {
        let to_act = state.to_act();
        let seat = to_act[rng.gen_range(0..to_act.len())];
        let actions = state.legal_actions(seat);
        let action = actions[rng.gen_range(0..actions.len())].clone();
        step += 1;
        let where_ = |st: &AnyState| {
            let AnyState::Spheres(s) = st;
            let mut out = vec![];
            for i in 0..s.cards.len() {
                let u = cardtable::games::spheres::Uid(i as u16);
                let d = s.def(u);
                if d.creature.name == name || d.spell.name == name {
                    out.push(format!("{:?}:{:?}/{:?}", u, s.owner(u), s.zone_of(u)));
                }
            }
            format!(
                "{out:?} frames={:?} limbo={:?}",
                s.frames.iter().map(|f| f.this).collect::<Vec<_>>(),
                s.lords.iter().map(|(_, l)| l.limbo.clone()).collect::<Vec<_>>()
            )
        };
        if step == target {
            eprintln!("== seed {seed} step {step} {action:?}\nbefore {}", where_(&state));
        }
        let ev = state.apply(seat, &action).unwrap();
        if step == target {
            eprintln!("after {}", where_(&state));
            for e in ev {
                eprintln!("  {:?}", e);
            }
            break;
        }
    }
}

#[test]
fn scratch() {
    probe(63, 101, "Riftspawn Larva");
    probe(22, 53, "Theodolite Sage");
}
