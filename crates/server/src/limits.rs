//! Limits per address, as lichess and pychess keep them: games created, lobby reads, QR codes,
//! new sockets and sockets open at once. A refusal says when to try again (`Retry-After`).
//! An IPv6 address counts by its /64, which one household or host usually holds whole.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limited {
    /// Creating a game (lila: 5 a minute an address).
    Create,
    /// Reading the lobby (a page asks every 5 s; several tabs are fine).
    Lobby,
    /// Drawing a QR code.
    Qr,
    /// Opening a socket (pychess: 80 handshakes in 30 s an address).
    Socket,
    /// Trying to sign in (each name tried is limited too, in the store: servers sharing one
    /// count together).
    Login,
    /// Making an account.
    Signup,
    /// A program's request signed in by a token (lichess's API: moves, streams, challenges):
    /// its own budget, so that bots and their operator's tools on one address are not held to a
    /// page's lobby reads.
    Api,
}

/// How much of each an address may do.
#[derive(Clone, Copy, Debug)]
pub struct Quotas {
    /// Games created a minute (and in a burst).
    pub games_per_minute: u32,
    /// Lobby reads a minute, and in a burst.
    pub lobby_per_minute: u32,
    /// QR codes a minute, and in a burst.
    pub qr_per_minute: u32,
    /// New sockets in 30 s, and in a burst.
    pub sockets_per_30s: u32,
    /// Sockets open at once.
    pub sockets_open: usize,
    /// Seeks open at once (a player's new seek replaces their old one; this bounds an address
    /// with many browsers).
    pub seeks_open: usize,
    /// Sign-in attempts from an address in 10 minutes, and in a burst.
    pub logins_per_10min: u32,
    /// Sign-in attempts at one name in 10 minutes, from anywhere, through any server (kept in
    /// the store: [`crate::store::AccountStore::login_try`]).
    pub name_logins_per_10min: u32,
    /// Accounts made from an address in an hour.
    pub signups_per_hour: u32,
    /// Programs' requests (a token's) from an address a minute, and in a burst.
    pub api_per_minute: u32,
}

impl Default for Quotas {
    fn default() -> Quotas {
        Quotas {
            games_per_minute: 5,
            lobby_per_minute: 60,
            qr_per_minute: 20,
            sockets_per_30s: 80,
            sockets_open: 40,
            seeks_open: 3,
            logins_per_10min: 30,
            name_logins_per_10min: 10,
            signups_per_hour: 10,
            // A bot plays a bullet game at a move a second or faster, and one host runs several.
            api_per_minute: 1200,
        }
    }
}

/// The limits of every address.
pub struct Limits {
    /// The quotas in force.
    pub quotas: Quotas,
    create: DefaultKeyedRateLimiter<IpAddr>,
    lobby: DefaultKeyedRateLimiter<IpAddr>,
    qr: DefaultKeyedRateLimiter<IpAddr>,
    socket: DefaultKeyedRateLimiter<IpAddr>,
    login: DefaultKeyedRateLimiter<IpAddr>,
    signup: DefaultKeyedRateLimiter<IpAddr>,
    api: DefaultKeyedRateLimiter<IpAddr>,
    /// Games an account starts (created, or joined a pool for), wherever it plays from: the
    /// address's budget, kept per account too.
    account_games: DefaultKeyedRateLimiter<u64>,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

fn per(n: u32, period: Duration) -> Quota {
    let n = NonZeroU32::new(n.max(1)).expect("at least one");
    Quota::with_period(period / n.get())
        .expect("a period above zero")
        .allow_burst(n)
}

/// The key an address counts under: itself for IPv4, its /64 for IPv6.
pub fn key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// A socket counted against its address while this lives.
pub struct OpenSocket {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    key: IpAddr,
}

impl Drop for OpenSocket {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl Limits {
    /// Limits with these quotas.
    pub fn new(quotas: Quotas) -> Limits {
        let minute = Duration::from_secs(60);
        Limits {
            quotas,
            create: DefaultKeyedRateLimiter::keyed(per(quotas.games_per_minute, minute)),
            lobby: DefaultKeyedRateLimiter::keyed(per(quotas.lobby_per_minute, minute)),
            qr: DefaultKeyedRateLimiter::keyed(per(quotas.qr_per_minute, minute)),
            socket: DefaultKeyedRateLimiter::keyed(per(
                quotas.sockets_per_30s,
                Duration::from_secs(30),
            )),
            login: DefaultKeyedRateLimiter::keyed(per(quotas.logins_per_10min, 10 * minute)),
            signup: DefaultKeyedRateLimiter::keyed(per(quotas.signups_per_hour, 60 * minute)),
            api: DefaultKeyedRateLimiter::keyed(per(quotas.api_per_minute, minute)),
            account_games: DefaultKeyedRateLimiter::keyed(per(quotas.games_per_minute, minute)),
            open: Arc::default(),
        }
    }

