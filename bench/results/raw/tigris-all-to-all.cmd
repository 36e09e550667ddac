bash tools/tigris-all-to-all.sh /work/main/build/jdk /work/main/build/bench/classes /work/main/build/bench/tigris-all-to-all 3 10 8 16
