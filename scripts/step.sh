#!/usr/bin/env bash
# Runs one step of the test command and records its outcome for scripts/ci-summary.ts.
# Usage: scripts/step.sh <name> <command…>
name=$1; shift
mkdir -p .reports
"$@"
code=$?
echo "$name $code" >> .reports/steps.txt
exit $code
