tools/pipe-costs.sh /work/main/build/jdk/bin/tigris /work/main/build/bench/streamline/log-1000000000.txt /work/main/build/bench/pipe-costs /work/main/bench/results/raw/pipe-costs.tsv
