/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

/**
 * The byte layout of the TCP data plane's streams ({@link TcpDataPlane}), the one definition its
 * ends and the tests share. One connection joins a pair of nodes and carries every TCP reservoir
 * between them, each as a channel with its own credits. Little-endian:
 *
 * <pre>
 * hello    dialer -> acceptor:  u32 MAGIC, u32 VERSION, u16 n, n bytes: the dialing node's name (UTF-8),
 *                               NONCE bytes: the dialer's fresh random value for this connection
 * welcome  acceptor -> dialer:  u32 MAGIC, u32 status, u16 n, n bytes: status 0: the accepting node's name, then
 *                               NONCE bytes, the acceptor's fresh value; else why it refused (UTF-8), and nothing more
 * frame    either way:          u8 type, u8 kind, u16 0, u32 channel, u32 value, then a payload for some types
 *   OPEN      producer -> consumer: opens channel "channel" (numbered by the producer's node, per connection
 *             and direction); value payload bytes: u32 window, u32 waterSize, u32 epoch, u16 n, n bytes
 *             reservoir name, u16 r, r bytes river name (r = 0 and epoch 0: no river, an end outside any),
 *             u8 p, p bytes: the proof of the attempt's key (TcpProtocol.openProof; p = 0: none, an end
 *             outside any river)
 *   ACCEPT    consumer -> producer: the channel is open; value payload bytes: u32 the first credits (its
 *             exclusive buffers), u8 p, p bytes: the consumer's proof of the key (TcpProtocol.acceptProof)
 *   REFUSE    consumer -> producer: the channel is refused; value payload bytes: why (UTF-8)
 *   DATA      producer -> consumer: one Water of Water kind "kind", value bytes follow; spends a credit
 *   END       producer -> consumer: End of River
 *   FAILED    producer -> consumer: the producer failed; value bytes of its cause (UTF-8, at most
 *             {@link tigris.ProducerEnd#MAX_CAUSE_BYTES}) follow; nothing follows on the channel
 *   CREDIT    consumer -> producer: value more buffers are free for the channel
 *   CANCEL    consumer -> producer: the consumer's end went away; value payload bytes: why (UTF-8)
 *   HEARTBEAT either way, channel 0:  nothing to say; the peer is alive
 * </pre>
 *
 * The proofs make a stranger's OPEN fail (it holds no key) and an OPEN or ACCEPT seen on one
 * connection worthless on another (its fresh values differ).
 *
 * A frame's channel is always the producer's number: DATA, END, FAILED and OPEN address the
 * consumer's side, the others the producer's, so both nodes of a pair may produce on one connection.
 */
public final class TcpWireDescriptor {
    /** "TGRS" read as a little-endian u32. */
    public static final int MAGIC = 0x53524754;
    /**
     * 6: both nodes' fresh values in the hello and welcome, the attempt key's proofs in OPEN and
     * ACCEPT (5: one connection per pair of nodes, reservoirs multiplexed as channels; 4: the river
     * attempt in the hello; 3: the FAILED frame; 2: the Water's kind in the frame header).
     */
    public static final int VERSION = 6;
    /** Bytes of each side's fresh value for a connection. */
    public static final int NONCE = 16;
    /** Bytes of a hello before the node's name. */
    public static final int HELLO_FIXED = 10;
    /** Bytes of a welcome before the name or message. */
    public static final int WELCOME_FIXED = 10;

    /** Bytes of a frame's header, before its payload. */
    public static final int FRAME_HEADER = 12;
    /** Where in a frame's header its type is (u8: {@link #OPEN} to {@link #HEARTBEAT}). */
    public static final int FRAME_TYPE_OFFSET = 0;
    /** Where in a frame's header the Water's kind is (u8; a DATA frame's, 0 in the others). */
    public static final int FRAME_KIND_OFFSET = 1;
    /** Where in a frame's header the channel is (u32): the producer's number for it. */
    public static final int FRAME_CHANNEL_OFFSET = 4;
    /** Where in a frame's header its value is (u32): payload bytes, or the credits of a CREDIT. */
    public static final int FRAME_VALUE_OFFSET = 8;

    /** Bytes of an OPEN payload's signed part besides the reservoir's and the river's names (the proof, u8 p and p bytes, follows it). */
    public static final int OPEN_FIXED = 16;

    /** Frame type: the producer opens a channel for a reservoir (producer to consumer). */
    public static final byte OPEN = 1;
    /** Frame type: the consumer's node accepts a channel, with its first credits. */
    public static final byte ACCEPT = 2;
    /** Frame type: the consumer's node refuses a channel, saying why. */
    public static final byte REFUSE = 3;
    /** Frame type: one Water, its bytes the payload; spends a credit. */
    public static final byte DATA = 4;
    /** Frame type: End of River on the channel. */
    public static final byte END = 5;
    /** Frame type: the producer failed, its cause the payload; the channel's last frame. */
    public static final byte FAILED = 6;
    /** Frame type: credits back to the producer, as many as its value. */
    public static final byte CREDIT = 7;
    /** Frame type: the consumer's end went away, saying why. */
    public static final byte CANCEL = 8;
    /** Frame type: nothing to say, on channel 0: the sender is alive. */
    public static final byte HEARTBEAT = 9;

    private TcpWireDescriptor() {
    }
}
