//! Supervision: a panic in one ticker pass, one click handler or one slash
//! command is caught here, logged with an error id, and the bot goes on
//! (the next pass runs; the person gets an apology quoting the id) instead
//! of losing the ticker until a restart or leaving a click unanswered.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use tracing::error;

use super::error::new_error_id;

/// Runs `work`; a panic in it is logged under a new error id, with `what`
/// was being done, and that id returned instead of its result.
pub async fn supervised<T>(what: &str, work: impl Future<Output = T>) -> Result<T, String> {
    // Nothing shared is left broken by an unwinding pass: every write is
    // one transaction, and the shared maps recover from a poisoned lock.
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(done) => Ok(done),
        Err(payload) => {
            let error_id = new_error_id();
            error!(error_id = %error_id, what, panic = panic_text(payload.as_ref()), "panicked; carrying on");
            Err(error_id)
        }
    }
}

/// The message a panic was raised with, when it is text.
fn panic_text(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(not text)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panic_is_caught_with_an_error_id_and_the_next_run_goes_on() {
        let caught = supervised("a pass", async { panic!("a bug in a pass") }).await;
        let id: String = caught.expect_err("the panic is caught");
        assert_eq!(id.len(), 8, "an id to quote: {id}");
        assert_eq!(supervised("the next pass", async { 7 }).await, Ok(7));
    }

    #[test]
    fn the_panic_message_is_logged_whether_static_or_formatted() {
        assert_eq!(panic_text(&"fixed"), "fixed");
        assert_eq!(panic_text(&String::from("formatted 3")), "formatted 3");
        assert_eq!(panic_text(&3_u8), "(not text)");
    }
}