    /// Whether `address` may do `what` now; if not, how long until it may.
    pub fn check(&self, what: Limited, address: IpAddr) -> Result<(), Duration> {
        let limiter = match what {
            Limited::Create => &self.create,
            Limited::Lobby => &self.lobby,
            Limited::Qr => &self.qr,
            Limited::Socket => &self.socket,
            Limited::Login => &self.login,
            Limited::Signup => &self.signup,
            Limited::Api => &self.api,
        };
        limiter
            .check_key(&key(address))
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }

    /// Whether a game may be started by `address` (and by `account`, when signed in): the same
    /// budget for a game created and a pool joined, per address and per account; if not, how
    /// long until it may. Counts one against each.
    pub fn start_game(&self, address: IpAddr, account: Option<u64>) -> Result<(), Duration> {
        self.check(Limited::Create, address)?;
        match account {
            Some(id) => self
                .account_games
                .check_key(&id)
                .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now())),
            None => Ok(()),
        }
    }

    /// Counts a socket of `address` while the answer lives; `None` when it has too many open.
    pub fn open_socket(&self, address: IpAddr) -> Option<OpenSocket> {
        let key = key(address);
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(key).or_insert(0);
        if *n >= self.quotas.sockets_open {
            return None;
        }
        *n += 1;
        Some(OpenSocket {
            open: self.open.clone(),
            key,
        })
    }

    /// Forgets the addresses whose limits are full again, so the tables do not grow for ever.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.create,
            &self.lobby,
            &self.qr,
            &self.socket,
            &self.login,
            &self.signup,
            &self.api,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        self.account_games.retain_recent();
        self.account_games.shrink_to_fit();
    }

    /// Addresses remembered (for tests of forgetting).
    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.create.len() + self.lobby.len() + self.qr.len() + self.socket.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_gets_its_burst_then_waits_and_others_are_not_touched() {
        let limits = Limits::new(Quotas::default());
        let a = ip("203.0.113.7");
        for _ in 0..5 {
            assert!(limits.check(Limited::Create, a).is_ok());
        }
        let wait = limits.check(Limited::Create, a).unwrap_err();
        assert!(
            wait > Duration::from_secs(5) && wait <= Duration::from_secs(12),
            "{wait:?}"
        );
        assert!(limits.check(Limited::Create, ip("203.0.113.8")).is_ok());
        assert!(
            limits.check(Limited::Lobby, a).is_ok(),
            "each limit its own"
        );
    }

    #[test]
    fn an_ipv6_household_counts_as_one_address() {
        assert_eq!(
            key(ip("2001:db8:1:2:aaaa::1")),
            key(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(key(ip("2001:db8:1:2::1")), key(ip("2001:db8:1:3::1")));
        assert_eq!(key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        let limits = Limits::new(Quotas::default());
        for i in 0..5 {
            assert!(limits
                .check(Limited::Create, ip(&format!("2001:db8::{i}")))
                .is_ok());
        }
        assert!(limits.check(Limited::Create, ip("2001:db8::99")).is_err());
    }

    #[test]
    fn sockets_open_at_once_are_counted_until_they_close() {
        let limits = Limits::new(Quotas {
            sockets_open: 2,
            ..Quotas::default()
        });
        let a = ip("198.51.100.1");
        let first = limits.open_socket(a).unwrap();
        let _second = limits.open_socket(a).unwrap();
        assert!(limits.open_socket(a).is_none());
        assert!(limits.open_socket(ip("198.51.100.2")).is_some());
        drop(first);
        assert!(limits.open_socket(a).is_some());
    }

    #[test]
    fn idle_addresses_are_forgotten() {
        let limits = Limits::new(Quotas {
            lobby_per_minute: 60_000,
            ..Quotas::default()
        });
        for i in 0..200u8 {
            let _ = limits.check(Limited::Lobby, ip(&format!("192.0.2.{i}")));
        }
        assert_eq!(limits.remembered(), 200);
        // A lobby read's cell refills in 1 ms at this quota.
        std::thread::sleep(Duration::from_millis(20));
        limits.forget_idle();
        assert_eq!(limits.remembered(), 0);
    }
}
