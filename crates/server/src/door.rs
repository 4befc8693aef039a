//! The door: where every connection comes in, bounded before a byte of HTTP is read.
//!
//! - A cap on the connections open at once from one address (an IPv6 address counts by its
//!   /64, as in [`crate::limits`]) and in total, so one address cannot use up the process's open
//!   files: a connection over a cap is closed as soon as it is accepted, and counted.
//! - A read timeout for a request's head (hyper's own setting): a connection that sends nothing,
//!   sends its head a byte at a time (slowloris), or sits idle between requests on keep-alive is
//!   closed when it runs out.
//! - An upgrade refused (a 429 for too many sockets, say) closes its connection with the answer.
//! - The process's soft limit of open files raised to its hard limit at start, and the total cap
//!   derived from it.
//!
//! Every connection's bytes go through here, WebSockets included (an upgraded connection keeps
//! its place in the count until it closes).

use crate::limits;
use crate::metrics::{Metrics, Refusal};
use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// Files the process keeps for itself beyond its connections (the store, its logs, the site's
/// files being served, PostgreSQL's connections).
const RESERVED_FILES: u64 = 128;

/// How the door is set.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Connections open at once from one address; `None` behind a proxy, whose own address
    /// every connection has (the proxy bounds its clients itself).
    pub per_address: Option<usize>,
    /// Connections open at once in all.
    pub total: usize,
    /// The time a connection has to send a request's whole head, counted from when the server
    /// starts waiting for it: on a new connection, and between requests on keep-alive.
    pub head_timeout: Duration,
}

impl Caps {
    /// The total derived from the file limit the process has: all of it but what the process
    /// keeps for itself.
    pub fn total_for_files(files: u64) -> usize {
        files.saturating_sub(RESERVED_FILES).max(16) as usize
    }
}

/// Raises the process's soft limit of open files to its hard limit, and says what it is now.
pub fn raise_file_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(files) => {
            tracing::info!(files, "open files allowed");
            files
        }
        Err(e) => {
            let (soft, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap_or((1024, 1024));
            tracing::warn!(%e, files = soft, "the open files' limit could not be raised");
            soft
        }
    }
}

/// The connections open now, by address and in all.
pub struct Count {
    caps: Caps,
    open: Mutex<(HashMap<IpAddr, usize>, usize)>,
    /// The same total, for the metrics.
    gauge: prometheus_client::metrics::gauge::Gauge,
}

impl Count {
    /// Nobody in yet, under `caps`; the total shown in `gauge` too.
    pub fn new(caps: Caps, gauge: prometheus_client::metrics::gauge::Gauge) -> Arc<Count> {
        Arc::new(Count {
            caps,
            open: Mutex::new((HashMap::new(), 0)),
            gauge,
        })
    }

    /// The connections open now, of every kind (an upgraded one until its socket closes).
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).1
    }

    /// A place for a connection from `address`, or `None` when a cap is reached.
    fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Ticket> {
        let key = limits::key(address);
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let (by_address, total) = &mut *open;
        if *total >= self.caps.total {
            return None;
        }
        let n = by_address.entry(key).or_insert(0);
        if self.caps.per_address.is_some_and(|cap| *n >= cap) {
            return None;
        }
        *n += 1;
        *total += 1;
        self.gauge.inc();
        Some(Ticket {
            count: self.clone(),
            key,
        })
    }
}

/// A connection's place in the count, given back when it closes.
struct Ticket {
    count: Arc<Count>,
    key: IpAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.count.open.lock().unwrap_or_else(|p| p.into_inner());
        let (by_address, total) = &mut *open;
        *total = total.saturating_sub(1);
        self.count.gauge.dec();
        if let Some(n) = by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                by_address.remove(&self.key);
            }
        }
    }
}

