//! A real SMTP server on loopback that keeps every mail it accepts, for the tests of what maku
//! mails. The tests send through maku's real SMTP client (lettre) to a real server, not to a
//! mock transport: the envelope, the dot-stuffing, the encodings and the retries on a transient
//! refusal are all exercised as they would be against a mail relay.
//!
//! Two quirks of mailin (0.6) shape the handler:
//! - a rejected DATA end keeps mailin's session in its DATA state, so any later command (RSET,
//!   QUIT) would be swallowed as message text and the client would hang; a refusal therefore
//!   answers 451 and closes the connection, as a relay shedding load does;
//! - it serves at most `with_num_threads` sessions at a time and an idle pooled client
//!   connection holds one, hence the generous `SESSIONS`.
//!
//! mailin also rejects the null sender `MAIL FROM:<>` and does not offer SMTPUTF8 (8BITMIME
//! only), so senders and recipients must be ASCII addresses.

#![allow(dead_code)]

use std::fmt::Write as _;
use std::io;
use std::net::TcpListener;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use mail_parser::{HeaderName, MessageParser};
use mailin_embedded::{Action, Handler, Response, Server, SslConfig, response};

/// Concurrent SMTP sessions served (each one a thread, started up front).
const SESSIONS: u32 = 16;

/// One accepted message.
#[derive(Clone, Debug)]
pub struct Mail {
    /// Envelope MAIL FROM address (without <>).
    pub from: String,
    /// Envelope RCPT TO addresses (without <>).
    pub to: Vec<String>,
    /// Decoded Subject header (RFC 2047 decoded).
    pub subject: String,
    /// The decoded text/plain body (or the first HTML body as text when there is no text part).
    pub text: String,
    /// The raw message as received, dot-unstuffed (lossy UTF-8).
    pub raw: String,
    /// Every header of the message in order: the name as written, the value RFC 2047 decoded
    /// and unfolded where mail-parser can, else the raw value unfolded and trimmed.
    pub headers: Vec<(String, String)>,
}

impl Mail {
    /// The first header of that name (case-insensitive), its value as text.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    }

    /// The address of its `List-Unsubscribe` header, without the angle brackets.
    pub fn unsubscribe_url(&self) -> Option<String> {
        self.header("List-Unsubscribe")
            .map(|v| v.trim().trim_matches(|c| c == '<' || c == '>').to_string())
    }

    /// The first http(s) URL in the text body that contains `part` (a URL ends at whitespace or
    /// '>').
    pub fn link(&self, part: &str) -> Option<String> {
        let mut rest = self.text.as_str();
        while let Some(at) = rest.find("http") {
            let candidate = &rest[at..];
            if !(candidate.starts_with("https://") || candidate.starts_with("http://")) {
                rest = &candidate["http".len()..];
                continue;
            }
            let end = candidate
                .find(|c: char| c.is_whitespace() || c == '>')
                .unwrap_or(candidate.len());
            let url = &candidate[..end];
            if url.contains(part) {
                return Some(url.to_owned());
            }
            rest = &candidate[end..];
        }
        None
    }

    fn parse(from: &str, to: &[String], raw: &[u8]) -> Mail {
        let message = MessageParser::default().parse(raw);
        let subject = message
            .as_ref()
            .and_then(|m| m.subject())
            .unwrap_or_default()
            .to_owned();
        let text = message
            .as_ref()
            .and_then(|m| m.body_text(0))
            .map(|t| t.into_owned())
            .unwrap_or_default();
        Mail {
            from: from.to_owned(),
            to: to.to_vec(),
            subject,
            text,
            raw: String::from_utf8_lossy(raw).into_owned(),
            headers: headers_as_text(raw),
        }
    }
}

