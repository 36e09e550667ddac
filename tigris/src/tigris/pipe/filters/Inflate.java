/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * {@code inflate [format=gzip|zlib|raw]}: decompresses its stream (gzip unless told otherwise; a
 * gzip stream of several members, as {@code cat a.gz b.gz} makes, is read whole). A stream that is
 * not what the format says, or ends early, fails the river saying where.
 */
public final class Inflate implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Inflate() {
    }

    static final String FORMAT = "format";

    @Override
    public String name() {
        return "inflate";
    }

    @Override
    public String usage() {
        return "inflate [format=gzip|zlib|raw]";
    }

    @Override
    public String summary() {
        return "decompresses the stream (gzip unless told otherwise)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(FORMAT, "gzip");
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named() && a.key().equals(FORMAT) && List.of("gzip", "zlib", "raw").contains(a.value())) {
                p.put(FORMAT, a.value());
            } else if (a.named() && a.key().equals(FORMAT)) {
                throw new FilterArgumentException(i, "format=" + a.value() + " is none of gzip, zlib, raw");
            } else {
                throw Arguments.unknown(args, i);
            }
        }
        return new BoundFilter("inflate format=" + p.get(FORMAT), Module.class, p, true, true, FilterClasses.NONE);
    }

    /**
     * The JDK's inflater fed Water by Water; a gzip member's header and trailer are read here
     * (RFC 1952), the compressed data between them by the inflater.
     */
    @FilterCost(nanosPerByte = 21, bytesOut = 5.2)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private boolean gzip;
        private String format;
        private Inflater inflater;
        private final CRC32 crc = new CRC32();
        private WaterWriter writer;
        /** Bytes taken in and not yet used: a header or trailer that spans Waters, or what the inflater did not take. */
        private byte[] pending = new byte[0];
        private int pendingLength;
        private long offset;
        private boolean inMember;
        private boolean done;
        private final byte[] outBuf = new byte[64 << 10];

        @Override
        protected void open(ModuleConfig config) {
            format = config.get(FORMAT, "gzip");
            gzip = format.equals("gzip");
            inflater = new Inflater(!format.equals("zlib"));
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            if (writer == null) {
                writer = new WaterWriter(out, 0, false);
            }
            int n = in.length();
            if (pending.length < pendingLength + n) {
                byte[] b = new byte[Math.max(pendingLength + n, 2 * pending.length)];
                System.arraycopy(pending, 0, b, 0, pendingLength);
                pending = b;
            }
            in.buffer().get(0, pending, pendingLength, n);
            pendingLength += n;
            consume();
        }

        /** Uses as much of the pending bytes as can be used now. */
        private void consume() throws IOException, InterruptedException {
            int at = 0;
            while (at < pendingLength) {
                if (done && !gzip) {
                    throw new IOException("inflate: " + (pendingLength - at) + " bytes follow the end of the " + format + " stream at byte " + offset);
                }
                if (gzip && !inMember) {
                    int header = gzipHeader(pending, at, pendingLength);
                    if (header < 0) {
                        break;
                    }
                    at += header;
                    offset += header;
                    inMember = true;
                    inflater.reset();
                    crc.reset();
                    continue;
                }
                if (inflater.finished()) {
                    if (!gzip) {
                        done = true;
                        continue;
                    }
                    if (pendingLength - at < 8) {
                        break;
                    }
                    long want = le32(pending, at);
                    long size = le32(pending, at + 4);
                    if (want != crc.getValue() || size != (inflater.getBytesWritten() & 0xFFFFFFFFL)) {
                        throw new IOException("inflate: the gzip member ending at byte " + (offset + 8) + " is damaged: its CRC or size does not match its data");
                    }
                    at += 8;
                    offset += 8;
                    inMember = false;
                    continue;
                }
                // Fed from where it stopped every time: the pending bytes move between calls.
                inflater.setInput(pending, at, pendingLength - at);
                int before = inflater.getRemaining();
                int made = inflate(offset + before);
                if (made > 0) {
                    crc.update(outBuf, 0, made);
                    writer.write(outBuf, 0, made);
                }
                int used = before - inflater.getRemaining();
                at += used;
                offset += used;
                if (made == 0 && used == 0 && !inflater.finished()) {
                    if (inflater.needsDictionary()) {
                        throw new IOException("inflate: the stream needs a preset dictionary, which no pipeline gives");
                    }
                    break;
                }
            }
            System.arraycopy(pending, at, pending, 0, pendingLength - at);
            pendingLength -= at;
            drain();
        }

        /**
         * Takes what the inflater still holds once its input is used up: an output buffer filled by
         * the last bytes leaves more behind (a long match at a raw stream's end).
         */
        private void drain() throws IOException, InterruptedException {
            while (inMember || !gzip) {
                if (inflater.finished() || inflater.needsDictionary()) {
                    return;
                }
                int made = inflate(offset + inflater.getRemaining());
                if (made == 0) {
                    return;
                }
                crc.update(outBuf, 0, made);
                writer.write(outBuf, 0, made);
            }
        }

        /**
         * Inflates into {@link #outBuf}; damaged data is an IOException saying where in the stream
         * the inflater stopped: {@code inputEnd}, the offset just past the input it was given, less
         * what it left unused.
         */
        private int inflate(long inputEnd) throws IOException {
            try {
                return inflater.inflate(outBuf);
            } catch (DataFormatException e) {
                throw new IOException("inflate: the " + format + " stream's compressed data is damaged at byte " + (inputEnd - inflater.getRemaining()) + " ("
                                + e.getMessage() + ")", e);
            }
        }

        /** The length of the gzip header at {@code b[at..end)}, or -1 if it has not all arrived; IOException if it is not one. */
        private int gzipHeader(byte[] b, int at, int end) throws IOException {
            if (end - at < 10) {
                return -1;
            }
            if ((b[at] & 0xFF) != 0x1f || (b[at + 1] & 0xFF) != 0x8b) {
                throw new IOException("inflate: the stream is not gzip: byte " + offset + " is not the start of a gzip member (format=zlib or format=raw"
                                + " for the others)");
            }
            if (b[at + 2] != 8) {
                throw new IOException("inflate: the gzip member at byte " + offset + " uses compression method " + b[at + 2] + ", not deflate");
            }
            int flags = b[at + 3] & 0xFF;
            int p = at + 10;
            if ((flags & 4) != 0) {
                if (end - p < 2) {
                    return -1;
                }
                p += 2 + ((b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8);
            }
            for (int bit : new int[] {8, 16}) {
                if ((flags & bit) != 0) {
                    while (p < end && b[p] != 0) {
                        p++;
                    }
                    if (p >= end) {
                        return -1;
                    }
                    p++;
                }
            }
            if ((flags & 2) != 0) {
                p += 2;
            }
            return p > end ? -1 : p - at;
        }

        private static long le32(byte[] b, int at) {
            return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
        }

        @Override
        protected void finish(Outlet out) throws Exception {
            if (writer == null) {
                writer = new WaterWriter(out, 0, false);
            }
            // What the inflater still held, and a trailer that came with the last bytes: then the stream must be whole.
            consume();
            if (inMember || !gzip && !inflater.finished() && offset > 0 || pendingLength > 0) {
                throw new IOException("inflate: the " + format + " stream ends early, at byte " + (offset + pendingLength) + ", in the middle of "
                                + (inMember || !gzip ? "its compressed data" : "a gzip header"));
            }
            writer.flush();
        }

        @Override
        protected void close() {
            inflater.end();
        }
    }
}
