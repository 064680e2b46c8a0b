//! Play that suits chat: standing orders (each with a scenario), End turn,
//! moves ahead, the board edited in place within one player's run, and
//! the chatsim figures held loosely (BENCHMARKS.md has them exactly).

use crate::table_support;

use cardtable::engine::{GivenOrder, Seat};
use cardtable::games::spheres::testing::{attack, click, labels, Table};
use cardtable::games::spheres::{Prompt, State, Step};
use cardtable::games::AnyState;
use cardtable::table::{
    apply_choice, automatic_answer, offers, quiet, Command, CustomId, Leave, Outgoing, PostKey,
};
use table_support::Front;

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn order(key: &str) -> Leave {
    Leave { orders: vec![GivenOrder { key: key.into(), turn: None }], ..Leave::default() }
}

/// Alice attacks with Chaos Imp (strength 3 here) at `target`; Bob has a
/// ready Stone Golem that could block.
fn bob_may_block(siege: bool) -> State {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(B, "Stone Golem")
        .creature_with(B, "Plague Rat", |c| c.engaged = true)
        .towers(B, &["Mist Wraith", "Mist Wraith"])
        .deck(B, &["Stone Golem"])
        .hand(B, &["Clockwork Sentry"])
        .step(Step::Battle);
    let mut s = t.build();
    let aim =
        if siege { "Attack with Chaos Imp → fortress" } else { "Attack with Chaos Imp → Plague Rat" };
    attack(&mut s, A, aim);
    assert!(matches!(s.prompt, Some(Prompt::Block { defender: B })), "{:?}", s.prompt);
    s
}

#[test]
fn standing_order_never_block_lets_every_attack_through() {
    for siege in [true, false] {
        let s = AnyState::Spheres(Box::new(bob_may_block(siege)));
        assert_eq!(automatic_answer(&s, B, &Leave::default()), None, "without an order Bob is asked");
        let answer = automatic_answer(&s, B, &order("never-block")).expect("the order answers");
        assert_eq!(s.describe(B, &answer).label, "No block");
    }
}

#[test]
fn standing_order_block_only_to_save_a_tower_asks_about_sieges_only() {
    let on_creature = AnyState::Spheres(Box::new(bob_may_block(false)));
    let answer =
        automatic_answer(&on_creature, B, &order("block-for-towers")).expect("a creature attack passes");
    assert_eq!(on_creature.describe(B, &answer).label, "No block");
    let siege = AnyState::Spheres(Box::new(bob_may_block(true)));
    assert_eq!(automatic_answer(&siege, B, &order("block-for-towers")), None, "a siege costs a tower: ask");
}

