/work/wt-bench/build/bench/native/access
