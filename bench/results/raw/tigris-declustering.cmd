bash tools/tigris-declustering.sh /work/main/build/jdk /work/main/build/bench/declustering 2000000 20 3
