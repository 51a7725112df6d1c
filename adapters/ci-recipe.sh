#!/bin/sh
# Grading an engine in its own repository's CI with the installed kit
# (README.md, "Grading your engine in CI"). One shard of a CI matrix:
#
#   ENGINE='python3 engine.py' MANIFEST=<sha256> SHARD=2/4 sh ci-recipe.sh
#
# ENGINE    the engine's command line (required)
# MANIFEST  the SHA-256 of the vector set's manifest.json that the engine is
#           graded against (required; `susurration --version` prints it): a
#           kit upgrade that changes the vectors stops the job with exit 6
#           instead of silently grading against other cases
# SHARD     I/N, this job's shard (default 1/1: every case)
# REPORTS   where the JUnit and JSON reports go (default reports/)
# KIT       the susurration binary (default: susurration on PATH)
# TIMEOUT   grade's base deadline in seconds (default 10)
#
# The text report goes to the log; the exit status is grade's (0 exact or
# conformant, 1 not conformant, 3 incomplete, 5 no verdict, 2 usage, 6 the
# pinned manifest does not match).
set -eu
: "${ENGINE:?set ENGINE to the engine command line}"
: "${MANIFEST:?set MANIFEST to the vector set manifest SHA-256 (susurration --version)}"
shard="${SHARD:-1/1}"
reports="${REPORTS:-reports}"
name="shard-$(printf %s "$shard" | sed "s|/|-of-|")"
mkdir -p "$reports"
exec "${KIT:-susurration}" grade --engine "$ENGINE" --shard "$shard" \
  --expect-manifest "$MANIFEST" --timeout "${TIMEOUT:-10}" \
  --also-report "junit=$reports/$name.xml" --also-report "json=$reports/$name.json"