/// Every top-level header, each value parsed as unstructured text (RFC 2047 words decoded).
/// mail-parser ignores `default_header_text()` while its per-header map is empty (it then uses
/// its built-in typed parsers), so one explicit entry is needed for the default to apply.
fn headers_as_text(raw: &[u8]) -> Vec<(String, String)> {
    let parser = MessageParser::new()
        .header_text(HeaderName::Subject)
        .default_header_text();
    let Some(message) = parser.parse_headers(raw) else {
        return Vec::new();
    };
    let slice = |from: u32, to: u32| {
        raw.get(from as usize..to as usize)
            .map(String::from_utf8_lossy)
            .unwrap_or_default()
    };
    message
        .headers()
        .iter()
        .map(|header| {
            let written = slice(header.offset_field(), header.offset_start());
            let name = written.trim_end().trim_end_matches(':').trim().to_owned();
            let value = match header.value().as_text() {
                Some(text) => text.trim().to_owned(),
                None => unfold(&slice(header.offset_start(), header.offset_end())),
            };
            (name, value)
        })
        .collect()
}

fn unfold(value: &str) -> String {
    value
        .replace("\r\n", "")
        .replace('\n', "")
        .trim()
        .to_owned()
}

#[derive(Default)]
struct Shared {
    mails: Vec<Mail>,
    refuse: usize,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// mailin clones the handler for every connection (running.rs), so these fields are per
/// session; one session may carry several messages, hence the reset at each DATA.
#[derive(Clone)]
struct Session {
    shared: Arc<Mutex<Shared>>,
    from: String,
    to: Vec<String>,
    data: Vec<u8>,
}

impl Handler for Session {
    fn data_start(&mut self, _domain: &str, from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.from = from.to_owned();
        self.to = to.to_vec();
        self.data.clear();
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> io::Result<()> {
        self.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        let raw = std::mem::take(&mut self.data);
        let mut shared = lock(&self.shared);
        if shared.refuse > 0 {
            shared.refuse -= 1;
            let mut refusal = Response::custom(
                451,
                "4.3.0 Mailbox is refusing messages for now, try again later".to_owned(),
            );
            // See the module doc: after a refused DATA end mailin cannot go on with the session.
            refusal.action = Action::Close;
            return refusal;
        }
        let mail = Mail::parse(&self.from, &self.to, &raw);
        shared.mails.push(mail);
        response::OK
    }
}

/// A handle on a running SMTP server; clones share it.
#[derive(Clone)]
pub struct Mailbox {
    port: u16,
    shared: Arc<Mutex<Shared>>,
}

impl Mailbox {
    /// Starts the server on 127.0.0.1 on a free port, in its own thread(s); lives as long as the
    /// process.
    pub fn start() -> Mailbox {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the mailbox's SMTP port");
        let port = listener
            .local_addr()
            .expect("the mailbox's SMTP address")
            .port();
        let shared = Arc::new(Mutex::new(Shared::default()));
        let mut server = Server::new(Session {
            shared: Arc::clone(&shared),
            from: String::new(),
            to: Vec::new(),
            data: Vec::new(),
        });
        server
            .with_ssl(SslConfig::None)
            .expect("plain SMTP needs no TLS setup")
            .with_name("mailbox.test")
            .with_num_threads(SESSIONS)
            .with_tcp_listener(listener);
        std::thread::Builder::new()
            .name(format!("mailbox-{port}"))
            .spawn(move || {
                if let Err(err) = server.serve() {
                    eprintln!("the test mailbox on port {port} stopped: {err}");
                }
            })
            .expect("spawn the mailbox's SMTP thread");
        Mailbox { port, shared }
    }

    /// `smtp://127.0.0.1:PORT`: what maku's `--smtp-url` takes (plain SMTP, no TLS, no auth).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every mail received so far, in arrival order.
    pub fn all(&self) -> Vec<Mail> {
        lock(&self.shared).mails.clone()
    }

    /// Mails to `address` (envelope recipient, case-insensitive).
    pub fn to(&self, address: &str) -> Vec<Mail> {
        lock(&self.shared)
            .mails
            .iter()
            .filter(|mail| mail.to.iter().any(|to| to.eq_ignore_ascii_case(address)))
            .cloned()
            .collect()
    }

    /// Waits (polling every 20 ms, up to `secs` seconds) until at least `n` mails in all have
    /// arrived; returns them all. Panics on timeout, saying what did arrive.
    pub async fn wait_for(&self, n: usize, secs: u64) -> Vec<Mail> {
        self.wait(None, n, secs).await
    }

