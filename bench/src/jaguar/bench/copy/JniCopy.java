package jaguar.bench.copy;

import java.util.concurrent.TimeUnit;

import jaguar.bench.JniLib;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** JNI copies: GetByteArrayRegion (byte[] to native) and SetByteArrayRegion (native to byte[]). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JniCopy {

    @Benchmark
    public void toNative(CopyState s) {
        JniLib.copyToNative(s.array, s.address, s.size);
    }

    @Benchmark
    public void fromNative(CopyState s) {
        JniLib.copyFromNative(s.address, s.array, s.size);
    }
}
