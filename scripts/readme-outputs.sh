#!/bin/sh
# Rewrites the output blocks (<!-- BEGIN output: CMD --> ... <!-- END
# output -->) of README.md, ARCHITECTURE.md and docs/*.md with what each CMD
# prints now, run in the repository root with a freshly built damka first in
# PATH. The same test without -update-readme, TestReadmeOutputs (part of
# make test), fails when a block is stale. Keep the commands cheap: they run
# in every make test.
set -e
cd "$(dirname "$0")/.."
exec go test -count=1 -run '^TestReadmeOutputs$' ./cmd/damka/ -args -update-readme
