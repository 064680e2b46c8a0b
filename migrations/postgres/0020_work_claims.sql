-- Twin of ../0020_work_claims.sql.
CREATE TABLE work_claims (
    kind TEXT NOT NULL,
    item BIGINT NOT NULL,
    owner TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    notice_version BIGINT,
    notice_sent BIGINT,
    PRIMARY KEY (kind, item)
);
CREATE INDEX work_claims_expiry ON work_claims (expires_at);
CREATE INDEX work_claims_owner ON work_claims (owner);