/// Alice's siege reaches Bob's groove; Bob holds an affordable retaliation.
fn bob_may_retaliate() -> State {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .towers(B, &["Mist Wraith"])
        .deck(B, &["Stone Golem"])
        .groove(B, &["Plague Rat"])
        .hand(B, &["Ember Drake"])
        .hand(A, &["Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    assert!(matches!(s.prompt, Some(Prompt::Retaliate { seat: B })));
    s
}

#[test]
fn standing_order_no_retaliation_holds_for_the_turn_it_was_given_only() {
    let s = AnyState::Spheres(Box::new(bob_may_retaliate()));
    let turn = s.turn().expect("a turn").number;
    let this_turn = Leave {
        orders: vec![GivenOrder { key: "no-retaliation".into(), turn: Some(turn) }],
        ..Leave::default()
    };
    let pass = automatic_answer(&s, B, &this_turn).expect("passed this turn");
    assert_eq!(s.describe(B, &pass).label, "Pass");
    let last_turn = Leave {
        orders: vec![GivenOrder { key: "no-retaliation".into(), turn: Some(turn - 1) }],
        ..Leave::default()
    };
    assert_eq!(automatic_answer(&s, B, &last_turn), None, "an order of an earlier turn has lapsed");
}

#[test]
fn standing_order_ask_only_when_able_passes_a_hidden_nothing_but_never_a_real_answer() {
    // Bob's hand holds nothing he can pay for with his groove.
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .towers(B, &["Mist Wraith"])
        .deck(B, &["Stone Golem"])
        .groove(B, &["Plague Rat"])
        .hand(B, &["Clockwork Sentry"])
        .step(Step::Battle);
    let mut s = t.build();
    attack(&mut s, A, "Attack with Chaos Imp → fortress");
    let s = AnyState::Spheres(Box::new(s));
    assert_eq!(automatic_answer(&s, B, &Leave::default()), None);
    assert!(
        automatic_answer(&s, B, &order("only-when-able")).is_none(),
        "the table reads the order as auto_pass"
    );
    // The order is offered in Bob's hand (never on the board: it would tell).
    let o = offers(&s, B, &[]);
    assert!(o.hand.iter().any(|x| x.label.starts_with("Ask me only when I can respond")), "{:?}", o.hand);
    assert!(o.board.iter().all(|x| !x.label.starts_with("Ask me only")), "{:?}", o.board);
    let able = AnyState::Spheres(Box::new(bob_may_retaliate()));
    assert!(offers(&able, B, &[]).hand.iter().all(|x| !x.label.starts_with("Ask me only")));
}

#[test]
fn spheres_4b_casting_step_with_nothing_affordable_is_not_passed_on_the_hand_alone() {
    // Alice has a card in hand but no crystal: no mana, which everyone
    // sees, so the step is skipped.
    let mut t = Table::new();
    t.hand(A, &["Ember Drake"]).step(Step::Main);
    let s = t.build();
    assert_ne!(s.turn.step, Step::Main, "no mana: the casting step is skipped");
    // With mana but nothing of the right sphere, only her hand shows it.
    let mut t = Table::new();
    t.hand(A, &["Ember Drake"]).vault(A, &["Mist Wraith"]).step(Step::Main);
    let s = AnyState::Spheres(Box::new(t.build()));
    assert_eq!(labels_of(&s, A), vec!["Go to battle"]);
    assert_eq!(automatic_answer(&s, A, &Leave::default()), None, "asking keeps Alice's hand secret");
    assert!(automatic_answer(&s, A, &Leave { auto_pass: true, ..Leave::default() }).is_some());
}

fn labels_of(s: &AnyState, seat: Seat) -> Vec<String> {
    match s {
        AnyState::Spheres(st) => labels(st, seat),
        #[allow(unreachable_patterns)]
        _ => vec![],
    }
}

#[test]
fn end_turn_and_moves_ahead_are_offered_on_ones_own_turn() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp").hand(A, &["Plague Rat"]).towers(B, &["Mist Wraith"]).step(Step::Crystal);
    let s = AnyState::Spheres(Box::new(t.build()));
    let o = offers(&s, A, &[]);
    let hand: Vec<&str> = o.hand.iter().map(|x| x.label.as_str()).collect();
    assert!(hand.contains(&"End turn"), "{hand:?}");
    // The attack of step 5 is one click away from step 3.
    assert!(hand.iter().any(|l| l.starts_with("Attack with Chaos Imp")), "{hand:?}");
    // End turn and the step's pass are grey; nothing private is on the board.
    assert!(o.board.iter().any(|x| x.label == "End turn" && x.pass));
    assert!(o.board.iter().all(|x| !x.label.starts_with("Crystallize")));
    // Bob, not to act, is offered nothing.
    assert!(offers(&s, B, &[]).hand.is_empty());
}

#[test]
fn identical_creatures_are_numbered_apart_on_their_buttons() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp").creature(A, "Chaos Imp").towers(B, &["Mist Wraith"]).step(Step::Battle);
    let s = AnyState::Spheres(Box::new(t.build()));
    let o = offers(&s, A, &[]);
    let attacks: Vec<&str> =
        o.hand.iter().map(|x| x.label.as_str()).filter(|l| l.starts_with("Attack with Chaos Imp")).collect();
    // Two copies are told apart by their place on the battlefield, as
    // the board numbers them (docs/rulings/spheres.md, multi-player).
    assert_eq!(attacks, vec!["Attack with Chaos Imp #1 → fortress", "Attack with Chaos Imp #2 → fortress"]);
}

/// The latest board post's version.
fn board_version(out: &[Outgoing]) -> Option<(bool, i64)> {
    out.iter().find_map(|o| match o {
        Outgoing::Post { key: Some(PostKey::Board { version, .. }), .. } => Some((false, *version)),
        Outgoing::Edit { key: Some(PostKey::Board { version, .. }), .. } => Some((true, *version)),
        _ => None,
    })
}

