#!/bin/sh
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Prints the machine and JDKs a run used, as markdown, for the results files.
# Usage: machine-info.sh JAGUAR_JAVA C2_JAVA
echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "- nproc: $(nproc)"
echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | sort | uniq -c | sed 's/^ *//')"
echo "- caches of CPU 0: $(for d in /sys/devices/system/cpu/cpu0/cache/index*; do printf 'L%s %s %s, ' "$(cat $d/level)" "$(cat $d/type)" "$(cat $d/size)"; done 2>/dev/null | sed 's/, $//')"
echo "- kernel: $(uname -srm)"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- gcc: $(gcc --version | head -1)"
echo "- Jaguar column JDK (\`$1\`): $("$1" -version 2>&1 | sed -n 2p)"
echo "- C2 column JDK (\`$2\`): $("$2" -version 2>&1 | sed -n 2p)"
echo "- git: $(git -C "$(dirname "$0")" rev-parse --short HEAD)$(git -C "$(dirname "$0")" diff --quiet HEAD -- . 2>/dev/null || echo ' (bench/ modified)')"
