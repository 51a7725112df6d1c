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
# BASELINE  a folder holding the reports of an earlier run of this matrix
#           (its REPORTS, kept as a CI artifact): the job then fails only on
#           a regression against it (`susurration report-diff`), so an
#           engine on its way to conformance can gate every change
# KIT       the susurration binary (default: susurration on PATH)
# TIMEOUT   grade's base deadline in seconds (default 10)
#
# The text report goes to the log; the exit status is grade's (0 exact or
# conformant, 1 not conformant, 3 incomplete, 5 no verdict, 2 usage, 6 the
# pinned manifest does not match). With BASELINE it is report-diff's once
# the grade has given a level (0 no regression; 1 a case that passed in the
# baseline does not pass now or is missing, a fresh file fails a larger
# share, or the level is worse; 6 the baseline graded another vector set); a
# grade that gave none (2, 4, 6) still ends the job with its own status.
set -eu
: "${ENGINE:?set ENGINE to the engine command line}"
: "${MANIFEST:?set MANIFEST to the vector set manifest SHA-256 (susurration --version)}"
kit="${KIT:-susurration}"
shard="${SHARD:-1/1}"
reports="${REPORTS:-reports}"
name="shard-$(printf %s "$shard" | sed "s|/|-of-|")"
mkdir -p "$reports"
status=0
"$kit" grade --engine "$ENGINE" --shard "$shard" \
  --expect-manifest "$MANIFEST" --timeout "${TIMEOUT:-10}" \
  --also-report "junit=$reports/$name.xml" --also-report "json=$reports/$name.json" || status=$?
case "$status" in
  0|1|3|5) ;;             # a level: the reports are written
  *) exit "$status" ;;
esac
[ -n "${BASELINE:-}" ] || exit "$status"
exec "$kit" report-diff "$BASELINE/$name.json" "$reports/$name.json"