#[tokio::test]
async fn the_board_is_edited_within_a_players_run_and_posted_when_control_passes() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let mut edits = 0;
    let mut posts = 0;
    for _ in 0..200 {
        let (s, version) = state(&f, id).await;
        if s.outcome().is_some() {
            break;
        }
        let seat = s.to_act()[0];
        let who = if seat == A { "Alice" } else { "Bob" };
        let o = offers(&s, seat, &[]);
        // Prefer a move; the last offer otherwise (a pass).
        let pick = o.hand.iter().find(|x| !x.pass).or(o.hand.last()).expect("something to do").clone();
        let posts_before = f.posts.len();
        let quiet_before = f.table.store().load_match(id).await.unwrap().pass_at.is_some();
        let out = f.click(who, &pick.choice.custom_id(id, version).encode()).await.unwrap();
        let (after, _) = state(&f, id).await;
        let (edited, _) = board_version(&out).expect("a board after each move");
        let going_on = after.turn() == s.turn() && after.outcome().is_none();
        let same_run = going_on && after.to_act() == [seat];
        // A quiet window (nobody pinged, see tests/table/quiet_windows.rs) opens
        // for the others after a player's own run, or closes within its
        // masking delay (the clock does not move here) back to the player
        // whose turn it is: the board is edited then too.
        let quiet = |x: &Seat| quiet(&after, *x, &[]).is_some();
        let opens_quiet = going_on
            && s.to_act() == [seat]
            && !after.to_act().contains(&seat)
            && !after.to_act().is_empty()
            && after.to_act().iter().all(quiet);
        let active = after.turn().map(|t| t.active);
        let closes_quiet =
            going_on && quiet_before && after.to_act().iter().all(|x| Some(*x) == active || quiet(x));
        assert_eq!(
            edited,
            same_run || opens_quiet || closes_quiet,
            "edit exactly while {who} goes on alone in the turn, or around a quiet window"
        );
        if edited {
            edits += 1;
            assert_eq!(f.posts.len(), posts_before, "an edit posts nothing");
            assert!(out.iter().all(|o| !matches!(o, Outgoing::Post { .. })));
        } else {
            posts += 1;
            let Outgoing::Post { mentions, .. } =
                out.iter().find(|o| matches!(o, Outgoing::Post { .. })).unwrap()
            else {
                unreachable!()
            };
            // (Whoever just clicked is there: only someone else is told.)
            // A player whose turn begins is told by direct message, their
            // hand in it (`turn_dm`, on by default), instead of a ping.
            if after.outcome().is_none() && after.to_act() != [seat] && !after.to_act().iter().all(quiet) {
                let by_dm = out.iter().any(|o| {
                    matches!(o, Outgoing::DirectMessage { message, .. }
                    if !message.components.is_empty())
                });
                assert!(!mentions.is_empty() || by_dm, "a new board tells whoever must act");
            }
            // Only the newest board has buttons.
            let live = f.posts.iter().filter(|p| !p.1.components.is_empty()).count();
            assert_eq!(live, 1, "the previous board's buttons are removed");
        }
    }
    assert!(edits > 0 && posts > 0, "edits {edits}, posts {posts}");
}

async fn state(f: &Front, id: i64) -> (AnyState, i64) {
    let row = f.table.store().load_match(id).await.unwrap();
    (AnyState::from_json(&row.state, f.table.library()).unwrap(), row.version)
}

#[tokio::test]
async fn a_standing_order_given_by_button_shows_on_the_board_and_answers_later_decisions() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    // Play until a defender is asked to block, then give "never block".
    for _ in 0..400 {
        let (s, version) = state(&f, id).await;
        assert!(s.outcome().is_none(), "the match ended before anyone was asked to block");
        let seat = s.to_act()[0];
        let who = if seat == A { "Alice" } else { "Bob" };
        let o = offers(&s, seat, &[]);
        if let Some(never) = o.board.iter().find(|x| x.label.starts_with("Never block")) {
            assert_ne!(s.turn().map(|t| t.active), Some(seat), "the defender is asked");
            f.click(who, &never.choice.custom_id(id, version).encode()).await.unwrap();
            let board = &f.posts.last().unwrap().1;
            let text = serde_json::to_string(board).unwrap();
            assert!(text.contains("Standing orders") && text.contains("never block"), "{text}");
            let row = f.table.store().load_match(id).await.unwrap();
            assert!(row.orders.contains("never-block"), "{}", row.orders);
            // Dropping it asks again from then on.
            f.click(who, &CustomId::DropOrders { match_id: id }.encode()).await.unwrap();
            let row = f.table.store().load_match(id).await.unwrap();
            assert!(!row.orders.contains("never-block"), "{}", row.orders);
            return;
        }
        // Alice attacks whenever she can; Bob never does (his creatures
        // stay ready to block); otherwise they move or pass.
        let attacks = |x: &&cardtable::view::Offer| x.label.starts_with("Attack");
        let pick = o
            .hand
            .iter()
            .find(|x| seat == A && attacks(x))
            .or(o.hand.iter().find(|x| !x.pass && !attacks(x) && !x.label.starts_with("Discard")))
            .or(o.hand.iter().find(|x| x.pass))
            .expect("something to do")
            .clone();
        f.click(who, &pick.choice.custom_id(id, version).encode()).await.unwrap();
    }
    panic!("nobody was asked to block");
}

