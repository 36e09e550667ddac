/work/main/build/jdk/bin/java -Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp /work/main/build/bench/classes jaguar.bench.startup.TimeToMapped   # tiered
/work/main/build/jdk/bin/java -XX:-TieredCompilation -Djaguar.mapping.strict=true --enable-native-access=ALL-UNNAMED -cp /work/main/build/bench/classes jaguar.bench.startup.TimeToMapped   # c2only
