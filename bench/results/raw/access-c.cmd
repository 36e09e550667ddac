/work/main/build/bench/native/access
