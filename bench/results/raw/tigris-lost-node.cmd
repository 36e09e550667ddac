bash tools/tigris-lost-node.sh /work/main/build/jdk /work/main/build/bench/lost-node 4000000 3
