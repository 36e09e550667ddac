tools/streamline-shell.sh /work/main/build/jdk/bin/tigris /work/main/build/bench/streamline/log-1000000000.txt /work/main/build/bench/streamline/work /work/main/bench/results/raw/streamline-shell.tsv
