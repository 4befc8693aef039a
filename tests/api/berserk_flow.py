"""lichess's own Python client, berserk, against a Topochess server: nothing changed but the base
address. Run as `python berserk_flow.py URL SCENARIO`; each scenario prints what it saw, and
exits non-zero (with the reason) when the server does not answer as lichess would.

Scenarios:
- `challenge`: two accounts, a token each; an account read; a challenge on the folded board
  made by one and accepted by the other, both seeing it on their event streams; a chat line
  told on the other's game stream; both online; moves made
  through the Board API and seen on both game streams; a resignation ending the game (its
  stream closes, `gameFinish` is told); the game exported as PGN and JSON.
- `decline`: a challenge declined with `reason=variant` is told to its challenger as
  `challengeDeclined` with that reason; one cancelled is told to the other as
  `challengeCanceled`.
- `open`: an open challenge made by berserk answers its link and one for each side, no
  challenger; one made with no token at all too; one kept for two accounts starts their game at
  once (`gameStart` on the event stream), played by them through the Board API and refused to a
  third; a position (`fen`) is refused.
- `arena`: two bots are refused an arena for people; they join one that takes bots through
  lichess's join (`tournament:write`), and with their event streams open are paired there:
  `gameStart` on both, the game BOT against BOT.
- `bot`: an account upgraded to a bot reads `title: BOT`, is refused the lobby's seeks, is
  listed online while its event stream is open, plays a challenge shown as a BOT; an account that has a game is refused the upgrade. (The pools'
  refusal is the server's own test: joining one is a WebSocket's.)
"""

import json
import queue
import secrets
import sys
import threading

import berserk
import requests

URL = sys.argv[1].rstrip("/")
SCENARIO = sys.argv[2]
ALL_SCOPES = ["preference:read", "challenge:read", "challenge:write", "board:play", "bot:play",
              "tournament:write"]
WAIT = 20  # seconds any one event may take to come


def fail(why):
    print(f"FAIL: {why}", flush=True)
    sys.exit(1)


def check(cond, why):
    if not cond:
        fail(why)


def account(prefix):
    """A new account signed up on the site's page API, and a token of it with every scope."""
    name = f"{prefix}{secrets.token_hex(3)}"
    page = requests.Session()
    page.headers["Origin"] = URL
    made = page.post(f"{URL}/api/account/signup", json={"name": name, "password": "correct horse"})
    check(made.status_code in (200, 201), f"sign-up {made.status_code}: {made.text}")
    tok = page.post(f"{URL}/api/account/tokens", json={"description": "berserk", "scopes": ALL_SCOPES})
    check(tok.status_code in (200, 201), f"token {tok.status_code}: {tok.text}")
    token = tok.json()["token"]
    client = berserk.Client(session=berserk.TokenSession(token), base_url=URL)
    client.page = page
    return name, client, token


class Stream:
    """A stream read on a thread of its own, its events queued (empty lines are dropped by
    berserk itself)."""

    def __init__(self, iterator):
        self.events = queue.Queue()
        self.ended = threading.Event()

        def read():
            try:
                for event in iterator:
                    self.events.put(event)
            except Exception as e:  # noqa: BLE001 - reported to the reader
                self.events.put({"type": "error", "error": repr(e)})
            finally:
                self.ended.set()

        threading.Thread(target=read, daemon=True).start()

    def next(self, kind, where=lambda e: True):
        """The next event of `kind` that `where` accepts (others are skipped)."""
        while True:
            try:
                event = self.events.get(timeout=WAIT)
            except queue.Empty:
                fail(f"no {kind} within {WAIT} s")
            if event.get("type") == "error":
                fail(f"the stream failed: {event['error']}")
            if event.get("type") == kind and where(event):
                return event


