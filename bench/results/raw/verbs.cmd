tools/verbs-perf.sh /work/main/build/jdk /work/main/build/bench/classes 8 4096 65536 3000 5000 1 45 /work/main/build/bench/verbs-logs send_lat send_bw write_bw pso_rt C java java-nc
