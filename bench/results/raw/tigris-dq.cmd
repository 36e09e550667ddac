/work/main/build/jdk/bin/java -cp /work/main/build/bench/classes jaguar.bench.tigris.DqPerturbation 1 6 200 2000
