/work/wt-bench/build/bench/native/fig1
