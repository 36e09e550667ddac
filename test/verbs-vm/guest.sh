#!/bin/bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Runs inside the verbs test VM: brings up Soft-RoCE (rxe0 over a dummy netdev), then the
# command the host left in <run>/cmd.sh. Its exit status goes to <run>/rc.
run=$1
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TMPDIR=/tmp
ulimit -l unlimited
ip link set lo up
# The dummy module makes dummy0 itself when loaded.
ip link show dummy0 >/dev/null 2>&1 || ip link add dummy0 type dummy
ip addr add 10.50.0.1/24 dev dummy0 && ip link set dummy0 up
rdma link add rxe0 type rxe netdev dummy0 || { ls /sys/module | tr "\n" " "; dmesg | tail -20; echo "guest: cannot create rxe0"; echo 97 > "$run/rc"; exit 97; }
rdma link show
cd "$(dirname "$0")/../.."
bash "$run/cmd.sh"
rc=$?
echo $rc > "$run/rc"
sync
exit $rc
