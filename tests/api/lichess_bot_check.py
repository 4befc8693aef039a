"""An outside check: the real lichess-bot, unchanged but for its configuration, plays on a
Topochess server.

    python lichess_bot_check.py LICHESS_BOT_DIR SERVER_URL TOPOCHESS_CLI

LICHESS_BOT_DIR is a checkout of lichess-bot-devs/lichess-bot (not on PyPI: the suite cannot
fetch it, so this is run by hand where GitHub is reachable, with lichess-bot's requirements
installed in the Python that runs it). SERVER_URL is a Topochess server with no account named
as below (a fresh one: `topochess-server --dev --data $(mktemp -d) --games-per-minute 100`).

What it does, as people would:
1. Makes two accounts over the site's API: `lbot` (for lichess-bot) and `human`, with tokens.
2. Writes lichess-bot's config.yml: `url` this server, `token` lbot's, `engine` our
   `topochess uci` (through a two-line script, as lichess-bot runs an engine by path).
   lichess-bot upgrades `lbot` to a bot itself (its `-u`), as it does on lichess.
3. `human` challenges `lbot` to a rated game of standard chess (1+1) with berserk; lichess-bot
   accepts, and both sides play to the end: `human`'s moves are `topochess bot --player random`
   playing its account. The game is read back: over, by the rules, with a winner or a draw
   as the moves say (python-chess replays the export), and both ratings changed by it.
4. `human` challenges a `topochess bot` account (`robo`, our engine) on the folded board; it
   accepts and the game is played to its end the same way.
Prints what it saw; exits non-zero on anything lichess would not have done.
"""

import os
import secrets
import subprocess
import sys
import tempfile
import time

import berserk
import chess
import chess.pgn
import io
import requests

BOT_DIR, URL, CLI = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3]


def fail(why):
    print(f"FAIL: {why}", flush=True)
    sys.exit(1)


def account(name, scopes):
    page = requests.Session()
    page.headers["Origin"] = URL
    made = page.post(f"{URL}/api/account/signup", json={"name": name, "password": "correct horse"})
    if made.status_code not in (200, 201):
        fail(f"sign-up {name}: {made.text}")
    tok = page.post(f"{URL}/api/account/tokens", json={"description": "check", "scopes": scopes})
    return tok.json()["token"]


def wait_over(client, game_id, within=300):
    """The game exported once it is over."""
    end = time.time() + within
    while time.time() < end:
        try:
            game = client.games.export(game_id)
        except berserk.exceptions.ResponseError as e:
            if e.status_code != 404:  # not made yet: the challenge is not accepted
                raise
            game = {"status": "created"}
        if game["status"] not in ("started", "created"):
            return game
        time.sleep(2)
    fail(f"game {game_id} still going after {within} s")


def standard_rating(name):
    user = requests.get(f"{URL}/api/user/{name}").json()
    return user["ratings"].get("standard", {}).get("rating")


