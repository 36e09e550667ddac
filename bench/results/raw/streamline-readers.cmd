tools/streamline-readers.sh /work/main/build/jdk/bin/java /work/main/build/bench/classes /work/main/build/bench/native/pipereaders /work/main/bench/results/raw/streamline-readers.tsv
