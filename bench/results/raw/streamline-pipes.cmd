tools/streamline-pipes.sh /work/main/build/jdk/bin/java /work/main/build/bench/classes /work/main/build/bench/native/pipecopy /work/main/bench/results/raw/streamline-pipes.tsv
