/work/main/build/jdk/bin/java -XX:-UseJVMCICompiler -Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp /work/main/build/bench/classes jaguar.bench.startup.TimeToMapped   # c2
/work/main/build/jdk/bin/java -Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp /work/main/build/bench/classes jaguar.bench.startup.TimeToMapped   # graal