    /// Like `wait_for` but counts only mails to `address`, and returns only those.
    pub async fn wait_for_to(&self, address: &str, n: usize, secs: u64) -> Vec<Mail> {
        self.wait(Some(address), n, secs).await
    }

    /// How many messages were accepted at DATA end: equals `all().len()`.
    pub fn count(&self) -> usize {
        lock(&self.shared).mails.len()
    }

    /// Makes the server refuse the next `n` messages at DATA end with a transient 451 (and close
    /// that connection), then accept again.
    pub fn refuse_next(&self, n: usize) {
        lock(&self.shared).refuse = n;
    }

    async fn wait(&self, address: Option<&str>, n: usize, secs: u64) -> Vec<Mail> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let mails = match address {
                Some(address) => self.to(address),
                None => self.all(),
            };
            if mails.len() >= n {
                return mails;
            }
            if Instant::now() >= deadline {
                let mut arrived = String::new();
                for mail in self.all() {
                    let _ = write!(arrived, "\n  to {:?}: {:?}", mail.to, mail.subject);
                }
                let whom = address.map_or(String::new(), |a| format!(" to {a}"));
                panic!(
                    "waited {secs} s for {n} mail(s){whom}, {} arrived{whom}; \
                     all {} received:{arrived}",
                    mails.len(),
                    self.count(),
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[actix_web::test]
async fn the_mailbox_receives_what_lettre_sends() {
    use lettre::message::header::{ContentType, HeaderName, HeaderValue};
    use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

    let mailbox = Mailbox::start();
    let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&mailbox.url())
        .expect("the mailbox's URL")
        .build();
    let link = "https://maku.example/mail/unsubscribe/abc";
    let long_line = format!(
        "若不想再收到此类邮件，请点击这里取消订阅（这一行故意写得很长，超过七十六个字符，\
         以便检验编码时的软换行）：{link} 谢谢。"
    );
    let body = format!("你好，玩家！\n第1幕的截止时间快到了。\n\n{long_line}\n.\n..dots\n");
    let message = || {
        Message::builder()
            .from("Maku <noreply@maku.example>".parse().unwrap())
            .to("Player <Player@Example.org>".parse().unwrap())
            .subject("第1幕 deadline")
            .header(ContentType::TEXT_PLAIN)
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{link}>"),
            ))
            .body(body.clone())
            .unwrap()
    };

    transport
        .send(message())
        .await
        .expect("the mailbox accepts");
    let mails = mailbox.wait_for(1, 5).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.from, "noreply@maku.example");
    assert_eq!(mail.to, vec!["Player@Example.org".to_owned()]);
    assert_eq!(mail.subject, "第1幕 deadline");
    assert_eq!(mail.text.replace("\r\n", "\n"), body);
    assert!(
        !mail.raw.contains("第1幕"),
        "encoded on the wire: {}",
        mail.raw
    );
    assert_eq!(
        mail.header("list-unsubscribe").as_deref(),
        Some("<https://maku.example/mail/unsubscribe/abc>")
    );
    assert_eq!(mail.header("SUBJECT").as_deref(), Some("第1幕 deadline"));
    assert!(
        mail.headers
            .iter()
            .any(|(name, _)| name == "List-Unsubscribe"),
        "{:?}",
        mail.headers
    );
    assert_eq!(mail.link("unsubscribe").as_deref(), Some(link));
    assert_eq!(mail.link("nowhere"), None);
    assert_eq!(mailbox.to("player@example.org").len(), 1);
    assert!(mailbox.to("someone@example.org").is_empty());

    mailbox.refuse_next(1);
    let refused = transport
        .send(message())
        .await
        .expect_err("the mailbox refuses once");
    assert!(refused.is_transient(), "{refused:?}");
    assert_eq!(mailbox.count(), 1);
    transport
        .send(message())
        .await
        .expect("the mailbox accepts again");
    let mails = mailbox.wait_for_to("PLAYER@example.org", 2, 5).await;
    assert_eq!(mails.len(), 2);
    assert_eq!(mailbox.count(), 2);
    assert_eq!(mails[1].subject, "第1幕 deadline");
}