/// A connection with its place in the count: it goes wherever the connection goes (into a
/// WebSocket after an upgrade) and frees the place when the connection is dropped.
struct Counted {
    stream: TcpStream,
    _ticket: Ticket,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `app` on `listener` until `stop` resolves, counting its connections in `count`: then
/// no connection is accepted, each one finishes the request in hand, and the call returns once
/// they have (10 s at most). The sockets upgraded from them close on the server's own signal;
/// `count` says when they have.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    count: Arc<Count>,
    metrics: Arc<Metrics>,
    stop: impl Future<Output = ()> + Send,
) {
    let caps = count.caps;
    let closing = CancellationToken::new();
    let connections = TaskTracker::new();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of files, or a connection reset before it was accepted: the listener
                    // goes on once there is room again.
                    tracing::warn!(%e, "a connection could not be accepted");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(ticket) = count.admit(peer.ip()) else {
            metrics.refused(Refusal::Connections);
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted {
            stream,
            _ticket: ticket,
        });
        connections.spawn(connection(io, peer, app.clone(), caps, closing.clone()));
    }
    closing.cancel();
    connections.close();
    if tokio::time::timeout(Duration::from_secs(10), connections.wait())
        .await
        .is_err()
    {
        tracing::warn!("connections still open 10 s after the stop");
    }
}

/// One connection: HTTP/1.1 with its upgrades, the peer's address given to every request.
async fn connection(
    io: TokioIo<Counted>,
    peer: SocketAddr,
    app: Router,
    caps: Caps,
    closing: CancellationToken,
) {
    let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request.map(axum::body::Body::new))
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(caps.head_timeout);
    let served = http.serve_connection(io, service).with_upgrades();
    tokio::pin!(served);
    let ended = tokio::select! {
        ended = served.as_mut() => ended,
        _ = closing.cancelled() => {
            served.as_mut().graceful_shutdown();
            served.await
        }
    };
    if let Err(e) = ended {
        tracing::debug!(%e, %peer, "a connection ended");
    }
}

/// A WebSocket upgrade that was refused (over a limit, a bad request) closes its connection
/// with the answer, instead of leaving it open for another try.
pub async fn close_refused_upgrades(request: Request, next: Next) -> Response {
    let upgrade = request.headers().contains_key(header::UPGRADE);
    let mut answer = next.run(request).await;
    if upgrade && answer.status() != StatusCode::SWITCHING_PROTOCOLS {
        answer
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(per_address: Option<usize>, total: usize) -> Arc<Count> {
        let caps = Caps {
            per_address,
            total,
            head_timeout: Duration::from_secs(1),
        };
        Count::new(caps, Default::default())
    }

    #[test]
    fn an_address_has_its_cap_and_all_share_the_total() {
        let count = count(Some(2), 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = count.admit(a).unwrap();
        let _second = count.admit(a).unwrap();
        assert!(count.admit(a).is_none(), "the address's cap");
        let _third = count.admit(b).unwrap();
        assert!(count.admit(b).is_none(), "the total");
        assert_eq!((count.open(), count.gauge.get()), (3, 3));
        drop(first);
        assert_eq!(count.open(), 2);
        assert!(
            count.admit(a).is_some(),
            "a closed connection gives its place back"
        );
    }

    #[test]
    fn one_ipv6_household_counts_once_and_a_proxy_has_no_cap_of_its_own() {
        let count = count(Some(1), 10);
        let _one = count.admit("2001:db8::1".parse().unwrap()).unwrap();
        assert!(count.admit("2001:db8::2".parse().unwrap()).is_none());
        let proxied = self::count(None, 10);
        let tickets: Vec<_> = (0..10)
            .map(|_| proxied.admit("127.0.0.1".parse().unwrap()).unwrap())
            .collect();
        assert_eq!(tickets.len(), 10);
    }

    #[test]
    fn the_total_leaves_the_process_its_own_files() {
        assert_eq!(Caps::total_for_files(1024), 896);
        assert_eq!(Caps::total_for_files(10), 16);
    }
}