#[tokio::test]
async fn settings_orders_are_checked_and_kept() {
    let mut f = Front::new().await;
    let set = |orders: &str| Command::Settings {
        hold_priority: None,
        reminders: None,
        turn_dm: None,
        auto_pass: None,
        orders: Some(orders.into()),
        stops: None,
        board: None,
        server_board: None,
        manager: false,
    };
    let err = f.slash("Alice", set("never-blok")).await.unwrap_err();
    assert!(err.reply_text().contains("never-block"), "{}", err.reply_text());
    f.slash("Alice", set("Never block, only-when-able")).await.unwrap();
    assert_eq!(f.table.store().user_orders("alice").await.unwrap(), vec!["never-block", "only-when-able"]);
    f.slash("Alice", set("none")).await.unwrap();
    assert!(f.table.store().user_orders("alice").await.unwrap().is_empty());
}

#[tokio::test]
async fn settings_stops_are_checked_before_anything_is_stored_and_kept() {
    let mut f = Front::new().await;
    let set = |stops: &str, orders: Option<&str>| Command::Settings {
        hold_priority: None,
        reminders: None,
        turn_dm: None,
        auto_pass: None,
        orders: orders.map(str::to_owned),
        stops: Some(stops.into()),
        board: None,
        server_board: None,
        manager: false,
    };
    // An unknown window is named, with the windows there are.
    let err = f.slash("Alice", set("end,no-blokers", Some("never-block"))).await.unwrap_err();
    let text = err.reply_text();
    assert!(text.contains("blokers") && text.contains("`blockers`"), "{text}");
    // Nothing of the refused command was stored, orders included.
    assert!(f.table.store().user_orders("alice").await.unwrap().is_empty());
    assert_eq!(f.table.store().user_stops("alice").await.unwrap(), "");
    let err = f.slash("Alice", set("end,no-end", None)).await.unwrap_err();
    assert!(err.reply_text().contains("both"), "{}", err.reply_text());
    let out = f.slash("Alice", set("End, no-blockers", None)).await.unwrap();
    assert_eq!(f.table.store().user_stops("alice").await.unwrap(), "end,no-blockers");
    assert!(format!("{out:?}").contains("end,no-blockers"), "the settings show the stops");
    f.slash("Alice", set("default", None)).await.unwrap();
    assert_eq!(f.table.store().user_stops("alice").await.unwrap(), "");
}

#[tokio::test]
async fn chatsim_spheres_stays_within_the_chat_budget() {
    let library = std::sync::Arc::new(cardtable::games::Library::embedded().unwrap());
    let game = cardtable::games::GameId::Spheres;
    let with_orders = ["only-when-able".to_owned(), "block-for-towers".to_owned()];
    for orders in [&[][..], &with_orders[..]] {
        let r = cardtable::chatsim::run(
            library.clone(),
            &cardtable::chatsim::Options {
                orders: orders.to_vec(),
                ..cardtable::chatsim::Options::new(game, 4, 1)
            },
        )
        .await;
        assert_eq!((r.games, r.stuck), (4, 0), "{}", r.line());
        assert!(r.clicks_per_turn() <= 4.3, "{orders:?}: {}", r.line());
        assert!(r.posts_per_turn() <= 1.6, "{orders:?}: {}", r.line());
        assert!(r.waits_per_turn() <= 0.35, "{orders:?}: {}", r.line());
        assert!(r.max_waits <= 2, "{orders:?}: {}", r.line());
        // On Discord's clock (issue 52): every decision reaches its player.
        assert_eq!((r.unannounced, r.stale_edits), (0, 0), "{orders:?}: {}", r.line());
    }
}

