//! One live connection's pump: the WebSocket held here and nowhere else. What the feature says
//! through its [`Link`] is sent in order; what the page sends is read within its budget and
//! handed to the feature as text; a ping every 20 s finds a connection that died without a word,
//! and one that has said nothing (not even a pong) for a minute is closed; a shutdown tells the
//! page in its kind's words and closes it with "Service Restart". A feature that ends closes its
//! connection, after what it said is sent; a connection that ends drops its feature.

use super::Hub;
use crate::limits::OpenSocket;
use crate::metrics::{Live, Refusal};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::future::Future;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The close code a page sees when the server restarts (RFC 6455's "Service Restart").
pub const RESTARTING: u16 = 1012;
/// The close code of a connection that broke its protocol ("Policy Violation").
pub const POLICY: u16 = 1008;
/// How often a connection is pinged.
const PING_EVERY: Duration = Duration::from_secs(20);
/// How long a connection may say nothing, not even a pong, before it is closed.
const IDLE_FOR: Duration = Duration::from_secs(60);
/// How long the closing handshake waits for the page's own close frame.
const CLOSING_FOR: Duration = Duration::from_secs(1);

/// What a kind of connection shares: its label, and what it is told in its own words.
#[derive(Clone, Copy)]
pub struct Kind {
    /// Its label in the metrics.
    pub live: Live,
    /// What the page is told before the close when the server shuts down.
    pub farewell: Option<fn() -> String>,
    /// A refusal in this kind's words, after which the connection goes on; none: a refusal
    /// closes the connection with [`POLICY`].
    pub refusal: Option<fn(&str) -> String>,
    /// Messages a page may send in a burst, and a second on average after it.
    pub budget: (f64, f64),
}

/// What the page sent.
#[derive(Debug)]
pub enum Heard {
    /// A text message.
    Text(String),
    /// A binary message (no feature reads one).
    Binary,
}

/// What the feature says.
enum Said {
    Text(Message),
    Close(u16, String),
}

/// A feature's end of its connection.
pub struct Link {
    said: mpsc::Sender<Said>,
    heard: mpsc::Receiver<Heard>,
}

impl Link {
    /// Sends `text` to the page (after what was said before); false once the connection is gone.
    pub async fn say(&self, text: impl Into<String>) -> bool {
        let message = Message::Text(text.into().into());
        self.said.send(Said::Text(message)).await.is_ok()
    }

    /// The page's next message; none once the connection is gone.
    pub async fn hear(&mut self) -> Option<Heard> {
        self.heard.recv().await
    }

    /// The page's first message, if it comes within `within`.
    pub async fn first(&mut self, within: Duration) -> Option<Heard> {
        tokio::time::timeout(within, self.hear()).await.ok()?
    }

    /// Closes the connection with `code` and `why`, after what was said before.
    pub async fn close(self, code: u16, why: &str) {
        let _ = self.said.send(Said::Close(code, why.to_string())).await;
    }
}

/// Serves the upgraded `ws` as a connection of `kind`: `feature` is given its [`Link`], and the
/// connection is counted (its address's place, `counted`, and its kind's gauge) while it lives.
pub async fn serve<F, Fut>(ws: WebSocket, hub: &Hub, kind: Kind, counted: OpenSocket, feature: F)
where
    F: FnOnce(Link) -> Fut,
    Fut: Future<Output = ()>,
{
    let _counted = counted;
    let _opened = hub.metrics.opened(kind.live);
    let (said_in, said) = mpsc::channel(64);
    let (heard, heard_out) = mpsc::channel(kind.budget.0 as usize);
    let link = Link {
        said: said_in,
        heard: heard_out,
    };
    let (out, incoming) = ws.split();
    let mut pump = Pump {
        out,
        incoming,
        kind,
        hub,
        tokens: kind.budget.0,
        greeted: false,
        refilled: Instant::now(),
        heard_last: Instant::now(),
    };
    let feature = feature(link);
    tokio::pin!(feature);
    let mut said = said;
    let pumped = pump.run(&mut said, &heard);
    tokio::pin!(pumped);
    tokio::select! {
        () = &mut pumped => {}
        () = &mut feature => {
            // The feature ended, its link with it: what it said last is sent, then the close.
            pumped.await;
        }
    }
}

/// The socket and its accounts.
struct Pump<'a> {
    out: SplitSink<WebSocket, Message>,
    incoming: SplitStream<WebSocket>,
    kind: Kind,
    hub: &'a Hub,
    tokens: f64,
    /// The first message (the hello, a join) is heard: it is not counted against the budget.
    greeted: bool,
    refilled: Instant,
    heard_last: Instant,
}

