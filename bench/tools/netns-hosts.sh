# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Hosts made of network namespaces on one bridge, for the benchmarks across hosts (sourced, root
# needed): host h is namespace $NETNS_PREFIX-h$h at $NETNS_NET.$((10 + h)), the bridge at
# $NETNS_NET.1, and each runs `tigris node --name $NETNS_PREFIX-$h`, with its own identity.

# tigris_identities IMAGE DIR NODE...: the identities a cluster of NODEs and its agent "bench" hold,
# made with IMAGE's tigris: a CA in DIR/ca and DIR/NAME.p12 with DIR/NAME.password per node and for
# the agent. A Tigris from before identities (a BEFORE_IMAGE) makes its one shared key instead, and
# every NAME.p12 and NAME.password is that key's.
tigris_identities() {
  local img=$1 dir=$2 n
  shift 2
  mkdir -p "$dir"
  if "$img/bin/tigris" cert --help > /dev/null 2>&1; then
    [ -d "$dir/ca" ] || "$img/bin/tigris" keygen "$dir/ca" > /dev/null
    "$img/bin/tigris" cert "$@" --role node --ca "$dir/ca" --out "$dir" > /dev/null
    "$img/bin/tigris" cert bench --role agent --ca "$dir/ca" --out "$dir" > /dev/null
  else
    "$img/bin/tigris" keygen "$dir/cluster.p12" "$dir/cluster.password" > /dev/null
    for n in "$@" bench; do ln -sf cluster.p12 "$dir/$n.p12"; ln -sf cluster.password "$dir/$n.password"; done
  fi
}

# netns_node_start IMAGE IDS H LOG [OPTION...]: starts host H's node in the background (IMAGE's
# tigris, its identity from IDS, port 7000, work directory beside LOG), its output appended to LOG.
netns_node_start() {
  local img=$1 ids=$2 h=$3 log=$4 name=$NETNS_PREFIX-$3
  shift 4
  ip netns exec $NETNS_PREFIX-h$h "$img/bin/tigris" node --name $name --port 7000 --host $NETNS_NET.$((10 + h)) \
      --key "$ids/$name.p12" --password-file "$ids/$name.password" --work "$(dirname "$log")/work-$name" "$@" >> "$log" 2>&1 &
}

# netns_nodes_wait LOG...: returns once every node logging to a LOG listens (30 s each at most).
netns_nodes_wait() {
  local log i
  for log in "$@"; do
    for i in $(seq 1 300); do grep -q "listening on 7000" "$log" 2>/dev/null && break; sleep 0.1; done
    grep -q "listening on 7000" "$log" || { echo "the node logging to $log did not start:" >&2; cat "$log" >&2; exit 1; }
  done
}

# netns_agent IDS: the options of the agent "bench"'s identity.
netns_agent() {
  echo --key "$1/bench.p12" --password-file "$1/bench.password"
}

# netns_hosts_up PREFIX NET HOSTS: the bridge and the hosts.
netns_hosts_up() {
  NETNS_PREFIX=$1 NETNS_NET=$2 NETNS_HOSTS=$3
  local p=$1 br=$1br h
  ip link add $br type bridge
  ip addr add $NETNS_NET.1/24 dev $br
  ip link set $br up
  for h in $(seq 1 $NETNS_HOSTS); do
    ip netns add $p-h$h
    ip link add ${p}h$h type veth peer name ${p}i$h
    ip link set ${p}i$h netns $p-h$h
    ip link set ${p}h$h master $br up
    ip netns exec $p-h$h ip addr add $NETNS_NET.$((10 + h))/24 dev ${p}i$h
    ip netns exec $p-h$h ip link set ${p}i$h up
    ip netns exec $p-h$h ip link set lo up
  done
}

# netns_hosts_down: stops the hosts' nodes (TERM, then KILL after 5 s) and removes hosts and bridge.
netns_hosts_down() {
  local p=$NETNS_PREFIX h i
  pkill -f "tigris.cli.Tigris node --name $p-" 2>/dev/null || true
  for i in $(seq 1 50); do pgrep -f "tigris.cli.Tigris node --name $p-" > /dev/null || break; sleep 0.1; done
  pkill -9 -f "tigris.cli.Tigris node --name $p-" 2>/dev/null || true
  for h in $(seq 1 $NETNS_HOSTS); do ip netns del $p-h$h 2>/dev/null || true; ip link del ${p}h$h 2>/dev/null || true; done
  ip link del ${p}br 2>/dev/null || true
}
