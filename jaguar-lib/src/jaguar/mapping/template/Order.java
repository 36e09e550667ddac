package jaguar.mapping.template;

/** Memory ordering of an access, with the meaning of the same-named {@code VarHandle} modes. */
public enum Order {
    PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE;

    static Order parse(String s) {
        for (Order o : values()) {
            if (o.name().equalsIgnoreCase(s)) {
                return o;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
