#!/usr/bin/env bash
# Timed perft runs, best of 3, as docs/performance.md reports them.
set -euo pipefail
bin=${1:-bin/damka}
best() { # best of 3 wall times of one perft depth line
	local b=""
	for i in 1 2 3; do
		t=$("$bin" perft "$@" | awk -v d="$DEPTH" -F'[ =]' '$1=="depth" && $2==d {print $6}')
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN{exit !(a<b)}'; then b=$t; fi
	done
	echo "$b"
}
amd64=$(go version -m "$bin" 2>/dev/null | awk '$2=="GOAMD64=" || $2 ~ /^GOAMD64=/ {sub("GOAMD64=","",$2); print $2}')
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg), GOAMD64=${amd64:-v1}"
DEPTH=11; t=$(best --variant international --depth 11); echo "international start perft 11 (1665861398 leaves): best of 3 = ${t}s"
DEPTH=11; t=$(best --variant international --depth 11 --threads 2); echo "international start perft 11, 2 threads: best of 3 = ${t}s"
DEPTH=12; t=$(best --variant russian --depth 12 --dups keep); echo "russian start perft 12 dups kept (545059387 leaves): best of 3 = ${t}s"
"$bin" bench 2>/dev/null | tail -1 || true
