bash tools/tigrissort-scaling.sh /work/main/build/jdk /work/sortdata 2500000 4 3 TABLE /work/main/bench/results/raw