def challenge_flow():
    alice, a, a_token = account("alice")
    bob, b, _ = account("bob")
    me = a.account.get()
    check(me["username"] == alice and me["id"] == alice.lower(), f"account: {me}")
    tested = requests.post(f"{URL}/api/token/test", data=a_token).json()
    check(tested[a_token]["userId"] == alice.lower(), f"token test: {tested}")
    a_events = Stream(a.board.stream_incoming_events())
    b_events = Stream(b.board.stream_incoming_events())
    made = a.challenges.create(bob, rated=True, clock_limit=300, clock_increment=3,
                               color="white", variant="folded")
    cid = made["id"]
    check(made["variant"]["key"] == "folded" and made["rated"] is True, f"challenge: {made}")
    check(made["timeControl"]["limit"] == 300 and made["color"] == "white", f"challenge: {made}")
    seen = b_events.next("challenge", lambda e: e["challenge"]["id"] == cid)["challenge"]
    check(seen["challenger"]["name"] == alice and seen["destUser"]["name"] == bob, f"seen: {seen}")
    check(seen["finalColor"] == "white" and seen["perf"]["name"], f"seen: {seen}")
    listed = b.challenges.get_mine()
    check([c["id"] for c in listed["in"]] == [cid], f"bob's challenges: {listed}")
    b.challenges.accept(cid)
    for events, opponent in ((a_events, bob), (b_events, alice)):
        start = events.next("gameStart", lambda e: e["game"]["gameId"] == cid)["game"]
        check(start["opponent"]["username"] == opponent, f"gameStart: {start}")
    playing = b.games.get_ongoing()
    check([g["gameId"] for g in playing] == [cid], f"bob plays: {playing}")
    a_game = Stream(a.board.stream_game_state(cid))
    b_game = Stream(b.board.stream_game_state(cid))
    full = a_game.next("gameFull")
    check(full["id"] == cid and full["variant"]["key"] == "folded", f"gameFull: {full}")
    check(full["white"]["name"] == alice and full["black"]["name"] == bob, f"gameFull: {full}")
    check(full["clock"]["initial"] == 300000 and full["state"]["status"] == "started", f"{full}")
    b_game.next("gameFull")
    a.board.post_message(cid, "Good luck on the fold")
    line = b_game.next("chatLine")
    check(line["username"] == alice and line["text"] == "Good luck on the fold", f"chat: {line}")
    try:
        a.board.post_message(cid, "x" * 141)
        fail("a chat line of 141 characters was taken")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400, f"a long line: {e.status_code}")
    status = requests.get(f"{URL}/api/users/status", params={"ids": f"{alice},{bob},nobody"}).json()
    check([u["name"] for u in status] == [alice, bob] and all(u["online"] for u in status),
          f"status: {status}")
    moves = ["e2e4", "e7e5", "g1f3"]
    for i, move in enumerate(moves):
        (a if i % 2 == 0 else b).board.make_move(cid, move)
        played = " ".join(moves[: i + 1])
        for stream in (a_game, b_game):
            state = stream.next("gameState", lambda e, p=played: e["moves"] == p)
            check(state["status"] == "started", f"state: {state}")
    try:
        a.board.make_move(cid, "d2d4")
        fail("a move out of turn was taken")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400, f"out of turn: {e.status_code}")
    b.board.resign_game(cid)
    over = a_game.next("gameState", lambda e: e["status"] != "started")
    check(over["status"] == "resign" and over["winner"] == "white", f"end: {over}")
    check(a_game.ended.wait(WAIT), "the game's stream stayed open after the end")
    finish = a_events.next("gameFinish", lambda e: e["game"]["gameId"] == cid)["game"]
    check(finish["status"]["name"] == "resign", f"gameFinish: {finish}")
    pgn = requests.get(f"{URL}/game/export/{cid}", headers={"Accept": "*/*"}).text
    check("1. e4 e5 2. Nf3" in pgn and "1-0" in pgn, f"PGN: {pgn}")
    exported = a.games.export(cid)
    check(exported["moves"] == "e2e4 e7e5 g1f3" and exported["winner"] == "white", f"{exported}")
    print(f"challenge {cid} accepted, played and exported", flush=True)


def decline_flow():
    _, a, _ = account("carol")
    dave, d, _ = account("dave")
    a_events = Stream(a.board.stream_incoming_events())
    d_events = Stream(d.board.stream_incoming_events())
    first = a.challenges.create(dave, rated=False, clock_limit=60, clock_increment=0,
                                variant="torus")["id"]
    d_events.next("challenge", lambda e: e["challenge"]["id"] == first)
    # Carol's stream tells her own challenge too: once it has, the stream follows it, and its
    # decline is told. (A stream opened after the decline would never have seen the challenge,
    # and is told nothing of it, as on lichess: the stream's request can reach the server after
    # the decline, since it is sent from a thread of its own.)
    a_events.next("challenge", lambda e: e["challenge"]["id"] == first)
    d.challenges.decline(first, reason="variant")
    declined = a_events.next("challengeDeclined", lambda e: e["challenge"]["id"] == first)
    check(declined["challenge"]["declineReasonKey"] == "variant", f"declined: {declined}")
    second = a.challenges.create(dave, rated=False, clock_limit=60, clock_increment=0)["id"]
    d_events.next("challenge", lambda e: e["challenge"]["id"] == second)
    a.challenges.cancel(second)
    d_events.next("challengeCanceled", lambda e: e["challenge"]["id"] == second)
    try:
        d.challenges.accept(second)
        fail("a cancelled challenge was accepted")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400, f"accepting a cancelled challenge: {e.status_code}")
    print("declined and cancelled challenges told", flush=True)


