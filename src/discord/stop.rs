//! Stopping on request (Ctrl-C, SIGTERM: what `systemctl stop` and
//! `docker stop` send). The handlers are installed once, first thing in
//! [`super::run`], and a request is remembered: a signal during start-up
//! (opening the database, loading the cards, building the client) stops
//! the bot cleanly at the next step instead of killing it by the default
//! action (exit 143, nothing logged), and none is missed between steps.

use tokio::sync::watch;
use tracing::warn;

/// Whether a stop was asked for, from the moment [`Stop::listen`] ran.
#[derive(Clone)]
pub(crate) struct Stop(watch::Receiver<bool>);

impl Stop {
    /// Installs the handlers now (before this returns) and remembers the
    /// first request.
    pub(crate) fn listen() -> Stop {
        let (asked, seen) = watch::channel(false);
        #[cfg(unix)]
        let terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
        #[cfg(unix)]
        let interrupt = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt());
        tokio::spawn(async move {
            #[cfg(unix)]
            {
                let (mut terminate, mut interrupt) = match (terminate, interrupt) {
                    (Ok(t), Ok(i)) => (t, i),
                    (Err(e), _) | (_, Err(e)) => {
                        warn!("cannot listen for SIGTERM or Ctrl-C: {e}");
                        return;
                    }
                };
                tokio::select! {
                    _ = terminate.recv() => {},
                    _ = interrupt.recv() => {},
                }
            }
            #[cfg(not(unix))]
            if let Err(e) = tokio::signal::ctrl_c().await {
                warn!("cannot listen for Ctrl-C: {e}");
                return;
            }
            let _ = asked.send(true);
        });
        Stop(seen)
    }

    /// Whether a stop was asked for already.
    pub(crate) fn is_requested(&self) -> bool {
        *self.0.borrow()
    }

    /// Returns once a stop was asked for (at once if it already was).
    pub(crate) async fn requested(&self) {
        let mut seen = self.0.clone();
        if seen.wait_for(|asked| *asked).await.is_err() {
            // The listener could not be installed: never.
            std::future::pending::<()>().await;
        }
    }
}
