bash tools/tigris-dq-hosts.sh /work/main/build/jdk /work/main/build/bench/classes /work/main/build/bench/tigris-hosts 3 6 200 2000 3
