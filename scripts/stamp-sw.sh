#!/usr/bin/env bash
# Writes the service worker of a build (the site's build runs it): static/sw.js with the
# build's files and a version made from their contents, so a new build is a new worker.
set -euo pipefail
root=$(pwd)
dir="${1:-dist}"
cd "$dir"
files=$(find . -type f ! -name sw.js ! -name '*.gz' ! -name '*.br' | sed 's|^\./||' | sort)
version=$(printf '%s\n' $files | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '"./",'; printf '"./%s",' $files | sed 's/,$//')
sed -e "s|__VERSION__|$version|" -e "s|__FILES__|[$list]|" "$root/static/sw.js" > sw.js
printf '[service worker] version %s, %d files\n' "$version" "$(printf '%s\n' $files | wc -l)"
