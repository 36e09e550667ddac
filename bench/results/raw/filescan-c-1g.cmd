/work/main/build/bench/native/filescan /work/main/build/bench/filescan/ints-1g.pso 1g 7 read mmap mmapscan
