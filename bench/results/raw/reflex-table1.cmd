/work/main/build/jdk/bin/java --enable-native-access=ALL-UNNAMED -cp /work/main/build/bench/classes jaguar.bench.reflex.Table1 1 1000000