/// What the pump does next.
enum Next {
    Go,
    End,
}

impl Pump<'_> {
    async fn run(&mut self, said: &mut mpsc::Receiver<Said>, heard: &mpsc::Sender<Heard>) {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        loop {
            let next = tokio::select! {
                () = self.hub.shutdown.cancelled() => {
                    if let Some(farewell) = self.kind.farewell {
                        let _ = self.out.send(Message::Text(farewell().into())).await;
                    }
                    self.close(RESTARTING, "the server is restarting").await;
                    Next::End
                }
                message = said.recv() => match message {
                    Some(Said::Text(text)) => match self.out.send(text).await {
                        Ok(()) => Next::Go,
                        Err(_) => Next::End,
                    },
                    Some(Said::Close(code, why)) => {
                        self.close(code, &why).await;
                        Next::End
                    }
                    None => {
                        self.close(1000, "").await;
                        Next::End
                    }
                },
                message = self.incoming.next(), if !heard.is_closed() => self.read(message, heard).await,
                _ = ping.tick() => {
                    if self.heard_last.elapsed() > IDLE_FOR {
                        self.close(1001, "nothing heard for a minute").await;
                        Next::End
                    } else if self.out.send(Message::Ping(Vec::new().into())).await.is_err() {
                        Next::End
                    } else {
                        Next::Go
                    }
                }
            };
            if matches!(next, Next::End) {
                return;
            }
        }
    }

    /// A frame from the page: a message within the budget goes to the feature.
    async fn read(
        &mut self,
        message: Option<Result<Message, axum::Error>>,
        heard: &mpsc::Sender<Heard>,
    ) -> Next {
        let Some(Ok(message)) = message else {
            return Next::End;
        };
        self.heard_last = Instant::now();
        let message = match message {
            Message::Text(t) => Heard::Text(t.to_string()),
            Message::Binary(_) => Heard::Binary,
            Message::Close(_) => return Next::End,
            Message::Ping(_) | Message::Pong(_) => return Next::Go,
        };
        if !self.greeted {
            self.greeted = true;
            return self.hand_over(message, heard).await;
        }
        let (burst, per_second) = self.kind.budget;
        self.tokens = (self.tokens + self.refilled.elapsed().as_secs_f64() * per_second).min(burst);
        self.refilled = Instant::now();
        if self.tokens < 1.0 {
            return self.refuse("too many messages: slow down").await;
        }
        self.tokens -= 1.0;
        self.hand_over(message, heard).await
    }

    /// Hands `message` to the feature.
    async fn hand_over(&mut self, message: Heard, heard: &mpsc::Sender<Heard>) -> Next {
        // The feature reads in order; one that has not read what it was sent is sent no more
        // (the page is told to slow down), so that neither waits for the other.
        match heard.try_send(message) {
            Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => Next::Go,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.refuse("too many messages: slow down").await
            }
        }
    }

    /// A message refused for its pace: said in the kind's words, or the connection closed.
    async fn refuse(&mut self, why: &str) -> Next {
        self.hub.metrics.refused(Refusal::SlowDown);
        match self.kind.refusal {
            Some(refusal) => match self.out.send(Message::Text(refusal(why).into())).await {
                Ok(()) => Next::Go,
                Err(_) => Next::End,
            },
            None => {
                self.close(POLICY, why).await;
                Next::End
            }
        }
    }

    /// Closes with `code` and a short reason, then waits (a second at most) for the page's own
    /// close frame, as the closing handshake asks: a connection dropped with the page's words
    /// unread would be reset, and the page could lose what was sent before.
    async fn close(&mut self, code: u16, why: &str) {
        let _ = self
            .out
            .send(Message::Close(Some(CloseFrame {
                code,
                reason: why.chars().take(100).collect::<String>().into(),
            })))
            .await;
        let _ = tokio::time::timeout(CLOSING_FOR, async {
            while let Some(Ok(message)) = self.incoming.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}