/// chatsim seats four players in the team modes (issue 36): Carol is
/// Alice's partner, everyone accepts, and the match is played to its end
/// by the person policy, every player clicking.
#[tokio::test]
async fn chatsim_plays_four_lords_in_tag_team_and_citadel_to_the_end() {
    let library = std::sync::Arc::new(cardtable::games::Library::embedded().unwrap());
    for mode in ["tag-team", "citadel"] {
        let r = cardtable::chatsim::run(
            library.clone(),
            &cardtable::chatsim::Options {
                players: 4,
                mode: Some(mode.to_owned()),
                ..cardtable::chatsim::Options::new(cardtable::games::GameId::Spheres, 1, 1)
            },
        )
        .await;
        assert_eq!((r.games, r.stuck), (1, 0), "{mode}: {}", r.line());
        assert!(r.turns >= 4 && r.other_clicks > 0, "{mode}: {}", r.line());
        // Teammates handed a step are told (issue 52).
        assert_eq!((r.unannounced, r.stale_edits), (0, 0), "{mode}: {}", r.line());
    }
}

#[test]
fn end_turn_with_attacks_planned_fights_them_and_ends_the_turn_once_the_defender_has_answered() {
    let mut t = Table::new();
    t.creature(A, "Chaos Imp")
        .creature(A, "Mist Wraith")
        .creature(B, "Stone Golem")
        .towers(B, &["Plague Rat", "Plague Rat", "Plague Rat"])
        .deck(A, &["Plague Rat", "Plague Rat"])
        .deck(B, &["Plague Rat", "Plague Rat", "Plague Rat"])
        .step(Step::Battle);
    let mut s = t.build();
    click(&mut s, A, "Attack with Chaos Imp → fortress");
    click(&mut s, A, "Attack with Mist Wraith → fortress");
    let mut s = AnyState::Spheres(Box::new(s));
    let turn = s.turn().unwrap();
    let end =
        offers(&s, A, &[]).board.into_iter().find(|o| o.label == "End turn").expect("End turn is offered");
    let (_, order) = apply_choice(&mut s, A, end.choice, &[]).unwrap();
    // Bob may block the first attack: the rest of Alice's turn is left to the table.
    assert_eq!(order, Some(cardtable::engine::END_TURN));
    assert_eq!(s.to_act(), vec![B]);
    let leaves = vec![
        Leave {
            orders: vec![GivenOrder { key: "end-turn".into(), turn: Some(turn.number) }],
            ..Leave::default()
        },
        Leave::default(),
    ];
    let no_block = s.legal_actions(B).into_iter().find(|a| s.describe(B, a).label == "No block").unwrap();
    s.apply(B, &no_block).unwrap();
    cardtable::table::autopilot(&mut s, &leaves, 100);
    // Mist Wraith cannot be blocked: both sieges are through, and the turn
    // went on to Bob without asking Alice again.
    let AnyState::Spheres(st) = &s else { unreachable!() };
    assert_eq!(st.lords[B].towers.len(), 1);
    assert_eq!(s.turn().map(|t| t.active), Some(B));
    assert!(s.turn().unwrap().number > turn.number);
}

/// chatsim's Discord clock (issue 52): people told of a decision come back
/// after 1 minute to 8 hours, half of them within ten minutes.
#[test]
fn chatsim_return_delays_follow_the_stated_distribution() {
    let mut rng = cardtable::engine::GameRng::from_seed(52);
    let delays: Vec<i64> = (0..10_000).map(|_| cardtable::chatsim::return_delay(&mut rng)).collect();
    assert!(delays.iter().all(|d| (60..=8 * 3600).contains(d)), "a delay out of 1 min – 8 h");
    let quick = delays.iter().filter(|d| **d <= 600).count();
    assert!((4_700..=5_300).contains(&quick), "{quick} of 10000 within ten minutes");
    let long = delays.iter().filter(|d| **d >= 2 * 3600).count();
    assert!((1_700..=2_100).contains(&long), "{long} of 10000 two hours or more");
    assert!(cardtable::chatsim::ChatClock::parse("hourly").is_err());
}
