tools/reflex-figures.sh /work/main/build/jdk/bin/java /work/main/build/bench/classes:/work/main/build/deps/hdrhistogram/HdrHistogram-2.2.2.jar /work/main/bench/results/raw
