#!/usr/bin/env python3
"""Plays `topochess uci` against Stockfish on the standard preset, with python-chess as referee:
every move either engine sends is checked for legality, and an illegal move loses the game.

    pip install chess==1.11.2 && apt-get install stockfish
    python3 tests/referee/vs_stockfish.py --games 10 --skill 0 --movetime 0.2
    python3 tests/referee/vs_stockfish.py --games 40 --elo 2000 --movetime 0.2

Colours alternate; each pair of games starts from the same random 2-ply opening (seeded).
Prints one line per game and the score of topochess.
"""
import argparse
import random

import chess
import chess.engine


def play(topo, fish, topo_white, opening, movetime):
    board = chess.Board()
    for move in opening:
        board.push(move)
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        topo_to_move = (board.turn == chess.WHITE) == topo_white
        engine = topo if topo_to_move else fish
        result = engine.play(board, chess.engine.Limit(time=movetime))
        if result.move is None or not board.is_legal(result.move):
            name = "topochess" if topo_to_move else "stockfish"
            return (0.0 if topo_to_move else 1.0), f"illegal move {result.move} by {name}"
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, "draw" if outcome else "draw (300 plies)"
    topo_won = outcome.winner == (chess.WHITE if topo_white else chess.BLACK)
    return (1.0 if topo_won else 0.0), outcome.termination.name.lower()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--topochess", default="target/release/topochess")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--skill", type=int, default=0, help="Stockfish Skill Level (0-20)")
    parser.add_argument("--elo", type=int, default=None,
                        help="limit Stockfish to this UCI_Elo (1350-2850) instead of a skill level")
    parser.add_argument("--movetime", type=float, default=0.2, help="seconds per move, both sides")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    topo = chess.engine.SimpleEngine.popen_uci([args.topochess, "uci"])
    fish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    if args.elo is not None:
        fish.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": 16})
        strength = f"UCI_Elo {args.elo}"
    else:
        fish.configure({"Skill Level": args.skill, "Threads": 1, "Hash": 16})
        strength = f"skill {args.skill}"
    rng = random.Random(args.seed)
    score = 0.0
    try:
        for game in range(args.games):
            if game % 2 == 0:
                board = chess.Board()
                opening = []
                for _ in range(2):
                    move = rng.choice(list(board.legal_moves))
                    board.push(move)
                    opening.append(move)
            topo_white = game % 2 == 0
            points, how = play(topo, fish, topo_white, opening, args.movetime)
            score += points
            side = "white" if topo_white else "black"
            print(f"game {game + 1} (topochess {side}): {points} - {how}", flush=True)
    finally:
        topo.quit()
        fish.quit()
    print(f"topochess vs Stockfish {strength}: {score}/{args.games} ({100 * score / args.games:.1f}%)")


if __name__ == "__main__":
    main()
