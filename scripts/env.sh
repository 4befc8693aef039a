# Sourced by the scripts: puts the pinned tools on PATH.
export PATH="$HOME/.cargo/bin:$(pwd)/tests/node_modules/.bin:$PATH"
