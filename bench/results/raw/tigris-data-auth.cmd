bash tools/tigris-data-auth.sh /work/main/build/jdk /work/main/build/bench/tigris-data-auth 3333334 3
