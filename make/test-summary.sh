#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Prints one closing line for `make test`: "tests: N passed, N failed, N skipped", adding up the
# JUnit XML reports and jtreg's summary. Exit status: non-zero if anything failed or nothing ran.
# Usage: test-summary.sh JUNIT_REPORT_DIR... JTREG_SUMMARY
set -euo pipefail
jtreg_summary=${*: -1}
junit_dirs=("${@:1:$#-1}")
passed=0 failed=0 skipped=0
for d in "${junit_dirs[@]}"; do for f in "$d"/TEST-*.xml; do
  [ -f "$f" ] || continue
  # The <testsuite> element carries the counts (attribute order varies between versions).
  suite=$(grep -o '<testsuite [^>]*>' "$f" | head -1)
  attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<< "$suite"; }
  t=$(attr tests) fl=$(attr failures) e=$(attr errors) s=$(attr skipped)
  [ -n "$t" ] && [ -n "$fl" ] && [ -n "$e" ] && [ -n "$s" ] || { echo "test-summary: cannot read counts from $f" >&2; exit 2; }
  passed=$((passed + t - fl - e - s)); failed=$((failed + fl + e)); skipped=$((skipped + s))
done; done
if [ -f "$jtreg_summary" ]; then
  p=$(grep -c ' Passed\.' "$jtreg_summary" || true)
  f=$(grep -c -E ' (Failed|Error)\.' "$jtreg_summary" || true)
  passed=$((passed + p)); failed=$((failed + f))
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
