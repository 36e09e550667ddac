/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.pso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOField;
import jaguar.pso.PSOFieldType;
import jaguar.pso.PSOLayout;

/** Plain field reads and writes of PSO subclasses go to the container, in the documented layout. */
class PSOFieldTest {
    private final OffHeapBuffer buffer = OffHeapBuffer.allocate(4096);
    private final PSOContainer c = PSOContainer.format(buffer);

    @AfterEach
    void close() {
        buffer.close();
    }

    public static class AllTypes extends PSO {
        public boolean z;
        public byte b;
        public char c;
        public short s;
        public int i;
        public float f;
        public long j;
        public double d;
    }

    public static class Base extends PSO {
        public int a;
    }

    public static class Derived extends Base {
        public long wide;
        public byte small;
        public Base link;
    }

    public static class Mixed extends PSO {
        static int counter;
        public transient int notLaidOut;
        public String name;
        public int[] heapArray;
        public int laidOut = 7;
        private short secret;

        public Mixed() {
            counter++;
            secret = 11;
        }

        short secret() {
            return secret;
        }
    }

    /** A final Java field keeps the constructor whole (allocation hands off through a thread-local). */
    public static class WithFinal extends PSO {
        public final transient String tag = "t" + counter();
        public int n = 3;

        static String counter() {
            return "!";
        }
    }

    public static class InitChild extends Mixed {
        public int child = laidOut * 2;
    }

    public static class WithArgs extends PSO {
        public int value;

        public WithArgs(int value) {
            this.value = value;
        }
    }

    /** A no-argument constructor whose body throws when told to. */
    public static class Refusing extends PSO {
        static boolean refuse;
        public long before = 5;

        public Refusing() {
            if (refuse) {
                throw new IllegalStateException("refused");
            }
        }
    }

    @Test
    void figure7LayoutIsCStructLike() {
        assertEquals(24, MyObject.getPSOSize(), "8-byte header, int@8, byte@12, ref@16, rounded to 8");
        PSOLayout l = PSO.layoutOf(MyObject.class);
        assertEquals(java.util.List.of(new PSOField("someInt", PSOFieldType.INT, 8, null), new PSOField("someByte", PSOFieldType.BYTE, 12, null),
                        new PSOField("someRef", PSOFieldType.REFERENCE, 16, MyObject.class.getName())), l.fields());
    }

