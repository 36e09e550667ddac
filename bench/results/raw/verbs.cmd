tools/verbs-perf.sh /work/main/build/jdk /work/main/build/bench/classes 4096 5000 5000 1 20000 /work/main/build/bench/verbs-logs send_bw C
java-c2
java; then (pso_rt, stopped after 32 elements) tools/verbs-perf.sh IMAGE CLASSES "8 64 512 4096 65536" 2000 5000 1 3000 LOGS pso_rt "C java java-nc"
