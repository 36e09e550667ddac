bash tools/tigrissort-jit.sh /work/main/build/jdk /work/sortdata 10000000 TABLE /work/main/bench/results/raw
