tools/verbs-perf.sh /work/main/build/jdk /work/main/build/bench/classes 4096 5000 5000 1 20000 /work/main/build/bench/verbs-logs send_bw C
java-c2
java