    @Test
    void everyPrimitiveTypeRoundTripsThroughTheContainer() {
        AllTypes t = c.allocate(AllTypes.class);
        assertFalse(t.z);
        assertEquals(0, t.i);
        assertEquals(0.0, t.d);
        t.z = true;
        t.b = -5;
        t.c = '\uBEEF';
        t.s = -12345;
        t.i = 0x12345678;
        t.f = 1.5f;
        t.j = 0x0102030405060708L;
        t.d = -2.25;
        assertTrue(t.z);
        assertEquals(-5, t.b);
        assertEquals('\uBEEF', t.c);
        assertEquals(-12345, t.s);
        assertEquals(0x12345678, t.i);
        assertEquals(1.5f, t.f);
        assertEquals(0x0102030405060708L, t.j);
        assertEquals(-2.25, t.d);
        // Natural alignment: z@8 b@9 c@10 s@12 i@16 f@20 j@24 d@32, size 40.
        assertEquals(40, AllTypes.getPSOSize());
        long o = c.offsetInBuffer() + t.offset();
        assertEquals(1, buffer.getByte(o + 8));
        assertEquals(-5, buffer.getByte(o + 9));
        assertEquals('\uBEEF', buffer.getChar(o + 10, ByteOrder.LITTLE_ENDIAN));
        assertEquals(-12345, buffer.getShort(o + 12, ByteOrder.LITTLE_ENDIAN));
        assertEquals(0x12345678, buffer.getInt(o + 16, ByteOrder.LITTLE_ENDIAN));
        assertEquals(1.5f, buffer.getFloat(o + 20, ByteOrder.LITTLE_ENDIAN));
        assertEquals(0x0102030405060708L, buffer.getLong(o + 24, ByteOrder.LITTLE_ENDIAN));
        assertEquals(-2.25, buffer.getDouble(o + 32, ByteOrder.LITTLE_ENDIAN));
        // Header: fingerprint and size, little-endian.
        assertEquals(PSO.layoutOf(AllTypes.class).fingerprint(), buffer.getInt(o, ByteOrder.LITTLE_ENDIAN));
        assertEquals(40, buffer.getInt(o + 4, ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void compoundAssignmentsAndIncrementsWork() {
        AllTypes t = c.allocate(AllTypes.class);
        for (int k = 0; k < 10; k++) {
            t.i++;
            t.j += k;
            t.d *= 2;
        }
        assertEquals(10, t.i);
        assertEquals(45, t.j);
    }

    @Test
    void subclassFieldsFollowTheSuperclassFields() {
        Derived d = c.allocate(Derived.class);
        d.a = 3;
        d.wide = -1;
        d.small = 9;
        Base asBase = d;
        assertEquals(3, asBase.a);
        // a@8, wide@16, small@24, link@28 -> 32
        assertEquals(32, Derived.getPSOSize());
        assertEquals(16, Base.getPSOSize());
        assertEquals(-1L, buffer.getLong(c.offsetInBuffer() + d.offset() + 16, ByteOrder.LITTLE_ENDIAN));
        assertEquals(9, buffer.getByte(c.offsetInBuffer() + d.offset() + 24));
    }

    @Test
    void transientStaticArrayAndNonPsoFieldsStayJavaFields() throws Exception {
        Mixed m = c.allocate(Mixed.class);
        assertEquals(7, m.laidOut, "field initializer ran and wrote into the container");
        assertEquals(11, m.secret(), "a private field, written by the constructor");
        assertEquals(1, Mixed.counter);
        m.notLaidOut = 5;
        m.name = "x";
        m.heapArray = new int[]{1};
        assertEquals(5, m.notLaidOut);
        assertEquals("x", m.name);
        // Only laidOut and secret are in the bytes: header 8, int@8, short@12 -> 16.
        assertEquals(16, Mixed.getPSOSize());
        assertEquals(Arrays.asList("laidOut", "secret"), PSO.layoutOf(Mixed.class).fields().stream().map(PSOField::name).toList());
        // The Java field of a laid-out primitive is gone; reflection cannot bypass the container.
        assertThrows(NoSuchFieldException.class, () -> Mixed.class.getField("laidOut"));
        assertEquals(int.class, Mixed.class.getField("notLaidOut").getType());
    }

    @Test
    void everyConstructorShapeRunsItsBodyOnce() {
        int before = Mixed.counter;
        InitChild ic = c.allocate(InitChild.class);
        assertEquals(before + 1, Mixed.counter, "the superclass body ran once");
        assertEquals(14, ic.child, "the subclass body ran after the superclass's");
        assertEquals(11, ic.secret());
        WithFinal wf = c.allocate(WithFinal.class);
        assertEquals("t!", wf.tag);
        assertEquals(3, wf.n);
    }

    @Test
    void allocateWithASupplierRunsThatConstructor() {
        WithArgs w = c.allocate(WithArgs.class, () -> new WithArgs(42));
        assertEquals(42, w.value);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.allocate(WithArgs.class));
        assertTrue(e.getMessage().contains("no no-argument constructor"), e.getMessage());
    }

    /**
     * {@code allocate(T.class, T::new)} becomes {@code $pso$new} only where T has one and the
     * supplier makes a T. A class whose constructor stays whole keeps the supplier path and works;
     * a subclass's constructor under the superclass's literal keeps it too, and is refused as
     * before (rewritten, it would have made a superclass object without a word).
     */
    @Test
    void supplierAllocationsThatCannotBeRewrittenKeepTheirMeaning() {
        WithFinal wf = c.allocate(WithFinal.class, WithFinal::new);
        assertEquals("t!", wf.tag);
        assertEquals(3, wf.n);
        long used = c.used();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.allocate(Mixed.class, InitChild::new));
        assertTrue(e.getMessage().contains("constructed a " + InitChild.class.getName()), e.getMessage());
        assertEquals(used, c.used(), "the space was given back");
    }

    @Test
    void newOutsideAContainerIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, MyObject::new);
        assertTrue(e.getMessage().contains("container.allocate(MyObject.class)"), e.getMessage());
        // A supplier that builds something else is caught, and the space is given back.
        long used = c.used();
        assertThrows(IllegalStateException.class, () -> c.allocate(WithArgs.class, () -> null));
        assertEquals(used, c.used());
    }

    @Test
    void aThrowingConstructorGivesItsSpaceBack() {
        long used = c.used();
        assertThrows(ArithmeticException.class, () -> c.allocate(WithArgs.class, () -> new WithArgs(1 / (int) (used - used))));
        assertEquals(used, c.used());
        assertSame(c, c.allocate(MyObject.class).container());
    }

    /**
     * {@code allocate(Type.class)} and {@code allocate(Type.class, Type::new)} are rewritten to the
     * type's {@code $pso$new}, with its size and fingerprint as constants; a Class held in a
     * variable, or another supplier, takes the general path. All must place the same bytes over
     * dirty memory, run the body once, and give the space back when it throws.
     */
    @Test
    void allocationByClassConstantAndByClassValueAgree() {
        Class<Refusing> type = Refusing.class;
        buffer.fill(0, buffer.size(), (byte) 0x5A);
        PSOContainer dirty = PSOContainer.format(buffer);
        Refusing direct = dirty.allocate(Refusing.class);
        Refusing general = dirty.allocate(type);
        Refusing directSupplier = dirty.allocate(Refusing.class, Refusing::new);
        Supplier<Refusing> make = Refusing::new;
        Refusing generalSupplier = dirty.allocate(Refusing.class, make);
        int size = PSO.layoutOf(Refusing.class).size();
        assertEquals(16, size);
        for (Refusing r : new Refusing[] {direct, general, directSupplier, generalSupplier}) {
            assertEquals(5, r.before);
            assertEquals(PSO.layoutOf(Refusing.class).fingerprint(), buffer.getInt(r.offset(), ByteOrder.LITTLE_ENDIAN));
            assertEquals(size, buffer.getInt(r.offset() + 4, ByteOrder.LITTLE_ENDIAN));
            assertEquals(5, buffer.getLong(r.offset() + 8, ByteOrder.LITTLE_ENDIAN));
        }
        assertEquals(direct.offset() + size, general.offset());
        assertEquals(general.offset() + size, directSupplier.offset());
        assertEquals(directSupplier.offset() + size, generalSupplier.offset());

        long used = dirty.used();
        Refusing.refuse = true;
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> dirty.allocate(Refusing.class));
            assertEquals(used, dirty.used(), "the rewritten path gave the space back");
            assertTrue(calls(e, "$pso$new") && !calls(e, "allocate"), "allocate(Refusing.class) became Refusing.$pso$new");
            // A call wrapped onto its own line has a line number between the ldc and the call.
            e = assertThrows(IllegalStateException.class, () -> dirty
                            .allocate(Refusing.class));
            assertEquals(used, dirty.used());
            assertTrue(calls(e, "$pso$new") && !calls(e, "allocate"), "the wrapped call site is rewritten too");
            e = assertThrows(IllegalStateException.class, () -> dirty.allocate(type));
            assertEquals(used, dirty.used(), "the general path gave the space back");
            assertTrue(calls(e, "allocate") && !calls(e, "$pso$new"), "allocate(type) stays a call of allocate");
            e = assertThrows(IllegalStateException.class, () -> dirty.allocate(Refusing.class, Refusing::new));
            assertEquals(used, dirty.used());
            assertTrue(calls(e, "$pso$new") && !calls(e, "allocate"), "allocate(Refusing.class, Refusing::new) became $pso$new");
            e = assertThrows(IllegalStateException.class, () -> dirty.allocate(Refusing.class, () -> new Refusing()));
            assertEquals(used, dirty.used(), "the supplier path gave the space back");
            assertTrue(calls(e, "allocate") && !calls(e, "$pso$new"), "another supplier stays a call of allocate");
            e = assertThrows(IllegalStateException.class, () -> dirty.allocate(Refusing.class, make));
            assertEquals(used, dirty.used());
            assertTrue(calls(e, "allocate") && !calls(e, "$pso$new"), "a supplier in a variable stays a call of allocate");
            e = assertThrows(IllegalStateException.class, () -> dirty
                            .allocate(Refusing.class,
                                            Refusing::new));
            assertEquals(used, dirty.used());
            assertTrue(calls(e, "$pso$new") && !calls(e, "allocate"), "a supplier call wrapped over lines is rewritten too");
        } finally {
            Refusing.refuse = false;
        }
        assertEquals(used, dirty.allocate(Refusing.class).offset());
        // Fields with no initializer read zero, padding included, over the 0x5A bytes.
        Class<MyObject> myType = MyObject.class;
        for (MyObject o : new MyObject[] {dirty.allocate(MyObject.class), dirty.allocate(myType)}) {
            for (long i = 8; i < MyObject.getPSOSize(); i++) {
                assertEquals(0, buffer.getByte(o.offset() + i), "byte " + i);
            }
            assertNull(o.someRef);
        }
    }

    private static boolean calls(Throwable e, String method) {
        return Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getMethodName().equals(method));
    }

    @Test
    void allocationInAClosedContainerThrows() {
        OffHeapBuffer b = OffHeapBuffer.allocate(1024);
        PSOContainer closed = PSOContainer.format(b);
        b.close();
        assertThrows(IllegalStateException.class, () -> closed.allocate(MyObject.class));
    }

    @Test
    void fieldAccessAfterCloseThrowsInsteadOfCrashing() {
        OffHeapBuffer b = OffHeapBuffer.allocate(1024);
        MyObject o = PSOContainer.format(b).allocate(MyObject.class);
        o.someInt = 1;
        b.close();
        assertThrows(IllegalStateException.class, () -> o.someInt = 2);
        assertThrows(IllegalStateException.class, () -> System.out.println(o.someInt));
    }

    @Test
    void aConfinedContainerRefusesOtherThreads() throws Exception {
        MyObject o = c.allocate(MyObject.class);
        Throwable[] seen = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                o.someInt = 1;
            } catch (Throwable e) {
                seen[0] = e;
            }
        });
        t.start();
        t.join();
        assertTrue(seen[0] instanceof WrongThreadException, String.valueOf(seen[0]));
    }

    @Test
    void nullReceiverThrowsNullPointerException() {
        MyObject o = null;
        assertThrows(NullPointerException.class, () -> o.someInt = 1);
        assertNull(c.root(MyObject.class));
    }
}