def bot_flow():
    name, bot, _ = account("robo")
    bot.account.upgrade_to_bot()
    me = bot.account.get()
    check(me.get("title") == "BOT", f"a bot's account: {me}")
    seek = {"variant": "folded", "castling": "", "base_secs": 180, "increment_secs": 2,
            "side": "random", "secret": secrets.token_hex(16), "public": True}
    refused = bot.page.post(f"{URL}/api/games", json=seek)
    check(refused.status_code == 400 and "bot" in refused.json()["error"],
          f"a bot's seek: {refused.status_code} {refused.text}")
    _, human, _ = account("erin")
    events = Stream(bot.bots.stream_incoming_events())
    made = human.challenges.create(name, rated=False, clock_limit=60, clock_increment=1)
    events.next("challenge", lambda e: e["challenge"]["id"] == made["id"])
    online = list(human.bots.get_online_bots())
    check([b["username"] for b in online] == [name] and online[0]["title"] == "BOT",
          f"bots online: {online}")
    bot.challenges.accept(made["id"])
    full = Stream(bot.bots.stream_game_state(made["id"])).next("gameFull")
    players = (full["white"], full["black"])
    check(any(p.get("title") == "BOT" for p in players), f"BOT at the game: {full}")
    try:
        human.account.upgrade_to_bot()
        fail("an account with a game became a bot")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400, f"upgrading a player: {e.status_code}")
    print(f"bot {name} marked, refused a seek and played by challenge", flush=True)


def open_flow():
    frank, f, _ = account("frank")
    gina, g, _ = account("gina")
    made = f.challenges.create_open(clock_limit=180, clock_increment=2, variant="cylinder")
    check(made["status"] == "created" and made["challenger"] is None and made["open"] == {},
          f"open challenge: {made}")
    check(made["url"].endswith(made["id"]) and made["urlWhite"] == made["url"] + "/white"
          and made["urlBlack"] == made["url"] + "/black", f"its links: {made}")
    check(made["variant"]["key"] == "cylinder" and made["timeControl"]["limit"] == 180,
          f"its terms: {made}")
    anonymous = requests.post(f"{URL}/api/challenge/open", data={"variant": "torus"})
    check(anonymous.status_code == 200 and anonymous.json()["variant"]["key"] == "torus",
          f"with no token: {anonymous.status_code} {anonymous.text}")
    g_events = Stream(g.board.stream_incoming_events())
    kept = requests.post(f"{URL}/api/challenge/open", data={
        "users": f"{gina},{frank}", "clock.limit": 300, "clock.increment": 0,
        "variant": "folded", "rated": "true"}).json()
    gid = kept["id"]
    check(kept["open"].get("userIds") == [gina.lower(), frank.lower()] and kept["rated"],
          f"kept for two: {kept}")
    start = g_events.next("gameStart", lambda e: e["game"]["gameId"] == gid)["game"]
    check(start["opponent"]["username"] == frank and start["color"] == "white", f"{start}")
    g_game = Stream(g.board.stream_game_state(gid))
    full = g_game.next("gameFull")
    check(full["white"]["name"] == gina and full["black"]["name"] == frank and full["rated"],
          f"gameFull: {full}")
    g.board.make_move(gid, "e2e4")
    f.board.make_move(gid, "e7e5")
    g_game.next("gameState", lambda e: e["moves"] == "e2e4 e7e5")
    _, h, _ = account("hal")
    try:
        h.board.make_move(gid, "g1f3")
        fail("a third account moved in a game kept for two")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 404, f"a third account's move: {e.status_code}")
    try:
        f.challenges.create_open(variant="standard", position="8/8/8/8/8/8/8/K6k w - - 0 1")
        fail("an open challenge from a position was made")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400, f"a position: {e.status_code}")
    print(f"open challenges {made['id']} and {gid} made; the kept one played", flush=True)


def arena_flow():
    _, host, _ = account("iris")
    bots = []
    for _ in range(2):
        name, client, _ = account("robo")
        client.account.upgrade_to_bot()
        bots.append((name, client))
    terms = {"preset": "folded", "clock": {"limit": 60, "increment": 0}, "minutes": 30}
    plain = host.page.post(f"{URL}/api/tournaments", json=terms)
    check(plain.status_code == 201, f"an arena: {plain.status_code} {plain.text}")
    try:
        bots[0][1].tournaments.join_arena(plain.json()["id"])
        fail("a bot joined an arena for people")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 400 and "bots" in e.cause["error"], f"refused: {e}")
    made = host.page.post(f"{URL}/api/tournaments", json={**terms, "bots": True})
    aid = made.json()["id"]
    read = requests.get(f"{URL}/api/tournaments/{aid}").json()
    check(read["bots"] is True, f"an arena for bots: {read}")
    left = host.page.post(f"{URL}/api/tournaments/{aid}/withdraw")
    check(left.status_code == 204, f"the host withdraws: {left.status_code} {left.text}")
    streams = [Stream(client.bots.stream_incoming_events()) for _, client in bots]
    for _, client in bots:
        client.tournaments.join_arena(aid)
    for (name, _), events, (other, _) in zip(bots, streams, reversed(bots)):
        start = events.next("gameStart")["game"]
        check(start["opponent"]["username"] == other, f"{name}'s arena game: {start}")
    print(f"two bots paired in arena {aid}", flush=True)


{"challenge": challenge_flow, "decline": decline_flow, "bot": bot_flow,
 "open": open_flow, "arena": arena_flow}[SCENARIO]()
print(json.dumps({"ok": True}))