def main():
    suffix = secrets.token_hex(2)
    lbot, human, robo = f"lbot{suffix}", f"human{suffix}", f"robo{suffix}"
    lbot_token = account(lbot, ["bot:play", "challenge:read", "challenge:write"])
    human_token = account(human, ["board:play", "challenge:read", "challenge:write"])
    robo_token = account(robo, ["bot:play"])
    requests.post(f"{URL}/api/bot/account/upgrade", headers={"Authorization": f"Bearer {robo_token}"})

    work = tempfile.mkdtemp(prefix="lichess-bot-check-")
    engine = os.path.join(work, "topochess-uci")
    with open(engine, "w") as f:
        f.write(f"#!/bin/sh\nexec {CLI} uci\n")
    os.chmod(engine, 0o755)
    with open(os.path.join(BOT_DIR, "config.yml.default")) as f:
        config = f.read()
    config = (config
              .replace('token: "xxxxxxxxxxxxxxxxxxxxxx"', f'token: "{lbot_token}"', 1)
              .replace('url: "https://lichess.org/"', f'url: "{URL}/"', 1)
              .replace('dir: "./engines/"', f'dir: "{work}"', 1)
              .replace('name: "engine_name"', 'name: "topochess-uci"', 1)
              .replace("ponder: true", "ponder: false", 1))
    # The options the default names are Stockfish's: ours has Hash (and MultiPV, UCI_Variant).
    for stockfish_only in ("Move Overhead: 100", "Threads: 4", 'SyzygyPath: "./syzygy/"',
                           "UCI_ShowWDL: true"):
        config = "\n".join(line for line in config.split("\n")
                           if not line.strip().startswith(stockfish_only))
    config = config.replace("Hash: 512", "Hash: 64", 1)
    config_path = os.path.join(work, "config.yml")
    with open(config_path, "w") as f:
        f.write(config)
    log = open(os.path.join(work, "lichess-bot.log"), "w")
    bot = subprocess.Popen([sys.executable, "lichess-bot.py", "--config", config_path, "-u", "-v"],
                           cwd=BOT_DIR, stdout=log, stderr=subprocess.STDOUT)
    players = []
    try:
        time.sleep(8)  # lichess-bot reads its config, tests its token, upgrades, opens its stream
        if bot.poll() is not None:
            fail(f"lichess-bot stopped: see {log.name}")
        client = berserk.Client(session=berserk.TokenSession(human_token), base_url=URL)
        me = requests.get(f"{URL}/api/account", headers={"Authorization": f"Bearer {lbot_token}"}).json()
        if me.get("title") != "BOT":
            fail(f"lichess-bot did not upgrade its account: {me}")
        before = (standard_rating(lbot), standard_rating(human))
        human_env = {**os.environ, "TOPOCHESS_TOKEN": human_token}
        players.append(subprocess.Popen([CLI, "bot", "--url", URL, "--player", "random", "--games", "2"],
                                        env=human_env, stderr=open(os.path.join(work, "human.log"), "w")))
        made = client.challenges.create(lbot, rated=True, clock_limit=60, clock_increment=1,
                                        color="white", variant="standard")
        game = wait_over(client, made["id"])
        board = chess.Board()
        for uci in game["moves"].split():
            move = chess.Move.from_uci(uci)
            if move not in board.legal_moves:
                fail(f"an illegal move {uci} in {board.fen()}")
            board.push(move)
        outcome = board.outcome(claim_draw=True)
        print(f"lichess-bot's game {made['id']}: {len(board.move_stack)} plies, {game['status']}, "
              f"winner {game.get('winner')}; python-chess: {outcome}", flush=True)
        if game["status"] == "mate":
            expected = "white" if outcome and outcome.winner else "black"
            if not board.is_checkmate() or game.get("winner") != expected:
                fail("the mate is not the board's")
        after = (standard_rating(lbot), standard_rating(human))
        print(f"ratings (standard): {before} -> {after}", flush=True)
        if after == before:
            fail("the rated game changed no rating")
        players.append(subprocess.Popen([CLI, "bot", "--url", URL, "--games", "1", "--ms", "100"],
                                        env={**os.environ, "TOPOCHESS_TOKEN": robo_token},
                                        stderr=open(os.path.join(work, "robo.log"), "w")))
        time.sleep(2)
        folded = client.challenges.create(robo, rated=False, clock_limit=60, clock_increment=1,
                                          variant="folded")
        game = wait_over(client, folded["id"])
        print(f"topochess bot's game {folded['id']} on the folded board: "
              f"{len(game['moves'].split())} plies, {game['status']}, winner {game.get('winner')}",
              flush=True)
        print("ok", flush=True)
    finally:
        for p in players:
            p.kill()
        bot.terminate()
        try:
            bot.wait(10)
        except subprocess.TimeoutExpired:
            bot.kill()
        log.close()
        print(f"lichess-bot's log: {log.name}", flush=True)


main()
