-- Issue 29: e-mail (docs/mail.md).
--
-- An account's address: the one in use (`address`, set only once its owner opened the link
-- mailed to it) and one waiting for that (`pending_*`, the SHA-256 of the link's token; the
-- token itself is never stored). Mails are written in `lang`, the language of the page the
-- address was given on. `digest_after`/`digest_sent_at`: the daily digest's cursor over
-- `notifications.id` and when the last one went out.
CREATE TABLE account_emails (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users(id),
    address TEXT,
    verified_at TIMESTAMP,
    pending_address TEXT,
    pending_hash TEXT UNIQUE,
    pending_at TIMESTAMP,
    lang TEXT NOT NULL,
    digest_after BIGINT NOT NULL DEFAULT 0,
    digest_sent_at TIMESTAMP
);

-- Per account and kind of notification: 'none', 'now' (a mail at once) or 'daily' (the
-- digest). No row: the kind's default (mail::prefs).
CREATE TABLE mail_prefs (
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    mode TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- The queue every mail leaves from. A sender claims a row (`claim`, until `claimed_until`)
-- in a short transaction, sends, then marks it sent: a restart loses nothing (an unsent row
-- waits, a claim runs out) and two instances never hold the same row at once.
CREATE TABLE mail_outbox (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    unsubscribe TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    send_after TIMESTAMP NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claim TEXT,
    claimed_until TIMESTAMP,
    sent_at TIMESTAMP,
    failed_at TIMESTAMP,
    last_error TEXT
);
CREATE INDEX mail_outbox_waiting ON mail_outbox (send_after) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_user ON mail_outbox (user_id, kind, created_at);

-- Mails at once are read from the notifications after this cursor; an existing database
-- starts at its end (no mail about the past).
INSERT INTO notify_cursors (source, last_id) SELECT 'mail', COALESCE(MAX(id), 0) FROM notifications;
