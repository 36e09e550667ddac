# Hosts made of network namespaces on one bridge, for the benchmarks across hosts (sourced, root
# needed): host h is namespace $NETNS_PREFIX-h$h at $NETNS_NET.$((10 + h)), the bridge at
# $NETNS_NET.1, and each runs `tigris node --name $NETNS_PREFIX-$h`.

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
