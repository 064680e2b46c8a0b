//! PostgreSQL for the store, table and concurrency tests: with
//! `CARDTABLE_TEST_POSTGRES=postgres://user:password@host:port/database`
//! set, every store these tests open is PostgreSQL, each in a schema of
//! its own (created here, so tests never see each other's rows); unset,
//! they run on SQLite and the PostgreSQL-only tests say they were skipped.
//! README, "Tests against PostgreSQL", says how to start a server.
#![allow(dead_code)]

use cardtable::store::Store;
use sqlx::Connection;

/// The variable naming the PostgreSQL server the tests may use.
pub const VAR: &str = "CARDTABLE_TEST_POSTGRES";

/// The server's URL, when the tests are to run on PostgreSQL.
pub fn server() -> Option<String> {
    std::env::var(VAR).ok().filter(|v| !v.trim().is_empty())
}

/// Prints that `test` did not run, and why (no PostgreSQL server named).
pub fn skipped(test: &str) {
    println!("skipped: {test} needs PostgreSQL; set {VAR}=postgres://user:password@host:port/database");
}

/// A URL of the server that opens a schema of its own, new and empty
/// (the migrations fill it when a store opens it).
pub async fn fresh_url(server: &str) -> String {
    let schema = format!("t_{}", uuid::Uuid::new_v4().simple());
    let mut admin = sqlx::PgConnection::connect(server).await.expect("CARDTABLE_TEST_POSTGRES answers");
    sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&mut admin).await.expect("create a test schema");
    admin.close().await.ok();
    let joint = if server.contains('?') { '&' } else { '?' };
    format!("{server}{joint}options[search_path]={schema}")
}

/// A fresh store for a test: on PostgreSQL (a new schema) when
/// [`VAR`] is set, else `sqlite` (an SQLite URL: a file, or memory).
/// Returns the store and its URL, for a second store on the same data.
pub async fn fresh_store(sqlite: &str) -> (Store, String) {
    let url = match server() {
        Some(server) => fresh_url(&server).await,
        None => sqlite.to_owned(),
    };
    let store = if url == "sqlite::memory:" { Store::open_memory().await } else { Store::open(&url).await };
    (store.expect("open a fresh test database"), url)
}
