/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.io.Serializable;
import java.util.Comparator;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

import scala.Tuple2;

/**
 * Spark's side of the TigrisSort benchmark (bench/README.md): the same 100-byte records sorted by
 * their 10-byte keys with sortByKey, disk to disk. Reads INPUT with binaryRecords, keys each record
 * by its first 10 bytes, sortByKey (RangePartitioner: sampled ranges, as TigrisSort's) into
 * PARTITIONS output files of raw records (part-r-NNNNN in OUTPUT, in key order), which
 * `tigris valsort -o` / `-s` validate like TigrisSort's per-node outputs.
 * Usage: spark-submit --class SparkSort sparksort.jar INPUT OUTPUT-DIR PARTITIONS
 * Prints one line: startup_s (JVM start to a running SparkContext, measured from the launcher's
 * start time passed in -Dsparksort.t0) and sort_s (job start to output committed).
 */
public final class SparkSort {
    private SparkSort() {
    }

    /** Unsigned lexicographic order of the 10-byte keys, as memcmp and valsort compare them. */
    static final class KeyOrder implements Comparator<byte[]>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public int compare(byte[] a, byte[] b) {
            return java.util.Arrays.compareUnsigned(a, b);
        }
    }

    /** Writes each record's bytes as they are: the Sort Benchmark's output format. */
    public static final class RawRecordOutputFormat extends FileOutputFormat<byte[], byte[]> {
        @Override
        public RecordWriter<byte[], byte[]> getRecordWriter(TaskAttemptContext job) throws IOException {
            Path file = getDefaultWorkFile(job, "");
            FileSystem fs = file.getFileSystem(job.getConfiguration());
            FSDataOutputStream out = fs.create(file, false);
            return new RecordWriter<>() {
                @Override
                public void write(byte[] key, byte[] record) throws IOException {
                    out.write(record);
                }

                @Override
                public void close(TaskAttemptContext context) throws IOException {
                    out.hsync();
                    out.close();
                }
            };
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: SparkSort INPUT OUTPUT-DIR PARTITIONS");
            System.exit(2);
        }
        long launched = Long.getLong("sparksort.t0", 0);
        SparkSession spark = SparkSession.builder().appName("SparkSort").getOrCreate();
        JavaSparkContext sc = new JavaSparkContext(spark.sparkContext());
        sc.parallelize(java.util.List.of(1, 2), 2).count();   // executors up: the rest is the sort
        long started = System.currentTimeMillis();
        int partitions = Integer.parseInt(args[2]);
        JavaPairRDD<byte[], byte[]> keyed = sc.binaryRecords(args[0], 100)
                        .mapToPair(r -> new Tuple2<>(java.util.Arrays.copyOf(r, 10), r));
        keyed.sortByKey(new KeyOrder(), true, partitions)
                        .saveAsNewAPIHadoopFile(args[1], byte[].class, byte[].class, RawRecordOutputFormat.class, sc.hadoopConfiguration());
        long done = System.currentTimeMillis();
        System.out.printf("startup_s=%.3f sort_s=%.3f%n", launched == 0 ? Double.NaN : (started - launched) / 1e3, (done - started) / 1e3);
        spark.stop();
    }
}
