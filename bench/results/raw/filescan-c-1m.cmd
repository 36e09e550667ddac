/work/main/build/bench/native/filescan /work/main/build/bench/filescan/ints-1m.pso 1m 101 read1 read mmap mmapscan
